"""An adult's day of a medicine told as taken, weighed against the book's adult day maximum.

"bố tôi nhức khớp, từ sáng tới giờ đã uống 4 viên meloxicam 15": 60 mg in one day, where
the book's adult line prints "Người lớn: liều tối đa 15 mg/ngày". The tablets (a count times
their strength, or a volume times a syrup's strength) told as taken within one day ("trong
ngày", "hôm nay", "từ sáng"), beyond the largest adult day maximum the book prints, are an
overdose to act on, however bad the pain they were taken for. No day told, no maximum
printed on an adult line, or an amount not read: nothing is said, the rules read the turn.
"""

from __future__ import annotations

import re

from core.frame import QueryFrame
from safety.cue_matching import TurnText
from safety.dose_amounts import DOSE_SECTION, Book, BookLines, against_book, taken_mg

# Within one day, told: "trong ngày (hôm nay)", "hôm nay", "từ sáng (tới giờ)", "cả ngày".
_A_DAY = re.compile(r"\b(?:trong (?:ngay|(?:1|mot) ngay)|hom nay|tu sang|ca ngay)\b")
_ADULT_LINE = re.compile(r"^\W*nguoi lon\b")
# "tối đa 15 mg/ngày", "tối đa 4 g mỗi ngày", "tối đa 3 g trong 24 giờ"
_DAY_MAX = re.compile(
    r"\btoi da (?:la )?(\d+(?:[.,]\d+)?) ?(mg|g) ?(?:/ ?|trong |moi |mot |1 )?(?:ngay|24 ?gio)\b"
)


def adult_day_max_mg(lines: list[tuple[str, str]] | tuple[tuple[str, str], ...]) -> float:
    """The largest day maximum, in mg, the book's adult dose lines print (0 when none)."""
    best = 0.0
    for section, sentence in lines:
        folded = TurnText.of(sentence).folded
        if section != DOSE_SECTION or _ADULT_LINE.search(folded) is None:
            continue
        for m in _DAY_MAX.finditer(folded):
            value = float(m.group(1).replace(",", ".")) * (1000 if m.group(2) == "g" else 1)
            best = max(best, value)
    return best


def adult_day_over(
    t: TurnText, frame: QueryFrame | None, lines: BookLines | None, *, child: bool
) -> bool:
    """A grown-up's day told as taken beyond the book's adult day maximum (see above)."""
    if child or frame is None or lines is None or len(frame.drugs) != 1:
        return False
    if _A_DAY.search(t.folded) is None or (taken := taken_mg(t.folded)) is None:
        return False
    most = adult_day_max_mg(list(lines(frame.drugs[0])))
    return most > 0 and taken[0] * taken[1] > most


def book_verdict(
    t: TurnText, frame: QueryFrame | None, lines: BookLines | None, *, child: bool
) -> Book | None:
    """`against_book` (a child's or a light patient's amount per kg), or for a grown-up a
    day beyond the book's adult day maximum: `Book.OVER`."""
    found = against_book(t, frame, lines, child=child)
    if found is None and adult_day_over(t, frame, lines, child=child):
        return Book.OVER
    return found


__all__ = ["adult_day_max_mg", "adult_day_over", "book_verdict"]
