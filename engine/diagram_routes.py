"""What the diagram says beside its guards and its evidence arrow: the configured breaker
limit, the checks behind `has_grounded_answer`, and the routes into `answering` from
evidence (the dose route on its own), all derived from the routing table and the
guards so a reviewer reads what the engine runs."""

from __future__ import annotations

from dataclasses import dataclass

from engine.routing import ROUTING_TABLE
from states.definition import GUARD_DEFINITIONS, Guard, Trigger

DEFAULT_MAX_CLARIFY = 4
"""MAX_CONSECUTIVE_CLARIFY's default; the service draws with the configured value."""

GROUNDED_ANSWER_CHECKS: tuple[tuple[str, str, str], ...] = (
    ("claims", "always", "the answerer produced at least one claim"),
    ("citation", "always", "every claim cites retrieved evidence"),
    (
        "numeric",
        "always",
        "every number is in the cited evidence, or is a derivation (a quoted dose × the "
        "weight the user gave) that the check recomputes",
    ),
    ("candidate_set", "condition lists", "every listed drug is one of the retrieved candidates"),
    ("no_ranking", "condition lists", "no drug is ranked or recommended over another"),
    ("entailment", "the bedrock answerer", "the cited evidence entails each claim"),
)
"""`has_grounded_answer` holds when each check that applies passes (grounding/verify.py
`default_checks`; tests/engine/test_diagram.py keeps the two in step)."""


def _rule(name: str) -> int:
    return next(r.number for r in ROUTING_TABLE if r.name == name)


@dataclass(frozen=True)
class AnswerRoute:
    """One way into `answering` from checked evidence."""

    name: str
    title: str
    rules: tuple[int, ...]
    steps: tuple[str, ...]
    reasons: tuple[str, ...]
    checks: tuple[str, ...]


def answer_routes(max_clarify: int = DEFAULT_MAX_CLARIFY) -> tuple[AnswerRoute, ...]:
    """The routes the routing table sends to `start_retrieval` and on to
    `answer_from_evidence`, each with the checks its answer must pass."""
    pop, age = _rule("dosing_needs_population"), _rule("child_dosing_needs_age_and_weight")
    single, inter = _rule("single_drug"), _rule("interaction")
    cond, triage = _rule("condition_to_drug"), _rule("safety_triage")
    ask = f"can_clarify: streak < {max_clarify}"
    common = ("claims", "citation", "numeric")
    answer = f"retrieving → {Trigger.ANSWER_FROM_EVIDENCE.value} [has_grounded_answer] → answering"
    start = "any_turn_end → start_retrieval [has_answer_target] → retrieving"
    return (
        AnswerRoute(
            "dose",
            f"dose: population (rule {pop}), a child's age and weight (rule {age}), then rule "
            f"{single}",
            (pop, age, single),
            (
                f"any_turn_end → ask_population [{ask}] → clarifying_population "
                "(when adult or child is not known)",
                f"any_turn_end → ask_age_weight [{ask}] → clarifying_age_weight "
                "(a child: until both age and weight are known)",
                start + " (the dose rows for this patient; ask_route when the route is open)",
                answer + " (each amount worked out from the weight recomputed)",
            ),
            ("single_drug",),
            common,
        ),
        AnswerRoute(
            "single_drug",
            f"one drug's attribute or overview (rule {single})",
            (single,),
            (start, answer),
            ("single_drug",),
            common,
        ),
        AnswerRoute(
            "interaction",
            f"an interaction, from both drugs' sections (rule {inter})",
            (inter,),
            (start, answer),
            ("interaction",),
            common,
        ),
        AnswerRoute(
            "condition_list",
            f"drugs whose indication names the condition (rule {cond})",
            (cond,),
            (start, answer),
            ("condition_to_drug",),
            (*common, "candidate_set", "no_ranking"),
        ),
        AnswerRoute(
            "triage_quote",
            f"safety triage naming a drug: what to do now, its evidence quoted, no dose "
            f"(rule {triage})",
            (triage,),
            (start, answer),
            ("emergency", "unsafe_use"),
            common,
        ),
    )


def routes_label() -> list[str]:
    """The lines under the evidence arrow: the dose route first, on a line of its own."""
    routes = answer_routes()
    dose, others = routes[0], routes[1:]
    return [
        "route dose: rules " + " → ".join(str(n) for n in dose.rules),
        "routes: " + ", ".join(f"{r.name} ({', '.join(map(str, r.rules))})" for r in others),
    ]


def guard_label(guard: str, max_clarify: int) -> str:
    """A guard as the diagram prints it: with the configured limit, or the checks it runs."""
    if guard == Guard.CAN_CLARIFY.value:
        return f"{guard}: streak < {max_clarify}"
    if guard == Guard.BREAKER_EXHAUSTED.value:
        return f"{guard}: streak ≥ {max_clarify}"
    if guard == Guard.HAS_GROUNDED_ANSWER.value:
        return (
            f"{guard}: claims ∧ citation ∧ numeric, ∧ candidate_set ∧ no_ranking for lists, "
            "∧ entailment with bedrock"
        )
    return guard


def guard_definitions(
    max_clarify: int = DEFAULT_MAX_CLARIFY, *, with_checks: bool = True
) -> dict[str, str]:
    """What each guard checks, with the configured breaker limit and, for
    `has_grounded_answer`, the checks by name and when each applies."""
    out: dict[str, str] = {}
    limit = "MAX_CONSECUTIVE_CLARIFY"
    for guard, written in GUARD_DEFINITIONS.items():
        bare = written.replace(f"{limit} ({DEFAULT_MAX_CLARIFY})", limit)
        text = bare.replace(limit, f"{limit} ({max_clarify})")
        if guard is Guard.HAS_GROUNDED_ANSWER and not with_checks:
            text = f"{text} (each check that applies: the table below)"
        elif guard is Guard.HAS_GROUNDED_ANSWER:
            checks = "; ".join(f"{n} ({when}): {what}" for n, when, what in GROUNDED_ANSWER_CHECKS)
            text = f"{text}: {checks}"
        out[guard.value] = text
    return out


__all__ = [
    "DEFAULT_MAX_CLARIFY",
    "GROUNDED_ANSWER_CHECKS",
    "AnswerRoute",
    "answer_routes",
    "guard_definitions",
    "guard_label",
    "routes_label",
]
