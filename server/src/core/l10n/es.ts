// Spanish. Terms: función, argumento, callback, disparador (trigger), menú de selección, fila de
// acciones, modal, campo de texto, contenedor, sección, galería multimedia, embed, intent.

import type { Translation } from './index';

/** The Spanish templates, made when the language is first used (index.ts keeps them). */
export const spanish = (): Translation => ({
  'list.or': '{a} o {b}',
  'list.and': '{a} y {b}',
  'count.errors': '{n} {n, plural, one {error} other {errores}}',
  'count.warnings': '{n} {n, plural, one {advertencia} other {advertencias}}',
  'count.information': '{n} {n, plural, one {aviso informativo} other {avisos informativos}}',
  'count.hints': '{n} {n, plural, one {sugerencia} other {sugerencias}}',

  'syntax.unclosedBracket': '`{name}[` nunca se cierra: añade `]`.',
  'syntax.unescapedBracket':
    'Este `]` cierra `{name}[`, pero un `[` de sus argumentos sigue abierto como texto. Si el `]` pertenece a ese `[`, escápalo como `\\]`.',
  'syntax.strayBracket':
    'Este `]` está fuera de los argumentos de cualquier función, así que es texto normal. Si un argumento terminó antes de tiempo, escapa el `]` de dentro como `\\]`.',
  'syntax.unclosedComment':
    'Este comentario `$c[` nunca se cierra: todo lo que sigue es texto de comentario. Añade `]`.',

  'block.unclosed': '`{name}` nunca se cierra: añade `{closer}`.',
  'block.strayEnd': '`{name}` no tiene ningún `{opener}` que cerrar.',
  'block.elseOutsideIf': '`{name}` solo es válido dentro de un bloque `$if`.',
  'block.elseifAfterElse': '`$elseif` no puede ir después de `$else` en el mismo bloque `$if`.',
  'block.duplicateElse': 'Este bloque `$if` ya tiene un `$else`.',
  'block.catchOutsideTry': '`$catch` solo es válido dentro de un bloque `$try`.',
  'block.duplicateCatch': 'Este bloque `$try` ya tiene un `$catch`.',
  'block.errorOutsideCatch': '`$error` solo tiene valor dentro de una rama `$catch` de un bloque `$try`.',
  'block.duplicateAsync': 'Ya existe un bloque `$async` llamado "{name}"; los nombres deben ser únicos.',
  'block.unknownAsync':
    'No hay ningún bloque `$async[{name}]` en este código: `$await` necesita el nombre de un bloque `$async`.',

  'related.openBracketText': 'El `[` que sigue abierto como texto',
  'related.ifOfBlock': 'El `$if` de este bloque',
  'related.firstElse': 'El primer `$else`',
  'related.branchBefore': 'La rama anterior',
  'related.firstCatch': 'El primer `$catch`',
  'related.firstAsync': 'El primer `$async` con este nombre',
  'related.firstWithId': 'El primer componente con este ID',
  'related.embedInMessage': 'El embed del mismo mensaje',
  'related.parentWithId': 'El componente de tipo {noun} con este ID',
  'related.parentCreated': 'Donde se crea el componente de tipo {noun}',
  'related.firstVarSet': 'El primer `$var[{shown};...]`',
  'related.varWithComma': 'Un `$var` escrito con `,` en lugar de `;`',

  'directive.languageMissing': '`bdscript-language` necesita un lenguaje: BDScript 2, BDScript o BDScript Unstable.',
  'directive.languageUnknown':
    'Lenguaje de script desconocido "{value}" en `bdscript-language`: usa BDScript 2, BDScript o BDScript Unstable.',
  'directive.unknownRules':
    '`bdscript-{kind}` nombra {count, plural, one {una regla desconocida} other {reglas desconocidas}}: {rules}.',

  'lang.switch':
    'Cambia el comando a BDScript 2 en la app y escribe `$c[bdscript-language: BDScript 2]` en el archivo (o ajusta `bdscript.language`).',
  'lang.featureSwitch': '{problem} {switch}',
  'lang.blocksOnOneLine':
    'Varias funciones de bloque en una misma línea necesitan BDScript 2; este archivo es {language}. Pon `{name}` en una línea propia.',
  'lang.onlyBdscript2': '`{name}` solo existe en BDScript 2; este archivo es {language}.',
  'lang.blockInArgument':
    '`{name}` dentro del argumento de una función necesita BDScript 2; este archivo es {language}.',

  'diag.didYouMean': ' ¿Quisiste decir {names}?',
  'diag.callbackInCode':
    '`{name}` es un callback: va en el disparador del comando, no en su código. Ponlo solo en la primera línea del archivo para que esa línea sea el disparador.',
  'diag.notACallback': '`{name}` no es un callback, así que esta primera línea es código, no el disparador.{suggest}',
  'diag.unknownFunction': 'Función desconocida `{name}`.{suggest}',
  'diag.gluedArguments':
    '`{name}{glued}[` se lee como `{name}` seguido del texto "{glued}[": los corchetes son texto, no argumentos de `{name}`.{suggest}',
  'diag.gluedName': '`{name}{glued}` se lee como `{name}` seguido del texto "{glued}".',
  'diag.bareOnly': '`{name}` no lleva argumentos: escríbela sin corchetes.',
  'diag.needsArguments': '`{name}` necesita argumentos: `{tag}`.',
  'diag.premiumFunction':
    '`{name}` es una función premium: solo funciona en bots con BDFD premium. Si tu bot tiene premium, activa el ajuste `bdscript.premium`.',
  'diag.premiumCallback':
    '`{name}` es un callback premium: solo funciona en bots con BDFD premium. Si tu bot tiene premium, activa el ajuste `bdscript.premium`.',
  'diag.intentsOne':
    '`{name}` necesita el intent {intent}: actívalo en los ajustes del bot en la app de BDFD y en el portal de desarrolladores de Discord (Bot → Privileged Gateway Intents).',
  'diag.intentsBoth':
    '`{name}` necesita los intents {first} y {second}: actívalos en los ajustes del bot en la app de BDFD y en el portal de desarrolladores de Discord (Bot → Privileged Gateway Intents).',
  'diag.deprecated': '`{name}` está obsoleta.',
  'diag.deprecatedFor': '`{name}` está obsoleta: usa `{replacement}` en su lugar.',
  'diag.takesNoArguments': '`{name}` no lleva argumentos.',
  'diag.missingArguments':
    'A `{name}` le {count, plural, one {falta el argumento obligatorio} other {faltan los argumentos obligatorios}} {names}: `{tag}`.',
  'diag.emptyRequired': 'El argumento "{label}" de `{name}` es obligatorio y no puede estar vacío.',
  'diag.emptyOptional': 'El argumento "{label}" de `{name}` se puede omitir, pero no dejar vacío.',
  'diag.invalidArgument': 'El argumento "{label}" de `{name}` {detail}.{suggest}',
  'diag.tooManyArguments':
    '`{name}` admite como máximo {max} {max, plural, one {argumento} other {argumentos}} ({params}); recibió {got}. Si un `;` es texto, escápalo como `\\;`.',
  'diag.capped':
    'Solo se muestran los primeros {shown} de {all} hallazgos de este archivo (en total: {list}). Corrige esos primero, o desactiva las reglas que no necesites con `bdscript.diagnostics.severity`, para ver el resto.',

  'value.mustBe': 'debe ser {expected}; se recibió {got}',
  'value.unknownEmoji': 'usa el alias de emoji {got}, que la lista de emojis no conoce',
  'type.integer': 'un número entero',
  'type.float': 'un número',
  'type.bool': 'yes, no, true o false',
  'type.snowflake': 'un ID de Discord (dígitos)',
  'type.color': 'un color: un código hexadecimal como #FF0000 o FF0000, o un entero',
  'type.url': 'una URL que empiece por http:// o https://',
  'type.duration': 'una duración como 30s, 10m, 2h, 1d o 1w (un número solo son segundos)',
  'type.howMany': 'una cantidad como 2, >2 o <2',
  'type.enum': 'uno de {values}',
  'type.permission': 'un nombre de permiso como managemessages (opcionalmente con + o -)',
  'type.emoji': 'un emoji: un emoji Unicode, un :alias:, <:nombre:id>, <a:nombre:id> o un ID de emoji',
  'type.text': 'texto',

  'fix.escapeBracket': 'Escapar este `]` como `\\]`',
  'fix.changeTo': 'Cambiar a `{name}`',
  'fix.changeToValue': 'Cambiar a "{value}"',
  'fix.keepTextApart': 'Escribir `{name}$c[]{glued}` para separar el texto',
  'fix.removeEmptyBrackets': 'Quitar los `[]` vacíos',
  'fix.addBrackets': 'Añadir `[]`',
  'fix.escapeSemicolons': 'Escapar los `;` sobrantes como `\\;` (texto de "{label}")',
  'fix.addPlus': 'Añadir `+` (dar el rol)',
  'fix.addMinus': 'Añadir `-` (quitar el rol)',
  'fix.setWithSemicolon': 'Asignar {name}: escribir `;` en lugar de `,`',

  'rule.roleGrantSign':
    '`$roleGrant` necesita `+` o `-` delante de cada rol, y este rol no tiene ninguno. Escribe `+` delante del ID del rol para darlo, o `-` para quitarlo.',
  'rule.roleGrantSignNamed':
    '`$roleGrant` necesita `+` o `-` delante de cada rol, y el rol {role} no tiene ninguno. Escribe `+` delante del ID del rol para darlo, o `-` para quitarlo.',
  'rule.sqrtNegative':
    '`$sqrt` no puede calcular la raíz cuadrada de un número negativo (se recibió {value}): BDFD detiene el comando con un error. Dale un número mayor o igual que 0.',
  'rule.embedInSentMessage':
    '`{name}` dentro de `$sendMessage` no va al mensaje que envía `$sendMessage`: las funciones de embed construyen el embed de la respuesta del comando. Para enviar un embed en un mensaje propio, usa `$sendEmbedMessage`; para la respuesta, sácalo de `$sendMessage`.',
  'rule.textCap':
    '{what} de {count} caracteres: Discord permite {max} y rechaza el mensaje. {over, plural, one {Quita # carácter} other {Quita # caracteres}}.',
  'rule.embedIndex':
    '`{name}` define el embed {index}, pero Discord permite {max} embeds en un mensaje y rechaza el mensaje. Usa un índice del 1 al {max}.',
  'rule.embedFields':
    'Este es el campo {n} del embed {index} en este camino del comando; Discord permite {max} campos en un embed y rechaza el mensaje.',
  'rule.embedsTotal':
    'Los embeds de este mensaje llegan aquí a al menos {count} caracteres (títulos, descripciones, nombres y valores de campos, pies y autores juntos); Discord permite {max} entre todos los embeds de un mensaje y rechaza el mensaje.',
  'what.embedTitle': 'Un título de embed',
  'what.embedDescription': 'Una descripción de embed',
  'what.embedFooter': 'Un pie de embed',
  'what.embedAuthor': 'Un nombre de autor de embed',
  'what.embedFieldName': 'Un nombre de campo de embed',
  'what.embedFieldValue': 'Un valor de campo de embed',
  'what.buttonLabel': 'Una etiqueta de botón',
  'what.buttonCustomId': 'Un ID personalizado de botón',
  'what.buttonUrl': 'Una URL de botón de enlace',
  'rule.sentMessageTooLong':
    'El mensaje que envía aquí `{name}` tiene al menos {count} caracteres; Discord permite {max} en un mensaje. Divídelo en varios mensajes o acórtalo.',
  'rule.replyTooLong':
    'El texto de la respuesta llega aquí a {max} caracteres (al menos {next} al final de esta parte, sin contar espacios); Discord permite {max} en un mensaje. Divídelo con `$sendMessage` o acórtalo.',

  'menu.textLength': '{what} de `{name}` tiene {n} caracteres; Discord permite como máximo {max}.',
  'part.placeholder': 'El texto de ejemplo',
  'part.id': 'El ID',
  'part.label': 'La etiqueta',
  'part.value': 'El valor',
  'part.description': 'La descripción',
  'part.modalId': 'El ID del modal',
  'part.title': 'El título',
  'part.textInputId': 'El ID del campo de texto',
  'menu.minMaxRange':
    '"{arg}" de `{name}` debe ser un número entero de {lo} a {hi}, el límite de Discord para un menú de selección; se recibió {got}.',
  'menu.minOverMax':
    '"{minName}" ({min}) de `{name}` es mayor que "{maxName}" ({max}): un menú de selección no puede pedir más opciones de las que permite.',
  'menu.fewerOptions':
    'El menú de selección {id} permite {max} {max, plural, one {elección} other {elecciones}} ("{maxName}"), pero este comando le añade {added, plural, =0 {ninguna opción} one {solo 1 opción} other {solo # opciones}}: Discord rechaza un menú de selección que permite más elecciones que opciones tiene. Baja "{maxName}" o añade opciones.',
  'modal.minLengthRange':
    '"Minimum length" de `$addTextInput` debe ser un número entero de {lo} a {hi}; se recibió {got}.',
  'modal.maxLengthRange':
    '"Maximum length" de `$addTextInput` debe ser un número entero de {lo} a {hi}; se recibió {got}.',
  'modal.minOverMax':
    '"Minimum length" ({min}) de `$addTextInput` es mayor que "Maximum length" ({max}): ninguna respuesta podría cumplir ambos.',
  'modal.valueTooLong': 'El valor de `$addTextInput` tiene {n} caracteres; Discord permite como máximo {max}.',
  'modal.valueUnderMin': 'El valor de `$addTextInput` tiene {n} caracteres, menos que su "Minimum length" de {min}.',
  'modal.valueOverMax': 'El valor de `$addTextInput` tiene {n} caracteres, más que su "Maximum length" de {max}.',
  'modal.tooManyInputs':
    'Este es el {n}.º campo de texto de un mismo modal; Discord permite como máximo {max} en un modal.',
  'modal.noInput':
    'Este modal no tiene ningún campo de texto: Discord necesita de 1 a {max} en un modal. Añade `$addTextInput[...]` después de `$newModal`.',

  'comp.sectionTexts':
    'Esta es la {n}.ª visualización de texto de la sección {section}; una sección admite de una a {max}.',
  'comp.galleryItems': 'Este es el {n}.º elemento de la galería multimedia {owner}; una galería admite de 1 a {max}.',
  'comp.selectOptions':
    'Esta es la {n}.ª opción del menú de selección {owner}; un menú de selección admite como máximo {max} opciones.',
  'comp.linkNeedsUrl':
    'Un botón `link` abre una URL y no envía ninguna interacción: su "Button ID/URL" debe ser una URL que empiece por http:// o https:// (para un botón que responde el bot, usa primary, secondary, success o danger).',
  'comp.urlNeedsLink':
    'Este botón tiene una URL pero el estilo "{style}": un botón que abre una URL necesita el estilo `link`.',
  'comp.selectMenuRows':
    'Este menú de selección necesita una {n}.ª fila de acciones; un mensaje admite como máximo {max} (cada menú de selección ocupa una fila propia, y las filas de botones también cuentan).',
  'comp.buttonRows':
    'Este botón empieza una {n}.ª fila de acciones; un mensaje admite como máximo {max} filas de {buttons} botones (los menús de selección ocupan una fila cada uno).',
  'comp.buttonsInRow':
    'Este es el {n}.º botón de una misma fila de acciones; una fila admite como máximo {max}. Da a este botón `yes` como "New row" para empezar una fila nueva.',
  'comp.duplicateId':
    'El ID personalizado {id} ya lo usa otro componente de este mensaje; Discord necesita un ID distinto para cada componente de un mismo mensaje.',
  'comp.v2Total':
    'Este es el {n}.º componente de este mensaje Components V2; Discord permite {max} en un mensaje, contando los anidados.',
  'comp.rowHasSelect':
    'La fila de acciones {row} ya tiene un menú de selección; un menú de selección ocupa su fila solo, así que este botón necesita una fila propia.',
  'comp.buttonsInNamedRow': 'Este es el {n}.º botón de la fila de acciones {row}; una fila admite como máximo {max}.',
  'comp.selectAfterSelect':
    'La fila de acciones {row} ya tiene un menú de selección; un menú de selección ocupa su fila solo.',
  'comp.selectAfterButtons': 'La fila de acciones {row} ya tiene botones; un menú de selección ocupa su fila solo.',
  'comp.v2WithEmbed':
    '`{name}` convierte este mensaje en Components V2, que no admite embeds, pero `{embed}` construye uno en el mismo mensaje. Usa un contenedor (`$addContainer` con `$addTextDisplay`) en lugar del embed.',

  'noun.selectMenu': 'menú de selección',
  'noun.modal': 'modal',
  'noun.container': 'contenedor',
  'noun.section': 'sección',
  'noun.actionRow': 'fila de acciones',
  'noun.mediaGallery': 'galería multimedia',
  'parent.noModal':
    '`$addTextInput` añade un campo a un modal, pero este comando no crea ningún modal: empieza con `$newModal[Modal ID;Title]` antes de los campos de texto.',
  'parent.missing':
    'Este comando no crea ningún componente de tipo {kinds} con el ID {id}, así que `{name}` no tiene a qué añadirse: créalo con {creators} antes de esta línea.{elsewhere}{note}',
  'parent.otherMessage':
    ' Para añadir la opción a un menú de otro mensaje, indica el ID de ese mensaje como "Message ID".',
  'parent.idOfOther': ' Aquí {id} es el ID de un componente de tipo {noun}.',
  'parent.later':
    'El componente de tipo {noun} {id} se crea solo después de este `{name}`: mueve `{first}` por encima. BDFD solo puede añadir a un componente de tipo {noun} que ya existe.',
  'parent.noPath':
    'El componente de tipo {noun} {id} no se crea en ningún camino que llegue a este `{name}` (solo en una rama, un manejador o una parte tras `$stop` que lo excluye): créalo antes en este camino. BDFD solo puede añadir a un componente de tipo {noun} que ya existe.',
  'parent.modalLater':
    'El modal se crea solo después de este `{name}`: mueve `{first}` por encima. BDFD solo puede añadir a un modal que ya existe.',
  'parent.modalNoPath':
    'El modal no se crea en ningún camino que llegue a este `{name}` (solo en una rama, un manejador o una parte tras `$stop` que lo excluye): créalo antes en este camino. BDFD solo puede añadir a un modal que ya existe.',

  'var.beforeSet':
    'La variable {name} se lee aquí antes de asignarse: en todos los caminos que llegan a este `$var`, todavía no se ha ejecutado ningún `$var[{shown};...]`.',
  'var.unset':
    'La variable {name} se lee aquí pero nunca se asigna en este comando (`$var[{shown};valor]` la asigna).{hint}',
  'var.commaHint': ' Si querías asignar {name}, separa el nombre y el valor con `;`: `$var[{shown};{value}]`.',
  'var.commaSetHint':
    ' `$var[{shown}]` lee una variable llamada {read}; para asignar {name} ahí, escribe `;` en lugar de `,`.',
  'rename.varNotPlain':
    'Un `$var[{shown}]` tiene un comentario o una llamada en su nombre, así que no se puede renombrar con seguridad.',
  'rename.varEmpty': 'El nombre de una variable no puede estar vacío.',
  'rename.varLines': 'El nombre de una variable no puede ocupar varias líneas.',

  'json.invalid': '`$jsonParse`: JSON no válido. {error}',
  'json.invalidEscaped':
    '`$jsonParse`: JSON no válido. {error} En BDScript `\\\\` es una sola barra invertida: escribe `\\\\\\\\` para el `\\\\` de JSON.',
  'json.comment':
    'JSON no admite comentarios: quita este (un comentario de BDScript `$c[...]` se elimina antes de leer el JSON).',
  'json.trailing': 'Texto inesperado después del valor JSON: un texto JSON contiene exactamente un valor.',
  'json.wrongClose': 'Este `{got}` no cierra el `{open}` que sigue abierto: ciérralo primero con `{close}`.',
  'json.expectedAfterValue': 'Se esperaba `,` o `}` después del valor de una propiedad; se encontró {found}.',
  'json.expectedAfterValueComma':
    'Se esperaba `,` o `}` después del valor de una propiedad; se encontró {found}: probablemente falta una `,` antes.',
  'json.expectedAfterItem': 'Se esperaba `,` o `]` después de un elemento del array; se encontró {found}.',
  'json.expectedAfterItemComma':
    'Se esperaba `,` o `]` después de un elemento del array; se encontró {found}: probablemente falta una `,` antes.',
  'json.commaBeforeBrace': 'JSON no admite una coma antes de `}`: quita esta `,`.',
  'json.commaBeforeBracket': 'JSON no admite una coma antes de `]`: quita esta `,`.',
  'json.keySingleQuotes': 'El nombre de una propiedad necesita comillas dobles (`"nombre"`), no simples.',
  'json.keyQuotes': 'El nombre de una propiedad necesita comillas dobles: escribe `"{key}"`.',
  'json.expectedKey': 'Se esperaba un nombre de propiedad entre comillas dobles; se encontró {found}.',
  'json.expectedKeyOrClose': 'Se esperaba un nombre de propiedad entre comillas dobles o `}`; se encontró {found}.',
  'json.expectedColon': 'Se esperaba `:` después del nombre de la propiedad; se encontró {found}.',
  'json.empty':
    'Se esperaba un valor JSON y no hay nada: `$jsonParse` necesita un objeto como `{}`, un array, una cadena, un número, true, false o null.',
  'json.lowerCase': 'JSON escribe `{word}` en minúsculas, no `{got}`.',
  'json.notAValue': '`{word}` no es un valor JSON: usa un número, una cadena o null.',
  'json.bareWord': '`{word}` no es un valor JSON: el texto necesita comillas dobles (`"{word}"`).',
  'json.stringSingleQuotes': 'Una cadena JSON necesita comillas dobles (`"texto"`), no simples.',
  'json.plus': 'Un número JSON no puede empezar por `+`: quítalo.',
  'json.leadingDot': 'Un número JSON necesita un dígito antes del punto decimal: escribe `0.5`, no `.5`.',
  'json.valueBeforeComma': 'Se esperaba un valor antes de esta `,`.',
  'json.valueBeforeClose': 'Se esperaba un valor antes de este `{close}`.',
  'json.valueNotColon': 'Se esperaba un valor; se encontró `:`.',
  'json.expectedValue': 'Se esperaba un valor JSON; se encontró {found}.',
  'json.minus': 'Un `-` debe ir seguido de un dígito.',
  'json.minusFound': 'Un `-` debe ir seguido de un dígito; se encontró {found}.',
  'json.leadingZeros':
    'Un número JSON no puede tener ceros a la izquierda: escribe `0` solo o quita los ceros (un código como `007` necesita comillas: `"007"`).',
  'json.trailingDot': 'Un punto decimal debe ir seguido de un dígito: escribe `1.0` o `1`, no `1.`.',
  'json.exponent': 'Un exponente necesita dígitos: escribe `1e5`, no `1e`.',
  'json.unclosedString': 'Esta cadena nunca se cierra: falta un `"` al final.',
  'json.lineBreak':
    'Un salto de línea no puede aparecer dentro de una cadena JSON: escríbelo como {write}, o cierra la cadena antes.',
  'json.tab':
    'Un tabulador no puede aparecer dentro de una cadena JSON: escríbelo como {write}, o cierra la cadena antes.',
  'json.controlChar':
    'Un carácter de control no puede aparecer dentro de una cadena JSON: escríbelo como {write}, o cierra la cadena antes.',
  'json.unicodeEscape': 'Un escape `\\u` necesita cuatro dígitos hexadecimales (`\\u00e9`).',
  'json.badEscape':
    '`\\{escape}` no es un escape de JSON: usa `\\"` `\\\\` `\\/` `\\b` `\\f` `\\n` `\\r` `\\t` o `\\uXXXX`.',
  'json.unclosed': 'Este `{open}` nunca se cierra: el JSON termina antes de su `{close}`.',
  'json.endBeforeValue': 'El JSON termina donde debería ir un valor: el `{open}` abierto antes no está terminado.',
  'json.foundEnd': 'el final del texto',
  'json.foundBacktick': 'un acento grave',
  'json.foundControl': 'el carácter de control U+{code}',

  'action.closeCall': 'Añadir el `]` que falta a `{name}[`',
  'action.closeComment': 'Añadir el `]` que falta a `$c[`',
  'action.escapeSelection': 'Escapar `;`, `]` y `$` en la selección',
  'action.escapeSelectionNoDollar': 'Escapar `;` y `]` en la selección',
  'action.silenceLine': 'Silenciar `{code}` en esta línea',
  'action.silenceFile': 'Silenciar `{code}` en este archivo',
  'action.fixAll': 'Corregir todos los problemas seguros (escapes, funciones obsoletas)',
  'lens.embed': 'embed {index}',
  'lens.embeds': 'embeds {list}',
  'lens.characters': '{count} / {max} caracteres',
  'lens.rows': '{count} / {max} filas',
  'lens.components': '{count} / {max} componentes',
  'lens.preview': 'Vista previa',
  'fix.replaceWith': 'Reemplazar por `{code}`',
  'fix.replaceCheck': 'Reemplazar por `{code}` (revisa: {check})',
  'fix.replaceCheckArgs': 'Reemplazar por `{code}` (revisa los argumentos: `{tag}`)',
  'check.roleOneArgument':
    'con un argumento, `{name}` actuaba sobre todos los usuarios mencionados; esto actúa sobre el primero',
  'check.noReset': '`$editChannelPerms` no tiene `/` (restablecer) para un permiso',
  'check.muteDuration': 'indica la duración del timeout; el rol de silenciado no se usa',
  'check.untimeout': '`$untimeout` termina un timeout; no quita ningún rol de silenciado',

  'flag.required': 'Obligatorio',
  'flag.optional': 'Opcional',
  'flag.emptiable': 'Obligatorio (puede ir vacío)',
  'flag.vacantable': 'Opcional (puede ir vacío)',
  'doc.repeatsAsGroup': 'se repite como grupo',
  'doc.repeatable': 'repetible',
  'doc.values': '; valores: {values}',
  'doc.andMoreValues': ' y {n} más',
  'doc.openWiki': 'Abrir la página de la wiki',
  'doc.wikiPlain': 'Wiki: {url}',
  'doc.noDescriptionFunction': 'El catálogo no tiene descripción de esta función.',
  'doc.noDescriptionCallback': 'El catálogo no tiene descripción de este callback.',
  'doc.factsOnly':
    'Sin descripción en este catálogo, que solo contiene nombres, argumentos y marcas; actualizarlo desde la API de BDFD trae la descripción.',
  'doc.functionWithArgs': 'Función, con argumentos',
  'doc.functionWithoutArgs': 'Función, sin argumentos',
  'doc.callbackWithArgs': 'Callback, con argumentos',
  'doc.callbackWithoutArgs': 'Callback, sin argumentos',
  'doc.deprecated': 'Obsoleta',
  'doc.useInstead': 'usa {name} en su lugar.',
  'doc.avoidIt': 'evítala en código nuevo.',
  'doc.premium': 'Premium',
  'doc.needsPremium': 'necesita un bot con premium.',
  'doc.intents': 'Intents',
  'doc.needsIntents':
    'necesita {count, plural, one {el intent} other {los intents}} {names} {count, plural, one {activado} other {activados}} en los ajustes del bot.',
  'doc.arguments': 'Argumentos',
  'doc.none': 'ninguno',
  'doc.group': 'un grupo, {flag}',
  'doc.groupRepeats': 'un grupo, {flag}, se repite como grupo',
  'doc.andMoreArguments': 'y {n} más',
  'doc.argumentOf': 'argumento {n} de {name}',
  'doc.memberOfGroup': 'miembro {n} de un grupo',
  'doc.memberOfRepeatingGroup': 'miembro {n} de un grupo que se repite',
  'doc.repetition': 'Repetición {n}.',
  'doc.otherAliases': 'Otros alias: {list}',
  'doc.noOtherAliases': 'No hay otros alias.',
  'doc.emojiAliases': 'Alias del emoji: {list}',
  'doc.noAliases': 'Un emoji sin alias.',
  'doc.noBracketedForm':
    '{name} no tiene forma con argumentos; esta llamada le pone corchetes de todos modos. Se muestra: la forma sin argumentos.',
  'doc.noBareForm':
    '{name} no tiene forma sin argumentos; esta llamada omite los corchetes. Se muestra: la forma con argumentos.',
  'marker.callback': 'callback',
  'marker.premium': 'premium',
  'marker.intent': 'intent {names}',
  'marker.deprecated': 'obsoleta',

  'symbol.trigger': 'disparador',
  'symbol.notClosed': 'sin cerrar',
  'symbol.empty': '(vacío)',

  'completion.idGivenBy': 'ID dado por {name}',
  'completion.asyncBlock': 'bloque $async de este documento',
  'completion.variable': 'variable de este comando',
  'completion.appVariable': 'variable de la app usada en este comando',
  'completion.value': 'valor',
  'completion.permission': 'permiso',
  'completion.inserts': 'inserta {text}',
  'completion.jsonKey': 'clave JSON: {shape}',
  'completion.jsonItem': 'elemento de array JSON: {shape}',
  'completion.jsonObject': 'objeto ({n} {n, plural, one {clave} other {claves}})',
  'completion.jsonArray': 'array ({n} {n, plural, one {elemento} other {elementos}})',

  'status.none': 'BDScript no tiene catálogo: no se pudo cargar ninguno. {problems}',
  'status.using': 'BDScript usa {catalog}: {counts}. {problems}',
  'refresh.using': 'En uso: {inUse}.',
  'refresh.failed': 'No se pudo actualizar el catálogo: {reason}. Sigue en uso: {inUse}.',
  'refresh.updated': 'El catálogo se actualizó desde {api}: {counts}.',
  'refresh.upToDate': 'El catálogo está al día ({counts}).',
  'refresh.offline':
    'Sin conexión: el catálogo no se actualizó (bdscript.catalog.offline está activado). En uso: {inUse}.',
  'catalog.none': 'ningún catálogo',
  'catalog.withCounts': '{catalog}: {counts}',
  'catalog.liveOfficial': 'el catálogo descargado de la API de BDFD',
  'catalog.live': 'el catálogo descargado de {where}',
  'catalog.cache': 'el catálogo en caché ({where})',
  'catalog.snapshot': 'el catálogo del archivo de snapshot {where}',
  'catalog.bundled': 'el catálogo incluido con bdscript',
  'catalog.dated': '{catalog}, con fecha {date}',
  'catalog.fetchedAgo': '{catalog}, descargado hace {age}',
  'catalog.fetchedAt': '{catalog}, descargado el {instant}',
  'catalog.bdfdApi': 'la API de BDFD',
  'catalog.counts':
    '{functions} {functions, plural, one {función} other {funciones}}, {callbacks} {callbacks, plural, one {callback} other {callbacks}} y {emoji} emojis',
  'age.seconds': '{n} s',
  'age.minutes': '{n} min',
  'age.hours': '{n} h',
  'age.days': '{n} {n, plural, one {día} other {días}}',
  'problems.none': 'Sin problemas.',
  'problems.one': 'Un problema: {first}.',
  'problems.many': '{n} problemas; el primero: {first}.',
  'command.noFunction': 'BDScript: no hay ninguna función conocida en esa posición.',
  'command.wikiUrl': 'BDScript: página de la wiki de {name}: {url}',
  'command.wikiAction': 'Abrir la página de la wiki de {name}',
  'workspace.capped':
    'BDScript revisa los primeros {max} {max, plural, one {archivo} other {archivos}} del espacio de trabajo que no están abiertos; cambia `bdscript.diagnostics.workspace.maxFiles` para revisar más.',
  'progress.title': 'Catálogo de BDScript',
  'progress.refreshingFrom': 'actualizando desde {url}',
  'progress.refreshing': 'actualizando desde la URL del catálogo',

  'preview.note.embedIndex':
    '`{name}`: el índice del embed no es un número entero a partir de 1; esta vista previa lo pone en el primer embed.',
  'preview.note.embedOverMax':
    '`{name}` define el embed {index}, pero un mensaje admite como máximo {max} {max, plural, one {embed} other {embeds}}.',
  'preview.note.buttonElsewhere': '`{name}` con un Message ID añade el botón a otro mensaje.',
  'preview.note.menuElsewhere': '`{name}` con un Message ID añade el menú de selección a otro mensaje.',
  'preview.note.optionElsewhere': '`{name}` con un Message ID añade la opción a otro mensaje.',
  'preview.note.actsElsewhere': '`{name}` con un Message ID actúa sobre otro mensaje.',
  'preview.note.removeAtRunTime':
    '`{name}` quita un componente cuyo ID solo se conoce al ejecutarse; esta vista previa los conserva todos.',
  'preview.note.unknownMenu':
    '`{name}` nombra un menú de selección que esta vista previa no conoce (se crea al ejecutarse el comando, o no se crea antes).',
  'preview.note.unknownParent':
    '`{name}` nombra un componente padre "{id}" que esta vista previa no encuentra antes de esta llamada.',
  'preview.note.unknownGallery':
    '`{name}` nombra una galería multimedia que esta vista previa no encuentra antes de esta llamada.',
  'preview.note.unknownSection':
    '`{name}` nombra una sección que esta vista previa no encuentra antes de esta llamada.',
  'preview.note.unknownRowOrSection':
    '`{name}` nombra una fila de acciones o una sección que esta vista previa no encuentra antes de esta llamada.',
  'preview.note.unknownRow':
    '`{name}` nombra una fila de acciones que esta vista previa no encuentra antes de esta llamada.',
  'preview.note.notAColour': '`$color`: "{value}" no es un color; Discord no recibe ningún color.',
  'preview.note.sender': '`{name}` envía un mensaje propio, que esta vista previa no muestra.',
  'preview.note.elsewhere': '`{name}` envía la respuesta a otro lugar; allí se ve igual.',
  'preview.branch.else': 'si no',
  'preview.branch.noCondition': '(sin condición)',
  'preview.branch.none': 'ninguna de ellas',
  'preview.page.title': 'Vista previa del mensaje de BDScript',
  'preview.page.bot': 'Tu bot',
  'preview.page.chip': 'Se sabe al ejecutarse el comando',
  'preview.page.imagesOff': 'Las imágenes no se cargan',
  'preview.page.image': 'imagen',
  'preview.page.timestamp': 'Hoy, a la hora del envío',
  'preview.page.colorAtRunTime': 'color que se sabe al ejecutarse el comando',
  'preview.page.selectPlaceholder': 'Haz una selección',
  'preview.page.noReply': 'Este comando no envía ninguna respuesta propia.',
  'preview.page.ephemeral': 'Solo tú puedes ver esto',
  'preview.page.ifShown': 'Rama de $if mostrada:',
  'preview.page.mentionUser': 'usuario',
  'preview.page.mentionRole': 'rol',
  'preview.page.mentionChannel': 'canal',
  'preview.page.guildCustomize': 'Canales y roles',
  'preview.page.guildBrowse': 'Explorar canales',
  'preview.page.guildGuide': 'Guía del servidor',
  'preview.page.guildLinkedRoles': 'Roles vinculados',
  'preview.page.spoiler': 'Spoiler: haz clic para verlo',
  'preview.page.linkAtRunTime': 'La dirección de este enlace se sabe al ejecutarse el comando',
  'preview.page.cut': 'La página termina aquí: el resto del mensaje es demasiado grande para dibujarlo.',
});
