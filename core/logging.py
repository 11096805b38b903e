"""Structured logs: one line per event on stdout, the request id in every line of a request.

`LOG_FORMAT` picks the shape: `json` (one object a line, for collectors), `console` (a
readable line: time, level, logger, event, then key=value), or `auto` (the default:
console when stdout is a terminal, JSON otherwise). One line per turn (ids, route rule,
reason, timings; no user text unless `LOG_USER_TEXT`), one access line per request
(web/access.py), and every other library's records, uvicorn's included, in the same
shape. `configure_logging` and `log_config` are used by entry points (serve, chat, bench),
never at import time.
"""

from __future__ import annotations

import logging
import sys
import traceback
from contextvars import ContextVar
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any, ClassVar

import pydantic_core

from core.errors import DuocthuError
from core.result import TraceEntry, TurnResult

TURN_LOGGER = "duocthu.turn"
LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
FORMATS = ("auto", "json", "console")

# Set by the access middleware for the length of one request; the turn thread runs in a
# copy of the request's context (web/offload.py), so the turn line carries it too.
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


class ConsoleFormatter(logging.Formatter):
    """Renders a record as one line a person reads at a terminal: local time, level, logger,
    event, then the request id and the structured fields as key=value (dim when `color`)."""

    _LEVEL_COLORS: ClassVar[dict[str, str]] = {
        "DEBUG": "\x1b[2m",
        "INFO": "\x1b[32m",
        "WARNING": "\x1b[33m",
        "ERROR": "\x1b[31m",
        "CRITICAL": "\x1b[1;31m",
    }

    def __init__(self, *, color: bool = False) -> None:
        super().__init__()
        self._color = color

    def format(self, record: logging.LogRecord) -> str:
        when = datetime.fromtimestamp(record.created).strftime("%H:%M:%S")
        level = f"{record.levelname:<7}"
        if self._color:
            level = f"{self._LEVEL_COLORS.get(record.levelname, '')}{level}\x1b[0m"
        message = record.getMessage()
        parts = [when, level, f"{record.name:<15}", message]
        pairs: dict[str, Any] = {}
        request_id = REQUEST_ID.get()
        if request_id is not None:
            pairs["request_id"] = request_id
        fields = getattr(record, "fields", None)
        if isinstance(fields, dict):
            # A value the message already shows (the url, the data dir) is not repeated.
            pairs.update({k: v for k, v in fields.items() if not _shown_in(v, message)})
        if pairs:
            text = " ".join(f"{k}={_console_value(v)}" for k, v in pairs.items())
            parts.append(f"\x1b[2m{text}\x1b[0m" if self._color else text)
        line = " ".join(parts)
        if record.exc_info and record.exc_info[0] is not None:
            line += "\n" + self.formatException(record.exc_info)
        return line


def _shown_in(value: Any, message: str) -> bool:
    return isinstance(value, str) and len(value) > 3 and value in message


def _console_value(value: Any) -> str:
    if isinstance(value, str) and value and " " not in value:
        return value
    return pydantic_core.to_json(value, fallback=str).decode("utf-8")


def resolve_format(log_format: str, stream: IO[str] | None = None) -> str:
    """`json` or `console`: `auto` is console when `stream` (stdout) is a terminal."""
    if log_format not in FORMATS:
        raise ValueError(f"log format must be one of {', '.join(FORMATS)}, got {log_format!r}")
    if log_format != "auto":
        return log_format
    return "console" if _is_tty(stream) else "json"


def _formatter(log_format: str, stream: IO[str] | None = None) -> logging.Formatter:
    if resolve_format(log_format, stream) == "console":
        return ConsoleFormatter(color=_is_tty(stream))
    return JsonFormatter()


def _is_tty(stream: IO[str] | None) -> bool:
    target = stream if stream is not None else sys.stdout
    isatty = getattr(target, "isatty", None)
    return bool(callable(isatty) and isatty())


class ServingUrl(logging.Filter):
    """Turns uvicorn's "Uvicorn running on %s://%s:%d (Press CTRL+C to quit)" into our one
    line with the page's address: event `serving`, field `url` (a wildcard host shown as
    127.0.0.1, the address a browser on this machine opens)."""

    def filter(self, record: logging.LogRecord) -> bool:
        args = record.args
        if (
            record.name == "uvicorn.error"
            and str(record.msg).startswith("Uvicorn running on")
            and isinstance(args, tuple)
            and len(args) == 3
        ):
            scheme, host, port = args
            shown = {"0.0.0.0": "127.0.0.1", "::": "[::1]"}.get(str(host), str(host))  # noqa: S104
            if ":" in shown and not shown.startswith("["):
                shown = f"[{shown}]"
            url = f"{scheme}://{shown}:{port}/"
            record.msg, record.args = "serving: open %s (Ctrl+C stops)", (url,)
            record.fields = {"url": url}
        return True


def data_dir_logged(data_dir: Path) -> None:
    """The data dir as a log line (serve): stdout carries log lines only."""
    logging.getLogger("duocthu.serve").info(
        "data dir %s", data_dir, extra={"fields": {"data_dir": str(data_dir)}}
    )


def log_config(level: str = "INFO", log_format: str = "json") -> dict[str, Any]:
    """A `logging.config.dictConfig` for `uvicorn.run(log_config=...)`: every logger, the
    root and uvicorn's, writes lines in `log_format` to stdout at `level`. Each worker
    applies it."""
    chosen = resolve_format(log_format)
    formatter: dict[str, Any] = {"()": JsonFormatter}
    if chosen == "console":
        formatter = {"()": ConsoleFormatter, "color": _is_tty(None)}
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"line": formatter},
        "filters": {"serving_url": {"()": ServingUrl}},
        "handlers": {
            "stdout": {
                "class": "logging.StreamHandler",
                "formatter": "line",
                "filters": ["serving_url"],
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


def configure_logging(
    level: str = "INFO", stream: IO[str] | None = None, log_format: str = "json"
) -> None:
    """Send every record, from any logger, as a line in `log_format` (JSON unless asked) to
    `stream` (stdout by default)."""
    handler = logging.StreamHandler(stream if stream is not None else sys.stdout)
    handler.setFormatter(_formatter(log_format, stream))
    handler.addFilter(ServingUrl())
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
    "FORMATS",
    "LEVELS",
    "REQUEST_ID",
    "TURN_LOGGER",
    "ConsoleFormatter",
    "JsonFormatter",
    "ServingUrl",
    "TurnLogger",
    "configure_logging",
    "data_dir_logged",
    "log_config",
    "resolve_format",
]
