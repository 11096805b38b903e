"""What a line of the dose text says besides whom it is for: an amount given, or a change
to the usual dose. Matched with the words and units of `grounding.book.vocabulary`.

One grammar reads every amount: a number's last digit, the spaces after it and a unit of
the book's one unit list (`vocabulary.UNITS`, matched case-blind, accented or folded); what
the unit is followed by ("/kg", "/phút", a letter) tells the readers below apart.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from grounding.book.vocabulary import (
    ADJUSTS,
    AMOUNT_UNITS,
    DOSE_UNITS,
    FIXED_UNITS,
    MASS_UNITS,
    PATIENT_DOSE_UNITS,
    RECIPIENT,
)
from grounding.book.words import folded_each

_DIGIT = re.compile(r"\d\s*")
"""A digit and the spaces after it: where a unit may start."""


def _letter(ch: str) -> bool:
    """A letter of the book's script (a-z and the accented ones, either case)."""
    low = ch.lower()
    return len(low) == 1 and ("a" <= low <= "z" or "à" <= low <= "ỹ")


def _folded(units: tuple[str, ...]) -> tuple[str, ...]:
    """The units as folded text prints them."""
    return tuple(dict.fromkeys(folded_each(units)))


@dataclass(frozen=True, slots=True)
class Amount:
    """A number printed with a unit: where its last digit is, its unit, where the unit ends."""

    text: str
    at: int
    unit: str
    stop: int

    def start(self) -> int:
        return self.at

    def end(self) -> int:
        return self.stop

    @property
    def after(self) -> str:
        """The character right after the unit ("" at the end)."""
        return self.text[self.stop : self.stop + 1]

    @property
    def per(self) -> str | None:
        """What follows a "/" after the unit ("kg" of "mg/kg", "phút" of "ml / phút")."""
        rest = self.text[self.stop :].lstrip()
        return rest[1:].lstrip() if rest.startswith("/") else None

    def per_is(self, *words: str, whole: bool) -> bool:
        """The unit is per one of `words` (case-blind); `whole`: not followed by a letter."""
        per = self.per
        if per is None:
            return False
        low = per.lower()
        return any(
            low.startswith(w) and not (whole and _letter(per[len(w) : len(w) + 1] or " "))
            for w in words
        )


def amounts(
    text: str, units: tuple[str, ...], start: int = 0, stop: int | None = None
) -> Iterator[Amount]:
    """Every amount of text[start:stop] printed with one of `units` (lower case; matched
    case-blind), in order."""
    stop = len(text) if stop is None else stop
    spellings = sorted(units, key=len, reverse=True)
    for m in _DIGIT.finditer(text, start, stop):
        at = m.end()
        for unit in spellings:
            end = at + len(unit)
            if end <= stop and text[at:end].lower() == unit:
                yield Amount(text, m.start(), unit, end)
                break


def _closed(amount: Amount) -> bool:
    """No letter follows the unit ("5 mg", not "5 mgx")."""
    return not _letter(amount.after or " ")


def _dose(amount: Amount) -> bool:
    """ "500 mg", "2 viên", "5 000 đvqt"; a rate in ml ("ml/phút") is no dose."""
    return _closed(amount) and not (amount.unit == "ml" and amount.per_is("ph", whole=False))


def _fixed(amount: Amount) -> bool:
    """A dose per dose or per day, not per kg or m² of body nor a concentration."""
    return _closed(amount) and not amount.per_is("kg", "m2", "m²", "ml", "m", whole=True)


def _mass(amount: Amount) -> bool:
    """A mass printed alone ("250 mg"), not per anything ("mg/kg", "mg/ngày")."""
    return _closed(amount) and amount.after != "/"


def _given(amount: Amount) -> bool:
    """Any amount given ("50 mg/ngày", "2 ml", "5 000 đơn vị"): no letter or digit after."""
    return _closed(amount) and not amount.after.isdigit()


