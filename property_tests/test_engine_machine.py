"""The real engine over a real Redis, driven by drawn frames beside a plain reference model.

Never loops: the streak never exceeds 4, the fifth clarification in a row without
progress abstains, and every turn ends in a turn-end state within a bounded number of
transitions.
Survives restarts: a rule throws the engine away and builds a new one on the
same Redis; nothing about the conversation changes.
"""

from __future__ import annotations

import json
from typing import Any

import redis
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from core.result import TurnResult
from engine.turn import Engine
from property_tests.frames import Reference, frames
from runners.testing import sample_engine
from states import MAX_TRANSITIONS_PER_TURN, TURN_END_STATES

TURN_END = {s.value for s in TURN_END_STATES}


def build_engine(client: redis.Redis) -> Engine:
    engine: Engine = sample_engine(client)
    return engine


def run_engine_machine(client: redis.Redis) -> None:
    class EngineMachine(RuleBasedStateMachine):
        @initialize()
        def start(self) -> None:
            self.engine = build_engine(client)
            self.cid = self.engine.create_conversation().conversation_id
            self.ref = Reference()
            self.last: TurnResult | None = None
            self.clarify_run = 0

        @rule(f=frames)
        def turn(self, f: dict[str, Any]) -> None:
            expected = self.ref.step(dict(f))
            result = self.engine.handle(self.cid, json.dumps(f))
            self.last = result
            if expected == "retrieve":
                assert result.outcome in ("answerable", "abstain"), result
            elif expected == "answer":
                assert result.outcome == "answerable", result
            else:
                assert result.outcome == expected, (f, result)
            assert result.clarify_streak == self.ref.streak
            # Clarifications in a row without progress (an answer bringing a new fact
            # starts the run again): the breaker stops loops, not conversations that move.
            if result.outcome != "clarify":
                self.clarify_run = 0
            else:
                self.clarify_run = 1 if self.ref.progressed else self.clarify_run + 1

        @precondition(lambda self: self.last is not None)
        @rule()
        def restart(self) -> None:
            before = self.engine.conversation(self.cid)
            self.engine = build_engine(client)
            after = self.engine.conversation(self.cid)
            assert before == after

        @invariant()
        def bounded(self) -> None:
            if self.last is None:
                return
            assert self.last.state in TURN_END
            assert len(self.last.path) <= MAX_TRANSITIONS_PER_TURN
            assert self.last.clarify_streak <= 4
            assert self.clarify_run <= 4

    EngineMachine.TestCase().runTest()


def test_engine_agrees_with_reference_and_never_loops(redis_client: redis.Redis) -> None:
    """Over any drawn dialogue the engine matches the reference model and never loops."""
    run_engine_machine(redis_client)


def test_fifth_clarify_needing_turn_always_abstains(redis_client: redis.Redis) -> None:
    """Whatever clarify-needing frames are drawn, turn five abstains clarify_loop_exhausted."""
    from hypothesis import given

    clarifiers = st.sampled_from(
        [
            {"turn_type": "dosing_calc", "drugs": ["paracetamol"]},
            {"turn_type": "drug_attribute", "needs_clarify": True},
            {"turn_type": "condition_to_drug"},
            {"turn_type": "drug_attribute", "drugs": ["aspirin"]},
        ]
    )

    @given(st.lists(clarifiers, min_size=5, max_size=5))
    def check(seq: list[dict[str, Any]]) -> None:
        engine = build_engine(redis_client)
        cid = engine.create_conversation().conversation_id
        results = [engine.handle(cid, json.dumps(f)) for f in seq]
        assert [r.outcome for r in results[:4]] == ["clarify"] * 4
        assert (results[4].outcome, results[4].reason) == ("abstain", "clarify_loop_exhausted")

    check()
