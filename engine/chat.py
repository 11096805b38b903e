"""`duocthu chat`: a terminal conversation over the same engine and settings as the service.

Each reply shows the message, the state, the reason in words, quick replies (type
their number) and numbered citations; `/new`, `/state`, `/trace` and `/quit` are commands.
"""

from __future__ import annotations

import json
import sys
import unicodedata
from collections.abc import Callable
from typing import IO, TYPE_CHECKING

from engine.errors import ConversationNotFound, DuocthuError
from engine.result import TraceEntry, TurnResult
from grounding.evidence import Citation

if TYPE_CHECKING:
    from engine.bootstrap import Runtime

REASON_LABELS: dict[str, str] = {
    "single_drug": "trả lời từ Dược thư",
    "interaction": "tương tác thuốc, theo Dược thư",
    "condition_to_drug": "thuốc có chỉ định cho tình trạng này",
    "smalltalk": "chào hỏi",
    "missing_population": "cần biết dùng cho người lớn hay trẻ em",
    "missing_pediatric_age_or_weight": "cần cả tuổi và cân nặng của trẻ",
    "needs_more_info": "cần thêm thông tin",
    "ambiguous_condition": "tình trạng còn chung chung",
    "no_condition": "chưa nêu bệnh hoặc triệu chứng",
    "no_indication": "chưa nêu bệnh hoặc triệu chứng",
    "missing_attribute": "chưa rõ muốn biết gì về thuốc",
    "no_drug": "chưa nêu tên thuốc",
    "ambiguous_route": "cần biết đường dùng thuốc",
    "out_of_scope": "ngoài phạm vi Dược thư",
    "unsupported_reverse_relation": "loại câu hỏi này chưa được hỗ trợ",
    "drug_not_in_formulary": "thuốc không có trong Dược thư",
    "clarify_loop_exhausted": "đã hỏi lại nhiều lần mà chưa rõ câu hỏi",
    "no_interaction_evidence": "Dược thư không ghi nhận tương tác giữa hai thuốc",
    "no_evidence": "không tìm thấy thông tin trong Dược thư",
    "no_safety_evidence": "chưa kiểm tra được độ an toàn cho người bệnh này",
    "grounding_failed": "câu trả lời không khớp nguồn nên không được đưa ra",
    "budget_exhausted": "hết thời gian xử lý",
    "understanding_failed": "chưa hiểu được câu hỏi (lỗi mô hình)",
    "generation_unavailable": "tạm thời không soạn được câu trả lời",
    "emergency": "có thể là tình huống cấp cứu",
    "self_harm": "bạn không một mình: hãy gọi hỗ trợ ngay",
    "unsafe_use": "cách dùng thuốc này không an toàn",
}

HELP = "Lệnh: /new (cuộc trò chuyện mới), /state (trạng thái), /trace (các lượt), /quit (thoát)."
PROMPT = "Bạn> "


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
    label = REASON_LABELS.get(result.reason, result.reason)
    lines.append(
        f"  [{result.state} · {result.outcome.value}/{result.reason}: {label}"
        f" · hỏi lại liên tiếp {result.clarify_streak}]"
    )
    if result.quick_replies:
        choices = "  ".join(f"{i}) {r}" for i, r in enumerate(result.quick_replies, start=1))
        lines.append(f"  Gợi ý (gõ số): {choices}")
    if result.citations:
        lines.append("  Nguồn:")
        for n, c in enumerate(result.citations, start=1):
            flag = " (cần đối chiếu bản in)" if c.verify_pdf else ""
            source = f", {c.source}" if c.source else ""
            lines.append(f"   [{n}] {c.drug_name} – {c.section_title}, {pages(c)}{source}{flag}")
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


class _Session:
    """One terminal conversation: the current id and the last reply's quick replies."""

    def __init__(self, runtime: Runtime, write: Callable[[str], None]) -> None:
        self.engine, self.write = runtime.engine, write
        self.conversation_id = ""
        self.quick_replies: list[str] = []

    def new(self) -> None:
        self.conversation_id = self.engine.create_conversation().conversation_id
        self.quick_replies = []

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


def run_chat(
    runtime: Runtime, *, input: IO[str] | None = None, output: IO[str] | None = None
) -> int:
    """Talk to the engine line by line until EOF or /quit; returns an exit status."""
    source = input if input is not None else sys.stdin
    sink = output if output is not None else sys.stdout

    def write(text: str) -> None:
        sink.write(text + "\n")
        sink.flush()

    session = _Session(runtime, write)
    session.new()
    write(f"Dược thư – trò chuyện tra cứu thuốc. {HELP}")
    while True:
        sink.write(PROMPT)
        sink.flush()
        raw = source.readline()
        if not raw:
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


__all__ = ["REASON_LABELS", "format_reply", "format_trace", "run_chat"]
