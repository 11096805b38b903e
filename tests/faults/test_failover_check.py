"""The failover check reads the trace as the window it keeps, whatever the number of turns."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, cast

from core.result import Outcome, TraceEntry
from engine.turn import Engine
from tests.support.failover import Driver, check_conversation


@dataclass
class _View:
    version: int
    history: list[dict[str, Any]] = field(default_factory=list)


class _Stored:
    """What a conversation holds after `turns` turns with keys k1..kn; the trace keeps `cap`."""

    def __init__(self, keys: list[str], cap: int) -> None:
        self.keys, self.cap = keys, cap

    def conversation(self, _cid: str) -> _View:
        return _View(len(self.keys), [{"turn": len(self.keys)}])

    def trace(self, _cid: str) -> list[TraceEntry]:
        at = datetime(2026, 1, 1, tzinfo=UTC)
        entries = [
            TraceEntry(
                turn=n,
                at=at,
                outcome=Outcome.CLARIFY,
                reason="no_drug",
                route_rule=1,
                path=[],
                idempotency_key=key,
            )
            for n, key in enumerate(self.keys, start=1)
        ]
        return entries[-self.cap :]


def _driver(stored: _Stored, acked: list[tuple[str, int]]) -> Driver:
    return Driver(cast(Engine, stored), "c", acked=[(k, n, 0.0) for k, n in acked])


def test_more_turns_than_the_trace_keeps_is_consistent() -> None:
    """1,332 turns with a 1,000-entry trace: no problem, nothing lost, the old ones unverified."""
    keys = [f"k{n}" for n in range(1, 1333)]
    stored = _Stored(keys, cap=1000)
    check = check_conversation(
        cast(Engine, stored), _driver(stored, [(k, n) for n, k in enumerate(keys, 1)]), 0.0, 1000
    )
    assert check["problems"] == []
    assert check["lost"] == 0
    assert check["unverified"] == 332


def test_an_acknowledged_turn_overwritten_after_failover_is_lost() -> None:
    """Turn 5 was acknowledged as k5, but the stored turn 5 is another key: one loss."""
    keys = ["k1", "k2", "k3", "k4", "k6", "k7"]
    stored = _Stored(keys, cap=1000)
    acked = [("k1", 1), ("k2", 2), ("k3", 3), ("k4", 4), ("k5", 5), ("k6", 5), ("k7", 6)]
    check = check_conversation(cast(Engine, stored), _driver(stored, acked), 0.0, 1000)
    assert check["problems"] == []
    assert check["lost"] == 1


def test_a_gap_in_the_trace_is_a_problem() -> None:
    """A trace whose turns are not the consecutive run ending at the version is corrupt."""
    stored = _Stored(["k1", "k2", "k3"], cap=1000)
    original = stored.trace
    stored.trace = lambda cid: [e for e in original(cid) if e.turn != 2]  # type: ignore[method-assign]
    check = check_conversation(cast(Engine, stored), _driver(stored, []), 0.0, 1000)
    assert check["problems"]
