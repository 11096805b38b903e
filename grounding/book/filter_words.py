"""The words the row filters read in the book and in a question: data only.

Row selection (narrowing, special patients, patient fit), the can-I-use limits, the
overdose quote, the pregnancy term and the INR band match these lists through `Words`
(`grounding.book.vocabulary`): folded once, matched as whole words on folded text. Lists
the band grammar and the bar reader share (refusals, newborns, children) stay in
`grounding.book.vocabulary`; nothing here spells one of them again. The three helpers say
where in a text a list is found (its start, its end, all of it) without another pattern.
"""

from __future__ import annotations

from grounding.book.vocabulary import Words


def _words(spec: str) -> Words:
    """Phrases written `a|b|c`."""
    return Words(tuple(p.strip() for p in spec.split("|") if p.strip()))


def _said_before(leads: str, words: str) -> tuple[str, ...]:
    """Every phrase of `words` said after one of `leads` ("không" + "chảy máu")."""
    return tuple(f"{lead} {w}" for lead in leads.split("|") for w in words.split("|"))


def _bounded(text: str, at: int) -> bool:
    """Nothing of a word or number stands at `at` (outside the text counts as nothing)."""
    return not 0 <= at < len(text) or not text[at].isalnum()


def starts_with(words: Words, folded: str) -> str | None:
    """The phrase of `words` the folded text opens with, as a whole word, or None."""
    return next(
        (p for p in words.folded if folded.startswith(p) and _bounded(folded, len(p))), None
    )


def ends_with(words: Words, folded: str) -> str | None:
    """The phrase of `words` the folded text closes with (before trailing marks), or None."""
    text = _without_trailing_marks(folded)
    return next(
        (p for p in words.folded if text.endswith(p) and _bounded(text, len(text) - len(p) - 1)),
        None,
    )


def is_only(words: Words, folded: str) -> bool:
    """The folded text is one phrase of `words` and nothing else but marks."""
    return _without_trailing_marks(folded) in words.folded


def _without_trailing_marks(folded: str) -> str:
    end = len(folded)
    while end and not (folded[end - 1].isalnum() or folded[end - 1] == "_"):
        end -= 1
    return folded[:end]


# -- the question's words for what the heads say (grounding.narrowing) ---------------------
_OPERATED_AFTER = "sau|vừa|mới|khi|trước|lúc|ca|cuộc"
OPERATION = Words(
    _said_before(_OPERATED_AFTER, "mổ|khi mổ")
    + _said_before("mổ", "xong|ruột|gãy|cắt")
    + ("hậu phẫu", "cắt amidan")
)
"""An operation said as "mổ" ("sau mổ", "vừa mổ xong", "mổ gãy tay"): the heads' "phẫu thuật"."""

ASKING = _words("bao nhiêu|bao nhiu|bn|mấy|thế nào|như thế nào|ra sao|bao lâu|được không")
"""How a question asks, never what it treats: "bao nhiêu" shares "bao" with "bào tử"."""

HEAD_OPENERS = _words("để điều trị|để dự phòng|đối với|trong điều trị|trong dự phòng")
"""What an indication head may open with before what it treats ("Để điều trị bệnh lậu")."""
JOINING_WORDS = _words("và|hoặc|do|của|ở|với|cho|trong|khi")
"""A short label never ends on one ("… do mất máu và")."""

_USUAL_WORDS = "thường dùng|thông thường|liều chung|liều thường"
USUAL = _words(_USUAL_WORDS)
"""The book's words for the usual dose (the question's are read by understanding)."""
NOT_USUAL = Words(_said_before("viên|dạng", _USUAL_WORDS))
"""A tablet or a form called usual ("viên thông thường") says nothing of the dose."""
MAXIMUM = _words("tối đa|max|cao nhất|không quá|không được quá|không vượt quá|không được vượt quá")
"""The book's words for a maximum."""

