-- What the Neovim drivers share (driver.lua, commands.lua): one JSON line per step to $BDS_OUT,
-- bounded waits ($BDS_WAIT_MS), and starting the bundled server with Neovim's built-in client
-- (0.7 API) on a file, with the environment the tests hand in. Loaded with dofile().

local env = vim.env
local M = {}
local out_path = assert(env.BDS_OUT, 'BDS_OUT is not set')
M.wait_ms = tonumber(env.BDS_WAIT_MS or '10000')

function M.emit(step, data)
  data = data or {}
  data.step = step
  local f = assert(io.open(out_path, 'a'))
  f:write(vim.fn.json_encode(data), '\n')
  f:close()
end

function M.fail(message)
  M.emit('error', { message = tostring(message) })
  vim.cmd('cquit 1')
end

--- Waits until `cond()` is true; records a timeout step and returns false when the bound passes.
function M.wait_for(label, cond)
  local ok = vim.wait(M.wait_ms, cond, 20)
  if not ok then M.emit('timeout', { what = label }) end
  return ok
end

--- Opens $BDS_FILE as a bdscript buffer and starts the server on it with `handlers`; returns the
--- buffer, the client id and the client once initialized, and a function giving the exit code.
function M.start(handlers)
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
    handlers = handlers,
    on_exit = function(code) exit_code = code end,
  })
  if not client_id then error('start_client returned nil') end
  vim.lsp.buf_attach_client(bufnr, client_id)
  local client = vim.lsp.get_client_by_id(client_id)
  if not M.wait_for('initialize', function() return client.initialized end) then error('no initialize answer') end
  return bufnr, client_id, client, function() return exit_code end
end

--- Stops the server the way Neovim does on exit (shutdown, then exit), records it and quits.
function M.finish(client_id, exit_code)
  vim.lsp.stop_client(client_id)
  M.wait_for('server exit', function() return exit_code() ~= nil end)
  M.emit('stopped', { exit_code = exit_code() })
  M.emit('done', {})
  vim.cmd('qa!')
end

--- Runs `body` and turns any error into an `error` step and exit code 1.
function M.run(body)
  local ok, err = pcall(body)
  if not ok then M.fail(err) end
end

return M
