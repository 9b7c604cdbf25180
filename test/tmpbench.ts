import { TextDocument } from 'vscode-languageserver-textdocument';
import { LanguageService } from '../server/src/core/languageService';
import { generateDocument, MB } from './support/generate';
import { snapshotCatalog } from './support/testCatalog';
const catalog = snapshotCatalog();
const text = generateDocument(catalog, { size: MB, seed: 7 });
const service = new LanguageService({ catalog });
let v = 1;
for (let r = 0; r < 8; r++) {
  const doc = TextDocument.create('file:///b' + v + '.bds', 'bdscript', v++, text);
  let t = performance.now();
  service.analyze(doc);
  const tParse = performance.now() - t;
  t = performance.now();
  const edits = service.format(doc, { tabSize: 4, insertSpaces: true });
  const tf = performance.now() - t;
  t = performance.now();
  service.format(doc, { tabSize: 4, insertSpaces: true });
  const tf2 = performance.now() - t;
  console.log(`parse ${tParse.toFixed(1)} format ${tf.toFixed(1)} again ${tf2.toFixed(1)} edits ${edits.length}`);
}
