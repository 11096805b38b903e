"""core.logging: one JSON line per turn, without user text unless asked; LOG_FORMAT."""

from __future__ import annotations

import io
import json
import logging
from datetime import UTC, datetime

import pytest

from core.errors import ConfigError, StateStoreUnavailable
from core.logging import (
    ConsoleFormatter,
    JsonFormatter,
    TurnLogger,
    configure_logging,
    resolve_format,
)
from core.result import Outcome, PathStep, TraceEntry, TurnResult
from core.settings import Settings, load_settings

SECRET = "con tôi bị sốt cao"


def _logger() -> tuple[logging.Logger, io.StringIO]:
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JsonFormatter())
    logger = logging.getLogger(f"test.turnlog.{id(stream)}")
    logger.handlers = [handler]
    logger.setLevel(logging.INFO)
    logger.propagate = False
    return logger, stream


def _turn() -> tuple[TurnResult, TraceEntry]:
    path = [PathStep(source="idle", trigger="ask_population", dest="clarifying_population")]
    frame = {
        "turn_type": "dosing_calc",
        "drugs": ["paracetamol"],
        "standalone_query": SECRET,
        "population": "child",
        "age_months": 30,
        "weight_kg": 12.5,
        "route": "oral",
        "patient": {"pregnancy": True},
    }
    result = TurnResult(
        conversation_id="c1",
        turn=1,
        state="clarifying_population",
        outcome=Outcome.CLARIFY,
        reason="missing_population",
        message="Bạn hỏi liều cho người lớn hay trẻ em?",
        path=path,
        route_rule=3,
        frame=frame,
        clarify_streak=1,
    )
    entry = TraceEntry(
        turn=1,
        at=datetime.now(UTC),
        outcome=Outcome.CLARIFY,
        reason="missing_population",
        route_rule=3,
        path=path,
        timings_ms={"understand": 1.234},
        idempotency_key="k",
    )
    return result, entry


def test_one_json_line_per_turn_with_ids_rule_reason_timings() -> None:
    """A turn is logged as one JSON object with ids, route rule, reason, path and timings."""
    logger, stream = _logger()
    TurnLogger(logger=logger).turn_completed(*_turn())
    lines = stream.getvalue().splitlines()
    assert len(lines) == 1
    record = json.loads(lines[0])
    assert record["event"] == "turn"
    assert record["conversation_id"] == "c1"
    assert record["route_rule"] == 3
    assert record["reason"] == "missing_population"
    assert record["timings_ms"] == {"understand": 1.23}
    assert record["path"] == ["idle>ask_population>clarifying_population"]


def test_user_text_is_left_out_by_default() -> None:
    """Nothing derived from the user's words reaches the log unless log_user_text is on."""
    logger, stream = _logger()
    TurnLogger(logger=logger).turn_completed(*_turn())
    assert SECRET not in stream.getvalue()
    logger, stream = _logger()
    TurnLogger(logger=logger, log_user_text=True).turn_completed(*_turn())
    assert SECRET in stream.getvalue()


def test_patient_facts_are_left_out_by_default() -> None:
    """A child's age, weight, the drug and the patient context stay out of the turn line
    (issue 24); the frame keeps only how the turn was read. LOG_USER_TEXT=true adds them."""
    logger, stream = _logger()
    TurnLogger(logger=logger).turn_completed(*_turn())
    frame = json.loads(stream.getvalue())["frame"]
    assert frame == {"turn_type": "dosing_calc"}
    for fact in ("paracetamol", "12.5", "pregnancy", "child", "oral"):
        assert fact not in stream.getvalue()
    logger, stream = _logger()
    TurnLogger(logger=logger, log_user_text=True).turn_completed(*_turn())
    assert json.loads(stream.getvalue())["frame"]["weight_kg"] == 12.5


def test_failed_turn_logs_the_code_not_the_message() -> None:
    """A failed turn logs the error code and type, never the exception text."""
    logger, stream = _logger()
    TurnLogger(logger=logger).turn_failed("c1", StateStoreUnavailable(SECRET))
    record = json.loads(stream.getvalue())
    assert record["error_code"] == "state_store_unavailable"
    assert SECRET not in stream.getvalue()


