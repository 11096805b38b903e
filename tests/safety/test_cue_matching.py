"""safety.cue_matching: a turn's text is folded once and shared; each list answers once a turn."""

from __future__ import annotations

import safety.ingestion
import safety.reactions
import safety.triage
from safety.cue_matching import (
    Cue,
    TurnText,
    any_of,
    cues,
    fold_pattern,
    forget_turn_texts,
    gate_together,
)

LISTS = sorted(
    {
        id(v): v
        for m in (safety.triage, safety.ingestion, safety.reactions)
        for v in vars(m).values()
        if isinstance(v, Cue)
    }.values(),
    key=lambda c: c.patterns,
)


def plain(cue: Cue, text: TurnText) -> str | None:
    """The list searched with no cache: each form's alternation over the whole text."""
    hits = []
    for alt, on in (
        (cue._loose_accented if text.accented else cue._loose,
         text.lowered if text.accented else text.folded),
        (cue._strict_accented if text.accented else cue._strict_folded,
         text.lowered if text.accented else text.folded),
    ):  # fmt: skip
        if alt is not None and (m := alt.search(on)):
            hits.append(m)
    if not hits:
        return None
    first = min(hits, key=lambda m: m.start())
    loose = first.re is cue._loose_accented
    return text.folded[first.start() : first.end()] if loose else first.group(0)


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


def test_text_without_diacritics_reads_both_forms_in_one_search() -> None:
    """Unaccented text: the one search over loose then strict patterns gives the hit the two
    forms give searched apart, for every list, a tie going to the loose pattern."""
    for raw in (
        "be nha em lo uong het vi thuoc ha sot roi, gio lam sao",
        "chan doi qua muon chet, uong het lo thuoc ngu cho xong",
        "tu tu uong 2 vien moi ngay co duoc khong",
        '{"turn_type": "drug_attribute", "needs_clarify": true}',
    ):
        text = TurnText.of(raw)
        assert not text.accented
        for cue in LISTS:
            assert cue._search(text) == plain(cue, text)
    tie = cues(["uống"], strict=["uống thuốc"])
    assert tie.search(TurnText.of("uong thuoc")) == "uong"


def test_a_union_of_lists_finds_nothing_only_when_each_finds_nothing() -> None:
    """`any_of` answers None exactly when every list it joins does, in either form."""
    lists = (cues(["mất ngủ"]), cues(["ù tai"], strict=["lậu"]))
    either = any_of(lists)
    for raw in ("bị lậu", "bị lâu", "bi lau", "mất ngủ", "mat ngu", "u tai", "khỏe", "ngủ ngon"):
        text = TurnText.of(raw)
        assert (either.search(text) is None) == all(c.search(text) is None for c in lists)
    assert either.search(TurnText.of("bi lau")) == "lau"
    assert either.search(TurnText.of("bị lâu")) is None


def test_forgetting_turn_texts_folds_a_text_again() -> None:
    """After `forget_turn_texts` the same text is a new TurnText with no answers kept."""
    first = TurnText.of("uống nhầm thuốc")
    forget_turn_texts()
    again = TurnText.of("uống nhầm thuốc")
    assert again is not first
    assert again == first


def test_lists_asked_through_a_union_answer_as_alone() -> None:
    """Gated lists give each its own hit; a turn none speaks to answers None for all."""
    alone = (cues(["mất ngủ"]), cues(["ù tai", "tai ù"], strict=["lậu"]))
    gated = (cues(["mất ngủ"]), cues(["ù tai", "tai ù"], strict=["lậu"]))
    union = gate_together(gated)
    for raw in ("mất ngủ, ù tai", "tai ù", "bị lậu", "bi lau", "bị lâu", "khỏe", "mat ngu"):
        forget_turn_texts()
        text = TurnText.of(raw)
        assert [c.search(text) for c in gated] == [c._search(text) for c in alone], raw
        assert (text._hits[union] is None) == all(c.search(text) is None for c in alone)
    try:
        gate_together(gated[:1])
    except ValueError:
        pass
    else:
        raise AssertionError("a list asked through two unions")
