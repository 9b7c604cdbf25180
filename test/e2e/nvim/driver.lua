-- Drives the BDScript language server from Neovim's built-in LSP client (0.7 API, no plugins):
-- opens a .bds file, waits for diagnostics, asks for completion, hover and signature help,
-- edits the buffer through Neovim's own change tracking, and stops the server. Each step is
-- written as one JSON line to $BDS_OUT; test/e2e/neovim.test.ts reads and judges them.
-- Every wait is bounded by $BDS_WAIT_MS; the test process also kills nvim if it overruns.

local env = vim.env
local out_path = assert(env.BDS_OUT, 'BDS_OUT is not set')
local wait_ms = tonumber(env.BDS_WAIT_MS or '10000')

local function emit(step, data)
  data = data or {}
  data.step = step
  local f = assert(io.open(out_path, 'a'))
  f:write(vim.fn.json_encode(data), '\n')
  f:close()
end

local function fail(message)
  emit('error', { message = tostring(message) })
  vim.cmd('cquit 1')
end

--- Waits until `cond()` is true; records a timeout step and returns false when the bound passes.
local function wait_for(label, cond)
  local ok = vim.wait(wait_ms, cond, 20)
  if not ok then emit('timeout', { what = label }) end
  return ok
end

local published = {}

local function run()
  local file = assert(env.BDS_FILE, 'BDS_FILE is not set')
  vim.cmd('edit ' .. vim.fn.fnameescape(file))
  local bufnr = vim.api.nvim_get_current_buf()
  -- Neovim sends the filetype as the languageId in didOpen.
  vim.bo[bufnr].filetype = 'bdscript'

  local exit_code
  local client_id = vim.lsp.start_client({
    name = 'bdscript',
    cmd = { env.BDS_NODE, env.BDS_SERVER, '--stdio' },
    cmd_env = { HOME = env.BDS_SERVER_HOME, XDG_CACHE_HOME = env.BDS_SERVER_CACHE },
    root_dir = vim.fn.fnamemodify(file, ':h'),
    init_options = vim.fn.json_decode(env.BDS_INIT_OPTIONS or '{}'),
    handlers = {
      ['textDocument/publishDiagnostics'] = function(err, result, ctx, config)
        table.insert(published, result)
        return vim.lsp.diagnostic.on_publish_diagnostics(err, result, ctx, config)
      end,
    },
    on_exit = function(code) exit_code = code end,
  })
  if not client_id then return fail('start_client returned nil') end
  vim.lsp.buf_attach_client(bufnr, client_id)
  local client = vim.lsp.get_client_by_id(client_id)
  if not wait_for('initialize', function() return client.initialized end) then return fail('no initialize answer') end
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

  -- Stop the server the way Neovim does on exit: shutdown, then exit.
  vim.lsp.stop_client(client_id)
  wait_for('server exit', function() return exit_code ~= nil end)
  emit('stopped', { exit_code = exit_code })
  emit('done', {})
  vim.cmd('qa!')
end

local ok, err = pcall(run)
if not ok then fail(err) end
