"""Round 15 (doses): who the patient is when a new mother asks for her child, a vein route
said of another product, a throat infection named in English (our own sentences through the
rules reader)."""

from __future__ import annotations

from core.frame import Population, Route
from understanding.rules import RulesUnderstander, UnderstandingContext
from understanding.testing import demo_catalog


def _read(text: str):  # type: ignore[no-untyped-def]
    return RulesUnderstander(demo_catalog()).understand(text, UnderstandingContext())


def test_a_new_mother_asking_for_her_child_keeps_the_child_as_patient() -> None:
    """ "mẹ bỉm" names who writes; with the child's age and weight told, the dose is the
    child's. Said of herself alone, she is still the nursing patient."""
    frame = _read("mẹ bỉm xin hỏi: con 3 tuổi 14kg bị sốt, siro ibuprofen cho mấy ml một lần")
    assert frame.population is Population.CHILD
    assert (frame.age_months, frame.weight_kg) == (36, 14)
    herself = _read("mẹ bỉm hỏi: em uống paracetamol được không")
    assert herself.population is Population.ADULT
    assert herself.patient is not None and herself.patient.breastfeeding


def test_a_vein_route_of_another_product_leaves_the_medicine_by_mouth() -> None:
    """ "đã truyền kháng thể X, giờ uống aspirin": the drip was another product's; "truyền
    paracetamol" or a drip with nothing taken by mouth keep the vein."""
    other = _read("bé 4 tuổi 16kg vừa truyền globulin xong, về nhà uống aspirin bao nhiêu mg")
    assert other.drugs == ["aspirin"] and other.route is Route.ORAL
    assert _read("bé 16kg truyền paracetamol bao nhiêu mg").route is Route.IV
    assert _read("bé 16kg truyền globulin, paracetamol bao nhiêu mg").route is Route.IV


def test_a_throat_infection_named_in_english_is_the_books_condition() -> None:
    frame = _read("bé 5t 20kg sore throat, azithromycin mỗi ngày bao nhiêu mg")
    assert frame.condition is not None and frame.condition.normalized == "viêm họng"
