"""Tests for grounding/sentences.py: where a dose line splits into sentences, and what each is."""

from __future__ import annotations

from core.text import sentence_spans
from grounding.sentences import DOSE_ROW_GAPS, opens_dose_row


def _split(line: str) -> list[str]:
    return [line[s:e] for s, e in sentence_spans(line, opens=opens_dose_row, gaps=DOSE_ROW_GAPS)]


def test_a_semicolon_splits_only_before_a_new_labelled_row() -> None:
    """ "…; trẻ 5 - 12 tuổi: …" opens a row; "…; chia 2 lần" goes on with the row before."""
    assert _split("Người lớn: 500 mg; trẻ 5 - 12 tuổi: 250 mg") == [
        "Người lớn: 500 mg;",
        "trẻ 5 - 12 tuổi: 250 mg",
    ]
    assert _split("Người lớn: 500 mg; chia 2 lần") == ["Người lớn: 500 mg; chia 2 lần"]


def test_a_semicolon_splits_before_a_band_said_as_a_condition() -> None:
    """ "; nếu ClCr 10 - 30 ml/phút, …" is a new banded row."""
    line = "Dùng 500 mg mỗi 12 giờ; nếu ClCr 10 - 30 ml/phút, dùng 250 mg"
    assert len(_split(line)) == 2


def test_a_comma_splits_only_before_a_band_said_as_a_condition() -> None:
    """ "…, nếu ClCr dưới 20 ml/phút, dùng …" is another band's row; "…, nếu cần" and any other
    comma go on with the row."""
    line = "ClCr 20 - 50 ml/phút dùng 400 mg/ngày, nếu ClCr dưới 20 ml/phút, dùng 100 mg/ngày."
    assert _split(line) == [
        "ClCr 20 - 50 ml/phút dùng 400 mg/ngày,",
        "nếu ClCr dưới 20 ml/phút, dùng 100 mg/ngày.",
    ]
    assert len(_split("Uống 5 mg, nếu cần nhắc lại sau 6 giờ.")) == 1
    assert len(_split("Uống 5 mg, 3 lần/ngày, tối đa 20 mg.")) == 1


def test_a_full_stop_splits_before_a_capital_not_before_lower_case() -> None:
    """ "… 3 lần. Tối đa …" is two sentences; "… 3 lần. sau ăn" stays one."""
    assert len(_split("Uống 5 mg, 3 lần. Tối đa 20 mg/ngày.")) == 2
    assert len(_split("Uống 5 mg, 3 lần. sau ăn.")) == 1
