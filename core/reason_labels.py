"""Each reason code in words, for people: the one table the terminal chat and the chat page show.

The page does not keep its own copy: the service embeds this table in the page it serves
(`web/page.py`), and `static/app.js` reads it from there.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from core.reasons import Reason

REASON_LABELS: Mapping[str, str] = MappingProxyType(
    {
        Reason.SINGLE_DRUG: "Trả lời từ Dược thư",
        Reason.INTERACTION: "Tương tác thuốc, theo Dược thư",
        Reason.CONDITION_TO_DRUG: "Thuốc có chỉ định cho tình trạng này",
        Reason.SMALLTALK: "Chào hỏi",
        Reason.MISSING_POPULATION: "Cần biết dùng cho người lớn hay trẻ em",
        Reason.MISSING_PEDIATRIC_AGE_OR_WEIGHT: "Cần cả tuổi và cân nặng của trẻ",
        Reason.NEEDS_MORE_INFO: "Cần thêm thông tin",
        Reason.AMBIGUOUS_CONDITION: "Tình trạng còn chung chung",
        Reason.NO_CONDITION: "Chưa nêu bệnh hoặc triệu chứng",
        Reason.NO_INDICATION: "Chưa nêu bệnh hoặc triệu chứng",
        Reason.MISSING_ATTRIBUTE: "Chưa rõ bạn muốn biết gì về thuốc",
        Reason.NO_DRUG: "Chưa nêu tên thuốc",
        Reason.AMBIGUOUS_ROUTE: "Cần biết đường dùng thuốc",
        Reason.SAFETY_CHECK: "Cần biết thuốc đã được uống hay chưa",
        Reason.OUT_OF_SCOPE: "Ngoài phạm vi Dược thư",
        Reason.UNSUPPORTED_REVERSE_RELATION: "Loại câu hỏi này chưa được hỗ trợ",
        Reason.DRUG_NOT_IN_FORMULARY: "Thuốc không có trong Dược thư",
        Reason.CLARIFY_LOOP_EXHAUSTED: "Đã hỏi lại nhiều lần mà chưa rõ câu hỏi",
        Reason.NO_INTERACTION_EVIDENCE: "Dược thư không ghi nhận tương tác giữa hai thuốc",
        Reason.NO_EVIDENCE: "Không tìm thấy thông tin trong Dược thư",
        Reason.NO_SAFETY_EVIDENCE: "Chưa kiểm tra được độ an toàn cho người bệnh này",
        Reason.GROUNDING_FAILED: "Câu trả lời không khớp với nguồn nên không được đưa ra",
        Reason.BUDGET_EXHAUSTED: "Hết thời gian xử lý cho câu hỏi này",
        Reason.UNDERSTANDING_FAILED: "Hệ thống chưa hiểu được câu hỏi (lỗi mô hình)",
        Reason.GENERATION_UNAVAILABLE: "Hệ thống tạm thời không soạn được câu trả lời",
        Reason.EMERGENCY: "Có thể là tình huống cấp cứu",
        Reason.SELF_HARM: "Bạn không một mình: hãy gọi hỗ trợ ngay",
        Reason.UNSAFE_USE: "Cách dùng thuốc này không an toàn",
    }
)


def reason_label(reason: str) -> str:
    """The reason in words; a code with no words yet is shown as the code itself."""
    return REASON_LABELS.get(reason, reason)


__all__ = ["REASON_LABELS", "reason_label"]
