-- Prepended to begin.lua and commit.lua (engine/store.py). A conversation document opens
-- with its header, in the field order engine/conversation.py keeps: schema_version,
-- conversation_id, token_hash, version. Reading the two from it saves decoding the whole
-- document; one saved before that order existed is decoded in full instead.
local function doc_header(doc)
  local hash, version = string.match(doc,
    '^{"schema_version":%d+,"conversation_id":"[^"]*","token_hash":"(%x*)","version":(%d+),')
  if hash then return hash, tonumber(version) end
  local decoded = cjson.decode(doc)
  return decoded['token_hash'], tonumber(decoded['version'])
end

