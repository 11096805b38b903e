"""`duocthu eval condition`: condition → medication conversations, with patient context, end to end.

Every case is a conversation; each turn says what should happen (route, relation,
ambiguity, outcome) and which drugs the corpus' own indication sections name for the
condition. Reported per slice: route accuracy, relation confusion, ambiguity precision,
candidate recall, unsupported-drug rate, safety-facet coverage, context loss across turns
and wrong carry-over across a case boundary. Gates: unsupported drugs and wrong carry-over
must both be zero, and no engine error. `--check-labels` verifies the labels against the
corpus without running the engine.
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from core.evidence import DrugCandidate
from core.frame import PatientContext
from core.result import TurnResult
from core.text import fold
from runners.evals.condition_labels import Corpus, check_labels, names_term
from runners.evals.dialogues import (
    LabelledTurn,
    Played,
    accepts,
    load_sets,
    pct,
    play_all,
)
from runners.evals.harness import (
    HELDOUT,
    TUNING,
    TurnEngine,
    keep_slice,
    parse_common,
    shared_engine,
)
from runners.evals.report import record
from safety.assessment import FACET_SECTIONS, assess_candidates, facets_needed
from safety.facets import FacetStatus

ROOT = Path(__file__).resolve().parents[2]
TUNING_SET = ROOT / "evals" / "condition_to_drug.jsonl"
HELDOUT_SET = ROOT / "evals" / "condition_to_drug.heldout.jsonl"
# The engine lists at most this many drugs (Settings.indication_candidates) and assesses
# each; safety-facet coverage is measured on the first SAFETY_TOP of them.
LIST_LIMIT = 8
SAFETY_TOP = 5
CONDITION_REASON = "condition_to_drug"
_LIST_FIELDS = ("allergies", "comorbidities", "current_medicines")


# -- metrics -----------------------------------------------------------------
def shown_drugs(result: TurnResult) -> list[str]:
    """Drugs an answer presents: every cited drug, indication citations first."""
    first = [c.drug_id for c in result.citations if c.section_key == "chi_dinh"]
    rest = [c.drug_id for c in result.citations]
    return list(dict.fromkeys([*first, *rest]))


def _patient(result: TurnResult) -> dict[str, Any]:
    value = result.frame.get("patient")
    return value if isinstance(value, dict) else {}


def fact_present(patient: dict[str, Any], name: str, value: Any = None) -> bool:
    """A patient fact is present: a list holding the item (accent-insensitive), else set."""
    got = patient.get(name)
    if isinstance(got, list):
        items = {fold(str(g)) for g in got}
        if value is None:
            return bool(items)
        return fold(str(value)) in items
    if value is not None and got is not None and not isinstance(value, bool):
        return bool(got == value)
    return bool(got)


def facts_of(expected: dict[str, Any]) -> list[tuple[str, Any]]:
    """(field, item) pairs of an expected patient dict; list fields give one pair per item."""
    out: list[tuple[str, Any]] = []
    for name, value in expected.items():
        if isinstance(value, list):
            out += [(name, v) for v in value]
        else:
            out.append((name, value))
    return out


def _not_carried(spec: str) -> tuple[str, Any]:
    name, _, item = spec.partition("=")
    return name, (item or None)


@dataclass
class ConditionSlice:
    name: str
    cases: int = 0
    turns: int = 0
    hits: Counter[str] = field(default_factory=Counter)
    counted: Counter[str] = field(default_factory=Counter)
    relation: Counter[tuple[str, str]] = field(default_factory=Counter)
    flagged_ambiguous: int = 0
    flagged_right: int = 0
    expected_ambiguous: int = 0
    expected_ambiguous_found: int = 0
    recall_hit: int = 0
    recall_want: int = 0
    shown: int = 0
    unsupported: list[str] = field(default_factory=list)
    off_condition: list[str] = field(default_factory=list)
    labelled_shown: int = 0
    facets_total: int = 0
    facets_coverable: int = 0
    facets_covered: int = 0
    uncovered: list[str] = field(default_factory=list)
    facts: int = 0
    facts_found: int = 0
    facts_missing: list[str] = field(default_factory=list)
    carried: int = 0
    lost: list[str] = field(default_factory=list)
    boundary_checks: int = 0
    wrong_carry: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    misses: list[str] = field(default_factory=list)

    def rate(self, name: str) -> float | None:
        return self.hits[name] / self.counted[name] if self.counted[name] else None


def _count(sl: ConditionSlice, name: str, ok: bool, miss: str) -> None:
    sl.counted[name] += 1
    sl.hits[name] += ok
    if not ok:
        sl.misses.append(f"[{name}] {miss}")


def _coverage(
    sl: ConditionSlice, expect: dict[str, Any], result: TurnResult, corpus: Corpus, where: str
) -> None:
    patient = PatientContext.model_validate(expect["patient"])
    shown = [d for d in shown_drugs(result) if d in corpus.indication][:SAFETY_TOP]
    cands = [DrugCandidate(drug_id=d, drug_name=corpus.catalog.name_of(d), score=0) for d in shown]
    assessed, _ = assess_candidates(
        cands, patient, corpus.section, top=SAFETY_TOP, catalog=corpus.catalog
    )
    cited = {(c.drug_id, c.section_key) for c in result.citations}
    for n, (facet, _subject) in enumerate(facets_needed(patient)):
        sl.facets_total += 1
        said = [
            a.drug_id
            for a in assessed
            if a.facets[n].status not in (FacetStatus.NO_STATEMENT_FOUND, FacetStatus.NOT_CHECKED)
        ]
        if not said:
            continue
        sl.facets_coverable += 1
        covered = any((d, s) in cited for d in said for s in FACET_SECTIONS[facet])
        sl.facets_covered += covered
        if not covered:
            sl.uncovered.append(f"{where}: {facet.value} {_subject or ''} (text in {said})")


def _score_context(
    sl: ConditionSlice,
    expect: dict[str, Any],
    result: TurnResult,
    previous: dict[str, Any] | None,
    where: str,
) -> None:
    """Patient facts: found in the frame, kept within a case, dropped across a boundary."""
    actual = _patient(result)
    for name, value in facts_of(expect.get("patient", {})):
        sl.facts += 1
        if fact_present(actual, name, None if isinstance(value, bool) else value):
            sl.facts_found += 1
        else:
            sl.facts_missing.append(f"{where}: {name}={value}")
    if previous and not expect.get("not_carried"):
        for name, value in facts_of(previous):
            if (name, value) in facts_of(expect.get("patient", {})):
                sl.carried += 1
                if not fact_present(actual, name, None if isinstance(value, bool) else value):
                    sl.lost.append(f"{where}: lost {name}={value}")
    for spec in expect.get("not_carried", []):
        name, item = _not_carried(spec)
        sl.boundary_checks += 1
        if fact_present(actual, name, item):
            sl.wrong_carry.append(f"{where}: carried {spec} across the case boundary")


def score_turn(
    sl: ConditionSlice,
    turn: LabelledTurn,
    result: TurnResult,
    *,
    where: str,
    previous: dict[str, Any] | None,
    corpus: Corpus,
) -> None:
    """Add one turn's evidence to every metric it bears on."""
    frame, expect = result.frame, turn.expect
    miss = f"{where} :: {turn.text}"
    for name in ("state", "outcome", "reason"):
        if name in expect:
            got = getattr(result, name)
            got = got.value if hasattr(got, "value") else got
            _count(sl, name, accepts(expect[name], got), f"{miss} want={expect[name]} got={got}")
    if "route_rule" in expect or "turn_type" in expect:
        ok = accepts(expect.get("route_rule", result.route_rule), result.route_rule) and accepts(
            expect.get("turn_type", frame.get("turn_type")), frame.get("turn_type")
        )
        got_route = (result.route_rule, frame.get("turn_type"))
        _count(sl, "route", ok, f"{miss} want={expect.get('route_rule')} got={got_route}")
    if "relation" in expect:
        got_rel = str(frame.get("condition_relation"))
        sl.relation[(str(expect["relation"]), got_rel)] += 1
    condition = frame.get("condition") or {}
    flagged = result.reason == "ambiguous_condition" or bool(condition.get("ambiguous"))
    want_amb = bool(expect.get("ambiguous", False))
    sl.flagged_ambiguous += flagged
    sl.flagged_right += flagged and want_amb
    sl.expected_ambiguous += want_amb
    sl.expected_ambiguous_found += want_amb and flagged
    shown = shown_drugs(result) if result.reason == CONDITION_REASON else []
    if "candidates" in expect:
        wanted = set(expect["candidates"])
        denominator = min(len(wanted), LIST_LIMIT)
        sl.recall_want += denominator
        sl.recall_hit += min(len(wanted & set(shown)), denominator)
    if shown:
        # Grounded (gate): the indication names the condition the engine answered about or
        # the labelled one. Off-condition (reported): it does not name the labelled one.
        labelled = [*expect.get("indication_terms", []), *expect.get("related_terms", [])]
        own = [str(condition.get(k) or "") for k in ("text", "normalized")]
        sl.shown += len(shown)
        sl.unsupported += [
            f"{where}: {d} (condition {own[0]!r})"
            for d in shown
            if not corpus.names(d, [*labelled, *own])
        ]
        if "indication_terms" in expect:
            sl.off_condition += [
                f"{where}: {d} (labelled {labelled})"
                for d in shown
                if not corpus.names(d, labelled)
            ]
            sl.labelled_shown += len(shown)
    if "patient" in expect and result.reason == CONDITION_REASON:
        _coverage(sl, expect, result, corpus, where)
    _score_context(sl, expect, result, previous, where)


