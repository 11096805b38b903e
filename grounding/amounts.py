"""The amounts a dose answer works out for its patient: each chosen row's per-kg figures
times the weight the user gave (per-m² ones times the body surface they stated), capped as
the book says, as claims beside the row.

Nothing is worked out when the patient's weight or age is outside the figure's band, when
a kidney or liver row governs the patient, for a per-m² figure when no body surface is
stated (never computed from a weight), or for a row of an indication the question did not
name while another row's was named.
The arithmetic is `grounding.derivation`; this module only decides which rows and caps.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from decimal import Decimal

from core.evidence import Claim
from core.frame import QueryFrame
from core.text import fold_words, nfc
from grounding.asked import AskedWords
from grounding.bands import Bands
from grounding.block import Reading
from grounding.blocks import Block, BlockKind, Part
from grounding.book.doses import MASS_AMOUNT, adjusts, prints_amount
from grounding.book.vocabulary import (
    BORN_AT_TERM,
    BORN_EARLY,
    DISEASE_KIND,
)
from grounding.ceilings import (
    banded_day_caps,
    ceiling_dose_claims,
    day_ceiling_claims,
    following_day_caps,
    group_day_caps,
    held_caps,
    paragraph_day_caps,
    per_dose_caps,
    twin_caps,
)
from grounding.derivation import Cap, Figure, Period, Worked, row_caps, split_by, work
from grounding.dose_counts import other_regimens, said_doses_a_day
from grounding.dose_said import row_of_said_figure
from grounding.figure_labels import MAX_LABEL_CHARS, figure_label, other_cases
from grounding.figure_patients import figure_fits, patient_in
from grounding.liquid import Strength, liquid_for
from grounding.patient_fit import ADULT_MONTHS, Patient, fits
from grounding.titration import titration_asked

UNITS = "đơn vị"
"""Heparin's units: a cap in a mass never binds them, nor a mass one of theirs."""


def _refuses(block: Block, weight: float | None, age: float | None) -> bool:
    """A row for the patient's own band that says not to give the drug."""
    banded = block.bands.age is not None or block.bands.weight is not None
    # "không được dùng viên bao phim 250 mg" bars one form, not the drug.
    return (
        banded
        and patient_in(block.bands, weight, age)
        and block.refuses
        and not MASS_AMOUNT.search(block.folded)
    )


def _row_label(block: Block) -> str:
    """The indication a row is printed for: its head, else its own label before the colon."""
    if block.indication:
        return block.indication
    label = block.text.partition(":")[0]
    inner = re.search(r"\(([^()]{3,60})\)", label)
    return inner[1] if inner else label if len(label) <= MAX_LABEL_CHARS * 2 else ""


# Words that say whom or which band a row is for, not what it treats.
_WHO_NAMES = (
    "tre em nguoi lon so sinh nho con bu duoi tren tu den tuoi thang tuan ngay nam kg can"
    " nang va hoac theo benh nhan thieu nien cao"
)
_WHO_WORDS = frozenset(_WHO_NAMES.split())
# Words of what kind of infection or disease, not which one: "nhiễm khuẩn nặng" names no
# head of "Dự phòng viêm nội tâm mạc nhiễm khuẩn".
_KIND_WORDS = frozenset(
    {w for w in DISEASE_KIND.folded if " " not in w} | {"nhiem", "khuan", "benh", "nhe"}
)

# Words of the usual or the normal ("liều bình thường", "thông thường": a question says them
# of the dose, a label of a state, "Van tim bình thường") and of the route ("Bệnh thương hàn
# (tiêm tĩnh mạch)"): none of them names which indication.
_NOT_WHICH = frozenset(
    {"binh", "thuong", "thong", "le", "tiem", "chich", "tinh", "mach", "bap", "truyen", "uong"}
    | {"duong", "cham", "sau", "duoi", "da"}
)


def _indication_words(label: str) -> list[str]:
    """The words of a row's label that name an indication (none for "Trẻ em (dưới 50 kg)")."""
    words = [w for w in fold_words(label).split() if not w.isdigit()]
    return words if set(words) - _WHO_WORDS else []


def names_an_indication(block: Block) -> bool:
    """A row printed for an indication: under its head, or naming one in the label before
    its colon ("Trẻ từ 6 tháng tuổi, nhiễm khuẩn hô hấp: …"; not "Trẻ em 1 - 18 tuổi: …")."""
    if block.indication:
        return True
    return ":" in block.text and bool(_indication_words(_row_label(block)))


