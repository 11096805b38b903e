"""Fuzzing the rules understander: arbitrary Unicode and mutations of real turns.

It must never raise, never name a drug outside the catalog, and keep weight and age
plausible or null. `parse` (which lets bugs raise) is fuzzed, not the guarded `understand`.
"""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from core.frame import ClarifySlot, QueryFrame, TurnType
from core.ports import UnderstandingContext
from understanding import RulesUnderstander
from understanding.slots import MAX_AGE_MONTHS, MAX_WEIGHT_KG, MIN_WEIGHT_KG
from understanding.testing import demo_catalog

CATALOG = demo_catalog()
UNDERSTANDER = RulesUnderstander(CATALOG)
EVALS = Path(__file__).resolve().parents[1] / "evals"
REAL_TURNS = sorted(
    {
        json.loads(line)["text"]
        for name in ("understanding.jsonl", "understanding.heldout.jsonl")
        if (EVALS / name).is_file()
        for line in (EVALS / name).read_text(encoding="utf-8").splitlines()
        if line.strip()
    }
) or ["liều paracetamol cho trẻ 5 tuổi nặng 18 kg"]

contexts = st.builds(
    UnderstandingContext,
    open_slot=st.none() | st.sampled_from(list(ClarifySlot)),
    prior_frame=st.none()
    | st.builds(QueryFrame, turn_type=st.sampled_from(list(TurnType)), drugs=st.just([])),
)
NOISE = st.sampled_from(["🙂", "???", " ", "\u0301", "\u200b", "kg", "tuổi", "12,5", "ký", "\n"])


@st.composite
def mutated_turns(draw: st.DrawFn) -> str:
    """A real turn with characters dropped, doubled, swapped, or noise spliced in."""
    text = list(draw(st.sampled_from(REAL_TURNS)))
    for _ in range(draw(st.integers(0, 6))):
        if not text:
            break
        i = draw(st.integers(0, len(text) - 1))
        op = draw(st.sampled_from(["drop", "double", "swap", "noise", "upper"]))
        if op == "drop":
            del text[i]
        elif op == "double":
            text.insert(i, text[i])
        elif op == "swap" and i + 1 < len(text):
            text[i], text[i + 1] = text[i + 1], text[i]
        elif op == "noise":
            text.insert(i, draw(NOISE))
        else:
            text[i] = text[i].upper()
    return "".join(text)


def check(frame: QueryFrame) -> None:
    assert set(frame.drugs) <= CATALOG.ids()
    assert frame.weight_kg is None or MIN_WEIGHT_KG <= frame.weight_kg <= MAX_WEIGHT_KG
    assert frame.age_months is None or 0 <= frame.age_months <= MAX_AGE_MONTHS
    assert not frame.understanding_failed


@given(text=st.text(max_size=400), context=contexts)
def test_arbitrary_unicode_never_breaks_it(text: str, context: UnderstandingContext) -> None:
    """Any Unicode text yields a valid frame with catalog drugs and plausible numbers."""
    check(UNDERSTANDER.parse(text, context))


@given(text=mutated_turns(), context=contexts)
def test_mutated_real_turns_never_break_it(text: str, context: UnderstandingContext) -> None:
    """Real turns with typos and noise still yield valid frames."""
    check(UNDERSTANDER.parse(text, context))


@given(
    number=st.integers(0, 100_000) | st.floats(0, 1e6, allow_nan=False),
    unit=st.sampled_from(["kg", "ký", "cân", "tuổi", "tháng", "t", "tuần tuổi", "ngày tuổi"]),
)
def test_any_number_with_a_unit_is_plausible_or_null(number: float, unit: str) -> None:
    """Huge or zero ages and weights are dropped rather than passed on."""
    check(UNDERSTANDER.parse(f"bé {number} {unit} liều paracetamol", UnderstandingContext()))
