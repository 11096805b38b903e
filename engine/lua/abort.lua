-- Give up a turn: release the lock if we still hold it and leave the queue.
-- Nothing stored is touched. KEYS: lock, queue, waiters  ARGV: me, fence ('' if not held)
local lock_k, queue_k, waiters_k = KEYS[1], KEYS[2], KEYS[3]
local me, fence = ARGV[1], ARGV[2]
if fence ~= '' and redis.call('GET', lock_k) == (me .. '|' .. fence) then
  redis.call('DEL', lock_k)
end
redis.call('LREM', queue_k, 0, me)
redis.call('HDEL', waiters_k, me)
return 1
