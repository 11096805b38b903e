"""grounding reads what a question asks from the frame only, never from the user's raw words.

Each case is an answer that depends on what the question asks (an INR value, bleeding, the
usual dose, a maximum, an old patient, the bare "tiêm", can-I-use, a lay word for a
condition, the partner of a one-drug interaction question). The same frame with the
question and `standalone_query` replaced by unrelated text must give the same extractive
answer; the same words with those frame fields left empty must not (so each case would fail
if grounding read the words instead).
"""

from __future__ import annotations

from typing import Any

import pytest
from asked_frames import understood
from grounding_samples import ev

from core.catalog import DrugCatalog
from core.evidence import Answer, Evidence
from core.frame import QueryFrame
from core.ports import AnswerClarify, AnswerMode, AnswerRequest
from grounding.extractive import ExtractiveAnswerer

UNRELATED = "hôm nay trời đẹp quá"
# The fields `understanding.asked` fills, at their empty values.
EMPTY = {
    "asks": None,
    "usual_dose": False,
    "max_dose": False,
    "inr": None,
    "bleeding": None,
    "elderly": False,
    "injection": False,
    "accented": False,
    "condition_words": "",
    "partner": None,
    "partner_classes": [],
    "book_terms": [],
}

# Our own texts, in the book's shape.
INR_TEXT = (
    "*Người lớn:*\n\n"
    "INR từ 5 đến dưới 9, không chảy máu: bỏ 1 - 2 liều, uống 1 mg vitamin K.\n\n"
    "INR ≥ 9, không chảy máu: ngừng thuốc, uống 3 mg vitamin K.\n\n"
    "Nếu chảy máu nặng: tiêm tĩnh mạch chậm 10 mg vitamin K."
)
USUAL_TEXT = (
    "*Uống:*\n\nLiều thường dùng cho người lớn 300 mg/lần, 2 lần/ngày.\n\n"
    "Bệnh K: 2 g một liều.\n\nBệnh M: 600 mg/lần trong 5 ngày."
)
MAX_TEXT = (
    "Người lớn: Liều thường dùng: 200 mg mỗi 6 giờ. Tối đa 2 g/ngày.\n\n"
    "Viêm xoang: Uống 200 mg mỗi 6 giờ, 7 ngày.\n\n"
    "Viêm tai: Uống 400 mg mỗi 8 giờ, 10 ngày."
)
ELDERLY_TEXT = (
    "_Viêm da_: (dùng đều đặn):\n\nNgười lớn: uống 8 mg, tăng dần.\n\n"
    "_Mày đay cấp:_ 16 mg.\n\n_Người cao tuổi:_ Dùng 4 mg, chia hai lần/ngày."
)
ROUTES_TEXT = (
    "*Người lớn:*\n\nUống: 500 mg mỗi 8 giờ.\n\n"
    "Tiêm bắp: 1 g mỗi 12 giờ.\n\nTiêm tĩnh mạch: 1 g mỗi 8 giờ."
)
CONTRA_TEXT = "Quá mẫn với thuốc.\n\nỈa chảy cấp ở trẻ em.\n\nTrẻ em dưới 1 tháng tuổi."
INTERACTIONS_TEXT = "Cisaprid: không dùng cùng. Rượu làm tăng buồn ngủ."
CAUTION_TEXT = "Thận trọng ở người có bệnh tim. Thận trọng khi dùng kéo dài."

CASES: dict[str, tuple[str, list[Evidence], dict[str, Any]]] = {
    "inr": (
        "thuốc X cho người dùng warfarin INR 10 không chảy máu",
        [ev("x", "X", "lieu_luong_cach_dung", INR_TEXT)],
        {"population": "adult"},
    ),
    "usual": (
        "X người lớn liều thường dùng",
        [ev("x", "X", "lieu_luong_cach_dung", USUAL_TEXT)],
        {"population": "adult"},
    ),
    "maximum": (
        "thuốc X người lớn tối đa mỗi ngày",
        [ev("x", "X", "lieu_luong_cach_dung", MAX_TEXT)],
        {"population": "adult", "route": "oral"},
    ),
    "elderly": (
        "X cho người cao tuổi",
        [ev("x", "X", "lieu_luong_cach_dung", ELDERLY_TEXT)],
        {"population": "adult"},
    ),
    "injection": (
        "X tiêm cho người lớn",
        [ev("x", "X", "lieu_luong_cach_dung", ROUTES_TEXT)],
        {"population": "adult"},
    ),
    "partner": (
        "X uống cùng cisaprid được không",
        [ev("x", "X", "tuong_tac_thuoc", INTERACTIONS_TEXT)],
        {"turn_type": "drug_attribute", "attribute": "tuong_tac_thuoc"},
    ),
    "can_use": (
        "bé 8 tháng bị tiêu chảy uống X được không",
        [ev("x", "X", "chong_chi_dinh", CONTRA_TEXT), ev("x", "X", "than_trong", CAUTION_TEXT)],
        {"turn_type": "drug_attribute", "attribute": "than_trong", "population": "child"},
    ),
}


def _answer(catalog: DrugCatalog, frame: QueryFrame, evidence: list[Evidence]) -> object:
    request = AnswerRequest(
        mode=AnswerMode.SINGLE,
        question=frame.standalone_query,
        frame=frame,
        evidence=tuple(evidence),
    )
    result = ExtractiveAnswerer(catalog).generate(request)
    if isinstance(result, Answer):
        return (result.lead, [c.text for c in result.claims])
    assert isinstance(result, AnswerClarify)
    return (result.question, list(result.quick_replies))


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_answer_is_the_frames_not_the_words(catalog: DrugCatalog, case: str) -> None:
    """Unrelated words with the same frame: the same answer; the words without the frame's
    fields: another answer."""
    question, evidence, fields = CASES[case]
    data = {"turn_type": "dosing_calc", "drugs": ["x"], "standalone_query": question, **fields}
    frame = understood(QueryFrame.model_validate(data))
    answer = _answer(catalog, frame, evidence)
    elsewhere = frame.model_copy(update={"standalone_query": UNRELATED})
    assert _answer(catalog, elsewhere, evidence) == answer
    bare = frame.model_copy(update=EMPTY)
    assert _answer(catalog, bare, evidence) != answer
