"""The triage kind one turn gets, read alone: the shared helper of the round-by-round triage
tests (a frame that holds only the turn and the drugs it names)."""

from __future__ import annotations

from core.frame import QueryFrame, Triage
from safety.triage import classify


def triage_kind(text: str, *drugs: str) -> Triage | None:
    """The kind `classify` gives `text` with `drugs` in the frame, or None."""
    found = classify(text, QueryFrame(standalone_query=text, drugs=list(drugs)), None)
    return None if found is None else found.kind
