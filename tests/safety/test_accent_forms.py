"""safety.accent_forms: a turn typed with diacritics is read as typed, a mark never changed."""

from __future__ import annotations

import re

import pytest

from safety.accent_forms import accented_form
from safety.cue_matching import TurnText, cues


def _finds(pattern: str, text: str) -> bool:
    return re.search(accented_form(pattern), text) is not None


@pytest.mark.parametrize(
    ("pattern", "text", "found"),
    [
        ("đừng cản", "đừng cản em", True),
        ("đừng cản", "dung can em", True),  # every mark left off
        ("đừng cản", "đưng cản em", True),  # a tone left off
        ("đừng cản", "dừng cản em", True),  # đ typed d
        ("đừng cản", "liều dùng cân nặng", False),  # other marks: other words
        ("tự tử", "muốn tự tử", True),
        ("tự tử", "từ từ", False),
        ("bưởi", "nước bưởi", True),
        ("bưởi", "buổi tối", False),
        ("mới", "mọi hôm", False),
        ("bé", "viên bể đôi", False),
    ],
)
def test_a_marked_letter_reads_as_written_or_with_marks_left_off(
    pattern: str, text: str, found: bool
) -> None:
    """Each marked letter: as written, without its tone, or bare; never another mark."""
    assert _finds(pattern, text) is found


def test_a_word_written_without_marks_stays_loose() -> None:
    """'ko' and 'con' were written bare: any marks the user typed on them still match."""
    assert _finds("ko", "uống kó được")
    assert _finds("con", "còn 2 viên")


def test_classes_ranges_and_escapes_keep_their_meaning() -> None:
    """A class gets every form of its letters; `a-z` also every Vietnamese letter, so a
    look-behind written for folded text still refuses a word that goes on; `\\S` stays `\\S`."""
    assert _finds(r"ng[ủu]", "buồn ngủ")
    assert not _finds(r"(?<![0-9a-z])tử", "từtử")  # "ừ" is a letter just before "tử"
    assert _finds(r"(?<![0-9a-z])tử", "tự tử")
    assert accented_form(r"mấy(?: \S+){0,2}") == r"m[ấâa]y(?: \S+){0,2}"


def test_a_list_reads_folded_text_only_when_nothing_was_typed_with_marks() -> None:
    """Bare text matches the folded pattern; marked text the marks; the hit is folded."""
    words = cues((r"đừng cản",))
    assert words.search(TurnText.of("lieu dung can nang 15kg")) == "dung can"
    assert words.search(TurnText.of("liều dùng cân nặng 15kg")) is None
    assert words.search(TurnText.of("Đừng cản em nữa")) == "dung can"
