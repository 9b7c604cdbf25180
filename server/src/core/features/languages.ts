// What each BDFD script language allows. BDScript 2 (the default) has every feature; the catalog
// marks `$elseif`, `$try`/`$catch`/`$endtry`, `$async`/`$endasync`/`$await`, `$var`, `$stop`,
// `$eval` and `$optOff` as "BDScript 2 only" (the wiki shows BDScript and BDScript Unstable
// without `$elseif`), and the language notes say only BDScript 2 runs blocks inside function
// arguments and several block functions on one line.

import type { ScriptLanguage } from '../settings';
import { msg, type Msg } from '../l10n';

export type LanguageFeature =
  /** The functions only BDScript 2 has (see `BDSCRIPT2_FUNCTIONS`). */
  | 'bdscript2-functions'
  /** `$if`/`$try`/`$async` blocks inside a function's argument. */
  | 'blocks-in-arguments'
  /** More than one block function (`$if`, `$else`, `$endif` ...) on one line. */
  | 'blocks-on-one-line';

/** Functions that exist only in BDScript 2. `$error` belongs here: it only works in `$catch`. */
export const BDSCRIPT2_FUNCTIONS: ReadonlySet<string> = new Set([
  '$elseif',
  '$try',
  '$catch',
  '$endtry',
  '$error',
  '$async',
  '$endasync',
  '$await',
  '$var',
  '$stop',
  '$eval',
  '$optOff',
]);

const ALL: ReadonlySet<LanguageFeature> = new Set<LanguageFeature>([
  'bdscript2-functions',
  'blocks-in-arguments',
  'blocks-on-one-line',
]);
const NONE: ReadonlySet<LanguageFeature> = new Set<LanguageFeature>();

const FEATURES: Readonly<Record<ScriptLanguage, ReadonlySet<LanguageFeature>>> = {
  'BDScript 2': ALL,
  BDScript: NONE,
  'BDScript Unstable': NONE,
};

/** Whether a script language has a feature. */
export function hasFeature(language: ScriptLanguage, feature: LanguageFeature): boolean {
  return FEATURES[language]?.has(feature) ?? true;
}

/** The language feature a function name needs, if any. */
export function featureOfFunction(name: string): LanguageFeature | undefined {
  return BDSCRIPT2_FUNCTIONS.has(name) ? 'bdscript2-functions' : undefined;
}

/** How to switch a file to BDScript 2, for messages. */
export const SWITCH_TO_BDSCRIPT2: Msg = msg('lang.switch');
