// Brazilian Portuguese. Terms: função, argumento, callback, gatilho (trigger), menu de seleção,
// linha de ações, modal, campo de texto, contêiner, seção, galeria de mídia, embed, intent.

import type { Translation } from './index';

/** The Brazilian Portuguese templates, made when the language is first used (index.ts keeps them). */
export const portuguese = (): Translation => ({
  'list.or': '{a} ou {b}',
  'list.and': '{a} e {b}',
  'count.errors': '{n} {n, plural, one {erro} other {erros}}',
  'count.warnings': '{n} {n, plural, one {aviso} other {avisos}}',
  'count.information': '{n} {n, plural, one {informação} other {informações}}',
  'count.hints': '{n} {n, plural, one {dica} other {dicas}}',

  'syntax.unclosedBracket': '`{name}[` nunca é fechado: adicione `]`.',
  'syntax.unescapedBracket':
    'Este `]` fecha `{name}[`, mas um `[` nos argumentos continua aberto como texto. Se o `]` pertence a esse `[`, escape-o como `\\]`.',
  'syntax.strayBracket':
    'Este `]` está fora dos argumentos de qualquer função, então é texto comum. Se um argumento terminou cedo demais, escape o `]` dentro dele como `\\]`.',
  'syntax.unclosedComment':
    'Este comentário `$c[` nunca é fechado: tudo depois dele é texto de comentário. Adicione `]`.',

  'block.unclosed': '`{name}` nunca é fechado: adicione `{closer}`.',
  'block.strayEnd': '`{name}` não tem nenhum `{opener}` para fechar.',
  'block.elseOutsideIf': '`{name}` só é válido dentro de um bloco `$if`.',
  'block.elseifAfterElse': '`$elseif` não pode vir depois de `$else` no mesmo bloco `$if`.',
  'block.duplicateElse': 'Este bloco `$if` já tem um `$else`.',
  'block.catchOutsideTry': '`$catch` só é válido dentro de um bloco `$try`.',
  'block.duplicateCatch': 'Este bloco `$try` já tem um `$catch`.',
  'block.errorOutsideCatch': '`$error` só tem valor dentro de um ramo `$catch` de um bloco `$try`.',
  'block.duplicateAsync': 'Já existe um bloco `$async` chamado "{name}"; os nomes devem ser únicos.',
  'block.unknownAsync':
    'Não há nenhum bloco `$async[{name}]` neste código: `$await` precisa do nome de um bloco `$async`.',

  'related.openBracketText': 'O `[` que continua aberto como texto',
  'related.ifOfBlock': 'O `$if` deste bloco',
  'related.firstElse': 'O primeiro `$else`',
  'related.branchBefore': 'O ramo anterior',
  'related.firstCatch': 'O primeiro `$catch`',
  'related.firstAsync': 'O primeiro `$async` com este nome',
  'related.firstWithId': 'O primeiro componente com este ID',
  'related.embedInMessage': 'O embed na mesma mensagem',
  'related.parentWithId': 'O componente do tipo {noun} com este ID',
  'related.parentCreated': 'Onde o componente do tipo {noun} é criado',
  'related.firstVarSet': 'O primeiro `$var[{shown};...]`',
  'related.varWithComma': 'Um `$var` escrito com `,` em vez de `;`',

  'directive.languageMissing':
    '`bdscript-language` precisa de uma linguagem: BDScript 2, BDScript ou BDScript Unstable.',
  'directive.languageUnknown':
    'Linguagem de script desconhecida "{value}" em `bdscript-language`: use BDScript 2, BDScript ou BDScript Unstable.',
  'directive.unknownRules':
    '`bdscript-{kind}` cita {count, plural, one {uma regra desconhecida} other {regras desconhecidas}}: {rules}.',

  'lang.switch':
    'Mude o comando para BDScript 2 no app e escreva `$c[bdscript-language: BDScript 2]` no arquivo (ou ajuste `bdscript.language`).',
  'lang.featureSwitch': '{problem} {switch}',
  'lang.blocksOnOneLine':
    'Várias funções de bloco na mesma linha precisam de BDScript 2; este arquivo é {language}. Coloque `{name}` numa linha própria.',
  'lang.onlyBdscript2': '`{name}` só existe em BDScript 2; este arquivo é {language}.',
  'lang.blockInArgument':
    '`{name}` dentro do argumento de uma função precisa de BDScript 2; este arquivo é {language}.',

  'diag.didYouMean': ' Você quis dizer {names}?',
  'diag.callbackInCode':
    '`{name}` é um callback: ele pertence ao gatilho do comando, não ao código. Coloque-o sozinho na primeira linha do arquivo para que essa linha seja o gatilho.',
  'diag.notACallback': '`{name}` não é um callback, então esta primeira linha é código, não o gatilho.{suggest}',
  'diag.unknownFunction': 'Função desconhecida `{name}`.{suggest}',
  'diag.gluedArguments':
    '`{name}{glued}[` é lido como `{name}` seguido do texto "{glued}[": os colchetes são texto, não argumentos de `{name}`.{suggest}',
  'diag.gluedName': '`{name}{glued}` é lido como `{name}` seguido do texto "{glued}".',
  'diag.bareOnly': '`{name}` não recebe argumentos: escreva-a sem colchetes.',
  'diag.needsArguments': '`{name}` precisa de argumentos: `{tag}`.',
  'diag.premiumFunction':
    '`{name}` é uma função premium: só funciona em bots com BDFD premium. Se o seu bot tem premium, ative a configuração `bdscript.premium`.',
  'diag.premiumCallback':
    '`{name}` é um callback premium: só funciona em bots com BDFD premium. Se o seu bot tem premium, ative a configuração `bdscript.premium`.',
  'diag.intentsOne':
    '`{name}` precisa do intent {intent}: ative-o nas configurações do bot no app do BDFD e no portal de desenvolvedores do Discord (Bot → Privileged Gateway Intents).',
  'diag.intentsBoth':
    '`{name}` precisa dos intents {first} e {second}: ative-os nas configurações do bot no app do BDFD e no portal de desenvolvedores do Discord (Bot → Privileged Gateway Intents).',
  'diag.deprecated': '`{name}` está obsoleta.',
  'diag.deprecatedFor': '`{name}` está obsoleta: use `{replacement}` no lugar.',
  'diag.takesNoArguments': '`{name}` não recebe argumentos.',
  'diag.missingArguments':
    '`{name}` está sem {count, plural, one {o argumento obrigatório} other {os argumentos obrigatórios}} {names}: `{tag}`.',
  'diag.emptyRequired': 'O argumento "{label}" de `{name}` é obrigatório e não pode ficar vazio.',
  'diag.emptyOptional': 'O argumento "{label}" de `{name}` pode ser omitido, mas não passado vazio.',
  'diag.invalidArgument': 'O argumento "{label}" de `{name}` {detail}.{suggest}',
  'diag.tooManyArguments':
    '`{name}` recebe no máximo {max} {max, plural, one {argumento} other {argumentos}} ({params}); recebeu {got}. Se um `;` é texto, escape-o como `\\;`.',
  'diag.capped':
    'Só os primeiros {shown} de {all} achados deste arquivo são mostrados (no total: {list}). Corrija esses primeiro, ou desative as regras de que não precisa com `bdscript.diagnostics.severity`, para ver o resto.',

  'value.mustBe': 'deve ser {expected}; recebeu {got}',
  'value.unknownEmoji': 'usa o alias de emoji {got}, que a lista de emojis não conhece',
  'type.integer': 'um número inteiro',
  'type.float': 'um número',
  'type.bool': 'yes, no, true ou false',
  'type.snowflake': 'um ID do Discord (dígitos)',
  'type.color': 'uma cor: um código hexadecimal como #FF0000 ou FF0000, ou um inteiro',
  'type.url': 'uma URL que comece com http:// ou https://',
  'type.duration': 'uma duração como 30s, 10m, 2h, 1d ou 1w (um número sozinho são segundos)',
  'type.howMany': 'uma quantidade como 2, >2 ou <2',
  'type.enum': 'um de {values}',
  'type.permission': 'um nome de permissão como managemessages (opcionalmente com + ou -)',
  'type.emoji': 'um emoji: um emoji Unicode, um :alias:, <:nome:id>, <a:nome:id> ou um ID de emoji',
  'type.text': 'texto',

  'fix.escapeBracket': 'Escapar este `]` como `\\]`',
  'fix.changeTo': 'Mudar para `{name}`',
  'fix.changeToValue': 'Mudar para "{value}"',
  'fix.keepTextApart': 'Escrever `{name}$c[]{glued}` para separar o texto',
  'fix.removeEmptyBrackets': 'Remover os `[]` vazios',
  'fix.addBrackets': 'Adicionar `[]`',
  'fix.escapeSemicolons': 'Escapar os `;` a mais como `\\;` (texto de "{label}")',
  'fix.addPlus': 'Adicionar `+` (dar o cargo)',
  'fix.addMinus': 'Adicionar `-` (tirar o cargo)',
  'fix.setWithSemicolon': 'Definir {name}: escrever `;` em vez de `,`',

  'rule.roleGrantSign':
    '`$roleGrant` precisa de `+` ou `-` antes de cada cargo, e este cargo não tem nenhum dos dois. Escreva `+` antes do ID do cargo para dá-lo, ou `-` para tirá-lo.',
  'rule.roleGrantSignNamed':
    '`$roleGrant` precisa de `+` ou `-` antes de cada cargo, e o cargo {role} não tem nenhum dos dois. Escreva `+` antes do ID do cargo para dá-lo, ou `-` para tirá-lo.',
  'rule.sqrtNegative':
    '`$sqrt` não calcula a raiz quadrada de um número negativo (recebeu {value}): o BDFD interrompe o comando com um erro. Passe um número maior ou igual a 0.',
  'rule.embedInSentMessage':
    '`{name}` dentro de `$sendMessage` não vai para a mensagem que `$sendMessage` envia: as funções de embed montam o embed da resposta do comando. Para enviar um embed numa mensagem própria, use `$sendEmbedMessage`; para a resposta, tire-o de `$sendMessage`.',
  'rule.textCap': '{what} com {count} caracteres: o Discord permite {max} e recusa a mensagem. Encurte em {over}.',
  'rule.embedIndex':
    '`{name}` define o embed {index}, mas o Discord permite {max} embeds em uma mensagem e recusa a mensagem. Use um índice de 1 a {max}.',
  'rule.embedFields':
    'Este é o campo {n} do embed {index} neste caminho do comando; o Discord permite {max} campos em um embed e recusa a mensagem.',
  'rule.embedsTotal':
    'Os embeds desta mensagem chegam aqui a pelo menos {count} caracteres (títulos, descrições, nomes e valores de campos, rodapés e autores juntos); o Discord permite {max} somando todos os embeds de uma mensagem e recusa a mensagem.',
  'what.embedTitle': 'Um título de embed',
  'what.embedDescription': 'Uma descrição de embed',
  'what.embedFooter': 'Um rodapé de embed',
  'what.embedAuthor': 'Um nome de autor de embed',
  'what.embedFieldName': 'Um nome de campo de embed',
  'what.embedFieldValue': 'Um valor de campo de embed',
  'what.buttonLabel': 'Um rótulo de botão',
  'what.buttonCustomId': 'Um ID personalizado de botão',
  'what.buttonUrl': 'Uma URL de botão de link',
  'rule.sentMessageTooLong':
    'A mensagem que `{name}` envia aqui tem pelo menos {count} caracteres; o Discord permite {max} numa mensagem. Divida-a em várias mensagens ou encurte-a.',
  'rule.replyTooLong':
    'O texto da resposta chega aqui a {max} caracteres (pelo menos {next} no fim desta parte, sem contar espaços); o Discord permite {max} numa mensagem. Divida-o com `$sendMessage` ou encurte-o.',

  'menu.textLength': '{what} de `{name}` tem {n} caracteres; o Discord permite no máximo {max}.',
  'part.placeholder': 'O texto de exemplo',
  'part.id': 'O ID',
  'part.label': 'O rótulo',
  'part.value': 'O valor',
  'part.description': 'A descrição',
  'part.modalId': 'O ID do modal',
  'part.title': 'O título',
  'part.textInputId': 'O ID do campo de texto',
  'menu.minMaxRange':
    '"{arg}" de `{name}` deve ser um número inteiro de {lo} a {hi}, o limite do Discord para um menu de seleção; recebeu {got}.',
  'menu.minOverMax':
    '"{minName}" ({min}) de `{name}` é maior que "{maxName}" ({max}): um menu de seleção não pode pedir mais escolhas do que permite.',
  'menu.fewerOptions':
    'O menu de seleção {id} permite {max} {max, plural, one {escolha} other {escolhas}} ("{maxName}"), mas este comando adiciona {added, plural, =0 {nenhuma opção} one {só 1 opção} other {só # opções}} a ele: o Discord recusa um menu de seleção que permite mais escolhas do que tem opções. Diminua "{maxName}" ou adicione opções.',
  'modal.minLengthRange':
    '"Minimum length" de `$addTextInput` deve ser um número inteiro de {lo} a {hi}; recebeu {got}.',
  'modal.maxLengthRange':
    '"Maximum length" de `$addTextInput` deve ser um número inteiro de {lo} a {hi}; recebeu {got}.',
  'modal.minOverMax':
    '"Minimum length" ({min}) de `$addTextInput` é maior que "Maximum length" ({max}): nenhuma resposta caberia nos dois.',
  'modal.valueTooLong': 'O valor de `$addTextInput` tem {n} caracteres; o Discord permite no máximo {max}.',
  'modal.valueUnderMin': 'O valor de `$addTextInput` tem {n} caracteres, menos que o seu "Minimum length" de {min}.',
  'modal.valueOverMax': 'O valor de `$addTextInput` tem {n} caracteres, mais que o seu "Maximum length" de {max}.',
  'modal.tooManyInputs': 'Este é o {n}º campo de texto de um mesmo modal; o Discord permite no máximo {max} num modal.',
  'modal.noInput':
    'Este modal não tem nenhum campo de texto: o Discord precisa de 1 a {max} num modal. Adicione `$addTextInput[...]` depois de `$newModal`.',

  'comp.sectionTexts': 'Esta é a {n}ª exibição de texto na seção {section}; uma seção comporta de uma a {max}.',
  'comp.galleryItems': 'Este é o {n}º item da galeria de mídia {owner}; uma galeria comporta de 1 a {max}.',
  'comp.selectOptions':
    'Esta é a {n}ª opção do menu de seleção {owner}; um menu de seleção comporta no máximo {max} opções.',
  'comp.linkNeedsUrl':
    'Um botão `link` abre uma URL e não envia nenhuma interação: o seu "Button ID/URL" deve ser uma URL que comece com http:// ou https:// (para um botão que o bot responde, use primary, secondary, success ou danger).',
  'comp.urlNeedsLink':
    'Este botão tem uma URL, mas o estilo "{style}": um botão que abre uma URL precisa do estilo `link`.',
  'comp.selectMenuRows':
    'Este menu de seleção precisa de uma {n}ª linha de ações; uma mensagem comporta no máximo {max} (cada menu de seleção ocupa uma linha própria, e as linhas de botões também contam).',
  'comp.buttonRows':
    'Este botão começa uma {n}ª linha de ações; uma mensagem comporta no máximo {max} linhas de {buttons} botões (cada menu de seleção ocupa uma linha).',
  'comp.buttonsInRow':
    'Este é o {n}º botão de uma mesma linha de ações; uma linha comporta no máximo {max}. Dê a este botão `yes` como "New row" para começar uma nova linha.',
  'comp.duplicateId':
    'O ID personalizado {id} já é usado por outro componente desta mensagem; o Discord precisa de um ID diferente para cada componente de uma mesma mensagem.',
  'comp.v2Total':
    'Este é o {n}º componente desta mensagem Components V2; o Discord permite {max} numa mensagem, contando os aninhados.',
  'comp.rowHasSelect':
    'A linha de ações {row} já tem um menu de seleção; um menu de seleção ocupa a linha sozinho, então este botão precisa de uma linha própria.',
  'comp.buttonsInNamedRow': 'Este é o {n}º botão da linha de ações {row}; uma linha comporta no máximo {max}.',
  'comp.selectAfterSelect':
    'A linha de ações {row} já tem um menu de seleção; um menu de seleção ocupa a linha sozinho.',
  'comp.selectAfterButtons': 'A linha de ações {row} já tem botões; um menu de seleção ocupa a linha sozinho.',
  'comp.v2WithEmbed':
    '`{name}` torna esta mensagem Components V2, que não pode ter embeds, mas `{embed}` monta um na mesma mensagem. Use um contêiner (`$addContainer` com `$addTextDisplay`) em vez do embed.',

  'noun.selectMenu': 'menu de seleção',
  'noun.modal': 'modal',
  'noun.container': 'contêiner',
  'noun.section': 'seção',
  'noun.actionRow': 'linha de ações',
  'noun.mediaGallery': 'galeria de mídia',
  'parent.noModal':
    '`$addTextInput` adiciona um campo a um modal, mas este comando não cria nenhum modal: comece com `$newModal[Modal ID;Title]` antes dos campos de texto.',
  'parent.missing':
    'Este comando não cria nenhum componente do tipo {kinds} com o ID {id}, então `{name}` não tem onde ser adicionado: crie-o com {creators} antes desta linha.{elsewhere}{note}',
  'parent.otherMessage':
    ' Para adicionar a opção a um menu de outra mensagem, informe o ID dessa mensagem como "Message ID".',
  'parent.idOfOther': ' Aqui {id} é o ID de um componente do tipo {noun}.',
  'parent.later':
    'O componente do tipo {noun} {id} só é criado depois deste `{name}`: mova `{first}` para cima dele. O BDFD só consegue adicionar a um componente do tipo {noun} que já existe.',
  'parent.noPath':
    'O componente do tipo {noun} {id} não é criado em nenhum caminho que chegue a este `{name}` (só num ramo, handler ou parte depois de `$stop` que o exclui): crie-o antes neste caminho. O BDFD só consegue adicionar a um componente do tipo {noun} que já existe.',
  'parent.modalLater':
    'O modal só é criado depois deste `{name}`: mova `{first}` para cima dele. O BDFD só consegue adicionar a um modal que já existe.',
  'parent.modalNoPath':
    'O modal não é criado em nenhum caminho que chegue a este `{name}` (só num ramo, handler ou parte depois de `$stop` que o exclui): crie-o antes neste caminho. O BDFD só consegue adicionar a um modal que já existe.',

  'var.beforeSet':
    'A variável {name} é lida aqui antes de ser definida: em todos os caminhos que chegam a este `$var`, nenhum `$var[{shown};...]` foi executado ainda.',
  'var.unset':
    'A variável {name} é lida aqui, mas nunca é definida neste comando (`$var[{shown};valor]` a define).{hint}',
  'var.commaHint': ' Se a intenção é definir {name}, separe o nome e o valor com `;`: `$var[{shown};{value}]`.',
  'var.commaSetHint':
    ' `$var[{shown}]` lê uma variável chamada {read}; para definir {name} ali, escreva `;` em vez de `,`.',
  'rename.varNotPlain':
    'Um `$var[{shown}]` tem um comentário ou uma chamada no nome, então não pode ser renomeado com segurança.',
  'rename.varEmpty': 'O nome de uma variável não pode ficar vazio.',
  'rename.varLines': 'O nome de uma variável não pode ocupar várias linhas.',

  'json.invalid': '`$jsonParse`: JSON inválido. {error}',
  'json.invalidEscaped':
    '`$jsonParse`: JSON inválido. {error} Em BDScript `\\\\` é uma única barra invertida: escreva `\\\\\\\\` para o `\\\\` do JSON.',
  'json.comment':
    'JSON não tem comentários: remova este (um comentário BDScript `$c[...]` é removido antes de o JSON ser lido).',
  'json.trailing': 'Texto inesperado depois do valor JSON: um texto JSON contém exatamente um valor.',
  'json.wrongClose': 'Este `{got}` não fecha o `{open}` que continua aberto: feche-o primeiro com `{close}`.',
  'json.expectedAfterValue': 'Esperava `,` ou `}` depois do valor de uma propriedade, encontrou {found}.',
  'json.expectedAfterValueComma':
    'Esperava `,` ou `}` depois do valor de uma propriedade, encontrou {found}: provavelmente falta uma `,` antes.',
  'json.expectedAfterItem': 'Esperava `,` ou `]` depois de um item do array, encontrou {found}.',
  'json.expectedAfterItemComma':
    'Esperava `,` ou `]` depois de um item do array, encontrou {found}: provavelmente falta uma `,` antes.',
  'json.commaBeforeBrace': 'Uma vírgula antes de `}` não é permitida em JSON: remova esta `,`.',
  'json.commaBeforeBracket': 'Uma vírgula antes de `]` não é permitida em JSON: remova esta `,`.',
  'json.keySingleQuotes': 'O nome de uma propriedade precisa de aspas duplas (`"nome"`), não simples.',
  'json.keyQuotes': 'O nome de uma propriedade precisa de aspas duplas: escreva `"{key}"`.',
  'json.expectedKey': 'Esperava um nome de propriedade entre aspas duplas, encontrou {found}.',
  'json.expectedKeyOrClose': 'Esperava um nome de propriedade entre aspas duplas ou `}`, encontrou {found}.',
  'json.expectedColon': 'Esperava `:` depois do nome da propriedade, encontrou {found}.',
  'json.empty':
    'Esperava um valor JSON e não encontrou nada: `$jsonParse` precisa de um objeto como `{}`, um array, uma string, um número, true, false ou null.',
  'json.lowerCase': 'JSON escreve `{word}` em minúsculas, não `{got}`.',
  'json.notAValue': '`{word}` não é um valor JSON: use um número, uma string ou null.',
  'json.bareWord': '`{word}` não é um valor JSON: texto precisa de aspas duplas (`"{word}"`).',
  'json.stringSingleQuotes': 'Uma string JSON precisa de aspas duplas (`"texto"`), não simples.',
  'json.plus': 'Um número JSON não pode começar com `+`: remova-o.',
  'json.leadingDot': 'Um número JSON precisa de um dígito antes do ponto decimal: escreva `0.5`, não `.5`.',
  'json.valueBeforeComma': 'Esperava um valor antes desta `,`.',
  'json.valueBeforeClose': 'Esperava um valor antes deste `{close}`.',
  'json.valueNotColon': 'Esperava um valor, encontrou `:`.',
  'json.expectedValue': 'Esperava um valor JSON, encontrou {found}.',
  'json.minus': 'Um `-` deve ser seguido de um dígito.',
  'json.minusFound': 'Um `-` deve ser seguido de um dígito, encontrou {found}.',
  'json.leadingZeros':
    'Um número JSON não pode ter zeros à esquerda: escreva `0` sozinho ou tire os zeros (um código como `007` precisa de aspas: `"007"`).',
  'json.trailingDot': 'Um ponto decimal deve ser seguido de um dígito: escreva `1.0` ou `1`, não `1.`.',
  'json.exponent': 'Um expoente precisa de dígitos: escreva `1e5`, não `1e`.',
  'json.unclosedString': 'Esta string nunca é fechada: falta um `"` no final.',
  'json.lineBreak':
    'Uma quebra de linha não pode aparecer dentro de uma string JSON: escreva-a como {write}, ou feche a string antes dela.',
  'json.tab':
    'Uma tabulação não pode aparecer dentro de uma string JSON: escreva-a como {write}, ou feche a string antes dela.',
  'json.controlChar':
    'Um caractere de controle não pode aparecer dentro de uma string JSON: escreva-o como {write}, ou feche a string antes dele.',
  'json.unicodeEscape': 'Um escape `\\u` precisa de quatro dígitos hexadecimais (`\\u00e9`).',
  'json.badEscape':
    '`\\{escape}` não é um escape JSON: use `\\"` `\\\\` `\\/` `\\b` `\\f` `\\n` `\\r` `\\t` ou `\\uXXXX`.',
  'json.unclosed': 'Este `{open}` nunca é fechado: o JSON termina antes do seu `{close}`.',
  'json.endBeforeValue': 'O JSON termina onde deveria vir um valor: o `{open}` aberto antes não foi terminado.',
  'json.foundEnd': 'o fim do texto',
  'json.foundBacktick': 'uma crase',
  'json.foundControl': 'o caractere de controle U+{code}',

  'action.closeCall': 'Adicionar o `]` que falta em `{name}[`',
  'action.closeComment': 'Adicionar o `]` que falta em `$c[`',
  'action.escapeSelection': 'Escapar `;`, `]` e `$` na seleção',
  'action.escapeSelectionNoDollar': 'Escapar `;` e `]` na seleção',
  'action.silenceLine': 'Silenciar `{code}` nesta linha',
  'action.silenceFile': 'Silenciar `{code}` neste arquivo',
  'action.fixAll': 'Corrigir todos os problemas seguros (escapes, funções obsoletas)',
  'lens.embed': 'embed {index}',
  'lens.embeds': 'embeds {list}',
  'lens.characters': '{count} / {max} caracteres',
  'lens.rows': '{count} / {max} linhas',
  'lens.components': '{count} / {max} componentes',
  'lens.preview': 'Pré-visualização',
  'fix.replaceWith': 'Substituir por `{code}`',
  'fix.replaceCheck': 'Substituir por `{code}` (confira: {check})',
  'fix.replaceCheckArgs': 'Substituir por `{code}` (confira os argumentos: `{tag}`)',
  'check.roleOneArgument':
    'com um argumento, `{name}` agia sobre todos os usuários mencionados; isto age sobre o primeiro',
  'check.noReset': '`$editChannelPerms` não tem `/` (redefinir) para uma permissão',
  'check.muteDuration': 'informe a duração do castigo; o cargo de mutado não é usado',
  'check.untimeout': '`$untimeout` encerra um castigo; não tira nenhum cargo de mutado',

  'flag.required': 'Obrigatório',
  'flag.optional': 'Opcional',
  'flag.emptiable': 'Obrigatório (pode ficar vazio)',
  'flag.vacantable': 'Opcional (pode ficar vazio)',
  'doc.repeatsAsGroup': 'repete como grupo',
  'doc.repeatable': 'repetível',
  'doc.values': '; valores: {values}',
  'doc.andMoreValues': ' e mais {n}',
  'doc.openWiki': 'Abrir a página da wiki',
  'doc.wikiPlain': 'Wiki: {url}',
  'doc.noDescriptionFunction': 'O catálogo não tem descrição desta função.',
  'doc.noDescriptionCallback': 'O catálogo não tem descrição deste callback.',
  'doc.factsOnly':
    'Sem descrição neste catálogo, que só tem nomes, argumentos e marcações; atualizá-lo pela API do BDFD traz a descrição.',
  'doc.functionWithArgs': 'Função, com argumentos',
  'doc.functionWithoutArgs': 'Função, sem argumentos',
  'doc.callbackWithArgs': 'Callback, com argumentos',
  'doc.callbackWithoutArgs': 'Callback, sem argumentos',
  'doc.deprecated': 'Obsoleta',
  'doc.useInstead': 'use {name} no lugar.',
  'doc.avoidIt': 'evite-a em código novo.',
  'doc.premium': 'Premium',
  'doc.needsPremium': 'precisa de um bot com premium.',
  'doc.intents': 'Intents',
  'doc.needsIntents':
    'precisa {count, plural, one {do intent} other {dos intents}} {names} {count, plural, one {ativado} other {ativados}} nas configurações do bot.',
  'doc.arguments': 'Argumentos',
  'doc.none': 'nenhum',
  'doc.group': 'um grupo, {flag}',
  'doc.groupRepeats': 'um grupo, {flag}, repete como grupo',
  'doc.andMoreArguments': 'e mais {n}',
  'doc.argumentOf': 'argumento {n} de {name}',
  'doc.memberOfGroup': 'membro {n} de um grupo',
  'doc.memberOfRepeatingGroup': 'membro {n} de um grupo que se repete',
  'doc.repetition': 'Repetição {n}.',
  'doc.otherAliases': 'Outros aliases: {list}',
  'doc.noOtherAliases': 'Nenhum outro alias.',
  'doc.emojiAliases': 'Aliases do emoji: {list}',
  'doc.noAliases': 'Um emoji sem aliases.',
  'doc.noBracketedForm':
    '{name} não tem forma com argumentos; esta chamada usa colchetes mesmo assim. Mostrada: a forma sem argumentos.',
  'doc.noBareForm':
    '{name} não tem forma sem argumentos; esta chamada omite os colchetes. Mostrada: a forma com argumentos.',
  'marker.callback': 'callback',
  'marker.premium': 'premium',
  'marker.intent': 'intent {names}',
  'marker.deprecated': 'obsoleta',

  'symbol.trigger': 'gatilho',
  'symbol.notClosed': 'não fechado',
  'symbol.empty': '(vazio)',

  'completion.idGivenBy': 'ID dado por {name}',
  'completion.asyncBlock': 'bloco $async deste documento',
  'completion.variable': 'variável deste comando',
  'completion.appVariable': 'variável do app usada neste comando',
  'completion.value': 'valor',
  'completion.permission': 'permissão',
  'completion.inserts': 'insere {text}',
  'completion.jsonKey': 'chave JSON: {shape}',
  'completion.jsonItem': 'item de array JSON: {shape}',
  'completion.jsonObject': 'objeto ({n} {n, plural, one {chave} other {chaves}})',
  'completion.jsonArray': 'array ({n} {n, plural, one {item} other {itens}})',

  'status.none': 'O BDScript não tem catálogo: nenhum pôde ser carregado. {problems}',
  'status.using': 'O BDScript está usando {catalog}: {counts}. {problems}',
  'refresh.using': 'Em uso: {inUse}.',
  'refresh.failed': 'Não foi possível atualizar o catálogo: {reason}. Continua em uso: {inUse}.',
  'refresh.updated': 'O catálogo foi atualizado a partir de {api}: {counts}.',
  'refresh.upToDate': 'O catálogo está em dia ({counts}).',
  'refresh.offline': 'Offline: o catálogo não foi atualizado (bdscript.catalog.offline está ativado). Em uso: {inUse}.',
  'catalog.none': 'nenhum catálogo',
  'catalog.withCounts': '{catalog}: {counts}',
  'catalog.liveOfficial': 'o catálogo baixado da API do BDFD',
  'catalog.live': 'o catálogo baixado de {where}',
  'catalog.cache': 'o catálogo em cache ({where})',
  'catalog.snapshot': 'o catálogo do arquivo de snapshot {where}',
  'catalog.bundled': 'o catálogo que vem com o bdscript',
  'catalog.dated': '{catalog}, de {date}',
  'catalog.fetchedAgo': '{catalog}, baixado há {age}',
  'catalog.fetchedAt': '{catalog}, baixado em {instant}',
  'catalog.bdfdApi': 'a API do BDFD',
  'catalog.counts':
    '{functions} {functions, plural, one {função} other {funções}}, {callbacks} {callbacks, plural, one {callback} other {callbacks}} e {emoji} emojis',
  'age.seconds': '{n} s',
  'age.minutes': '{n} min',
  'age.hours': '{n} h',
  'age.days': '{n} {n, plural, one {dia} other {dias}}',
  'problems.none': 'Nenhum problema.',
  'problems.one': 'Um problema: {first}.',
  'problems.many': '{n} problemas; o primeiro: {first}.',
  'command.noFunction': 'BDScript: nenhuma função conhecida nessa posição.',
  'command.wikiUrl': 'BDScript: página da wiki de {name}: {url}',
  'command.wikiAction': 'Abrir a página da wiki de {name}',
  'workspace.capped':
    'O BDScript verifica os primeiros {max} {max, plural, one {arquivo} other {arquivos}} do espaço de trabalho que não estão abertos; altere `bdscript.diagnostics.workspace.maxFiles` para verificar mais.',
  'progress.title': 'Catálogo do BDScript',
  'progress.refreshingFrom': 'atualizando de {url}',
  'progress.refreshing': 'atualizando da URL do catálogo',

  'preview.note.embedIndex':
    '`{name}`: o índice do embed não é um número inteiro a partir de 1; esta pré-visualização o coloca no primeiro embed.',
  'preview.note.embedOverMax':
    '`{name}` define o embed {index}, mas uma mensagem comporta no máximo {max} {max, plural, one {embed} other {embeds}}.',
  'preview.note.buttonElsewhere': '`{name}` com um Message ID adiciona o botão a outra mensagem.',
  'preview.note.menuElsewhere': '`{name}` com um Message ID adiciona o menu de seleção a outra mensagem.',
  'preview.note.optionElsewhere': '`{name}` com um Message ID adiciona a opção a outra mensagem.',
  'preview.note.actsElsewhere': '`{name}` com um Message ID age sobre outra mensagem.',
  'preview.note.removeAtRunTime':
    '`{name}` remove um componente cujo ID só é conhecido ao executar; esta prévia mantém todos.',
  'preview.note.unknownMenu':
    '`{name}` indica um menu de seleção que esta pré-visualização não conhece (criado durante a execução, ou não criado antes).',
  'preview.note.unknownParent':
    '`{name}` indica um componente pai "{id}" que esta pré-visualização não encontra antes desta chamada.',
  'preview.note.unknownGallery':
    '`{name}` indica uma galeria de mídia que esta pré-visualização não encontra antes desta chamada.',
  'preview.note.unknownSection':
    '`{name}` indica uma seção que esta pré-visualização não encontra antes desta chamada.',
  'preview.note.unknownRowOrSection':
    '`{name}` indica uma linha de ações ou uma seção que esta pré-visualização não encontra antes desta chamada.',
  'preview.note.unknownRow':
    '`{name}` indica uma linha de ações que esta pré-visualização não encontra antes desta chamada.',
  'preview.note.notAColour': '`$color`: "{value}" não é uma cor; o Discord não recebe nenhuma cor.',
  'preview.note.sender': '`{name}` envia uma mensagem própria, que esta pré-visualização não mostra.',
  'preview.note.elsewhere': '`{name}` envia a resposta para outro lugar; lá ela fica igual.',
  'preview.branch.else': 'senão',
  'preview.branch.noCondition': '(sem condição)',
  'preview.branch.none': 'nenhum deles',
  'preview.page.title': 'Pré-visualização da mensagem do BDScript',
  'preview.page.bot': 'Seu bot',
  'preview.page.chip': 'Conhecido quando o comando é executado',
  'preview.page.imagesOff': 'As imagens não são carregadas',
  'preview.page.image': 'imagem',
  'preview.page.timestamp': 'Hoje, no horário do envio',
  'preview.page.colorAtRunTime': 'cor conhecida quando o comando é executado',
  'preview.page.selectPlaceholder': 'Faça uma seleção',
  'preview.page.noReply': 'Este comando não envia nenhuma resposta própria.',
  'preview.page.ephemeral': 'Somente você pode ver isto',
  'preview.page.ifShown': 'Ramo do $if mostrado:',
  'preview.page.mentionUser': 'usuário',
  'preview.page.mentionRole': 'cargo',
  'preview.page.mentionChannel': 'canal',
  'preview.page.guildCustomize': 'Canais e cargos',
  'preview.page.guildBrowse': 'Explorar canais',
  'preview.page.guildGuide': 'Guia do servidor',
  'preview.page.guildLinkedRoles': 'Cargos vinculados',
  'preview.page.spoiler': 'Spoiler: clique para ver',
  'preview.page.linkAtRunTime': 'O endereço deste link é conhecido quando o comando é executado',
  'preview.page.cut': 'A página termina aqui: o resto da mensagem é grande demais para ser desenhado.',
});
