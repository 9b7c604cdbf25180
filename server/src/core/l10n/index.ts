// The server's user-facing texts in one catalog of message templates (en.ts) with translations
// (es.ts, ptBr.ts, ru.ts), bundled as modules so the web worker build has them too. A feature
// names a text by key with its arguments (`msg`), and a `Localizer` renders it in the language
// chosen per server: the `bdscript.locale` setting, else the client's `initialize.locale`, else
// English. Findings keep `Msg`s rather than strings, so a tree or a carried finding made before
// the language changed still renders in the new one; a plain string passes through as it is.
//
// Template syntax: `{name}` is an argument; `{n, plural, one {…} few {…} many {…} other {…}}`
// picks a form by the number `n` (`=0` exactly, else the Intl plural rules of the language; `#`
// in a form is the number); `{n, ordinal}` is `n` as an English ordinal (1st, 2nd; other languages write their
// ordinal mark in the template). Any other `{` is text (JSON in messages needs no escaping).

import { EN, type MessageKey } from './en';
import { spanish } from './es';
import { portuguese } from './ptBr';
import { russian } from './ru';

export { EN, type MessageKey } from './en';

export const LOCALES = ['en', 'es', 'pt-br', 'ru'] as const;
export type Locale = (typeof LOCALES)[number];

/** A translation: templates by key. Missing keys fall back to English (a test names them). */
export type Translation = Readonly<Partial<Record<MessageKey, string>>>;

/** How each language's templates are made; a language nobody uses is never made. */
const MAKE_TRANSLATION: Readonly<Record<Locale, () => Translation>> = {
  en: () => EN,
  es: spanish,
  'pt-br': portuguese,
  ru: russian,
};

const made = new Map<Locale, Translation>();

/** The templates of a language, made on first use and kept. */
export function translation(locale: Locale): Translation {
  let t = made.get(locale);
  if (!t) made.set(locale, (t = MAKE_TRANSLATION[locale]()));
  return t;
}

/** Every language's templates (for the catalog's tests); reading one makes it. */
export const TRANSLATIONS: Readonly<Record<Locale, Translation>> = Object.defineProperties(
  {} as Record<Locale, Translation>,
  Object.fromEntries(LOCALES.map((l) => [l, { enumerable: true, get: () => translation(l) }])),
);

/** A text to show: a key of the catalog with its arguments. */
export interface Msg {
  readonly key: MessageKey;
  readonly args?: Readonly<Record<string, Arg>>;
}

/** A list of texts joined with "or" / "and" in the user's language. */
export interface ListArg {
  readonly list: readonly Arg[];
  readonly conj: 'or' | 'and';
}

/** What an argument may be: plain text, a number, a nested message or a list. */
export type Arg = string | number | Msg | ListArg;

/** A text a feature hands on: a message to localize, or a string that is shown as it is. */
export type Text = string | Msg;

export function msg(key: MessageKey, args?: Readonly<Record<string, Arg>>): Msg {
  return args ? { key, args } : { key };
}

export function list(items: readonly Arg[], conj: 'or' | 'and'): ListArg {
  return { list: items, conj };
}

export interface Localizer {
  readonly locale: Locale;
  /** The template of `key` filled with `args`. */
  t(key: MessageKey, args?: Readonly<Record<string, Arg>>): string;
  /** A text as shown: a message rendered, a string unchanged. */
  text(text: Text): string;
}

const BCP47: Readonly<Record<Locale, string>> = { en: 'en-US', es: 'es', 'pt-br': 'pt-BR', ru: 'ru' };

/** A placeholder in a template: its name, and the plural forms when it has them. */
export interface Placeholder {
  readonly name: string;
  readonly kind: 'plain' | 'plural' | 'ordinal';
  readonly forms?: Readonly<Record<string, string>>;
}

type Part = string | Placeholder;

const PARSED = new Map<string, readonly Part[]>();

