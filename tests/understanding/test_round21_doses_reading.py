"""Round 21 (doses21): readings a dose question needs (our own words). A bone-fixing operation
("kết hợp xương") is no drugs combined; unaccented "muon dung" with an amount asked wants the
medicine, not to stop it; the child's mother only called is not the patient; a number said in
words before a printed unit is an amount."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from core.frame import Population, QueryFrame, TurnType
from core.ports import UnderstandingContext
from core.spoken import written_amounts
from understanding import RulesUnderstander
from understanding.text import Turn
from understanding.use_or_stop import quits_said

Parse = Callable[..., QueryFrame]


@pytest.mark.parametrize(
    "text",
    [
        "ông 80 tuổi 50kg mổ kết hợp xương cẳng chân hôm qua, paracetamol truyền liều bao nhiêu",
        "bn sau phau thuat ket hop xuong don, paracetamol tiem lieu moi lan bao nhieu",
    ],
)
def test_a_bone_fixing_operation_is_no_combination_of_drugs(parse: Parse, text: str) -> None:
    frame = parse(text)
    assert frame.turn_type is not TurnType.INTERACTION


def test_two_medicines_combined_are_still_an_interaction(parse: Parse) -> None:
    frame = parse("paracetamol kết hợp với warfarin có sao không")
    assert frame.turn_type is TurnType.INTERACTION


@pytest.mark.parametrize(
    "text",
    [
        "muon dung ibuprofen cho chau, lieu mg/kg la bn",
        "muon dung thuoc nay thi tinh ra bao nhieu mg mot ngay",
    ],
)
def test_unaccented_muon_dung_with_an_amount_asked_wants_the_medicine(text: str) -> None:
    assert not quits_said(Turn.of(text))


@pytest.mark.parametrize(
    "text",
    [
        "uong lau roi muon dung thuoc duoc khong",
        "muon dung thuoc thi giam lieu bao nhieu mg",
        "muốn ngưng thuốc này thì sao",
    ],
)
def test_a_stop_is_still_a_stop(text: str) -> None:
    assert quits_said(Turn.of(text))


def test_the_childs_mother_only_called_is_not_the_patient(
    understander: RulesUnderstander,
) -> None:
    child = QueryFrame(
        turn_type=TurnType.CONDITION_TO_DRUG,
        population=Population.CHILD,
        age_months=36,
        weight_kg=14,
        standalone_query="bé 3 tuổi 14 ký bị sốt",
    )
    said = "paracetamol cho bé uống mấy mg một lần, tôi đã nhắn cho mẹ bé rồi"
    frame = understander.parse(said, UnderstandingContext(prior_frame=child))
    assert frame.population is not Population.ADULT
    ill = "mẹ bé bị đau đầu, paracetamol uống mấy mg"
    frame = understander.parse(ill, UnderstandingContext(prior_frame=child))
    assert frame.population is Population.ADULT


@pytest.mark.parametrize(
    ("said", "written"),
    [
        ("siro loại hai mg trong năm ml", "siro loại 2 mg trong 5 ml"),
        ("chai một trăm hai mươi mg trong năm ml", "chai 120 mg trong 5 ml"),
        ("bé 5 tuổi uống 10ml", "bé 5 tuổi uống 10ml"),
    ],
)
def test_a_number_said_in_words_before_a_printed_unit(said: str, written: str) -> None:
    assert written_amounts(said) == written
