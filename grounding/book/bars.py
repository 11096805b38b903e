"""Does this line of the book bar a patient of this age? One answer for every reader.

The condition→drug list, the dose answer and safety triage all ask it of the same
sentences (Chống chỉ định, and the refusals of Liều lượng or Thận trọng), so they ask it
here. A line bars the ages of an upper age limit it prints ("Trẻ em dưới 2 tuổi",
"≤ 2 tuổi", "từ 2 tuổi trở xuống", "không quá 6 tháng tuổi"):

- a Chống chỉ định line bars by itself; any other line only when it forbids the use
  ("Không khuyến cáo cho trẻ dưới 2 tuổi"), not when it caps a course ("không dùng quá")
  nor when it says the use is not established ("… dưới 12 tuổi chưa được xác định");
- a line said of one form or situation ("Với dạng tiêm bắp: …", "… khi …") is a caveat,
  and a line that prints an amount ("Dưới 6 tuổi: uống 50 mg/ngày") is a dose row;
- a line about newborns bars a newborn only when it names nothing but the newborn
  ("Trẻ sơ sinh."): "Trẻ sơ sinh có tăng bilirubin máu" is a condition of some newborns.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from core.population import NEWBORN_MONTHS
from core.sections import SectionKey
from core.text import fold
from grounding.book.bands import Band, age_bands
from grounding.book.doses import prints_amount
from grounding.book.vocabulary import (
    CAPS,
    CHILD,
    CONDITIONS,
    JOINERS,
    NEWBORN,
    NOT_DOSED,
    REFUSALS,
    REFUSED_FORMS,
    ROW_REFUSALS,
    Words,
)
from grounding.markup import shown

_CI = SectionKey.CHONG_CHI_DINH.value
# What an age phrase is made of, once its words are gone: nothing else is said of the patient.
_AGE_PHRASE = Words(
    (
        "tuổi",
        "tháng",
        "tuần",
        "ngày",
        "năm",
        "dưới",
        "đến",
        "tới",
        "từ",
        "trở xuống",
        "đầu",
        "nhỏ hơn",
        "ít hơn",
        "kém hơn",
        "không quá",
        "hoặc bằng",
        "bằng",
    )
)


@dataclass(frozen=True, slots=True)
class AgeBar:
    """The ages a line bars: below the upper end of each of its bands."""

    bands: tuple[Band, ...]

    def covers(self, age_months: float) -> bool:
        return any(band.contains(age_months) for band in self.bands)


def refuses(folded: str) -> bool:
    """The line forbids a use ("không dùng", "không khuyến cáo"), not merely caps one."""
    return REFUSALS.search(CAPS.strip(folded)) is not None


def refuses_row(folded: str) -> bool:
    """A dose row says not to give the drug ("không khuyến cáo", "chống chỉ định"); unlike
    `refuses`, "không dùng quá …" counts, as a row's caveat is read with it. A refusal of
    one form ("không được dùng viên bao phim 250 mg") leaves the use to the other forms."""
    return any(
        REFUSED_FORMS.match(folded, m.end() + 1) is None
        for m in ROW_REFUSALS.pattern.finditer(folded)
    )


def not_dosed(folded: str) -> bool:
    """The line forbids a use or says the book has not established it ("chưa xác định")."""
    return NOT_DOSED.search(CAPS.strip(folded)) is not None


def _names_only_the_patient(folded: str) -> bool:
    """ "Trẻ sơ sinh.", "Trẻ sơ sinh dưới 1 tháng tuổi": nothing said of the newborn but who."""
    rest = _AGE_PHRASE.strip(JOINERS.strip(CHILD.strip(NEWBORN.strip(folded))))
    return not any("a" <= c <= "z" for c in rest)


@lru_cache(maxsize=16384)
def age_bar(sentence: str, section: str) -> AgeBar | None:
    """The ages this line (of `section`) bars, or None when it bars no age."""
    text = shown(sentence)
    folded = fold(text)
    if not folded or prints_amount(folded) or CONDITIONS.search(folded):
        return None
    if section != _CI and not refuses(folded):
        return None
    bands = tuple(
        band
        for band in age_bands(text)
        if band.lo == 0 and (band.hi > NEWBORN_MONTHS or _names_only_the_patient(folded))
    )
    return AgeBar(bands) if bands else None


def bars(sentence: str, section: str, age_months: float) -> bool:
    """Does this line of `section` bar a patient of `age_months`?"""
    bar = age_bar(sentence, section)
    return bar is not None and bar.covers(age_months)


__all__ = ["AgeBar", "age_bar", "bars", "not_dosed", "refuses", "refuses_row"]
