"""engine.chat: the terminal conversation over a real Engine with scripted understanding."""

from __future__ import annotations

import io
from pathlib import Path

import redis

from engine.bootstrap import Runtime
from engine.chat import run_chat
from tests.support.dialogue import scripted_runtime


def _chat(runtime: Runtime, *lines: str) -> str:
    out = io.StringIO()
    assert run_chat(runtime, input=io.StringIO("".join(f"{x}\n" for x in lines)), output=out) == 0
    return out.getvalue()


def test_dialogue_shows_state_reason_chips_and_citations(
    redis_client: redis.Redis, tmp_path: Path
) -> None:
    """The paracetamol dialogue prints state, reason, numbered quick replies and sources."""
    text = _chat(
        scripted_runtime(redis_client, tmp_path),
        "Liều paracetamol?",
        "2",
        "bé nặng 18 ký",
        "5 tuổi",
    )
    assert "clarify/missing_population" in text
    assert "1) Người lớn  2) Trẻ em" in text
    assert "(chọn: Trẻ em)" in text
    assert "[answering · answerable/single_drug" in text
    assert "   [1] Paracetamol – " in text


def test_state_and_trace_commands(redis_client: redis.Redis, tmp_path: Path) -> None:
    """/state shows the saved state and streak; /trace lists each turn's path and reason."""
    text = _chat(scripted_runtime(redis_client, tmp_path), "Liều paracetamol?", "/state", "/trace")
    assert "trạng thái: clarifying_population · hỏi lại liên tiếp: 1" in text
    assert "#1 idle → clarifying_population" in text
    assert "clarify/missing_population" in text


def test_new_starts_a_fresh_conversation(redis_client: redis.Redis, tmp_path: Path) -> None:
    """/new forgets the open question: the state is idle again."""
    text = _chat(scripted_runtime(redis_client, tmp_path), "Liều paracetamol?", "/new", "/state")
    assert "Đã bắt đầu cuộc trò chuyện mới." in text
    assert "trạng thái: idle · hỏi lại liên tiếp: 0" in text


def test_quit_and_eof_end_the_loop(redis_client: redis.Redis, tmp_path: Path) -> None:
    """/quit stops before later lines; EOF alone also ends with status 0."""
    text = _chat(scripted_runtime(redis_client, tmp_path), "/quit", "Liều paracetamol?")
    assert "missing_population" not in text
    assert _chat(scripted_runtime(redis_client, tmp_path)).startswith("Dược thư")


def test_engine_errors_are_reported_not_raised(redis_client: redis.Redis, tmp_path: Path) -> None:
    """A rejected turn (text over the limit) prints an error line and the loop goes on."""
    text = _chat(scripted_runtime(redis_client, tmp_path), "x" * 2001, "/state")
    assert "Lỗi (validation_error)" in text
    assert "trạng thái: idle" in text
