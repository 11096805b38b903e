"""A per-client token bucket kept in Redis, refilled and spent atomically by one Lua script.

The script runs with EVAL (Redis 6.2 has no functions) and reads the clock with
TIME, so every server process shares one bucket per client and no client clock
matters. Each key carries a hash tag, so a Redis Cluster keeps a bucket on one slot.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import redis

from core.errors import ConfigError, StateStoreUnavailable
from engine.redis_client import per_thread

# KEYS[1] bucket hash; ARGV: capacity, refill per second, cost, ttl in ms.
# Returns {allowed (0|1), retry_after_ms, tokens_left (floored)}.
_BUCKET_LUA = """
local capacity = tonumber(ARGV[1])
local rate = tonumber(ARGV[2])
local cost = tonumber(ARGV[3])
local ttl_ms = tonumber(ARGV[4])
local now = redis.call('TIME')
local now_ms = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
local state = redis.call('HMGET', KEYS[1], 'tokens', 'ts')
local tokens = tonumber(state[1])
local ts = tonumber(state[2])
if tokens == nil or ts == nil then
  tokens = capacity
  ts = now_ms
end
local elapsed = math.max(0, now_ms - ts)
tokens = math.min(capacity, tokens + elapsed * rate / 1000)
local allowed = 0
local retry_ms = 0
if tokens >= cost then
  tokens = tokens - cost
  allowed = 1
else
  retry_ms = math.ceil((cost - tokens) * 1000 / rate)
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'ts', tostring(now_ms))
redis.call('PEXPIRE', KEYS[1], ttl_ms)
return {allowed, retry_ms, math.floor(tokens)}
"""


@dataclass(frozen=True)
class RateDecision:
    """Whether one request may pass, and if not, how long to wait (whole seconds, >= 1)."""

    allowed: bool
    retry_after_s: int
    remaining: int


class RateLimiter:
    """Token bucket per client id: `burst` tokens, refilled at `per_minute` tokens a minute."""

    def __init__(
        self,
        client: redis.Redis | redis.RedisCluster,
        *,
        per_minute: int,
        burst: int,
        key_prefix: str = "duocthu:",
    ) -> None:
        if per_minute <= 0:
            raise ConfigError(f"per_minute must be > 0, got {per_minute}")
        if burst <= 0:
            raise ConfigError(f"burst must be > 0, got {burst}")
        self._client = client
        self._mine = per_thread(client)
        self._per_second = per_minute / 60.0
        self._burst = burst
        self._key_prefix = key_prefix
        # A bucket left alone long enough to refill completely is the same as no bucket.
        self._ttl_ms = max(1000, math.ceil(burst / self._per_second * 1000))
        self._script: Any = client.register_script(_BUCKET_LUA)

    def key(self, client_id: str) -> str:
        """The bucket's key; the braces are a Redis Cluster hash tag."""
        return f"{self._key_prefix}{{rl:{client_id}}}:bucket"

    def hit(self, client_id: str, cost: int = 1) -> RateDecision:
        """Spend `cost` tokens for `client_id`; raises `StateStoreUnavailable` if Redis fails."""
        keys, args = [self.key(client_id)], [self._burst, self._per_second, cost, self._ttl_ms]
        try:
            try:
                raw = self._script(keys=keys, args=args, client=self._mine.get())
            except (redis.ConnectionError, redis.TimeoutError):
                # Sent once more (the client never resends by itself): a stale connection
                # after a Redis restart fails once. A copy run twice spends one more token.
                raw = self._script(keys=keys, args=args, client=self._mine.get())
        except redis.RedisError as exc:
            raise StateStoreUnavailable(f"rate limiter could not reach Redis: {exc}") from exc
        allowed, retry_ms, remaining = (int(v) for v in raw)
        return RateDecision(
            allowed=allowed == 1,
            retry_after_s=0 if allowed == 1 else max(1, math.ceil(retry_ms / 1000)),
            remaining=remaining,
        )


__all__ = ["RateDecision", "RateLimiter"]
