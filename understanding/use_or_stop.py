"""Folded "muon dung" is both "muốn dùng" (wants to use) and "muốn dừng" (wants to stop).
Without marks, a question that asks an amount of the
medicine ("liều mg/kg/ngày là bao nhiêu", "tính ra mg", "mấy ml") wants to use it: nobody asks
how many milligrams of a medicine they mean to stop, unless they ask how to taper it.
"""

from __future__ import annotations

import re

from understanding import howto_words as lx
from understanding.text import Turn

_AMBIGUOUS = "muon dung"
# An amount of the medicine asked: "bao nhiêu mg", "tính ra mg", "mg/kg", "liều ... bn".
_AMOUNT_ASKED = re.compile(
    r"(?<![a-z])(?:(?:bao nhieu|bn|may|tinh ra|ra) (?:mg|ml|mcg|g|vien|goi)|mg ?/ ?kg"
    r"|lieu(?: \w+){0,4} (?:la )?(?:bao nhieu|bn|the nao|sao))(?![a-z])"
)
# Stepping down or stopping asked outright: then it is the stop after all.
_TAPER = re.compile(
    r"(?<![a-z])(?:giam|ha|bot|ngung|ngat|cai|bo)(?: \w+)? lieu|(?:ngung|cai) thuoc"
)


def quits_said(turn: Turn) -> bool:
    """The turn says the patient wants to quit the medicine (`howto_words.QUITS`)."""
    others = [q for q in lx.QUITS if q != _AMBIGUOUS]
    if turn.has(*others):
        return True
    if not turn.has(_AMBIGUOUS):
        return False
    if turn.marked:
        return True  # marked text is read by its marks elsewhere (`howto_marks`)
    folded = turn.folded
    return _AMOUNT_ASKED.search(folded) is None or _TAPER.search(folded) is not None


__all__ = ["quits_said"]
