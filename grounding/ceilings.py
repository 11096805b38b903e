"""A day's maximum for this patient, when the question asks it: the book's per-kg ceiling of
a day ("không quá 60 mg/kg/ngày", "tối đa 90 mg/kg/24 giờ") times the weight the user gave,
held at the day's ceiling in mg the same row prints ("không quá 4 g/ngày").

The ceiling is read as a figure (`grounding.derivation.ceiling_figure`), so the arithmetic
and its recheck are the ones every worked-out amount uses (`grounding.derivation`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from decimal import Decimal

from core.evidence import Claim
from core.text import fold_aligned, nfc
from grounding.bands import Bands, parse_bands
from grounding.blocks import Block, Who
from grounding.book.filter_words import AGE_DOSES, STARTING_CEILING
from grounding.book.vocabulary import BORN_EARLY
from grounding.derivation import (
    Cap,
    Figure,
    adult_dose_cap,
    ceiling_figure,
    row_caps,
    split_by,
    work,
)
from grounding.dose_figures import Period, caps_in
from grounding.liquid import Strength

LABEL = "Tối đa mỗi ngày"
# "(không được vượt liều người lớn)": a ceiling said in words, no amount to hold a figure at.
ADULT_CEILING = re.compile(r"khong (?:duoc )?vuot (?:qua )?(?:lieu )?(?:dung cho )?nguoi lon")


def adult_row_cap(blocks: Sequence[Block], row: Block) -> list[Cap] | None:
    """The adult dose a child's row is held at ("không được vượt liều người lớn"): the one
    amount of the adult row of the same indication and route ("Người lớn: Một liều duy nhất
    2 g"), quoted up to it; None when the book prints no such single amount."""
    for b in blocks:
        same_route = not b.routes or not row.routes or set(b.routes) & set(row.routes)
        if not (
            b.who is Who.ADULT
            and b.indication == row.indication
            and b.evidence_index == row.evidence_index
            and same_route
            and not b.figures
        ):
            continue
        amount = _FIRST_AMOUNT.search(fold_aligned(b.text))
        caps = adult_dose_cap(b.text[: amount.end()]) if amount else []
        if caps and len(_ANY_AMOUNT.findall(fold_aligned(b.text))) == 1:
            return caps
    return None


def starting_row_cap(
    blocks: Sequence[Block], row: Block, fits: Callable[[Bands], bool]
) -> list[Cap] | None:
    """The starting dose a maintenance dose is held at ("không quá liều khởi đầu"): the one
    amount a dose ("1 mg/lần") of the nearest starting row before it whose band holds the
    patient, quoted from the row's start up to it; None when no such row is printed."""
    before = [
        b
        for b in blocks
        if b.evidence_index == row.evidence_index
        and b.end <= row.start
        and b.context.part is row.context.part
        and (b.bands.age is not None or b.bands.weight is not None)
        and not b.figures
    ]
    for b in sorted(before, key=lambda b: b.start, reverse=True):
        if not fits(b.bands):
            continue
        amounts = _dose_amounts(fold_aligned(b.text))
        caps = adult_dose_cap(b.text[: amounts[0].end()]) if len(amounts) == 1 else []
        return caps or None
    return None


def held_caps(
    blocks: Sequence[Block], row: Block, folded_after: str, fits: Callable[[Bands], bool]
) -> list[Cap] | None:
    """The doses of other rows a per-kg figure is held at, by the words after it (folded): the
    adult row's amount ("không được vượt liều người lớn"), the patient's starting dose
    ("không quá liều khởi đầu"); None when the book names one and prints no amount for it
    (the figure is then quoted only)."""
    held = adult_row_cap(blocks, row) if ADULT_CEILING.search(folded_after) else []
    if held is not None and STARTING_CEILING.search(folded_after):
        start = starting_row_cap(blocks, row, fits)
        held = None if start is None else [*held, *start]
    return held


_FIRST_AMOUNT = re.compile(r"\d+(?:[.,]\d+)?\s*(?:mg|g|mcg|microgam)(?![a-z/])")
_ANY_AMOUNT = re.compile(r"\d+(?:[.,]\d+)?\s*(?:mg|g|mcg|microgam|ml)(?![a-z])")


def _dose_amounts(folded: str) -> list[re.Match[str]]:
    """The amounts of a mass given per dose ("1 mg/lần"), in folded text of the same length."""
    return [
        m
        for m in _ANY_AMOUNT.finditer(folded)
        if not m[0].endswith("ml") and _per_dose(folded[m.end() :])
    ]


def _per_dose(after: str) -> bool:
    """The words after an amount open with "/lần" (spaces allowed around the slash)."""
    after = after.lstrip()
    if not after.startswith("/"):
        return False
    after = after[1:].lstrip()
    return after.startswith("lan") and not (after[3:4].isalnum() or after[3:4] == "_")


def group_day_caps(blocks: Sequence[Block], row: Block) -> list[Cap]:
    """A day's ceilings printed after the row under the same heads: they hold the day's
    amount made from its doses."""
    return [
        cap
        for b in blocks
        if b.group[:6] == row.group[:6]
        and b.evidence_index == row.evidence_index
        and b.start > row.start
        for cap in b.caps
        if cap.period is Period.DAY
    ]


def paragraph_day_caps(blocks: Sequence[Block], row: Block) -> list[Cap]:
    """A day's ceilings printed earlier in the row's own paragraph, under the same heads
    (a child's starting dose, then a ceiling of 300 mg a day, then the maintenance per kg a
    day): the sentences of one paragraph follow each other with no line between. A row of
    another band ends the walk back ("Sơ sinh thiếu tháng: …, tối đa 25 mg/kg/24 giờ. Sơ
    sinh: …" run together): its ceiling is that band's, not the row's."""
    before = sorted(
        (b for b in blocks if b.evidence_index == row.evidence_index and b.end <= row.start),
        key=lambda b: b.start,
    )
    caps: list[Cap] = []
    start = row.start
    for b in reversed(before):
        if start - b.end > _SAME_PARAGRAPH_GAP or b.group[:6] != row.group[:6]:
            break
        if _banded(b) and _banded(row) and _band_of(b) != _band_of(row):
            break
        if not AGE_DOSES.search(b.folded):  # the doses by age' ceiling, not a per-kg one's
            caps += [cap for cap in b.caps if cap.period is Period.DAY]
        start = b.start
    return caps


def following_day_caps(blocks: Sequence[Block], row: Block) -> list[Cap]:
    """A day's ceilings printed after the row in its own paragraph, before any other dose (a
    child's starting dose per kg a day, then a sentence that the dose may be changed but not
    past 300 mg a day): they hold the row's own day too. The next sentence that gives a dose,
    or a row of another band, ends the walk (its ceiling is its own)."""
    after = sorted(
        (b for b in blocks if b.evidence_index == row.evidence_index and b.start >= row.end),
        key=lambda b: b.start,
    )
    caps: list[Cap] = []
    end = row.end
    for b in after:
        if b.start - end > _SAME_PARAGRAPH_GAP or b.group[:6] != row.group[:6] or b.figures:
            break
        if _banded(b) and _band_of(b) != _band_of(row):
            break
        caps += [cap for cap in b.caps if cap.period is Period.DAY]
        end = b.end
    return caps


def twin_caps(
    blocks: Sequence[Block], row: Block, figure: Figure, fit: Callable[[Bands], bool]
) -> list[Cap]:
    """The caps with a period the book prints once for the same regimen in another row of
    the section for this patient ("10 mg/kg × 1 lần/ngày trong 3 ngày (tối đa 500 mg/ngày)"
    then, for another indication, "… hoặc 10 mg/kg × 1 lần/ngày trong 3 ngày"): the same
    figure in the same words, by the same route, holds the same ceiling."""
    words = fold_aligned(nfc(figure.quoted))
    out: list[Cap] = []
    for b in blocks:
        same_route = not b.routes or not row.routes or set(b.routes) & set(row.routes)
        if b is row or b.evidence_index != row.evidence_index or b.renal or b.hepatic:
            continue
        if not same_route or not fit(b.bands):
            continue
        twins = [f for f in b.figures if fold_aligned(nfc(f.quoted)) == words]
        text = nfc(b.text)
        out += [
            cap
            for f in twins
            for cap in row_caps(text, f, b.figures)
            if cap.period is not Period.BARE
        ]
    return out


def banded_day_caps(blocks: Sequence[Block], row: Block, fit: Callable[[Bands], bool]) -> list[Cap]:
    """The day's ceilings printed in the row's part for a band this patient is in ("Trẻ 12–18
    tuổi: …; khi tự điều trị không quá 1 200 mg/ngày"): a day's maximum for the patient is
    held at them. A ceiling of the doses by age ("Các liều theo tuổi (3 tháng - 12 tuổi)
    không vượt quá 30 mg/kg/ngày") holds those fixed doses, not an amount worked out per kg."""
    out: list[Cap] = []
    for b in blocks:
        if b is row or b.evidence_index != row.evidence_index or b.renal or b.hepatic:
            continue
        if b.indication not in (None, row.indication) or b.group[:6] != row.group[:6]:
            continue  # another indication's ceiling (a fever row's beside a post-op row)
        # A caveat's band is said inside its sentence ("Các liều theo tuổi từ 3 tháng …").
        bands = b.bands if _banded(b) else parse_bands(b.text)
        if (bands.age is None and bands.weight is None) or not fit(bands):
            continue
        if bands.gestation_weeks is not None or BORN_EARLY.search(b.folded):
            continue  # a preterm baby's ceiling is its own row's, not another newborn's
        if AGE_DOSES.search(b.folded):
            continue
        out += [cap for cap in b.caps if cap.period is Period.DAY]
    return out


def _band_of(block: Block) -> tuple[object, object, object]:
    return block.bands.age, block.bands.weight, block.bands.gestation_weeks


def _banded(block: Block) -> bool:
    return any(band is not None for band in _band_of(block))


_SAME_PARAGRAPH_GAP = 1
"""Characters between two sentences of one paragraph (a space); a line break ends it."""


def per_dose_caps(text: str, figure: Figure) -> bool:
    """A cap of one dose (or one said without a period) binds the figure."""
    return any(c.period is not Period.DAY for c in row_caps(text, figure, [figure]))


def day_ceiling_claims(
    text: str,
    weight: float,
    citation: int,
    fits: Callable[[Bands], bool],
    others: Sequence[Cap] = (),
) -> list[Claim]:
    """Claims of the day's maximum for each per-kg day ceiling of one row whose clause fits
    the patient (`fits` judges the bands said before it), held at the lowest of the row's
    own day's ceiling in mg and `others` (the day's ceilings of this patient's band)."""
    text = nfc(text)
    folded = fold_aligned(text)
    caps = caps_in(text)
    held = [c for c in caps if not c.per_kg and c.period is Period.DAY]
    out: list[Claim] = []
    for cap in caps:
        figure = ceiling_figure(cap)
        sentence = folded[text.rfind(". ", 0, cap.start) + 1 : cap.start]
        if figure is None or AGE_DOSES.search(sentence):
            continue  # "Các liều theo tuổi … không quá 30 mg/kg/ngày": not the per-kg rule's
        clause_start = max(text.rfind(";", 0, cap.start), text.rfind(". ", 0, cap.start)) + 1
        if not fits(parse_bands(text[clause_start : cap.start])):
            continue
        after = [c for c in held if c.start > cap.start] or held
        worked = work(figure, Decimal(str(weight)), [*after[:1], *others])
        out.append(
            Claim(
                text=f"{LABEL}: {worked.text()}",
                citations=(citation,),
                derivation=worked.derivation(),
            )
        )
    return out


# A row whose dose is its ceiling: the label, then "tối đa 30 mg/kg/ngày, chia 2 lần".
_CEILING_FIRST = re.compile(r":\s*(?=toi da|khong (?:duoc )?(?:vuot )?qua)")


def ceiling_dose_claims(
    text: str,
    weight: float,
    citation: int,
    fits: Callable[[Bands], bool],
    told: int | None,
    liquid: Strength | None,
) -> list[Claim]:
    """For a row whose dose is its per-kg day ceiling ("sơ sinh và trẻ dưới 3 tháng tuổi: tối
    đa 30 mg/kg/ngày, chia 2 lần"): the day's most for this weight, and one dose of it in the
    doses a day the user said (in ml of the liquid they named, when they asked so)."""
    text = nfc(text)
    m = _CEILING_FIRST.search(fold_aligned(text))
    cap = next((c for c in caps_in(text) if m and c.start == m.end()), None)
    figure = ceiling_figure(cap) if cap is not None else None
    if m is None or figure is None or not fits(parse_bands(text[: m.start()])):
        return []
    liquid = liquid if figure.unit in ("mg", "g", "mcg", "microgam", "microgram") else None
    out: list[Claim] = []
    for each, split in ((figure, None), (split_by(figure, told) if told else None, told)):
        if each is None:
            continue
        worked = replace(work(each, Decimal(str(weight)), []), liquid=liquid, said_split=split)
        words = f"{LABEL}: {worked.text()}" if split is None else (
            f"Tối đa mỗi lần: {worked.text()} (chia {split} lần như bạn nói)"
        )  # fmt: skip
        out.append(Claim(text=words, citations=(citation,), derivation=worked.derivation()))
    return out


__all__ = [
    "ADULT_CEILING",
    "LABEL",
    "adult_row_cap",
    "banded_day_caps",
    "ceiling_dose_claims",
    "day_ceiling_claims",
    "following_day_caps",
    "group_day_caps",
    "held_caps",
    "paragraph_day_caps",
    "per_dose_caps",
    "starting_row_cap",
    "twin_caps",
]
