// The realistic document generator: deterministic BDScript of a requested size or line count,
// built from a Catalog's real records (right argument counts, plausible literals per type,
// nested calls, blocks also inside arguments, escapes, comments, emoji, multi-line arguments,
// an optional trigger line). Benchmarks and property tests use it so they measure and exercise
// the real path, where diagnostics are mostly clean, and not only error reporting.

import type { Catalog } from '../../server/src/core/catalog/catalog';
import type {
  Argument,
  CallbackRecord,
  CatalogRecord,
  FunctionRecord,
  KnownArgType,
} from '../../server/src/core/catalog/model';

/** A small, fast, seeded PRNG (mulberry32): the same seed always gives the same sequence. */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0 || 0x9e3779b9;
  }

  /** A float in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [lo, hi] (both inclusive). */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.next() * list.length)]!;
  }
}

export interface GenerateOptions {
  /** PRNG seed; the same seed, options and catalog give the same text. Default 1. */
  readonly seed?: number;
  /** Stop once the text is at least this many UTF-16 code units long (one statement more at most). */
  readonly size?: number;
  /** Stop once the text has at least this many lines. */
  readonly lines?: number;
  /** Start with a trigger line (a callback call). Default: decided by the seed, one time in three. */
  readonly trigger?: boolean;
  /** Deepest nesting of calls inside arguments. Default 3. */
  readonly maxDepth?: number;
  /**
   * Also use functions that diagnostics flag by design (premium, deprecated, intents). Default
   * false, so the generated code is clean and measures the real path.
   */
  readonly flagged?: boolean;
  /** Line ending. Default `\n`. */
  readonly eol?: '\n' | '\r\n' | '\r';
}

/** Functions that generated code uses often, as real commands do (names only; absent ones are skipped). */
const COMMON_NAMES = [
  '$title',
  '$description',
  '$color',
  '$footer',
  '$thumbnail',
  '$addField',
  '$username',
  '$authorID',
  '$getUserVar',
  '$setUserVar',
  '$getServerVar',
  '$setServerVar',
  '$sum',
  '$sub',
  '$multi',
  '$divide',
  '$random',
  '$onlyIf',
  '$argsCheck',
  '$message',
  '$mentioned',
  '$nomention',
  '$sendMessage',
  '$channelSendMessage',
  '$addButton',
  '$jsonParse',
  '$json',
  '$channelID',
  '$guildID',
  '$image',
  '$author',
  '$authorIcon',
  '$footerIcon',
  '$addTimestamp',
  '$replaceText',
  '$checkContains',
  '$toLowercase',
  '$toUppercase',
  '$findUser',
  '$userAvatar',
  '$serverName',
  '$cooldown',
  '$onlyPerms',
  '$reply',
  '$addReactions',
  '$round',
  '$isNumber',
  '$roleID',
  '$channelName',
  '$splitText',
  '$textSplit',
  '$getTextSplitLength',
  '$httpGet',
  '$httpResult',
  '$ping',
  '$date',
  '$var',
  '$stop',
  '$allowUserMentions',
  '$userExists',
  '$nickname',
  '$commandName',
  '$messageID',
  '$ignoreLinks',
];

/** Names the generator places itself (blocks, comments) or never uses (they change the language's rules). */
const RESERVED_NAMES = new Set([
  '$if',
  '$elseif',
  '$else',
  '$endif',
  '$try',
  '$catch',
  '$endtry',
  '$async',
  '$endasync',
  '$await',
  '$error',
  '$c',
  '$disableSpecialEscaping',
  '$and',
  '$or',
]);

/** Permission names as BDFD spells them (facts from the wiki's examples and permission list). */
const PERMISSIONS = [
  'admin',
  'managemessages',
  'manageroles',
  'managechannels',
  'kick',
  'ban',
  'managenicknames',
  'manageserver',
];

