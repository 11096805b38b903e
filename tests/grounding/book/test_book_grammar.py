"""The band grammar over tokens (grounding/book/grammar.py): rules made of word classes."""

from __future__ import annotations

import pytest

from core.text import fold
from grounding.book.grammar import AGE_DOWN, AGE_RANGE, AGE_UP, KG_DOWN, find, tokenize


def _read(text: str, rules: tuple) -> list[tuple[str, dict[str, str]]]:  # type: ignore[type-arg]
    return [(m.rule.name, m.slots) for m, _ in find(fold(text), rules)]


def test_tokens_are_numbers_words_and_signs() -> None:
    """ "≤2,5 tuổi" is a sign, a number and a word, each where it stands."""
    tokens = tokenize(fold("≤2,5 tuổi"))
    assert [(t.text, t.start, t.end) for t in tokens] == [
        ("≤", 0, 1),
        ("2,5", 1, 4),
        ("tuoi", 5, 9),
    ]
    assert tokens[1].is_number and not tokenize("³")[0].is_number


@pytest.mark.parametrize(
    ("text", "rule", "bound"),
    [
        ("≤ 2 tuổi", "below", "≤"),
        ("dưới 2 tuổi", "below", "duoi"),
        ("nhỏ hơn 2 tuổi", "below", "nho hon"),
        ("không quá 6 tháng", "below", "khong qua"),
        ("2 tuổi trở xuống", "or_less", "tro xuong"),
        ("trước 65 tuổi", "before", "truoc"),
    ],
)
def test_upper_bounds_are_rules_of_one_grammar(text: str, rule: str, bound: str) -> None:
    """Each way of saying an upper age bound is a rule; its bound word is read as printed."""
    [(name, slots)] = _read(text, AGE_DOWN)
    assert (name, slots["bound"]) == (rule, bound)


def test_a_lower_bound_before_tro_xuong_is_not_read_as_one() -> None:
    """ "từ 2 tuổi trở xuống" is an upper bound, so the lower-bound rule leaves it."""
    assert _read("từ 2 tuổi trở xuống", AGE_UP) == []
    assert _read("từ 2 tuổi trở lên", AGE_UP)[0][1]["bound"] == "tu"
    assert _read("2 tuổi trở lên", AGE_UP)[0][0] == "or_more"
    assert _read("từ 2 tuổi", AGE_UP)[0][1]["bound"] == "tu"


def test_a_bare_hon_after_nho_is_no_lower_bound() -> None:
    """ "nhỏ hơn 5 tuổi" is below 5, never "hơn 5 tuổi" (above)."""
    assert _read("trẻ nhỏ hơn 5 tuổi", AGE_UP) == []
    assert _read("trẻ nhỏ trên 4 tuổi", AGE_UP)[0][1]["bound"] == "tren"


def test_a_range_reads_its_strict_ends() -> None:
    """ "trên 3 tháng tuổi đến dưới 12 tuổi": both ends said strict, units on each end."""
    [(name, slots)] = _read("trên 3 tháng tuổi đến dưới 12 tuổi", AGE_RANGE)
    assert name == "range"
    assert {k: slots[k] for k in ("lead", "lo", "lo_unit", "open", "hi", "hi_unit")} == {
        "lead": "tren",
        "lo": "3",
        "lo_unit": "thang",
        "open": "duoi",
        "hi": "12",
        "hi_unit": "tuoi",
    }


def test_a_time_is_not_an_age_unit() -> None:
    """ "3 tháng đầu" is a time of pregnancy, not an age."""
    assert _read("dưới 3 tháng đầu", AGE_DOWN) == []


def test_a_weight_unit_of_a_dose_is_no_weight() -> None:
    """ "dưới 10 mg/kg" is a dose per kilogram; "dưới 10 kg" a weight."""
    assert _read("dưới 10 kg/ngày", KG_DOWN) == []
    assert _read("dưới 10 kg", KG_DOWN)[0][0] == "below"


def test_weeks_after_birth_are_the_babys_age() -> None:
    """'2 - 4 tuần sau khi sinh' is an age band; '2 - 4 tuần sau đó' stays a duration."""
    from grounding.bands import parse_bands

    band = parse_bands("2 - 4 tuần sau khi sinh: 3 - 6 mg/kg/lần.").age
    assert band is not None and band.contains(0.6) and not band.contains(0.33)
    assert parse_bands("Dùng 5 mg, trong 2 - 4 tuần sau đó.").age is None
