"""The strength of a liquid the user says they have ("siro 120mg/5ml", "ống 10mg/2ml",
"hỗn dịch 125mg/31,25mg trong 5ml", a foreign label's "200mg/28.5mg per 5mL"), and a
worked-out amount in millilitres of it.

The strength is the user's fact, like the weight: a worked-out amount in mg is divided by
the mg in one ml of it, and the claim shows that step beside the mg ("… = 120–180 mg mỗi lần;
120mg/5ml → 5–7,5 ml"). A combination's strength is read by its first amount (the book
doses amoxicillin–clavulanate by its amoxicillin). The millilitres are said to one decimal
(to two below 1 ml, `grounding.rounding`), marked "≈" when rounded. A powder made up in
water is a strength too ("gói 250mg pha 5ml", "hòa với 5ml nước"). A strength said aloud
("một trăm hai mươi lăm mi li gam trên năm mi li") is read in digits (`core.spoken`).
Nothing is read when the question says two different strengths.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from core.spoken import written_amounts
from core.text import fold, nfc
from grounding.dose_figures import MG_PER_UNIT, decimal, shown_range
from grounding.rounding import round_ml

_NUM = r"\d+(?:[.,]\d+)?"
_MASS = r"(?:mg|mcg|microgam|µg|μg|g)"
# "pha (với|thành|vào) 5ml", "hòa (vào) 5ml": a sachet made up to a volume.
_MADE_UP = r"(?:pha|hoa)(?:\s+(?:voi|thanh|vao|trong|duoc|cung))?"
_STRENGTH = re.compile(
    rf"(?<![\d.,/])(?P<amount>{_NUM})\s*(?P<unit>{_MASS})(?:\s+[a-z]{{3,}}(?=\s*/))?"
    rf"(?:\s*/\s*{_NUM}\s*{_MASS})?"
    rf"\s*(?:/|trong|cho|moi|tren|per|in|{_MADE_UP}|(?=\d))\s*(?P<volume>{_NUM})?\s*ml(?![a-z])"
)
# The volume first: "cứ 5ml có 125mg", "5 ml chứa 250 mg", "mỗi 5ml = 120mg".
_VOLUME_FIRST = re.compile(
    rf"(?<![\d.,])(?P<volume>{_NUM})\s*ml\s*(?:co|chua|=|tuong ung)\s*"
    rf"(?P<amount>{_NUM})\s*(?P<unit>{_MASS})(?![a-z])"
)
# "loại 400mg amox", "(400 mg amoxicilin + 57 mg clavulanat)": one part of a combination's
# strength, named by the word after its amount.
_PART = re.compile(rf"(?<![\d.,/])(?P<amount>{_NUM})\s*(?P<unit>{_MASS})\s+(?P<word>[a-z]{{3,}})")
# "lọ 1g pha 4ml ra 250mg/ml", "→ 40mg/ml": the strength a made-up vial comes to, said
# outright; it is the one the ml are drawn from (the volume added leaves some room over).
# "… + 57 mg clavulanat /5ml": the second part of a combination said as a sum, within the
# whole's strength; it is no strength of its own.
_SECOND_PART = re.compile(r"\+\s*$")
# A combination said as a sum per volume ("400 mg amoxicilin + 57 mg clavulanat /5ml", "400mg
# + 57mg trong 5ml"): read by its first amount, as "125mg/31,25mg trong 5ml" is.
_SUM = re.compile(
    rf"(?<![\d.,])(?P<amount>{_NUM})\s*(?P<unit>{_MASS})(?:\s+[a-z]{{3,}})?\s*\+\s*"
    rf"(?P<second>{_NUM})\s*(?P<unit2>{_MASS})(?:\s+[a-z]{{3,}})?"
    rf"\s*(?:/|trong|moi|tren|per|in)\s*(?P<volume>{_NUM})?\s*ml(?![a-z])"
)
# "400/57 mg trong 5 ml", "250/62,5mg/5ml": a combination's two amounts under one unit; read by
# its first, as the sums are (the second alone, "57 mg trong 5 ml", is no strength).
_SLASHED = re.compile(
    rf"(?<![\d.,/])(?P<amount>{_NUM})\s*/\s*(?P<second>{_NUM})\s*(?P<unit>{_MASS})"
    rf"\s*(?:/|trong|moi|tren|per|in)\s*(?P<volume>{_NUM})?\s*ml(?![a-z])"
)
_COMES_TO = re.compile(r"(?:\bra|\bthanh|\bduoc|\bcon|=|->|→|nong do)\s*$")
_ML = re.compile(rf"^\s*(?P<lo>{_NUM})(?:\s*(?:-|–)\s*(?P<hi>{_NUM}))?\s*ml\s*$")


@dataclass(frozen=True, slots=True)
class Strength:
    """The user's words for a liquid's strength and the mg in one ml of it."""

    quoted: str
    mg_per_ml: Decimal

    def ml(self, lo: Decimal, hi: Decimal, unit: str) -> tuple[Decimal, Decimal, bool]:
        """An amount in `unit` as ml of this liquid, as an oral syringe is read (True when
        rounded)."""
        exact = (lo * MG_PER_UNIT[unit] / self.mg_per_ml, hi * MG_PER_UNIT[unit] / self.mg_per_ml)
        shown = tuple(round_ml(v) for v in exact)
        return shown[0], shown[1], shown != exact

    def shown(self, lo: Decimal, hi: Decimal, unit: str) -> str:
        """ "120mg/5ml → 5–7,5 ml" (≈ when rounded)."""
        ml_lo, ml_hi, rounded = self.ml(lo, hi, unit)
        return f"{self.quoted} {'≈' if rounded else '→'} {shown_range(ml_lo, ml_hi)} ml"

    def result(self, lo: Decimal, hi: Decimal, unit: str) -> str:
        ml_lo, ml_hi, _ = self.ml(lo, hi, unit)
        return f"{shown_range(ml_lo, ml_hi)} ml"


def read_strength(text: str) -> Strength | None:
    """The one strength of a liquid the words say, or None (none, or two different ones)."""
    said = " ".join(
        written_amounts(nfc(text)).split()
    )  # fold collapses spaces: the two must line up
    folded = fold(said).lower()
    found: dict[Decimal, str] = {}
    comes_to: dict[Decimal, str] = {}
    said_first = list(_STRENGTH.finditer(folded))
    # "228,5mg/5ml có 28,5mg clav": a volume that ends a strength begins no other one.
    volume_first = [
        m
        for m in _VOLUME_FIRST.finditer(folded)
        if not any(s.start() <= m.start() < s.end() for s in said_first)
    ]
    for m in (*said_first, *volume_first):
        if _SECOND_PART.search(folded[: m.start()]):
            continue  # "400 mg amoxicilin + 57 mg clavulanat/5ml": a part of the whole's
        try:
            amount = decimal(m["amount"]) * MG_PER_UNIT[m["unit"]]
            volume = decimal(m["volume"]) if m["volume"] else Decimal(1)
        except (InvalidOperation, KeyError):
            continue
        if amount > 0 and volume > 0:
            found.setdefault(amount / volume, said[m.start() : m.end()])
            if _COMES_TO.search(folded[: m.start()]):
                comes_to.setdefault(amount / volume, said[m.start() : m.end()])
    for m in _SLASHED.finditer(folded):
        volume = decimal(m["volume"]) if m["volume"] else Decimal(1)
        if volume > 0:
            amount = decimal(m["amount"]) * MG_PER_UNIT[m["unit"]]
            found.setdefault(amount / volume, said[m.start() : m.end()])
    for m in _SUM.finditer(folded):
        try:
            first = decimal(m["amount"]) * MG_PER_UNIT[m["unit"]]
            whole = first + decimal(m["second"]) * MG_PER_UNIT[m["unit2"]]
            volume = decimal(m["volume"]) if m["volume"] else Decimal(1)
        except (InvalidOperation, KeyError):
            continue
        if first > 0 and volume > 0:
            found.pop(whole / volume, None)  # "Augmentin 457mg/5ml (400 mg + 57 mg /5ml)"
            found.setdefault(first / volume, said[m.start() : m.end()])
    if len(found) > 1 and len(comes_to) == 1:
        found = comes_to
    if len(found) != 1:
        return None
    ((per_ml, quoted),) = found.items()
    return Strength(" ".join(quoted.split()), per_ml)


def _without_strengths(folded: str) -> str:
    return _VOLUME_FIRST.sub(" ", _STRENGTH.sub(" ", folded))


# Asked in ml: "mấy ml", "bao nhiêu ml", "mấy vạch", "mấy cc" (said apart from a strength).
_ML_ASKED = re.compile(r"(?<![a-z0-9/])(?:ml|cc|vach)(?![a-z])")


# A second word of a drug's id that names its salt or form, not a second substance
# ("valproic_acid" is one drug, "amoxicillin_clavulanate" two).
_NOT_A_PART = frozenset({"acid", "sodium", "natri", "kali", "potassium", "hydrochloride"})


def _names_part(word: str, drug: str) -> bool:
    """The user's word names the part a combination is dosed by: the first of its two
    substances ("amox", "amoxicilin" for amoxicillin_clavulanate), by its first four letters."""
    parts = drug.lower().split("_")
    if len(parts) < 2 or not set(parts[1:]) - _NOT_A_PART:
        return False
    return len(parts[0]) >= 4 and word[:4] == parts[0][:4]


def _part_strength(text: str, strength: Strength, drug: str) -> Strength | None:
    """The strength of the combination's dosed part ("Augmentin 457mg/5ml loại 400mg amox"
    → 400mg amox/5ml), when the user names that part's amount beside the whole's."""
    said = " ".join(
        written_amounts(nfc(text)).split()
    )  # fold collapses spaces: the two must line up
    folded = fold(said).lower()
    whole = _STRENGTH.search(folded)
    if whole is None:
        return None
    volume = decimal(whole["volume"]) if whole["volume"] else Decimal(1)
    for m in _PART.finditer(folded):
        if not _names_part(m["word"], drug):
            continue
        amount = decimal(m["amount"]) * MG_PER_UNIT[m["unit"]]
        if 0 < amount / volume < strength.mg_per_ml:
            shown = " ".join(said[m.start() : m.end()].split())
            ml = whole["volume"] or "1"
            return Strength(f"{shown}/{ml}ml", amount / volume)
    return None


# A mass asked, not a figure said: "bao nhiêu mg", "liều khởi đầu mg?" (no number before the
# unit), never a per-kg unit ("tính theo mg/kg").
_MASS_ASKED = re.compile(rf"(?<![a-z\d.,µμ])(?<![\d.,]\s){_MASS}(?![a-z/])")


def ml_asked(text: str) -> bool:
    """The question asks an amount in ml ("mấy ml", "bao nhiêu cc", "mấy vạch"), strengths
    aside."""
    return bool(_ML_ASKED.search(_without_strengths(fold(written_amounts(nfc(text))).lower())))


def asked_liquid(text: str, drugs: tuple[str, ...] = ()) -> Strength | None:
    """The liquid's strength when the amount is to be measured in ml of it (of the dosed part
    of a combination, when the user names that part's amount): ml asked ("mấy ml"), or no unit
    asked at all ("chai 1g/100ml, liều một lần tính sao"; "4,8mg thì rút 2,4ml đúng không"
    checks their own figures): what is given from it is ml. An amount asked in mg and not in
    ml ("ống 10mg/2ml, liều bao nhiêu mg") is answered in mg."""
    strength = read_strength(text)
    if strength is None:
        return None
    rest = _without_strengths(fold(written_amounts(nfc(text))).lower())
    if not _ML_ASKED.search(rest) and _MASS_ASKED.search(rest):
        return None
    part = next((p for d in drugs[:1] if (p := _part_strength(text, strength, d))), None)
    return part or strength


def liquid_for(text: str, drugs: tuple[str, ...] = ()) -> Callable[[str], Strength | None]:
    """The liquid a row's amount is measured in, by the row's words: the user's
    (`asked_liquid`), or, when ml is asked of no strength said, the one liquid the row itself
    names ("chế phẩm 14:1 (600 mg/42,9 mg trong 5 ml)"); None: in mg."""
    theirs = asked_liquid(text, drugs)
    if theirs is None and read_strength(text) is None and ml_asked(text):
        return read_strength
    return lambda _row: theirs


def read_ml(text: str) -> tuple[Decimal, Decimal] | None:
    """ "5–7,5 ml" → (5, 7.5); anything else → None."""
    m = _ML.match(nfc(text))
    if m is None:
        return None
    lo = decimal(m["lo"])
    return lo, decimal(m["hi"]) if m["hi"] else lo


__all__ = ["Strength", "asked_liquid", "liquid_for", "ml_asked", "read_ml", "read_strength"]