def test_configure_logging_writes_json_and_quiets_transitions() -> None:
    """configure_logging makes every record a JSON line and silences transitions' INFO chatter."""
    stream = io.StringIO()
    loggers = [logging.getLogger(n) for n in ("", "duocthu", "transitions")]
    saved = [(lg.handlers[:], lg.level, lg.propagate) for lg in loggers]
    try:
        configure_logging("INFO", stream)
        logging.getLogger("duocthu.test").info("hello", extra={"fields": {"k": 1}})
        logging.getLogger("some.library").warning("plain")
        lines = [json.loads(line) for line in stream.getvalue().splitlines()]
        assert [(line["logger"], line["event"]) for line in lines] == [
            ("duocthu.test", "hello"),
            ("some.library", "plain"),
        ]
        assert lines[0]["k"] == 1
        assert not logging.getLogger("transitions").isEnabledFor(logging.INFO)
    finally:
        for logger, (handlers, level, propagate) in zip(loggers, saved, strict=True):
            logger.handlers, logger.propagate = handlers, propagate
            logger.setLevel(level)


def test_an_exception_is_logged_by_type_and_place_not_message() -> None:
    """A record with exc_info gives the exception type and its frames, never its message."""
    logger, stream = _logger()
    try:
        raise ValueError(SECRET)
    except ValueError:
        logger.exception("boom")
    record = json.loads(stream.getvalue())
    assert record["exc_type"] == "ValueError"
    assert record["exc_where"][-1].startswith("test_logging.py:")
    assert record["exc_where"][-1].endswith(
        " test_an_exception_is_logged_by_type_and_place_not_message"
    )
    assert SECRET not in stream.getvalue()


def test_console_format_is_one_readable_line_with_the_fields() -> None:
    """The console formatter writes time, level, logger, event, then key=value, not JSON."""
    record = logging.LogRecord("duocthu.access", logging.INFO, __file__, 1, "request", None, None)
    record.fields = {"route": "/ready", "status": 200, "frame": {"drugs": ["a b"]}}
    line = ConsoleFormatter().format(record)
    assert not line.startswith("{")
    assert "INFO" in line and "duocthu.access" in line and " request " in line
    assert 'route=/ready status=200 frame={"drugs":["a b"]}' in line
    assert "\x1b[" not in line


def test_auto_format_is_console_only_at_a_terminal() -> None:
    """LOG_FORMAT=auto: console for a terminal stream, JSON for anything else; json and
    console are taken as asked; another value is refused."""

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    assert resolve_format("auto", Terminal()) == "console"
    assert resolve_format("auto", io.StringIO()) == "json"
    assert resolve_format("json", Terminal()) == "json"
    assert resolve_format("console", io.StringIO()) == "console"
    with pytest.raises(ValueError, match="log format"):
        resolve_format("yaml", io.StringIO())


@pytest.mark.usefixtures("saved_logging")
def test_configure_logging_in_console_format_rewrites_uvicorns_url_line() -> None:
    """uvicorn's "running on" line becomes one `serving: open URL` line, a wildcard host
    shown as the loopback address a browser opens."""
    stream = io.StringIO()
    wildcard = "0.0.0.0"  # noqa: S104 - the host uvicorn is told to bind
    configure_logging("INFO", stream, log_format="console")
    logging.getLogger("uvicorn.error").info(
        "Uvicorn running on %s://%s:%d (Press CTRL+C to quit)", "http", wildcard, 9000
    )
    text = stream.getvalue()
    assert "serving: open http://127.0.0.1:9000/ (Ctrl+C stops)" in text
    assert "Uvicorn running" not in text and text.count("127.0.0.1:9000") == 1


def test_log_format_setting_is_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    """LOG_FORMAT takes auto, json or console in any case; anything else names the variable."""
    assert Settings(log_format="JSON").log_format == "json"
    assert Settings().log_format == "auto"
    monkeypatch.setenv("LOG_FORMAT", "pretty")
    with pytest.raises(ConfigError, match="LOG_FORMAT"):
        load_settings()