def is_general_row(block: Block) -> bool:
    """A row of the usual dose for a population: a band or a label before its colon ("Trẻ từ
    1 tháng tuổi đến 18 tuổi: …"), and no indication; not a sentence such as "Nếu không đỡ
    sau khi uống 16 mg/ngày …"."""
    banded = block.bands.age is not None or block.bands.weight is not None
    return not names_an_indication(block) and (banded or ":" in block.text[: MAX_LABEL_CHARS * 2])


def _names(asked: AskedWords, words: Sequence[str]) -> bool:
    """The question says two or more of the label's words in a row (one long word alone),
    and not only words of whom it is for or what kind of disease (unless the label is all
    such words, said whole: "Nhiễm khuẩn nặng")."""
    said = f" {asked.words} "
    for n in range(len(words), 1, -1):
        for i in range(len(words) - n + 1):
            run = words[i : i + n]
            which = set(run) - _WHO_WORDS - _KIND_WORDS - _NOT_WHICH or n == len(words)
            if which and set(run) - _WHO_WORDS and f" {' '.join(run)} " in said:
                return True
    return len(words) == 1 and len(words[0]) >= 5 and f" {words[0]} " in said


def _named_rows(rows: Sequence[Block], asked: AskedWords) -> list[Block]:
    """Rows of the indication the question names (with the rows said of no indication when
    the named ones give no per-kg figure); every row when the question names none."""
    labels = {id(b): _indication_words(_row_label(b)) for b in rows}
    named = [b for b in rows if labels[id(b)] and _names(asked, labels[id(b)])]
    if not named:
        return list(rows)
    if any(b.figures for b in named):
        return named
    return [b for b in rows if b in named or not labels[id(b)]]


def _governed_by_organ(frame: QueryFrame, blocks: Sequence[Block]) -> bool:
    """The patient's kidney or liver row governs instead of the per-kg rule: one that gives
    a dose or changes it ("Clcr 10 - 50: dùng 75% liều"), not one that only names the
    disease as a use (a kidney-failure head over a high dose given as an added treatment)."""
    p = frame.patient
    renal = bool(p and (p.renal_impairment or p.egfr is not None or p.dialysis))
    hepatic = bool(p and p.hepatic_impairment)
    return any(
        ((renal and b.renal) or (hepatic and b.hepatic))
        and (prints_amount(b.folded) or adjusts(b.folded) or b.bands.clearance is not None)
        for b in blocks
    )


def _caveat_caps(caveats: Sequence[Block], row: Block) -> list[Cap]:
    """Caps printed as caveats of the row's own group, with a period of their own."""
    return [
        cap
        for b in caveats
        if b.group[:6] == row.group[:6]
        for cap in b.caps
        if cap.period is not Period.BARE
    ]


def _at_term(asked: AskedWords) -> bool:
    """The question says the baby was born at term ("đủ tháng", not "không đủ tháng")."""
    folded = asked.folded
    return bool(BORN_AT_TERM.search(folded)) and not BORN_EARLY.search(folded)


def _caps_of(
    each: Figure,
    figure: Figure,
    row: Block,
    text: str,
    figures: Sequence[Figure],
    blocks: Sequence[Block],
) -> list[Cap] | None:
    """The row's and section's caps that bind one amount made from `figure`; None when
    that amount is not made (a dose's cap over a range of doses a day: no day's amount)."""
    caps = row_caps(text, each, figures)
    if each is not figure and each.times_between and per_dose_caps(text, figure):
        return None
    if each is not figure and each.period is Period.DAY:
        caps += group_day_caps(blocks, row)  # "… Tối đa 2,4 g/ngày." after it
    if each.period is Period.DAY:
        caps += paragraph_day_caps(blocks, row)  # "… không được vượt 300 mg/ngày."
    if each is figure and each.period is Period.DAY:
        caps += following_day_caps(blocks, row)  # "5 mg/kg/ngày. … không được vượt 300 mg/ngày"
    return caps


def _claim(
    worked: Worked, label: str, row: Block, liquid: Strength | None, split: int | None
) -> Claim:
    """One worked-out amount as a claim (in ml of the user's liquid too, when asked so; the
    doses a day the user said, when the split is theirs)."""
    if liquid is not None and worked.result_unit != UNITS:  # a strength is a mass per ml
        worked = replace(worked, liquid=liquid)
    if split is not None:
        worked = replace(worked, said_split=split)
    text = f"{label}: {worked.text()}" if label else worked.text()
    if split is not None:
        text += f" (chia {split} lần như bạn nói)"
    return Claim(text=text, citations=(row.evidence_index,), derivation=worked.derivation())


