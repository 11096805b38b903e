"""runners/evals/doses.py: how a conversation's final answer is judged for worked-out amounts."""

from __future__ import annotations

from typing import Any

from core.evidence import Derivation
from core.result import ClaimView, Outcome, TurnResult
from runners.evals import doses


def line(**expect: Any) -> doses.Line:
    base = {"computable": True, "per_dose": None, "per_day": None, "cap_applied": False}
    return doses.Line("x", "doses", "demo", ("q",), {"weight_kg": 25}, {**base, **expect})


def answer(*derived: Derivation, outcome: Outcome = Outcome.ANSWERABLE) -> TurnResult:
    claims = [ClaimView(text="row", citations=[0])]
    claims += [ClaimView(text="sum", citations=[0], derivation=d) for d in derived]
    return TurnResult(conversation_id="c", turn=1, state="answering", outcome=outcome,
                      reason="single_drug", message="m", claims=claims)  # fmt: skip


CAPPED = Derivation(quoted="50 mg/kg", weight_kg=25, result="1 g", cap="tối đa 1 g")
PLAIN = Derivation(quoted="10–15 mg/kg mỗi lần", weight_kg=18, result="180–270 mg")


def test_expected_amount_in_another_unit_is_right() -> None:
    """1 g and 1 000 mg are the same amount; the cap must be there when one applied."""
    good = line(per_dose={"low": 1000, "high": 1000, "unit": "mg"}, cap_applied=True)
    assert doses.score(good, [answer(CAPPED)], []).right
    assert not doses.score(line(per_dose={"low": 1, "high": 1, "unit": "g"}), [answer(CAPPED)],
                           []).right  # fmt: skip


def test_an_amount_in_ml_of_the_users_liquid_is_judged_in_ml() -> None:
    """A line labelled in ml wants a derivation measured in ml (5–7,5 ml is 5–7.5 ml); the
    mg it came from is not the ml asked."""
    in_ml = Derivation(quoted="10–15 mg/kg mỗi lần", weight_kg=12, result="5–7,5 ml",
                       strength="120mg/5ml")  # fmt: skip
    want = line(per_dose={"low": 5, "high": 7.5, "unit": "ml"})
    assert doses.score(want, [answer(in_ml)], []).right
    in_mg = Derivation(quoted="10–15 mg/kg mỗi lần", weight_kg=12, result="120–180 mg")
    assert not doses.score(want, [answer(in_mg)], []).right


def test_either_expected_period_counts() -> None:
    """A line giving per-dose and per-day amounts is right when one of them is worked out."""
    both = line(per_dose={"low": 180, "high": 270, "unit": "mg"},
                per_day={"low": 720, "high": 1080, "unit": "mg"})  # fmt: skip
    assert doses.score(both, [answer(PLAIN)], []).right
    assert not doses.score(both, [answer()], []).right


def test_not_computable_line_wants_no_amount() -> None:
    """A line the book gives no per-kg figure for is right only without a derivation."""
    assert doses.score(line(computable=False), [answer()], []).right
    assert not doses.score(line(computable=False), [answer(PLAIN)], []).right


def test_amount_above_the_lines_cap_is_counted() -> None:
    """A worked-out dose above the cap the line names, printed in the sentence it quotes, is
    counted whatever the engine said; a cap of another sentence is not this amount's."""
    over = Derivation(quoted="50 mg/kg", weight_kg=25, result="1 250 mg")
    cited = ["Viêm tai: tiêm bắp 50 mg/kg một liều duy nhất, tối đa 1 g. Khác: 80 mg/kg."]
    assert doses.score(line(cap="tối đa 1 g"), [answer(over)], [], cited).above_cap == 1
    assert doses.score(line(cap="tối đa 1 g"), [answer(CAPPED)], [], cited).above_cap == 0
    other = Derivation(quoted="80 mg/kg", weight_kg=25, result="2 000 mg")
    assert doses.score(line(cap="tối đa 1 g"), [answer(other)], [], cited).above_cap == 0


def test_floor_holds_right_and_zeroes() -> None:
    """Below the floor fails, a group not measured is not judged, any violation fails."""
    figures = {"doses": {"right": 0.9, "above_cap": 0, "violations": 0, "errors": 0}}
    assert doses.floor_failures(figures, {"doses": {"right": 0.9}}) == []
    assert doses.floor_failures(figures, {"doses": {"right": 0.95}})
    assert doses.floor_failures(figures, {"blind/dtqg2018": {"right": 1.0}}) == []
    figures["doses"]["violations"] = 1
    assert doses.floor_failures(figures, {})


def test_user_facts_say_whole_years_and_route_words() -> None:
    """60 months is '5 tuổi' to the scripted user; 'oral' is 'uống'."""
    facts = doses.user_facts({"age_months": 60, "route": "oral", "weight_kg": 18})
    assert facts == {"age_years": 5, "route": "uống", "weight_kg": 18}