const WORDS = [
  'hello',
  'welcome',
  'coins',
  'level',
  'daily',
  'reward',
  'shop',
  'balance',
  'ticket',
  'server',
  'member',
  'score',
  'rank',
  'profile',
  'bank',
  'inventory',
  'quest',
  'timer',
  'message',
  'count',
  'points',
  'winner',
  'giveaway',
  'status',
  'online',
  'ready',
  'done',
  'error',
  'help',
  'menu',
];

const VAR_NAMES = ['coins', 'xp', 'level', 'warns', 'bank', 'streak', 'prefix', 'lastDaily', 'tickets'];
const OPERATORS = ['==', '!=', '>', '<', '>=', '<='];
const DURATION_UNITS = ['s', 'm', 'h', 'd', 'w'];

/** What the generator derives from a catalog once: eligible records and emoji lists. */
interface Pools {
  readonly all: readonly FunctionRecord[];
  readonly common: readonly FunctionRecord[];
  /** Bare forms whose names end in `ID`: plausible values for Snowflake arguments. */
  readonly ids: readonly FunctionRecord[];
  /** Records with at most two arguments: what real code nests most. */
  readonly small: readonly FunctionRecord[];
  readonly triggers: readonly CallbackRecord[];
  readonly emoji: readonly string[];
  readonly aliases: readonly string[];
  readonly has: (name: string) => boolean;
}

const poolCache = new WeakMap<Catalog, { clean: Pools; flagged: Pools }>();

/** JSON texts for `$jsonParse`, as BDScript writes them (`]` escaped). */
const JSON_TEXTS = [
  '{}',
  '{"name": "value", "count": 3}',
  '{"list": ["a", "b"\\], "nested": {"ok": true, "n": -1.5e2}}',
  '[1, 2, 3\\]',
];

function poolsFor(catalog: Catalog, flagged: boolean): Pools {
  let cached = poolCache.get(catalog);
  if (!cached) {
    cached = { clean: buildPools(catalog, false), flagged: buildPools(catalog, true) };
    poolCache.set(catalog, cached);
  }
  return flagged ? cached.flagged : cached.clean;
}

function buildPools(catalog: Catalog, flagged: boolean): Pools {
  const callbackNames = new Set(catalog.callbacks.records.map((r) => r.name));
  const all = catalog.functions.records.filter(
    (r) =>
      !RESERVED_NAMES.has(r.name) &&
      !callbackNames.has(r.name) &&
      usableArguments(r) &&
      (flagged || (!r.premium && !r.deprecated && r.intents === 0)),
  );
  const byName = new Map<string, FunctionRecord[]>();
  for (const r of all) {
    const list = byName.get(r.name);
    if (list) list.push(r);
    else byName.set(r.name, [r]);
  }
  const common = COMMON_NAMES.flatMap((n) => byName.get(n) ?? []);
  const ids = all.filter((r) => !r.bracketed && /ID$/.test(r.name));
  const small = all.filter((r) => !r.bracketed || (r.arguments !== null && r.arguments.length <= 2));
  const triggers = catalog.callbacks.records.filter((r) => flagged || (!r.premium && r.intents === 0));
  const emoji: string[] = [];
  const aliases: string[] = [];
  for (const [e, list] of Object.entries(catalog.data.emoji)) {
    emoji.push(e);
    for (const a of list) aliases.push(a);
  }
  return {
    all,
    common: common.length > 0 ? common : all,
    ids,
    small: small.length > 0 ? small : all,
    triggers,
    emoji: emoji.length > 0 ? emoji : ['👍', '✅', '🎉'],
    aliases,
    has: (name) => byName.has(name),
  };
}

/** A record the generator can always call correctly: every argument has a name-independent shape. */
function usableArguments(r: CatalogRecord): boolean {
  if (!r.arguments) return true;
  return r.arguments.every((a) => a.type !== 'Tuple' || (a.tupleTypes !== undefined && a.tupleTypes.length > 0));
}

