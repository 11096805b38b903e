"""`duocthu eval doses`: worked-out amounts, judged on whole conversations.

Each line is a conversation (its user turns, played in one conversation through the real
engine with the offline providers) over the demo corpus or the 2018 real text (ingested as
`duocthu eval realtext` does; those lines are skipped when ../shared is absent). The
engine's clarifying questions are answered from the line's patient facts by the scripted
user of `runners.evals.realtext_user`. Scored on the final turn:

- **right**: a computable line has a claim carrying a `derivation` whose result is the
  expected amount per dose or per day (in mg, whichever the line gives) and whose cap is
  there exactly when the line says a cap applied; a non-computable line has none.
- **above cap**: derivation results above the book's cap (their own, the line's cap said
  for the same period, or a ceiling of the row's section the engine reads:
  `runners.evals.dose_ceilings`).
- **violations**: numbers in a claim that neither its cited evidence nor a recomputed
  derivation supports (`runners.evals.answers.violations_of`).

Gate: `--floor F` holds each set's `right` at or above the committed figure, and above
cap, violations and engine errors at 0. Schema: docs/evals.md.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from tqdm import tqdm

from core.evidence import Evidence
from core.result import TurnResult
from runners.evals.answers import violations_of
from runners.evals.dose_ceilings import above_cap
from runners.evals.dose_labels import labelled_mg, shown_as
from runners.evals.harness import shared_runtime
from runners.evals.realtext import CANDIDATES, CORPUS_FILES, corpus_runtime
from runners.evals.realtext_user import MAX_FOLLOW_UPS, Question, follow_up
from runners.evals.report import record

ROOT = Path(__file__).resolve().parents[2]
SETS = (
    ROOT / "evals" / "doses.jsonl",
    # Tuning lines written by a pharmacist who never saw the code (issue 23, second round).
    ROOT / "evals" / "doses_tuning2.jsonl",
    # A third, written blind by another pharmacist (round 3); its first run is in docs/evals.md.
    ROOT / "evals" / "doses_tuning3.jsonl",
    # A fourth pharmacist's (round 5), blind-written too; its first run is in docs/evals.md.
    ROOT / "evals" / "doses_tuning5.jsonl",
    ROOT / "evals" / "doses_tuning7.jsonl",
    ROOT / "evals" / "doses_tuning8.jsonl",
    ROOT / "evals" / "doses_tuning10.jsonl",
    ROOT / "evals" / "doses_tuning11.jsonl",
    ROOT / "evals" / "doses_tuning12.jsonl",
    ROOT / "evals" / "doses_tuning14.jsonl",
    ROOT / "evals" / "doses_tuning15.jsonl",
    ROOT / "evals" / "doses_tuning16.jsonl",
    ROOT / "evals" / "doses_tuning17.jsonl",
    ROOT / "evals" / "doses_tuning18.jsonl",
    ROOT / "evals" / "doses_tuning19.jsonl",
    ROOT / "evals" / "doses_tuning20.jsonl",
    ROOT / "evals" / "doses_tuning21.jsonl",
    ROOT / "evals" / "dose_people.blind.jsonl",
)
FLOOR = ROOT / "evals" / "doses.floor.json"
_ZERO = ("above_cap", "violations", "errors")
_ROUTE_WORDS = {
    "oral": "uống",
    "rectal": "đặt trực tràng",
    "iv": "tiêm tĩnh mạch",
    "im": "tiêm bắp",
    "sc": "tiêm dưới da",
}


@dataclass(frozen=True)
class Line:
    """One labelled conversation."""

    id: str
    set: str
    corpus: str
    turns: tuple[str, ...]
    patient: dict[str, Any]
    expect: dict[str, Any]


def load_lines(paths: Sequence[Path]) -> list[Line]:
    lines: list[Line] = []
    for path in paths:
        name = "blind" if ".blind" in path.name else path.stem
        for text in path.read_text(encoding="utf-8").splitlines():
            if not text.strip():
                continue
            row = json.loads(text)
            lines.append(
                Line(row["id"], name, row.get("corpus", "demo"), tuple(row["turns"]),
                     dict(row.get("patient") or {}), dict(row["expect"]))
            )  # fmt: skip
    return lines


def user_facts(patient: dict[str, Any]) -> dict[str, Any]:
    """The line's patient as the scripted user's facts (years when a whole number of them)."""
    facts: dict[str, Any] = {
        k: v for k, v in patient.items() if k in ("population", "weight_kg", "indication")
    }
    months = patient.get("age_months")
    if months is not None:
        if months >= 24 and float(months) % 12 == 0:
            facts["age_years"] = int(float(months) // 12)
        else:
            facts["age_months"] = months
    if route := patient.get("route"):
        facts["route"] = _ROUTE_WORDS.get(str(route).lower(), route)
    return facts


def play(engine: Any, line: Line) -> list[TurnResult]:
    """Every user turn in one conversation (a listed turn answers the question before it);
    questions asked after the last turn are answered from the facts, at most
    `MAX_FOLLOW_UPS` times."""
    user = Question(line.id, line.set, line.corpus, "dose", True, line.turns[0],
                    user_facts(line.patient), (), ())  # fmt: skip
    cid = engine.create_conversation().conversation_id
    results: list[TurnResult] = []
    for text in line.turns:
        results.append(engine.handle(cid, text))
    asked = 0
    if results:
        while results[-1].outcome.value == "clarify" and asked < MAX_FOLLOW_UPS:
            reply = follow_up(user, results[-1])
            if not reply:
                break
            results.append(engine.handle(cid, reply))
            asked += 1
    return results


# ---- scoring ----


def cited_texts(result: TurnResult, evidence_of: Any) -> list[str]:
    """The texts of the evidence the result cites (the page's sources, fetched again)."""
    texts = []
    for c in result.citations:
        texts += [e.text for e in evidence_of(c.drug_id, c.section_key) if e.chunk_id == c.chunk_id]
    return texts


def cited_sections(result: TurnResult, evidence_of: Any) -> list[Evidence]:
    """Every part of the sections the result cites, in order (heads carry across parts)."""
    seen: set[tuple[str, str]] = set()
    parts: list[Evidence] = []
    for c in result.citations:
        if (c.drug_id, c.section_key) not in seen:
            seen.add((c.drug_id, c.section_key))
            found = evidence_of(c.drug_id, c.section_key)
            parts += sorted(found, key=lambda e: e.part_index)
    return parts


@dataclass
class Score:
    id: str
    set: str
    corpus: str
    computable: bool
    outcome: str
    reason: str
    turns: int
    right: bool = False
    results: list[str] = field(default_factory=list)
    above_cap: int = 0
    violations: list[str] = field(default_factory=list)


def score(
    line: Line,
    results: Sequence[TurnResult],
    violations: list[str],
    cited: Sequence[str] = (),
    section: Sequence[Evidence] = (),
) -> Score:
    final = results[-1]
    expect = line.expect
    computable = bool(expect.get("computable"))
    s = Score(line.id, line.set, line.corpus, computable, final.outcome.value, final.reason,
              len(results), violations=violations)  # fmt: skip
    derived = [c.derivation for c in final.claims if c.derivation is not None]
    s.results = [f"{d.result}{' (cap)' if d.cap else ''}" for d in derived]
    s.above_cap = sum(above_cap(d, expect, cited, section) for d in derived)
    if not computable:
        s.right = not derived
        return s
    labels = (expect.get("per_dose"), expect.get("per_day"))
    wanted = [w for w in map(labelled_mg, labels) if w]
    capped = bool(expect.get("cap_applied"))
    s.right = final.outcome.value == "answerable" and any(
        any(shown_as(d, w) for w in wanted) and (d.cap is not None) == capped for d in derived
    )
    return s


def summarize(scores: Sequence[Score]) -> dict[str, Any]:
    computable = [s for s in scores if s.computable]
    plain = [s for s in scores if not s.computable]

    def rate(group: Sequence[Score]) -> float | None:
        return sum(s.right for s in group) / len(group) if group else None

    return {
        "lines": len(scores),
        "right": rate(scores),
        "computable_right": rate(computable),
        "computable": len(computable),
        "not_computable_right": rate(plain),
        "not_computable": len(plain),
        "above_cap": sum(s.above_cap for s in scores),
        "violations": sum(len(s.violations) for s in scores),
        "errors": sum(s.outcome == "error" for s in scores),
        "still_clarifying": sum(s.outcome == "clarify" for s in scores),
    }


def report(scores: Sequence[Score]) -> dict[str, dict[str, Any]]:
    groups: dict[str, list[Score]] = {}
    for s in scores:
        groups.setdefault(s.set, []).append(s)
        groups.setdefault(f"{s.set}/{s.corpus}", []).append(s)
    return {name: summarize(group) for name, group in sorted(groups.items())}


def _pct(x: float | None) -> str:
    return "     -" if x is None else f"{x:6.1%}"


def render(figures: dict[str, dict[str, Any]]) -> str:
    lines = [
        f"{'set/corpus':<18}{'n':>4}{'right':>8}{'comp':>12}{'plain':>12}{'>cap':>6}"
        f"{'viol':>6}{'clar':>6}{'err':>5}"
    ]
    for name, f in figures.items():
        comp = f"{_pct(f['computable_right'])}/{f['computable']}"
        plain = f"{_pct(f['not_computable_right'])}/{f['not_computable']}"
        lines.append(
            f"{name:<18}{f['lines']:>4}{_pct(f['right']):>8}{comp:>12}{plain:>12}"
            f"{f['above_cap']:>6}{f['violations']:>6}{f['still_clarifying']:>6}{f['errors']:>5}"
        )
    lines.append(
        "right: the final answer's worked-out amount (or its absence) as labelled; comp/plain:"
        " right among computable / not computable lines (n after /); >cap: amounts above a"
        " book cap; viol: grounding violations; clar: still asking; err: engine errors"
    )
    return "\n".join(lines)


def floor_failures(figures: dict[str, dict[str, Any]], floor: dict[str, Any]) -> list[str]:
    """Groups ("doses", "blind/demo", …) whose `right` fell below the committed floor (a group
    not measured in this run, such as real-text lines without ../shared, is not judged); any
    amount above a cap, grounding violation or engine error fails whatever the floor says."""
    failed = []
    for name, f in figures.items():
        if "/" not in name:
            failed += [f"{name}: {k} {f[k]} (must be 0)" for k in _ZERO if f[k]]
    for name, want in floor.items():
        got = figures.get(name, {}).get("right")
        if got is not None and got < float(want["right"]):
            failed.append(f"{name}: right {got:.3f} (floor {float(want['right']):.3f})")
    return failed


def run(lines: Sequence[Line], runtime_for: Callable[[str], Any], *, progress: bool) -> list[Score]:
    scores = []
    for line in tqdm(lines, desc="doses", unit="line", disable=not progress, file=sys.stderr):
        runtime = runtime_for(line.corpus)
        try:
            results = play(runtime.engine, line)
        except Exception as exc:  # an eval reports every failure; it does not stop
            computable = bool(line.expect.get("computable"))
            scores.append(Score(line.id, line.set, line.corpus, computable, "error", repr(exc), 0))
            continue
        evidence_of = runtime.retriever.find_by_section
        bad = [v for r in results for v in violations_of(r, evidence_of)]
        final = results[-1]
        cited = cited_texts(final, evidence_of)
        scores.append(score(line, results, bad, cited, cited_sections(final, evidence_of)))
    return scores


def _args(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="duocthu eval doses")
    p.add_argument("--set", type=Path, action="append", help="a labelled JSONL set (repeatable)")
    p.add_argument("--data-dir", type=Path, help="reuse this data dir (default: a temp dir)")
    p.add_argument("--corpus-dir", type=Path, default=CANDIDATES)
    p.add_argument("--floor", type=Path, help="enforce this floor (JSON: set -> figures)")
    p.add_argument("--summary-only", action="store_true", help="figures only, no line")
    p.add_argument("--show-misses", type=int, default=0, metavar="N")
    p.add_argument("--json", type=Path, help="also write the figures (and scores) as JSON")
    p.add_argument("--no-progress", action="store_true")
    args, _unknown = p.parse_known_args(argv)  # `duocthu eval` passes one argv to every runner
    return args


def main(argv: list[str]) -> int:
    args = _args(argv)
    paths = args.set or [p for p in SETS if p.is_file()]
    lines = load_lines(paths)
    real = args.corpus_dir / CORPUS_FILES["dtqg2018"]
    if not real.is_file():
        skipped = sum(line.corpus != "demo" for line in lines)
        lines = [line for line in lines if line.corpus == "demo"]
        print(f"doses: {skipped} real-text lines skipped, {real} is absent")
    with tempfile.TemporaryDirectory(prefix="duocthu-doses-") as tmp:
        base = args.data_dir or Path(tmp)
        runtimes: dict[str, Any] = {}

        def runtime_for(corpus: str) -> Any:
            if corpus == "demo":
                return shared_runtime(base)
            if corpus not in runtimes:
                runtimes[corpus] = corpus_runtime(real, base / f"realtext-{corpus}")
            return runtimes[corpus]

        try:
            scores = run(lines, runtime_for, progress=not args.no_progress)
        finally:
            for runtime in runtimes.values():
                runtime.close()
    figures = report(scores)
    failed: list[str] = []
    if args.floor is not None:
        failed = floor_failures(figures, json.loads(args.floor.read_text(encoding="utf-8")))
    detail = [] if args.summary_only else [asdict(s) for s in scores]
    record(figures=figures, gate=failed, scores=detail)
    if args.json:
        out = {"figures": figures, "gate": failed, "scores": detail}
        args.json.write_text(json.dumps(out, ensure_ascii=False, indent=1), encoding="utf-8")
    print(render(figures))
    if not args.summary_only:
        misses = [s for s in scores if not s.right or s.above_cap or s.violations]
        for s in misses[: args.show_misses]:
            print(f"  MISS {s.id} {s.outcome}/{s.reason} computable={s.computable} "
                  f"got={s.results} >cap={s.above_cap} viol={s.violations[:2]}")  # fmt: skip
    if args.floor is not None:
        verdict = "PASS" if not failed else "FAIL: " + "; ".join(failed)
        print(f"\nfloor ({args.floor}): {verdict}")
    return 1 if failed else 0


__all__ = [
    "Line",
    "Score",
    "above_cap",
    "floor_failures",
    "load_lines",
    "main",
    "play",
    "report",
    "score",
    "summarize",
    "user_facts",
]
