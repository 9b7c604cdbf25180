// Diagnostics tests: every rule by code and exact range (ranges written «...»), messages that name
// the function and argument, quick fixes checked on the text after the edit, severities and
// directives, script languages, triggers and callbacks, escapes, comments, nesting and blocks
// inside arguments. All through the language service facade and the small test catalog.

import * as assert from 'node:assert/strict';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { DiagnosticSeverity, DiagnosticTag, type Diagnostic } from 'vscode-languageserver-types';
import { Catalog } from '../../server/src/core/catalog/catalog';
import { decodeCatalogParts } from '../../server/src/core/catalog/decode';
import { callKindNames, MAX_CALL_KIND_NAMES } from '../../server/src/core/features/callChecker';
import { RULES } from '../../server/src/core/features/rules';
import type { DiagnosticData } from '../../server/src/core/features/types';
import { applyOffsetEdits, marked } from '../support/markers';
import { serviceFor, type ServiceOptions } from '../support/service';
import { RULE_FIXTURES } from '../support/ruleFixtures';
import { snapshotCatalog, testCatalogData, testCatalogParts } from '../support/testCatalog';

/** The test catalog plus a few records the rules need: all-optional, no parameters, a name that is both. */
function extendedCatalog(): Catalog {
  const parts = testCatalogParts();
  const functions = parts.function_list as unknown[];
  functions.push(
    {
      tag: '$isTicket[(Channel ID)]',
      shortDescription: 'Whether a channel is a ticket.',
      longDescription: '',
      arguments: [{ name: 'Channel ID', type: 'Snowflake', required: false }],
      intents: 0,
      premium: false,
      color: 0,
    },
    {
      tag: '$stop',
      shortDescription: 'Stops the command.',
      longDescription: '',
      arguments: null,
      intents: 0,
      premium: false,
      color: 0,
    },
    {
      tag: '$botTyping[]',
      shortDescription: 'Shows the bot typing.',
      longDescription: '',
      arguments: [],
      intents: 0,
      premium: false,
      color: 0,
    },
    // A function that shares its name with a callback: in code the function wins.
    {
      tag: '$onInteraction',
      shortDescription: 'A function with a callback name.',
      longDescription: '',
      arguments: null,
      intents: 0,
      premium: false,
      color: 0,
    },
  );
  const decoded = decodeCatalogParts(parts, 'extended');
  assert.deepEqual(decoded.problems, []);
  return new Catalog(decoded.value);
}

let extended: Catalog | undefined;
const catalog = (): Catalog => (extended ??= extendedCatalog());

interface Result {
  text: string;
  document: TextDocument;
  diagnostics: Diagnostic[];
  /** The text after applying the fix with this title (asserts it exists). */
  fixed: (title: string | RegExp, which?: Diagnostic) => string;
}

function diagnose(src: string, options: ServiceOptions = {}): Result {
  const { text } = marked(src, { cursor: 'none' });
  const { service, document } = serviceFor(text, { catalog: catalog(), ...options });
  const diagnostics = service.validate(document);
  for (const d of diagnostics) {
    assert.equal(d.source, 'bdscript');
    assert.ok(
      RULES.some((r) => r.code === d.code),
      `unknown code ${String(d.code)}`,
    );
  }
  const fixed = (title: string | RegExp, which?: Diagnostic): string => {
    const pool = which ? [which] : diagnostics;
    for (const d of pool) {
      for (const fix of (d.data as DiagnosticData | undefined)?.fixes ?? []) {
        if (typeof title === 'string' ? fix.title === title : title.test(fix.title))
          return applyOffsetEdits(text, [...fix.edits]);
      }
    }
    assert.fail(
      `no fix titled ${String(title)} among ${JSON.stringify(pool.map((d) => (d.data as DiagnosticData | undefined)?.fixes?.map((f) => f.title)))}`,
    );
  };
  return { text, document, diagnostics, fixed };
}

/**
 * Asserts the diagnostics of a fixture: one per `«...»` range, with the given codes in the
 * order of the ranges, and nothing else. Returns the result for further checks.
 */