/** Where select functions take Min and Max, and `$addTextInput` its lengths: argument indexes. */
const MIN_MAX: ReadonlyMap<string, readonly [number, number, number]> = new Map([
  ['$newSelectMenu', [1, 2, 25]],
  ['$editSelectMenu', [1, 2, 25]],
  ['$addStringSelect', [2, 3, 25]],
  ['$addUserSelect', [2, 3, 25]],
  ['$addRoleSelect', [2, 3, 25]],
  ['$addMentionableSelect', [2, 3, 25]],
  ['$addChannelSelect', [2, 3, 25]],
  ['$addTextInput', [3, 4, 4000]],
]);

/** The `(Index)` argument of the embed functions. */
const EMBED_INDEX_ARGUMENT: ReadonlyMap<string, number> = new Map([
  ...[
    '$title',
    '$description',
    '$color',
    '$footer',
    '$footerIcon',
    '$author',
    '$authorIcon',
    '$authorURL',
    '$image',
    '$thumbnail',
    '$embeddedURL',
  ].map((n): [string, number] => [n, 1]),
  ['$addField', 3],
  ['$addTimestamp', 0],
]);

/**
 * Literals that the run-time rules judge beyond their type get values that pass them, decided
 * from the values already drawn (like `$jsonParse`'s text), so every other choice of a seed stays
 * as it was: `$roleGrant` roles get their `+`, literal Min and Max lie within Discord's range in
 * order, a literal text input value leaves its lengths unset, and embed indexes stay within 1 to 10.
 */
function fitRunTimeRules(name: string, values: string[]): void {
  // A message holds at most 10 embeds: an embed function's literal index stays within 1 to 10.
  const index = EMBED_INDEX_ARGUMENT.get(name);
  if (index !== undefined && values[index] !== undefined && /^\d+$/.test(values[index])) {
    values[index] = String(((Number(values[index]) + 9) % 10) + 1);
    return;
  }
  if (name === '$roleGrant') {
    for (let i = 1; i < values.length; i++) if (/^\d/.test(values[i]!)) values[i] = `+${values[i]!}`;
    return;
  }
  const at = MIN_MAX.get(name);
  if (!at) return;
  const [lo, hi, most] = at;
  const integer = (v: string | undefined): boolean => v !== undefined && /^\d+$/.test(v);
  if (integer(values[lo])) values[lo] = String(Number(values[lo]) % (most + 1));
  if (integer(values[hi])) values[hi] = String(Math.max(1, Number(values[hi]) % (most + 1)));
  if (integer(values[lo]) && integer(values[hi]) && Number(values[lo]) > Number(values[hi]))
    [values[lo], values[hi]] = [values[hi]!, values[lo]!];
  if (name === '$addTextInput' && values[6] !== undefined && values[6] !== '') {
    if (values[lo] !== undefined) values[lo] = '';
    if (values[hi] !== undefined) values[hi] = '';
  }
}

/** Builds one document. */
class Writer {
  private readonly parts: string[] = [];
  private length = 0;
  /** Line endings written so far. */
  private lineCount = 0;
  private asyncCounter = 0;
  private readonly pendingAwaits: string[] = [];

  constructor(
    private readonly rng: Rng,
    private readonly pools: Pools,
    private readonly eol: string,
    private readonly maxDepth: number,
  ) {}

  get size(): number {
    return this.length;
  }

  get lines(): number {
    return this.lineCount;
  }

  text(): string {
    return this.parts.join('');
  }

  /** Appends a line (statement text plus line ending); `\n` inside the statement follows `eol` too. */
  line(statement: string): void {
    let breaks = 1;
    for (let i = statement.indexOf('\n'); i >= 0; i = statement.indexOf('\n', i + 1)) breaks++;
    const s = this.eol === '\n' ? statement : statement.split('\n').join(this.eol);
    this.parts.push(s, this.eol);
    this.length += s.length + this.eol.length;
    this.lineCount += breaks;
  }

  trigger(): void {
    const record = this.rng.pick(this.pools.triggers);
    this.line(this.call(record, this.maxDepth));
  }