def score_case(played: Played, sl: ConditionSlice, corpus: Corpus) -> None:
    case = played.dialogue
    sl.cases += 1
    sl.errors += [f"{case.id}: {e}" for e in played.errors]
    previous: dict[str, Any] | None = None
    for n, (turn, result) in enumerate(zip(case.turns, played.results, strict=True), 1):
        sl.turns += 1
        if result is None:
            continue
        score_turn(sl, turn, result, where=f"{case.id} turn {n}", previous=previous, corpus=corpus)
        previous = turn.expect.get("patient") or None


@dataclass
class ConditionReport:
    slices: dict[str, ConditionSlice]

    def gate_failures(self) -> list[str]:
        out: list[str] = []
        for sl in self.slices.values():
            out += [f"{sl.name}: unsupported drug {u}" for u in sl.unsupported]
            out += [f"{sl.name}: {w}" for w in sl.wrong_carry]
            out += [f"{sl.name}: engine error {e}" for e in sl.errors]
        return out


def score_all(played: Iterable[Played], corpus: Corpus) -> ConditionReport:
    report = ConditionReport(slices={})
    for p in played:
        sl = report.slices.setdefault(p.dialogue.slice, ConditionSlice(p.dialogue.slice))
        score_case(p, sl, corpus)
    return report


