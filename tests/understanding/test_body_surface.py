"""A body surface the user states (issue 23: doses per m²): read into the frame in m², never
as a weight or an age, kept for the same patient and dropped for another."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from core.frame import QueryFrame
from core.ports import UnderstandingContext
from core.text import fold
from understanding import RulesUnderstander
from understanding.body_surface import body_surface_of


@pytest.mark.parametrize(
    ("text", "m2"),
    [
        ("bệnh nhi có diện tích da 1,1 m²", 1.1),
        ("dien tich da cua chau 0,65m2", 0.65),
        ("BSA 0.95 m2", 0.95),
        ("da 1,3m²", 1.3),
        ("diện tích cơ thể là 0.7 m2", 0.7),
        ("diện tích bề mặt cơ thể 1,45 mét vuông", 1.45),
        ("bsa ~ 0,55", 0.55),  # a lead word: the unit may go unsaid
        ("bé 0,85 m² thì sao", 0.85),  # the unit alone names it
    ],
)
def test_a_stated_body_surface_is_read(text: str, m2: float) -> None:
    assert body_surface_of(fold(text)) == m2


@pytest.mark.parametrize(
    "text",
    [
        "liều 60 mg/m² mỗi ngày",  # the book's figure, not the patient's surface
        "75 mg/m2 là bao nhiêu",
        "bôi lên da 2 lần mỗi ngày",  # skin, no surface
        "phòng 12 m2",  # out of a body's bounds
        "diện tích da 0,05 m²",
    ],
)
def test_no_body_surface_is_read(text: str) -> None:
    assert body_surface_of(fold(text)) is None


def test_the_frame_holds_the_surface_and_no_weight_or_age_from_it(
    parse: Callable[..., QueryFrame],
) -> None:
    frame = parse("paracetamol cho bé diện tích da 0,9 m², liều bao nhiêu?")
    assert frame.body_surface_m2 == 0.9
    assert frame.weight_kg is None
    assert frame.age_months is None


def test_a_surface_with_a_weight_and_age_reads_all_three(
    parse: Callable[..., QueryFrame],
) -> None:
    frame = parse("trẻ 9 tuổi 28 kg, BSA 1,0 m2, paracetamol liều thế nào")
    assert (frame.age_months, frame.weight_kg, frame.body_surface_m2) == (108, 28, 1.0)


def _after(understander: RulesUnderstander, text: str, prior: QueryFrame) -> QueryFrame:
    return understander.parse(text, UnderstandingContext(prior_frame=prior))


_CHILD = {
    "turn_type": "dosing_calc",
    "drugs": ["paracetamol"],
    "attribute": "lieu_luong_cach_dung",
    "population": "child",
    "age_months": 96,
    "age_text": "8 tuổi",
    "body_surface_m2": 0.9,
}


def test_a_follow_up_keeps_the_same_childs_surface(understander: RulesUnderstander) -> None:
    """ "còn đường tiêm thì sao" asks again for the same child: 0,9 m² stays, as the age."""
    prior = QueryFrame.model_validate(_CHILD)
    for text in ("còn đường tiêm thì sao", "vậy mỗi ngày tối đa bao nhiêu?"):
        frame = _after(understander, text, prior)
        assert (frame.age_months, frame.body_surface_m2) == (96, 0.9)


def test_another_patient_does_not_keep_the_surface(understander: RulesUnderstander) -> None:
    """Another child told by an age of her own: the first child's surface is not hers."""
    prior = QueryFrame.model_validate(_CHILD)
    frame = _after(understander, "còn em nó 2 tuổi 12 kg thì uống bao nhiêu?", prior)
    assert frame.age_months == 24
    assert frame.body_surface_m2 is None
