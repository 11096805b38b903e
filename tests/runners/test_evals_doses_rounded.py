"""A worked-out amount the engine shows rounded is scored against the label's exact figure
within half the step it is said to, never further."""

from __future__ import annotations

from core.evidence import Derivation
from core.result import ClaimView, Outcome, TurnResult
from runners.evals import doses


def _line(per_dose: dict[str, object]) -> doses.Line:
    expect = {"computable": True, "per_dose": per_dose, "per_day": None, "cap_applied": False}
    return doses.Line("x", "doses", "demo", ("q",), {"weight_kg": 13}, expect)


def _said(result: str, strength: str | None = None) -> TurnResult:
    derivation = Derivation(quoted="25 mg/kg/ngày, chia 3 lần", weight_kg=13, result=result,
                            strength=strength)  # fmt: skip
    claims = [ClaimView(text="sum", citations=[0], derivation=derivation)]
    return TurnResult(conversation_id="c", turn=1, state="answering", outcome=Outcome.ANSWERABLE,
                      reason="single_drug", message="m", claims=claims)  # fmt: skip


def test_a_share_said_in_whole_mg_is_the_labels_exact_share() -> None:
    """108 mg said for 108,33 mg labelled is right; 109 mg is not; under 10 mg a tenth."""
    exact = _line({"low": 108.33, "high": 108.33, "unit": "mg"})
    assert doses.score(exact, [_said("108 mg")], []).right
    assert not doses.score(exact, [_said("109 mg")], []).right
    small = _line({"low": 2.33, "high": 2.33, "unit": "mg"})
    assert doses.score(small, [_said("2,3 mg")], []).right
    assert not doses.score(small, [_said("2 mg")], []).right


def test_ml_said_to_a_tenth_is_the_labels_ml() -> None:
    """2,7 ml said for 2,67 ml labelled is right; 3 ml is not; a gram is never 1 400 mg."""
    want = _line({"low": 2.67, "high": 2.67, "unit": "ml"})
    assert doses.score(want, [_said("2,7 ml", "200mg/5ml")], []).right
    assert not doses.score(want, [_said("3 ml", "200mg/5ml")], []).right
    gram = _line({"low": 1400, "high": 1400, "unit": "mg"})
    assert not doses.score(gram, [_said("1 g")], []).right
