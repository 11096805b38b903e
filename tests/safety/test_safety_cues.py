"""safety.safety_cues: a whole word list is one compiled search, accent-aware."""

from __future__ import annotations

from safety.safety_cues import AFTER_TAKING_CUES, SELF_HARM_CUES, TurnText, cues


def test_a_list_is_searched_in_one_pass_and_returns_the_leftmost_hit() -> None:
    """Two patterns, one search: the hit that starts first in the text wins."""
    words = cues((r"vụng", r"nhầm"))
    assert words.search(TurnText.of("uống nhầm rồi ăn vụng")) == "nham"


def test_loose_patterns_match_text_with_or_without_diacritics() -> None:
    """A loose pattern written with diacritics matches the folded text too."""
    words = cues((r"ăn vụng",))
    assert words.search(TurnText.of("bé ăn vụng")) and words.search(TurnText.of("be an vung"))


def test_strict_patterns_need_the_accents_when_the_user_typed_some() -> None:
    """'cầm' matches 'cầm' and unaccented 'cam', never 'cảm ơn' typed with accents."""
    hold = cues((), strict=(r"cầm",))
    assert hold.search(TurnText.of("bé cầm lọ thuốc"))
    assert hold.search(TurnText.of("be cam lo thuoc"))
    assert hold.search(TurnText.of("cảm ơn bác sĩ")) is None


def test_an_idiom_of_tiredness_is_not_self_harm() -> None:
    """'mệt muốn chết' is 'very tired'; 'muốn chết' alone is intent."""
    assert SELF_HARM_CUES.search(TurnText.of("mệt muốn chết vì bé sốt")) is None
    assert SELF_HARM_CUES.search(TurnText.of("em chỉ muốn chết"))


def test_the_turn_text_is_folded_once() -> None:
    """TurnText keeps the lowered and folded forms and whether accents were typed."""
    t = TurnText.of("Bé Uống")
    assert (t.lowered, t.folded, t.accented) == ("bé uống", "be uong", True)


def test_a_day_after_a_count_is_not_at_once() -> None:
    """'… 1 viên mỗi ngay' typed without accents is a day's dose; 'uống vào ngay' still follows."""
    assert (
        AFTER_TAKING_CUES.search(TurnText.of("noi man uong cetirizin 1 vien 1 ngay du chua"))
        is None
    )
    assert AFTER_TAKING_CUES.search(TurnText.of("uong thuoc ho moi ngay duoc ko")) is None
    assert AFTER_TAKING_CUES.search(TurnText.of("be uong thuoc ngay sau do non")) is not None


def test_tapering_little_by_little_without_marks_is_no_self_harm() -> None:
    """Folded, "giảm liều từ từ" is "tự tử": a dose tapered little by little is no intent,
    while "uống thuốc tự tử" typed without marks still is."""
    from core.frame import QueryFrame, Triage
    from safety.triage import classify

    assert (
        classify("ngung luon hay phai giam lieu tu tu", QueryFrame(drugs=["prednisolone"])) is None
    )
    found = classify("chan qua em muon uong thuoc tu tu", QueryFrame(drugs=["prednisolone"]))
    assert found is not None and found.kind is Triage.SELF_HARM
