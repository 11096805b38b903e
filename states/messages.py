"""The Vietnamese words of the machine: clarifying questions and refusal notices.

Questions ask only for what is missing and echo what is known; every text is NFC.
"""

from __future__ import annotations

import unicodedata

from core.reasons import Reason


def _nfc(text: str) -> str:
    return unicodedata.normalize("NFC", text)


POPULATION_REPLIES: tuple[str, ...] = ("Người lớn", "Trẻ em")
ATTRIBUTE_REPLIES: tuple[str, ...] = (
    "Liều dùng",
    "Chỉ định",
    "Chống chỉ định",
    "Tác dụng không mong muốn",
    "Tương tác thuốc",
)

SMALLTALK_REPLY = _nfc(
    "Xin chào! Tôi tra cứu thông tin thuốc trong Dược thư Quốc gia Việt Nam "
    "(liều dùng, chỉ định, chống chỉ định, tương tác…) và luôn trích dẫn nguồn. "
    "Bạn muốn hỏi về thuốc nào?"
)


THANKS_REPLY = _nfc("Không có gì ạ! Bạn cần tra thêm thông tin thuốc nào cứ hỏi nhé.")
ACK_REPLY = _nfc("Vâng. Bạn cần tra thêm thông tin thuốc nào cứ hỏi nhé.")
# Short openers for smalltalk while a question is open; the question follows them.
_OPEN_SMALLTALK_OPENERS = {"thanks": "Không có gì ạ.", "greeting": "Xin chào!", "other": "Vâng."}


def smalltalk_reply(kind: str) -> str:
    """The fixed reply to smalltalk: `kind` is "thanks", "greeting" or "other"."""
    return {"thanks": THANKS_REPLY, "greeting": SMALLTALK_REPLY}.get(kind, ACK_REPLY)


def open_question_reminder(kind: str, question: str) -> str:
    """Smalltalk while a question is open: a short reply, then the question again."""
    opener = _OPEN_SMALLTALK_OPENERS.get(kind, _OPEN_SMALLTALK_OPENERS["other"])
    return _nfc(f"{opener} Để tra cứu tiếp, xin trả lời câu hỏi trước. {question}")