# -- patients the filters read (special_patients, patient_fit, patient_bands, limits) ------
_DIALYSIS = "chạy thận|lọc máu|thẩm phân|thẩm tách|thận nhân tạo"
DIALYSIS = _words(_DIALYSIS)
"""Haemodialysis or peritoneal dialysis, as users and the book say it."""
NOT_ON_DIALYSIS = Words(
    _said_before("không|chưa", _DIALYSIS)
    + _said_before("không kèm|không có|không phải|không cần|không được", _DIALYSIS)
    + _said_before("chưa kèm|chưa có|chưa phải|chưa cần|chưa được", _DIALYSIS)
)
"""A row said of those NOT on dialysis ("không kèm thẩm tách máu") is no dialysis row."""

BLEEDING = _words("chảy máu")
NOT_BLEEDING = Words(_said_before("không|chưa|không có|chưa có", "chảy máu|bị chảy máu"))
"""A row said of a patient who does not bleed ("Không chảy máu: …")."""

OLDER_CHILDREN = _words("trẻ lớn|trẻ em lớn|trẻ lớn tuổi|trẻ em lớn tuổi")
""""Người lớn và trẻ lớn tuổi": older children, never a newborn or an infant."""

PATIENT = _words("trẻ|người|bệnh nhân|bệnh nhi|sơ sinh|cân nặng|thiếu niên|nhũ nhi")
"""Words that say a phrase is about a patient: a band shortly after one names who a
sentence is for ("ở người > 50 tuổi", "đối với trẻ < 12 tháng tuổi", "cân nặng dưới 45 kg")."""

GRAVER = _words("mất nước|nặng|kèm theo|có máu|có sốt|nhiễm khuẩn")
"""Words that make a contraindication graver than the bare condition ("ỉa chảy cấp mất
nước điện giải nặng"): a child with plain diarrhoea is not shut out by it."""

# -- the overdose section (grounding.overdose) --------------------------------------------
_TREATS = "điều trị|xử trí"
TREATMENT_OPENS = _words(f"{_TREATS}|cách xử trí|giải độc|rửa dạ dày|gây nôn|cho uống than hoạt")
"""A sentence that opens the treatment."""
TREATS = _words(_TREATS)
LEADS_ON = _words("như sau|sau đây|gồm")
"""How a sentence leads into the treatment ("… cách xử trí chung như sau:")."""
LEAD_REACH = 40
"""At most this many characters between "xử trí" and "như sau"."""
OVERDOSE_HEADS = _words(f"biểu hiện|triệu chứng|dấu hiệu|{_TREATS}")
"""A head printed alone ("Triệu chứng:"), not a sentence to quote."""

# -- the pregnancy term (grounding.pregnancy_term) ----------------------------------------
_TRIMESTER_WORDS = {1: ("đầu", "nhất"), 2: ("giữa", "hai"), 3: ("cuối", "ba")}
TRIMESTERS: dict[int, Words] = {
    n: Words(
        _said_before("3 tháng|ba tháng", first)
        + _said_before("quý|quý thứ|tam cá nguyệt|tam cá nguyệt thứ", "|".join((first, second)))
    )
    for n, (first, second) in _TRIMESTER_WORDS.items()
}
"""Each trimester as the book says it ("3 tháng đầu", "quý thứ hai", "tam cá nguyệt cuối")."""
NEAR_TERM = _words("gần đủ tháng|gần thời gian đủ tháng|sắp sinh|chuyển dạ|gần ngày sinh")
"""The weeks before birth."""

INR = _words("inr")

__all__ = [
    "ASKING",
    "BLEEDING",
    "DIALYSIS",
    "GRAVER",
    "HEAD_OPENERS",
    "INR",
    "JOINING_WORDS",
    "LEADS_ON",
    "LEAD_REACH",
    "MAXIMUM",
    "NEAR_TERM",
    "NOT_BLEEDING",
    "NOT_ON_DIALYSIS",
    "NOT_USUAL",
    "OLDER_CHILDREN",
    "OPERATION",
    "OVERDOSE_HEADS",
    "PATIENT",
    "TREATMENT_OPENS",
    "TREATS",
    "TRIMESTERS",
    "USUAL",
    "ends_with",
    "is_only",
    "starts_with",
]
