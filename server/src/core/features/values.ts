// Literal value checks per argument type: whether the text of an argument (escapes resolved, no
// call inside) fits the catalog's type, and if not, what was expected and what the user may have
// meant. Compound types pass when any alternative passes; String, Tuple and unknown types always
// pass. BDFD does not trim arguments, so neither do these checks (`" 10"` is not an Integer).

import { editDistance, type EmojiIndex } from '../catalog/catalog';
import type { Argument, KnownArgType } from '../catalog/model';
import { isPermission, similarPermissions } from './permissions';
import { ALIAS_PATTERN } from '../chars';
import { list, msg, type Msg } from '../l10n';

/** What a literal that does not fit its argument's type gets. */
export interface ValueVerdict {
  /** `unknown-emoji` for an `:alias:` the emoji map lacks; `invalid-argument` otherwise. */
  readonly code: 'invalid-argument' | 'unknown-emoji';
  /** The sentence after "`$fn` argument "Name" ": `must be yes, no, true or false; got "maybe"`. */
  readonly detail: Msg;
  /** Replacement values for the whole argument ("did you mean"), nearest first. */
  readonly suggestions: readonly string[];
}

/**
 * The value BDFD functions accept for "leave this as it is" (`$modifyRole[id;!unchanged;...]`,
 * `$editThread`, `$modifyChannel`); it passes every type.
 */
export const UNCHANGED = '!unchanged';

const INTEGER = /^[+-]?\d+$/;
const FLOAT = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;
const BOOL = new Set(['yes', 'no', 'true', 'false']);
/** Snowflakes are digits; a sign is allowed because `$roleGrant` takes `+id`/`-id`. */
const SNOWFLAKE = /^[+-]?\d+$/;
const COLOR_HEX = /^#?(?:[0-9a-fA-F]{6}|[0-9a-fA-F]{3})$/;
const URL = /^https?:\/\/\S/i;
/** A number of seconds, or number+unit groups (`30s`, `10m`, `1h30m`). */
const DURATION = /^(?:\d+|(?:\d+[smhdwSMHDW])+)$/;
/** `2`, `>2`, `2>`, `<2`, `2<`, and a bare `>` or `<`. */
const HOW_MANY = /^(?:[<>]?\d+|\d+[<>]|[<>])$/;
/** Custom emoji (`<:name:id>`, `<a:name:id>`) and emoji IDs. */
const CUSTOM_EMOJI = /^(?:<a?:[A-Za-z0-9_~]+:\d+>|\d+)$/;
/**
 * A sequence of emoji code points: pictographs, their modifiers and joiners, regional indicator
 * pairs (flags), keycaps and tag sequences (subdivision flags).
 */