def format_number(value: float) -> str:
    """Vietnamese style: decimal comma, no trailing zeros ('12,5', '18')."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return text.replace(".", ",")


_DAYS_A_MONTH = 365.25 / 12


def describe_age(age_months: float) -> str:
    """'5 tuổi', '18 tháng', '2 tuổi rưỡi' style, for echoing back what the user said."""
    if age_months == 0:
        return "sơ sinh"  # a newborn named without a day count
    if age_months < 2 and abs(age_months * 2 - round(age_months * 2)) > 1e-6:
        # a baby's age said in weeks or days ("3 tuần" is 0,69 months): said back the same way
        days = round(age_months * _DAYS_A_MONTH)
        return f"{days // 7} tuần" if days % 7 == 0 else f"{days} ngày"
    if age_months < 24:
        return f"{format_number(age_months)} tháng"
    years = age_months / 12
    if abs(years - round(years)) < 1e-9:
        return f"{round(years)} tuổi"
    return f"{format_number(years)} tuổi"


def population_question(drug_names: list[str]) -> str:
    drugs = " và ".join(drug_names) or "thuốc này"
    return _nfc(f"Bạn hỏi liều {drugs} cho người lớn hay trẻ em?")


def age_weight_question(
    age_months: float | None, weight_kg: float | None, *, weight_unknown: bool = False
) -> str:
    """The question for the missing age or weight; when the weight was said to be unknown
    ("chưa cân"), why it is needed and how to get it, since no child's dose is answered
    without it (the paediatric invariant, docs/state-machine.md rule 3)."""
    if weight_kg is not None and age_months is None:
        return _nfc(f"Bé nặng {format_number(weight_kg)} kg, vậy bé bao nhiêu tuổi?")
    if age_months is not None and weight_kg is None and weight_unknown:
        return _nfc(
            f"Bé {describe_age(age_months)}. Dược thư tính liều trẻ em theo cả tuổi và cân "
            "nặng, nên cần số cân của bé: nếu chưa cân, hãy cân bé (ở nhà hoặc ở cơ sở y tế) "
            "rồi cho biết bé nặng bao nhiêu kg?"
        )
    if age_months is not None and weight_kg is None:
        return _nfc(f"Bé {describe_age(age_months)}, vậy bé nặng bao nhiêu kg?")
    return _nfc(
        "Dược thư chia liều trẻ em theo cả tuổi và cân nặng. "
        "Bé bao nhiêu tuổi và nặng bao nhiêu kg?"
    )


CLARIFY_QUESTIONS: dict[str, str] = {
    Reason.NEEDS_MORE_INFO: (
        "Bạn có thể nói rõ hơn không? Ví dụ: tên thuốc và điều bạn muốn biết "
        "(liều dùng, chống chỉ định, tác dụng không mong muốn, tương tác…)."
    ),
    Reason.AMBIGUOUS_CONDITION: "Tình trạng này còn khá rộng. Bạn muốn hỏi cụ thể bệnh nào?",
    Reason.NO_CONDITION: "Bạn muốn tìm thuốc có chỉ định cho bệnh hoặc triệu chứng nào?",
    Reason.NO_INDICATION: "Bạn muốn tìm thuốc có chỉ định cho bệnh hoặc triệu chứng nào?",
    Reason.MISSING_ATTRIBUTE: (
        "Bạn muốn biết gì về {drugs}? Ví dụ: liều dùng, chỉ định, chống chỉ định, "
        "tác dụng không mong muốn hoặc tương tác thuốc."
    ),
    Reason.NO_DRUG: "Bạn hỏi về thuốc nào? Xin cho biết tên hoạt chất hoặc tên biệt dược.",
    Reason.AMBIGUOUS_ROUTE: "Liều trong Dược thư khác nhau theo đường dùng. Bạn dùng đường nào?",
    # {who}/{whom}: "Bé"/"bé" for a child, "Người bệnh"/"người bệnh" for anyone else
    # (`safety_subject`): a grandmother who may have taken her tablets twice is no "bé".
    Reason.SAFETY_CHECK: (
        "{who} đã uống thuốc này rồi phải không? Nếu đã uống, hoặc không chắc, hãy gọi ngay "
        "{contacts} hoặc đưa {whom} đến cơ sở y tế gần nhất, kể cả khi chưa có triệu chứng."
    ),
}
SAFETY_CHECK_REPLIES = ("Đã uống rồi", "Không chắc", "Chưa, tôi chỉ hỏi thông tin")

# The same questions again, asked more plainly after a reply that did not answer them.
REASK_QUESTIONS: dict[str, str] = {
    Reason.MISSING_POPULATION: (
        "Người dùng {drugs} là người lớn hay trẻ em (dưới 18 tuổi)? "
        "Bạn bấm một trong hai nút bên dưới."
    ),
    Reason.MISSING_ATTRIBUTE: "Bạn muốn xem mục nào của {drugs}? Bạn bấm một mục bên dưới.",
    Reason.NO_DRUG: "Tôi cần tên thuốc để tra cứu. Bạn gõ tên thuốc, ví dụ “paracetamol”.",
    Reason.AMBIGUOUS_CONDITION: "Bạn chọn một bệnh cụ thể bên dưới, hoặc gõ tên bệnh.",
    Reason.NO_CONDITION: "Bạn gõ tên bệnh hoặc triệu chứng cần tìm thuốc, ví dụ “sốt” hoặc “ho”.",
    Reason.NO_INDICATION: "Bạn gõ tên bệnh hoặc triệu chứng cần tìm thuốc, ví dụ “sốt” hoặc “ho”.",
    Reason.NEEDS_MORE_INFO: (
        "Bạn gõ tên thuốc và điều muốn hỏi, ví dụ “liều paracetamol cho người lớn”."
    ),
    Reason.AMBIGUOUS_ROUTE: "Liều khác nhau theo đường dùng. Bạn chọn một đường dùng bên dưới.",
    Reason.SAFETY_CHECK: (
        "{who} đã uống thuốc này rồi phải không? Bạn bấm một nút bên dưới; nếu đã uống hoặc "
        "không chắc, hãy gọi cấp cứu ngay."
    ),
}
_REASK_AGE_WEIGHT = {
    "age_weight": "Tôi cần hai con số: bé mấy tuổi và nặng mấy kg. Bạn gõ ví dụ “3 tuổi, 14 kg”.",
    "age": "Tôi chỉ cần thêm tuổi của bé. Bạn gõ ví dụ “3 tuổi” hoặc “8 tháng”.",
    "weight": "Tôi chỉ cần thêm cân nặng của bé. Bạn gõ ví dụ “14 kg”.",
}


REASK_OPENER = "Tôi hỏi lại cho rõ nhé."


def safety_subject(*, child: bool) -> dict[str, str]:
    """Who the safety question asks about: the child ("Bé"), or anyone else ("Người bệnh")."""
    return {"who": "Bé", "whom": "bé"} if child else {"who": "Người bệnh", "whom": "người bệnh"}


def plain_question(reason: str, *, slot: str, drugs: str = "", child: bool = True) -> str:
    """The open question in its plainest words (`slot` picks the child's missing numbers;
    `child` says whom the safety question is about)."""
    if reason == Reason.MISSING_PEDIATRIC_AGE_OR_WEIGHT:
        return _nfc(_REASK_AGE_WEIGHT.get(slot, _REASK_AGE_WEIGHT["age_weight"]))
    text = REASK_QUESTIONS.get(reason, REASK_QUESTIONS["needs_more_info"])
    return _nfc(text.format(drugs=drugs or "thuốc này", **safety_subject(child=child)))


def reask_question(reason: str, *, slot: str, drugs: str = "", child: bool = True) -> str:
    """The open question asked again after a reply that did not answer it."""
    asked = plain_question(reason, slot=slot, drugs=drugs, child=child)
    return _nfc(f"{REASK_OPENER} {asked}")


ABSTAIN_MESSAGES: dict[str, str] = {
    "out_of_scope": (
        "Xin lỗi, tôi chỉ trả lời câu hỏi về thuốc dùng cho người có trong Dược thư Quốc gia "
        "Việt Nam. Câu hỏi này nằm ngoài phạm vi đó (tôi không chẩn đoán bệnh, không tư vấn "
        "thuốc thú y)."
    ),
    "unsupported_reverse_relation": (
        "Tôi chưa hỗ trợ tra ngược kiểu “thuốc nào gây ra / chống chỉ định với …”. "
        "Bạn có thể hỏi về một thuốc cụ thể, ví dụ “chống chỉ định của ibuprofen”."
    ),
    "drug_not_in_formulary": (
        "Không tìm thấy {names} trong Dược thư đang tra cứu. "
        "Tôi không trả lời về thuốc không có trong nguồn."
    ),
    "clarify_loop_exhausted": (
        "Tôi đã hỏi lại nhiều lần mà vẫn chưa đủ thông tin để tra cứu an toàn. "
        "Xin hãy viết lại toàn bộ câu hỏi trong một tin nhắn (tên thuốc, đối tượng, tuổi, "
        "cân nặng, đường dùng…) hoặc bắt đầu cuộc trò chuyện mới."
    ),
    "no_interaction_evidence": (
        "Không tìm thấy thông tin về tương tác giữa {names} trong mục Tương tác thuốc của "
        "từng thuốc trong Dược thư. Điều này KHÔNG có nghĩa là an toàn khi phối hợp."
    ),
    "no_evidence": (
        "Không tìm thấy thông tin phù hợp trong Dược thư cho câu hỏi này, nên tôi không "
        "trả lời để tránh suy đoán."
    ),
    "no_row_fits": (
        "Tôi không suy ra liều từ các nhóm khác. Hãy hỏi bác sĩ hoặc dược sĩ; mục "
        "“{section}” của Dược thư được dẫn bên dưới để bạn xem."
    ),
    "no_condition_evidence": (
        "Không tìm thấy thuốc nào có “{condition}” trong mục Chỉ định của Dược thư đang tra "
        "cứu. Điều này không có nghĩa là không có thuốc điều trị: hãy hỏi bác sĩ hoặc dược sĩ."
    ),
    "no_safety_evidence": (
        "Không tìm thấy thông tin an toàn liên quan đến tình trạng người bệnh trong các mục "
        "đã tra của những thuốc tìm được. Không suy ra thuốc là phù hợp/an toàn."
    ),
    "grounding_failed": (
        "Câu trả lời tạo ra không khớp hoàn toàn với nguồn trích dẫn nên đã bị chặn. "
        "Xin hỏi lại hoặc tra trực tiếp Dược thư."
    ),
    "budget_exhausted": (
        "Câu hỏi cần xử lý lâu hơn thời gian cho phép nên chưa thể trả lời. Xin thử lại sau."
    ),
    "understanding_failed": (
        "Dịch vụ phân tích câu hỏi đang gặp lỗi nên tôi không trả lời để tránh hiểu sai. "
        "Xin thử lại sau."
    ),
    "generation_unavailable": (
        "Dịch vụ tạo câu trả lời tạm thời không khả dụng, nên tôi không trả lời. Xin thử lại sau."
    ),
}


def contacts_text(contacts: tuple[str, ...] | list[str]) -> str:
    """'115' or '115 hoặc Trung tâm Chống độc …', as the settings list them."""
    return " hoặc ".join(c.strip() for c in contacts if c.strip()) or "115"


def emergency_text(contacts: tuple[str, ...] | list[str]) -> str:
    """What to do now, first in every emergency reply (docs/reasons.md, `emergency`)."""
    return _nfc(
        f"Đây có thể là tình huống cấp cứu. Hãy gọi ngay {contacts_text(contacts)} hoặc đưa "
        "người bệnh đến cơ sở y tế gần nhất, kể cả khi chưa có triệu chứng. Mang theo vỏ, hộp "
        "hoặc đơn thuốc đã dùng. Không tự gây nôn và không tự cho uống thêm thuốc nào khác."
    )


def self_harm_text(contacts: tuple[str, ...] | list[str]) -> str:
    """A short, warm reply with the contacts and no drug facts (docs/reasons.md, `self_harm`)."""
    where = contacts_text(contacts)
    return _nfc(
        "Cảm ơn bạn đã nói ra. Nghe như bạn đang trải qua điều rất nặng nề, và bạn không phải "
        "một mình đối diện với nó. Tôi không thể cung cấp thông tin này, nhưng bạn xứng đáng "
        f"được giúp đỡ ngay bây giờ: hãy gọi {where} hoặc đến cơ sở y tế gần nhất, và nói với "
        "một người bạn tin tưởng đang ở gần. Nếu bạn đã uống thuốc gì, hãy gọi "
        f"{where} ngay."
    )


UNSAFE_USE_ADVICE = (
    "Đừng tự dùng thuốc theo cách này. Hãy gặp bác sĩ hoặc đến cơ sở y tế để được tư vấn."
)


def unsafe_use_lead(drug_name: str) -> str:
    return _nfc(f"Dược thư cảnh báo về cách dùng {drug_name} mà bạn hỏi (trích nguyên văn):")


def unsafe_use_text() -> str:
    """The unsafe-use refusal when there is no evidence to quote."""
    return _nfc(
        "Cách dùng thuốc bạn hỏi có thể gây nguy hiểm nghiêm trọng, và tôi không đưa ra liều "
        "cho mục đích này. " + UNSAFE_USE_ADVICE
    )


def clarify_text(reason: str, **values: str) -> str:
    return _nfc(CLARIFY_QUESTIONS[reason].format(**values))


def abstain_text(reason: str, **values: str) -> str:
    return _nfc(ABSTAIN_MESSAGES[reason].format(**values))


__all__ = [
    "ABSTAIN_MESSAGES",
    "ACK_REPLY",
    "ATTRIBUTE_REPLIES",
    "CLARIFY_QUESTIONS",
    "POPULATION_REPLIES",
    "REASK_OPENER",
    "REASK_QUESTIONS",
    "SAFETY_CHECK_REPLIES",
    "SMALLTALK_REPLY",
    "THANKS_REPLY",
    "UNSAFE_USE_ADVICE",
    "abstain_text",
    "age_weight_question",
    "clarify_text",
    "contacts_text",
    "describe_age",
    "emergency_text",
    "format_number",
    "open_question_reminder",
    "plain_question",
    "population_question",
    "reask_question",
    "safety_subject",
    "self_harm_text",
    "smalltalk_reply",
    "unsafe_use_lead",
    "unsafe_use_text",
]
