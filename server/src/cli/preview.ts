// `bdscript preview FILE...`: the reply each command sends, as the message model reads it
// (core/preview/model.ts), for editors without the VS Code preview and for CI. JSON prints one
// object per file per line: the file, Discord's message object (pasteable into any Discord
// message tool), the `$if` blocks with the branch shown, and notes on what the preview leaves
// out. Text prints a short rendering for a terminal.

import { randomBytes } from 'node:crypto';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { defaultCacheDir } from '../catalog/cache';
import { jsonVisible, visible } from '../core/catalog/controlChars';
import { FULL_CLIENT } from '../core/features/types';
import { LanguageService } from '../core/languageService';
import { plainText } from '../core/preview/model';
import { previewAnswer } from '../core/features/answers';
import {
  ButtonStyle,
  ComponentType,
  type PreviewComponent,
  type PreviewMessage,
  type RichText,
} from '../protocol/preview';
import { normalizeSettings } from '../core/settings';
import { loadCatalog, readInput } from './check';
import { expandInputs, FOLDER_HELP } from './inputs';
import { EXIT_OK, EXIT_USAGE, UsageError, parseArgs, print, stringOpt, type ArgSpec, type CliIO } from './args';

const USAGE = [
  'Usage: bdscript preview [options] FILES|FOLDERS...',
  '',
  'Shows the reply each command sends: its content, embeds and components, read from the code',
  'without running it. What only the running bot knows ($username, $getVar[...], $random[...])',
  'is a placeholder in braces, e.g. {$username}; each $if block shows its first branch.',
  FOLDER_HELP,
  '',
  'Options:',
  '  --format json|text|html',
  '                       json: one line per file, {"file", "message", "branches", "notes"},',
  "                       where message is Discord's message object; html: a standalone page per",
  "                       file drawn like Discord's dark theme, markdown and all (its one script",
  '                       writes times in your locale and opens spoilers; no images loaded);',
  '                       text (default): a short rendering for a terminal, markdown as written',
  '  --catalog FILE       Read the catalog from a snapshot file',
  '  --cache-dir DIR      Catalog cache folder (default $XDG_CACHE_HOME/bdscript or ~/.cache/bdscript)',
  '',
  'Only local catalog sources are used; the network is never touched.',
  '',
  'Exit codes: 0 previewed, 2 usage or I/O error.',
].join('\n');

const SPEC: ArgSpec = {
  options: { format: { type: 'string' }, catalog: { type: 'string' }, 'cache-dir': { type: 'string' } },
  maxPositionals: Number.MAX_SAFE_INTEGER,
};

const STYLE_NAMES: Readonly<Record<number, string>> = {
  [ButtonStyle.Primary]: 'primary',
  [ButtonStyle.Secondary]: 'secondary',
  [ButtonStyle.Success]: 'success',
  [ButtonStyle.Danger]: 'danger',
  [ButtonStyle.Link]: 'link',
};

/** A rich text on one terminal line per line of it, placeholders in braces. */
function shown(t: RichText | undefined): string {
  return t ? visible(plainText(t)) : '';
}

function indent(lines: string, by: string): string {
  return lines
    .split('\n')
    .map((l) => by + l)
    .join('\n');
}

/**
 * A short rendering of a reply for a terminal (English, as all the command line's output; its
 * notes and branch labels come rendered by the service). `lineOf` gives the line of an offset,
 * so that each `$if` block and note says where it is.
 */
