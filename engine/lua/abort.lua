-- Give up a turn: release the lock if we still hold it and leave the queue.
-- Nothing stored is touched. KEYS: lock, queue, waiters, cancelled
-- ARGV: me, fence ('' if not held), cancel_ttl_ms ('0': an ordinary leave)
-- With cancel_ttl_ms > 0 the caller does not know whether its last begin ran (the reply
-- timed out): a lock taken under our name is released, whatever its fence, and the name is
-- remembered so a begin still in flight cannot take the lock when it finally runs.
local lock_k, queue_k, waiters_k, cancelled_k = KEYS[1], KEYS[2], KEYS[3], KEYS[4]
local me, fence, cancel_ttl = ARGV[1], ARGV[2], tonumber(ARGV[3] or '0')
local holder = redis.call('GET', lock_k)
if holder then
  if (fence ~= '' and holder == (me .. '|' .. fence))
      or (cancel_ttl > 0 and string.match(holder, '^([^|]+)') == me) then
    redis.call('DEL', lock_k)
  end
end
if cancel_ttl > 0 then
  redis.call('SADD', cancelled_k, me)
  redis.call('PEXPIRE', cancelled_k, cancel_ttl)
end
redis.call('LREM', queue_k, 0, me)
redis.call('HDEL', waiters_k, me)
return 1
