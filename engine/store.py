"""Conversations in Redis: one versioned document per conversation, two round trips a turn.

`begin` (one EVALSHA) checks the caller's token hash, joins the conversation's
arrival queue, takes the lock with a fencing token and loads the document;
`commit` (one EVALSHA) does a compare-and-set on the version, appends the
trace, stores the idempotent result and releases. Every key of a conversation carries the hash tag
``{<conversation_id>}`` so each script touches one Cluster slot, and every key
has a TTL. Redis errors become `StateStoreUnavailable`: the turn is refused and
nothing stored is touched.

A reply that times out does not say whether Redis ran the command (a paused Redis runs
it when it resumes). The client therefore never resends on its own
(`engine.redis_client`); the store settles the fate itself. A commit is sent again
until a reply arrives: the script knows its own lease's earlier write and answers 'ok',
and refuses to write after a deadline, so once the store has waited past it a late copy
cannot land and "not saved" is the truth. A begin whose reply timed out is cancelled
under its owner's name, so a copy still in flight never locks the conversation.

A turn that fails because Redis is away cannot release its lock then and there. The
release (or cancel) is kept and sent again by a background thread as soon as Redis
answers, until the lock would have expired anyway: a recovered Redis serves the
conversation at once instead of answering 409 for the rest of the lease.
"""

from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from importlib import resources
from typing import Any, TypeVar

import redis

from core.errors import (
    ConfigError,
    ConversationNotFound,
    IdempotencyKeyReused,
    StateStoreUnavailable,
    TurnInProgress,
    VersionConflict,
)
from core.result import TraceEntry
from engine.conversation import Conversation
from engine.redis_client import per_thread
from engine.store_contract import (
    Begun,
    Lease,
    StateStore,
    hash_token,
    new_conversation_id,
    new_token,
    valid_conversation_id,
)
from engine.store_releases import PendingReleases, Release

T = TypeVar("T")
log = logging.getLogger("duocthu.store")


def _script(name: str) -> str:
    return resources.files("engine").joinpath("lua", name).read_text(encoding="utf-8")


