"""Round 17 (doses): a medicine's name and a bottle's strength as a phone's dictation writes
them, a chart's letters for a substance, a medicine that did not stop a fit set aside, and a
young parent's own age told before the child's (our own sentences through the rules reader)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from core.frame import QueryFrame
from understanding.drugs import DrugMatcher
from understanding.spoken_names import SpokenNames, sound_key
from understanding.testing import demo_catalog
from understanding.text import Turn

Parse = Callable[..., QueryFrame]


def _ids(text: str) -> list[str]:
    return [m.drug_id for m in DrugMatcher(demo_catalog()).find(Turn.of(text))]


@pytest.mark.parametrize(
    ("text", "drug"),
    [
        ("bác sĩ kê i bu pro phen cho cháu", "ibuprofen"),
        ("chai a mô xi xi lin bột pha", "amoxicillin"),
        ("hộp xê phu rô xim của bé", "cefuroxime"),
        ("cho uống pa ra xê ta mol được không", "paracetamol"),
        ("gói xan bu ta môn", "salbutamol"),
    ],
)  # fmt: skip
def test_a_name_dictated_as_syllables_is_the_medicine(text: str, drug: str) -> None:
    assert _ids(text) == [drug]


def test_everyday_syllables_name_no_medicine() -> None:
    assert _ids("bé ba tuổi ăn cơm xong ra sân chơi") == []
    assert _ids("mẹ cho con đi khám ở trạm xá gần nhà") == []


def test_a_name_sounds_the_same_dictated_or_printed() -> None:
    assert sound_key("xê phu rô xim") == sound_key("Cefuroxim")
    assert sound_key("a mô xi xi lin") == sound_key("amoxicilin")


def test_a_charts_letters_name_the_substance() -> None:
    assert _ids("PCM 500 uống mấy viên") == ["paracetamol"]
    assert _ids("MTX mỗi tuần một lần") == ["methotrexate"]


def test_a_medicine_that_did_not_stop_the_fit_is_set_aside(parse: Parse) -> None:
    frame = parse("đã cho diazepam 2 lần chưa cắt cơn, bé 4 tuổi 16kg, valproat liều bao nhiêu")
    assert frame.drugs == ["valproic_acid"]
    frame = parse("uống paracetamol rồi mà chưa hạ, bé 14kg ibuprofen mấy mg")
    assert frame.drugs == ["ibuprofen"]


@pytest.mark.parametrize(
    ("text", "months"),
    [
        ("mình 22 tuổi, con mình 10 tháng bị sốt, paracetamol mấy ml", 10),
        ("e 20t, bé nhà e 3 tuổi ho, ibuprofen liều sao", 36),
        ("em 24 tuổi, con gái em 7 thág sốt, paracetamol bao nhiêu", 7),
    ],
)  # fmt: skip
def test_a_parents_own_age_before_the_childs_is_not_the_patients(
    parse: Parse, text: str, months: int
) -> None:
    frame = parse(text)
    assert frame.age_months == months
    assert frame.population is not None and frame.population.value == "child"


def test_a_speakers_age_alone_is_still_theirs(parse: Parse) -> None:
    assert parse("em 24 tuổi bị sốt, paracetamol uống mấy viên").age_months == 288


def test_a_wards_letters_name_the_condition(parse: Parse) -> None:
    frame = parse("ceftriaxon cho bn nhi VMN 3 tuổi 14kg liều/ngày")
    assert frame.condition is not None and frame.condition.normalized == "viêm màng não"
    frame = parse("bé 6 tuổi 20kg NKTN, cefuroxim bao nhiêu mg")
    assert frame.condition is not None
    assert frame.condition.normalized == "nhiễm khuẩn đường tiết niệu"


def test_a_nursing_or_ill_speaker_keeps_her_own_age(parse: Parse) -> None:
    assert (
        parse("e 26t đang cho con bú, bé 2 tháng, e bị sốt uống paracetamol được ko").age_months
        == 312
    )
    assert (
        parse("mình 30 tuổi, con mình 4 tuổi, mình bị đau răng uống ibuprofen mấy viên").age_months
        == 360
    )


def test_two_everyday_syllables_that_sound_like_a_brand_name_nothing() -> None:
    """ "định của" sounds like a brand "Zinkua"; two syllables must spell a name, not sound it."""
    spoken = SpokenNames([("cetirizin", "cetirizine")], [("zinkua", "cetirizine")])
    tokens = tuple(Turn.of("chống chỉ định của thuốc này").folded.split())
    assert all(spoken.at(tokens, i, frozenset(), frozenset()) is None for i in range(len(tokens)))
    spelt = tuple(Turn.of("mua zin kua cho bé").folded.split())
    assert spoken.at(spelt, 1, frozenset(), frozenset()) == ("cetirizine", 3)