  /** One top-level statement: a call line, a text line, a block, a comment or a blank line. */
  statement(blockDepth: number): void {
    const r = this.rng.next();
    if (r < 0.4) this.line(this.callLine());
    else if (r < 0.62) this.line(this.textLine(0));
    else if (r < 0.68 && blockDepth < 2) this.ifBlock(blockDepth);
    else if (r < 0.71 && blockDepth < 2) this.tryBlock(blockDepth);
    else if (r < 0.73 && blockDepth < 2) this.asyncBlock(blockDepth);
    else if (r < 0.78) this.line(this.varLine());
    else if (r < 0.84) this.line(`$c[${this.commentText()}]`);
    else if (r < 0.88) this.line('');
    else if (r < 0.92 && this.pendingAwaits.length > 0) this.line(`$await[${this.pendingAwaits.shift()!}]`);
    else this.line(this.embedGroup());
  }

  private callLine(): string {
    const record = this.rng.chance(0.5) ? this.rng.pick(this.pools.common) : this.rng.pick(this.pools.all);
    let s = this.call(record, 0);
    if (this.rng.chance(0.12)) s += ` $c[${this.commentText()}]`;
    return s;
  }

  private embedGroup(): string {
    const lines: string[] = [];
    for (const name of ['$title', '$description', '$color', '$footer', '$thumbnail']) {
      const record = this.pools.all.find((r) => r.name === name && r.bracketed);
      if (record && this.rng.chance(0.8)) lines.push(this.call(record, 0));
    }
    return lines.length > 0 ? lines.join('\n') : this.textLine(0);
  }

  private ifBlock(blockDepth: number): void {
    this.line(`$if[${this.condition(1)}]`);
    this.body(blockDepth + 1);
    const elseifs = this.rng.chance(0.3) ? this.rng.int(1, 2) : 0;
    for (let k = 0; k < elseifs; k++) {
      this.line(`$elseif[${this.condition(1)}]`);
      this.body(blockDepth + 1);
    }
    if (this.rng.chance(0.6)) {
      this.line('$else');
      this.body(blockDepth + 1);
    }
    this.line('$endif');
  }

  private tryBlock(blockDepth: number): void {
    this.line('$try');
    this.body(blockDepth + 1);
    this.line('$catch');
    this.line(`Something went wrong: $error[${this.rng.pick(['message', 'source', 'command', 'row', 'column'])}]`);
    this.line('$endtry');
  }

  private asyncBlock(blockDepth: number): void {
    const name = `task${++this.asyncCounter}`;
    this.line(`$async[${name}]`);
    this.body(blockDepth + 1);
    this.line('$endasync');
    this.pendingAwaits.push(name);
  }

  private body(blockDepth: number): void {
    const n = this.rng.int(1, 4);
    for (let k = 0; k < n; k++) this.statement(blockDepth);
  }

  private varLine(): string {
    const name = this.rng.pick(VAR_NAMES);
    if (!this.pools.has('$var')) return this.textLine(0);
    return this.rng.chance(0.5) ? `$var[${name};${this.stringValue(1, true)}]` : `Your ${name}: $var[${name}]`;
  }

  /** A reply line: words, calls, mentions, emoji, markdown and escapes at top level. */
  private textLine(depth: number): string {
    const pieces: string[] = [];
    const n = this.rng.int(2, 8);
    for (let k = 0; k < n; k++) {
      const r = this.rng.next();
      if (r < 0.45) pieces.push(this.rng.pick(WORDS));
      else if (r < 0.65) pieces.push(this.nestedCall(depth + 1));
      else if (r < 0.72) pieces.push(`<@${this.snowflakeValue(depth + 1)}>`);
      else if (r < 0.8) pieces.push(this.emojiValue());
      else if (r < 0.85) pieces.push(`**${this.rng.pick(WORDS)}**`);
      else if (r < 0.89) pieces.push(`[${this.rng.pick(WORDS)}](https://example.com/${this.rng.pick(WORDS)})`);
      else if (r < 0.93) pieces.push(`${this.rng.pick(WORDS)}\\;`);
      else if (r < 0.96) pieces.push(`${this.rng.int(1, 999)}%`);
      else pieces.push(`:${this.rng.pick(WORDS)}`);
    }
    return pieces.join(' ');
  }

