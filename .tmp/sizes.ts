import { readFileSync } from 'node:fs';
import { LanguageService } from '../server/src/core/languageService';
import { EditedDocument } from '../server/src/lsp/editedDocument';
import { snapshotCatalog } from '../test/support/testCatalog';
const text = readFileSync('/tmp/big.bds', 'utf8');
const service = new LanguageService({ catalog: snapshotCatalog() });
const doc = new EditedDocument('file:///end.bds', 'bdscript', 1, text);
const d = service.validate(doc);
console.log('diagnostics', d.length, JSON.stringify(d).length);
const end = doc.positionAt(doc.length);
let v = 1;
for (const [word, col] of [['$addBu', 6], ['$title[x]', 3], ['$random[1;]', 10]] as const) {
  doc.update([{ range: { start: end, end }, text: '\n' + word }], ++v);
  const pos = { line: end.line + 1, character: col };
  const c = service.complete(doc, pos); const h = service.hover(doc, pos); const s = service.signatureHelp(doc, pos);
  console.log(word, 'completion', c.items.length, JSON.stringify(c).length, 'hover', JSON.stringify(h).length, 'sig', JSON.stringify(s).length);
  let t = performance.now(); for (let i = 0; i < 100; i++) JSON.stringify(c); console.log(' stringify completion ms', ((performance.now() - t) / 100).toFixed(3));
  t = performance.now(); for (let i = 0; i < 100; i++) JSON.stringify(d); console.log(' stringify diagnostics ms', ((performance.now() - t) / 100).toFixed(3));
  doc.update([{ range: { start: end, end: { line: end.line + 1, character: word.length } }, text: '' }], ++v);
}
