"""The one Vietnamese fold module (core/text.py): the four shapes on the tricky inputs."""

from __future__ import annotations

import unicodedata

import pytest

from core.text import fold, fold_aligned, fold_words, strip_marks

DECOMPOSED = unicodedata.normalize("NFD", "Liều Đặt")  # marks typed as separate characters


@pytest.mark.parametrize(
    ("text", "folded", "marks_stripped", "aligned", "words"),
    [
        ("Co-trimoxazol", "co-trimoxazol", "co-trimoxazol", "co-trimoxazol", "co trimoxazol"),
        ("Đái ĐƯỜNG", "dai duong", "dai duong", "dai duong", "dai duong"),
        (DECOMPOSED, "lieu dat", "lieu dat", "lie  u da  t", "lieu dat"),
        ("  Ho\n khan. ", "ho khan.", "  ho\n khan. ", "  ho\n khan. ", "ho khan"),
        (
            "amoxicillin_clavulanat",
            "amoxicillin_clavulanat",
            "amoxicillin_clavulanat",
            "amoxicillin_clavulanat",
            "amoxicillin clavulanat",
        ),
    ],
)
def test_each_fold_on_hyphens_d_and_combining_marks(
    text: str, folded: str, marks_stripped: str, aligned: str, words: str
) -> None:
    """Hyphens stay except in fold_words, đ/Đ become d, combining marks go (a space in the
    aligned fold), whitespace collapses only in fold and fold_words."""
    assert fold(text) == folded
    assert strip_marks(text) == marks_stripped
    assert fold_aligned(text) == aligned
    assert fold_words(text) == words


@pytest.mark.parametrize("text", ["Co-trimoxazol", "Đái ĐƯỜNG", DECOMPOSED, "  Ho\n khan. "])
def test_aligned_fold_keeps_every_position(text: str) -> None:
    """One character out for every character in, so spans found in the fold quote the input."""
    assert len(fold_aligned(text)) == len(text)


def test_fold_is_the_collapsed_form_of_the_others() -> None:
    """fold is strip_marks with whitespace collapsed; fold_words keeps fold's words only."""
    text = "Viêm  phổi-mắc phải\tcộng đồng (trẻ em)"
    assert fold(text) == " ".join(strip_marks(text).split())
    assert fold_words(text) == "viem phoi mac phai cong dong tre em"