class Amounts:
    """One reader of the grammar: amounts with these units that `keeps` keeps."""

    def __init__(self, units: tuple[str, ...], keeps: Callable[[Amount], bool]) -> None:
        self.units = units
        self.keeps = keeps

    def search(self, text: str) -> Amount | None:
        """The first amount of the text this reader keeps, or None."""
        return next((a for a in amounts(text, self.units) if self.keeps(a)), None)


DOSE = Amounts(DOSE_UNITS, _dose)
"""An amount with a dose unit, in the book's words: "5 000 đvqt" (đơn vị quốc tế) is how
the book doses heparin and vitamins."""
FIXED_DOSE = Amounts(FIXED_UNITS, _fixed)
"""A dose a row prints itself: per dose or per day ("0,6 mg/ngày"), not per kg or m²."""
MASS_AMOUNT = Amounts(_folded(MASS_UNITS[:4]), _mass)
"""In folded text: a mass printed alone ("250 mg"), not per kg nor per day."""
AMOUNT = Amounts(_folded(AMOUNT_UNITS), _given)
MAX_DOSE_TO_PATIENT = 30
_PATIENT_DOSE_UNITS = _folded(PATIENT_DOSE_UNITS)
"""In folded text: a number with the unit of an amount given ("50 mg/ngày", "2 ml")."""


def per_body_amounts(text: str, start: int, stop: int) -> list[int]:
    """Where each mass per kg or per m² of body printed in text[start:stop] starts."""
    found = []
    for amount in amounts(text, MASS_UNITS, start, stop):
        rest = text[amount.stop : stop].lstrip()
        if rest.startswith("/") and rest[1:].lstrip().lower().startswith(("kg", "m")):
            found.append(amount.at)
    return found


def dose_for_patient(folded: str) -> bool:
    """ "1 mg/ngày cho trẻ 5 - 10 tuổi; …": a clause opening with a dose, then whom it is for
    (after "và" or "hoặc" when it ends a list: "…; và 6 mg/kg/ngày đối với trẻ 12 - 18 tuổi")."""
    folded = next((folded[len(w) :] for w in ("va ", "hoac ") if folded.startswith(w)), folded)
    if not folded[:1].isdecimal():
        return False
    unit_at = len(folded) - len(folded.lstrip("0123456789.,- "))
    unit = next((u for u in _PATIENT_DOSE_UNITS if folded.startswith(u, unit_at)), None)
    if unit is None:
        return False
    end = unit_at + len(unit)
    if folded[end : end + 1].isalnum() or folded[end : end + 1] == "_":
        return False
    to = RECIPIENT.search(folded, end)
    return (
        to is not None
        and to.start() - end <= MAX_DOSE_TO_PATIENT
        and ";" not in folded[end : to.start()]
    )


def prints_amount(folded: str) -> bool:
    """The line prints an amount given: a dose row, not a limit."""
    return AMOUNT.search(folded) is not None


_SHARE_CELL = re.compile(r"% lieu[^:—]*: *\d")
"""A table column of the usual dose's share ("Tỷ lệ % liều khuyên dùng: 100 sau mỗi lần thẩm
tách"): its cell changes the dose though no "%" follows the figure."""


def adjusts(folded: str) -> bool:
    """The line says how to change the dose ("dùng 75% liều", "giảm một nửa", "giảm liều")."""
    # "dùng 75% liều", "giảm 50%": a change said as a figure rather than in words.
    percent = next(amounts(folded, ("%",)), None)
    cut = folded.find("giam ")
    while cut >= 0 and not folded[cut + 5 : cut + 6].isdecimal():
        cut = folded.find("giam ", cut + 1)
    shared = _SHARE_CELL.search(folded) is not None
    return ADJUSTS.search(folded) is not None or percent is not None or cut >= 0 or shared


__all__ = [
    "AMOUNT",
    "DOSE",
    "FIXED_DOSE",
    "MASS_AMOUNT",
    "Amount",
    "Amounts",
    "adjusts",
    "amounts",
    "dose_for_patient",
    "per_body_amounts",
    "prints_amount",
]
