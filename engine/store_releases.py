"""Lock releases a failed turn could not send because Redis was away, sent once it answers.

The store (engine/store.py) keeps them here; one daemon thread sends them again, with a
backoff, until Redis answers or the lock would have expired by itself anyway.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from core.errors import StateStoreUnavailable

log = logging.getLogger("duocthu.store")


@dataclass(frozen=True)
class Release:
    """A lock release (or a begin's cancel) that Redis was not there to receive."""

    conversation_id: str
    owner: str
    fence: str
    cancel_ttl_ms: int
    expires_at: float
    """Monotonic time after which the lock has expired by itself: nothing left to send."""


class PendingReleases:
    """Releases kept while Redis is away, sent by one daemon thread once it answers.

    The abort script releases a lock only under its owner's name (and fence), so sending
    one late can never free a lock that another turn has taken since.
    """

    def __init__(
        self,
        send: Callable[[Release], None],
        *,
        sleep: Callable[[float], None] = time.sleep,
        first_wait_s: float = 0.1,
        max_wait_s: float = 1.0,
    ) -> None:
        self._send, self._sleep = send, sleep
        self._first_wait_s, self._max_wait_s = first_wait_s, max_wait_s
        self._pending: dict[tuple[str, str], Release] = {}
        self._lock = threading.Lock()
        self._worker: threading.Thread | None = None

    def __len__(self) -> int:
        with self._lock:
            return len(self._pending)

    def add(self, release: Release) -> None:
        with self._lock:
            self._pending[(release.conversation_id, release.owner)] = release
            if self._worker is None:
                self._worker = threading.Thread(
                    target=self._run, name="store-releases", daemon=True
                )
                self._worker.start()

    def _run(self) -> None:
        wait = self._first_wait_s
        while True:
            self._sleep(wait)
            with self._lock:
                now = time.monotonic()
                for key in [k for k, r in self._pending.items() if r.expires_at <= now]:
                    del self._pending[key]
                batch = list(self._pending.values())
                if not batch:
                    self._worker = None
                    return
            sent = 0
            for release in batch:
                try:
                    self._send(release)
                except StateStoreUnavailable:
                    break  # still away: try the rest later
                sent += 1
                with self._lock:
                    self._pending.pop((release.conversation_id, release.owner), None)
            if sent:
                log.info("released %d lock(s) of failed turns once Redis answered again", sent)
            wait = self._first_wait_s if sent else min(self._max_wait_s, wait * 2)


__all__ = ["PendingReleases", "Release"]
