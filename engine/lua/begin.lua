-- Check the caller's token, join the conversation's queue (arrival order), drop dead
-- waiters at its head, and take the lock with a fresh fencing token when it is our turn.
-- KEYS: doc, lock, fence, queue, waiters, idem, cancelled
-- ARGV: me, lock_ttl_ms, presence_ms, idem_key ('' for none), enqueue ('1'|'0'), doc_ttl_ms,
--       token_hash ('' when the caller has already been authorised), text_hash ('' for none)
-- Replies: {'ok', fence, doc, server_ms} | {'replay', result} | {'reused'} | {'missing'}
--          | {'wait', lock_pttl} | {'cancelled'}
local doc_k, lock_k, fence_k, queue_k, waiters_k, idem_k, cancelled_k =
  KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[6], KEYS[7]
local me, lock_ttl, presence = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3])
local idem_key, enqueue, doc_ttl, token_hash = ARGV[4], ARGV[5], tonumber(ARGV[6]), ARGV[7]
local text_hash = ARGV[8] or ''
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)

local function leave()
  redis.call('LREM', queue_k, 0, me)
  redis.call('HDEL', waiters_k, me)
end

local doc = redis.call('GET', doc_k)
-- A wrong token looks exactly like an unknown conversation. (Plain comparison is fine:
-- both sides are SHA-256 digests, so timing reveals nothing about the token.)
if (not doc) or (token_hash ~= '' and doc_header(doc) ~= token_hash) then
  leave()
  return {'missing'}
end
if idem_key ~= '' then
  local stored = redis.call('HGET', idem_k, idem_key)
  if stored then
    leave()
    -- A record is '<text_hash>|<result>' (commit.lua); one saved before the hash was kept
    -- is the bare result, a JSON object.
    local bar = string.find(stored, '|', 1, true)
    if string.sub(stored, 1, 1) == '{' or not bar then
      return {'replay', stored}
    end
    local stored_hash = string.sub(stored, 1, bar - 1)
    if text_hash ~= '' and stored_hash ~= '' and stored_hash ~= text_hash then
      return {'reused'}
    end
    return {'replay', string.sub(stored, bar + 1)}
  end
end
-- The caller gave up on this begin (its reply timed out) and said so: never lock for it.
if redis.call('SISMEMBER', cancelled_k, me) == 1 then
  leave()
  return {'cancelled'}
end

-- A resent begin (its first reply timed out) must not queue us twice.
if enqueue == '1' and not redis.call('LPOS', queue_k, me) then
  redis.call('RPUSH', queue_k, me)
end
redis.call('HSET', waiters_k, me, now + presence)
redis.call('PEXPIRE', queue_k, lock_ttl + presence)
redis.call('PEXPIRE', waiters_k, lock_ttl + presence)

-- A head that neither holds the lock nor polls any more has died: skip it.
local holder = redis.call('GET', lock_k)
local holder_id = holder and string.match(holder, '^([^|]+)') or nil
if holder_id == me then
  -- Our earlier call took the lock but its reply was lost and the client retried:
  -- hand back the same lease instead of waiting on ourselves until the lock expires.
  redis.call('HDEL', waiters_k, me)
  return {'ok', string.match(holder, '|(%d+)$'), doc, tostring(now)}
end
while true do
  local head = redis.call('LINDEX', queue_k, 0)
  if (not head) or head == me or head == holder_id then break end
  local alive_until = tonumber(redis.call('HGET', waiters_k, head) or '0') or 0
  if alive_until > now then break end
  redis.call('LPOP', queue_k)
  redis.call('HDEL', waiters_k, head)
end

local head = redis.call('LINDEX', queue_k, 0)
if head ~= me or holder then
  local pttl = redis.call('PTTL', lock_k)
  return {'wait', tostring(pttl)}
end

local fence = redis.call('INCR', fence_k)
redis.call('PEXPIRE', fence_k, doc_ttl)
redis.call('SET', lock_k, me .. '|' .. fence, 'PX', lock_ttl)
redis.call('HDEL', waiters_k, me)
return {'ok', tostring(fence), doc, tostring(now)}
