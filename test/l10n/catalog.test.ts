// The server's message catalog: every English key has a template in every language, each
// translation uses exactly the English template's placeholders (and forms each plural needs),
// code in backticks stays code, and the localizer picks the language and renders templates
// (plurals, ordinals, lists, nested messages, numbers) the way each language writes them.

import * as assert from 'node:assert/strict';
import {
  EN,
  LOCALES,
  TRANSLATIONS,
  list,
  localizer,
  msg,
  parseTemplate,
  placeholdersOf,
  resolveLocale,
  type MessageKey,
} from '../../server/src/core/l10n';

const KEYS = Object.keys(EN) as MessageKey[];
const OTHERS = LOCALES.filter((l) => l !== 'en');

/** Code examples whose placeholder words (a name, a text, a value) a translation may translate. */
const EXAMPLE_SPANS = new Set(['`"name"`', '`"text"`', '`$var[{shown};value]`']);

/** The code spans of a template: `…` runs, with placeholders kept as written; examples as a mark. */
function codeSpans(template: string, examples: readonly string[] = []): string[] {
  return [...template.matchAll(/`[^`]*`/g)]
    .map((m) => (EXAMPLE_SPANS.has(m[0]) || examples.includes(m[0]) ? '<example>' : m[0]))
    .sort();
}

describe('l10n catalog', () => {
  for (const locale of OTHERS) {
    describe(locale, () => {
      it('has every English key', () => {
        const missing = KEYS.filter(
          (k) => typeof TRANSLATIONS[locale][k] !== 'string' || TRANSLATIONS[locale][k]!.trim() === '',
        );
        assert.deepEqual(missing, [], `${locale} lacks ${missing.join(', ')}`);
      });

      it('has no key English does not have', () => {
        const extra = Object.keys(TRANSLATIONS[locale]).filter((k) => !(k in EN));
        assert.deepEqual(extra, []);
      });

      it('uses exactly the placeholders of each English template', () => {
        const wrong: string[] = [];
        for (const key of KEYS) {
          const t = TRANSLATIONS[locale][key];
          if (t === undefined) continue;
          const want = placeholdersOf(EN[key]).sort();
          const got = placeholdersOf(t).sort();
          if (JSON.stringify(want) !== JSON.stringify(got))
            wrong.push(`${key}: ${JSON.stringify(got)} instead of ${JSON.stringify(want)}`);
        }
        assert.deepEqual(wrong, []);
      });

      it('gives each plural the forms its language needs', () => {
        // The categories the language's plural rules give for whole numbers, `other` aside (every plural has it).
        const rules = new Intl.PluralRules(locale === 'pt-br' ? 'pt-BR' : locale);
        const needed = [...new Set(Array.from({ length: 200 }, (_, n) => rules.select(n)))].filter(
          (c) => c !== 'other',
        );
        const wrong: string[] = [];
        for (const key of KEYS) {
          const t = TRANSLATIONS[locale][key];
          if (t === undefined) continue;
          for (const part of parseTemplate(t)) {
            if (typeof part === 'string' || part.kind !== 'plural') continue;
            const lacking = needed.filter((c) => !(c in part.forms!));
            if (lacking.length > 0) wrong.push(`${key} (${part.name}): no ${lacking.join(', ')} form`);
          }
        }
        assert.deepEqual(wrong, []);
      });

      it('keeps code in backticks as English writes it', () => {
        const wrong: string[] = [];
        for (const key of KEYS) {
          const t = TRANSLATIONS[locale][key];
          if (t === undefined) continue;
          // Code names BDScript functions, settings and JSON syntax: the same spans, maybe in another order.
          const english = codeSpans(EN[key]);
          // A translated example keeps its place: as many examples, the other spans unchanged.
          const translated = codeSpans(
            t,
            codeSpans(t).filter((c) => !codeSpans(EN[key]).includes(c) && english.includes('<example>')),
          );
          if (JSON.stringify(english) !== JSON.stringify(translated))
            wrong.push(`${key}: ${codeSpans(t).join(' ')} instead of ${english.join(' ')}`);
        }
        assert.deepEqual(wrong, []);
      });

      it('translates: most templates differ from English', () => {
        const same = KEYS.filter((k) => TRANSLATIONS[locale][k] === EN[k]);
        assert.ok(same.length < KEYS.length / 6, `${same.length} of ${KEYS.length} are English: ${same.join(', ')}`);
      });
    });
  }

  it('finds a dropped or invented placeholder (the check can fail)', () => {
    assert.deepEqual(
      placeholdersOf('`{name}` takes {max, plural, one {# argument} other {# arguments}}; got {got}.').sort(),
      ['got', 'max', 'name'],
    );
    assert.deepEqual(placeholdersOf('Unknown `{}` and `{` and {"a": 1}'), []);
    assert.deepEqual(placeholdersOf('This is the {n, ordinal} button'), ['n']);
  });
});

describe('localizer', () => {
  it('chooses the language: setting, then client locale, by language, else English', () => {
    assert.equal(resolveLocale('auto', 'pt-br'), 'pt-br');
    assert.equal(resolveLocale('auto', 'pt'), 'pt-br');
    assert.equal(resolveLocale('auto', 'pt-PT'), 'pt-br');
    assert.equal(resolveLocale('auto', 'es-419'), 'es');
    assert.equal(resolveLocale('auto', 'ru'), 'ru');
    assert.equal(resolveLocale('auto', 'de'), 'en');
    assert.equal(resolveLocale('auto', undefined), 'en');
    assert.equal(resolveLocale('auto', 42), 'en');
    assert.equal(resolveLocale('ru', 'es'), 'ru');
    assert.equal(resolveLocale('en', 'es'), 'en');
    assert.equal(resolveLocale('klingon', 'es'), 'es');
  });

  it('renders plurals per language', () => {
    const ru = localizer('ru');
    assert.equal(ru.t('count.errors', { n: 1 }), '1 ошибка');
    assert.equal(ru.t('count.errors', { n: 3 }), '3 ошибки');
    assert.equal(ru.t('count.errors', { n: 5 }), '5 ошибок');
    assert.equal(ru.t('count.errors', { n: 21 }), '21 ошибка');
    assert.equal(localizer('es').t('count.errors', { n: 2 }), '2 errores');
    assert.equal(localizer('en').t('count.errors', { n: 1 }), '1 error');
    assert.equal(
      localizer('en')
        .t('menu.fewerOptions', { id: '"m"', max: 3, maxName: 'Max', added: 0 })
        .includes('adds no option to it'),
      true,
    );
    assert.equal(
      localizer('en')
        .t('menu.fewerOptions', { id: '"m"', max: 3, maxName: 'Max', added: 2 })
        .includes('adds only 2 options to it'),
      true,
    );
  });

  it('renders ordinals, lists, nested messages and numbers', () => {
    const en = localizer('en');
    assert.match(en.t('comp.buttonsInRow', { n: 6, max: 5 }), /^This is the 6th button/);
    assert.match(en.t('comp.buttonsInRow', { n: 22, max: 5 }), /^This is the 22nd button/);
    assert.match(en.t('comp.buttonsInRow', { n: 13, max: 5 }), /^This is the 13th button/);
    assert.equal(
      en.t('diag.didYouMean', { names: list(['`$a`', '`$b`', '`$c`'], 'or') }),
      ' Did you mean `$a`, `$b` or `$c`?',
    );
    assert.equal(
      localizer('es').t('diag.didYouMean', { names: list(['`$a`', '`$b`'], 'or') }),
      ' ¿Quisiste decir `$a` o `$b`?',
    );
    assert.equal(
      en.t('lang.featureSwitch', { problem: msg('diag.deprecated', { name: '$x' }), switch: 'Go.' }),
      '`$x` is deprecated. Go.',
    );
    assert.match(
      en.t('rule.textCap', { what: msg('what.embedTitle'), count: 4097, max: 4096, over: 1 }),
      /^An embed title of 4,097 characters: Discord allows 4,096/,
    );
    assert.match(
      localizer('ru').t('rule.textCap', { what: msg('what.embedTitle'), count: 4097, max: 4096, over: 1 }),
      /4\u00a0097/,
    );
  });

  it('never throws, and a missing argument is empty rather than a crash', () => {
    const en = localizer('en');
    assert.equal(en.t('diag.unknownFunction', {}), 'Unknown function ``.');
    assert.equal(en.text('plain text'), 'plain text');
    for (const t of ['{', '}', '{a', '{a, plural,', '{a, plural, one {x}', '{n, plural, other {#}}'])
      assert.doesNotThrow(() => parseTemplate(t));
  });
});
