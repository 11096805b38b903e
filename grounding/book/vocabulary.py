"""The book's words for whom a line speaks of and what it says of them: data only.

Written with diacritics as the formulary prints them; `Words` folds each list once and
matches it as whole words on folded text, so unaccented text reads the same. The band
grammar (`grounding.book.grammar`) and the bar reader (`grounding.book.bars`) read these
lists; no other module of the book reader spells them again.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property

from core.text import fold


@dataclass(frozen=True)
class Words:
    """A list of phrases matched as whole words on folded text (longest phrase first)."""

    phrases: tuple[str, ...]
    folded: tuple[str, ...] = field(init=False)

    def __post_init__(self) -> None:
        folded = tuple(sorted({fold(p) for p in self.phrases}, key=len, reverse=True))
        object.__setattr__(self, "folded", folded)

    @cached_property
    def pattern(self) -> re.Pattern[str]:
        """The list as one whole-word pattern, built when first matched."""
        alternation = "|".join(re.escape(p) for p in self.folded)
        return re.compile(rf"(?<![0-9a-z])(?:{alternation})(?![0-9a-z])")

    def search(self, folded_text: str) -> re.Match[str] | None:
        return self.pattern.search(folded_text)

    def strip(self, folded_text: str) -> str:
        """The text with every phrase of the list blanked."""
        return self.pattern.sub(" ", folded_text)


def _words(spec: str) -> Words:
    """Phrases written `a|b|c`, so long lists stay readable and formatter-stable."""
    return Words(tuple(p.strip() for p in spec.split("|") if p.strip()))


AGE_UNITS: dict[str, float] = {
    "tuổi": 12.0,
    "năm": 12.0,
    "tháng": 1.0,
    "tuần": 12 / 52,
    "ngày": 12 / 365,
}
"""Months per unit of an age."""

_REFUSES = "không dùng|không được dùng|không nên dùng|không khuyến cáo|chống chỉ định"
_FORBIDS = (
    f"{_REFUSES}|không khuyên dùng|tránh dùng|không sử dụng|không được sử dụng|không nên sử dụng"
)
_UNESTABLISHED = (
    "chưa xác định|chưa được xác định|chưa xác lập|chưa được xác lập|chưa nghiên cứu|"
    "chưa được nghiên cứu|chưa có dữ liệu|chưa có đủ dữ liệu|chưa có nghiên cứu"
)
REFUSALS = _words(_FORBIDS)
"""Words by which a line outside Chống chỉ định forbids a use ("Không khuyến cáo cho …")."""

ROW_REFUSALS = _words(_REFUSES)
"""Words by which a dose row says not to give the drug ("dưới 3 tháng tuổi: không khuyến
cáo"): a banded row that prints them is no dose to work out or show first."""

UNESTABLISHED = _words(_UNESTABLISHED)
"""Words by which the book says it has not established a use ("An toàn … chưa được xác
định"): it does not dose there, but it does not forbid either."""

NOT_DOSED = _words(f"{_FORBIDS}|{_UNESTABLISHED}")
"""Either: the book forbids a use or has not established it."""

CAPS = _words("không dùng quá|không được dùng quá|không nên dùng quá|không sử dụng quá")
"""A refusal word that caps a course or a dose ("không dùng quá 5 ngày"): not a refusal."""

CONDITIONS = _words("khi|nếu|với dạng|dạng thuốc|trong trường hợp")
"""A limit said of one form or situation does not bar every use at that age."""

DOSE_UNITS = _words(
    "mg|g|mcg|µg|microgam|ml|ui|iu|đơn vị|mmol|mg/kg|mg/m²|mg/m2|mcg/kg|microgam/kg"
)
"""Units of an amount given: a line that prints one is a dose row, not a limit."""

NEWBORN = _words("sơ sinh|nhũ nhi sơ sinh|đẻ non|sinh non|thiếu tháng|tuổi thai")
"""Words that name a newborn (or a baby born early)."""

BORN_EARLY = _words("thiếu tháng|đẻ non|sinh non|non tháng|không đủ tháng|chưa đủ tháng")
"""A baby born early, as the book and parents say it."""
BORN_AT_TERM = _words("đủ tháng")
"""A baby born at term: a dose the book says of babies born early is not worked out for it."""

DISEASE_KIND = _words("viêm|cấp|mạn|mãn|tính|nặng|nhẹ|vừa|hội chứng")
"""Words that say what kind of disease, not which one: "viêm xoang" shares only "viêm" with
"Viêm màng não", which names another disease."""

BABY = _words("sơ sinh|nhũ nhi|thiếu tháng|đẻ non|sinh non")
"""A newborn or an infant: a line said of babies is not said of a ten-year-old."""

NEWBORN_WORD = _words("sơ sinh")
AFTER_BIRTH = _words("sau khi sinh|sau sinh|sau khi đẻ")
"""Weeks or days said after birth ("2 - 4 tuần sau khi sinh") are the baby's age."""
GESTATION = _words("tuổi thai|chỉnh theo|tuần thai")
"""Weeks said of a gestational age ("28 - 32 tuần chỉnh theo tuổi thai")."""
PRETERM = _words("thiếu tháng|đẻ non")
"""A baby born early: its weeks are of gestation unless said as its age ("tuần tuổi")."""

CHILD = _words("trẻ|trẻ em|trẻ nhỏ|trẻ con|con|bé|thiếu niên|trẻ vị thành niên|người|bệnh nhân")
"""Words that name the patient a line speaks of, and nothing about them."""

JOINERS = _words("và|hoặc|cho|ở|với|dùng cho|đối với")
"""Words that join or introduce a population without saying anything of it."""

# -- the band grammar's words (grounding/book/grammar.py) ----------------------------------
AGE_UNIT_WORDS = _words("ngày|tuần|tháng|tuổi|năm")
AGE_WORD = _words("tuổi")
NOT_AN_AGE_AFTER = _words("đầu|sau|tiếp")
"""After a unit, these make it a time ("3 tháng đầu", "2 ngày sau"), not an age."""
FIRST = _words("đầu|đầu tiên")
"""The first weeks or days of life ("2 tuần đầu sau khi sinh"): an age from birth to there."""
WEIGHT_UNIT = _words("kg")
CLEARANCE_UNIT = _words("ml/phút")
WEIGHT_WORDS = _words("cân nặng|nặng|trọng lượng|trọng lượng cơ thể|thể trọng")
FOR = _words("cho")
TO = _words("-|–|—|đến|tới")
"""Joins the two ends of a range ("2 - 4 tuổi", "29 ngày đến 2 tuổi")."""
UPTO = _words("đến|tới")
"""An upper end said alone ("cho tới 2 tuổi", "cân nặng đến 35 kg")."""
BEFORE = _words("trước")
# "³" and "£" are how the extracted text prints the book's ≥ and ≤ (a symbol font).
BELOW_STRICT = _words("dưới|<|nhỏ hơn|ít hơn|kém hơn")
BELOW_INCLUSIVE = _words("dưới hoặc bằng|bằng hoặc dưới|<=|≤|£|không quá")
ABOVE_STRICT = _words("trên|>")
ABOVE_INCLUSIVE = _words("trên hoặc bằng|bằng hoặc trên|> hoặc|>=|≥|³|từ|lớn hơn|hơn")
STRICT_START = _words("trên|>")
"""A range whose lower end is itself strict ("trên 3 tháng tuổi đến 12 tuổi")."""
OPEN_END = _words("dưới|<")
"""A range whose upper end is said as a strict bound ("2 - dưới 6 tuổi")."""
OR_MORE_AGE = _words(
    "trở lên|và lớn hơn|hoặc lớn hơn|và nhiều hơn|hoặc nhiều hơn|và hơn|hoặc hơn|và trở lên|"
    "hoặc trở lên"
)
OR_LESS_AGE = _words(
    "trở xuống|và nhỏ hơn|hoặc nhỏ hơn|và ít hơn|hoặc ít hơn|và bé hơn|hoặc bé hơn|và nhẹ hơn|"
    "hoặc nhẹ hơn|và trở xuống|hoặc trở xuống"
)
OR_MORE_WEIGHT = _words("trở lên|hoặc nặng hơn|hoặc lớn hơn|hoặc hơn|hoặc trở lên")
OR_LESS_WEIGHT = _words("trở xuống|hoặc nhẹ hơn|hoặc nhỏ hơn|hoặc ít hơn|hoặc bé hơn|hoặc dưới")

ADJUSTS = _words("một nửa|nửa liều|giảm liều|điều chỉnh liều")
"""Words by which a note adjusts a dose (with "n %" and "giảm n": `grounding.book.doses`)."""

__all__ = [
    "ABOVE_INCLUSIVE",
    "ABOVE_STRICT",
    "ADJUSTS",
    "AFTER_BIRTH",
    "AGE_UNITS",
    "AGE_UNIT_WORDS",
    "AGE_WORD",
    "BABY",
    "BEFORE",
    "BELOW_INCLUSIVE",
    "BELOW_STRICT",
    "BORN_AT_TERM",
    "BORN_EARLY",
    "CAPS",
    "CHILD",
    "CLEARANCE_UNIT",
    "CONDITIONS",
    "DISEASE_KIND",
    "DOSE_UNITS",
    "FIRST",
    "FOR",
    "GESTATION",
    "JOINERS",
    "NEWBORN",
    "NEWBORN_WORD",
    "NOT_AN_AGE_AFTER",
    "NOT_DOSED",
    "OPEN_END",
    "OR_LESS_AGE",
    "OR_LESS_WEIGHT",
    "OR_MORE_AGE",
    "OR_MORE_WEIGHT",
    "PRETERM",
    "REFUSALS",
    "ROW_REFUSALS",
    "STRICT_START",
    "TO",
    "UNESTABLISHED",
    "UPTO",
    "WEIGHT_UNIT",
    "WEIGHT_WORDS",
    "Words",
]
