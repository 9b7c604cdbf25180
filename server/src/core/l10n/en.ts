// English: the message templates every other language translates. Add a key here and one line
// per language (es.ts, ptBr.ts, ru.ts); the l10n test names any key a language lacks and any
// placeholder a translation drops or invents. Syntax: see index.ts. Code (`$if`, `[`, `;`),
// function and argument names stay as they are in every language.

export const EN = {
  // Lists and counts.
  'list.or': '{a} or {b}',
  'list.and': '{a} and {b}',
  'count.errors': '{n} {n, plural, one {error} other {errors}}',
  'count.warnings': '{n} {n, plural, one {warning} other {warnings}}',
  'count.information': '{n} information',
  'count.hints': '{n} {n, plural, one {hint} other {hints}}',

  // Syntax (parser).
  'syntax.unclosedBracket': '`{name}[` is never closed: add `]`.',
  'syntax.unescapedBracket':
    'This `]` closes `{name}[`, but a `[` in its arguments is still open as text. If the `]` belongs to that `[`, escape it as `\\]`.',
  'syntax.strayBracket':
    "This `]` is outside any function's arguments, so it is plain text. If an argument ended too early, escape the `]` inside it as `\\]`.",
  'syntax.unclosedComment': 'This `$c[` comment is never closed: everything after it is comment text. Add `]`.',

  // Blocks (parser).
  'block.unclosed': '`{name}` is never closed: add `{closer}`.',
  'block.strayEnd': '`{name}` has no `{opener}` to close.',
  'block.elseOutsideIf': '`{name}` is only valid inside an `$if` block.',
  'block.elseifAfterElse': '`$elseif` cannot come after `$else` in the same `$if` block.',
  'block.duplicateElse': 'This `$if` block already has an `$else`.',
  'block.catchOutsideTry': '`$catch` is only valid inside a `$try` block.',
  'block.duplicateCatch': 'This `$try` block already has a `$catch`.',
  'block.errorOutsideCatch': '`$error` only has a value inside a `$catch` branch of a `$try` block.',
  'block.duplicateAsync': 'An `$async` block named "{name}" already exists; names must be unique.',
  'block.unknownAsync': 'No `$async[{name}]` block in this code: `$await` needs the name of an `$async` block.',

  // Related information.
  'related.openBracketText': 'The `[` still open as text',
  'related.ifOfBlock': 'The `$if` of this block',
  'related.firstElse': 'The first `$else`',
  'related.branchBefore': 'The branch before it',
  'related.firstCatch': 'The first `$catch`',
  'related.firstAsync': 'The first `$async` with this name',
  'related.firstWithId': 'The first component with this ID',
  'related.embedInMessage': 'The embed in the same message',
  'related.parentWithId': 'The {noun} with this ID',
  'related.parentCreated': 'Where the {noun} is created',
  'related.firstVarSet': 'The first `$var[{shown};...]`',
  'related.varWithComma': 'A `$var` written with `,` instead of `;`',

  // Directives.
  'directive.languageMissing': '`bdscript-language` needs a language: BDScript 2, BDScript or BDScript Unstable.',
  'directive.languageUnknown':
    'Unknown script language "{value}" in `bdscript-language`: use BDScript 2, BDScript or BDScript Unstable.',
  'directive.unknownRules':
    '`bdscript-{kind}` names {count, plural, one {an unknown rule} other {unknown rules}}: {rules}.',

  // Script languages.
  'lang.switch':
    'Switch the command to BDScript 2 in the app and write `$c[bdscript-language: BDScript 2]` in the file (or set `bdscript.language`).',
  'lang.featureSwitch': '{problem} {switch}',
  'lang.blocksOnOneLine':
    'Several block functions on one line need BDScript 2; this file is {language}. Put `{name}` on a line of its own.',
  'lang.onlyBdscript2': '`{name}` only exists in BDScript 2; this file is {language}.',
  'lang.blockInArgument': "`{name}` inside a function's argument needs BDScript 2; this file is {language}.",

  // Calls.
  'diag.didYouMean': ' Did you mean {names}?',
  'diag.callbackInCode':
    "`{name}` is a callback: it belongs in the command's trigger, not in its code. Put it alone on the first line of the file to make that line the trigger.",
  'diag.notACallback': '`{name}` is not a callback, so this first line is code, not the trigger.{suggest}',
  'diag.unknownFunction': 'Unknown function `{name}`.{suggest}',
  'diag.gluedArguments':
    '`{name}{glued}[` reads as `{name}` followed by the text "{glued}[": the brackets are text, not arguments of `{name}`.{suggest}',
  'diag.gluedName': '`{name}{glued}` reads as `{name}` followed by the text "{glued}".',
  'diag.bareOnly': '`{name}` takes no arguments: write it without brackets.',
  'diag.needsArguments': '`{name}` needs arguments: `{tag}`.',
  'diag.premiumFunction':
    '`{name}` is a premium function: it only works for bots with BDFD premium. If your bot has premium, turn on the `bdscript.premium` setting.',
  'diag.premiumCallback':
    '`{name}` is a premium callback: it only works for bots with BDFD premium. If your bot has premium, turn on the `bdscript.premium` setting.',
  'diag.intentsOne':
    "`{name}` needs the {intent} intent: enable it in the bot's settings in the BDFD app and in the Discord developer portal (Bot → Privileged Gateway Intents).",
  'diag.intentsBoth':
    "`{name}` needs the {first} and {second} intents: enable them in the bot's settings in the BDFD app and in the Discord developer portal (Bot → Privileged Gateway Intents).",
  'diag.deprecated': '`{name}` is deprecated.',
  'diag.deprecatedFor': '`{name}` is deprecated: use `{replacement}` instead.',
  'diag.takesNoArguments': '`{name}` takes no arguments.',
  'diag.missingArguments':
    '`{name}` is missing the required {count, plural, one {argument} other {arguments}} {names}: `{tag}`.',
  'diag.emptyRequired': '`{name}` argument "{label}" is required and may not be empty.',
  'diag.emptyOptional': '`{name}` argument "{label}" may be left out but not given empty.',
  'diag.invalidArgument': '`{name}` argument "{label}" {detail}.{suggest}',
  'diag.tooManyArguments':
    '`{name}` takes at most {max} {max, plural, one {argument} other {arguments}} ({params}); got {got}. If a `;` is meant as text, escape it as `\\;`.',
  'diag.capped':
    'Only the first {shown} of {all} findings in this file are shown (in all: {list}). Fix those first, or turn off rules you do not need with `bdscript.diagnostics.severity`, to see the rest.',

  // Argument values.
  'value.mustBe': 'must be {expected}; got {got}',
  'value.unknownEmoji': 'uses the emoji alias {got}, which the emoji list does not know',
  'type.integer': 'a whole number',
  'type.float': 'a number',
  'type.bool': 'yes, no, true or false',
  'type.snowflake': 'a Discord ID (digits)',
  'type.color': 'a colour: a hex code such as #FF0000 or FF0000, or an integer',
  'type.url': 'a URL starting with http:// or https://',
  'type.duration': 'a duration such as 30s, 10m, 2h, 1d or 1w (a plain number means seconds)',
  'type.howMany': 'a count such as 2, >2 or <2',
  'type.enum': 'one of {values}',
  'type.permission': 'a permission name such as managemessages (optionally with + or -)',
  'type.emoji': 'an emoji: a Unicode emoji, an :alias:, <:name:id>, <a:name:id> or an emoji ID',
  'type.text': 'text',

  // Quick fixes.
  'fix.escapeBracket': 'Escape this `]` as `\\]`',
  'fix.changeTo': 'Change to `{name}`',
  'fix.changeToValue': 'Change to "{value}"',
  'fix.keepTextApart': 'Write `{name}$c[]{glued}` to keep the text apart',
  'fix.removeEmptyBrackets': 'Remove the empty `[]`',
  'fix.addBrackets': 'Add `[]`',
  'fix.escapeSemicolons': 'Escape the extra `;` as `\\;` (text of "{label}")',
  'fix.addPlus': 'Add `+` (give the role)',
  'fix.addMinus': 'Add `-` (take the role away)',
  'fix.setWithSemicolon': 'Set {name}: write `;` instead of `,`',

  // Per-call rules.
  'rule.roleGrantSign':
    '`$roleGrant` needs `+` or `-` before each role, and this role has neither. Write `+` before the role ID to give the role, or `-` to take it away.',
  'rule.roleGrantSignNamed':
    '`$roleGrant` needs `+` or `-` before each role, and the role {role} has neither. Write `+` before the role ID to give the role, or `-` to take it away.',
  'rule.sqrtNegative':
    '`$sqrt` cannot take the square root of a negative number (got {value}): BDFD stops the command with an error. Give it a number of 0 or more.',
  'rule.embedInSentMessage':
    "`{name}` inside `$sendMessage` does not go into the message `$sendMessage` sends: embed functions build the embed of the command's reply. To send an embed in a message of its own, use `$sendEmbedMessage`; for the reply, move it out of `$sendMessage`.",
  'rule.textCap': '{what} of {count} characters: Discord allows {max} and refuses the message. Shorten it by {over}.',
  'rule.embedIndex':
    '`{name}` sets embed {index}, but Discord allows {max} embeds in one message and refuses the message. Use an index from 1 to {max}.',
  'rule.embedFields':
    'This is field {n} of embed {index} on this path through the command; Discord allows {max} fields in one embed and refuses the message.',
  'rule.embedsTotal':
    "The embeds of this message reach at least {count} characters here (titles, descriptions, field names and values, footers and authors together); Discord allows {max} across a message's embeds and refuses the message.",
  'what.embedTitle': 'An embed title',
  'what.embedDescription': 'An embed description',
  'what.embedFooter': 'An embed footer',
  'what.embedAuthor': 'An embed author name',
  'what.embedFieldName': 'An embed field name',
  'what.embedFieldValue': 'An embed field value',
  'what.buttonLabel': 'A button label',
  'what.buttonCustomId': 'A button custom ID',
  'what.buttonUrl': 'A link button URL',
  'rule.sentMessageTooLong':
    'The message `{name}` sends here has at least {count} characters; Discord allows {max} in one message. Split it into several messages or shorten it.',
  'rule.replyTooLong':
    "The reply's text reaches {max} characters here (at least {next} by the end of this part, blanks not counted); Discord allows {max} in one message. Split it with `$sendMessage` or shorten it.",

  // Select menus and modals.
  'menu.textLength': '{what} of `{name}` has {n} characters; Discord allows at most {max}.',
  'part.placeholder': 'The placeholder',
  'part.id': 'The ID',
  'part.label': 'The label',
  'part.value': 'The value',
  'part.description': 'The description',
  'part.modalId': 'The modal ID',
  'part.title': 'The title',
  'part.textInputId': 'The text input ID',
  'menu.minMaxRange':
    '`{name}` "{arg}" must be a whole number from {lo} to {hi}, Discord\'s limit for a select menu; got {got}.',
  'menu.minOverMax':
    '`{name}` "{minName}" ({min}) is more than "{maxName}" ({max}): a select menu cannot ask for more choices than it allows.',
  'menu.fewerOptions':
    'The select menu {id} allows {max} {max, plural, one {choice} other {choices}} ("{maxName}"), but this command adds {added, plural, =0 {no option} one {only 1 option} other {only # options}} to it: Discord refuses a select menu that allows more choices than it has options. Lower "{maxName}" or add options.',
  'modal.minLengthRange': '`$addTextInput` "Minimum length" must be a whole number from {lo} to {hi}; got {got}.',
  'modal.maxLengthRange': '`$addTextInput` "Maximum length" must be a whole number from {lo} to {hi}; got {got}.',
  'modal.minOverMax':
    '`$addTextInput` "Minimum length" ({min}) is more than "Maximum length" ({max}): no answer could fit both.',
  'modal.valueTooLong': 'The value of `$addTextInput` has {n} characters; Discord allows at most {max}.',
  'modal.valueUnderMin': 'The value of `$addTextInput` has {n} characters, fewer than its "Minimum length" of {min}.',
  'modal.valueOverMax': 'The value of `$addTextInput` has {n} characters, more than its "Maximum length" of {max}.',
  'modal.tooManyInputs': 'This is the {n, ordinal} text input of one modal; Discord allows at most {max} in a modal.',
  'modal.noInput':
    'This modal has no text input: Discord needs 1 to {max} in a modal. Add `$addTextInput[...]` after `$newModal`.',

  // Components.
  'comp.sectionTexts': 'This is the {n, ordinal} text display in the section {section}; a section holds one to {max}.',
  'comp.galleryItems': 'This is the {n, ordinal} item of the media gallery {owner}; a gallery holds 1 to {max}.',
  'comp.selectOptions':
    'This is the {n, ordinal} option of the select menu {owner}; a select menu holds at most {max} options.',
  'comp.linkNeedsUrl':
    'A `link` button opens a URL and sends no interaction: its "Button ID/URL" must be a URL starting with http:// or https:// (for a button the bot answers, use primary, secondary, success or danger).',
  'comp.urlNeedsLink':
    'This button has a URL but the style "{style}": a button that opens a URL needs the style `link`.',
  'comp.selectMenuRows':
    'This select menu needs a {n, ordinal} action row; a message holds at most {max} (each select menu takes a row of its own, and rows of buttons count too).',
  'comp.buttonRows':
    'This button starts a {n, ordinal} action row; a message holds at most {max} rows of {buttons} buttons (select menus take a row each).',
  'comp.buttonsInRow':
    'This is the {n, ordinal} button in one action row; a row holds at most {max}. Give this button `yes` as "New row" to start a new row.',
  'comp.duplicateId':
    'The custom ID {id} is already used by another component of this message; Discord needs a different ID for each component of one message.',
  'comp.v2Total':
    'This is the {n, ordinal} component of this Components V2 message; Discord allows {max} in one message, nested ones included.',
  'comp.rowHasSelect':
    'The action row {row} already holds a select menu; a select menu fills its row alone, so this button needs a row of its own.',
  'comp.buttonsInNamedRow': 'This is the {n, ordinal} button in the action row {row}; a row holds at most {max}.',
  'comp.selectAfterSelect': 'The action row {row} already holds a select menu; a select menu fills its row alone.',
  'comp.selectAfterButtons': 'The action row {row} already holds buttons; a select menu fills its row alone.',
  'comp.v2WithEmbed':
    '`{name}` makes this a Components V2 message, which cannot have embeds, but `{embed}` builds one in the same message. Use a container (`$addContainer` with `$addTextDisplay`) instead of the embed.',

  // Parents of components.
  'noun.selectMenu': 'select menu',
  'noun.modal': 'modal',
  'noun.container': 'container',
  'noun.section': 'section',
  'noun.actionRow': 'action row',
  'noun.mediaGallery': 'media gallery',
  'parent.noModal':
    '`$addTextInput` adds a field to a modal, but this command creates no modal: start it with `$newModal[Modal ID;Title]` before the text inputs.',
  'parent.missing':
    'No {kinds} with the ID {id} is created in this command, so `{name}` has nothing to add to: create it with {creators} before this line.{elsewhere}{note}',
  'parent.otherMessage': ' To add the option to a menu of another message, give that message\'s ID as "Message ID".',
  'parent.idOfOther': ' {id} is the ID of a {noun} here.',
  'parent.later':
    'The {noun} {id} is created only after this `{name}`: move `{first}` above it. BDFD can only add to a {noun} that already exists.',
  'parent.noPath':
    'The {noun} {id} is not created on any path that reaches this `{name}` (only in a branch, handler or part after `$stop` that excludes it): create it on this path first. BDFD can only add to a {noun} that already exists.',
  'parent.modalLater':
    'The modal is created only after this `{name}`: move `{first}` above it. BDFD can only add to a modal that already exists.',
  'parent.modalNoPath':
    'The modal is not created on any path that reaches this `{name}` (only in a branch, handler or part after `$stop` that excludes it): create it on this path first. BDFD can only add to a modal that already exists.',

  // Variables.
  'var.beforeSet':
    'The variable {name} is read here before it is set: on every path that reaches this `$var`, no `$var[{shown};...]` has run yet.',
  'var.unset': 'The variable {name} is read here but never set in this command (`$var[{shown};value]` sets it).{hint}',
  'var.commaHint': ' If it is meant to set {name}, separate the name and the value with `;`: `$var[{shown};{value}]`.',
  'var.commaSetHint': ' `$var[{shown}]` reads a variable named {read}; to set {name} there, write `;` instead of `,`.',
  'rename.varNotPlain': 'A `$var[{shown}]` holds a comment or a call in its name, so it cannot be renamed safely.',
  'rename.varEmpty': 'A variable name may not be empty.',
  'rename.varLines': 'A variable name may not span lines.',

  // JSON.
  'json.invalid': '`$jsonParse`: invalid JSON. {error}',
  'json.invalidEscaped':
    "`$jsonParse`: invalid JSON. {error} In BDScript `\\\\` is one backslash: write `\\\\\\\\` for JSON's `\\\\`.",
  'json.comment':
    'JSON has no comments: remove this one (a BDScript comment `$c[...]` is removed before the JSON is read).',
  'json.trailing': 'Unexpected text after the JSON value: a JSON text holds exactly one value.',
  'json.wrongClose': 'This `{got}` does not close the `{open}` that is still open: close it with `{close}` first.',
  'json.expectedAfterValue': "Expected `,` or `}` after a property's value, found {found}.",
  'json.expectedAfterValueComma':
    "Expected `,` or `}` after a property's value, found {found}: a `,` is probably missing before it.",
  'json.expectedAfterItem': 'Expected `,` or `]` after an array item, found {found}.',
  'json.expectedAfterItemComma':
    'Expected `,` or `]` after an array item, found {found}: a `,` is probably missing before it.',
  'json.commaBeforeBrace': 'A comma before `}` is not allowed in JSON: remove this `,`.',
  'json.commaBeforeBracket': 'A comma before `]` is not allowed in JSON: remove this `,`.',
  'json.keySingleQuotes': 'A property name needs double quotes (`"name"`), not single quotes.',
  'json.keyQuotes': 'A property name needs double quotes: write `"{key}"`.',
  'json.expectedKey': 'Expected a property name in double quotes, found {found}.',
  'json.expectedKeyOrClose': 'Expected a property name in double quotes or `}`, found {found}.',
  'json.expectedColon': 'Expected `:` after the property name, found {found}.',
  'json.empty':
    'Expected a JSON value, found nothing: `$jsonParse` needs an object such as `{}`, an array, a string, a number, true, false or null.',
  'json.lowerCase': 'JSON writes `{word}` in lower case, not `{got}`.',
  'json.notAValue': '`{word}` is not a JSON value: use a number, a string or null.',
  'json.bareWord': '`{word}` is not a JSON value: text needs double quotes (`"{word}"`).',
  'json.stringSingleQuotes': 'A JSON string needs double quotes (`"text"`), not single quotes.',
  'json.plus': 'A JSON number may not start with `+`: remove it.',
  'json.leadingDot': 'A JSON number needs a digit before the decimal point: write `0.5`, not `.5`.',
  'json.valueBeforeComma': 'Expected a value before this `,`.',
  'json.valueBeforeClose': 'Expected a value before this `{close}`.',
  'json.valueNotColon': 'Expected a value, found `:`.',
  'json.expectedValue': 'Expected a JSON value, found {found}.',
  'json.minus': 'A `-` must be followed by a digit.',
  'json.minusFound': 'A `-` must be followed by a digit, found {found}.',
  'json.leadingZeros':
    'A JSON number may not have leading zeros: write `0` alone or drop the zeros (a code such as `007` needs quotes: `"007"`).',
  'json.trailingDot': 'A decimal point must be followed by a digit: write `1.0` or `1`, not `1.`.',
  'json.exponent': 'An exponent must have digits: write `1e5`, not `1e`.',
  'json.unclosedString': 'This string is never closed: a `"` is missing at its end.',
  'json.lineBreak':
    'A line break may not appear inside a JSON string: write it as {write}, or close the string before it.',
  'json.tab': 'A tab may not appear inside a JSON string: write it as {write}, or close the string before it.',
  'json.controlChar':
    'A control character may not appear inside a JSON string: write it as {write}, or close the string before it.',
  'json.unicodeEscape': 'A `\\u` escape needs four hexadecimal digits (`\\u00e9`).',
  'json.badEscape':
    '`\\{escape}` is not a JSON escape: use `\\"` `\\\\` `\\/` `\\b` `\\f` `\\n` `\\r` `\\t` or `\\uXXXX`.',
  'json.unclosed': 'This `{open}` is never closed: the JSON ends before its `{close}`.',
  'json.endBeforeValue': 'The JSON ends where a value should come: the `{open}` opened before is not finished.',
  'json.foundEnd': 'the end of the text',
  'json.foundBacktick': 'a backtick',
  'json.foundControl': 'the control character U+{code}',

  // Code actions.
  'action.closeCall': 'Add missing `]` to `{name}[`',
  'action.closeComment': 'Add missing `]` to `$c[`',
  'action.escapeSelection': 'Escape `;`, `]` and `$` in selection',
  'action.escapeSelectionNoDollar': 'Escape `;` and `]` in selection',
  'action.silenceLine': 'Silence `{code}` on this line',
  'action.silenceFile': 'Silence `{code}` in this file',
  'action.fixAll': 'Fix all safe problems (escapes, deprecated functions)',
  'lens.embed': 'embed {index}',
  'lens.embeds': 'embeds {list}',
  'lens.characters': '{count} / {max} characters',
  'lens.rows': '{count} / {max} rows',
  'lens.components': '{count} / {max} components',
  'lens.preview': 'Preview',
  'fix.replaceWith': 'Replace with `{code}`',
  'fix.replaceCheck': 'Replace with `{code}` (check: {check})',
  'fix.replaceCheckArgs': 'Replace with `{code}` (check the arguments: `{tag}`)',
  'check.roleOneArgument': 'with one argument `{name}` acted on every mentioned user; this acts on the first one',
  'check.noReset': '`$editChannelPerms` has no `/` (reset) for a permission',
  'check.muteDuration': 'give the duration of the timeout; the muted role is not used',
  'check.untimeout': '`$untimeout` ends a timeout; it does not take a muted role away',

  // Hover, signature help and completion documentation (catalog facts are shown as they are).
  'flag.required': 'Required',
  'flag.optional': 'Optional',
  'flag.emptiable': 'Emptiable',
  'flag.vacantable': 'Vacantable',
  'doc.repeatsAsGroup': 'repeats as a group',
  'doc.repeatable': 'repeatable',
  'doc.values': '; values: {values}',
  'doc.andMoreValues': ', and {n} more',
  'doc.openWiki': 'Open the wiki page',
  'doc.wikiPlain': 'Wiki: {url}',
  'doc.noDescriptionFunction': 'The catalog has no description of this function.',
  'doc.noDescriptionCallback': 'The catalog has no description of this callback.',
  'doc.factsOnly':
    'No description in this catalog, which holds names, arguments and flags only; refreshing it from the BDFD API brings the description.',
  'doc.functionWithArgs': 'Function, with arguments',
  'doc.functionWithoutArgs': 'Function, without arguments',
  'doc.callbackWithArgs': 'Callback, with arguments',
  'doc.callbackWithoutArgs': 'Callback, without arguments',
  'doc.deprecated': 'Deprecated',
  'doc.useInstead': 'use {name} instead.',
  'doc.avoidIt': 'avoid it in new code.',
  'doc.premium': 'Premium',
  'doc.needsPremium': 'needs a bot with premium.',
  'doc.intents': 'Intents',
  'doc.needsIntents': "needs the {names} {count, plural, one {intent} other {intents}} enabled in the bot's settings.",
  'doc.arguments': 'Arguments',
  'doc.none': 'none',
  'doc.group': 'a group, {flag}',
  'doc.groupRepeats': 'a group, {flag}, repeats as a group',
  'doc.andMoreArguments': 'and {n} more',
  'doc.argumentOf': 'argument {n} of {name}',
  'doc.memberOfGroup': 'member {n} of a group',
  'doc.memberOfRepeatingGroup': 'member {n} of a group that repeats',
  'doc.repetition': 'Repetition {n}.',
  'doc.otherAliases': 'Other aliases: {list}',
  'doc.noOtherAliases': 'No other aliases.',
  'doc.emojiAliases': 'Emoji aliases: {list}',
  'doc.noAliases': 'An emoji with no aliases.',
  'doc.noBracketedForm':
    '{name} has no form with arguments; this call gives it brackets anyway. Shown: the form without arguments.',
  'doc.noBareForm':
    '{name} has no form without arguments; this call leaves the brackets out. Shown: the form with arguments.',
  'marker.callback': 'callback',
  'marker.premium': 'premium',
  'marker.intent': '{names} intent',
  'marker.deprecated': 'deprecated',

  // Document outline.
  'symbol.trigger': 'trigger',
  'symbol.notClosed': 'not closed',
  'symbol.empty': '(empty)',

  // Completion details.
  'completion.idGivenBy': 'ID given by {name}',
  'completion.asyncBlock': '$async block in this document',
  'completion.variable': 'variable in this command',
  'completion.appVariable': 'app variable used in this command',
  'completion.value': 'value',
  'completion.permission': 'permission',
  'completion.inserts': 'inserts {text}',
  'completion.jsonKey': 'JSON key: {shape}',
  'completion.jsonItem': 'JSON array item: {shape}',
  'completion.jsonObject': 'object ({n} {n, plural, one {key} other {keys}})',
  'completion.jsonArray': 'array ({n} {n, plural, one {item} other {items}})',

  // Catalog status and refresh messages, commands, progress.
  'status.none': 'BDScript has no catalog: none could be loaded. {problems}',
  'status.using': 'BDScript is using {catalog}: {counts}. {problems}',
  'refresh.using': 'Using {inUse}.',
  'refresh.failed': 'The catalog could not be refreshed: {reason}. Still using {inUse}.',
  'refresh.updated': 'The catalog was updated from {api}: {counts}.',
  'refresh.upToDate': 'The catalog is up to date ({counts}).',
  'refresh.offline': 'Offline: the catalog was not refreshed (bdscript.catalog.offline is on). Using {inUse}.',
  'catalog.none': 'no catalog',
  'catalog.withCounts': '{catalog}: {counts}',
  'catalog.liveOfficial': 'the catalog downloaded from the BDFD API',
  'catalog.live': 'the catalog downloaded from {where}',
  'catalog.cache': 'the cached catalog ({where})',
  'catalog.snapshot': 'the catalog of the snapshot file {where}',
  'catalog.bundled': 'the catalog bundled with bdscript',
  'catalog.dated': '{catalog}, dated {date}',
  'catalog.fetchedAgo': '{catalog}, fetched {age} ago',
  'catalog.fetchedAt': '{catalog}, fetched {instant}',
  'catalog.bdfdApi': 'the BDFD API',
  'catalog.counts':
    '{functions} {functions, plural, one {function} other {functions}}, {callbacks} {callbacks, plural, one {callback} other {callbacks}} and {emoji} emoji',
  'age.seconds': '{n} s',
  'age.minutes': '{n} min',
  'age.hours': '{n} h',
  'age.days': '{n} days',
  'problems.none': 'No problems.',
  'problems.one': 'One problem: {first}.',
  'problems.many': '{n} problems, the first: {first}.',
  'command.noFunction': 'BDScript: no known function at that position.',
  'command.wikiUrl': 'BDScript: wiki page for {name}: {url}',
  'command.wikiAction': 'Open wiki page for {name}',
  'workspace.capped':
    'BDScript checks the first {max} {max, plural, one {file} other {files}} of the workspace that are not open; set `bdscript.diagnostics.workspace.maxFiles` to check more.',
  'progress.title': 'BDScript catalog',
  'progress.refreshingFrom': 'refreshing from {url}',
  'progress.refreshing': 'refreshing from the catalog URL',

  // Message preview (preview/model.ts, preview/html.ts): notes on what it cannot show exactly,
  // branch labels and the page's own words. Function and argument names stay as written.
  'preview.note.embedIndex':
    '`{name}`: the embed index is not a whole number from 1; this preview puts it in the first embed.',
  'preview.note.embedOverMax':
    '`{name}` sets embed {index}, but a message holds at most {max} {max, plural, one {embed} other {embeds}}.',
  'preview.note.buttonElsewhere': '`{name}` with a Message ID adds the button to another message.',
  'preview.note.menuElsewhere': '`{name}` with a Message ID adds the menu to another message.',
  'preview.note.optionElsewhere': '`{name}` with a Message ID adds the option to another message.',
  'preview.note.actsElsewhere': '`{name}` with a Message ID acts on another message.',
  'preview.note.removeAtRunTime':
    '`{name}` removes a component whose ID is known only at run time; this preview keeps them all.',
  'preview.note.unknownMenu':
    '`{name}` names a select menu this preview does not know (made at run time, or not made before it).',
  'preview.note.unknownParent': '`{name}` names a parent "{id}" this preview does not know before it.',
  'preview.note.unknownGallery': '`{name}` names a gallery this preview does not know before it.',
  'preview.note.unknownSection': '`{name}` names a section this preview does not know before it.',
  'preview.note.unknownRowOrSection': '`{name}` names an action row or section this preview does not know before it.',
  'preview.note.unknownRow': '`{name}` names an action row this preview does not know before it.',
  'preview.note.notAColour': '`$color`: "{value}" is not a colour; Discord gets no colour.',
  'preview.note.sender': '`{name}` sends a message of its own, which this preview does not show.',
  'preview.note.elsewhere': '`{name}` sends the reply elsewhere; it looks the same there.',
  'preview.branch.else': 'else',
  'preview.branch.noCondition': '(no condition)',
  'preview.branch.none': 'none of them',
  'preview.page.title': 'BDScript message preview',
  'preview.page.bot': 'Your bot',
  'preview.page.chip': 'Known when the command runs',
  'preview.page.imagesOff': 'Images are not loaded',
  'preview.page.image': 'image',
  'preview.page.timestamp': 'Today at the time of sending',
  'preview.page.colorAtRunTime': 'colour known when the command runs',
  'preview.page.selectPlaceholder': 'Make a selection',
  'preview.page.noReply': 'This command sends no reply of its own.',
  'preview.page.ephemeral': 'Only you can see this',
  'preview.page.ifShown': '$if shown:',
  'preview.page.mentionUser': 'user',
  'preview.page.mentionRole': 'role',
  'preview.page.mentionChannel': 'channel',
  'preview.page.guildCustomize': 'Channels & Roles',
  'preview.page.guildBrowse': 'Browse Channels',
  'preview.page.guildGuide': 'Server Guide',
  'preview.page.guildLinkedRoles': 'Linked Roles',
  'preview.page.spoiler': 'Spoiler: click to show it',
  'preview.page.linkAtRunTime': 'The address of this link is known when the command runs',
  'preview.page.cut': 'The page stops here: the rest of the message is too large to draw.',
} as const satisfies Record<string, string>;

/** A key of the message catalog. */
export type MessageKey = keyof typeof EN;
