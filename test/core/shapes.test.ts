// The one table of function shapes (features/shapes.ts) against the catalog: every row names the
// arguments of its function exactly as the catalog does, in order, so a catalog that moves, adds
// or renames an argument fails here instead of shifting what the rules and the preview read. Also
// the tables the rules derive from it, and one measure per cap (select menu and button custom IDs
// trimmed and counted alike).

import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { Catalog } from '../../server/src/core/catalog/catalog';
import { decodeCatalogParts } from '../../server/src/core/catalog/decode';
import { COMPONENT_FUNCTIONS, idKindsOf } from '../../server/src/core/features/components';
import { limit } from '../../server/src/core/features/limits';
import { OPTIONS, SELECTS } from '../../server/src/core/features/menus';
import { SENDERS } from '../../server/src/core/features/messages';
import { capCount, SHAPES } from '../../server/src/core/features/shapes';
import { LanguageService } from '../../server/src/core/languageService';
import { REAL_SAMPLE } from '../support/shared';
import { snapshotCatalog } from '../support/testCatalog';

/** Where the table and a catalog disagree: one line per function. */
function mismatches(catalog: Catalog): string[] {
  const out: string[] = [];
  for (const [name, shape] of SHAPES) {
    const record = catalog.functions.get(name, true) ?? catalog.callbacks.get(name, true);
    if (!record) {
      out.push(`${name}: not in the catalog`);
      continue;
    }
    const names = (record.arguments ?? []).map((a) => a.name);
    const want = shape.args.map((a) => a.name);
    if (JSON.stringify(names) !== JSON.stringify(want))
      out.push(`${name}: the catalog has ${JSON.stringify(names)}, the table ${JSON.stringify(want)}`);
  }
  return out;
}

describe('the table of function shapes', () => {
  it("names every function's arguments as the bundled catalog does, in order", () => {
    assert.deepEqual(mismatches(snapshotCatalog()), []);
  });

  it('fails when the catalog moves an argument (a probe with Label and Style swapped)', () => {
    const data = snapshotCatalog().data;
    const functions = data.functions.map((f) => {
      if (f.name !== '$addButton' || !f.arguments) return f;
      const args = [...f.arguments];
      const [label, style] = [args[2], args[3]];
      if (!label || !style) return f;
      args[2] = style;
      args[3] = label;
      return { ...f, arguments: args };
    });
    assert.deepEqual(mismatches(new Catalog({ ...data, functions })), [
      '$addButton: the catalog has ["New row","Button ID/URL","Style","Label","Disabled","Emoji","Message ID"], the table ["New row","Button ID/URL","Label","Style","Disabled","Emoji","Message ID"]',
    ]);
  });

  it('agrees with the captured live /function_list (when ../shared is present)', function () {
    if (!existsSync(REAL_SAMPLE)) return this.skip();
    const parts = decodeCatalogParts({ function_list: JSON.parse(readFileSync(REAL_SAMPLE, 'utf8')) as unknown });
    const catalog = new Catalog({ ...snapshotCatalog().data, functions: parts.value.functions });
    assert.deepEqual(mismatches(catalog), []);
  });

  it('gives the rules the argument indexes they read', () => {
    assert.deepEqual(COMPONENT_FUNCTIONS.get('$addButton'), {
      role: 'button',
      id: 1,
      messageId: 6,
      newRow: 0,
      style: 3,
    });
    assert.deepEqual(COMPONENT_FUNCTIONS.get('$addButtonCV2'), { role: 'buttonV2', id: 0, parent: 5, style: 2 });
    assert.deepEqual(COMPONENT_FUNCTIONS.get('$addSelectMenuOption'), {
      role: 'selectOption',
      parent: 0,
      messageId: 6,
    });
    assert.deepEqual(COMPONENT_FUNCTIONS.get('$removeComponent'), { role: 'reset', messageId: 1 });
    assert.deepEqual(COMPONENT_FUNCTIONS.get('$title'), { role: 'embed' });
    assert.equal(COMPONENT_FUNCTIONS.has('$editSelectMenu'), false);
    assert.deepEqual(SELECTS.get('$newSelectMenu'), {
      id: 0,
      min: 1,
      max: 2,
      placeholder: 3,
      minName: 'Min',
      maxName: 'Max',
    });
    assert.deepEqual(SELECTS.get('$addChannelSelect'), {
      id: 0,
      placeholder: 1,
      min: 2,
      max: 3,
      disabled: 4,
      minName: 'Min Values',
      maxName: 'Max Values',
    });
    assert.deepEqual(OPTIONS.get('$addStringSelectOption'), {
      label: 0,
      value: 1,
      description: 2,
      emoji: 3,
      isDefault: 4,
    });
    assert.deepEqual(SENDERS.get('$editMessage'), 2);
    assert.deepEqual(idKindsOf('$addButtonCV2', 5), ['row', 'section']);
    assert.deepEqual(idKindsOf('$onInteraction', 0), ['custom', 'menu', 'select', 'modal']);
    assert.equal(idKindsOf('$addButton', 1), undefined);
  });
});

describe('one measure per cap', () => {
  it('counts the trimmed text in characters (a pair of surrogates is one)', () => {
    assert.equal(capCount('  ab  '), 2);
    assert.equal(capCount('😀x'), 2);
    assert.equal(capCount('\n\t'), 0);
  });

  const service = new LanguageService({ catalog: snapshotCatalog() });
  let version = 0;
  const codes = (src: string): string[] =>
    service
      .validate(TextDocument.create(`file:///shape${++version}.bds`, 'bdscript', 1, src))
      .map((d) => String(d.code))
      .filter((c) => c === 'select-menu-limit' || c === 'component-text-limit' || c === 'modal-limit');

  it('judges a select menu custom ID and a button custom ID alike: blanks around them are not counted', () => {
    const max = limit('customId');
    const padded = `  ${'x'.repeat(max)}  `;
    assert.deepEqual(codes(`$addButton[no;${padded};Go;primary]`), []);
    assert.deepEqual(codes(`$newSelectMenu[${padded};1;1]\n$addSelectMenuOption[${'x'.repeat(max)};A;a;d]`), []);
    assert.deepEqual(
      codes(
        `$addActionRow[r]\n$addStringSelect[${padded};Pick;1;1;no;r]\n$addStringSelectOption[A;a;d;;no;${'x'.repeat(max)}]`,
      ),
      [],
    );
    assert.deepEqual(codes(`$newModal[${padded};Title]\n$addTextInput[i;short;Label]`), []);
    const over = 'x'.repeat(max + 1);
    assert.deepEqual(codes(`$addButton[no;${over};Go;primary]`), ['component-text-limit']);
    assert.deepEqual(codes(`$newSelectMenu[${over};1;1]\n$addSelectMenuOption[${over};A;a;d]`), ['select-menu-limit']);
    assert.deepEqual(codes(`$newModal[${over};Title]\n$addTextInput[i;short;Label]`), ['modal-limit']);
  });
});
