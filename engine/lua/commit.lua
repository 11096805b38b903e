-- Compare-and-set the document on its version, append the trace, remember the
-- idempotent result, and release the lock and our queue place, all at once.
-- KEYS: doc, lock, queue, waiters, trace, idem, idem_order, committed (recent leases saved)
-- ARGV: me, fence, expected_version, doc_json, doc_ttl_ms, trace_json, trace_cap,
--       idem_key, result_json, idem_cap, not_after_ms ('' for no deadline), text_hash,
--       committed_ttl_ms
-- Replies: {'ok'} | {'lost_lock'} | {'missing'} | {'conflict', version} | {'expired'}
--
-- The same call may run twice (the client sends it again when a reply timed out): the
-- second run finds its own lease among the recently committed ones (a list, so a later
-- turn's commit does not hide it) and answers 'ok' without
-- writing. A call that runs after `not_after_ms` (Redis time) writes nothing, so a client
-- that has waited past it knows a late copy of its commit can no longer land.
local doc_k, lock_k, queue_k, waiters_k, trace_k, idem_k, idemq_k, committed_k =
  KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[6], KEYS[7], KEYS[8]
local me, fence, expected = ARGV[1], ARGV[2], tonumber(ARGV[3])
local doc_json, doc_ttl, trace_json, trace_cap = ARGV[4], tonumber(ARGV[5]), ARGV[6], tonumber(ARGV[7])
local idem_key, result_json, idem_cap = ARGV[8], ARGV[9], tonumber(ARGV[10])
local not_after, text_hash = tonumber(ARGV[11] or ''), ARGV[12] or ''
local committed_ttl = tonumber(ARGV[13] or '') or doc_ttl
local lease_id = me .. '|' .. fence

local function leave()
  redis.call('LREM', queue_k, 0, me)
  redis.call('HDEL', waiters_k, me)
end

local function release()
  redis.call('DEL', lock_k)
  leave()
end

if redis.call('LPOS', committed_k, lease_id) then
  leave()
  return {'ok'}
end
if redis.call('GET', lock_k) ~= lease_id then
  leave()
  return {'lost_lock'}
end
if not_after then
  local t = redis.call('TIME')
  local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
  if now > not_after then
    release()
    return {'expired'}
  end
end
local current = redis.call('GET', doc_k)
if not current then
  release()
  return {'missing'}
end
local _, version = doc_header(current)
if version ~= expected then
  release()
  return {'conflict', tostring(version)}
end

redis.call('SET', doc_k, doc_json, 'PX', doc_ttl)
redis.call('LPUSH', committed_k, lease_id)
redis.call('LTRIM', committed_k, 0, 127)
redis.call('PEXPIRE', committed_k, committed_ttl)
if trace_json ~= '' then
  redis.call('RPUSH', trace_k, trace_json)
  redis.call('LTRIM', trace_k, -trace_cap, -1)
  redis.call('PEXPIRE', trace_k, doc_ttl)
end
if idem_key ~= '' then
  redis.call('HSET', idem_k, idem_key, text_hash .. '|' .. result_json)
  redis.call('RPUSH', idemq_k, idem_key)
  while redis.call('LLEN', idemq_k) > idem_cap do
    redis.call('HDEL', idem_k, redis.call('LPOP', idemq_k))
  end
  redis.call('PEXPIRE', idem_k, doc_ttl)
  redis.call('PEXPIRE', idemq_k, doc_ttl)
end
release()
return {'ok'}
