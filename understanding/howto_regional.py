"""Words of the South and the Centre, and chat shorthands, said the way the how-to cues are
written ("trộn vô cháo" is "trộn vào cháo", "thuốc ni" is "thuốc này", "làm răng" is "làm
sao", "trc ăn" is "trước ăn"): the turn the how-to reader reads (`understanding.howto`).

Only words written with their marks are respelled (unmarked "vo" is also "vỏ" or "vợ", "ni"
a syllable of a name), except shorthands no word of the language spells.
"""

from __future__ import annotations

import re

from core.text import fold
from understanding.text import Turn

# A marked regional word and the word the cues use.
_MARKED = {"vô": "vào", "ni": "này", "chừ": "giờ", "mô": "đâu", "rứa": "vậy"}
# "răng" is a tooth unless it asks how: "làm răng", "răng rứa", "răng mà".
_HOW = re.compile(r"(?<!\w)(làm|là) răng(?!\w)|(?<!\w)răng (?=rứa|mà|hè)")
# Shorthands of chat, marked or not.
_SHORT = {"trc": "trước", "trk": "trước", "bnh": "bao nhiêu"}
_WORD = re.compile(r"\w+")
# A chart's routes in capitals ("heparin TB được k hay chỉ TDD", "TTM chậm"); lower-case
# "tb" is also "thông báo" or "trung bình", so only beside another route or an injection.
_CHART = {"tb": "tiêm bắp", "tdd": "tiêm dưới da", "ttm": "truyền tĩnh mạch"}
_INJECTION = re.compile(r"(?<!\w)(?:tiêm|tiem|chích|chich|tm|tmc|iv|im|sc|y lệnh|y lenh)(?!\w)")


# A drink said by its glass ("với ly sữa", "cùng 1 cốc nước cam"): the drink, as the cues say it.
_GLASS = re.compile(
    r"(?<!\w)(với|voi|cùng|cung|bằng|bang|chung với|chung voi) (?:(?:1|một|mot) )?"
    r"(?:ly|cốc|coc|tách|tach|chai|hộp|hop|lon|bịch|bich|ca) "
    r"(?=sữa|sua|nước|nuoc|cà phê|ca phe|cafe|trà|tra|bia|rượu|ruou)",
    re.IGNORECASE,
)


def _chart_routes(text: str) -> str:
    """The chart's route shorthands of the text written out, when they are a chart's."""
    words = _WORD.findall(text)
    said = [w for w in words if w.lower() in _CHART]
    if not said:
        return text
    folded = text.lower()
    beside = sum(1 for w in words if w.lower() in _CHART) > 1 or _INJECTION.search(folded)
    if not beside and not any(w.isupper() for w in said):
        return text

    def swap(m: re.Match[str]) -> str:
        return _CHART.get(m.group().lower(), m.group())

    return _WORD.sub(swap, text)


def regional(turn: Turn) -> Turn:
    """The turn with its regional words and shorthands in the cues' words (itself when none)."""
    text = _GLASS.sub(r"\1 ", _chart_routes(turn.original))
    if text != turn.original:
        turn = Turn.of(text)
    words = set(turn.original_words())
    marked = turn.marked and bool(words & (set(_MARKED) | {"răng"}))
    if not marked and not words & set(_SHORT):
        return turn
    short = _SHORT if turn.marked else {k: fold(v) for k, v in _SHORT.items()}
    table = {**short, **(_MARKED if turn.marked else {})}

    def swap(m: re.Match[str]) -> str:
        return table.get(m.group().lower(), m.group())

    if turn.marked:
        text = _HOW.sub(lambda m: f"{m.group(1)} sao" if m.group(1) else "sao ", text)
    return Turn.of(_WORD.sub(swap, text))


__all__ = ["regional"]
