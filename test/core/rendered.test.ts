// Whole rendered outputs, compared with reviewed files under test/snapshots/ (expect tests, see
// docs/development.md): hover cards, signature help, completion rows and their details, and the
// titles and edits of quick fixes, as a user reads them. Each file holds several cases, each
// under a header with its fixture (`|` marks the cursor). UPDATE_SNAPSHOTS=1 rewrites them.

import type { CodeAction, CompletionItem, Diagnostic, MarkupContent, SignatureHelp } from 'vscode-languageserver-types';
import { expectSnapshot } from '../support/expect';
import { marked } from '../support/markers';
import { serviceFor, type ServiceOptions } from '../support/service';
import { snapshotCatalog } from '../support/testCatalog';

const catalog = snapshotCatalog();

interface Case {
  readonly title: string;
  readonly src: string;
  readonly options?: ServiceOptions;
}

function render(cases: readonly Case[], one: (c: Case) => string): string {
  return cases.map((c) => `=== ${c.title}\n--- ${JSON.stringify(c.src)}\n${one(c)}`).join('\n\n');
}

function at(c: Case): {
  service: ReturnType<typeof serviceFor>['service'];
  document: ReturnType<typeof serviceFor>['document'];
  cursor: number;
} {
  const m = marked(c.src, { cursor: 'required' });
  const { service, document } = serviceFor(m.text, { catalog, ...c.options });
  return { service, document, cursor: m.cursor! };
}

function hoverText(c: Case): string {
  const { service, document, cursor } = at(c);
  const h = service.hover(document, document.positionAt(cursor));
  if (!h) return '(no hover)';
  const content = h.contents as MarkupContent;
  const range = h.range ? `range ${document.offsetAt(h.range.start)}-${document.offsetAt(h.range.end)}` : 'no range';
  return `[${content.kind}, ${range}]\n${content.value}`;
}

function signatureText(c: Case): string {
  const { service, document, cursor } = at(c);
  const help: SignatureHelp | null = service.signatureHelp(document, document.positionAt(cursor));
  if (!help) return '(no signature help)';
  return help.signatures
    .map((s, i) => {
      const params = (s.parameters ?? []).map((p, k) => {
        const label = typeof p.label === 'string' ? p.label : s.label.slice(p.label[0], p.label[1]);
        const mark = i === help.activeSignature && k === (s.activeParameter ?? help.activeParameter) ? '>' : ' ';
        const doc = typeof p.documentation === 'string' ? p.documentation : (p.documentation?.value ?? '');
        return `  ${mark} ${label}${doc ? ` — ${doc.replace(/\n/g, ' ')}` : ''}`;
      });
      return `${i === help.activeSignature ? '*' : ' '} ${s.label}\n${params.join('\n')}`;
    })
    .join('\n');
}

function completionRow(item: CompletionItem): string {
  const edit = item.textEdit && 'range' in item.textEdit ? item.textEdit.newText : item.insertText;
  const details = [
    item.labelDetails?.detail ? `labelDetail ${JSON.stringify(item.labelDetails.detail)}` : '',
    item.labelDetails?.description ? `description ${JSON.stringify(item.labelDetails.description)}` : '',
    item.detail ? `detail ${JSON.stringify(item.detail)}` : '',
    edit !== undefined ? `inserts ${JSON.stringify(edit)}` : '',
    item.tags?.length ? `tags ${item.tags.join(',')}` : '',
  ].filter((x) => x !== '');
  return `${item.label}  ${details.join('; ')}`;
}

function completionText(c: Case, top = 6): string {
  const { service, document, cursor } = at(c);
  const list = service.complete(document, document.positionAt(cursor));
  const items = [...list.items].sort((a, b) =>
    (a.sortText ?? a.label) < (b.sortText ?? b.label) ? -1 : (a.sortText ?? a.label) > (b.sortText ?? b.label) ? 1 : 0,
  );
  const rows = items.slice(0, top).map(completionRow);
  const first = items[0];
  let doc = '';
  if (first) {
    const resolved = service.resolveCompletion(first);
    const d = resolved.documentation;
    if (d) doc = `\nfirst item's documentation:\n${typeof d === 'string' ? d : d.value}`;
  }
  return `${items.length} items${list.isIncomplete ? ' (incomplete)' : ''}, first ${Math.min(top, items.length)}:\n${rows.join('\n')}${doc}`;
}