class RedisStateStore:
    """`StateStore` over an injected redis-py client (standalone, Sentinel master or Cluster)."""

    def __init__(
        self,
        client: redis.Redis | redis.RedisCluster,
        *,
        key_prefix: str = "duocthu",
        idle_ttl_s: int = 24 * 3600,
        retention_s: int = 7 * 24 * 3600,
        unused_ttl_s: int = 3600,
        settle_s: float = 5.0,
        lock_ttl_ms: int = 90_000,
        lock_wait_ms: int = 5_000,
        presence_ms: int = 2_000,
        trace_cap: int = 50,
        idempotency_cap: int = 100,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        for name, value in (
            ("idle_ttl_s", idle_ttl_s),
            ("unused_ttl_s", unused_ttl_s),
            ("settle_s", settle_s),
            ("lock_ttl_ms", lock_ttl_ms),
            ("presence_ms", presence_ms),
            ("trace_cap", trace_cap),
            ("idempotency_cap", idempotency_cap),
        ):
            if value <= 0:
                raise ConfigError(f"{name} must be > 0, got {value}")
        if lock_wait_ms < 0:
            raise ConfigError(f"lock_wait_ms must be >= 0, got {lock_wait_ms}")
        if not key_prefix or "{" in key_prefix or "}" in key_prefix:
            raise ConfigError(f"key_prefix must be non-empty without braces, got {key_prefix!r}")
        self._r = client
        self._mine = per_thread(client)
        self._prefix = key_prefix
        self.idle_ttl_s = idle_ttl_s
        self._doc_ttl_ms = (idle_ttl_s + retention_s) * 1000
        # A conversation nobody has sent a turn to is dropped soon (a flood of creates
        # cannot grow Redis for a week); the first commit gives it the full TTL.
        self._unused_ttl_ms = min(unused_ttl_s * 1000, self._doc_ttl_ms)
        self._settle_s = settle_s
        self._lock_ttl_ms = lock_ttl_ms
        self._lock_wait_ms = lock_wait_ms
        self._presence_ms = presence_ms
        self._trace_cap = trace_cap
        self._idem_cap = idempotency_cap
        self._sleep = sleep
        header = _script("header.lua")  # doc_header(), shared by the two scripts that read it
        self._begin = client.register_script(header + _script("begin.lua"))
        self._commit = client.register_script(header + _script("commit.lua"))
        self._abort = client.register_script(_script("abort.lua"))
        self._releases = PendingReleases(self._send_release)

    # -- keys ---------------------------------------------------------------
    def keys_for(self, conversation_id: str) -> dict[str, str]:
        """Every key a conversation may have; all share one hash tag (one Cluster slot)."""
        base = f"{self._prefix}:{{{conversation_id}}}"
        names = (
            "doc",
            "lock",
            "fence",
            "queue",
            "waiters",
            "trace",
            "idem",
            "idemq",
            "committed",
            "cancelled",
        )
        return {n: f"{base}:{n}" for n in names}

    @contextmanager
    def _translate(self, what: str) -> Iterator[None]:
        try:
            yield
        except redis.RedisError as exc:
            raise StateStoreUnavailable(f"redis failed during {what}: {exc}") from exc

    def _call(self, script: Any, keys: list[str], args: list[str | int]) -> Any:
        """Run a registered script on this thread's connection (made on first use)."""
        return script(keys=keys, args=args, client=self._mine.get())

    def _settled(self, what: str, call: Callable[[], T], until: float = 0.0) -> T:
        """`call` (safe to run twice) sent again after each timeout or dropped connection,
        until a reply arrives or the monotonic clock passes `until`; at least twice, so a
        connection gone stale (Redis restarted) costs one resend, not an error."""
        attempts = 0
        while True:
            attempts += 1
            try:
                return call()
            except (redis.ConnectionError, redis.TimeoutError) as exc:
                if attempts >= 2 and time.monotonic() >= until:
                    raise StateStoreUnavailable(f"redis failed during {what}: {exc}") from exc
                self._sleep(0.05)
            except redis.RedisError as exc:
                raise StateStoreUnavailable(f"redis failed during {what}: {exc}") from exc

    # -- protocol -----------------------------------------------------------
    def create(self, conversation: Conversation) -> None:
        k = self.keys_for(conversation.conversation_id)
        doc = conversation.to_json()

        def put() -> bool:
            # A resent SET NX finds the first copy's document: that is ours, not a collision.
            created = self._r.set(k["doc"], doc, px=self._unused_ttl_ms, nx=True)
            return bool(created) or _text(self._r.get(k["doc"]) or b"") == doc

        if not self._settled("create", put):
            raise ConfigError("conversation id collision")  # 192 random bits: never in practice

    def begin(
        self,
        conversation_id: str,
        *,
        idempotency_key: str | None = None,
        token_hash: str | None = None,
        text_hash: str | None = None,
    ) -> Begun:
        if not valid_conversation_id(conversation_id) or token_hash == "":
            raise ConversationNotFound("unknown conversation")
        k = self.keys_for(conversation_id)
        keys = [k["doc"], k["lock"], k["fence"], k["queue"], k["waiters"], k["idem"]]
        keys.append(k["cancelled"])
        owner = secrets.token_hex(8)
        deadline = time.monotonic() + self._lock_wait_ms / 1000
        enqueue, pause, pttl = "1", 0.001, 1000
        while True:
            args: list[str | int] = [
                owner,
                self._lock_ttl_ms,
                self._presence_ms,
                idempotency_key or "",
                enqueue,
                self._doc_ttl_ms,
                token_hash or "",
                text_hash or "",
            ]
            try:
                # begin is safe to run twice for one owner (the script hands back a lock
                # it already took and never queues us twice), so a timeout is resent.
                reply = self._settled(
                    "begin",
                    partial(self._call, self._begin, keys, args),
                    time.monotonic() + self._settle_s,
                )
            except StateStoreUnavailable:
                self._cancel(conversation_id, owner)
                raise
            status = _text(reply[0])
            if status == "ok":
                conv = Conversation.from_json(reply[2])
                lease = Lease(
                    conversation_id,
                    owner,
                    int(reply[1]),
                    conv.version,
                    server_ms=int(reply[3]),
                    taken_at=time.monotonic(),
                )
                return Begun(lease, conv)
            if status == "replay":
                return Begun(None, None, replay=_text(reply[1]))
            if status == "reused":
                raise IdempotencyKeyReused("the idempotency key was sent with another text")
            if status == "missing":
                raise ConversationNotFound("unknown conversation")
            if status == "cancelled":  # pragma: no cover - only a late copy of a cancelled begin
                raise StateStoreUnavailable("begin was cancelled")
            enqueue, pttl = "0", int(reply[1])
            if time.monotonic() >= deadline:
                self._leave(conversation_id, owner)
                retry = max(1.0, round((pttl if pttl > 0 else 1000) / 1000, 1))
                raise TurnInProgress("another turn is still running", retry_after=retry)
            self._sleep(pause)
            pause = min(pause * 2, 0.02)

    def commit(
        self,
        lease: Lease,
        conversation: Conversation,
        *,
        trace: TraceEntry | None = None,
        idempotency_key: str | None = None,
        result_json: str = "",
        text_hash: str | None = None,
    ) -> None:
        k = self.keys_for(lease.conversation_id)
        keys = [k["doc"], k["lock"], k["queue"], k["waiters"], k["trace"], k["idem"], k["idemq"]]
        keys.append(k["committed"])  # the leases saved lately: a resend looks for its own
        sent = time.monotonic()
        not_after = ""
        if lease.server_ms:
            # Redis time when the lease was taken, plus the time since, plus the window.
            elapsed_ms = int((sent - lease.taken_at) * 1000)
            not_after = str(lease.server_ms + elapsed_ms + int(self._settle_s * 1000))
        args: list[str | int] = [
            lease.owner,
            lease.fence,
            lease.version,
            conversation.to_json(),
            self._doc_ttl_ms,
            trace.model_dump_json() if trace else "",
            self._trace_cap,
            idempotency_key or "",
            result_json,
            self._idem_cap,
            not_after,
            text_hash or "",
            # Long enough for every resend of this commit; then it goes by itself.
            int(max(self._lock_ttl_ms, self._settle_s * 1000) * 2),
        ]
        # Past `until` (a little after the deadline) no copy of this commit can still write,
        # so giving up then reports the turn's fate truthfully: not saved.
        until = sent + self._settle_s + 0.1 if not_after else sent
        reply = self._settled(
            "commit",
            partial(self._call, self._commit, keys, args),
            until,
        )
        status = _text(reply[0])
        if status == "ok":
            return
        if status == "missing":
            raise ConversationNotFound("conversation was deleted during the turn")
        if status == "lost_lock":
            raise VersionConflict("the turn's lock expired before it could be saved")
        if status == "expired":
            raise StateStoreUnavailable("redis ran the commit after its deadline; not saved")
        raise VersionConflict(f"version moved to {_text(reply[1])} during the turn")

    def abort(self, lease: Lease) -> None:
        """Release the lease's lock; if Redis is away, the release is kept and sent when it
        answers again (and `StateStoreUnavailable` is raised, as before)."""
        try:
            self._leave(lease.conversation_id, lease.owner, fence=str(lease.fence))
        except StateStoreUnavailable:
            expires = lease.taken_at + self._lock_ttl_ms / 1000
            self._releases.add(
                Release(lease.conversation_id, lease.owner, str(lease.fence), 0, expires)
            )
            raise

    @property
    def pending_releases(self) -> int:
        """Locks of failed turns still waiting for Redis to come back."""
        return len(self._releases)

    def _send_release(self, release: Release) -> None:
        k = self.keys_for(release.conversation_id)
        keys = [k["lock"], k["queue"], k["waiters"], k["cancelled"]]
        args: list[str | int] = [release.owner, release.fence, release.cancel_ttl_ms]
        with self._translate("release"):
            self._abort(keys=keys, args=args, client=self._r)

    def _leave(self, conversation_id: str, owner: str, *, fence: str = "") -> None:
        k = self.keys_for(conversation_id)
        with self._translate("abort"):
            self._abort(
                keys=[k["lock"], k["queue"], k["waiters"], k["cancelled"]],
                args=[owner, fence, 0],
                client=self._mine.get(),
            )

    def _cancel(self, conversation_id: str, owner: str) -> None:
        """A begin's reply timed out: release any lock it took and stop a late copy taking one.

        Sent again until Redis answers (within the settle window); if Redis stays away the
        lock's own TTL still bounds what a late copy can hold.
        """
        k = self.keys_for(conversation_id)
        keys = [k["lock"], k["queue"], k["waiters"], k["cancelled"]]
        cancel_ttl = self._lock_ttl_ms + self._presence_ms
        args: list[str | int] = [owner, "", cancel_ttl]
        try:
            self._settled(
                "cancel",
                partial(self._call, self._abort, keys, args),
                time.monotonic() + self._settle_s,
            )
        except StateStoreUnavailable:
            expires = time.monotonic() + cancel_ttl / 1000
            self._releases.add(Release(conversation_id, owner, "", cancel_ttl, expires))

    def load(self, conversation_id: str) -> Conversation:
        if not valid_conversation_id(conversation_id):
            raise ConversationNotFound("unknown conversation")
        doc_key = self.keys_for(conversation_id)["doc"]
        raw = self._settled("load", lambda: self._r.get(doc_key))
        if raw is None:
            raise ConversationNotFound("unknown conversation")
        return Conversation.from_json(raw)

    def trace(self, conversation_id: str) -> list[TraceEntry]:
        trace_key = self.keys_for(conversation_id)["trace"]
        raw: list[Any] = self._settled("trace", lambda: self._r.lrange(trace_key, 0, -1))
        return [TraceEntry.model_validate_json(item) for item in raw]

    def delete(self, conversation_id: str) -> None:
        if not valid_conversation_id(conversation_id):
            return
        keys = list(self.keys_for(conversation_id).values())
        self._settled("delete", lambda: self._r.delete(*keys))

    def ping(self) -> bool:
        return bool(self._settled("ping", self._r.ping))


def _text(value: bytes | str) -> str:
    return value.decode("utf-8") if isinstance(value, bytes) else value


__all__ = [
    "Begun",
    "Lease",
    "PendingReleases",
    "RedisStateStore",
    "Release",
    "StateStore",
    "hash_token",
    "new_conversation_id",
    "new_token",
    "valid_conversation_id",
]
