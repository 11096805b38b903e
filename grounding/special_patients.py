"""The rows a special patient gets first: on dialysis, with kidney or liver disease, elderly,
a child the book sends to the adult dose, and a patient whose INR is given.

Each takes the rows that fit the patient and keeps the book's own rows for that patient
when they say the dose; without such a row nothing changes. Pure functions for `select`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from collections.abc import Set as AbstractSet

from core.evidence import Claim, Evidence
from core.frame import QueryFrame
from core.sections import SectionKey
from core.text import fold, sentences_of
from grounding.asked import AskedWords
from grounding.bands import parse_bands
from grounding.blocks import Block, Who
from grounding.book.filter_words import BLEEDING, DIALYSIS, NOT_BLEEDING, NOT_ON_DIALYSIS
from grounding.book.vocabulary import BABY
from grounding.heads import DOSE, who_of
from grounding.limits import drug_sections
from grounding.line_links import STATE_PATIENTS
from grounding.markup import shown
from grounding.patient_fit import Patient, fits_child

# A row is about dialysis when its head says so, in its first words ("Suy thận chạy thận
# nhân tạo: …", "Người bệnh thẩm tách máu — …"); a later clause does not make it one.
DIALYSIS_HEAD_CHARS = 70


_STATE_PIECES = re.compile(r"\s*,\s*|\s+(?:hoac|va)\s+")
_STATE_LEAD = re.compile(r"^(?:dang bi|bi|co|dang)\s+")


def states_said(block: Block, asked: AskedWords) -> bool | None:
    """Whether the question names a state of the patients a caveat is said of ("ở bệnh nhân
    nghiện rượu, …" asked of a patient who drinks): None when the caveat names patients by
    no state (or by an age, weight or population: those are read as bands), or is a kidney
    or liver line (read from the patient's facts)."""
    m = STATE_PATIENTS.search(block.folded)
    if m is None or block.renal or block.hepatic:
        return None
    pieces = [_STATE_LEAD.sub("", p.strip()) for p in _STATE_PIECES.split(m["states"])]
    pieces = [p for p in pieces if p]
    if not pieces or any(not parse_bands(p).is_empty or who_of(p) for p in pieces):
        return None
    words = f" {asked.words} "
    # "suy dinh dưỡng mạn" is said by "suy dinh dưỡng" too: a long state without its last word.
    return any(
        f" {p} " in words or (len(p.split()) >= 3 and f" {p.rsplit(' ', 1)[0]} " in words)
        for p in pieces
    )


def governed_fit(block: Block, patient: Patient) -> bool:
    """Whether the special-patient heads governing a row let this patient have it.

    A row carrying a clearance band from its head ("*Suy thận nặng* (Clcr < 30 ml/phút):
    … Liều 5 mg … cho trẻ em 2 - 5 tuổi") is for that kidney function only, whatever the
    row's own words say of age: not the dose of a healthy 3-year-old. A row headed by
    dialysis is not for a patient without it (ClCr 35 gets "< 50 và không kèm thẩm tách
    máu", not "Người bệnh thẩm tách máu").
    """
    band = block.bands.clearance
    if band is not None and not patient.renal:
        return False
    if band is not None and patient.clearance is not None and not band.contains(patient.clearance):
        return False
    # "không kèm thẩm tách máu": a row said of those NOT on dialysis is no dialysis row.
    said = block.folded[:DIALYSIS_HEAD_CHARS]
    if patient.dialysis and NOT_ON_DIALYSIS.search(said):
        return False
    return not (DIALYSIS.search(NOT_ON_DIALYSIS.strip(said)) and not patient.dialysis)


def share_of_usual(block: Block) -> bool:
    """The row gives the dose only as a share of the usual one ("Dùng 50% liều bình
    thường", "1/2 liều thường dùng", "giảm liều một nửa"): it prints no amount of its own,
    so it means nothing without the usual row it is a share of."""
    return block.adjusts and not block.prints_dose and not block.refuses


def renal_first(chosen: list[Block], patient: Patient) -> list[Block]:
    """With a measured clearance, the renal rows for it: alone when they print a dose (or
    refuse the use), with the usual rows when they only widen the interval ("cách nhau ít
    nhất 6 giờ") or give the dose as a share of the usual one ("50% liều bình thường")."""
    renal = [b for b in chosen if b.renal]
    if not renal:
        return chosen
    if patient.clearance is None:
        # Kidneys named without a clearance: the renal rows that say the dose, first.
        said = [b for b in renal if not b.bands.clearance and (b.fixed_dose or b.adjusts)]
        return said + [b for b in chosen if b not in said]
    renal = [b for b in renal if b.bands.clearance] or renal
    if any(b.refuses or ((b.fixed_dose or b.adjusts) and not share_of_usual(b)) for b in renal):
        return renal
    return renal + [b for b in chosen if not b.renal]


# A row says the dose when it prints one of its own (`Block.fixed_dose`: "0,6 mg/ngày", not per
# kg or m² of body nor a concentration) or says how to change it (`Block.adjusts`: "dùng 75%
# liều", "giảm một nửa").


def dialysis_first(chosen: list[Block], patient: Patient) -> list[Block]:
    """A patient on dialysis gets the book's dialysis rows alone when they say the dose."""
    if not patient.dialysis:
        return chosen
    rows = [
        b
        for b in chosen
        if DIALYSIS.search(NOT_ON_DIALYSIS.strip(b.folded)) and (b.fixed_dose or b.adjusts)
    ]
    return rows or chosen


def hepatic_first(chosen: list[Block], patient: Patient) -> list[Block]:
    """A patient with liver disease gets the hepatic rows alone when they say the dose."""
    if not patient.hepatic:
        return chosen
    hepatic = [b for b in chosen if b.hepatic and (b.fixed_dose or b.adjusts)]
    return hepatic or chosen


def elderly_first(chosen: list[Block], patient: Patient) -> list[Block]:
    """An elderly patient gets the book's elderly rows alone when they print a dose or a share
    of it ("50 % liều"); rows that only say to lower it, with no number ("giảm liều, theo dõi
    chặt"), come first, with the usual rows they lower, not instead of them."""
    if not patient.elderly:
        return chosen
    elderly = [b for b in chosen if b.who is Who.ELDERLY and not b.renal]
    if dosed := [b for b in elderly if b.fixed_dose]:
        return dosed + [b for b in chosen if b.renal]
    changes = [b for b in elderly if b.adjusts]
    if changes and not any(ch.isdigit() for b in changes for ch in b.text):
        return changes + [b for b in chosen if b not in changes]
    return changes + [b for b in chosen if b.renal] if changes else chosen


def exception_over_rule(rows: list[Block], patient: Patient) -> list[Block]:
    """A child's own band printed after the children's rule ("Trẻ em: 4 mg/kg, 6 giờ một
    lần. Trẻ dưới 1 tuổi hoặc dưới 10 kg: 30 mg, 8 giờ một lần") is the exception for that
    child: the rule with no band, on the same route and indication, is not shown beside it."""
    if not patient.child:
        return rows
    out = rows
    for row in rows:
        if not (row.bands.age or row.bands.weight) or row.refuses or not row.prints_dose:
            continue
        # The band opens the row ("Trẻ dưới 1 tuổi …: 30 mg"); one in a closing parenthesis
        # ("… tăng tới 200 mg/kg (100 mg/kg với trẻ sơ sinh)") is no row of that band's own.
        dose = DOSE.search(row.text)
        opening = parse_bands(row.text[: dose.start()] if dose else row.text)
        # The smallest children set apart ("dưới 1 tuổi", "dưới 10 kg"); a closed band after
        # the rule ("15 - 25 kg: 200 mg") tabulates it, and both are shown.
        if not any(b is not None and b.lo == 0 for b in (opening.age, opening.weight)):
            continue
        if not fits_child(row, patient, strict=True):
            continue
        out = [
            r
            for r in out
            if not (
                r.who is Who.CHILD
                and r.evidence_index == row.evidence_index
                and r.end <= row.start
                and not (r.bands.age or r.bands.weight)
                and r.prints_dose
                and r.kind is row.kind
                # "… 100 mg/kg (trẻ sơ sinh 50 mg/kg)": the rule gives the baby's dose too.
                and not BABY.search(r.folded)
                and (r.indication, r.renal, r.hepatic) == (row.indication, row.renal, row.hepatic)
                # A band printed with no route of its own follows the rule's route.
                and (not row.routes or set(row.routes) & set(r.routes))
            )
        ]
    return out


def fits_by_age(block: Block, age_months: float) -> bool:
    """A row banded by an age that holds this one and printing a dose of its own, not per kg
    ("Trẻ 6 - 12 tuổi: 5 mg/lần"): it answers a child whose weight is not told."""
    age = block.bands.age
    return (
        age is not None
        and age.contains(age_months)
        and block.reading.fixed_dose
        and not block.reading.figures
        and not block.refuses
    )


def age_rows_over_per_kg(
    rows: list[Block], patient: Patient, named: AbstractSet[str] = frozenset()
) -> list[Block]:
    """A child of a told age and no told weight, with an age row that fits them: the per-kg
    rows wait for the weight (they are shown once it is told); kidney and liver rows stay,
    and so do the rows of an indication the question names (its own dose is per kg)."""
    age = patient.age_months
    if not patient.child or age is None or patient.weight_kg is not None:
        return rows
    if not any(fits_by_age(r, age) for r in rows):
        return rows
    return [
        r
        for r in rows
        if r.renal or r.hepatic or not r.reading.figures or (r.indication and r.indication in named)
    ]


def adult_threshold(chosen: list[Block], rows: list[Block], patient: Patient) -> list[Block]:
    """A child the book sends to the adult dose gets the adult rows, and no general child row."""
    if not patient.child:
        return chosen
    like = [b for b in chosen if b.bands.adult_like]
    if like:
        routes = {r for b in like for r in b.routes}
        # An indication whose child row says "dùng liều như người lớn" sends the child to the adult
        # rows of that indication only.
        heads = {b.indication for b in like}
        chosen = chosen + [
            b
            for b in rows
            if b.who is Who.ADULT
            and not (b.bands.age or b.bands.weight or b.renal)
            and (not routes or routes & set(b.routes))
            and (None in heads or b.indication in heads or b.indication is None)
            and b not in chosen
        ]
    weight = patient.weight_kg
    by_weight = [
        b
        for b in chosen
        if b.who is not Who.CHILD
        and b.bands.weight is not None
        and b.bands.weight.lo > 0
        and weight is not None
        and b.bands.weight.contains(weight)
    ]
    if by_weight:
        # "Người lớn và trẻ em từ 40 kg trở lên": past the book's weight threshold, a child
        # row that does not name a weight containing the patient ("Trẻ từ 3 tháng tuổi: … mg/kg")
        # belongs to the lighter children the threshold leaves out - under the threshold's own
        # indication ("Dự phòng bệnh than: Người lớn ≥ 40 kg" leaves the endocarditis rows).
        heads = {b.indication for b in by_weight}
        # "Đặt trực tràng, người lớn và trẻ em nặng trên 12 kg" leaves the children's IV row be.
        routes = {r for b in by_weight for r in b.routes}
        chosen = [
            b
            for b in chosen
            if b.who is not Who.CHILD
            or (None not in heads and b.indication not in heads)
            or (bool(routes) and all(b.routes) and not routes & set(b.routes))
            or (
                b.bands.weight is not None
                and weight is not None
                and b.bands.weight.contains(weight)
            )
        ]
    adult = [b for b in chosen if b.who is Who.ADULT or b.bands.adult_like]
    # An adult row by another route ("Người lớn và trẻ em trên 14 tuổi: bôi gel") does not
    # send the child to the adult dose by mouth.
    return [
        b
        for b in chosen
        if not (
            b.who is Who.CHILD
            and not b.bands.adult_like
            and b.bands.age is None
            and b.bands.weight is None
            and any(_governs(a, b, {a.indication for a in like}) for a in adult)
        )
    ]


def _governs(adult: Block, child: Block, like_heads: set[str | None]) -> bool:
    """An adult row (or "as for adults") takes the place of a child's general row of the same
    route and indication; one said of no indication, of every child row but those of other
    indications than the ones an "as for adults" row names (`like_heads`)."""
    same_route = not adult.routes or not child.routes or set(adult.routes) & set(child.routes)
    if adult.indication is None:
        same_head = not like_heads or None in like_heads or child.indication in like_heads
    else:
        same_head = adult.indication == child.indication
    return bool(same_route) and same_head


def _said_of_bleeding(block: Block) -> bool:
    head = block.folded[:40]
    return BLEEDING.search(head) is not None and not NOT_BLEEDING.search(head)


def inr_rows(chosen: list[Block], value: float | None, *, bleeding: bool = False) -> list[Block]:
    """ "INR 10, không chảy máu" (`QueryFrame.inr`, `.bleeding`): the rows of the INR band
    that contains `value`; rows said of a bleeding patient ("Nếu chảy máu nhiều …") only when
    the patient bleeds."""
    if value is None:
        return chosen
    if not bleeding:
        chosen = [b for b in chosen if not _said_of_bleeding(b)]
    banded = [b for b in chosen if (band := b.inr) is not None and band.contains(value)]
    if not banded:
        return chosen
    return banded + [b for b in chosen if b not in banded and _said_of_bleeding(b)]


# The liver disease a person names as grave ("suy gan nặng", "xơ gan mất bù", "suy chức
# năng gan nặng"), and the book's words for liver failure in a contraindication.
_GRAVE_LIVER = re.compile(
    r"(?<![a-z])(?:(?:suy (?:chuc nang )?gan|benh gan|ton thuong gan) (?:nang|mat bu)"
    r"|xo gan mat bu|hon me gan)(?![a-z])"
)
_LIVER_FAILURE = re.compile(r"(?<![a-z])(?:suy (?:chuc nang )?gan|benh gan nang|xo gan)(?![a-z])")
# A contraindication said of a milder liver ("suy gan nhẹ") is no bar of the grave one.
_MILD = re.compile(r"(?<![a-z])(?:nhe|vua|trung binh)(?![a-z])")
MAX_ORGAN_BARS = 2


def grave_liver_bars(
    evidence: Sequence[Evidence], drug_id: str | None, frame: QueryFrame, asked: AskedWords
) -> list[Claim]:
    """A patient whose liver disease is said to be grave ("xơ gan mất bù", "suy gan nặng"),
    and a Chống chỉ định sentence naming liver failure: that sentence is the answer, not the
    reduced dose the dose section prints for liver disease in general."""
    patient = frame.patient
    if patient is None or not patient.hepatic_impairment or not _GRAVE_LIVER.search(asked.folded):
        return []
    claims: list[Claim] = []
    for index, ev in drug_sections(evidence, drug_id, SectionKey.CHONG_CHI_DINH.value):
        for sentence in sentences_of(ev.text):
            text = shown(sentence)
            folded = fold(text)
            said = _LIVER_FAILURE.search(folded)
            if said and not _MILD.match(folded[said.end() :].lstrip()):
                claims.append(Claim(text=text, citations=(index,)))
    return claims[:MAX_ORGAN_BARS]


# The phase of a course a row doses: its start, or its upkeep.
_PHASE = re.compile(r"(?<![a-z])(khoi dau|ban dau|bat dau|duy tri)(?![a-z])")
_ADULT_FROM_MONTHS = 18 * 12


def _phase(row: Block) -> str | None:
    m = _PHASE.search(row.folded)
    return None if m is None else ("duy tri" if m[1] == "duy tri" else "khoi dau")


def older_adults_over_rule(rows: list[Block], patient: Patient) -> list[Block]:
    """ "Thường khởi đầu với liều 50 - 100 …" then "Ở người > 50 tuổi, …, nên khởi đầu với
    liều thấp: …": an adult the later band contains gets that band's start, not the rule's;
    the rule's other phases (the upkeep) stay."""
    if patient.child or patient.age_months is None:
        return rows
    out = rows
    for row in rows:
        band = row.bands.age
        if band is None or band.lo < _ADULT_FROM_MONTHS or not row.prints_dose:
            continue
        if not band.contains(patient.age_months) or (phase := _phase(row)) is None:
            continue
        out = [
            r
            for r in out
            if not (
                r is not row
                and r.bands.age is None
                and r.prints_dose
                and _phase(r) == phase
                and (r.indication, r.routes, r.renal, r.hepatic)
                == (row.indication, row.routes, row.renal, row.hepatic)
            )
        ]
    return out


__all__ = [
    "adult_threshold",
    "dialysis_first",
    "elderly_first",
    "exception_over_rule",
    "governed_fit",
    "grave_liver_bars",
    "hepatic_first",
    "inr_rows",
    "older_adults_over_rule",
    "renal_first",
    "share_of_usual",
    "states_said",
]