/** A template cut into text and placeholders; never throws (malformed braces are text). */
export function parseTemplate(template: string): readonly Part[] {
  const cached = PARSED.get(template);
  if (cached) return cached;
  const parts: Part[] = [];
  let text = '';
  let i = 0;
  while (i < template.length) {
    const c = template.charAt(i);
    if (c === '{') {
      const m = /^\{([A-Za-z][A-Za-z0-9]*)(\}|, *(plural|ordinal)\s*(\}|,))/.exec(template.slice(i));
      if (m) {
        const name = m[1] ?? ''; // the group is not optional: it matched
        if (m[2] === '}') {
          if (text) parts.push(text);
          text = '';
          parts.push({ name, kind: 'plain' });
          i += m[0].length;
          continue;
        }
        if (m[3] === 'ordinal' && m[4] === '}') {
          if (text) parts.push(text);
          text = '';
          parts.push({ name, kind: 'ordinal' });
          i += m[0].length;
          continue;
        }
        if (m[3] === 'plural' && m[4] === ',') {
          // Forms: `word {text}` … up to the closing `}`.
          let j = i + m[0].length;
          const forms: Record<string, string> = {};
          let ok = false;
          for (;;) {
            while (j < template.length && template[j] === ' ') j++;
            if (template[j] === '}') {
              ok = true;
              j++;
              break;
            }
            const f = /^(=\d+|[a-z]+) *\{([^{}]*)\}/.exec(template.slice(j));
            if (!f) break;
            const [, word, body] = f;
            if (word === undefined || body === undefined) break; // both groups are required
            forms[word] = body;
            j += f[0].length;
          }
          if (ok && 'other' in forms) {
            if (text) parts.push(text);
            text = '';
            parts.push({ name, kind: 'plural', forms });
            i = j;
            continue;
          }
        }
      }
    }
    text += c;
    i++;
  }
  if (text) parts.push(text);
  PARSED.set(template, parts);
  return parts;
}

/** The names of a template's placeholders (each once), for the completeness test. */
export function placeholdersOf(template: string): string[] {
  const names: string[] = [];
  for (const p of parseTemplate(template)) if (typeof p !== 'string' && !names.includes(p.name)) names.push(p.name);
  return names;
}

function englishOrdinal(n: number): string {
  const tens = n % 100;
  const suffix =
    tens >= 11 && tens <= 13 ? 'th' : n % 10 === 1 ? 'st' : n % 10 === 2 ? 'nd' : n % 10 === 3 ? 'rd' : 'th';
  return `${n}${suffix}`;
}

/**
 * English numbers as Intl.NumberFormat('en') writes safe integers (`1,234,567`, `-42`), which is
 * what messages count: English never loads the Intl data (a few megabytes of ICU tables paged in
 * for the process's life) unless a message has a fraction to show.
 */
export function englishInteger(n: number): string {
  // Anything but a safe integer (never a count) is left to Intl.
  if (!Number.isSafeInteger(n) || Object.is(n, -0)) return n.toLocaleString('en-US');
  const digits = String(Math.abs(n));
  let out = '';
  for (let end = digits.length; end > 0; end -= 3) {
    const start = Math.max(0, end - 3);
    out = (start > 0 ? ',' : '') + digits.slice(start, end) + out;
  }
  return n < 0 ? '-' + out : out;
}

class TemplateLocalizer implements Localizer {
  /** The Intl rules and number format of the language, made when a message first needs them. */
  private intl?: { readonly plurals?: Intl.PluralRules; readonly numbers?: Intl.NumberFormat };
  private readonly rendered = new WeakMap<Msg, string>();
  private readonly templates: Translation;

  constructor(readonly locale: Locale) {
    this.templates = translation(locale);
  }

