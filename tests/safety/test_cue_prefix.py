"""safety.cue_prefix: patterns opening with the same look-behinds share them, matching alike."""

from __future__ import annotations

import re

from safety.cue_prefix import DISPATCH_FROM, dispatched, guard_of, opening, shared_guards

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


def test_what_a_pattern_opens_with_is_read_from_its_parse() -> None:
    """Letters, classes, groups and optional openings are read; anything unknown is None."""
    assert opening("thuoc") == frozenset("t")
    assert opening(r"(?:muon|uoc) chet") == frozenset("mu")
    assert opening(r"(?<!hoi )(?:a )?[bc]d") == frozenset("abc")
    assert opening(r"\d+ vien") is None
    assert opening(r"\w+ ?chet") is None
    assert opening(r"(?:a)?") is None  # may match nothing
    assert opening(r"[^a]b") is None


# A long list: words, shared openings, ties between a word and its longer form, patterns
# of unknown opening, guards; written order decides at a position, as in the plain form.
LONG = [
    *(f"{w}{i}" for i, w in enumerate(("ma", "mo", "na", "ta", "to", "xa")) for _ in (0,)),
    r"(?:muon|uoc) chet",
    r"muon",
    r"muon chet di",
    r"\d+ vien",
    r"(?<!hoi )(?:met|moi) qua",
    r"(?<!hoi )met",
    r"\w+ lam",
    r"chet(?! tiet)",
    r"(?:chan|buon) (?:\w+ ){0,2}?(?:qua|lam)",
    *(f"tu{i} ?(?:sat|tu)" for i in range(DISPATCH_FROM)),
]


def test_a_long_list_dispatched_finds_what_it_finds_as_written() -> None:
    """Dispatched by opening letter, a long list gives the same leftmost hit, same words."""
    assert len(LONG) >= DISPATCH_FROM
    plain = re.compile(r"(?<!\w)(?:" + "|".join(f"(?:{s})" for s in LONG) + r")(?!\w)")
    fast = re.compile(r"(?<!\w)(?:" + dispatched(LONG) + r")(?!\w)")
    assert fast.pattern != plain.pattern
    for text in (
        "em muon chet di",
        "muon chet tiet",
        "hoi met qua, met lam",
        "12 vien roi",
        "chan doi qua lam roi",
        "buon ngu lam",
        "tu3 sat",
        "chet tiet, chet",
        "xa5 na3",
        "khong sao",
        "",
    ):
        a, b = plain.search(text), fast.search(text)
        assert (a and (a.span(), a.group(0))) == (b and (b.span(), b.group(0))), text


def test_a_short_list_is_left_as_written() -> None:
    """Below `DISPATCH_FROM` patterns the list is its shared-guard form."""
    short = ["thuoc", "(?:muon|uoc) chet"]
    assert dispatched(short) == shared_guards(short)
