"""The row filters' words as data, and where a list is found (grounding/book/filter_words.py)."""

from __future__ import annotations

from core.text import fold
from grounding.book.filter_words import (
    DIALYSIS,
    LEADS_ON,
    NOT_BLEEDING,
    NOT_ON_DIALYSIS,
    NOT_USUAL,
    OPERATION,
    OVERDOSE_HEADS,
    TREATMENT_OPENS,
    TRIMESTERS,
    USUAL,
)


def test_the_treatment_opens_and_leads_in() -> None:
    """ "Điều trị: …" opens with a treatment word; "… như sau:" closes with a lead; a head
    printed alone is only that head."""
    assert TREATMENT_OPENS.match(fold("Cách xử trí chung: rửa dạ dày"))
    assert not TREATMENT_OPENS.match("trieu chung, sau do dieu tri")
    assert LEADS_ON.ends("xu tri chung nhu sau")
    assert not LEADS_ON.ends("nhu sau do")
    assert OVERDOSE_HEADS.fullmatch(fold("Triệu chứng"))
    assert not OVERDOSE_HEADS.fullmatch(fold("Triệu chứng: buồn nôn"))


def test_not_on_dialysis_blanks_the_dialysis_word() -> None:
    """ "không kèm thẩm tách máu" leaves no dialysis word; "thẩm tách máu" keeps it."""
    head = NOT_ON_DIALYSIS.strip(fold("ClCr < 50 và không kèm thẩm tách máu"))
    assert DIALYSIS.search(head) is None
    assert DIALYSIS.search(fold("Người bệnh thẩm tách máu"))


def test_usual_is_not_a_tablet_called_usual() -> None:
    """ "Liều thường dùng" is the usual dose; "viên thông thường" is a tablet."""
    assert USUAL.search(NOT_USUAL.strip(fold("Liều thường dùng: 500 mg")))
    assert not USUAL.search(NOT_USUAL.strip(fold("Viên thông thường 500 mg")))


def test_trimesters_as_the_book_says_them() -> None:
    """Each trimester is read in its words and only its own."""
    assert TRIMESTERS[1].search(fold("trong 3 tháng đầu thai kỳ"))
    assert TRIMESTERS[2].search(fold("quý thứ hai"))
    assert TRIMESTERS[3].search(fold("tam cá nguyệt thứ ba"))
    assert not TRIMESTERS[3].search(fold("3 tháng đầu"))


def test_question_words_for_an_operation_and_bleeding() -> None:
    """ "vừa mổ xong" is an operation; "không bị chảy máu" says the patient does not bleed."""
    assert OPERATION.search(fold("bé vừa mổ xong"))
    assert not OPERATION.search(fold("mổ"))
    assert NOT_BLEEDING.search(fold("không bị chảy máu"))
