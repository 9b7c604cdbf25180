// "Copy for BDFD app" in the core: the code without the file-only trigger line (and the blank
// lines before it) and the trigger's call, for every line ending, a trigger with nested calls and
// trailing comments, files without a trigger line, and a file that is only a trigger.

import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { serviceFor } from '../support/service';

/** [what, file, code, trigger, trigger line]. */
const CASES: ReadonlyArray<[string, string, string, string | null, number | null]> = [
  [
    'a trigger line and code',
    '$onJoined[$getServerVar[welcomeChannel]]\n$title[Welcome $username!]\n',
    '$title[Welcome $username!]\n',
    '$onJoined[$getServerVar[welcomeChannel]]',
    0,
  ],
  ['CRLF line endings', '$onJoined[123]\r\n$title[Hi]\r\nBye\r\n', '$title[Hi]\r\nBye\r\n', '$onJoined[123]', 0],
  ['CR line endings', '$onJoined[123]\r$title[Hi]', '$title[Hi]', '$onJoined[123]', 0],
  ['blank lines before the trigger', '\n  \n$onJoined[123]\nHi', 'Hi', '$onJoined[123]', 2],
  [
    'comments after the trigger on its line',
    '$onJoined[123] $c[bdscript-disable-line intents]\nHi',
    'Hi',
    '$onJoined[123]',
    0,
  ],
  ['blank lines after the trigger, kept', '$onJoined[123]\n\n\nHi\n', '\n\nHi\n', '$onJoined[123]', 0],
  ['only a trigger', '$onJoined[123]', '', '$onJoined[123]', 0],
  ['no trigger line: everything is code', '$nomention\nPong! $ping', '$nomention\nPong! $ping', null, null],
  ['a first line that is not a callback', '$title[Hi]\n$onJoined[123]', '$title[Hi]\n$onJoined[123]', null, null],
  ['an empty file', '', '', null, null],
];

describe('copy for BDFD app (core)', () => {
  for (const [what, text, code, trigger, line] of CASES) {
    it(what, () => {
      const { service, document } = serviceFor(text);
      assert.deepEqual(service.appCode(document), { code, trigger, triggerLine: line });
    });
  }

  it('follows edits: the trigger added later is left out of the code', () => {
    const { service, document } = serviceFor('$title[Hi]');
    assert.equal(service.appCode(document).trigger, null);
    const next = TextDocument.update(
      document,
      [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: '$onJoined[1]\n' }],
      2,
    );
    assert.deepEqual(service.appCode(next), { code: '$title[Hi]', trigger: '$onJoined[1]', triggerLine: 0 });
  });
});