function expectCodes(src: string, codes: readonly string[], options: ServiceOptions = {}): Result {
  const { ranges } = marked(src, { cursor: 'none' });
  const result = diagnose(src, options);
  const document = result.document;
  const got = result.diagnostics.map(
    (d) => `${String(d.code)}@${document.offsetAt(d.range.start)}-${document.offsetAt(d.range.end)}`,
  );
  const want = codes.map((c, i) => {
    const r = ranges[i];
    assert.ok(r, `fixture needs a «range» for ${c}: ${src}`);
    return `${c}@${r.start}-${r.end}`;
  });
  assert.equal(ranges.length, codes.length, `fixture has ${ranges.length} ranges for ${codes.length} codes: ${src}`);
  assert.deepEqual(
    [...got].sort(),
    [...want].sort(),
    `diagnostics of ${JSON.stringify(result.text)}: ${result.diagnostics.map((d) => d.message).join(' | ')}`,
  );
  return result;
}

const PREMIUM = { settings: { premium: true } };

describe('diagnostics', () => {
  describe('one fixture per rule', () => {
    it('covers every rule of the table', () => {
      assert.deepEqual(Object.keys(RULE_FIXTURES).sort(), RULES.map((r) => r.code).sort());
    });
    for (const [code, { src, options, amid }] of Object.entries(RULE_FIXTURES)) {
      it(`${code}: ${JSON.stringify(src.length > 80 ? src.slice(0, 60) + '…' : src)}`, () => {
        const { ranges } = marked(src, { cursor: 'none' });
        const result = amid
          ? diagnose(src, options)
          : expectCodes(
              src,
              ranges.map(() => code),
              options,
            );
        const own = result.diagnostics.filter((d) => d.code === code);
        if (amid) {
          const at = (d: Diagnostic) => [
            result.document.offsetAt(d.range.start),
            result.document.offsetAt(d.range.end),
          ];
          assert.deepEqual(
            own.map(at),
            ranges.map((r) => [r.start, r.end]),
          );
        }
        const rule = RULES.find((r) => r.code === code)!;
        const severity = { error: 1, warning: 2, information: 3, hint: 4 }[rule.severity];
        for (const d of own) assert.equal(d.severity, severity);
      });
    }
  });

  describe('known names glued to letters', () => {
    const real = { catalog: snapshotCatalog() };
    it('reads the repros of issue #10 with the real catalog as BDFD does', () => {
      const ping = expectCodes('Pong! `«$pingms»`', ['glued-name'], real);
      assert.equal(ping.diagnostics[0]!.message as string, '`$pingms` reads as `$ping` followed by the text "ms".');
      // The snippet never sets `nsfw`, which the variable rule rightly says too.
      expectCodes('NSFW: $if[$var[«nsfw»]==true]Yes«$elseNo»$endif', ['unset-variable', 'glued-name'], real);
      expectCodes('$try\n$ban[1]\n«$catchOops»$endtry', ['glued-name'], real);
    });
    it('gives the hint a fix that keeps the reading and silences it', () => {
      const r = expectCodes('Hi «$usernameabc»', ['glued-name']);
      assert.equal(r.fixed('Write `$username$c[]abc` to keep the text apart'), 'Hi $username$c[]abc');
      expectCodes('Hi $username$c[]abc', []);
    });
    it('lets block words glued to text work as block words', () => {
      expectCodes('$if[1==1]Yes«$elseNo»$endif', ['glued-name']);
      expectCodes('$if[1==1]Yes$else No«$endif2»', ['glued-name']);
    });
    it('warns when brackets follow the glued letters: they are text, not arguments', () => {
      // The bare `$addButton` needs arguments, but the glued letters are the mistake to name.
      const r = expectCodes('«$addButtonn[»yes;id;label]', ['glued-arguments']);
      assert.equal(
        r.diagnostics.find((d) => d.code === 'glued-arguments')!.message as string,
        '`$addButtonn[` reads as `$addButton` followed by the text "n[": the brackets are text, not arguments of `$addButton`. Did you mean `$addButton`?',
      );
      assert.equal(r.fixed('Change to `$addButton`'), '$addButton[yes;id;label]');
    });
    it('reads glued names spelled %{DOL}% once special escaping is off', () => {
      expectCodes('$disableSpecialEscaping\nHi «%{DOL}%usernameabc»', ['glued-name']);
    });
    it('shows at most 40 glued characters', () => {
      const r = expectCodes(`«$username${'x'.repeat(60)}»`, ['glued-name']);
      assert.equal(
        r.diagnostics[0]!.message as string,
        `\`$username${'x'.repeat(40)}…\` reads as \`$username\` followed by the text "${'x'.repeat(40)}…".`,
      );
    });
  });

  describe('unknown functions', () => {
    it('suggests near names and fixes to the single one', () => {
      const r = expectCodes('«$usernam» and «$Username»', ['unknown-function', 'unknown-function']);
      assert.equal(r.diagnostics[0]!.message as string, 'Unknown function `$usernam`. Did you mean `$username`?');
      assert.equal(r.diagnostics[1]!.message as string, 'Unknown function `$Username`. Did you mean `$username`?');
      assert.equal(r.fixed('Change to `$username`', r.diagnostics[0]), '$username and $Username');
      assert.equal((r.diagnostics[0]!.data as DiagnosticData).fixes![0]!.preferred, true);
    });
    it('keeps a name whole when no known name starts it', () => {
      const r = expectCodes('Pong! «$xusernameabcdef»', ['unknown-function']);
      assert.equal(r.diagnostics[0]!.message as string, 'Unknown function `$xusernameabcdef`.');
    });
    it('never judges comments, a bare $c, escaped dollars or prices', () => {
      expectCodes('$c[$nothing here; $usernam] $c costs $5 and %{DOL}%usernam', []);
      const r = expectCodes('«$x»', ['unknown-function']);
      assert.equal(r.diagnostics[0]!.message as string, 'Unknown function `$x`.');
    });
    it('keeps a %{DOL}% prefix when fixing a name that special escaping turned into a call', () => {
      const r = expectCodes('$disableSpecialEscaping\n«%{DOL}%usernme»', ['unknown-function']);
      assert.equal(r.fixed('Change to `$username`'), '$disableSpecialEscaping\n%{DOL}%username');
    });
    it('judges calls nested at any depth and inside comments never', () => {
      expectCodes('$title[$username[$username[«$authorIDD»]]] $c[$title[$x\\]]', ['unknown-function']);
    });
    it('keeps what it works out per name for a bounded number of names, and judges the same after it starts afresh', () => {
      // A server meets every prefix of every name typed: the memo of what each name means
      // (callChecker.ts) must not grow with them. A catalog of its own, so the memo is this test's.
      const catalog = new Catalog(testCatalogData());
      const names = Array.from({ length: MAX_CALL_KIND_NAMES + 10 }, (_, k) => `$typed${k}`);
      const { service, document } = serviceFor(names.join(' '), { catalog });
      service.validate(document);
      assert.ok(callKindNames(catalog) > 0, 'the names are kept');
      assert.ok(callKindNames(catalog) <= MAX_CALL_KIND_NAMES, `${callKindNames(catalog)} names kept`);
      // After the memo started afresh, a name is judged as before.
      const again = serviceFor('$username $usernam', { catalog });
      assert.deepEqual(
        again.service.validate(again.document).map((d) => d.message),
        ['Unknown function `$usernam`. Did you mean `$username`?'],
      );
    });
  });

  describe('forms', () => {
    it('flags brackets on a bare-only function and removes empty ones', () => {
      const r = expectCodes('«$nomention[]» «$nomention[x]»', ['wrong-form', 'wrong-form']);
      assert.equal(r.diagnostics[0]!.message as string, '`$nomention` takes no arguments: write it without brackets.');
      assert.equal(r.fixed('Remove the empty `[]`', r.diagnostics[0]), '$nomention $nomention[x]');
      assert.equal(r.diagnostics[1]!.data, undefined);
    });
    it('flags a bare call to a bracket-only function, unless all its arguments are optional', () => {
      const r = expectCodes('«$title» hi $isTicket', ['wrong-form']);
      assert.equal(r.diagnostics[0]!.message as string, '`$title` needs arguments: `$title[Title;(Index)]`.');
      assert.equal(r.fixed('Add `[]`'), '$title[] hi $isTicket');
    });
    it('accepts both forms where both exist', () => {
      expectCodes('$random $random[1;10] $username $username[123] $channelID $channelID[general]', []);
    });
  });

  describe('argument counts', () => {
    it('reports extra arguments from the separator before the first extra one, with the escape as fix', () => {
      const r = expectCodes('$channelID[general«;chat;room»]', ['too-many-arguments']);
      assert.match(
        r.diagnostics[0]!.message as string,
        /^`\$channelID` takes at most 1 argument \(Channel name\); got 3\./,
      );
      assert.equal(r.fixed(/^Escape the extra/), '$channelID[general\\;chat\\;room]');
    });
    it('offers no escape when the last parameter is not text', () => {
      const r = expectCodes('$title[a;1«;c»]', ['too-many-arguments']);
      assert.equal(r.diagnostics[0]!.data, undefined);
    });
    it('treats $f[] as no arguments for functions without parameters or with an optional first one', () => {
      expectCodes('$botTyping[] $isTicket[] $botTyping[«x»]', ['too-many-arguments']);
    });
    it('binds repeatable parameters in the middle and tuples', () => {
      expectCodes('$jsonSet[a;b;c;1] $jsonSet[a;1] $onlyPerms[ban;kick;No!] $randomText[a;b;c]', []);
      const r = expectCodes('$jsonSet[a«]»', ['missing-argument']);
      assert.equal(
        r.diagnostics[0]!.message as string,
        '`$jsonSet` is missing the required argument "Value": `$jsonSet[Key;...;Value]`.',
      );
      expectCodes('$awaitReactions[cmd;👍;other;✅]', [], PREMIUM);
      const t = expectCodes('$awaitReactions[cmd;👍;other«]»', ['missing-argument'], PREMIUM);
      assert.match(t.diagnostics[0]!.message as string, /"Reaction"/);
    });
    it('names every missing argument on the closing bracket', () => {
      const r = expectCodes('$addButton[no;id«]»', ['missing-argument']);
      assert.equal(
        r.diagnostics[0]!.message as string,
        '`$addButton` is missing the required arguments "Label", "Style": `$addButton[New row;Button ID/URL;Label;Style;(Disabled;Emoji;Message ID)]`.',
      );
    });
    it('does not count the arguments of an unclosed call, which run to the end of the document', () => {
      expectCodes('$title«[»a;b;c\n$addButton«[»no', ['unclosed-bracket', 'unclosed-bracket']);
    });
  });

  describe('empty arguments', () => {
    it('allows emptiable and vacantable ones, flags required and optional ones', () => {
      expectCodes('$addButton[no;id;;primary;;;] $title[;2]', []);
      const r = expectCodes('$addButton[no;«»;label;primary] $title[hi;«»] $username[«»]', [
        'empty-argument',
        'empty-argument',
        'empty-argument',
      ]);
      assert.equal(
        r.diagnostics[0]!.message as string,
        '`$addButton` argument "Button ID/URL" is required and may not be empty.',
      );
      assert.equal(
        r.diagnostics[1]!.message as string,
        '`$title` argument "Index" may be left out but not given empty.',
      );
    });
    it('does not trim: a space is a value (as $textSplit[$message; ] relies on)', () => {
      const r = expectCodes('$title[hi;« »]', ['invalid-argument']);
      assert.equal(r.diagnostics[0]!.message as string, '`$title` argument "Index" must be a whole number; got " ".');
    });
    it('counts an argument holding only a comment as empty', () => {
      expectCodes('$username[«$c[who]»]', ['empty-argument']);
    });
  });

  describe('literal values', () => {
    it('names the function, the argument, what it must be and what it got', () => {
      const r = expectCodes('$addButton[no;id;label;«blue»]', ['invalid-argument']);
      assert.equal(
        r.diagnostics[0]!.message as string,
        '`$addButton` argument "Style" must be one of primary, secondary, success, danger, link; got "blue".',
      );
    });
    it('suggests near enum values and fixes to the single one', () => {
      const r = expectCodes('$addButton[no;id;label;«primay»] $addButton[yes;id2;label;DANGER]', ['invalid-argument']);
      assert.match(r.diagnostics[0]!.message as string, /Did you mean "primary"\?$/);
      assert.equal(r.fixed('Change to "primary"'), '$addButton[no;id;label;primary] $addButton[yes;id2;label;DANGER]');
    });
    it('checks every type the test catalog uses', () => {
      expectCodes(
        '$addButton[«maybe»;id;l;danger;«x»;«nope»;«abc»] $color[«red»] $image[«example.com»] $round[«1,5»] $cooldown[«10 m»;x] $argsCheck[«>=2»;x] $onlyPerms[«bann»;x]',
        new Array<string>(10).fill('invalid-argument'),
      );
      expectCodes(
        '$addButton[yes;https://x.y;l;Link;no;✅;123] $color[#FF0000] $color[ff544c] $image[https://x.y/a.png] $round[1.5;2] $cooldown[1h30m;x] $argsCheck[>1;x] $onlyPerms[-ManageRoles;x] $random[1;2.5]',
        [],
      );
    });
    it('does not judge arguments that contain a call', () => {
      expectCodes('$addButton[$username;id;l;$username[1];$nomention;$username;$username] $color[$username]', []);
    });
    it('reads escapes in values and fixes only plain text', () => {
      const r = expectCodes('$addButton[no;id;l;«prim\\;ary»] $title[a\\]b;1]', ['invalid-argument']);
      assert.match(r.diagnostics[0]!.message as string, /got "prim;ary"/);
      assert.equal(r.diagnostics[0]!.data, undefined);
    });
    it('knows emoji aliases and suggests near ones', () => {
      expectCodes('$addReactions[:thumbsup:;✅;<:x:123>;<a:y:456>;#️⃣;:+1:]', []);
      const r = expectCodes('$addReactions[«:thumbup:»;«thumbsup»]', ['unknown-emoji', 'invalid-argument']);
      assert.match(
        r.diagnostics[0]!.message as string,
        /^`\$addReactions` argument "Emoji" uses the emoji alias ":thumbup:"/,
      );
      assert.equal(r.fixed('Change to ":thumbsup:"'), '$addReactions[:thumbsup:;thumbsup]');
    });
  });

  describe('syntax', () => {
    it('escapes a ] that closes a call too early, which also resolves the stray one', () => {
      const r = expectCodes('$description[[link«]»(url)«]»', ['unescaped-bracket', 'stray-bracket']);
      const fixed = r.fixed('Escape this `]` as `\\]`');
      assert.equal(fixed, '$description[[link\\](url)]');
      expectCodes(fixed, []);
      assert.equal(r.diagnostics[0]!.relatedInformation?.[0]?.location.range.start.character, 13);
    });
    it('stays quiet when the open text `[` follows a visibly escaped name: code that writes BDScript', () => {
      expectCodes('$textSplit[$message;$$c[]map[]', [], { catalog: snapshotCatalog() });
      expectCodes('$title[%{DOL}%sum[]', []);
      expectCodes('$title[Type $$c[]random[1\\;10\\] for a number]', []);
      // Not escaped: a plain word, or %{DOL}% that $disableSpecialEscaping makes a call.
      expectCodes('$title[sum[«]»', ['unescaped-bracket']);
      expectCodes('$title[$c[x]sum[«]»', ['unescaped-bracket']);
    });
    it('raises no bracket problem for escaped characters in any spelling', () => {
      expectCodes('$title[a\\;b\\]c\\\\ %ESCAPED% %{-SEMICOL-}% [x\\]] [link](url) $c[a \\] b]', []);
    });
    it('reports an unclosed [ once, with no argument noise', () => {
      expectCodes('$title«[»a;b;c;d\n$nomention', ['unclosed-bracket']);
    });
  });

  describe('blocks', () => {
    it('accepts nested blocks, blocks inside arguments and several on one line (BDScript 2)', () => {
      expectCodes(
        '$if[a]\n$try\n$title[$if[b]x$else y$endif]\n$catch\n$description[$error[message]]\n$endtry\n$elseif[c]\n$else\n$endif $async[a]$endasync$await[a]',
        [],
      );
    });
    it('relates a second $else to its $if and the first $else', () => {
      const r = expectCodes('$if[a]\n$else\n«$else»\n$endif', ['duplicate-else']);
      const related = r.diagnostics[0]!.relatedInformation!;
      assert.deepEqual(
        related.map((x) => [x.location.uri, x.location.range.start.line, x.message]),
        [
          ['file:///test.bds', 0, 'The `$if` of this block'],
          ['file:///test.bds', 1, 'The first `$else`'],
        ],
      );
    });
    it('relates a duplicate $async name to the first one', () => {
      const r = expectCodes('$async[a]$endasync\n«$async»[a]$endasync', ['duplicate-async']);
      assert.equal(r.diagnostics[0]!.relatedInformation![0]!.location.range.start.line, 0);
    });
    it('keeps blocks inside an argument apart from the outside', () => {
      expectCodes('$title[«$if»[a]x] «$endif»', ['unclosed-block', 'stray-block-end']);
    });
  });

  describe('catalog flags', () => {
    it('strikes deprecated functions through and replaces the name keeping the arguments', () => {
      const r = expectCodes('«$channelIDFromName»[general]', ['deprecated']);
      const d = r.diagnostics[0]!;
      assert.deepEqual(d.tags, [DiagnosticTag.Deprecated]);
      assert.equal(d.message as string, '`$channelIDFromName` is deprecated: use `$channelID` instead.');
      assert.equal(r.fixed('Replace with `$channelID`'), '$channelID[general]');
      assert.equal((d.data as DiagnosticData).fixes![0]!.preferred, true);
    });
    it('warns about premium functions and callbacks unless the bot has premium', () => {
      const r = expectCodes('«$alwaysReply»\n«$awaitReactions»[cmd;👍]', ['premium', 'premium']);
      assert.match(r.diagnostics[0]!.message as string, /^`\$alwaysReply` is a premium callback/);
      assert.match(r.diagnostics[1]!.message as string, /^`\$awaitReactions` is a premium function/);
      expectCodes('$alwaysReply\n$awaitReactions[cmd;👍]', [], PREMIUM);
    });
    it('names the intent and where to enable it', () => {
      const r = expectCodes('«$userJoined»[1] «$getUserStatus»[1]', ['intents', 'intents']);
      assert.equal(r.diagnostics[0]!.severity, DiagnosticSeverity.Information);
      assert.match(
        r.diagnostics[0]!.message as string,
        /needs the Server Members intent: enable it in the bot's settings in the BDFD app and in the Discord developer portal \(Bot → Privileged Gateway Intents\)/,
      );
      assert.match(r.diagnostics[1]!.message as string, /needs the Presence intent/);
    });
  });

  describe('triggers and callbacks', () => {
    it('accepts a callback alone on the first line and judges the calls in its arguments as functions', () => {
      expectCodes('$onInteraction[button] $c[trigger]\n$nomention\nClicked', []);
      expectCodes('«$onJoined»[«$usernam»]\nWelcome', ['intents', 'unknown-function']);
    });
    it('flags a callback used in code, and one that shares the line with text', () => {
      expectCodes('«$onJoined»[123] hello', ['callback-in-code']);
      expectCodes('$nomention\n$title[«$alwaysReply»]', ['callback-in-code']);
    });
    it('lets the function win in code when a name is both', () => {
      expectCodes('$nomention\n$onInteraction', []);
    });
    it('suggests the callback for an unknown first-line name close to one or starting with $on', () => {
      const r = expectCodes('«$onJoin»[123]\nHello', ['not-a-callback']);
      assert.equal(
        r.diagnostics[0]!.message as string,
        '`$onJoin` is not a callback, so this first line is code, not the trigger. Did you mean `$onJoined`?',
      );
      assert.equal(r.fixed('Change to `$onJoined`'), '$onJoined[123]\nHello');
      expectCodes('«$onSomething»\nHello', ['not-a-callback']);
      expectCodes('«$usernam»\nHello', ['unknown-function']);
      const r2 = expectCodes('«$onlyPerm»[ban;No]\nHello', ['unknown-function']);
      assert.match(r2.diagnostics[0]!.message as string, /Did you mean `\$onlyPerms`\?/);
    });
  });

  describe('script languages', () => {
    it('flags BDScript 2 functions in BDScript and BDScript Unstable, naming the language and the switch', () => {
      const r = expectCodes('$c[bdscript-language: BDScript]\n«$var»[a;1] «$try» «$catch» «$endtry»', [
        'language-feature',
        'language-feature',
        'language-feature',
        'language-feature',
      ]);
      assert.match(
        r.diagnostics[0]!.message as string,
        /^`\$var` only exists in BDScript 2; this file is BDScript\. .*`\$c\[bdscript-language: BDScript 2\]`/,
      );
      expectCodes('«$stop»', ['language-feature'], { settings: { language: 'BDScript Unstable' } });
      expectCodes('$stop $var[a;1]', []);
    });
    it('lets the in-file directive win over the setting', () => {
      expectCodes('$c[bdscript-language: bdscript-2]\n$stop', [], { settings: { language: 'BDScript' } });
    });
    it('flags blocks inside arguments and several block functions on one line outside BDScript 2', () => {
      expectCodes('$c[bdscript-language: BDScript]\n$title[«$if»[a]x«$endif»]\n$if[b]\ny\n$endif', [
        'language-feature',
        'language-feature',
      ]);
      expectCodes('$c[bdscript-language: BDScript]\n$if[a]x «$endif»', ['language-feature']);
    });
    it('reports an unknown language and keeps the setting', () => {
      const r = expectCodes('«$c[bdscript-language: Python]»\n$stop', ['unknown-directive']);
      assert.match(r.diagnostics[0]!.message as string, /"Python"/);
    });
  });

  describe('severity and directives', () => {
    it('takes severities from the settings, and off drops the rule', () => {
      const r = expectCodes('«$usernam»', ['unknown-function'], {
        settings: { diagnostics: { severity: { 'unknown-function': 'error' } } },
      });
      assert.equal(r.diagnostics[0]!.severity, DiagnosticSeverity.Error);
      expectCodes('$usernam', [], { settings: { diagnostics: { severity: { 'unknown-function': 'off' } } } });
      expectCodes('«$usernam»', ['unknown-function'], {
        settings: { diagnostics: { severity: { toString: 'off', constructor: 'off' } } },
      });
    });
    it('silences a rule on the line, the next line or the whole file', () => {
      expectCodes('$usernam $c[bdscript-disable-line unknown-function]\n«$usernam»', ['unknown-function']);
      expectCodes('$c[bdscript-disable-next-line]\n$usernam $title\n«$usernam»', ['unknown-function']);
      expectCodes('$c[bdscript-disable unknown-function -- the catalog is old]\n$usernam\n«$title»', ['wrong-form']);
      expectCodes('$c[bdscript-disable]\n$usernam $title[', []);
      expectCodes('$usernam $c[bdscript-disable-line premium, unknown-function]', []);
    });
    it('reports unknown rules in a directive and silences nothing when it names only those', () => {
      const r = expectCodes('«$c[bdscript-disable-line nonsense, other]» «$usernam»', [
        'unknown-directive',
        'unknown-function',
      ]);
      assert.equal(
        r.diagnostics[0]!.message as string,
        '`bdscript-disable-line` names unknown rules: "nonsense", "other".',
      );
    });
  });

  it('judges no name before a catalog has loaded, but still reports syntax and blocks', () => {
    expectCodes('$usernam $title «$if»[a] $addButton«[»', ['unclosed-block', 'unclosed-bracket'], {
      catalog: Catalog.empty(),
    });
  });

  it('returns diagnostics in document order with LSP ranges in UTF-16', () => {
    const { diagnostics } = diagnose('😀 $usernam\n$nomention[] $usernam');
    assert.deepEqual(
      diagnostics.map((d) => [d.range.start.line, d.range.start.character, d.range.end.character]),
      [
        [0, 3, 11],
        [1, 0, 12],
        [1, 13, 21],
      ],
    );
  });

  it('never throws on hostile text and caps the number of diagnostics', () => {
    const { diagnostics } = diagnose('$x'.repeat(20_000) + '$a['.repeat(2000) + ']'.repeat(5000));
    // 5,000 findings, then the note that says how many there are.
    assert.equal(diagnostics.length, 5001);
    assert.equal(diagnostics[5000]!.code, 'too-many-findings');
    assert.ok(diagnostics.slice(0, 5000).every((d) => d.code !== 'too-many-findings'));
  });
});
