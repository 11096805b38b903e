"""Splitting long sections without cutting table rows, dose lines or route headings."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from retrieval.chunking import split_section

DOSE = (
    "Đường uống:\n"
    "- Người lớn và trẻ em trên 12 tuổi: 500–1 000 mg mỗi 4–6 giờ, tối đa 4 000 mg mỗi ngày.\n"
    "- Trẻ em 6–12 tuổi: 250–500 mg mỗi 4–6 giờ.\n\n"
    "Đặt trực tràng:\n- Người lớn: 650 mg mỗi 4–6 giờ.\n\n"
    "Thuốc hấp thu nhanh. Nồng độ đỉnh sau 30 phút. Không dùng kéo dài. Hỏi bác sĩ khi sốt cao."
)
TABLE = "| Cân nặng | Liều |\n|---|---|\n" + "".join(
    f"| {k} kg | {k * 15} mg |\n" for k in range(5, 40)
)


def test_short_text_is_one_part() -> None:
    """A section under the limit is kept whole."""
    assert split_section("Một câu ngắn.") == ["Một câu ngắn."]


def test_dose_lines_and_headings_stay_whole() -> None:
    """Every dose line survives intact and a route heading never ends a part."""
    parts = split_section(DOSE * 3, max_chars=300)
    assert len(parts) > 1
    for line in DOSE.splitlines():
        if line.startswith("- "):
            assert any(line in p.split("\n") for p in parts)
    for part in parts:
        assert not part.rstrip().endswith(":")


def test_long_table_repeats_header_and_keeps_rows() -> None:
    """A long table splits between rows and each piece repeats the header."""
    parts = split_section(TABLE, max_chars=200)
    assert len(parts) > 2
    rows = [r for p in parts for r in p.split("\n")[2:]]
    assert rows == TABLE.strip().split("\n")[2:]
    assert all(p.startswith("| Cân nặng | Liều |\n|---|---|") for p in parts)


def test_prose_splits_on_sentence_boundaries() -> None:
    """Prose is cut after a sentence, never mid-sentence."""
    prose = " ".join(f"Câu số {i} nói về thuốc." for i in range(60))
    for part in split_section(prose, max_chars=200):
        assert part.endswith(".")
        assert len(part) <= 200


def test_a_part_opens_only_where_a_sentence_opens() -> None:
    """A cut needs a capital, a digit or a quoted capital after the stop: 'v.v. và' is no cut."""
    prose = ("Dùng sau ăn, v.v. và uống nhiều nước. " * 8) + '"Thuốc" giữ nơi khô. (Xem) mục khác.'
    parts = split_section(prose, max_chars=100)
    assert all(not p.startswith(("và", "v.v")) for p in parts)
    assert parts[-1] == "(Xem) mục khác."
    assert "".join(p.replace(" ", "") for p in parts) == prose.replace(" ", "")


def test_max_chars_is_validated() -> None:
    """A limit too small to hold a line is refused."""
    with pytest.raises(ValueError, match="max_chars"):
        split_section("x", max_chars=10)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from([DOSE, TABLE, "Một đoạn văn ngắn. Câu thứ hai!", ""]), max_size=6))
def test_no_text_is_lost(pieces: list[str]) -> None:
    """Splitting keeps every non-space character in order (header copies aside)."""
    text = "\n\n".join(pieces)
    parts = split_section(text, max_chars=250)
    squash = lambda s: re.sub(r"\s+", "", s)  # noqa: E731
    header = squash("| Cân nặng | Liều |\n|---|---|")
    joined = "".join(squash(p) for p in parts)
    assert joined.replace(header, "") == squash(text).replace(header, "")
