"""Kidney disease said as what a complaint comes of ("phù do bệnh thận", "cháu bị phù vì bệnh
thận"): the disease treated, as the book's own indication "phù do bệnh thận" reads, not a
failing kidney. Any other kidney word ("suy thận", "ClCr 40", "chạy thận") still says one."""

from __future__ import annotations

from understanding import lexicon as lx
from understanding.text import Turn

_CAUSED_BY = ("do benh than", "vi benh than", "boi benh than", "tai benh than")
_FAILING = tuple(c for c in lx.RENAL_CUES if c != "benh than")


def kidney_disease_is_the_cause(turn: Turn) -> bool:
    """The only kidney words of the turn name the disease a complaint comes of."""
    return turn.has(*_CAUSED_BY) and not turn.has(*_FAILING)


__all__ = ["kidney_disease_is_the_cause"]
