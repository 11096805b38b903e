"""Round 15 (issue 23): a head read as the book spells its words, a colon inside a
parenthesis, a figure given once a week, a follow-up that names another of the book's
indication heads. Texts are ours, in the book's shapes."""

from __future__ import annotations

from grounding_samples import ev

from core.frame import QueryFrame
from grounding.asked import AskedWords
from grounding.blocks import parse_blocks
from grounding.book.vocabulary import NOT_PROSE, PROSE
from grounding.book_fit import another_indication
from grounding.derivation import PERIOD_WORDS
from grounding.dose_figures import Period, figures_in
from grounding.selection import select


def _blocks(text: str):  # type: ignore[no-untyped-def]
    return parse_blocks([(0, ev("x", "X", "lieu_luong_cach_dung", text))])


def _adult(**more: object) -> QueryFrame:
    frame = {"turn_type": "dosing_calc", "drugs": ["x"], "population": "adult", **more}
    return QueryFrame.model_validate(frame)


TWO_SKIN_HEADS = (
    "*Chàm thể tạng (người lớn):*\n\n"
    "*Uống hoặc tiêm dưới da:* khởi đầu 5 mg, 1 lần mỗi tuần; tối đa 20 mg/tuần.\n\n"
    "*Vảy nến thể mảng (người lớn):*\n\n"
    "*Uống hoặc tiêm dưới da:* liều thử 2 mg; sau đó 7,5–15 mg, 1 lần mỗi tuần.\n\n"
    "*Bệnh khớp của trẻ (trẻ em):*\n\n"
    "*Uống:* 8 mg/m² diện tích da, 1 lần mỗi tuần."
)


def test_a_head_word_that_folds_like_a_prose_word_is_still_a_head() -> None:
    """ "nến" of a skin disease folds like "nên" (should): the head is the disease's, and
    the row under it is its own, not the row of the head above."""
    rows = {b.text: b.indication for b in _blocks(TWO_SKIN_HEADS) if "mg" in b.text}
    trial = rows["liều thử 2 mg; sau đó 7,5–15 mg, 1 lần mỗi tuần."]
    assert trial == "Vảy nến thể mảng (người lớn)"
    assert not PROSE.said("Vảy nến thể mảng", NOT_PROSE)
    assert PROSE.said("Người lớn nên dùng", NOT_PROSE)
    assert PROSE.said("nguoi lon nen dung", NOT_PROSE)  # unaccented words read the same


def test_each_skin_disease_asked_gets_its_own_rows() -> None:
    frame = _adult(condition_words="vảy nến thể mảng")
    shown = [b.text for b in select(_blocks(TWO_SKIN_HEADS), frame, AskedWords.of(frame)).rows]
    assert any("liều thử 2 mg" in t for t in shown)
    assert not any("khởi đầu 5 mg" in t for t in shown)


def test_a_colon_inside_a_parenthesis_heads_nothing() -> None:
    text = (
        "Viên thường: 40 mg mỗi sáng, tối đa 240 mg/ngày.\n\n"
        "Trường hợp dùng viên nén tác dụng kéo dài (tên thương mại: Xlong 30 mg) thì 1 viên "
        "bằng 1 viên thường 80 mg. Liều đầu của viên kéo dài là 30 mg mỗi ngày."
    )
    heads = {b.indication for b in _blocks(text)}
    assert not any(h and "thương mại" in h for h in heads)


def test_a_figure_given_once_a_week_is_a_week_s_amount() -> None:
    for said in ("8 mg/m² diện tích da, 1 lần mỗi tuần", "0,3 mg/kg mỗi tuần", "8 mg/m²/tuần"):
        [figure] = figures_in(said)
        assert figure.period is Period.WEEK
        assert PERIOD_WORDS[figure.period] == "mỗi tuần"
    [daily] = figures_in("2 mg/kg, 1 lần mỗi ngày")
    assert daily.period is not Period.WEEK


def test_a_follow_up_naming_another_head_of_the_book_turns_to_it() -> None:
    blocks = _blocks(TWO_SKIN_HEADS)
    kept = AskedWords("chàm thể tạng")
    assert another_indication(blocks, AskedWords("còn vảy nến thể mảng thì sao"), kept)
    assert another_indication(blocks, AskedWords("người cao tuổi thì sao"), kept) is None
    # The head kept is named again: no turn.
    assert another_indication(blocks, AskedWords("thế còn chàm thể tạng"), kept) is None


def test_a_follow_up_naming_one_disease_of_a_listing_head_turns_to_it() -> None:
    """ "Bệnh chàm tiết bã, viêm da chàm tiết bã:" is named by "chàm tiết bã" alone."""
    blocks = _blocks(
        "Viêm khớp dạng thấp: uống 5 mg, 1 lần mỗi tuần.\n\n"
        "Bệnh chàm tiết bã, viêm da chàm tiết bã: uống 10 mg, 1 lần mỗi tuần."
    )
    kept = AskedWords("viêm khớp dạng thấp")
    turned = another_indication(blocks, AskedWords("thế còn chàm tiết bã"), kept)
    assert turned is not None and "chàm tiết bã" in turned
    assert another_indication(blocks, AskedWords("còn liều thấp thì sao"), kept) is None


def test_a_reply_naming_the_disease_of_two_phase_heads_turns_to_neither() -> None:
    """ "Bệnh Y, giai đoạn cấp:" and "Bệnh Y, giai đoạn hồi phục:": a reply that says "bị bệnh
    Y" again names both phases, so the phase the question chose stays."""
    blocks = _blocks(
        "*Bệnh Y, trong giai đoạn cấp:* uống 20 mg/kg/ngày, chia 4 lần.\n\n"
        "*Bệnh Y, trong giai đoạn hồi phục:* uống 2 mg/kg/ngày, 1 lần."
    )
    kept = AskedWords("sốt bệnh y giai đoạn cấp")
    assert another_indication(blocks, AskedWords("bé 3 tuổi 14 kg, bị bệnh Y"), kept) is None
