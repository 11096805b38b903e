"""web.ratelimit: the Redis token bucket behind the service's 429s."""

from __future__ import annotations

import time

import pytest
import redis

from core.errors import ConfigError, StateStoreUnavailable
from web.ratelimit import RateLimiter


def test_burst_passes_then_refuses_with_retry_after(redis_client: redis.Redis) -> None:
    """A client may spend its burst; the next request is refused with a wait of >= 1 s."""
    limiter = RateLimiter(redis_client, per_minute=6, burst=3)
    decisions = [limiter.hit("10.0.0.1") for _ in range(4)]
    assert [d.allowed for d in decisions] == [True, True, True, False]
    assert decisions[-1].retry_after_s == 10
    assert decisions[2].remaining == 0


def test_clients_have_separate_buckets(redis_client: redis.Redis) -> None:
    """One client's exhausted bucket does not limit another client."""
    limiter = RateLimiter(redis_client, per_minute=1, burst=1)
    assert limiter.hit("a").allowed
    assert not limiter.hit("a").allowed
    assert limiter.hit("b").allowed


def test_bucket_refills_over_time(redis_client: redis.Redis) -> None:
    """Tokens come back at the configured rate (here fast enough to refill in a few ms)."""
    limiter = RateLimiter(redis_client, per_minute=6_000_000, burst=1)
    assert limiter.hit("c").allowed
    time.sleep(0.01)
    assert limiter.hit("c").allowed


def test_key_carries_a_hash_tag_and_expires(redis_client: redis.Redis) -> None:
    """The bucket key has a {hash tag} and a TTL, so idle buckets do not pile up."""
    limiter = RateLimiter(redis_client, per_minute=60, burst=5)
    limiter.hit("1.2.3.4")
    key = limiter.key("1.2.3.4")
    assert "{rl:1.2.3.4}" in key
    assert 0 < redis_client.pttl(key) <= 5000


@pytest.mark.parametrize(("per_minute", "burst"), [(0, 1), (1, 0)])
def test_bad_limits_fail_fast(redis_client: redis.Redis, per_minute: int, burst: int) -> None:
    """A non-positive rate or burst is refused when the limiter is built, naming the value."""
    with pytest.raises(ConfigError, match="must be > 0"):
        RateLimiter(redis_client, per_minute=per_minute, burst=burst)


def test_unreachable_redis_is_state_store_unavailable() -> None:
    """When Redis cannot be reached the limiter raises StateStoreUnavailable, not a redis error."""
    dead = redis.Redis(host="127.0.0.1", port=1, socket_connect_timeout=0.2)
    limiter = RateLimiter(dead, per_minute=60, burst=5)
    with pytest.raises(StateStoreUnavailable):
        limiter.hit("x")
