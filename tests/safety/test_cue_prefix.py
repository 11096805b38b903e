"""safety.cue_prefix: patterns opening with the same look-behinds share them, matching alike."""

from __future__ import annotations

import re

from safety.cue_prefix import guard_of, shared_guards

GUARD = r"(?<!hơi )(?<!\bà )(?<![,)] )"


def test_a_guard_is_the_run_of_look_behinds_a_pattern_opens_with() -> None:
    """Only leading look-behinds are a guard; a pattern with a bare `|` or none has none."""
    assert guard_of(GUARD + r"(?:sưng)(?! nhỏ)") == GUARD
    assert guard_of(r"(?<!a )b|c") == ""
    assert guard_of(r"sưng(?<!a )") == ""
    assert guard_of(r"(?<=a)?b") == ""


def test_consecutive_patterns_with_one_guard_share_it() -> None:
    """A run of patterns behind one guard is written once; others keep their own."""
    body = shared_guards([GUARD + "x", GUARD + "y", "z", GUARD + "w"])
    assert body == GUARD + "(?:(?:x)|(?:y))|(?:z)|(?:" + GUARD + "w)"


def test_sharing_a_guard_finds_what_each_pattern_finds() -> None:
    """The shared form finds the same leftmost hit as the patterns written apart."""
    sources = [
        GUARD + r"sưng(?: môi| mặt)?(?! nhỏ)",
        GUARD + r"sưng môi rồi",
        GUARD + r"khó thở",
        r"(?<!hơi )ngứa|mẩn",
        r"khó thở",
    ]
    plain = re.compile("|".join(f"(?:{s})" for s in sources))
    shared = re.compile(shared_guards(sources))
    for text in (
        "bé bị sưng môi rồi",
        "hơi sưng môi",
        "à sưng nhỏ thôi",
        "hơi khó thở",
        "hơi ngứa, mẩn đỏ",
        "sưng) sưng môi",
        "không sao",
    ):
        a, b = plain.search(text), shared.search(text)
        assert (a and (a.span(), a.group(0))) == (b and (b.span(), b.group(0))), text