export function renderText(p: PreviewMessage, lineOf?: (offset: number) => number): string {
  const where = (offset: number | undefined): string =>
    lineOf && offset !== undefined ? `line ${lineOf(offset)}: ` : '';
  const out: string[] = [];
  if (p.ephemeral) out.push('(only the user who ran the command sees this reply)');
  if (p.content.parts.length > 0)
    out.push(
      plainText(p.content)
        .split('\n')
        .map((l) => visible(l))
        .join('\n'),
    );
  for (const e of p.embeds) {
    const head = [`embed ${e.index}`];
    if (typeof e.color === 'number') head.push(`#${e.color.toString(16).padStart(6, '0').toUpperCase()}`);
    else if (e.color === null) head.push('colour set when the command runs');
    out.push(`┌ ${head.join(' · ')}`);
    if (e.author) out.push(`│ ${shown(e.author.name)}`);
    if (e.title) out.push(`│ ** ${shown(e.title)} **${e.url ? ` (${shown(e.url)})` : ''}`);
    if (e.description)
      out.push(
        indent(
          plainText(e.description)
            .split('\n')
            .map((l) => visible(l))
            .join('\n'),
          '│ ',
        ),
      );
    for (const f of e.fields) out.push(`│ ${shown(f.name)}${f.inline ? ' (inline)' : ''}: ${shown(f.value)}`);
    if (e.thumbnail) out.push(`│ thumbnail ${shown(e.thumbnail.url)}`);
    if (e.image) out.push(`│ image ${shown(e.image.url)}`);
    if (e.footer || e.timestamp)
      out.push(
        `│ ${[e.footer ? shown(e.footer.text) : '', e.timestamp ? 'time of sending' : ''].filter((x) => x !== '').join(' · ')}`,
      );
    out.push('└');
  }
  const component = (c: PreviewComponent, depth: number): void => {
    const pad = '  '.repeat(depth);
    switch (c.type) {
      case ComponentType.ActionRow:
      case ComponentType.Container:
      case ComponentType.Section: {
        const name =
          c.type === ComponentType.ActionRow ? 'row' : c.type === ComponentType.Container ? 'container' : 'section';
        out.push(`${pad}[${name}]`);
        for (const child of c.components) component(child, depth + 1);
        if (c.type === ComponentType.Section && c.accessory) component(c.accessory, depth + 1);
        return;
      }
      case ComponentType.Button:
        out.push(
          `${pad}[button ${STYLE_NAMES[c.style] ?? c.style}] ${shown(c.label)}${c.url ? ` → ${shown(c.url)}` : ''}${c.disabled ? ' (disabled)' : ''}`,
        );
        return;
      case ComponentType.TextDisplay:
        out.push(
          indent(
            plainText(c.content)
              .split('\n')
              .map((l) => visible(l))
              .join('\n'),
            pad,
          ),
        );
        return;
      case ComponentType.Separator:
        out.push(`${pad}${c.divider ? '────────' : ''}`);
        return;
      case ComponentType.StringSelect:
      case ComponentType.UserSelect:
      case ComponentType.RoleSelect:
      case ComponentType.MentionableSelect:
      case ComponentType.ChannelSelect:
        out.push(`${pad}[select] ${shown(c.placeholder)}`);
        for (const o of c.options) out.push(`${pad}  · ${shown(o.label)}`);
        return;
      case ComponentType.MediaGallery:
        for (const item of c.items) out.push(`${pad}[media] ${shown(item.media.url)}`);
        return;
      case ComponentType.Thumbnail:
        out.push(`${pad}[thumbnail] ${shown(c.media.url)}`);
        return;
    }
  };
  for (const c of p.components) component(c, 0);
  for (const b of p.branches) {
    const others = b.branches.filter((_, i) => i !== b.chosen).map((label) => visible(label));
    out.push(
      `(${where(b.block.start)}the $if block shows the branch ${visible(b.branches[b.chosen] ?? '')}${others.length > 0 ? `; the other ${others.length === 1 ? 'choice' : 'choices'}: ${others.join(' | ')}` : ''})`,
    );
  }
  for (const n of p.notes) out.push(`(${where(n.source?.start)}${visible(n.message)})`);
  return out.length > 0 ? out.join('\n') : '(the command sends no reply of its own)';
}

export async function runPreview(argv: string[], io: CliIO): Promise<number> {
  let format: 'json' | 'text' | 'html';
  let files: readonly string[];
  let catalogFile: string | undefined;
  let cacheDir: string;
  try {
    const args = parseArgs(argv, SPEC);
    if (args.help) {
      io.stdout(USAGE + '\n');
      return EXIT_OK;
    }
    const f = stringOpt(args, 'format') ?? 'text';
    if (f !== 'json' && f !== 'text' && f !== 'html')
      throw new UsageError(`option --format takes json, text or html, not "${f}"`);
    format = f;
    if (args.positionals.length === 0) throw new UsageError('no files to preview');
    files = args.positionals;
    const c = stringOpt(args, 'catalog');
    catalogFile = c ? path.resolve(io.cwd, c) : undefined;
    const dir = stringOpt(args, 'cache-dir');
    cacheDir = dir ? path.resolve(io.cwd, dir) : defaultCacheDir(io.env);
  } catch (err) {
    if (err instanceof UsageError) {
      io.stderr(`bdscript preview: ${err.message}\nRun bdscript preview --help for usage.\n`);
      return EXIT_USAGE;
    }
    throw err;
  }
  const catalog = await loadCatalog(
    { ...(catalogFile ? { catalog: { kind: 'file', file: catalogFile } } : {}), cacheDir, refresh: false },
    io,
    'preview',
  );
  if (!catalog) return EXIT_USAGE;
  const service = new LanguageService({ catalog, settings: normalizeSettings({}), client: FULL_CLIENT });
  // A folder stands for the BDScript files under it.
  const inputs = await expandInputs(files, io, 'preview');
  let failed = inputs.skipped.length > 0;
  for (const file of inputs.files) {
    const text = await readInput(file, path.resolve(io.cwd, file), io, () => undefined, 'preview');
    if (text === undefined) {
      failed = true;
      continue;
    }
    const document = TextDocument.create(pathToFileURL(path.resolve(io.cwd, file)).href, 'bdscript', 1, text);
    const p = service.preview(document);
    service.forget(document.uri);
    if (format === 'json') {
      print(io, 'json', jsonVisible({ file, ...previewAnswer(document, p) }) + '\n');
    } else if (format === 'html') {
      // The nonce lets in the page's own style and its one script (times and spoilers), nothing else.
      const nonce = randomBytes(18).toString('base64');
      print(
        io,
        'html',
        service.previewPage(p, {
          theme: 'dark',
          nonce,
          allowImages: false,
          interactive: false,
          title: `${path.basename(file)}: message preview`,
        }),
      );
    } else {
      io.stdout(
        `${inputs.files.length > 1 ? `== ${visible(file)}\n` : ''}${renderText(p, (offset) => document.positionAt(offset).line + 1)}\n`,
      );
    }
  }
  return failed ? EXIT_USAGE : EXIT_OK;
}
