"""After a load run every key in Redis expires, and DELETE leaves no key of a conversation."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

import pytest
from fault_support import CLARIFY, RETRIEVE, SMALLTALK, Service, create, turn

from tests.support.procs import RedisNode

pytestmark = pytest.mark.faults

DIALOGUE = [CLARIFY, RETRIEVE, SMALLTALK, CLARIFY, CLARIFY, RETRIEVE]


def test_every_key_expires_and_delete_leaves_nothing(
    redis_node: RedisNode, make_service: Callable[..., Service]
) -> None:
    """Twelve conversations, six turns each from four threads: SCAN finds no key without a TTL;
    after DELETE no key names any of them."""
    service = make_service(redis_node.url).start()
    with service.client() as http:

        def dialogue(_: int) -> tuple[str, dict[str, str]]:
            cid, auth = create(http)
            for i, frame in enumerate(DIALOGUE):
                assert turn(http, cid, auth, frame, f"k{i}").status_code == 200
            return cid, auth

        with ThreadPoolExecutor(4) as pool:
            convs = list(pool.map(dialogue, range(12)))

        r = redis_node.client()
        keys = list(r.scan_iter(count=1000))
        assert len(keys) >= 12 * 5
        immortal = [k for k in keys if r.pttl(k) < 0]
        assert immortal == []

        for cid, auth in convs:
            assert http.delete(f"/v1/conversations/{cid}", headers=auth).status_code == 204
            assert http.get(f"/v1/conversations/{cid}", headers=auth).status_code == 404
        left = [k for k in r.scan_iter(count=1000) if any(c.encode() in k for c, _ in convs)]
        r.close()
    assert left == []