  private get rules(): { readonly plurals?: Intl.PluralRules; readonly numbers?: Intl.NumberFormat } {
    if (!this.intl) {
      try {
        this.intl = {
          plurals: new Intl.PluralRules(BCP47[this.locale]),
          numbers: new Intl.NumberFormat(BCP47[this.locale], { maximumFractionDigits: 20 }),
        };
      } catch {
        // A runtime without Intl data: English plural rules and plain numbers.
        this.intl = {};
      }
    }
    return this.intl;
  }

  t(key: MessageKey, args?: Readonly<Record<string, Arg>>): string {
    const template = this.templates[key] ?? EN[key] ?? String(key);
    let out = '';
    for (const part of parseTemplate(template)) {
      if (typeof part === 'string') {
        out += part;
        continue;
      }
      const value = args?.[part.name];
      if (part.kind === 'plain') out += this.arg(value);
      else if (part.kind === 'ordinal') out += typeof value === 'number' ? englishOrdinal(value) : this.arg(value);
      else {
        const n = typeof value === 'number' ? value : Number(value);
        // A plural placeholder has forms, with `other` among them (parseTemplate checks).
        const forms = part.forms ?? {};
        const form = forms[`=${n}`] ?? forms[this.pluralOf(n)] ?? forms['other'] ?? '';
        out += form.replace(/#/g, this.arg(Number.isFinite(n) ? n : ''));
      }
    }
    return out;
  }

  text(text: Text): string {
    if (typeof text === 'string') return text;
    // Findings keep their messages while their chunk is reused: render each once per language.
    let out = this.rendered.get(text);
    if (out === undefined) this.rendered.set(text, (out = this.t(text.key, text.args)));
    return out;
  }

  private pluralOf(n: number): string {
    if (!Number.isFinite(n)) return 'other';
    // English: `one` for 1 and -1 alone (CLDR: i = 1 and v = 0), as Intl.PluralRules('en') says.
    if (this.locale === 'en') return Math.abs(n) === 1 ? 'one' : 'other';
    const plurals = this.rules.plurals;
    if (plurals) return plurals.select(n);
    return n === 1 ? 'one' : 'other';
  }

  private arg(value: Arg | undefined): string {
    if (value === undefined) return '';
    if (typeof value === 'string') return value;
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) return String(value);
      if (this.locale === 'en' && Number.isSafeInteger(value) && !Object.is(value, -0)) return englishInteger(value);
      const numbers = this.rules.numbers;
      return numbers ? numbers.format(value) : String(value);
    }
    if ('list' in value) {
      const items = value.list.map((v) => this.arg(v));
      if (items.length <= 1) return items.join('');
      const last = items.pop() ?? '';
      return this.t(value.conj === 'or' ? 'list.or' : 'list.and', { a: items.join(', '), b: last });
    }
    return this.t(value.key, value.args);
  }
}

const LOCALIZERS = new Map<Locale, Localizer>();

/** The localizer of a language (one per language, shared). */
export function localizer(locale: Locale): Localizer {
  let l = LOCALIZERS.get(locale);
  if (!l) LOCALIZERS.set(locale, (l = new TemplateLocalizer(locale)));
  return l;
}

export const ENGLISH: Localizer = localizer('en');

/**
 * The language to use: the setting (`auto` or empty: the client's), else the client's locale by
 * exact tag, then by language (`pt` → `pt-br`, `es-419` → `es`); anything else is English.
 */
export function resolveLocale(setting: string | undefined, clientLocale: unknown): Locale {
  const pick = (tag: unknown): Locale | undefined => {
    if (typeof tag !== 'string') return undefined;
    const t = tag.trim().toLowerCase().replace(/_/g, '-');
    if ((LOCALES as readonly string[]).includes(t)) return t as Locale;
    const lang = t.split('-')[0];
    if (lang === 'pt') return 'pt-br';
    if (lang === 'es' || lang === 'ru' || lang === 'en') return lang;
    return undefined;
  };
  if (setting && setting !== 'auto') {
    const chosen = pick(setting);
    if (chosen) return chosen;
  }
  return pick(clientLocale) ?? 'en';
}