def amount_claims(
    rows: Sequence[Block], caveats: Sequence[Block], blocks: Sequence[Block], frame: QueryFrame,
    asked: AskedWords,
) -> dict[int, list[Claim]]:  # fmt: skip
    """Claims of worked-out amounts, keyed by the position of their row in `rows`."""
    weight, surface = frame.weight_kg, frame.body_surface_m2
    if (weight is None and surface is None) or _governed_by_organ(frame, blocks):
        return {}
    age = frame.age_months
    if age is None and frame.population is not None and not frame.is_child:
        age = float(ADULT_MONTHS)
    dosed = [b for b in rows if b.kind in (BlockKind.ROW, BlockKind.TABLE_ROW)]
    if any(_refuses(b, weight, age) for b in dosed):
        return {}  # "dưới 3 tháng tuổi hoặc dưới 5 kg: không khuyến cáo": nothing to work out
    chosen = _named_rows(dosed, asked)
    told = said_doses_a_day(asked.folded)  # "bác sĩ cho chia 3 lần"
    # "siro 120mg/5ml thì mấy ml"; ml asked of none: the liquid the row names, if one
    liquid_of = liquid_for(asked.text, tuple(frame.drugs))

    def fit(bands: Bands) -> bool:
        return patient_in(bands, weight, age)

    out: dict[int, list[Claim]] = {}
    for n, row in enumerate(rows):
        if row not in chosen or row.renal or row.hepatic or not fit(row.bands):
            continue
        text = nfc(row.text)
        said = row.reading if text == row.text else Reading(text)
        figures = list(row.figures)
        claims: list[Claim] = []
        labels = [
            figure_label(said, f, figures[k - 1] if k else None) if len(figures) > 1 else ""
            for k, f in enumerate(figures)
        ]
        # another complaint's figure; another regimen than the doses a day the user was told
        off = other_cases(labels, frame.condition.text if frame.condition else None) | (
            other_regimens([f.split or f.times for f in figures], told)
        )
        for k, figure in enumerate(figures):
            if k in off:
                continue  # "… và đối với đau, 10 mg/kg" asked for a fever
            if (measure := weight if figure.per == "kg" else surface) is None:
                continue  # per m² and no body surface stated, or per kg and no weight
            if not figure_fits(said, figures, k, (weight, age), _at_term(asked)):
                continue
            # "(không được vượt liều người lớn)", "(không quá liều khởi đầu)": held at that
            # row's amount, else quoted only.
            adult = held_caps(blocks, row, said.folded_span(figure.start), fit)
            if adult is None:
                continue
            # The same regimen's cap elsewhere; the per-kg day's ceiling of this child's band
            # ("sơ sinh và trẻ dưới 3 tháng tuổi: tối đa 30 mg/kg/ngày").
            adult += [
                *twin_caps(blocks, row, figure, fit),
                *(c for c in banded_day_caps(blocks, row, fit) if c.per_kg),
            ]
            label = labels[k]
            # The dose, then the day's amount when the book fixes the doses a day, or one
            # dose when it splits the day's amount into a fixed number (or the user does).
            theirs = split_by(figure, told) if told else None
            for each in (figure, figure.daily(), figure.each_dose(), figure.daily_between(),
                         theirs):  # fmt: skip
                if each is None:
                    continue
                caps = _caps_of(each, figure, row, text, figures, blocks)
                if caps is None:
                    continue
                caps += _caveat_caps(caveats, row) + adult
                caps = [c for c in caps if (c.unit == UNITS) == (each.unit == UNITS)]
                worked = work(each, Decimal(str(measure)), caps)
                if worked.exact():
                    split = told if each is theirs else None
                    claims.append(_claim(worked, label, row, liquid_of(text), split))
        # A body surface only (no weight) has no per-kg ceiling to work out.
        if weight is not None and frame.max_dose:  # "tối đa một ngày": the day's ceiling
            claims += day_ceiling_claims(
                text, weight, row.evidence_index, fit, banded_day_caps(blocks, row, fit)
            )
        elif weight is not None and not claims:  # "dưới 3 tháng: tối đa 30 mg/kg/ngày"
            claims = ceiling_dose_claims(
                text, weight, row.evidence_index, fit, told, liquid_of(text)
            )
        if claims:
            out[n] = claims
    return out


_STOP_WORDS = frozenset({"va", "hoac", "cho", "tre", "em", "nguoi", "lon", "dieu", "tri", "lieu"})


def _indication_said(indication: str, asked: AskedWords) -> bool:
    words = set(asked.words.split())
    own = {w for w in fold_words(indication).split() if len(w) >= 3} - _STOP_WORDS - _KIND_WORDS
    return bool(own & words)  # "viêm" alone does not say "Dự phòng viêm màng não"


