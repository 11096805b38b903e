"""Another patient for the medicine just asked about, and a speaker who asks for themself."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from core.frame import Population, QueryFrame, TurnType
from core.ports import UnderstandingContext
from understanding import RulesUnderstander

DOSE = {"turn_type": "dosing_calc", "drugs": ["amoxicillin"], "attribute": "lieu_luong_cach_dung"}


def _after(understander: RulesUnderstander, text: str, prior: dict[str, object]) -> QueryFrame:
    context = UnderstandingContext(prior_frame=QueryFrame.model_validate(prior))
    return understander.parse(text, context)


@pytest.mark.parametrize(
    ("text", "turn_type", "attribute"),
    [
        ("đứa nhỏ 14 tháng cũng ho y vậy, uống được không, bé nặng 10 kí", "dosing_calc", None),
        ("con tôi 6 tuổi cũng bị viêm xoang, uống được thuốc này không", "dosing_calc", None),
        ("hoi them cho ong noi, ong cung bi ho", "dosing_calc", None),
        (
            "rieng em thi dang bau 10 tuan, em cung bi viem hong, uong thuoc do duoc ko",
            "drug_attribute",
            "thoi_ky_mang_thai",
        ),
    ],
)
def test_the_same_medicine_for_another_patient(
    understander: RulesUnderstander, text: str, turn_type: str, attribute: str | None
) -> None:
    """An ailment told of someone else, pointing back at the medicine: that medicine."""
    frame = _after(understander, text, DOSE)
    assert frame.drugs == ["amoxicillin"]
    assert frame.turn_type is TurnType(turn_type)
    assert attribute is None or frame.attribute == attribute


@pytest.mark.parametrize(
    "text", ["đứa nhỏ cũng ho, uống thuốc gì", "con tôi 6 tuổi cũng bị viêm xoang, nên uống gì"]
)
def test_an_ailment_without_the_medicine_stays_a_list(
    understander: RulesUnderstander, text: str
) -> None:
    """ "uống thuốc gì", or no pointing back at the medicine: not that medicine."""
    assert "amoxicillin" not in _after(understander, text, DOSE).drugs


@pytest.mark.parametrize(
    "text",
    [
        "con em 4 tuổi bị sốt, nhưng em hỏi cho em cơ, em đau đầu uống ibuprofen 400 được không",
        "con minh 2 tuoi, nhung thuoc nay minh hoi cho minh uong, loratadin uong sao",
    ],
)
def test_the_speaker_asks_for_themself(parse: Callable[..., QueryFrame], text: str) -> None:
    """The child's age told first is not the patient's: the speaker, an adult, is."""
    frame = parse(text)
    assert frame.population is Population.ADULT and frame.age_months is None


def test_the_speakers_turn_after_the_wifes_is_a_new_case(parse: Callable[..., QueryFrame]) -> None:
    """ "thôi vợ em khỏi rồi, giờ tới em": a new patient, nothing of hers carries."""
    assert parse("thôi vợ em khỏi rồi, giờ tới em, em 32 tuổi bị sốt uống gì").new_case


CHILD = DOSE | {"population": "child", "age_months": 60, "age_text": "5 tuổi", "weight_kg": 18}
MOTHER = DOSE | {"population": "adult", "weight_kg": 55, "patient": {"breastfeeding": True}}


def test_the_speaker_turns_to_themself_after_a_child(understander: RulesUnderstander) -> None:
    """ "Bé 5 tuổi 18 ký …", then "còn mình thì sao, mình cũng ho": the speaker, an adult;
    none of the child's age or weight carries. Unmarked "con minh" stays "my child"."""
    frame = _after(understander, "còn mình thì sao, mình cũng ho, uống thuốc đó được không", CHILD)
    assert (frame.population, frame.age_months, frame.weight_kg) == (Population.ADULT, None, None)
    assert _after(understander, "con minh thi sao", CHILD).population is not Population.ADULT


def test_a_grandparent_with_an_age_is_a_new_patient(understander: RulesUnderstander) -> None:
    """After the mother's weight, "bà ngoại bé 70 tuổi cũng …": the grandmother's age, and no
    weight of hers was said."""
    frame = _after(understander, "bà ngoại bé 70 tuổi cũng bị đau đầu, uống mấy viên", MOTHER)
    assert frame.age_months == 840 and frame.weight_kg is None
    assert frame.new_case


def test_the_mother_of_a_breastfed_baby_nurses(understander: RulesUnderstander) -> None:
    """ "bé 3 tháng chỉ bú sữa mẹ", then "mẹ bé bị đau răng …": the mother, who nurses; after a
    baby with no word of feeding, she is only an adult."""
    fed = {"turn_type": "out_of_scope", "population": "child", "age_months": 3}
    said = "mẹ bé bị đau răng, uống ibuprofen được không"
    frame = _after(understander, said, fed | {"standalone_query": "bé 3 tháng chỉ bú sữa mẹ"})
    assert frame.population is Population.ADULT
    assert frame.patient is not None and frame.patient.breastfeeding
    plain = _after(understander, said, fed | {"standalone_query": "bé 3 tháng bị ho"})
    assert plain.population is Population.ADULT
    assert plain.patient is None or not plain.patient.breastfeeding


_OLD_MAN = {**DOSE, "population": "adult", "age_months": 864, "age_text": "72 tuổi"}
_CHILD = {**DOSE, "population": "child", "age_months": 60, "weight_kg": 18}


@pytest.mark.parametrize(
    ("prior", "text", "another"),
    [
        (_OLD_MAN, "bệnh nhân nữ 38 tuổi, 52 ký, liều amoxicilin thế nào", True),
        (_OLD_MAN, "giờ hỏi cho cháu nội 6 tuổi 20kg uống amoxicilin", True),
        (_CHILD, "còn tôi thì sao, tôi 35 tuổi", True),
        ({**_OLD_MAN, "age_months": 330}, "thuốc này có hại cho em bé trong bụng không", False),
        (_OLD_MAN, "xin lỗi gõ nhầm, ông 75 tuổi chứ không phải 72", False),
        (_CHILD, "à nhầm, bé 3 tuổi chứ không phải 5", False),
        (_OLD_MAN, "ông uống sau ăn hay trước ăn", False),
        (_OLD_MAN, "ông 73 tuổi rồi, uống mấy ngày", False),
    ],
)
def test_another_patient_is_marked_so_the_first_ones_conditions_stay_with_them(
    understander: RulesUnderstander, prior: dict[str, object], text: str, another: bool
) -> None:
    """Someone else told by a population or an age far from the first patient's is marked;
    a correction, or the same person asked about again, is not."""
    assert _after(understander, text, prior).another_patient is another


@pytest.mark.parametrize(
    "text",
    [
        "hỏi cho mẹ em, 65 tuổi, bị viêm phế quản, không phải em",
        "la cho ong noi chau, 80 tuoi, viem xoang, ko phai minh dau",
    ],
)
def test_who_the_medicine_was_for_set_right(understander: RulesUnderstander, text: str) -> None:
    """The patient set right after a medicine was asked ("…, không phải em"): the same
    medicine, for that patient; a medicine asked for them ("uống gì") is still a list."""
    frame = _after(understander, text, DOSE)
    assert frame.drugs == ["amoxicillin"]
    asked = _after(understander, "cho mẹ em bị viêm phế quản, không phải em, uống gì", DOSE)
    assert "amoxicillin" not in asked.drugs