const UNICODE_EMOJI =
  /^(?:\p{Extended_Pictographic}|\p{Emoji_Modifier}|\p{Regional_Indicator}|[#*0-9]\uFE0F?\u20E3|[\u200D\uFE0F]|[\u{E0020}-\u{E007F}])+$/u;

/**
 * The emoji index, or a function that gives it: the index of 6,000 aliases is built when first
 * asked for (catalog.ts), and only an `:alias:` or a value that is no emoji sequence needs it.
 */
export type EmojiSource = EmojiIndex | (() => EmojiIndex);

function indexOf(emoji: EmojiSource): EmojiIndex {
  return typeof emoji === 'function' ? emoji() : emoji;
}

/** Whether a literal is an emoji a function can use: unicode, a known `:alias:`, or custom. */
function emojiKind(value: string, source: EmojiSource): 'ok' | 'unknown-alias' | 'invalid' {
  if (CUSTOM_EMOJI.test(value)) return 'ok';
  if (ALIAS_PATTERN.test(value)) {
    const emoji = indexOf(source);
    // Without an emoji map nothing can be said about aliases. The alias is looked up first: that
    // needs no map in a compact catalog (catalog.ts), and a known alias never asks for its size.
    if (emoji.emojiFor(value) !== undefined || emoji.size === 0) return 'ok';
    return 'unknown-alias';
  }
  if (UNICODE_EMOJI.test(value)) return 'ok';
  return indexOf(source).aliasesOf(value).length > 0 ? 'ok' : 'invalid';
}

/** Whether `value` fits one known type (Enum values come from `arg`). */
export function fitsType(
  type: KnownArgType,
  value: string,
  arg: Pick<Argument, 'enumData'>,
  emoji: EmojiSource,
): boolean {
  switch (type) {
    case 'String':
    case 'Tuple':
      return true;
    case 'Integer':
      return INTEGER.test(value);
    case 'Float':
      return FLOAT.test(value);
    case 'Bool':
      return BOOL.has(value.toLowerCase());
    case 'Snowflake':
      return SNOWFLAKE.test(value);
    case 'Color':
      return COLOR_HEX.test(value) || INTEGER.test(value);
    case 'URL':
      return URL.test(value);
    case 'Duration':
      return DURATION.test(value);
    case 'HowMany':
      return HOW_MANY.test(value);
    case 'Enum':
      return !arg.enumData || arg.enumData.length === 0 || enumMatch(arg.enumData, value) !== undefined;
    case 'Permission':
      return isPermission(value);
    case 'Emoji':
      return emojiKind(value, emoji) === 'ok';
  }
}

/** The enum value `value` names, ignoring case. */
export function enumMatch(values: readonly string[], value: string): string | undefined {
  const lower = value.toLowerCase();
  return values.find((v) => v.toLowerCase() === lower);
}

/** What a type expects, as a phrase for messages. */
function expectation(type: KnownArgType, arg: Pick<Argument, 'enumData'>): Msg {
  switch (type) {
    case 'Integer':
      return msg('type.integer');
    case 'Float':
      return msg('type.float');
    case 'Bool':
      return msg('type.bool');
    case 'Snowflake':
      return msg('type.snowflake');
    case 'Color':
      return msg('type.color');
    case 'URL':
      return msg('type.url');
    case 'Duration':
      return msg('type.duration');
    case 'HowMany':
      return msg('type.howMany');
    case 'Enum':
      return msg('type.enum', { values: (arg.enumData ?? []).join(', ') });
    case 'Permission':
      return msg('type.permission');
    case 'Emoji':
      return msg('type.emoji');
    case 'String':
    case 'Tuple':
      return msg('type.text');
  }
}

/** A value as messages quote it: shortened when long, control characters made visible. */
export function quoteValue(value: string): string {
  const short = value.length > 60 ? value.slice(0, 57) + '…' : value;
  return JSON.stringify(short);
}

/** Values from `candidates` close to `value` (case-insensitive edit distance), nearest first. */
function near(value: string, candidates: readonly string[], max = 3): string[] {
  const lower = value.toLowerCase();
  const budget = Math.max(1, Math.min(3, Math.floor(lower.length / 3)));
  const scored: Array<[number, string]> = [];
  for (const c of candidates) {
    const cl = c.toLowerCase();
    const d = cl.startsWith(lower) && lower.length >= 3 ? 1 : editDistance(lower, cl, budget);
    if (d <= budget) scored.push([d, c]);
  }
  scored.sort((a, b) => a[0] - b[0]);
  return scored.slice(0, max).map(([, c]) => c);
}

/**
 * Checks a literal argument value against its argument's type. Undefined when the value fits
 * (or cannot be judged); otherwise what was expected and any near values.
 */
export function checkValue(value: string, arg: Argument, emoji: EmojiSource): ValueVerdict | undefined {
  const types = arg.types;
  if (types.length === 0 || arg.unknownTypes.length > 0) return undefined;
  if (types.includes('String') || types.includes('Tuple')) return undefined;
  return checkTypedValue(value, arg, emoji);
}

/**
 * `checkValue` for an argument whose types can reject a literal (known types only, neither String
 * nor Tuple): the call checks know that per parameter list (callChecker.ts's `valueChecked`) and
 * skip the type tests that `checkValue` makes per value.
 */
export function checkTypedValue(value: string, arg: Argument, emoji: EmojiSource): ValueVerdict | undefined {
  const types = arg.types;
  // Most values are not as long: no lower-cased copy of them.
  if (value.length === UNCHANGED.length && value.toLowerCase() === UNCHANGED) return undefined;
  for (let i = 0; i < types.length; i++) {
    const type = types[i];
    if (type !== undefined && fitsType(type, value, arg, emoji)) return undefined;
  }

  const got = quoteValue(value);
  if (types.includes('Emoji') && emojiKind(value, emoji) === 'unknown-alias') {
    return {
      code: 'unknown-emoji',
      detail: msg('value.unknownEmoji', { got }),
      suggestions: indexOf(emoji).similar(value),
    };
  }
  const suggestions: string[] = [];
  for (const type of types) {
    if (type === 'Enum' && arg.enumData) suggestions.push(...near(value, arg.enumData));
    if (type === 'Permission') suggestions.push(...similarPermissions(value));
    if (type === 'Bool') suggestions.push(...near(value, ['yes', 'no', 'true', 'false'], 1));
  }
  const seen = new Set<string>();
  const expected = types
    .map((t) => expectation(t, arg))
    .filter((m) => {
      const id = JSON.stringify(m);
      return seen.has(id) ? false : (seen.add(id), true);
    });
  return {
    code: 'invalid-argument',
    detail: msg('value.mustBe', { expected: list(expected, 'or'), got }),
    suggestions: [...new Set(suggestions)].slice(0, 3),
  };
}
