// Signature help tests: the innermost call, the form in use, the active parameter through the
// binding (separators at the call's own depth, escapes, repeatables in the middle, tuples),
// client capabilities, and the wiki corpus as a no-throw property.

import * as assert from 'node:assert/strict';
import type { MarkupContent, SignatureHelp } from 'vscode-languageserver-types';
import { marked } from '../support/markers';
import { serviceFor, type ServiceOptions } from '../support/service';
import { snapshotCatalog } from '../support/testCatalog';
import { forEachCorpusOffset, hasCorpus } from '../support/shared';

interface Expect {
  /** The signature label shown. */
  label?: string;
  /** The active parameter's text in the label, or null when none is active (an argument too many). */
  active?: string | null;
  /** No signature help at all. */
  none?: boolean;
}

/** The one place that calls signature help: at the fixture's cursor. */
function sigAt(src: string, expect: Expect, options: ServiceOptions = {}): SignatureHelp | null {
  const m = marked(src, { cursor: 'required' });
  const { service, document } = serviceFor(m.text, options);
  const help = service.signatureHelp(document, document.positionAt(m.cursor!));
  if (expect.none) {
    assert.equal(help, null, `expected no signature help, got ${JSON.stringify(help?.signatures[0]?.label)}`);
    return null;
  }
  assert.ok(help, 'expected signature help');
  assert.equal(help.signatures.length, 1);
  const sig = help.signatures[help.activeSignature ?? 0]!;
  if (expect.label !== undefined) assert.equal(sig.label, expect.label);
  if (expect.active !== undefined) assert.equal(activeText(help), expect.active);
  return help;
}

/** The label text of the active parameter, or null when the index lies past the parameters. */
function activeText(help: SignatureHelp): string | null {
  const sig = help.signatures[help.activeSignature ?? 0]!;
  const index = sig.activeParameter ?? help.activeParameter ?? 0;
  const param = sig.parameters?.[index as number];
  if (!param) return null;
  const label = param.label;
  return typeof label === 'string' ? label : sig.label.slice(label[0], label[1]);
}

