// Which chunk facts a language service takes while it validates (chunkFacts.ts): a service that
// may format takes the formatter's line facts with validation's, one that only checks
// (`bdscript check`, `checkOnly`) leaves them until something reads them, and answers alike.

import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { LINE_FACT } from '../../server/src/core/features/formatting';
import { FULL_CLIENT } from '../../server/src/core/features/types';
import { LanguageService } from '../../server/src/core/languageService';
import type { ChunkView } from '../../server/src/core/parser/tree';
import { testCatalog } from '../support/testCatalog';

/** A document of many chunks, with blocks to indent and an unknown name to report. */
const TEXT =
  Array.from({ length: 300 }, (_, i) => `$if[${i}==1]\n$title[x ${i}]  \n$endif\n`).join('') + '$noSuchName\n';

/** Counts the computations of the line facts while `run` runs; `everRead` as given, restored after. */
function countingLineFacts<T>(everRead: boolean, run: () => T): { value: T; computed: number } {
  const fact = LINE_FACT as unknown as {
    compute: (text: string, view: ChunkView, base: number) => Int32Array;
    everRead: boolean;
  };
  const compute = fact.compute;
  const wasRead = fact.everRead;
  let computed = 0;
  fact.compute = (text, view, base) => {
    computed++;
    return compute(text, view, base);
  };
  fact.everRead = everRead;
  try {
    return { value: run(), computed };
  } finally {
    fact.compute = compute;
    fact.everRead = wasRead;
  }
}

function service(checkOnly: boolean | undefined): LanguageService {
  return new LanguageService({
    catalog: testCatalog(),
    client: FULL_CLIENT,
    ...(checkOnly === undefined ? {} : { checkOnly }),
  });
}

const OPTIONS = { tabSize: 2, insertSpaces: true };

describe('chunk facts taken with validation', () => {
  it('a service that may format takes the line facts while it validates', () => {
    const s = service(undefined);
    const document = TextDocument.create('file:///a.bds', 'bdscript', 1, TEXT);
    const { computed } = countingLineFacts(false, () => s.validate(document));
    assert.ok(s.analyze(document).parsed.chunkCount > 4);
    assert.equal(computed, s.analyze(document).parsed.chunkCount, 'one per chunk, with the nodes');
  });

  it('a service that only checks does not, and formats the same once asked', () => {
    const checks = service(true);
    const document = TextDocument.create('file:///b.bds', 'bdscript', 1, TEXT);
    const validated = countingLineFacts(false, () => checks.validate(document));
    assert.equal(validated.computed, 0, 'validation reads no line facts');
    assert.ok(validated.value.length > 0, 'the document was diagnosed');
    const formatted = countingLineFacts(false, () => checks.format(document, OPTIONS));
    assert.ok(formatted.computed > 0, 'computed when the formatter reads them');
    const formats = service(false);
    const other = TextDocument.create('file:///c.bds', 'bdscript', 1, TEXT);
    formats.validate(other);
    const expected = formats.format(other, OPTIONS);
    assert.ok(expected.length > 0);
    assert.deepEqual(formatted.value, expected);
    assert.deepEqual(validated.value, formats.validate(other));
  });
});
