-- Headless Neovim as a language client of `dipforge lsp --stdio` (test/e2e/nvim.sh runs it).
-- Works on Neovim 0.7 (vim.lsp.start_client + vim.lsp.buf_attach_client) and later.
--
-- Environment:
--   DIPFORGE_ROOT  the repository (the server is node $DIPFORGE_ROOT/packages/cli/bin/dipforge.js)
--   DIPFORGE_FILE  the .dipgame file to open (it is edited in the buffer, never written)
--   DIPFORGE_DIR   the workspace folder given to the server (default: the file's folder)
--
-- Prints one line per event, each `KIND <json>`, for nvim-check.mjs to judge:
--   DIAGNOSTICS (first publish), EDIT, DIAGNOSTICS_AFTER_EDIT, COMPLETION, HOVER_PROVINCE, HOVER_ORDER,
--   ERROR <text> on anything that did not come back, and DONE at the end.

local function out(kind, value)
  io.stdout:write(kind .. ' ' .. vim.fn.json_encode(value) .. '\n')
  io.stdout:flush()
end

local root = os.getenv('DIPFORGE_ROOT')
local file = os.getenv('DIPFORGE_FILE')
if not root or root == '' or not file or file == '' then
  out('ERROR', 'DIPFORGE_ROOT and DIPFORGE_FILE must be set')
  vim.cmd('qa!')
  return
end
local dir = os.getenv('DIPFORGE_DIR')
if not dir or dir == '' then dir = vim.fn.fnamemodify(file, ':h') end

vim.cmd('edit ' .. vim.fn.fnameescape(file))
local buf = vim.api.nvim_get_current_buf()
vim.bo[buf].filetype = 'dipgame'

-- Every publish for our buffer, in order.
local published = {}
local log = {}
local client_id = vim.lsp.start_client({
  name = 'dipforge',
  cmd = { 'node', root .. '/packages/cli/bin/dipforge.js', 'lsp', '--stdio' },
  root_dir = dir,
  flags = { debounce_text_changes = 0 },
  handlers = {
    ['textDocument/publishDiagnostics'] = function(_, result)
      if result and result.uri == vim.uri_from_bufnr(buf) then table.insert(published, result) end
    end,
    ['window/logMessage'] = function(_, result)
      if result then table.insert(log, result.message) end
    end,
  },
})
if not client_id then
  out('ERROR', 'the language server did not start')
  vim.cmd('qa!')
  return
end
vim.lsp.buf_attach_client(buf, client_id)

local function wait_for(count, what)
  local ok = vim.wait(20000, function() return #published >= count end, 20)
  if not ok then out('ERROR', 'no diagnostics ' .. what .. ' within 20 s') end
  return ok
end

local function request(method, line, character)
  local params = { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = { line = line, character = character } }
  local answers, err = vim.lsp.buf_request_sync(buf, method, params, 20000)
  if not answers then
    out('ERROR', method .. ': ' .. tostring(err))
    return nil
  end
  for _, answer in pairs(answers) do
    if answer.err then
      out('ERROR', method .. ': ' .. vim.inspect(answer.err))
      return nil
    end
    return answer.result
  end
  out('ERROR', method .. ': no answer')
  return nil
end

-- The line of the first occurrence of `needle` (0-based), or nil.
local function line_of(needle)
  for i, l in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
    if l:find(needle, 1, true) then return i - 1, l end
  end
  return nil
end

if wait_for(1, 'after opening the file') then out('DIAGNOSTICS', published[1]) end

-- Hover on an order and on a province, before any edit.
local illegal = line_of('F bre - mun')
if illegal then
  out('HOVER_ORDER', { line = illegal, result = request('textDocument/hover', illegal, 4) })
else
  out('ERROR', 'the file has no line F bre - mun')
end

-- Edit the buffer as a person would (Neovim sends the change), then complete after `A par - `.
local move, text = line_of('A par - bur')
if move then
  local edited = text:gsub('A par %- bur', 'A par - ')
  vim.api.nvim_buf_set_lines(buf, move, move + 1, false, { edited })
  out('EDIT', { line = move, text = edited })
  if wait_for(2, 'after the edit') then out('DIAGNOSTICS_AFTER_EDIT', published[#published]) end
  local result = request('textDocument/completion', move, #edited)
  local items = result and (result.items or result) or {}
  local labels = {}
  for _, item in ipairs(items) do table.insert(labels, item.label) end
  out('COMPLETION', { line = move, character = #edited, labels = labels })
  local par = edited:find('par', 1, true)
  out('HOVER_PROVINCE', { line = move, result = request('textDocument/hover', move, par) })
else
  out('ERROR', 'the file has no line A par - bur')
end

for _, m in ipairs(log) do out('LOG', m) end
vim.lsp.stop_client(client_id)
vim.wait(5000, function() return vim.lsp.get_client_by_id(client_id) == nil end, 20)
out('DONE', true)
vim.cmd('qa!')
