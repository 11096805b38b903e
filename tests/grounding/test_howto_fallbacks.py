"""grounding/howto.py: a question narrowed to one kind of sentence falls back to its topic's
sentence when the book has none of that kind."""

from __future__ import annotations

from core.evidence import Evidence
from core.frame import HowTo
from grounding.howto import Asked, howto_sentence


def _part(text: str) -> Evidence:
    return Evidence(
        text=text,
        drug_id="x",
        drug_name="X",
        section_key="lieu_luong_cach_dung",
        section_title="Liều lượng và cách dùng",
        chunk_id="x-dose",
    )


def test_stopping_asked_where_the_book_gives_only_the_course() -> None:
    """ "ngưng được chưa" with no word of stopping in the book: the course's sentence."""
    dose = _part("Trẻ em: 25 mg/kg/ngày chia 2 lần. Viêm họng do liên cầu cần điều trị đủ 10 ngày.")
    asked = Asked(words=frozenset({"ngưng", "đỡ"}), marked=True)
    found = howto_sentence([dose], "x", HowTo.DURATION, asked)
    assert found == (0, "Viêm họng do liên cầu cần điều trị đủ 10 ngày.")
