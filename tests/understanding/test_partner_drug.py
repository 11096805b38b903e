"""Another named medicine taken with the patient's own: the how-to topic with its partner."""

from __future__ import annotations

import pytest

from core.frame import HowTo, QueryFrame, TurnType
from core.ports import UnderstandingContext
from understanding import RulesUnderstander


def _after(understander: RulesUnderstander, prior: str, text: str) -> QueryFrame:
    before = understander.parse(prior)
    return understander.parse(text, UnderstandingContext(prior_frame=before))


@pytest.mark.parametrize(
    ("prior", "text", "own", "partner"),
    [
        (
            "Ba em đặt stent, đang uống Plavix",
            "uống kèm omeprazol được không",
            "clopidogrel",
            "omeprazol",
        ),
        (
            "Mẹ em đang uống warfarin",
            "giờ được cho fluconazol, có phải chỉnh gì không",
            "warfarin",
            "fluconazol",
        ),
        (
            "ba em uong aspirin 81 moi ngay",
            "muon uong them ibuprofen, uong cung luc duoc ko",
            "aspirin",
            "ibuprofen",
        ),
    ],
)
def test_the_other_medicine_is_asked_with_the_patients_own(
    understander: RulesUnderstander, prior: str, text: str, own: str, partner: str
) -> None:
    """The patient's medicine is asked about, taking it with the other one named."""
    frame = _after(understander, prior, text)
    assert frame.drugs == [own] and frame.how_to_take is HowTo.TOGETHER
    assert frame.turn_type is TurnType.DRUG_ATTRIBUTE and frame.attribute == "tuong_tac_thuoc"
    assert f"={partner}" in frame.howto_words


@pytest.mark.parametrize(
    ("prior", "text"),
    [
        ("paracetamol liều cho bé 3 tuổi", "ibuprofen uống cùng lúc được không"),
        ("Mẹ em đang uống warfarin", "ibuprofen liều bao nhiêu"),
        ("Mẹ em đang uống warfarin", "fluconazol có tác dụng phụ gì"),
    ],
)
def test_no_partner_without_a_medicine_taken_or_a_taking_together(
    understander: RulesUnderstander, prior: str, text: str
) -> None:
    """A medicine not said as taken, a dose or an attribute of the other: no partner."""
    frame = _after(understander, prior, text)
    assert not any(w.startswith("=") for w in frame.howto_words)


@pytest.mark.parametrize(
    ("prior", "text", "pair"),
    [
        (
            "bác sĩ kê azithromycin 3 ngày trị viêm họng",
            "nhưng mẹ em đang uống warfarin mỗi ngày, có sao không",
            ["azithromycin", "warfarin"],
        ),
        (
            "duoc cho clarithromycin 500",
            "ma toi dang uong simvastatin hang ngay thi co sao ko",
            ["clarithromycin", "simvastatin"],
        ),
    ],
)
def test_the_patients_own_told_after_a_prescription_asks_the_pair(
    understander: RulesUnderstander, prior: str, text: str, pair: list[str]
) -> None:
    """A medicine prescribed, then the patient's own told with a worry: the two together."""
    frame = _after(understander, prior, text)
    assert frame.turn_type is TurnType.INTERACTION and frame.drugs == pair
    assert frame.how_to_take is None


def test_a_complaint_of_the_own_medicine_is_asked_of_it(understander: RulesUnderstander) -> None:
    """ "đang uống enalapril mà ho khan, có sao không": that medicine's complaint, no pair."""
    frame = _after(
        understander,
        "bác sĩ cho amoxicillin 500",
        "tôi đang uống enalapril mà ho khan, có sao không",
    )
    assert frame.turn_type is not TurnType.INTERACTION and frame.drugs == ["enalapril"]
