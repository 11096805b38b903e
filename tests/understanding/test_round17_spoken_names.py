"""Round 17: a medicine's name written as heard, one Vietnamese syllable a word (a voice
keyboard, or a name only heard said), and a grown-up's weight with no age."""

from __future__ import annotations

import pytest

from core.catalog import DrugCatalog
from core.frame import Population
from understanding.drugs import DrugMatcher
from understanding.slots import read_population
from understanding.text import Turn


def ids(catalog: DrugCatalog, text: str) -> list[str]:
    return [m.drug_id for m in DrugMatcher(catalog).find(Turn.of(text))]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("bác sĩ kê a mô xi xi lin năm trăm ngày ba lần", ["amoxicillin"]),
        ("thằng bé uống mất nửa chai pa ra xê ta môn", ["paracetamol"]),
        ("ông uống thuốc tim đi gô xin mỗi sáng", ["digoxin"]),
        ("cho bé uống gói ha pa côn 250 được không", ["paracetamol"]),
        ("đau khớp uống i bu pro phen", ["ibuprofen"]),
    ],
)
def test_a_name_written_as_heard_is_found(
    catalog: DrugCatalog, text: str, expected: list[str]
) -> None:
    assert ids(catalog, text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "cho tôi hỏi bà mẹ con nhỏ ăn gì cho có sữa",
        "em đi làm về mệt quá mà con cứ khóc hoài",
        "ba mẹ nó đi xa hết rồi",
    ],
)
def test_everyday_short_words_side_by_side_name_no_medicine(
    catalog: DrugCatalog, text: str
) -> None:
    assert ids(catalog, text) == []


def test_a_grown_ups_weight_with_no_age_is_an_adult() -> None:
    assert read_population(Turn.of("bn nặng 68kg, bs cho truyền"), None, 68.0) is Population.ADULT
    assert read_population(Turn.of("bé nhà em 52kg"), None, 52.0) is Population.CHILD
    assert read_population(Turn.of("cân nặng 42kg"), None, 42.0) is None
    # a teen's weight said after their age: the age told before stays
    assert read_population(Turn.of("nó nặng 60 ký rồi"), None, 60.0) is None
