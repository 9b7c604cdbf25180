-- Runs the server's commands from Neovim's built-in LSP client (0.7 API, no plugins) with the
-- user commands the README gives (its Lua block is in $BDS_COMMANDS_LUA): :BdsStatus,
-- :BdsRefresh and :BdsWiki on a function, then lists the code actions at that function. What
-- the server shows (window/showMessage) and answers is written as one JSON line per step to
-- $BDS_OUT; test/e2e/commands.test.ts judges it. Every wait is bounded by $BDS_WAIT_MS.

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

local function wait_for(label, cond)
  local ok = vim.wait(wait_ms, cond, 20)
  if not ok then emit('timeout', { what = label }) end
  return ok
end

local messages = {}

local function run()
  local file = assert(env.BDS_FILE, 'BDS_FILE is not set')
  vim.cmd('edit ' .. vim.fn.fnameescape(file))
  local bufnr = vim.api.nvim_get_current_buf()
  vim.bo[bufnr].filetype = 'bdscript'

  local exit_code
  local client_id = vim.lsp.start_client({
    name = 'bdscript',
    cmd = { env.BDS_NODE, env.BDS_SERVER, '--stdio' },
    cmd_env = { HOME = env.BDS_SERVER_HOME, XDG_CACHE_HOME = env.BDS_SERVER_CACHE },
    root_dir = vim.fn.fnamemodify(file, ':h'),
    init_options = vim.fn.json_decode(env.BDS_INIT_OPTIONS or '{}'),
    handlers = {
      -- Neovim's own handler prints the message; this one also keeps it for the test.
      ['window/showMessage'] = function(err, result, ctx, config)
        table.insert(messages, result)
        return vim.lsp.handlers['window/showMessage'](err, result, ctx, config)
      end,
    },
    on_exit = function(code) exit_code = code end,
  })
  if not client_id then return fail('start_client returned nil') end
  vim.lsp.buf_attach_client(bufnr, client_id)
  local client = vim.lsp.get_client_by_id(client_id)
  if not wait_for('initialize', function() return client.initialized end) then return fail('no initialize answer') end
  emit('initialized', { commands = client.server_capabilities.executeCommandProvider })

  -- The README's user commands.
  local lua = assert(env.BDS_COMMANDS_LUA, 'BDS_COMMANDS_LUA is not set')
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

  vim.lsp.stop_client(client_id)
  wait_for('server exit', function() return exit_code ~= nil end)
  emit('stopped', { exit_code = exit_code })
  emit('done', {})
  vim.cmd('qa!')
end

local ok, err = pcall(run)
if not ok then fail(err) end
