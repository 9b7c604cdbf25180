// What every `bdscript` command shares: the I/O it may use (`CliIO`), the exit codes, and a small
// strict argument parser. Unknown options are usage errors that name the option; nothing here
// touches `process`, so commands run the same in tests and in the real CLI.

/**
 * What a command's standard output is: text for a person (control and format characters shown
 * as `\x1b` or `\u{200B}`), JSON (kept as JSON's own `\u200b`, so it still parses) or HTML
 * (character references, `&#x200B;`).
 */
export type OutputKind = 'text' | 'json' | 'html';

/** Everything a command may use of its environment. */
export interface CliIO {
  /** Text for a person. */
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  /**
   * Output in a machine format. The CLI's last guard escapes what is left raw the way that format
   * does; without it (a test's own io), the text goes to `stdout` as it is.
   */
  stdoutAs?: (kind: OutputKind, s: string) => void;
  cwd: string;
  env: Record<string, string | undefined>;
  /**
   * Stops long-running commands (`catalog serve`) when aborted. Without it, such a command stops
   * on SIGINT or SIGTERM of the process.
   */
  signal?: AbortSignal;
  /**
   * Called by `check` once its start-up is done (the catalog loaded and decoded), before the
   * first file: the launcher sets the V8 flags meant for the checking then (server/bin/bdscript).
   */
  startedUp?: () => void;
}

/** Writes `text` to standard output as output of `kind` (see `CliIO.stdoutAs`). */
export function print(io: CliIO, kind: OutputKind, text: string): void {
  if (io.stdoutAs) io.stdoutAs(kind, text);
  else io.stdout(text);
}

/** Exit codes: 0 success, 1 the command ran and failed (or found problems), 2 usage or I/O error. */
export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

/** A mistake in how a command was called; main prints it with a pointer to `--help`. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export type OptionType = 'string' | 'boolean' | 'number';

export interface OptionSpec {
  readonly type: OptionType;
  /** A one-letter alias without the dash (`h` for `-h`). */
  readonly short?: string;
  /** May be given more than once; the value is then an array. */
  readonly multiple?: boolean;
}

export interface ArgSpec {
  /** Long option names without dashes. `help` is always accepted. */
  readonly options: Readonly<Record<string, OptionSpec>>;
  /** How many positional arguments are allowed (default none). */
  readonly maxPositionals?: number;
}

export interface ParsedArgs {
  /** Option values by long name: string, number, true, or an array for `multiple`. */
  readonly values: Readonly<Record<string, string | number | boolean | Array<string | number>>>;
  readonly positionals: readonly string[];
  readonly help: boolean;
}

/**
 * Parses `--name value`, `--name=value`, `-x value`, boolean flags and `--` (everything after it
 * is positional). Throws UsageError for unknown options, missing or malformed values, a value
 * given to a flag, a repeated single option and too many positionals.
 */
export function parseArgs(argv: readonly string[], spec: ArgSpec): ParsedArgs {
  const options: Record<string, OptionSpec> = { help: { type: 'boolean', short: 'h' }, ...spec.options };
  const byShort = new Map<string, string>();
  for (const [name, o] of Object.entries(options)) if (o.short) byShort.set(o.short, name);
  const values: Record<string, string | number | boolean | Array<string | number>> = {};
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === undefined) break;
    if (arg === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith('-') || arg === '-') {
      positionals.push(arg);
      continue;
    }
    let name: string | undefined;
    let inline: string | undefined;
    if (arg.startsWith('--')) {
      const eq = arg.indexOf('=');
      name = eq < 0 ? arg.slice(2) : arg.slice(2, eq);
      inline = eq < 0 ? undefined : arg.slice(eq + 1);
      if (!Object.hasOwn(options, name)) throw new UsageError(`unknown option --${name}`);
    } else {
      if (arg.length !== 2) throw new UsageError(`unknown option ${arg}`);
      name = byShort.get(arg.slice(1));
      if (!name) throw new UsageError(`unknown option ${arg}`);
    }
    const o = options[name];
    if (!o) throw new UsageError(`unknown option ${arg}`);
    const shown = arg.startsWith('--') ? `--${name}` : arg;
    let value: string | number | boolean;
    if (o.type === 'boolean') {
      if (inline !== undefined) throw new UsageError(`option ${shown} takes no value`);
      value = true;
    } else {
      let text = inline;
      if (text === undefined) {
        text = argv[++i];
        if (text === undefined) throw new UsageError(`option ${shown} needs a value`);
      }
      if (o.type === 'number') {
        const n = Number(text);
        if (text.trim() === '' || !Number.isFinite(n))
          throw new UsageError(`option ${shown} needs a number, not "${text}"`);
        value = n;
      } else {
        value = text;
      }
    }
    if (o.multiple && typeof value !== 'boolean') {
      const prev = values[name];
      values[name] = Array.isArray(prev) ? [...prev, value] : [value];
    } else {
      if (Object.hasOwn(values, name)) throw new UsageError(`option ${shown} given more than once`);
      values[name] = value;
    }
  }
  const help = values['help'] === true;
  if (!help && positionals.length > (spec.maxPositionals ?? 0)) {
    throw new UsageError(`unexpected argument "${positionals[spec.maxPositionals ?? 0]}"`);
  }
  return { values, positionals, help };
}

/** A string option's value, if given. */
export function stringOpt(args: ParsedArgs, name: string): string | undefined {
  const v = args.values[name];
  return typeof v === 'string' ? v : undefined;
}

/** A number option's value, if given. */
export function numberOpt(args: ParsedArgs, name: string): number | undefined {
  const v = args.values[name];
  return typeof v === 'number' ? v : undefined;
}

/** Whether a boolean flag was given. */
export function flag(args: ParsedArgs, name: string): boolean {
  return args.values[name] === true;
}
