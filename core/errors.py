"""The one exception tree of duocthu; foreign errors are translated into it at the border.

    DuocthuError
    ├── ConfigError                  bad settings or constructor arguments (fail fast); a ValueError
    ├── MachineDefinitionError       (states.graph) a broken machine definition; a ValueError
    ├── TransitionRefused            (engine.machine) a trigger not allowed here; a RuntimeError
    ├── StateStoreError
    │   ├── StateStoreUnavailable    Redis unreachable or timed out: the turn is refused (503)
    │   ├── TurnInProgress           the conversation's lock could not be had in time (409)
    │   ├── ConversationNotFound     unknown id, or a wrong token (404, no existence oracle)
    │   ├── VersionConflict          a compare-and-set lost; never silently overwritten
    │   └── IdempotencyKeyReused     an idempotency key sent again with another text (422)
    ├── RetrievalIndexError          the index (Qdrant) failed
    │   └── IndexUnavailable         unreachable or not loaded (503)
    ├── CorpusError                  a corpus record or file is unusable
    └── ProviderError                a model provider failed: the turn fails closed
        ├── UnderstandingFailed      -> abstain understanding_failed
        └── GenerationUnavailable    -> abstain generation_unavailable
            └── RequestBudgetExhausted -> abstain budget_exhausted

Every class is defined here except the two marked with their module, which live beside
the code that raises them. Classes that also subclass a builtin (`ValueError`,
`RuntimeError`) stay catchable as that builtin. Adapters wrap `redis`, `qdrant`,
`botocore` errors with ``raise ... from exc``; `server.py` maps the root to JSON errors in
one handler.
"""

from __future__ import annotations

from core.reasons import Reason


class DuocthuError(Exception):
    """Root of every error duocthu raises on purpose."""

    code = "internal_error"


class ConfigError(DuocthuError, ValueError):
    """A setting or constructor argument is invalid; the message names the bad value."""

    code = "config_error"


class StateStoreError(DuocthuError):
    """The conversation store could not do what was asked."""

    code = "state_store_error"


class StateStoreUnavailable(StateStoreError):
    """Redis is unreachable or too slow; nothing stored was touched."""

    code = "state_store_unavailable"


class TurnInProgress(StateStoreError):
    """Another turn holds the conversation for longer than we are willing to wait."""

    code = "turn_in_progress"

    def __init__(self, message: str, *, retry_after: float = 1.0) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class ConversationNotFound(StateStoreError):
    """No such conversation for this caller (unknown id or wrong token)."""

    code = "not_found"


class VersionConflict(StateStoreError):
    """A save lost a compare-and-set on the document version."""

    code = "version_conflict"


class IdempotencyKeyReused(StateStoreError):
    """An idempotency key came back with a different text: it names another turn."""

    code = "idempotency_key_reused"


class RetrievalIndexError(DuocthuError):
    """The retrieval index failed."""

    code = "index_error"


class IndexUnavailable(RetrievalIndexError):
    """The index is unreachable or not loaded."""

    code = "index_unavailable"


class CorpusError(DuocthuError):
    """A corpus record or file is unusable."""

    code = "corpus_error"


class ProviderError(DuocthuError):
    """A model provider failed; the turn fails closed with the matching reason."""

    code = "provider_error"
    reason = Reason.GENERATION_UNAVAILABLE


class UnderstandingFailed(ProviderError):
    """The understanding call failed or returned something unusable."""

    code = "understanding_failed"
    reason = Reason.UNDERSTANDING_FAILED


class GenerationUnavailable(ProviderError):
    """The answer generator failed."""

    code = "generation_unavailable"
    reason = Reason.GENERATION_UNAVAILABLE


class RequestBudgetExhausted(GenerationUnavailable):
    """The per-turn budget (wall clock or model calls) ran out before a call."""

    code = "budget_exhausted"
    reason = Reason.BUDGET_EXHAUSTED


__all__ = [
    "ConfigError",
    "ConversationNotFound",
    "CorpusError",
    "DuocthuError",
    "GenerationUnavailable",
    "IdempotencyKeyReused",
    "IndexUnavailable",
    "ProviderError",
    "RequestBudgetExhausted",
    "RetrievalIndexError",
    "StateStoreError",
    "StateStoreUnavailable",
    "TurnInProgress",
    "UnderstandingFailed",
    "VersionConflict",
]
