"""Over-clarification: a clarifying turn that asks for what the user had already said.

The runners' own reading, not the engine's (so a gap in the engine's understanding still
counts against it): a turn over-asks when its reason asks for a fact that the turn's frame
already holds, or asks the route although the user's words so far name one ("uống",
"siro", "viên", "gói", "nhỏ mắt", "đặt hậu môn", "tiêm", …). The rate is over the
conversations played: the share with at least one such turn.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from core.result import TurnResult
from core.text import fold

# Words that name or imply a route (folded); the runner's list, kept apart from the engine's.
ROUTE_WORDS = (
    "uong", "siro", "vien", "goi", "nho mat", "nho mui", "nho tai", "dat hau mon",
    "dat truc trang", "thuoc dan", "tiem", "truyen", "boi", "xit", "khi dung", "dat am dao",
    "ngam duoi luoi",
)  # fmt: skip
_ROUTE = re.compile(r"(?<![a-z])(?:" + "|".join(ROUTE_WORDS) + r")(?![a-z])")


def _has(frame: dict[str, Any], *names: str) -> bool:
    return all(frame.get(n) not in (None, "", []) for n in names)


def over_asks(result: TurnResult, said: Sequence[str]) -> bool:
    """Whether this clarifying turn asks for a fact already given (`said`: the user's texts
    up to and including this turn)."""
    if result.outcome.value != "clarify":
        return False
    frame, reason = result.frame, result.reason
    if reason == "missing_population":
        return _has(frame, "population") or _has(frame, "age_months")
    if reason == "missing_pediatric_age_or_weight":
        return _has(frame, "age_months", "weight_kg")
    if reason == "ambiguous_route":
        return _has(frame, "route") or any(_ROUTE.search(fold(t)) for t in said)
    if reason == "needs_more_info" and frame.get("turn_type") == "dosing_calc":
        return _has(frame, "condition")  # which indication, when the user named one
    if reason == "missing_attribute":
        return _has(frame, "attribute")
    if reason == "no_drug":
        return _has(frame, "drugs")
    return False


def over_asking_turns(results: Sequence[TurnResult | None], texts: Sequence[str]) -> int:
    """How many turns of one conversation over-ask (`texts`: the user's turn by turn)."""
    return sum(
        1
        for n, result in enumerate(results)
        if result is not None and over_asks(result, texts[: n + 1])
    )


__all__ = ["ROUTE_WORDS", "over_asking_turns", "over_asks"]