describe('signature help', () => {
  it('shows the call at the cursor and its active parameter', () => {
    sigAt('$random[|]', { label: '$random[Min;Max]', active: 'Min' });
    sigAt('$random[1|]', { active: 'Min' });
    sigAt('$random[1;|]', { active: 'Max' });
    sigAt('$random[1;2|]', { active: 'Max' });
    sigAt('$random[1;2|', { active: 'Max' });
  });

  it('renders a signature once while its call is typed; each answer has its own active parameter', () => {
    const catalog = snapshotCatalog();
    const second = sigAt('$random[1;|]', { active: 'Max' }, { catalog })!;
    const first = sigAt('$random[|]', { active: 'Min' }, { catalog })!;
    // The same documentation objects: rendered once, not for each keystroke.
    assert.equal(first.signatures[0]!.documentation, second.signatures[0]!.documentation);
    assert.equal(first.signatures[0]!.parameters, second.signatures[0]!.parameters);
    // The later answer did not change the earlier one's active parameter.
    assert.equal(activeText(second), 'Max');
    assert.equal(second.signatures[0]!.activeParameter, 1);
    assert.equal(first.signatures[0]!.activeParameter, 0);
    const plain = sigAt('$random[|]', { active: 'Min' }, { catalog, client: { markdown: false } })!;
    assert.equal((plain.signatures[0]!.documentation as MarkupContent).kind, 'plaintext');
  });

  it('marks no parameter for an argument too many', () => {
    sigAt('$random[1;2;|]', { label: '$random[Min;Max]', active: null });
  });

  it('uses the innermost call and separators at its own depth only', () => {
    sigAt('$title[$random[1;|]]', { label: '$random[Min;Max]', active: 'Max' });
    sigAt('$title[$random[1;2] |]', { label: '$title[Title;(Index)]', active: 'Title' });
    sigAt('$random[$random[1;2];|]', { label: '$random[Min;Max]', active: 'Max' });
    sigAt('$title[Hello $user|name;1]', { label: '$title[Title;(Index)]', active: 'Title' });
  });

  it('does not count escaped semicolons', () => {
    sigAt('$title[a\\;b;|]', { active: 'Index' });
    sigAt('$title[a\\;|b]', { active: 'Title' });
    sigAt('$title[a%{-SEMICOL-}%|b]', { active: 'Title' });
  });

  it('maps a repeatable parameter in the middle', () => {
    sigAt('$jsonSet[a;|]', { label: '$jsonSet[Key;...;Value]', active: 'Value' });
    sigAt('$jsonSet[a;|b;c]', { active: 'Key' });
    sigAt('$jsonSet[a;b;c;|]', { active: 'Value' });
    sigAt('$onlyPerms[admin;ban;|]', { active: 'Error message' });
    sigAt('$onlyPerms[admin;|;x]', { active: 'Permission' });
  });

  it('maps tuples that repeat as a group', () => {
    sigAt('$awaitReactions[|]', { label: '$awaitReactions[<Command name;Reaction>;...]', active: 'Command name' });
    sigAt('$awaitReactions[a;|]', { active: 'Reaction' });
    sigAt('$awaitReactions[a;b;|]', { active: 'Command name' });
    sigAt('$awaitReactions[a;b;c;|]', { active: 'Reaction' });
  });

  it('shows optional parameters', () => {
    sigAt('$title[x;|]', { label: '$title[Title;(Index)]', active: 'Index' });
    sigAt('$addButton[a;b;c;d;e;|]', {
      label: '$addButton[New row;Button ID/URL;Label;Style;(Disabled;Emoji;Message ID)]',
      active: 'Emoji',
    });
  });

  it('shows callbacks in the trigger', () => {
    sigAt('$onJoined[|]\nWelcome', { label: '$onJoined[Channel ID]', active: 'Channel ID' });
  });

  it('gives nothing outside argument lists, in comments, or for unknown and bare-only names', () => {
    sigAt('|$random[1;2]', { none: true });
    sigAt('$random|[1;2]', { none: true });
    sigAt('$random[1;2]|', { none: true });
    sigAt('$random| text', { none: true });
    sigAt('$c[a;|b]', { none: true });
    sigAt('$nothing[a;|]', { none: true });
    sigAt('$nomention[|]', { none: true });
  });

  it('documents the signature and each parameter, in Markdown or plain text', () => {
    const help = sigAt('$addButton[no;id;label;|]', { active: 'Style' })!;
    const sig = help.signatures[0]!;
    assert.equal((sig.documentation as MarkupContent).kind, 'markdown');
    assert.match((sig.documentation as MarkupContent).value, /Adds a button to the reply/);
    const style = sig.parameters![3]!.documentation as MarkupContent;
    assert.match(style.value, /Enum, Required; values: `primary`/);
    const plain = sigAt('$addButton[no;id;label;|]', { active: 'Style' }, { client: { markdown: false } })!;
    const plainStyle = plain.signatures[0]!.parameters![3]!.documentation as MarkupContent;
    assert.equal(plainStyle.kind, 'plaintext');
    assert.equal(plainStyle.value, 'Style: Enum, Required; values: primary, secondary, success, danger, link');
  });

  it('sets the per-signature active parameter only for clients that support it', () => {
    const full = sigAt('$random[1;|]', { active: 'Max' })!;
    assert.equal(full.signatures[0]!.activeParameter, 1);
    const minimal = sigAt('$random[1;|]', { active: 'Max' }, { client: { signatureActiveParameter: false } })!;
    assert.equal(minimal.signatures[0]!.activeParameter, undefined);
    assert.equal(minimal.activeParameter, 1);
  });

  describe('wiki corpus', () => {
    it('answers at every position of every block without throwing, with parameters inside the label', function () {
      if (!hasCorpus()) this.skip();
      this.timeout(120_000);
      const { service } = serviceFor('', { catalog: snapshotCatalog() });
      let answered = 0;
      forEachCorpusOffset((document, offset) => {
        const help = service.signatureHelp(document, document.positionAt(offset));
        if (!help) return;
        answered++;
        const sig = help.signatures[0]!;
        const params = sig.parameters ?? [];
        assert.ok(help.activeParameter! >= 0 && help.activeParameter! <= params.length);
        for (const p of params) {
          const [start, end] = p.label as [number, number];
          assert.ok(
            start >= 0 && start < end && end <= sig.label.length,
            `parameter ${start}-${end} outside ${sig.label}`,
          );
        }
      });
      assert.ok(answered > 10_000, `expected many answers, got ${answered}`);
    });
  });
});