  private commentText(): string {
    const words: string[] = [];
    const n = this.rng.int(1, 6);
    for (let k = 0; k < n; k++) words.push(this.rng.pick(WORDS));
    if (this.rng.chance(0.2)) words.push('$notRun[x;y\\]');
    if (this.rng.chance(0.1)) words.push('a \\] b');
    return words.join(' ');
  }

  /** A condition for `$if`/`$onlyIf`: two operands and an operator, sometimes combined. */
  private condition(depth: number): string {
    const operand = (): string => {
      const r = this.rng.next();
      if (r < 0.5) return this.nestedCall(depth + 1);
      if (r < 0.75) return String(this.rng.int(0, 100));
      return this.rng.pick(WORDS);
    };
    return `${operand()}${this.rng.pick(OPERATORS)}${operand()}`;
  }

  /** A call of any fitting record at `depth` (calls never nest deeper than maxDepth). */
  private nestedCall(depth: number): string {
    if (depth > this.maxDepth) return this.rng.pick(WORDS);
    const pool = this.rng.chance(0.6) ? this.pools.small : this.pools.all;
    return this.call(this.rng.pick(pool), depth);
  }

  /** `$name` or `$name[args]` with arguments that fit the record's parameters. */
  call(record: CatalogRecord, depth: number): string {
    const params = record.arguments;
    if (!params) return record.name;
    const values: string[] = [];
    let lastRequired = -1;
    for (let i = 0; i < params.length; i++) if (params[i]!.required) lastRequired = i;
    for (let i = 0; i < params.length; i++) {
      const p = params[i]!;
      // Parameters after the last required one form the optional tail: give a prefix of it.
      if (i > lastRequired && !this.rng.chance(0.45)) break;
      const times = p.repeatable ? this.rng.int(1, 3) : 1;
      for (let t = 0; t < times; t++) {
        if (p.tupleTypes && p.tupleTypes.length > 0) {
          for (const member of p.tupleTypes) values.push(this.argumentValue(member, depth + 1));
        } else {
          values.push(this.argumentValue(p, depth + 1));
        }
      }
    }
    // `$f[]` is one empty argument: give a value when the first parameter may not be empty.
    if (values.length === 0 && params.length > 0) {
      const first = params[0]!;
      values.push(first.empty ? '' : this.argumentValue(first, depth + 1));
    }
    // `$jsonParse` reads JSON: it gets a JSON text instead, chosen without drawing from the
    // generator, so every other choice of a seed stays as it was.
    if (record.name === '$jsonParse')
      return `${record.name}[${JSON_TEXTS[values.join(';').length % JSON_TEXTS.length]}]`;
    fitRunTimeRules(record.name, values);
    return `${record.name}[${values.join(';')}]`;
  }

  private argumentValue(p: Argument, depth: number): string {
    if (p.empty && this.rng.chance(0.1)) return '';
    const type = this.primaryType(p);
    // Values of any type may come from a call (not type-checked before run time).
    if (type !== 'String' && type !== 'Enum' && depth <= this.maxDepth && this.rng.chance(0.15)) {
      return this.typedCall(type, depth);
    }
    switch (type) {
      case 'Integer':
        return String(this.rng.int(1, 500));
      case 'Float':
        return `${this.rng.int(0, 99)}.${this.rng.int(0, 99)}`;
      case 'Snowflake':
        return this.snowflakeValue(depth);
      case 'Bool':
        return this.rng.pick(['yes', 'no', 'true', 'false']);
      case 'Color':
        return this.rng.chance(0.5) ? `#${this.hex(6)}` : this.hex(6);
      case 'Permission':
        return this.rng.pick(PERMISSIONS);
      case 'Duration':
        return `${this.rng.int(1, 60)}${this.rng.pick(DURATION_UNITS)}`;
      case 'HowMany':
        return this.rng.pick(['>1', '<5', '3', '>0', '>2']);
      case 'URL':
        return `https://example.com/${this.rng.pick(WORDS)}/${this.rng.int(1, 9999)}.png`;
      case 'Enum':
        return p.enumData && p.enumData.length > 0 ? this.rng.pick(p.enumData) : this.rng.pick(WORDS);
      case 'Emoji':
        return this.rng.chance(0.5) || this.pools.aliases.length === 0
          ? this.rng.pick(this.pools.emoji)
          : this.rng.pick(this.pools.aliases);
      default:
        return this.stringValue(depth, !p.empty);
    }
  }

