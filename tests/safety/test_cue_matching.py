"""safety.cue_matching: a turn's text is folded once and shared; each list answers once a turn."""

from __future__ import annotations

import safety.ingestion
import safety.triage
from safety.cue_matching import Cue, TurnText, cues, fold_pattern

LISTS = sorted(
    {
        id(v): v
        for m in (safety.triage, safety.ingestion)
        for v in vars(m).values()
        if isinstance(v, Cue)
    }.values(),
    key=lambda c: c.patterns,
)


def plain(cue: Cue, text: TurnText) -> str | None:
    """The list searched with no cache: each form's alternation over the whole text."""
    hits = []
    for alt, on in (
        (cue._loose, text.folded),
        (cue._strict_accented if text.accented else cue._strict_folded,
         text.lowered if text.accented else text.folded),
    ):  # fmt: skip
        if alt is not None and (m := alt.search(on)):
            hits.append(m)
    return min(hits, key=lambda m: m.start()).group(0) if hits else None


def test_a_turn_text_is_built_once_per_text() -> None:
    """The same text gives the same TurnText (folded once); another text another one."""
    first = TurnText.of("Bé lỡ uống 10 viên rồi")
    assert TurnText.of("Bé lỡ uống 10 viên rồi") is first
    assert (first.lowered, first.folded, first.accented) == (
        "bé lỡ uống 10 viên rồi",
        "be lo uong 10 vien roi",
        True,
    )
    assert TurnText.of("be lo uong 10 vien roi") is not first


def test_a_list_asked_twice_answers_from_the_turn_text() -> None:
    """A list's answer is kept on the turn text, and it is the uncached search's."""
    text = TurnText.of("con tôi uống hết vỉ thuốc hạ sốt, giờ làm sao")
    for cue in LISTS:
        found = cue.search(text)
        assert text._hits[cue] == found == plain(cue, text) == cue.search(text)


def test_strict_patterns_keep_their_accents_when_typed() -> None:
    """A strict pattern matches accented text as typed and bare text only when unaccented."""
    cue = cues(["uống"], strict=["lậu"])
    assert cue.search(TurnText.of("bị lậu")) == "lậu"
    assert cue.search(TurnText.of("bị lâu")) is None
    assert cue.search(TurnText.of("bi lau")) == "lau"
    assert cue.search(TurnText.of("đã uống")) == "uong"


def test_the_leftmost_hit_wins_across_forms() -> None:
    """Of a loose and a strict hit, the one that starts first is the list's hit."""
    cue = cues(["uống"], strict=["lậu"])
    assert cue.search(TurnText.of("lậu rồi uống")) == "lậu"
    assert cue.search(TurnText.of("uống rồi lậu")) == "uong"


def test_folding_a_pattern_keeps_its_upper_case_classes() -> None:
    """Folding a pattern lowers its letters but never turns `\\S` into `\\s` or `\\W` into `\\w`."""
    assert fold_pattern(r"Mấy (?: \S+){0,2}\W\D\B") == r"may (?: \S+){0,2}\W\D\B"


def test_a_non_space_class_matches_words_in_unaccented_text() -> None:
    """A list written with `\\S` finds words in text typed without diacritics as with them."""
    asks = cues((r"mấy gói(?: \S+){0,2}$",))
    assert asks.search(TurnText.of("cho bé uống mấy gói 1 lần")) == "may goi 1 lan"
    assert asks.search(TurnText.of("cho be uong may goi 1 lan")) == "may goi 1 lan"
