"""Doses per m² through whole conversations: a stated body surface is kept while the age and
weight are asked (routing rule 3), worked out with the answer, kept by the same child's next
question and dropped for another child."""

from __future__ import annotations

import pytest
import redis

from core.catalog import DrugCatalog, DrugEntry
from engine.turn import Engine
from runners.testing import evidence
from tests.support.book_engine import book_engine, talk

CATALOG = DrugCatalog([DrugEntry(drug_id="zorvacin", name="Zorvacin", inn="Zorvacin")])
# A made-up drug, in the book's shape: one row per m², one per kg.
EVIDENCE = [
    evidence(
        "zorvacin",
        "lieu_luong_cach_dung",
        "*Truyền tĩnh mạch:*\n"
        "- Trẻ em từ 1 tuổi, theo diện tích da: 50 mg/m² mỗi lần (tối đa 60 mg), mỗi 3 tuần.\n"
        "- Trẻ em từ 1 tuổi, theo cân nặng: 2 mg/kg mỗi lần (tối đa 60 mg), mỗi 3 tuần.\n"
        "- Người lớn: 75 mg mỗi lần, mỗi 3 tuần.",
    ),
]


@pytest.fixture
def engine(redis_client: redis.Redis) -> Engine:
    return book_engine(redis_client, EVIDENCE, CATALOG)


def surfaces(result: object) -> list[float]:
    """The body surfaces the result's worked-out amounts were made from."""
    claims = result.claims  # type: ignore[attr-defined]
    return [s for c in claims if c.derivation and (s := c.derivation.body_surface_m2)]


def test_a_stated_surface_is_worked_out_once_the_weight_is_given(engine: Engine) -> None:
    """A child's dose waits for age and weight (routing rule 3) even with a surface stated; the
    surface is kept through the question and worked out with the answer."""
    first, second = talk(
        engine,
        "Zorvacin truyền cho bé 6 tuổi, diện tích da 1,4 m², liều bao nhiêu mg?",
        "bé nặng 22 kg",
    )
    assert first.reason == "missing_pediatric_age_or_weight"
    assert (second.outcome, second.reason) == ("answerable", "single_drug")
    assert "1,4 m² × 50 mg/m² = 70 mg; tối đa 60 mg → 60 mg mỗi lần" in second.message
    assert second.frame["body_surface_m2"] == 1.4
    assert surfaces(second) == [1.4]  # the row of the surface named is the one worked out


def test_a_reply_with_the_surface_is_read_into_the_case(engine: Engine) -> None:
    first, second = talk(
        engine, "zorvacin truyen cho be lieu the nao", "be 5 tuoi 18 kg, BSA 0,9 m2"
    )
    assert first.reason == "missing_pediatric_age_or_weight"
    assert second.outcome == "answerable"
    assert "0,9 m² × 50 mg/m² = 45 mg mỗi lần" in second.message


def test_the_same_child_keeps_the_surface_another_child_does_not(engine: Engine) -> None:
    first, second, third = talk(
        engine,
        "Zorvacin truyền cho bé 6 tuổi 25 kg, da 1,2m², liều bao nhiêu?",
        "vậy mỗi lần tối đa bao nhiêu mg?",
        "còn em nó 3 tuổi 14 kg thì truyền bao nhiêu?",
    )
    assert surfaces(first) == [1.2]
    assert "25 kg × 2 mg/kg = 50 mg mỗi lần" in first.message
    assert second.frame["body_surface_m2"] == 1.2
    assert third.frame["body_surface_m2"] is None
    assert 1.2 not in surfaces(third)
    assert "14 kg × 2 mg/kg = 28 mg mỗi lần" in third.message
