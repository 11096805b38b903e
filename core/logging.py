"""Structured JSON logs: one line per event on stdout, the request id in every line of a request.

One line per turn (ids, route rule, reason, timings; no user text unless `LOG_USER_TEXT`),
one access line per request (engine/access.py), and every other library's records,
uvicorn's included, in the same JSON shape. `configure_logging` and `log_config` are used
by entry points (serve, chat, bench), never at import time.
"""

from __future__ import annotations

import logging
import sys
import traceback
from contextvars import ContextVar
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any

import pydantic_core

from core.errors import DuocthuError
from core.result import TraceEntry, TurnResult

TURN_LOGGER = "duocthu.turn"
LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")

# Set by the access middleware for the length of one request; the turn thread runs in a
# copy of the request's context (engine/offload.py), so the turn line carries it too.
REQUEST_ID: ContextVar[str | None] = ContextVar("duocthu_request_id", default=None)

# uvicorn's loggers: their records propagate to the root handler instead of uvicorn's own
# plain-text ones ("ERROR: …").
_UVICORN_LOGGERS = ("uvicorn", "uvicorn.error", "uvicorn.access", "uvicorn.asgi")

# Frame fields derived from the user's words; logged only when log_user_text is on.
# The frame fields a turn line keeps by default: how the turn was read, never what it was
# about. The drugs, age, weight, population, route, condition and patient context are
# facts about a patient (or words the user typed): they are logged only with
# LOG_USER_TEXT=true, a debugging setting (docs/settings.md). An allow list, so a field
# added to the frame later stays out until someone decides it is safe.
_LOGGED_FRAME_KEYS = frozenset(
    {
        "turn_type",
        "attribute",
        "condition_relation",
        "needs_clarify",
        "clarify_reason",
        "section_overview",
        "non_human",
        "understanding_failed",
        "fills_slot",
        "new_case",
        "non_answer",
    }
)


class JsonFormatter(logging.Formatter):
    """Renders a record as one JSON object; structured fields go in `extra={"fields": {...}}`."""

    def format(self, record: logging.LogRecord) -> str:
        payload: dict[str, Any] = {
            "ts": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "event": record.getMessage(),
        }
        request_id = REQUEST_ID.get()
        if request_id is not None:
            payload["request_id"] = request_id
        fields = getattr(record, "fields", None)
        if isinstance(fields, dict):
            payload.update(fields)
        if record.exc_info and record.exc_info[0] is not None:
            payload["exc_type"] = record.exc_info[0].__name__
            # Where it failed, innermost last, without the exception's message: a message
            # can quote what the user sent.
            payload["exc_where"] = [
                f"{Path(frame.filename).name}:{frame.lineno} {frame.name}"
                for frame in traceback.extract_tb(record.exc_info[2])
            ]
        # pydantic-core's serialiser: the same JSON as json.dumps(ensure_ascii=False,
        # default=str) without the spaces, in a fraction of the time.
        return pydantic_core.to_json(payload, fallback=str).decode("utf-8")


def log_config(level: str = "INFO") -> dict[str, Any]:
    """A `logging.config.dictConfig` for `uvicorn.run(log_config=...)`: every logger, the
    root and uvicorn's, writes JSON lines to stdout at `level`. Each worker applies it."""
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"json": {"()": JsonFormatter}},
        "handlers": {
            "stdout": {
                "class": "logging.StreamHandler",
                "formatter": "json",
                "stream": "ext://sys.stdout",
            }
        },
        "root": {"handlers": ["stdout"], "level": level},
        "loggers": {
            "duocthu": {"handlers": [], "level": level, "propagate": True},
            # `transitions` logs every state entry and exit at INFO; the turn line says it all.
            "transitions": {"handlers": [], "level": "WARNING", "propagate": True},
            **{
                name: {"handlers": [], "level": level, "propagate": True}
                for name in _UVICORN_LOGGERS
            },
        },
    }


def configure_logging(level: str = "INFO", stream: IO[str] | None = None) -> None:
    """Send every record, from any logger, as a JSON line to `stream` (stdout by default)."""
    handler = logging.StreamHandler(stream if stream is not None else sys.stdout)
    handler.setFormatter(JsonFormatter())
    root = logging.getLogger()
    root.handlers = [handler]
    root.setLevel(level)
    for name in ("duocthu", *_UVICORN_LOGGERS):
        logger = logging.getLogger(name)
        logger.handlers = []
        logger.setLevel(level)
        logger.propagate = True
    logging.getLogger("transitions").setLevel(logging.WARNING)


class TurnLogger:
    """A `TurnObserver` writing one JSON line per finished or failed turn."""

    def __init__(self, *, log_user_text: bool = False, logger: logging.Logger | None = None):
        self._log_user_text = log_user_text
        self._logger = logger if logger is not None else logging.getLogger(TURN_LOGGER)

    def turn_completed(self, result: TurnResult, entry: TraceEntry) -> None:
        fields: dict[str, Any] = {
            "conversation_id": result.conversation_id,
            "turn": result.turn,
            "state": result.state,
            "outcome": result.outcome.value,
            "reason": result.reason,
            "route_rule": result.route_rule,
            "path": [f"{s.source}>{s.trigger}>{s.dest}" for s in result.path],
            "clarify_streak": result.clarify_streak,
            "timings_ms": {k: round(v, 2) for k, v in entry.timings_ms.items()},
            "model_calls": entry.model_calls,
            "idempotency_key": entry.idempotency_key,
            "citations": len(result.citations),
            "frame": self._frame(result.frame),
        }
        self._logger.info("turn", extra={"fields": fields})

    def turn_failed(self, conversation_id: str, error: BaseException) -> None:
        code = error.code if isinstance(error, DuocthuError) else "internal_error"
        fields = {
            "conversation_id": conversation_id,
            "error_code": code,
            "error_type": type(error).__name__,
        }
        self._logger.warning("turn_failed", extra={"fields": fields})

    def _frame(self, frame: dict[str, Any]) -> dict[str, Any]:
        if self._log_user_text:
            return frame
        return {k: v for k, v in frame.items() if k in _LOGGED_FRAME_KEYS}


__all__ = [
    "LEVELS",
    "REQUEST_ID",
    "TURN_LOGGER",
    "JsonFormatter",
    "TurnLogger",
    "configure_logging",
    "log_config",
]
