-- Runs the server's commands from Neovim's built-in LSP client (0.7 API, no plugins) with the
-- user commands docs/editors.md gives (its Lua block is in $BDS_COMMANDS_LUA): :BdsStatus,
-- :BdsRefresh and :BdsWiki on a function, then lists the code actions at that function. What
-- the server shows (window/showMessage) and answers is written as one JSON line per step to
-- $BDS_OUT; test/e2e/commands.test.ts judges it. Every wait is bounded by $BDS_WAIT_MS.

local h = dofile(vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':h') .. '/common.lua')
local emit, wait_for, wait_ms = h.emit, h.wait_for, h.wait_ms

local messages = {}

local function run()
  local bufnr, client_id, client, exit_code = h.start({
    -- Neovim's own handler prints the message; this one also keeps it for the test.
    ['window/showMessage'] = function(err, result, ctx, config)
      table.insert(messages, result)
      return vim.lsp.handlers['window/showMessage'](err, result, ctx, config)
    end,
  })
  emit('initialized', { commands = client.server_capabilities.executeCommandProvider })

  -- The user commands of docs/editors.md.
  local lua = assert(vim.env.BDS_COMMANDS_LUA, 'BDS_COMMANDS_LUA is not set')
  vim.cmd('luafile ' .. vim.fn.fnameescape(lua))

  local function command(step, ex)
    local count = #messages
    vim.cmd(ex)
    wait_for(step, function() return #messages > count end)
    emit(step, { message = messages[#messages] })
  end

  command('status', 'BdsStatus')
  command('refresh', 'BdsRefresh')
  -- The cursor on `title` of `$title[...]` (line 1, byte 3).
  vim.api.nvim_win_set_cursor(0, { 1, 3 })
  command('wiki', 'BdsWiki')

  local params = vim.lsp.util.make_range_params()
  params.context = { diagnostics = {} }
  local results = vim.lsp.buf_request_sync(bufnr, 'textDocument/codeAction', params, wait_ms)
  emit('code_actions', { result = results and results[client_id] and results[client_id].result or vim.NIL })

  h.finish(client_id, exit_code)
end

h.run(run)