  /** The type a literal for this argument should have: its first known type, else String. */
  private primaryType(p: Argument): KnownArgType {
    const types = p.types.filter((t) => t !== 'Tuple');
    if (types.length === 0) return 'String';
    if (types.includes('String') && this.rng.chance(0.5)) return 'String';
    return types[0]!;
  }

  private typedCall(type: KnownArgType, depth: number): string {
    if (type === 'Snowflake' && this.pools.ids.length > 0) return this.rng.pick(this.pools.ids).name;
    if ((type === 'Integer' || type === 'Float') && this.pools.has('$random')) {
      return `$random[${this.rng.int(1, 5)};${this.rng.int(6, 100)}]`;
    }
    return this.nestedCall(depth);
  }

  private snowflakeValue(depth: number): string {
    if (depth <= this.maxDepth && this.pools.ids.length > 0 && this.rng.chance(0.3))
      return this.rng.pick(this.pools.ids).name;
    let s = String(this.rng.int(1, 9));
    const n = this.rng.int(16, 18);
    while (s.length < n + 1) s += String(this.rng.int(0, 9));
    return s;
  }

  private emojiValue(): string {
    return this.rng.chance(0.6) || this.pools.aliases.length === 0
      ? this.rng.pick(this.pools.emoji)
      : this.rng.pick(this.pools.aliases);
  }

  private hex(n: number): string {
    let s = '';
    for (let k = 0; k < n; k++) s += '0123456789ABCDEF'[this.rng.int(0, 15)]!;
    return s;
  }

  /**
   * Text for a String argument: words with nested calls, escapes, emoji, markdown links whose
   * `]` is escaped, a block inside the argument now and then, and sometimes several lines.
   */
  private stringValue(depth: number, nonEmpty: boolean): string {
    const pieces: string[] = [];
    // Whether a piece with a value (not only blanks, line breaks or a comment) was written.
    let substantial = false;
    const n = this.rng.int(nonEmpty ? 1 : 0, 5);
    for (let k = 0; k < n; k++) {
      const r = this.rng.next();
      if (r < 0.82) substantial = true;
      if (r < 0.5) pieces.push(this.rng.pick(WORDS));
      else if (r < 0.68) pieces.push(this.nestedCall(depth));
      else if (r < 0.73) pieces.push(this.emojiValue());
      else if (r < 0.77)
        pieces.push(
          this.rng.pick(['a\\;b', 'x%{-SEMICOL-}%y', '100%ESCAPED%', '%{DOL}%5', 'back\\\\ slash', 'end\\]']),
        );
      else if (r < 0.8) pieces.push(`[${this.rng.pick(WORDS)}\\](https://example.com)`);
      else if (r < 0.82) pieces.push(depth <= this.maxDepth ? this.inlineBlock(depth) : this.rng.pick(WORDS));
      else if (r < 0.85) pieces.push(`\n${this.rng.pick(WORDS)} ${this.rng.pick(WORDS)}\n`);
      else if (r < 0.87) pieces.push(`$c[${this.rng.pick(WORDS)}]`);
      else {
        pieces.push(String(this.rng.int(0, 9999)));
        substantial = true;
      }
    }
    if (nonEmpty && !substantial) pieces.push(this.rng.pick(WORDS));
    return pieces.join(' ');
  }