function fixesText(c: Case): string {
  const m = marked(c.src, { cursor: 'none' });
  const { service, document } = serviceFor(m.text, { catalog, ...c.options });
  const diagnostics: Diagnostic[] = service.validate(document);
  const out: string[] = [];
  for (const d of diagnostics) {
    const actions: CodeAction[] = service.codeActions(document, d.range, { diagnostics: [d] });
    out.push(
      `${String(d.code)} at ${document.offsetAt(d.range.start)}-${document.offsetAt(d.range.end)}: ${d.message}`,
    );
    for (const a of actions) {
      const edits = Object.values(a.edit?.changes ?? {}).flat();
      const shown = edits
        .map(
          (e) => `${document.offsetAt(e.range.start)}-${document.offsetAt(e.range.end)} ${JSON.stringify(e.newText)}`,
        )
        .join(', ');
      out.push(`  ${a.isPreferred ? '*' : '-'} ${a.title}${shown ? `  [${shown}]` : ''}`);
    }
  }
  return out.join('\n') || '(no findings)';
}

const PLAIN = { client: { markdown: false, snippets: false } } as const;

describe('rendered output (snapshots)', () => {
  it('hover cards', () => {
    const cases: Case[] = [
      { title: 'a function with arguments, its name', src: '$addBu|tton[yes;id;Go;primary]' },
      { title: 'an argument with enum values', src: '$addButton[yes;id;Go;prim|ary]' },
      { title: 'the other form of a function', src: '$rand|om' },
      { title: 'a deprecated function', src: '$giveRo|le[1;2]' },
      { title: 'a premium function', src: '$awaitRe|actions[a;b]' },
      { title: 'a callback on the trigger line', src: '$onJoi|ned[123]\n$sendMessage[hi]' },
      { title: 'an emoji alias', src: 'Hello :sm|ile:' },
      { title: 'plain text client', src: '$addBu|tton[yes;id;Go;primary]', options: PLAIN },
      { title: 'no hover on text', src: 'plain te|xt' },
    ];
    expectSnapshot('rendered/hover.txt', render(cases, hoverText));
  });

  it('signature help', () => {
    const cases: Case[] = [
      { title: 'first argument', src: '$addButton[|' },
      { title: 'third argument', src: '$addButton[yes;id;|' },
      { title: 'an optional argument', src: '$title[Hello;|' },
      { title: 'a repeatable argument', src: '$sum[1;2;3;|' },
      { title: 'innermost call', src: '$title[$random[1;|]]' },
      { title: 'plain text client', src: '$addButton[yes;|', options: PLAIN },
    ];
    expectSnapshot('rendered/signatureHelp.txt', render(cases, signatureText));
  });

  it('completion rows and details', () => {
    const cases: Case[] = [
      { title: 'after a prefix', src: '$addBu|' },
      { title: 'after a bare $', src: 'Hi $|' },
      { title: 'enum values in an argument', src: '$addButton[yes;id;Go;|' },
      { title: 'callbacks on the trigger line', src: '$onJo|' },
      { title: 'emoji after a colon', src: 'Nice :thumbs|' },
      { title: 'document variables', src: '$var[points;1]\n$var[po|' },
      { title: 'plain text client', src: '$addBu|', options: PLAIN },
    ];
    expectSnapshot(
      'rendered/completion.txt',
      render(cases, (c) => completionText(c)),
    );
  });

  it('quick fix titles and edits', () => {
    const cases: Case[] = [
      { title: 'did you mean', src: '$titel[Hi]' },
      { title: 'deprecated with a replacement', src: '$giveRole[123;456]' },
      { title: 'missing ]', src: '$title[Hi' },
      { title: 'unset variable, comma slip', src: '$var[count,1]\n$var[count]' },
      { title: 'role grant sign', src: '$roleGrant[123;456]' },
    ];
    expectSnapshot('rendered/codeActions.txt', render(cases, fixesText));
  });
});
