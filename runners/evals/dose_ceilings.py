"""The doses eval's above-cap check: a worked-out amount may not exceed any ceiling the book
sets for it, whether printed in the quoted row, in the line's own `cap`, or elsewhere in
the row's section where the engine itself reads ceilings from (a day's ceiling printed
after the row under the same heads holds a day's amount made from its doses, one said
earlier in the row's own paragraph holds any day's amount). The section's ceilings are
read with the engine's own readers (`grounding.ceilings`), so an answer that shows an
amount past a ceiling the engine knows of (a child's 300 mg a day said before the per-kg
maintenance) fails the gate.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from core.evidence import Derivation, Evidence
from core.text import fold, sentences_of
from grounding.blocks import BlockKind, parse_blocks
from grounding.ceilings import group_day_caps, paragraph_day_caps
from grounding.derivation import Cap, Figure, Period, caps_in, read_amount, recomputed

_DOSED = (BlockKind.ROW, BlockKind.TABLE_ROW)


def _squeezed(text: str) -> str:
    return " ".join(fold(text).split())


@dataclass(frozen=True)
class SectionCaps:
    """A row's ceilings printed elsewhere in its section, by where the engine reads them."""

    after: tuple[Cap, ...] = ()
    """A day's ceilings printed after the row under the same heads: they hold a day's
    amount made from the row's doses."""
    paragraph: tuple[Cap, ...] = ()
    """A day's ceilings said earlier in the row's own paragraph: they hold any day's amount."""


def section_caps(quoted: str, section: Sequence[Evidence]) -> list[SectionCaps]:
    """The ceilings the engine reads from the section around each row that prints `quoted`
    (one entry a row), with `grounding.ceilings`' own readers."""
    if not quoted.strip() or not section:
        return []
    blocks = parse_blocks(list(enumerate(section)))
    want = _squeezed(quoted)
    return [
        SectionCaps(tuple(group_day_caps(blocks, row)), tuple(paragraph_day_caps(blocks, row)))
        for row in blocks
        if row.kind in _DOSED and want in _squeezed(row.text)
    ]


def _sentence_with(words: str, texts: Sequence[str]) -> str:
    """The sentence of the cited texts that holds these words (folded), else ""."""
    want = fold(words)
    for text in texts:
        for sentence in sentences_of(text):
            if want in fold(sentence):
                return sentence
    return ""


def _limits(caps: Sequence[Cap], figure: Figure, weight: Decimal) -> list[Decimal]:
    """What each cap allows the amount of this figure, in mg (a dose's cap binds each dose
    of a day's amount; a day's cap each of a fixed number of doses)."""
    limits: list[Decimal] = []
    for cap in caps:
        period, cap_mg = cap.period, cap.mg(weight)
        if figure.daily_of is not None:
            limits.append(cap_mg if period is Period.DAY else cap_mg * figure.daily_of)
        elif figure.period is Period.DAY:
            limits += [cap_mg] if period in (Period.DAY, Period.BARE) else []
        elif period is not Period.DAY or figure.period is not Period.DOSE or figure.times:
            limits.append(
                cap_mg / figure.times if period is Period.DAY and figure.times else cap_mg
            )
    return limits


def _section_limits(around: SectionCaps, figure: Figure, weight: Decimal) -> list[Decimal]:
    """The section's ceilings where the engine applies them: the ones after the row to a
    day's amount made from doses, the paragraph's to any day's amount."""
    caps = list(around.after) if figure.daily_of is not None else []
    if figure.daily_of is not None or figure.period is Period.DAY:
        caps += around.paragraph
    return _limits(caps, figure, weight)


def above_cap(
    derivation: Derivation,
    expect: dict[str, Any],
    cited: Sequence[str] = (),
    section: Sequence[Evidence] = (),
) -> bool:
    """The result exceeds its own cap, the line's cap when the book prints that cap in the
    sentence the derivation quotes, or a ceiling of the row's section (`section_caps`; when
    the quoted words are in several rows, a ceiling of each of them)."""
    amount = read_amount(derivation.result)
    readings = recomputed(derivation)
    if amount is None or not readings:
        return False
    high = amount.mg()[1]
    weight = Decimal(str(derivation.weight_kg or derivation.body_surface_m2))  # the figure's
    figure = readings[0].figure
    caps = [c for words in ([derivation.cap] if derivation.cap else []) for c in caps_in(words)]
    words = str(expect.get("cap") or "")
    if words and fold(words) in fold(_sentence_with(derivation.quoted, cited)):
        caps += caps_in(words)
    if any(high > mg for mg in _limits(caps, figure, weight)):
        return True
    rows = section_caps(derivation.quoted, section)
    return bool(rows) and all(
        any(high > mg for mg in _section_limits(around, figure, weight)) for around in rows
    )


__all__ = ["SectionCaps", "above_cap", "section_caps"]
