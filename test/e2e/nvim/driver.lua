-- Drives the BDScript language server from Neovim's built-in LSP client (0.7 API, no plugins):
-- opens a .bds file, waits for diagnostics, asks for completion, hover and signature help,
-- edits the buffer through Neovim's own change tracking, formats it, and stops the server. Each step is
-- written as one JSON line to $BDS_OUT; test/e2e/neovim.test.ts reads and judges them.
-- Every wait is bounded by $BDS_WAIT_MS; the test process also kills nvim if it overruns.

local h = dofile(vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':h') .. '/common.lua')
local emit, wait_for, wait_ms = h.emit, h.wait_for, h.wait_ms

local published = {}

local function run()
  local bufnr, client_id, client, exit_code = h.start({
    ['textDocument/publishDiagnostics'] = function(err, result, ctx, config)
      table.insert(published, result)
      return vim.lsp.diagnostic.on_publish_diagnostics(err, result, ctx, config)
    end,
  })
  emit('initialized', {
    offset_encoding = client.offset_encoding,
    completion = client.server_capabilities.completionProvider ~= nil,
    hover = client.server_capabilities.hoverProvider == true,
    signature_help = client.server_capabilities.signatureHelpProvider ~= nil,
    snippet_support = vim.lsp.protocol.make_client_capabilities().textDocument.completion.completionItem.snippetSupport,
  })

  -- Diagnostics for the opened file.
  wait_for('diagnostics', function() return #published > 0 end)
  emit('diagnostics', { published = published[#published], nvim = vim.diagnostic.get(bufnr) })

  --- Places the cursor (1-based line, 0-based byte column) and sends a position request.
  local function request(step, method, line, col)
    vim.api.nvim_win_set_cursor(0, { line, col })
    local params = vim.lsp.util.make_position_params()
    local results, err = vim.lsp.buf_request_sync(bufnr, method, params, wait_ms)
    local answer = results and results[client_id] or {}
    emit(step, { position = params.position, error = err or answer.err, result = answer.result })
  end

  local lines = vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)
  local function find(pattern)
    for i, text in ipairs(lines) do
      local s, e = text:find(pattern, 1, true)
      if s then return i, s, e end
    end
    error('fixture has no ' .. pattern)
  end

  -- Completion at the end of `$tit` (0.7.2 sends no completion context).
  local cl, _, ce = find('$tit]')
  request('completion', 'textDocument/completion', cl, ce - 1)
  -- Hover on the name `$title`.
  local hl, hs = find('$title[')
  request('hover', 'textDocument/hover', hl, hs + 1)
  -- Signature help after the `;` that follows an emoji (UTF-16 columns differ from bytes there).
  local sl, _, se = find('😀;')
  request('signature_help', 'textDocument/signatureHelp', sl, se)

  -- Edits through Neovim's change tracking: an emoji before the typo, then the fix.
  local tl, ts = find('$addButtn')
  local count = #published
  vim.api.nvim_buf_set_text(bufnr, tl - 1, ts - 1, tl - 1, ts - 1, { '😀 ' })
  wait_for('diagnostics after the first edit', function() return #published > count end)
  emit('after_emoji', { published = published[#published] })
  -- `$addButtn` now starts after "😀 " (5 bytes); put the missing "o" before the final "n".
  count = #published
  local typo_line = vim.api.nvim_buf_get_lines(bufnr, tl - 1, tl, false)[1]
  local _, name_end = typo_line:find('$addButtn', 1, true)
  vim.api.nvim_buf_set_text(bufnr, tl - 1, name_end - 1, tl - 1, name_end - 1, { 'o' })
  wait_for('diagnostics after the fix', function() return #published > count end)
  emit('after_fix', { published = published[#published], line = vim.api.nvim_buf_get_lines(bufnr, tl - 1, tl, false)[1] })

  -- Format the buffer as `:lua vim.lsp.buf.formatting()` would, synchronously: the edits applied
  -- by Neovim's own helper, then the buffer's lines.
  local format = vim.lsp.buf_request_sync(bufnr, 'textDocument/formatting', {
    textDocument = vim.lsp.util.make_text_document_params(),
    options = { tabSize = 2, insertSpaces = true },
  }, wait_ms)
  local formatted = format and format[client_id] or {}
  if formatted.result then vim.lsp.util.apply_text_edits(formatted.result, bufnr, client.offset_encoding) end
  emit('formatting', {
    error = formatted.err,
    edits = formatted.result,
    lines = vim.api.nvim_buf_get_lines(bufnr, 0, -1, false),
  })

  h.finish(client_id, exit_code)
end

h.run(run)
