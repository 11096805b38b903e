"""A plain reference model of routing + breaker + merge, for property suites and benches.

It is written independently of engine/routing.py and engine/merge.py, from the
contract's table (docs/reasons.md), so the two can disagree.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

DOSE = "lieu_luong_cach_dung"


def _another_age(before: float | None, now: float | None) -> bool:
    """An age far from the one said before (engine/merge.py): another patient, or corrected."""
    if before is None or now is None:
        return False
    return abs(now - before) > max(1.0, 0.2 * before)


@dataclass
class Reference:
    """Ten-odd lines of what the contract says should happen, with no engine code."""

    max_clarify: int = 4
    streak: int = 0
    prior: dict[str, Any] | None = None
    open_slot: bool = False
    open_reason: str = ""
    history: list[str] = field(default_factory=list)
    progressed: bool = False
    """The last turn answered the open question with a fact the question's frame lacked."""
    seen: set[str] = field(default_factory=set)
    """The facts the frames of the current run of clarifications held: each is progress once."""

    # Facts whose arrival is progress (docs/reasons.md, "Progress").
    FACTS = ("population", "age_months", "weight_kg", "route", "condition", "attribute", "drugs")

    def route(self, f: dict[str, Any]) -> tuple[str, str]:
        dosing = (
            f.get("turn_type") == "dosing_calc" and f.get("drugs") and not f.get("section_overview")
        )
        cond = f.get("turn_type") == "condition_to_drug"
        if f.get("non_human"):
            return "abstain", ""
        if dosing and not f.get("population"):
            return "clarify", ""
        if (
            dosing
            and f.get("population") == "child"
            and (f.get("age_months") is None or f.get("weight_kg") is None)
        ):
            return "clarify", ""
        if (
            f.get("needs_clarify")
            and f.get("turn_type") not in ("dosing_calc", "condition_to_drug", "drug_overview")
            and not f.get("section_overview")
        ):
            return "clarify", ""
        if cond:
            if not f.get("condition"):
                return "clarify", ""
            return ("abstain", "") if f.get("condition_relation") == "caution" else ("retrieve", "")
        if f.get("turn_type") == "drug_attribute" and f.get("drugs") and not f.get("attribute"):
            return "clarify", ""
        if f.get("turn_type") == "smalltalk":
            return "answer", ""
        if f.get("turn_type") == "out_of_scope":
            return "abstain", ""
        if not f.get("drugs"):
            return ("abstain", "") if f.get("unknown_drugs") else ("clarify", "no_drug")
        return "retrieve", ""

    def _case_patient(self, f: dict[str, Any]) -> dict[str, Any]:
        """A new dose question naming no population, age or weight is for the prior
        question's patient (and the condition a case, a condition list or a dose was
        told with), unless it opens a new case."""
        prior = self.prior
        if prior is None or prior.get("non_human") or f.get("new_case"):
            return f
        # A patient of its own: a fact said that differs from the prior one's. A fact the
        # prior lacked borrows none of its other facts, only the condition it was told with.
        said = [(f.get(k), prior.get(k)) for k in self.WHO]
        differs = any(
            now is not None and before is not None and now != before for now, before in said
        )
        if f.get("turn_type") != "dosing_calc" or differs:
            return f
        own = any(now is not None and before is None for now, before in said)
        carried = {
            k: prior[k]
            for k in self.WHO
            if prior.get(k) is not None and f.get(k) is None and not own
        }
        if not carried and all(now is None for now, _ in said):
            return f
        told = prior.get("turn_type") in ("condition_to_drug", "dosing_calc", "out_of_scope")
        if not f.get("condition") and prior.get("condition") and told:
            carried["condition"] = prior["condition"]
        return {**f, **carried}

    # The patient a new dose question keeps from the prior one (engine/merge.py).
    WHO = ("population", "age_months", "weight_kg")

    def step(self, f: dict[str, Any]) -> str:
        """The expected outcome class of one turn: clarify, abstain, or not-those."""
        bare_drug = (
            self.open_reason == "no_drug"
            and (f.get("drugs") or f.get("unknown_drugs"))  # a name, known or not, answers
            and not f.get("attribute")
            and f.get("turn_type") in ("drug_attribute", "drug_overview")
        )
        context_only = (
            not self.open_slot
            and self.prior is not None
            and self.prior.get("turn_type") == "condition_to_drug"
            and self.prior.get("condition")
            and f.get("age_months") is not None
            and not (f.get("drugs") or f.get("attribute") or f.get("condition"))
            and f.get("turn_type") not in ("smalltalk", "interaction", "condition_relation")
        )
        # A bare complaint told while a question on a drug is open ("bị viêm họng" after "người
        # lớn hay trẻ em?" about cefuroxim): what the drug is for, not a question of its own.
        complaint_told = (
            self.open_slot
            and self.prior is not None
            and bool(self.prior.get("drugs"))
            and f.get("turn_type") == "condition_to_drug"
            and bool(f.get("condition"))
            and f.get("condition_relation") in (None, "indication")
            and not any(f.get(k) is not None for k in ("drugs", "unknown_drugs", *self.WHO))
        )
        # "bé 6 tháng, paracetamol ạ" asked a child's age or weight: the reply gives it and names
        # only the drug asked about, asking nothing else of it: an answer, not a new question.
        names_again = (
            self.open_slot
            and self.prior is not None
            and self._asks_age_weight(self.prior)
            and (f.get("age_months") is not None or f.get("weight_kg") is not None)
            and bool(f.get("drugs"))
            and set(f.get("drugs") or ()) <= set(self.prior.get("drugs") or ())
            and not f.get("unknown_drugs")
            and not f.get("non_human")
            and f.get("attribute") in (None, self.prior.get("attribute"))
            and f.get("turn_type") == self.prior.get("turn_type")
        )
        if names_again:
            f = {k: v for k, v in f.items() if k != "drugs"}  # the question's drugs stay
        self.progressed = False
        if context_only and self.prior is not None:
            f = {**self.prior, "age_months": f["age_months"]}
        elif (
            ("fills_slot" in f or bare_drug or complaint_told or names_again)
            and self.open_slot
            and self.prior
        ):
            # The answer fills slots; the open question keeps its own turn type.
            merged = {
                **self.prior,
                **{k: v for k, v in f.items() if k not in ("fills_slot", "turn_type")},
            }
            before, now = self.prior.get("population"), f.get("population")
            if before is not None and now is not None and before != now:
                # Another population: the old patient's age and weight are not this one's.
                for k in ("age_months", "weight_kg"):
                    merged[k] = f.get(k)
            if f.get("weight_kg") is None and _another_age(
                self.prior.get("age_months"), f.get("age_months")
            ):
                merged["weight_kg"] = None  # another child (or an age corrected): weight unsaid
            if f.get("age_months") or f.get("weight_kg"):
                merged.setdefault("population", "child")
            # The open question of a drug's attribute frame is what to look up or to say more
            # (engine/merge.py `_dose_picked`): whatever the reply fills, the dose as the
            # attribute makes it a dose question (a child's then needs age and weight).
            picked = merged.get("attribute") == DOSE
            if (
                picked
                and self.prior.get("turn_type") == "drug_attribute"
                and self.prior.get("drugs")
            ):
                merged["turn_type"] = "dosing_calc"  # "liều dùng" picked: a dose question now
            merged.pop("needs_clarify", None)
            prior = self.prior
            self.progressed = any(
                k not in self.seen and not prior.get(k) and merged.get(k) for k in self.FACTS
            )
            f = merged
        else:
            f = {**f, "turn_type": f.get("turn_type", "out_of_scope")}
            f.pop("fills_slot", None)
            f = self._case_patient(f)
        kind, reason = self.route(f)
        if f.get("turn_type") == "smalltalk" and self.open_slot:
            # Thanks or a greeting while a question is open: the question stays, streak resets.
            self.streak, self.seen = 0, set()
            return kind
        if self.progressed:
            self.streak = 0  # a clarification after progress starts the count again
        if kind == "clarify" and self.streak >= self.max_clarify:
            self.streak, self.prior, self.open_slot, self.open_reason = 0, None, False, ""
            self.seen = set()
            return "abstain"
        if kind == "clarify":
            self.streak += 1
            self.seen |= {k for k in self.FACTS if f.get(k)}
            self.prior, self.open_slot, self.open_reason = f, True, reason
            return "clarify"
        kept = self.prior if self._aside(f) else f
        self.streak, self.prior, self.open_slot, self.open_reason = 0, kept, False, ""
        self.seen = set()
        return kind

    @staticmethod
    def _asks_age_weight(prior: dict[str, Any]) -> bool:
        """The open question asks a child's age or weight (a dose question lacking one)."""
        return (
            prior.get("turn_type") == "dosing_calc"
            and bool(prior.get("drugs"))
            and not prior.get("section_overview")
            and prior.get("population") == "child"
            and (prior.get("age_months") is None or prior.get("weight_kg") is None)
        )

    def _aside(self, f: dict[str, Any]) -> bool:
        """An aside the book does not answer, naming no drug, condition or patient, after a
        question about a drug: the next turn still reads that question (engine/followup.py)."""
        prior = self.prior
        if prior is None or not prior.get("drugs") or prior.get("non_human"):
            return False
        if f.get("turn_type") != "out_of_scope" or f.get("drugs") or f.get("unknown_drugs"):
            return False
        if f.get("non_human") or f.get("new_case") or f.get("condition"):
            return False
        return all(f.get(k) is None or f.get(k) == prior.get(k) for k in self.WHO)
