"""Checking a claim that carries a worked-out amount (`core.evidence.Derivation`): its
arithmetic must recompute (`grounding.derivation`), its quoted words be the cited evidence's,
its weight or body surface the user's, and its text say that arithmetic; the numbers such a
claim may say beyond the evidence.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal

from core.evidence import Derivation
from core.quantities import extract_quantities
from core.text import nfc
from grounding.derivation import recomputed, verify


def _squeezed(text: str) -> str:
    return re.sub(r"\s+", " ", nfc(text).replace("*", "").replace("_", " ")).strip()


def _quantities(text: str) -> set[tuple[str, str | None]]:
    return {(q.value, q.unit) for q in extract_quantities(text)}


def derived_quantities(derivation: Derivation) -> set[tuple[str, str | None]]:
    """The numbers a derivation's claim may say beyond the evidence: the weight, the figure
    as shown, the product, the cap and the result."""
    found: set[tuple[str, str | None]] = set()
    for worked in recomputed(derivation):
        found |= _quantities(worked.text())
    return found | _quantities(derivation.result) if found else set()


def check_claim(
    text: str,
    derivation: Derivation,
    evidence_texts: Sequence[str],
    *,
    weight_kg: float | None = None,
    body_surface_m2: float | None = None,
) -> list[str]:
    """Problems with a claim that carries a derivation: the arithmetic must reproduce the
    result, the quoted figure and cap must be the cited evidence's words, the weight (or
    body surface) the user's, and the claim text must say exactly that arithmetic."""
    problems = verify(derivation)
    if problems:
        return problems
    cited = [_squeezed(t) for t in evidence_texts]
    for words in (derivation.quoted, derivation.cap):
        if words is not None and not any(_squeezed(words) in t for t in cited):
            problems.append(f"derivation words {words!r} are not in the cited evidence")
    for used, stated, unit in (
        (derivation.weight_kg, weight_kg, "kg"),
        (derivation.body_surface_m2, body_surface_m2, "m²"),
    ):
        if used is not None and stated is not None and Decimal(str(used)) != Decimal(str(stated)):
            problems.append(f"derivation uses {used} {unit}, not the stated {stated} {unit}")
    readings = recomputed(derivation)
    if readings and not any(_squeezed(w.text()) in _squeezed(text) for w in readings):
        problems.append(f"claim does not state the derivation {readings[0].text()!r}")
    return problems


__all__ = ["check_claim", "derived_quantities"]
