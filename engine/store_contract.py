"""The state store's contract: the `StateStore` protocol, the `Lease` a turn holds, ids and tokens.

`engine/store.py` is the Redis implementation; fakes in tests implement the same protocol.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from typing import Protocol

from core.result import TraceEntry
from engine.conversation import Conversation

_ID_ALPHABET_OK = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")


def new_conversation_id() -> str:
    """192 random bits, URL-safe."""
    return secrets.token_urlsafe(24)


def new_token() -> str:
    return secrets.token_urlsafe(32)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def valid_conversation_id(conversation_id: str) -> bool:
    return 16 <= len(conversation_id) <= 64 and set(conversation_id) <= _ID_ALPHABET_OK


@dataclass(frozen=True)
class Lease:
    """The right to run one turn: who we are, the fencing token, the loaded version.

    `server_ms` is Redis's clock when the lock was taken and `taken_at` this process's
    monotonic clock when the reply arrived: together they give the commit's deadline in
    Redis time without comparing two machines' clocks.
    """

    conversation_id: str
    owner: str
    fence: int
    version: int
    server_ms: int = 0
    taken_at: float = 0.0


@dataclass(frozen=True)
class Begun:
    """What `begin` found: a lease and the document, or a stored idempotent result."""

    lease: Lease | None
    conversation: Conversation | None
    replay: str | None = None


class StateStore(Protocol):
    """Where conversations live between turns.

    Contract: `begin` serialises turns on one conversation in arrival order and
    raises `TurnInProgress` after waiting too long, `ConversationNotFound` for
    an unknown id or, when `token_hash` is given, a document whose token hash
    differs (checked before any stored result is replayed), and
    `IdempotencyKeyReused` when the key's stored turn had another `text_hash`;
    `commit` saves only if the lease is still held and the version unchanged (else
    `VersionConflict`), and a commit of a lease that was already saved succeeds;
    `abort` releases without touching the document. Any backend failure raises
    `StateStoreUnavailable`.
    """

    def create(self, conversation: Conversation) -> None: ...

    def begin(
        self,
        conversation_id: str,
        *,
        idempotency_key: str | None = None,
        token_hash: str | None = None,
        text_hash: str | None = None,
    ) -> Begun: ...

    def commit(
        self,
        lease: Lease,
        conversation: Conversation,
        *,
        trace: TraceEntry | None = None,
        idempotency_key: str | None = None,
        result_json: str = "",
        text_hash: str | None = None,
    ) -> None: ...

    def abort(self, lease: Lease) -> None: ...

    def load(self, conversation_id: str) -> Conversation: ...

    def trace(self, conversation_id: str) -> list[TraceEntry]: ...

    def delete(self, conversation_id: str) -> None: ...

    def ping(self) -> bool: ...


__all__ = [
    "Begun",
    "Lease",
    "StateStore",
    "hash_token",
    "new_conversation_id",
    "new_token",
    "valid_conversation_id",
]
