"""Which kind of smalltalk a turn is, so the fixed reply fits: thanks are not greetings."""

from __future__ import annotations

from functools import lru_cache

from understanding import lexicon as lx
from understanding.text import Turn

_GREETINGS = ("chao", "xin chao", "hello", "hi", "hey", "alo", "good morning", "ban oi")


@lru_cache(maxsize=16)
def smalltalk_kind(text: str) -> str:
    """ "thanks" ("cảm ơn em nhé", "cám ơn", "thanks"), "greeting" ("chào bạn") or "other".

    Kept for the last few texts: a smalltalk turn asks it twice (triage, then the reply)."""
    turn = Turn.of(text)
    if turn.has_any(lx.THANKS_CUES):
        return "thanks"
    if turn.has_any(_GREETINGS):
        return "greeting"
    return "other"


__all__ = ["smalltalk_kind"]
