// Inlay hint tests: argument names before non-empty arguments, from the shared binding
// (repeatables, tuples), only in the requested range, and nothing unless the setting is on.

import * as assert from 'node:assert/strict';
import { marked } from '../support/markers';
import { serviceFor } from '../support/service';

const ON = { inlayHints: { argumentNames: true } };

/**
 * The one helper that asks for hints: the text with each hint written in as `‹Label:›`. The
 * request range is `«...»` when the fixture has one, else the whole document.
 */
function hinted(src: string, settings: unknown = ON): string {
  const m = marked(src, { cursor: 'none' });
  const { service, document } = serviceFor(m.text, { settings });
  const r = m.ranges[0] ?? { start: 0, end: m.text.length };
  const hints = service.inlayHints(document, { start: document.positionAt(r.start), end: document.positionAt(r.end) });
  let out = m.text;
  for (const h of [...hints].reverse()) {
    assert.equal(h.paddingRight, true);
    assert.equal(h.kind, 2);
    const at = document.offsetAt(h.position);
    out = out.slice(0, at) + `‹${h.label as string}›` + out.slice(at);
  }
  return out;
}

describe('inlay hints', () => {
  it('are off by default', () => {
    assert.equal(hinted('$random[1;10]', {}), '$random[1;10]');
    assert.equal(hinted('$random[1;10]', { inlayHints: { argumentNames: false } }), '$random[1;10]');
  });

  it('name each non-empty argument', () => {
    assert.equal(hinted('$random[1;10]'), '$random[‹Min:›1;‹Max:›10]');
    assert.equal(hinted('$addButton[no;id;;primary]'), '$addButton[‹New row:›no;‹Button ID/URL:›id;;‹Style:›primary]');
    assert.equal(hinted('$title[$random[1;2]]'), '$title[‹Title:›$random[‹Min:›1;‹Max:›2]]');
  });

  it('follow the binding of repeatable parameters and tuples', () => {
    assert.equal(hinted('$jsonSet[a;b;c]'), '$jsonSet[‹Key:›a;‹Key:›b;‹Value:›c]');
    assert.equal(
      hinted('$awaitReactions[yes;👍;no;👎]'),
      '$awaitReactions[‹Command name:›yes;‹Reaction:›👍;‹Command name:›no;‹Reaction:›👎]',
    );
  });

  it('skip arguments that already say the name, extra arguments, unknown functions and bare calls', () => {
    assert.equal(hinted('$random[min; 10]'), '$random[min; ‹Max:›10]');
    assert.equal(hinted('$title[a;1;extra]'), '$title[‹Title:›a;‹Index:›1;extra]');
    assert.equal(hinted('$nosuch[a;b] $random $c[x;y]'), '$nosuch[a;b] $random $c[x;y]');
  });

  it('sit before the first non-blank character of an argument', () => {
    assert.equal(hinted('$random[\n  1;\n  2]'), '$random[\n  ‹Min:›1;\n  ‹Max:›2]');
  });

  it('name callback arguments in the trigger', () => {
    assert.equal(hinted('$onJoined[123]\n$title[x]'), '$onJoined[‹Channel ID:›123]\n$title[‹Title:›x]');
  });

  it('answer only inside the requested range', () => {
    assert.equal(
      hinted('$random[1;10]\n«$random[3;4]»\n$random[5;6]'),
      '$random[1;10]\n$random[‹Min:›3;‹Max:›4]\n$random[5;6]',
    );
    assert.equal(hinted('$random[1;«10]\n$random[3»;4]'), '$random[1;‹Max:›10]\n$random[‹Min:›3;4]');
  });
});