def age_row_beside(
    rows: Sequence[Block], blocks: Sequence[Block], frame: QueryFrame, asked: AskedWords
) -> Block | None:
    """The book's age row for this child ("Trẻ 4 - 7 tuổi: 150 mg x 3 lần/ngày"), to show
    beside a per-kg row when the chosen rows have none: same route, an indication the
    question names (or the only one the age rows have, beside rows of no indication), a dose
    in mg, not per kg."""
    if not frame.is_child or frame.age_months is None:
        return None
    if any(b.bands.age for b in rows) or not any(b.figures for b in rows):
        return None
    patient = Patient.of(frame)
    routes = {r for b in rows for r in b.routes} | ({frame.route} if frame.route else set())
    candidates = [
        b
        for b in blocks
        if b.kind in (BlockKind.ROW, BlockKind.TABLE_ROW)
        and b.context.part is Part.DOSING
        and b not in rows
        and b.bands.age is not None
        and b.bands.age.contains_strictly(frame.age_months)
        and not (b.renal or b.hepatic)
        and fits(b, patient)
        and (not routes or not b.routes or bool(routes & set(b.routes)))
        and MASS_AMOUNT.search(b.folded)
        and not b.figures
    ]
    shown = {b.indication for b in rows}
    said = [b for b in candidates if b.indication is None or b.indication in shown]
    said += [b for b in candidates if b.indication and _indication_said(b.indication, asked)]
    if not said and len({b.indication for b in candidates}) == 1 and shown <= {None}:
        # The age table of the one head ("Giảm đau và hạ sốt:" then a row per age), not a
        # named infection's one banded row ("… liều duy nhất 125 mg cho trẻ dưới 15 tuổi").
        ages = [b for b in blocks if b.indication == candidates[0].indication and b.bands.age]
        said = candidates if len(ages) > 1 else []
    return min(said, key=lambda b: b.bands.age.width if b.bands.age else 0.0, default=None)


def per_kg_row_beside(
    rows: Sequence[Block], blocks: Sequence[Block], frame: QueryFrame
) -> Block | None:
    """The book's per-kg rule printed under the same heads as the chosen age row ("Nếu tính
    theo cân nặng: 15 mg/kg mỗi lần"), when no chosen row gives one: the amount for the
    stated weight is worked out from it."""
    if frame.weight_kg is None or any(b.figures for b in rows):
        return None
    weight = frame.weight_kg
    if any(
        b.bands.weight and b.bands.weight.lo == 0 and b.bands.weight.contains(weight) for b in rows
    ):
        return None  # "dưới 10 kg: 37,5 mg": the smallest children's own dose, not the rule
    groups = {b.group[:6] for b in rows if b.bands.age or b.bands.weight}
    patient = Patient.of(frame)
    return next((b for b in blocks if b.kind is BlockKind.ROW and b.group[:6] in groups
                 and b not in rows and not (b.bands.age or b.bands.weight or b.renal or b.hepatic)
                 and fits(b, patient) and any(f.per == "kg" for f in b.figures)), None)  # fmt: skip


def rows_with_amounts(
    rows: list[Block],
    caveats: Sequence[Block],
    blocks: Sequence[Block],
    frame: QueryFrame,
    asked: AskedWords,
) -> tuple[list[Claim], bool]:
    """The dose answer's row claims: each row, then the amounts worked out from it for this
    patient's weight; the per-kg rule beside the age row, and the book's age row for the
    child beside a per-kg rule, when the chosen rows lack one. `rows` gains the rule row.
    True when an amount was worked out."""
    if rule := per_kg_row_beside(rows, blocks, frame):
        at = max(i for i, b in enumerate(rows) if b.group[:6] == rule.group[:6])
        rows.insert(at + 1, rule)
    if theirs := row_of_said_figure(rows, blocks, frame, asked):
        rows.append(theirs)  # "0,45mg/kg tính ra bao nhiêu": the book's row of that figure
    stepped = titration_asked(frame.standalone_query)  # "bắt đầu bao nhiêu, rồi tăng thế nào"
    worked = {} if stepped else amount_claims(rows, caveats, blocks, frame, asked)
    beside = age_row_beside(rows, blocks, frame, asked) if worked else None
    claims = [Claim(text=beside.headed, citations=beside.cites)] if beside else []
    claims += [
        c
        for n, b in enumerate(rows)
        for c in (Claim(text=b.headed, citations=b.cites), *worked.get(n, ()))
    ]
    return claims, bool(worked)


__all__ = [
    "age_row_beside", "amount_claims", "is_general_row", "names_an_indication",
    "per_kg_row_beside", "rows_with_amounts",
]  # fmt: skip
