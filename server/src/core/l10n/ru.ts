// Russian. Terms: функция, аргумент, колбэк (callback), триггер (trigger), меню выбора, ряд
// действий (action row), модальное окно, текстовое поле, контейнер, секция, медиагалерея, эмбед,
// интент. Plurals give one, few and many (and other for fractions).

import type { Translation } from './index';

/** The Russian templates, made when the language is first used (index.ts keeps them). */
export const russian = (): Translation => ({
  'list.or': '{a} или {b}',
  'list.and': '{a} и {b}',
  'count.errors': '{n} {n, plural, one {ошибка} few {ошибки} many {ошибок} other {ошибки}}',
  'count.warnings':
    '{n} {n, plural, one {предупреждение} few {предупреждения} many {предупреждений} other {предупреждения}}',
  'count.information': '{n} {n, plural, one {сведение} few {сведения} many {сведений} other {сведения}}',
  'count.hints': '{n} {n, plural, one {подсказка} few {подсказки} many {подсказок} other {подсказки}}',

  'syntax.unclosedBracket': '`{name}[` нигде не закрыта: добавьте `]`.',
  'syntax.unescapedBracket':
    'Эта `]` закрывает `{name}[`, но `[` в её аргументах всё ещё открыта как текст. Если `]` относится к той `[`, экранируйте её как `\\]`.',
  'syntax.strayBracket':
    'Эта `]` стоит вне аргументов какой-либо функции, поэтому это обычный текст. Если аргумент закончился слишком рано, экранируйте `]` внутри него как `\\]`.',
  'syntax.unclosedComment':
    'Этот комментарий `$c[` нигде не закрыт: всё после него считается комментарием. Добавьте `]`.',

  'block.unclosed': '`{name}` нигде не закрыт: добавьте `{closer}`.',
  'block.strayEnd': 'У `{name}` нет `{opener}`, который он мог бы закрыть.',
  'block.elseOutsideIf': '`{name}` допустим только внутри блока `$if`.',
  'block.elseifAfterElse': '`$elseif` не может стоять после `$else` в том же блоке `$if`.',
  'block.duplicateElse': 'В этом блоке `$if` уже есть `$else`.',
  'block.catchOutsideTry': '`$catch` допустим только внутри блока `$try`.',
  'block.duplicateCatch': 'В этом блоке `$try` уже есть `$catch`.',
  'block.errorOutsideCatch': '`$error` имеет значение только внутри ветки `$catch` блока `$try`.',
  'block.duplicateAsync': 'Блок `$async` с именем "{name}" уже существует; имена должны быть уникальными.',
  'block.unknownAsync': 'В этом коде нет блока `$async[{name}]`: `$await` нужно имя блока `$async`.',

  'related.openBracketText': '`[`, которая осталась открытой как текст',
  'related.ifOfBlock': '`$if` этого блока',
  'related.firstElse': 'Первый `$else`',
  'related.branchBefore': 'Предыдущая ветка',
  'related.firstCatch': 'Первый `$catch`',
  'related.firstAsync': 'Первый `$async` с этим именем',
  'related.firstWithId': 'Первый компонент с этим ID',
  'related.embedInMessage': 'Эмбед в том же сообщении',
  'related.parentWithId': 'Компонент типа «{noun}» с этим ID',
  'related.parentCreated': 'Где создаётся компонент типа «{noun}»',
  'related.firstVarSet': 'Первый `$var[{shown};...]`',
  'related.varWithComma': '`$var`, записанный через `,` вместо `;`',

  'directive.languageMissing': '`bdscript-language` нужен язык: BDScript 2, BDScript или BDScript Unstable.',
  'directive.languageUnknown':
    'Неизвестный язык скриптов "{value}" в `bdscript-language`: используйте BDScript 2, BDScript или BDScript Unstable.',
  'directive.unknownRules':
    '`bdscript-{kind}` называет {count, plural, one {неизвестное правило} few {неизвестные правила} many {неизвестные правила} other {неизвестные правила}}: {rules}.',

  'lang.switch':
    'Переключите команду на BDScript 2 в приложении и напишите в файле `$c[bdscript-language: BDScript 2]` (или задайте `bdscript.language`).',
  'lang.featureSwitch': '{problem} {switch}',
  'lang.blocksOnOneLine':
    'Несколько блочных функций в одной строке требуют BDScript 2; этот файл написан на {language}. Вынесите `{name}` на отдельную строку.',
  'lang.onlyBdscript2': '`{name}` есть только в BDScript 2; этот файл написан на {language}.',
  'lang.blockInArgument': '`{name}` внутри аргумента функции требует BDScript 2; этот файл написан на {language}.',

  'diag.didYouMean': ' Возможно, вы имели в виду {names}?',
  'diag.callbackInCode':
    '`{name}` — это колбэк: он должен быть в триггере команды, а не в её коде. Поставьте его отдельно в первую строку файла, чтобы эта строка стала триггером.',
  'diag.notACallback': '`{name}` — не колбэк, поэтому эта первая строка — код, а не триггер.{suggest}',
  'diag.unknownFunction': 'Неизвестная функция `{name}`.{suggest}',
  'diag.gluedArguments':
    '`{name}{glued}[` читается как `{name}`, за которой идёт текст "{glued}[": скобки — это текст, а не аргументы `{name}`.{suggest}',
  'diag.gluedName': '`{name}{glued}` читается как `{name}`, за которой идёт текст "{glued}".',
  'diag.bareOnly': '`{name}` не принимает аргументов: пишите её без скобок.',
  'diag.needsArguments': '`{name}` нужны аргументы: `{tag}`.',
  'diag.premiumFunction':
    '`{name}` — премиум-функция: она работает только у ботов с BDFD premium. Если у вашего бота есть premium, включите настройку `bdscript.premium`.',
  'diag.premiumCallback':
    '`{name}` — премиум-колбэк: он работает только у ботов с BDFD premium. Если у вашего бота есть premium, включите настройку `bdscript.premium`.',
  'diag.intentsOne':
    '`{name}` нужен интент {intent}: включите его в настройках бота в приложении BDFD и на портале разработчиков Discord (Bot → Privileged Gateway Intents).',
  'diag.intentsBoth':
    '`{name}` нужны интенты {first} и {second}: включите их в настройках бота в приложении BDFD и на портале разработчиков Discord (Bot → Privileged Gateway Intents).',
  'diag.deprecated': '`{name}` устарела.',
  'diag.deprecatedFor': '`{name}` устарела: используйте вместо неё `{replacement}`.',
  'diag.takesNoArguments': '`{name}` не принимает аргументов.',
  'diag.missingArguments':
    'У `{name}` не {count, plural, one {хватает обязательного аргумента} few {хватает обязательных аргументов} many {хватает обязательных аргументов} other {хватает обязательных аргументов}} {names}: `{tag}`.',
  'diag.emptyRequired': 'Аргумент "{label}" функции `{name}` обязателен и не может быть пустым.',
  'diag.emptyOptional': 'Аргумент "{label}" функции `{name}` можно опустить, но нельзя передать пустым.',
  'diag.invalidArgument': 'Аргумент "{label}" функции `{name}` {detail}.{suggest}',
  'diag.tooManyArguments':
    '`{name}` принимает не больше {max} {max, plural, one {аргумента} few {аргументов} many {аргументов} other {аргумента}} ({params}); передано {got}. Если `;` — это текст, экранируйте его как `\\;`.',
  'diag.capped':
    'Показаны только первые {shown} из {all} находок в этом файле (всего: {list}). Сначала исправьте их или отключите ненужные правила через `bdscript.diagnostics.severity`, чтобы увидеть остальные.',

  'value.mustBe': 'должен быть {expected}; получено {got}',
  'value.unknownEmoji': 'использует псевдоним эмодзи {got}, которого нет в списке эмодзи',
  'type.integer': 'целым числом',
  'type.float': 'числом',
  'type.bool': 'yes, no, true или false',
  'type.snowflake': 'ID Discord (цифрами)',
  'type.color': 'цветом: шестнадцатеричным кодом вроде #FF0000 или FF0000 либо целым числом',
  'type.url': 'URL, начинающимся с http:// или https://',
  'type.duration': 'длительностью вроде 30s, 10m, 2h, 1d или 1w (просто число — это секунды)',
  'type.howMany': 'количеством вроде 2, >2 или <2',
  'type.enum': 'одним из {values}',
  'type.permission': 'названием права вроде managemessages (можно с + или -)',
  'type.emoji': 'эмодзи: Unicode-эмодзи, :псевдонимом:, <:name:id>, <a:name:id> или ID эмодзи',
  'type.text': 'текстом',

  'fix.escapeBracket': 'Экранировать эту `]` как `\\]`',
  'fix.changeTo': 'Заменить на `{name}`',
  'fix.changeToValue': 'Заменить на "{value}"',
  'fix.keepTextApart': 'Написать `{name}$c[]{glued}`, чтобы отделить текст',
  'fix.removeEmptyBrackets': 'Убрать пустые `[]`',
  'fix.addBrackets': 'Добавить `[]`',
  'fix.escapeSemicolons': 'Экранировать лишние `;` как `\\;` (текст "{label}")',
  'fix.addPlus': 'Добавить `+` (выдать роль)',
  'fix.addMinus': 'Добавить `-` (забрать роль)',
  'fix.setWithSemicolon': 'Задать {name}: написать `;` вместо `,`',

  'rule.roleGrantSign':
    '`$roleGrant` нужен `+` или `-` перед каждой ролью, а у этой роли нет ни того, ни другого. Поставьте `+` перед ID роли, чтобы выдать её, или `-`, чтобы забрать.',
  'rule.roleGrantSignNamed':
    '`$roleGrant` нужен `+` или `-` перед каждой ролью, а у роли {role} нет ни того, ни другого. Поставьте `+` перед ID роли, чтобы выдать её, или `-`, чтобы забрать.',
  'rule.sqrtNegative':
    '`$sqrt` не может извлечь квадратный корень из отрицательного числа (получено {value}): BDFD остановит команду с ошибкой. Передайте число 0 или больше.',
  'rule.embedInSentMessage':
    '`{name}` внутри `$sendMessage` не попадает в сообщение, которое отправляет `$sendMessage`: функции эмбедов строят эмбед ответа команды. Чтобы отправить эмбед отдельным сообщением, используйте `$sendEmbedMessage`; для ответа вынесите функцию из `$sendMessage`.',
  'rule.textCap': '{what}: {count} символов, а Discord допускает {max} и отклонит сообщение. Сократите на {over}.',
  'rule.embedIndex':
    '`{name}` задаёт эмбед {index}, но Discord допускает {max} эмбедов в одном сообщении и отклонит сообщение. Используйте номер от 1 до {max}.',
  'rule.embedFields':
    'Это поле {n} эмбеда {index} на этом пути выполнения команды; Discord допускает {max} полей в одном эмбеде и отклонит сообщение.',
  'rule.embedsTotal':
    'Эмбеды этого сообщения здесь набирают не меньше {count} символов (заголовки, описания, названия и значения полей, подвалы и авторы вместе); Discord допускает {max} на все эмбеды сообщения и отклонит сообщение.',
  'what.embedTitle': 'Заголовок эмбеда',
  'what.embedDescription': 'Описание эмбеда',
  'what.embedFooter': 'Подвал эмбеда',
  'what.embedAuthor': 'Имя автора эмбеда',
  'what.embedFieldName': 'Название поля эмбеда',
  'what.embedFieldValue': 'Значение поля эмбеда',
  'what.buttonLabel': 'Надпись кнопки',
  'what.buttonCustomId': 'Пользовательский ID кнопки',
  'what.buttonUrl': 'URL кнопки-ссылки',
  'rule.sentMessageTooLong':
    'Сообщение, которое здесь отправляет `{name}`, содержит не меньше {count} символов; Discord допускает {max} в одном сообщении. Разбейте его на несколько сообщений или сократите.',
  'rule.replyTooLong':
    'Текст ответа здесь доходит до {max} символов (не меньше {next} к концу этой части, без учёта пробелов); Discord допускает {max} в одном сообщении. Разбейте его с помощью `$sendMessage` или сократите.',

  'menu.textLength': '{what} у `{name}`: {n} символов; Discord допускает не больше {max}.',
  'part.placeholder': 'Подсказка (placeholder)',
  'part.id': 'ID',
  'part.label': 'Подпись',
  'part.value': 'Значение',
  'part.description': 'Описание',
  'part.modalId': 'ID модального окна',
  'part.title': 'Заголовок',
  'part.textInputId': 'ID текстового поля',
  'menu.minMaxRange':
    '"{arg}" у `{name}` должно быть целым числом от {lo} до {hi} — это предел Discord для меню выбора; получено {got}.',
  'menu.minOverMax':
    '"{minName}" ({min}) у `{name}` больше, чем "{maxName}" ({max}): меню выбора не может требовать больше вариантов, чем разрешает.',
  'menu.fewerOptions':
    'Меню выбора {id} разрешает выбрать {max} {max, plural, one {вариант} few {варианта} many {вариантов} other {варианта}} ("{maxName}"), но эта команда добавляет в него {added, plural, =0 {ни одной опции} one {только # опцию} few {только # опции} many {только # опций} other {только # опции}}: Discord отклоняет меню выбора, в котором можно выбрать больше, чем в нём опций. Уменьшите "{maxName}" или добавьте опции.',
  'modal.minLengthRange':
    '"Minimum length" у `$addTextInput` должно быть целым числом от {lo} до {hi}; получено {got}.',
  'modal.maxLengthRange':
    '"Maximum length" у `$addTextInput` должно быть целым числом от {lo} до {hi}; получено {got}.',
  'modal.minOverMax':
    '"Minimum length" ({min}) у `$addTextInput` больше, чем "Maximum length" ({max}): ни один ответ не уложится в оба.',
  'modal.valueTooLong': 'Значение `$addTextInput` содержит {n} символов; Discord допускает не больше {max}.',
  'modal.valueUnderMin': 'Значение `$addTextInput` содержит {n} символов — меньше, чем его "Minimum length" ({min}).',
  'modal.valueOverMax': 'Значение `$addTextInput` содержит {n} символов — больше, чем его "Maximum length" ({max}).',
  'modal.tooManyInputs':
    'Это {n}-е текстовое поле одного модального окна; Discord допускает не больше {max} в модальном окне.',
  'modal.noInput':
    'В этом модальном окне нет ни одного текстового поля: Discord нужно от 1 до {max}. Добавьте `$addTextInput[...]` после `$newModal`.',

  'comp.sectionTexts': 'Это {n}-й текстовый блок в секции {section}; секция вмещает от одного до {max}.',
  'comp.galleryItems': 'Это {n}-й элемент медиагалереи {owner}; галерея вмещает от 1 до {max}.',
  'comp.selectOptions': 'Это {n}-я опция меню выбора {owner}; меню выбора вмещает не больше {max} опций.',
  'comp.linkNeedsUrl':
    'Кнопка `link` открывает URL и не отправляет взаимодействие: её "Button ID/URL" должен быть URL, начинающимся с http:// или https:// (для кнопки, на которую отвечает бот, используйте primary, secondary, success или danger).',
  'comp.urlNeedsLink': 'У этой кнопки есть URL, но стиль "{style}": кнопке, которая открывает URL, нужен стиль `link`.',
  'comp.selectMenuRows':
    'Этому меню выбора нужен {n}-й ряд действий; в сообщении не больше {max} (каждое меню выбора занимает отдельный ряд, и ряды кнопок тоже считаются).',
  'comp.buttonRows':
    'Эта кнопка начинает {n}-й ряд действий; в сообщении не больше {max} рядов по {buttons} кнопок (каждое меню выбора занимает ряд).',
  'comp.buttonsInRow':
    'Это {n}-я кнопка в одном ряду действий; в ряду не больше {max}. Передайте этой кнопке `yes` в "New row", чтобы начать новый ряд.',
  'comp.duplicateId':
    'Пользовательский ID {id} уже занят другим компонентом этого сообщения; Discord нужен отдельный ID для каждого компонента одного сообщения.',
  'comp.v2Total':
    'Это {n}-й компонент этого сообщения Components V2; Discord допускает {max} в одном сообщении, включая вложенные.',
  'comp.rowHasSelect':
    'В ряду действий {row} уже есть меню выбора; меню выбора занимает ряд целиком, поэтому этой кнопке нужен отдельный ряд.',
  'comp.buttonsInNamedRow': 'Это {n}-я кнопка в ряду действий {row}; в ряду не больше {max}.',
  'comp.selectAfterSelect': 'В ряду действий {row} уже есть меню выбора; меню выбора занимает ряд целиком.',
  'comp.selectAfterButtons': 'В ряду действий {row} уже есть кнопки; меню выбора занимает ряд целиком.',
  'comp.v2WithEmbed':
    '`{name}` делает это сообщение сообщением Components V2, в котором не может быть эмбедов, но `{embed}` строит эмбед в том же сообщении. Используйте контейнер (`$addContainer` с `$addTextDisplay`) вместо эмбеда.',

  'noun.selectMenu': 'меню выбора',
  'noun.modal': 'модальное окно',
  'noun.container': 'контейнер',
  'noun.section': 'секция',
  'noun.actionRow': 'ряд действий',
  'noun.mediaGallery': 'медиагалерея',
  'parent.noModal':
    '`$addTextInput` добавляет поле в модальное окно, но эта команда не создаёт модальное окно: начните с `$newModal[Modal ID;Title]` перед текстовыми полями.',
  'parent.missing':
    'Эта команда не создаёт компонент типа «{kinds}» с ID {id}, поэтому `{name}` некуда добавляться: создайте его с помощью {creators} перед этой строкой.{elsewhere}{note}',
  'parent.otherMessage': ' Чтобы добавить опцию в меню другого сообщения, укажите ID этого сообщения в "Message ID".',
  'parent.idOfOther': ' Здесь {id} — это ID компонента типа «{noun}».',
  'parent.later':
    'Компонент типа «{noun}» {id} создаётся только после этого `{name}`: переместите `{first}` выше. BDFD может добавлять только в уже существующий компонент типа «{noun}».',
  'parent.noPath':
    'Компонент типа «{noun}» {id} не создаётся ни на одном пути, ведущем к этому `{name}` (только в ветке, обработчике или части после `$stop`, которая его исключает): сначала создайте его на этом пути. BDFD может добавлять только в уже существующий компонент типа «{noun}».',
  'parent.modalLater':
    'Модальное окно создаётся только после этого `{name}`: переместите `{first}` выше. BDFD может добавлять только в уже существующее модальное окно.',
  'parent.modalNoPath':
    'Модальное окно не создаётся ни на одном пути, ведущем к этому `{name}` (только в ветке, обработчике или части после `$stop`, которая его исключает): сначала создайте его на этом пути. BDFD может добавлять только в уже существующее модальное окно.',

  'var.beforeSet':
    'Переменная {name} читается здесь до того, как ей присвоено значение: ни на одном пути к этому `$var` ещё не выполнился `$var[{shown};...]`.',
  'var.unset':
    'Переменная {name} читается здесь, но нигде в этой команде не задаётся (её задаёт `$var[{shown};значение]`).{hint}',
  'var.commaHint': ' Если вы хотели задать {name}, разделите имя и значение через `;`: `$var[{shown};{value}]`.',
  'var.commaSetHint':
    ' `$var[{shown}]` читает переменную с именем {read}; чтобы задать там {name}, напишите `;` вместо `,`.',
  'rename.varNotPlain':
    'В имени `$var[{shown}]` есть комментарий или вызов, поэтому его нельзя безопасно переименовать.',
  'rename.varEmpty': 'Имя переменной не может быть пустым.',
  'rename.varLines': 'Имя переменной не может занимать несколько строк.',

  'json.invalid': '`$jsonParse`: некорректный JSON. {error}',
  'json.invalidEscaped':
    '`$jsonParse`: некорректный JSON. {error} В BDScript `\\\\` — это одна обратная косая черта: пишите `\\\\\\\\`, чтобы получить `\\\\` в JSON.',
  'json.comment':
    'В JSON нет комментариев: уберите этот (комментарий BDScript `$c[...]` удаляется ещё до чтения JSON).',
  'json.trailing': 'Лишний текст после значения JSON: текст JSON содержит ровно одно значение.',
  'json.wrongClose': 'Эта `{got}` не закрывает всё ещё открытую `{open}`: сначала закройте её с помощью `{close}`.',
  'json.expectedAfterValue': 'После значения свойства ожидалась `,` или `}`, а найдено {found}.',
  'json.expectedAfterValueComma':
    'После значения свойства ожидалась `,` или `}`, а найдено {found}: вероятно, перед этим не хватает `,`.',
  'json.expectedAfterItem': 'После элемента массива ожидалась `,` или `]`, а найдено {found}.',
  'json.expectedAfterItemComma':
    'После элемента массива ожидалась `,` или `]`, а найдено {found}: вероятно, перед этим не хватает `,`.',
  'json.commaBeforeBrace': 'В JSON нельзя ставить запятую перед `}`: уберите эту `,`.',
  'json.commaBeforeBracket': 'В JSON нельзя ставить запятую перед `]`: уберите эту `,`.',
  'json.keySingleQuotes': 'Имя свойства пишется в двойных кавычках (`"имя"`), а не в одинарных.',
  'json.keyQuotes': 'Имя свойства пишется в двойных кавычках: напишите `"{key}"`.',
  'json.expectedKey': 'Ожидалось имя свойства в двойных кавычках, а найдено {found}.',
  'json.expectedKeyOrClose': 'Ожидалось имя свойства в двойных кавычках или `}`, а найдено {found}.',
  'json.expectedColon': 'После имени свойства ожидалось `:`, а найдено {found}.',
  'json.empty':
    'Ожидалось значение JSON, но ничего нет: `$jsonParse` нужен объект вроде `{}`, массив, строка, число, true, false или null.',
  'json.lowerCase': 'В JSON `{word}` пишется строчными буквами, а не `{got}`.',
  'json.notAValue': '`{word}` — не значение JSON: используйте число, строку или null.',
  'json.bareWord': '`{word}` — не значение JSON: текст пишется в двойных кавычках (`"{word}"`).',
  'json.stringSingleQuotes': 'Строка JSON пишется в двойных кавычках (`"текст"`), а не в одинарных.',
  'json.plus': 'Число JSON не может начинаться с `+`: уберите его.',
  'json.leadingDot': 'Перед десятичной точкой в числе JSON нужна цифра: пишите `0.5`, а не `.5`.',
  'json.valueBeforeComma': 'Перед этой `,` ожидалось значение.',
  'json.valueBeforeClose': 'Перед этой `{close}` ожидалось значение.',
  'json.valueNotColon': 'Ожидалось значение, а найдено `:`.',
  'json.expectedValue': 'Ожидалось значение JSON, а найдено {found}.',
  'json.minus': 'После `-` должна идти цифра.',
  'json.minusFound': 'После `-` должна идти цифра, а найдено {found}.',
  'json.leadingZeros':
    'В числе JSON не может быть ведущих нулей: пишите `0` отдельно или уберите нули (код вроде `007` нужно взять в кавычки: `"007"`).',
  'json.trailingDot': 'После десятичной точки должна идти цифра: пишите `1.0` или `1`, а не `1.`.',
  'json.exponent': 'В экспоненте нужны цифры: пишите `1e5`, а не `1e`.',
  'json.unclosedString': 'Эта строка нигде не закрыта: в её конце не хватает `"`.',
  'json.lineBreak':
    'Перевод строки не может стоять внутри строки JSON: запишите его как {write} или закройте строку перед ним.',
  'json.tab': 'Табуляция не может стоять внутри строки JSON: запишите её как {write} или закройте строку перед ней.',
  'json.controlChar':
    'Управляющий символ не может стоять внутри строки JSON: запишите его как {write} или закройте строку перед ним.',
  'json.unicodeEscape': 'Экранированию `\\u` нужны четыре шестнадцатеричные цифры (`\\u00e9`).',
  'json.badEscape':
    '`\\{escape}` — не экранирование JSON: используйте `\\"` `\\\\` `\\/` `\\b` `\\f` `\\n` `\\r` `\\t` или `\\uXXXX`.',
  'json.unclosed': 'Эта `{open}` нигде не закрыта: JSON заканчивается раньше её `{close}`.',
  'json.endBeforeValue': 'JSON заканчивается там, где должно быть значение: открытая ранее `{open}` не завершена.',
  'json.foundEnd': 'конец текста',
  'json.foundBacktick': 'обратный апостроф',
  'json.foundControl': 'управляющий символ U+{code}',

  'action.closeCall': 'Добавить недостающую `]` к `{name}[`',
  'action.closeComment': 'Добавить недостающую `]` к `$c[`',
  'action.escapeSelection': 'Экранировать `;`, `]` и `$` в выделении',
  'action.escapeSelectionNoDollar': 'Экранировать `;` и `]` в выделении',
  'action.silenceLine': 'Отключить `{code}` в этой строке',
  'action.silenceFile': 'Отключить `{code}` в этом файле',
  'action.fixAll': 'Исправить все безопасные проблемы (экранирование, устаревшие функции)',
  'lens.embed': 'эмбед {index}',
  'lens.embeds': 'эмбеды {list}',
  'lens.characters': '{count} / {max} символов',
  'lens.rows': '{count} / {max} рядов',
  'lens.components': '{count} / {max} компонентов',
  'lens.preview': 'Предпросмотр',
  'fix.replaceWith': 'Заменить на `{code}`',
  'fix.replaceCheck': 'Заменить на `{code}` (проверьте: {check})',
  'fix.replaceCheckArgs': 'Заменить на `{code}` (проверьте аргументы: `{tag}`)',
  'check.roleOneArgument':
    'с одним аргументом `{name}` действовала на всех упомянутых пользователей; эта — только на первого',
  'check.noReset': 'у `$editChannelPerms` нет `/` (сброса) для права',
  'check.muteDuration': 'укажите длительность тайм-аута; роль мьюта не используется',
  'check.untimeout': '`$untimeout` снимает тайм-аут; роль мьюта она не забирает',

  'flag.required': 'Обязательный',
  'flag.optional': 'Необязательный',
  'flag.emptiable': 'Обязательный (может быть пустым)',
  'flag.vacantable': 'Необязательный (может быть пустым)',
  'doc.repeatsAsGroup': 'повторяется группой',
  'doc.repeatable': 'повторяемый',
  'doc.values': '; значения: {values}',
  'doc.andMoreValues': ' и ещё {n}',
  'doc.openWiki': 'Открыть страницу вики',
  'doc.wikiPlain': 'Вики: {url}',
  'doc.noDescriptionFunction': 'В каталоге нет описания этой функции.',
  'doc.noDescriptionCallback': 'В каталоге нет описания этого колбэка.',
  'doc.factsOnly':
    'В этом каталоге нет описаний, только имена, аргументы и флаги; обновление из API BDFD добавит описание.',
  'doc.functionWithArgs': 'Функция с аргументами',
  'doc.functionWithoutArgs': 'Функция без аргументов',
  'doc.callbackWithArgs': 'Колбэк с аргументами',
  'doc.callbackWithoutArgs': 'Колбэк без аргументов',
  'doc.deprecated': 'Устарела',
  'doc.useInstead': 'используйте вместо неё {name}.',
  'doc.avoidIt': 'не используйте её в новом коде.',
  'doc.premium': 'Премиум',
  'doc.needsPremium': 'нужен бот с premium.',
  'doc.intents': 'Интенты',
  'doc.needsIntents':
    'в настройках бота {count, plural, one {должен быть включён интент} few {должны быть включены интенты} many {должны быть включены интенты} other {должны быть включены интенты}} {names}.',
  'doc.arguments': 'Аргументы',
  'doc.none': 'нет',
  'doc.group': 'группа, {flag}',
  'doc.groupRepeats': 'группа, {flag}, повторяется группой',
  'doc.andMoreArguments': 'и ещё {n}',
  'doc.argumentOf': 'аргумент {n} функции {name}',
  'doc.memberOfGroup': 'элемент {n} группы',
  'doc.memberOfRepeatingGroup': 'элемент {n} повторяющейся группы',
  'doc.repetition': 'Повтор {n}.',
  'doc.otherAliases': 'Другие псевдонимы: {list}',
  'doc.noOtherAliases': 'Других псевдонимов нет.',
  'doc.emojiAliases': 'Псевдонимы эмодзи: {list}',
  'doc.noAliases': 'Эмодзи без псевдонимов.',
  'doc.noBracketedForm':
    'У {name} нет формы с аргументами; этот вызов всё равно ставит скобки. Показана форма без аргументов.',
  'doc.noBareForm': 'У {name} нет формы без аргументов; этот вызов пропускает скобки. Показана форма с аргументами.',
  'marker.callback': 'колбэк',
  'marker.premium': 'премиум',
  'marker.intent': 'интент {names}',
  'marker.deprecated': 'устарела',

  'symbol.trigger': 'триггер',
  'symbol.notClosed': 'не закрыт',
  'symbol.empty': '(пусто)',

  'completion.idGivenBy': 'ID задан в {name}',
  'completion.asyncBlock': 'блок $async в этом документе',
  'completion.variable': 'переменная этой команды',
  'completion.appVariable': 'переменная приложения из этой команды',
  'completion.value': 'значение',
  'completion.permission': 'право',
  'completion.inserts': 'вставляет {text}',
  'completion.jsonKey': 'ключ JSON: {shape}',
  'completion.jsonItem': 'элемент массива JSON: {shape}',
  'completion.jsonObject': 'объект ({n} {n, plural, one {ключ} few {ключа} many {ключей} other {ключа}})',
  'completion.jsonArray': 'массив ({n} {n, plural, one {элемент} few {элемента} many {элементов} other {элемента}})',

  'status.none': 'У BDScript нет каталога: ни один не удалось загрузить. {problems}',
  'status.using': 'BDScript использует {catalog}: {counts}. {problems}',
  'refresh.using': 'Сейчас используется: {inUse}.',
  'refresh.failed': 'Не удалось обновить каталог: {reason}. По-прежнему используется: {inUse}.',
  'refresh.updated': 'Каталог обновлён из {api}: {counts}.',
  'refresh.upToDate': 'Каталог актуален ({counts}).',
  'refresh.offline': 'Офлайн: каталог не обновлялся (включён bdscript.catalog.offline). Сейчас используется: {inUse}.',
  'catalog.none': 'нет каталога',
  'catalog.withCounts': '{catalog}: {counts}',
  'catalog.liveOfficial': 'каталог, скачанный из API BDFD',
  'catalog.live': 'каталог, скачанный с {where}',
  'catalog.cache': 'каталог из кэша ({where})',
  'catalog.snapshot': 'каталог из файла снимка {where}',
  'catalog.bundled': 'каталог, поставляемый с bdscript',
  'catalog.dated': '{catalog} от {date}',
  'catalog.fetchedAgo': '{catalog}, скачанный {age} назад',
  'catalog.fetchedAt': '{catalog}, скачанный {instant}',
  'catalog.bdfdApi': 'API BDFD',
  'catalog.counts':
    '{functions} {functions, plural, one {функция} few {функции} many {функций} other {функции}}, {callbacks} {callbacks, plural, one {колбэк} few {колбэка} many {колбэков} other {колбэка}} и {emoji} эмодзи',
  'age.seconds': '{n} с',
  'age.minutes': '{n} мин',
  'age.hours': '{n} ч',
  'age.days': '{n} {n, plural, one {день} few {дня} many {дней} other {дня}}',
  'problems.none': 'Проблем нет.',
  'problems.one': 'Одна проблема: {first}.',
  'problems.many': 'Проблем: {n}, первая: {first}.',
  'command.noFunction': 'BDScript: в этом месте нет известной функции.',
  'command.wikiUrl': 'BDScript: страница вики для {name}: {url}',
  'command.wikiAction': 'Открыть страницу вики для {name}',
  'workspace.capped':
    'BDScript проверяет первые {max} {max, plural, one {файл} few {файла} many {файлов} other {файла}} рабочей области, которые не открыты; чтобы проверять больше, увеличьте `bdscript.diagnostics.workspace.maxFiles`.',
  'progress.title': 'Каталог BDScript',
  'progress.refreshingFrom': 'обновление с {url}',
  'progress.refreshing': 'обновление с URL каталога',

  'preview.note.embedIndex':
    '`{name}`: номер эмбеда — не целое число от 1 и больше; предпросмотр помещает его в первый эмбед.',
  'preview.note.embedOverMax':
    '`{name}` задаёт эмбед {index}, но сообщение вмещает не больше {max} {max, plural, one {эмбеда} few {эмбедов} many {эмбедов} other {эмбеда}}.',
  'preview.note.buttonElsewhere': '`{name}` с Message ID добавляет кнопку в другое сообщение.',
  'preview.note.menuElsewhere': '`{name}` с Message ID добавляет меню выбора в другое сообщение.',
  'preview.note.optionElsewhere': '`{name}` с Message ID добавляет опцию в другое сообщение.',
  'preview.note.actsElsewhere': '`{name}` с Message ID действует на другое сообщение.',
  'preview.note.removeAtRunTime':
    '`{name}` удаляет компонент, ID которого известен только при выполнении; предпросмотр оставляет все.',
  'preview.note.unknownMenu':
    '`{name}` ссылается на меню выбора, которого предпросмотр не знает (оно создаётся во время выполнения или не создано до этого вызова).',
  'preview.note.unknownParent':
    '`{name}` ссылается на родительский компонент "{id}", которого предпросмотр не находит до этого вызова.',
  'preview.note.unknownGallery': '`{name}` ссылается на медиагалерею, которой предпросмотр не находит до этого вызова.',
  'preview.note.unknownSection': '`{name}` ссылается на секцию, которой предпросмотр не находит до этого вызова.',
  'preview.note.unknownRowOrSection':
    '`{name}` ссылается на ряд действий или секцию, которых предпросмотр не находит до этого вызова.',
  'preview.note.unknownRow': '`{name}` ссылается на ряд действий, которого предпросмотр не находит до этого вызова.',
  'preview.note.notAColour': '`$color`: "{value}" — не цвет; Discord не получит никакого цвета.',
  'preview.note.sender': '`{name}` отправляет отдельное сообщение, которое предпросмотр не показывает.',
  'preview.note.elsewhere': '`{name}` отправляет ответ в другое место; там он выглядит так же.',
  'preview.branch.else': 'иначе',
  'preview.branch.noCondition': '(без условия)',
  'preview.branch.none': 'ни одна из веток',
  'preview.page.title': 'Предпросмотр сообщения BDScript',
  'preview.page.bot': 'Ваш бот',
  'preview.page.chip': 'Станет известно при выполнении команды',
  'preview.page.imagesOff': 'Изображения не загружаются',
  'preview.page.image': 'изображение',
  'preview.page.timestamp': 'Сегодня, в момент отправки',
  'preview.page.colorAtRunTime': 'цвет станет известен при выполнении команды',
  'preview.page.selectPlaceholder': 'Сделайте выбор',
  'preview.page.noReply': 'Эта команда не отправляет собственного ответа.',
  'preview.page.ephemeral': 'Это видите только вы',
  'preview.page.ifShown': 'Показана ветка $if:',
  'preview.page.mentionUser': 'пользователь',
  'preview.page.mentionRole': 'роль',
  'preview.page.mentionChannel': 'канал',
  'preview.page.guildCustomize': 'Каналы и роли',
  'preview.page.guildBrowse': 'Обзор каналов',
  'preview.page.guildGuide': 'Путеводитель по серверу',
  'preview.page.guildLinkedRoles': 'Связанные роли',
  'preview.page.spoiler': 'Спойлер: нажмите, чтобы показать',
  'preview.page.linkAtRunTime': 'Адрес этой ссылки станет известен при выполнении команды',
  'preview.page.cut': 'Страница обрывается здесь: остальная часть сообщения слишком велика, чтобы её показать.',
});
