"""engine.cue_matching: a list's hit is the plain search's, found only where a hit can begin."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import engine.ingestion
import engine.triage
from core.text import fold_aligned
from engine.cue_matching import PREFILTER_FROM, Cue, TurnText, cues

LISTS = sorted(
    {
        id(v): v
        for m in (engine.triage, engine.ingestion)
        for v in vars(m).values()
        if isinstance(v, Cue)
    }.values(),
    key=lambda c: c.patterns,
)
TEXTS = (
    "Liều paracetamol cho trẻ 5 tuổi nặng 18 kg?",
    "bé lỡ uống 10 viên rồi",
    "con tôi uống hết vỉ thuốc hạ sốt, giờ làm sao",
    "tôi muốn tự tử",
    "toi muon tu tu",
    '{"turn_type": "drug_attribute", "needs_clarify": true}',
    "uống 2 viên/ngày được không",
    "cảm ơn",
    "",
)


def plain(cue: Cue, text: TurnText) -> str | None:
    """The list searched the plain way: each form's alternation over the whole text."""
    hits = []
    for alt, on in (
        (cue._loose, text.folded),
        (cue._strict_accented if text.accented else cue._strict_folded,
         text.lowered if text.accented else text.folded),
    ):  # fmt: skip
        if alt is not None and (m := alt.pattern.search(on)):
            hits.append(m)
    return min(hits, key=lambda m: m.start()).group(0) if hits else None


def test_every_list_finds_what_a_plain_search_finds() -> None:
    """Each list of triage and ingestion gives the plain search's hit on every sample text."""
    for text in TEXTS:
        for cue in LISTS:
            assert cue._search(TurnText.of(text)) == plain(cue, TurnText.of(text)), (text, cue)


def test_long_lists_are_tried_only_at_their_first_characters() -> None:
    """The long lists (self-harm among them) know their first characters; none is left plain."""
    long_forms = [
        alt
        for cue in LISTS
        for alt in (cue._loose, cue._strict_accented, cue._strict_folded)
        if alt is not None and alt.pattern.pattern.count("|(?:") + 1 >= PREFILTER_FROM
    ]
    assert long_forms
    assert all(alt.chars is not None for alt in long_forms)


def test_a_look_behind_and_a_digit_class_keep_their_meaning() -> None:
    """A look-behind at a list's start and a leading `\\d` are read, not mistaken."""
    cue = cues([f"(?<!khong )mat {i}" for i in range(PREFILTER_FROM)] + [r"\d+ vien"])
    assert cue.search(TurnText.of("uống 12 viên")) == "12 vien"
    assert cue.search(TurnText.of("uống ١٢ viên")) == "١٢ vien"  # Unicode digits, as `\d` reads
    assert cue.search(TurnText.of("không mất 3")) is None
    assert cue.search(TurnText.of("đã mất 3")) == "mat 3"


def test_a_turn_text_is_built_once_and_keeps_each_answer() -> None:
    """The same text gives the same TurnText; a list asked twice is matched once."""
    first = TurnText.of("bé lỡ uống 10 viên rồi")
    assert TurnText.of("bé lỡ uống 10 viên rồi") is first
    cue = LISTS[0]
    found = cue.search(first)
    assert first._hits[cue] == found


@settings(max_examples=300, deadline=None)
@given(
    st.text(
        alphabet=st.sampled_from(
            list("abcdghilmnorstuvyđăâêôơư áàảãạếềệốồộớờợíìịúùụ0123456789,.?/-")
        ),
        max_size=60,
    )
)
def test_any_text_gets_the_plain_search_hit(text: str) -> None:
    """On generated Vietnamese-like text every list agrees with the plain search."""
    turn = TurnText(
        text.lower(), fold_aligned(text.lower()), fold_aligned(text.lower()) != text.lower()
    )
    for cue in LISTS:
        assert cue._search(turn) == plain(cue, turn)


def test_an_unreadable_start_falls_back_to_the_plain_search() -> None:
    """A list whose first character is `.` (any) is searched plainly, with the same hit."""
    cue = cues([".ong"] + [f"tu{i}" for i in range(PREFILTER_FROM)])
    assert cue._loose is not None and cue._loose.chars is None
    assert cue.search(TurnText.of("uống thuốc")) == "uong"
