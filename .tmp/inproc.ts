import { readFileSync } from 'node:fs';
import { LanguageService } from '../server/src/core/languageService';
import { EditedDocument } from '../server/src/lsp/editedDocument';
import { snapshotCatalog } from '../test/support/testCatalog';

const text = readFileSync('/tmp/big.bds', 'utf8');
const catalog = snapshotCatalog();
const service = new LanguageService({ catalog });
const doc = new EditedDocument('file:///end.bds', 'bdscript', 1, text);
service.validate(doc);
let version = 1;
const end = doc.positionAt(doc.length);
const times: Record<string, number[]> = { completion: [], hover: [], sig: [], validate: [] };
const words: Array<[string, string, number]> = [['$addBu', 'completion', 6], ['$title[x]', 'hover', 3], ['$random[1;]', 'sig', 10]];
for (let k = 0; k < Number(process.env.N ?? 200); k++) {
  for (const [word, kind, col] of words) {
    const typed = '\n' + word;
    for (let c = 0; c < typed.length; c++) {
      const at = c === 0 ? end : { line: end.line + 1, character: c - 1 };
      doc.update([{ range: { start: at, end: at }, text: typed[c]! }], ++version);
    }
    const pos = { line: end.line + 1, character: col };
    const t = performance.now();
    if (kind === 'completion') service.complete(doc, pos);
    else if (kind === 'hover') service.hover(doc, pos);
    else service.signatureHelp(doc, pos);
    times[kind]!.push(performance.now() - t);
    doc.update([{ range: { start: end, end: { line: end.line + 1, character: word.length } }, text: '' }], ++version);
    const t2 = performance.now();
    service.validate(doc);
    times.validate!.push(performance.now() - t2);
  }
}
const pct = (xs: number[], p: number) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor(p * s.length))]!; };
for (const [k, xs] of Object.entries(times)) console.log(k, 'p50', pct(xs, 0.5).toFixed(2), 'p95', pct(xs, 0.95).toFixed(2), 'max', Math.max(...xs).toFixed(2), 'top', [...xs].sort((a, b) => b - a).slice(0, 6).map((x) => x.toFixed(1)).join(' '));