def _ratio(n: int, d: int) -> str:
    return f"{pct(n / d if d else None)}  ({n}/{d})"


def render(report: ConditionReport, *, show_misses: int = 0) -> str:
    lines: list[str] = []
    for name in (TUNING, HELDOUT, *sorted(set(report.slices) - {TUNING, HELDOUT})):
        sl = report.slices.get(name)
        if sl is None:
            continue
        lines.append(f"\n== {name} slice: {sl.cases} cases, {sl.turns} turns ==")
        for key, label in (
            ("route", "route accuracy"),
            ("state", "state"),
            ("outcome", "outcome"),
            ("reason", "reason"),
        ):
            if sl.counted[key]:
                lines.append(f"  {label:<34}{_ratio(sl.hits[key], sl.counted[key])}")
        rows = (
            ("ambiguity precision", sl.flagged_right, sl.flagged_ambiguous),
            ("ambiguity recall", sl.expected_ambiguous_found, sl.expected_ambiguous),
            (f"candidate recall@{LIST_LIMIT}", sl.recall_hit, sl.recall_want),
            ("unsupported-drug rate (gate 0)", len(sl.unsupported), sl.shown),
            ("off-condition drug rate", len(sl.off_condition), sl.labelled_shown),
            ("safety-facet coverage", sl.facets_covered, sl.facets_coverable),
            ("  facets with text in corpus", sl.facets_coverable, sl.facets_total),
            ("patient facts in the frame", sl.facts_found, sl.facts),
            ("context-loss rate", len(sl.lost), sl.carried),
            ("wrong carry-over (gate 0)", len(sl.wrong_carry), sl.boundary_checks),
        )
        lines += [f"  {label:<34}{_ratio(n, d)}" for label, n, d in rows]
        lines.append("  relation confusion (expected -> got):")
        lines += [f"    {e:<18} -> {g:<18} {n}" for (e, g), n in sorted(sl.relation.items())] or [
            "    none"
        ]
        lines.append(f"  engine errors: {len(sl.errors)}")
        for item in [*sl.unsupported, *sl.wrong_carry, *sl.errors][:30]:
            lines.append(f"    ! {item}")
        lines += [f"  OFF {m}" for m in sl.off_condition[:show_misses]]
        lines += [f"  UNCOVERED {m}" for m in sl.uncovered[:show_misses]]
        lines += [f"  LOST {m}" for m in sl.lost[:show_misses]]
        lines += [f"  NO-FACT {m}" for m in sl.facts_missing[:show_misses]]
        lines += [f"  MISS {m}" for m in sl.misses[:show_misses]]
    return "\n".join(lines)


def main(
    argv: list[str], *, engine_factory: Callable[[Path | None], TurnEngine] = shared_engine
) -> int:
    args = parse_common("duocthu eval condition", argv)
    cases = keep_slice(load_sets(TUNING_SET, HELDOUT_SET, args.path), args)
    corpus = Corpus()
    problems = check_labels(cases, corpus)
    if problems or "--check-labels" in argv:
        print("\n".join(problems) or f"labels: {len(cases)} cases agree with the corpus")
        return 1 if problems else 0
    engine = engine_factory(args.data_dir)
    played = play_all(engine, cases, progress=not args.no_progress, desc="condition")
    report = score_all(played, corpus)
    print(render(report, show_misses=args.show_misses))
    failures = report.gate_failures()
    record(report=report, gate_failures=failures)
    print(
        f"\nzero gates (unsupported drugs, wrong carry-over, errors): "
        f"{'PASS' if not failures else f'FAIL ({len(failures)})'}"
    )
    return 1 if failures else 0


__all__ = [
    "ConditionReport",
    "Corpus",
    "check_labels",
    "fact_present",
    "main",
    "names_term",
    "score_all",
    "shown_drugs",
]


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