  /** A block written inside an argument (BDScript 2). */
  private inlineBlock(depth: number): string {
    if (this.rng.chance(0.7)) {
      const elseBranch = this.rng.chance(0.6) ? `$else ${this.rng.pick(WORDS)} ` : '';
      return `$if[${this.condition(depth + 1)}] ${this.rng.pick(WORDS)} ${elseBranch}$endif`;
    }
    return `$try ${this.nestedCall(depth + 1)} $catch ${this.rng.pick(WORDS)} $endtry`;
  }
}

/**
 * Generates a BDScript document from a catalog. With neither `size` nor `lines` it makes one
 * typical command of 20 lines. The same seed, options and catalog always give the same text.
 */
export function generateDocument(catalog: Catalog, options: GenerateOptions = {}): string {
  const rng = new Rng(options.seed ?? 1);
  const pools = poolsFor(catalog, options.flagged ?? false);
  if (pools.all.length === 0) return '';
  const writer = new Writer(rng, pools, options.eol ?? '\n', options.maxDepth ?? 3);
  const wantsTrigger = options.trigger ?? rng.chance(1 / 3);
  if (wantsTrigger && pools.triggers.length > 0) writer.trigger();
  const size = options.size;
  const lines = options.lines ?? (size === undefined ? 20 : undefined);
  for (;;) {
    if (size !== undefined && writer.size >= size) break;
    if (lines !== undefined && writer.lines >= lines) break;
    writer.statement(0);
  }
  return writer.text();
}

/** A typical command of `lines` lines (200 by default), as the parser's latency target assumes. */
export function generateCommand(catalog: Catalog, seed = 1, lines = 200): string {
  return generateDocument(catalog, { seed, lines, trigger: false });
}

/** Sizes in bytes written the way benchmarks print them. */
export const KB = 1024;
export const MB = 1024 * 1024;

/**
 * Adversarial document shapes, each built from a count `n`: what a parser or feature with a
 * hidden quadratic step, a recursion or a per-line assumption would choke on. Benchmarks run
 * them at n = 100k, fuzzing compares n with k·n.
 */
export const ADVERSARIAL_SHAPES: Readonly<Record<string, (n: number, catalog?: Catalog) => string>> = {
  /** `n` calls nested in each other's first argument, all closed. */
  'nested calls': (n) => '$title['.repeat(n) + 'x' + ']'.repeat(n),
  /** `n` calls whose `[` is never closed, nested. */
  'unclosed [': (n) => '$title['.repeat(n),
  /** One call with `n` + 1 arguments. */
  'many ;': (n) => '$randomText[' + ';'.repeat(n) + ']',
  /** `n` `$if` blocks nested in each other's condition, never closed, then `n` `$endif`. */
  'nested $if': (n) => '$if['.repeat(n) + '$endif'.repeat(n),
  /** `n` reads of `n` variables nothing sets: a finding each, with its hints looked up. */
  'unset variables': (n) => Array.from({ length: n }, (_, k) => `$var[v${k}]`).join(' '),
  /** `n` `$error` calls inside `n` nested closed calls: scope walks from deep inside. */
  'deep $error': (n) => '$title['.repeat(n) + '$error[message]'.repeat(n) + ']'.repeat(n),
  /** `n` text `[` then `n` + 1 `]` at top level. */
  'text brackets': (n) => '['.repeat(n) + ']'.repeat(n + 1),
  /** `n` unknown names, each a finding: past the first 5,000 they are only counted. */
  'many findings': (n) => '$usernam '.repeat(n),
  /** The same inside one `[` never closed, so that one chunk holds them all. */
  'findings in one chunk': (n) => '$title[' + '$usernam '.repeat(n),
  /** Realistic code on one line of about `n` · 10 code units. */
  'one long line': (n, catalog) =>
    catalog
      ? generateDocument(catalog, { seed: 3, size: n * 10, trigger: false }).replace(/[\r\n]/g, ' ')
      : '$username '.repeat(n),
};
