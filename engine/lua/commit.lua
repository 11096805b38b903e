-- Compare-and-set the document on its version, append the trace, remember the
-- idempotent result, and release the lock and our queue place, all at once.
-- KEYS: doc, lock, queue, waiters, trace, idem, idem_order
-- ARGV: me, fence, expected_version, doc_json, doc_ttl_ms, trace_json, trace_cap,
--       idem_key, result_json, idem_cap
local doc_k, lock_k, queue_k, waiters_k, trace_k, idem_k, idemq_k =
  KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[6], KEYS[7]
local me, fence, expected = ARGV[1], ARGV[2], tonumber(ARGV[3])
local doc_json, doc_ttl, trace_json, trace_cap = ARGV[4], tonumber(ARGV[5]), ARGV[6], tonumber(ARGV[7])
local idem_key, result_json, idem_cap = ARGV[8], ARGV[9], tonumber(ARGV[10])

local function release()
  redis.call('DEL', lock_k)
  redis.call('LREM', queue_k, 0, me)
  redis.call('HDEL', waiters_k, me)
end

if redis.call('GET', lock_k) ~= (me .. '|' .. fence) then
  redis.call('LREM', queue_k, 0, me)
  redis.call('HDEL', waiters_k, me)
  return {'lost_lock'}
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
if trace_json ~= '' then
  redis.call('RPUSH', trace_k, trace_json)
  redis.call('LTRIM', trace_k, -trace_cap, -1)
  redis.call('PEXPIRE', trace_k, doc_ttl)
end
if idem_key ~= '' then
  redis.call('HSET', idem_k, idem_key, result_json)
  redis.call('RPUSH', idemq_k, idem_key)
  while redis.call('LLEN', idemq_k) > idem_cap do
    redis.call('HDEL', idem_k, redis.call('LPOP', idemq_k))
  end
  redis.call('PEXPIRE', idem_k, doc_ttl)
  redis.call('PEXPIRE', idemq_k, doc_ttl)
end
release()
return {'ok'}
