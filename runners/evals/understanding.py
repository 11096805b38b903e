"""`duocthu eval understanding`: per-field accuracy of the rules understander on our turns.

Two slices: the tuning set (`evals/understanding.jsonl`) and the held-out slice
(`evals/understanding.heldout.jsonl`, written before tuning and never tuned against).
The exit status gates on the held-out slice at the targets minus five points.

A row: `{"id", "text", "context"?: {"open_slot", "prior_frame"}, "slice"?: "heldout",
"expected": {turn_type, drugs, unknown_drugs, attribute, population, age_months,
weight_kg, route, and optionally condition (normalised), relation, ambiguous, fills_slot,
section_overview, non_human, new_case, non_answer, patient (a subset of PatientContext:
pregnancy with `pregnancy_weeks` / `pregnancy_trimester`, breastfeeding, ...), how_to_take
(a `HowTo` topic, or null), and what the question asks beyond those: asks (`dose`,
`can_use`, `attribute`, `overview`), usual_dose, max_dose, inr, bleeding (true, false for a
denial, null), elderly, injection, book_terms (the book's words for a lay condition, as a
set), condition_words (phrases that must be among the question's folded words), partner
(the other agent's folded words) and partner_classes (`core.drug_classes` keys, a set)}}`.
Labelling conventions: a dose question has attribute `lieu_luong_cach_dung`; the bare
verb "uống" is the oral route only in a dose question; "can X be used by <patient>" takes
the section of the patient fact (pregnancy, breastfeeding, otherwise `than_trong`); a bare
answer carries only what its text says (the engine merges the prior frame); a how-to-take
question keeps the turn type it reads as and takes its topic's first section.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tqdm import tqdm

from core.catalog import DrugCatalog
from core.frame import ClarifySlot, QueryFrame
from core.ports import Understander, UnderstandingContext
from core.text import fold_aligned
from runners.evals.report import record
from understanding.rules import RulesUnderstander
from understanding.testing import demo_catalog

ROOT = Path(__file__).resolve().parents[2]
TUNING_SET = ROOT / "evals" / "understanding.jsonl"
HELDOUT_SET = ROOT / "evals" / "understanding.heldout.jsonl"
CORPUS_FILES = (
    ROOT / "data" / "formulary" / "part1.jsonl",
    ROOT / "data" / "formulary" / "part2.jsonl",
)

FIELDS = (
    "turn_type",
    "drugs",
    "unknown_drugs",
    "attribute",
    "population",
    "age_months",
    "weight_kg",
    "route",
)
OPTIONAL_FIELDS = (
    "condition",
    "relation",
    "ambiguous",
    "fills_slot",
    "section_overview",
    "non_human",
    "new_case",
    "non_answer",
    "patient",
    "how_to_take",
    # What the question asks beyond drug, patient and section (`understanding.asked`).
    "asks",
    "usual_dose",
    "max_dose",
    "inr",
    "bleeding",
    "elderly",
    "injection",
    "book_terms",
    "condition_words",
    "partner",
    "partner_classes",
)
TARGETS = {"turn_type": 0.95, "drugs": 0.98} | dict.fromkeys(FIELDS[2:], 0.97)
GATE_MARGIN = 0.05
HELDOUT = "heldout"
TUNING = "tuning"


@dataclass(frozen=True)
class Case:
    id: str
    text: str
    expected: dict[str, Any]
    context: UnderstandingContext
    slice: str


@dataclass
class SliceReport:
    """Counts for one slice: per-field hits, the turn-type confusion and the misses."""

    name: str
    total: int = 0
    hits: Counter[str] = field(default_factory=Counter)
    counted: Counter[str] = field(default_factory=Counter)
    confusion: Counter[tuple[str, str]] = field(default_factory=Counter)
    misses: list[tuple[str, str, str, Any, Any]] = field(default_factory=list)

    def accuracy(self, name: str) -> float | None:
        n = self.counted[name]
        return self.hits[name] / n if n else None

    def below(self, targets: dict[str, float], margin: float = 0.0) -> list[str]:
        """Fields whose accuracy is under target minus margin (as readable strings)."""
        out = []
        for name, target in targets.items():
            acc = self.accuracy(name)
            if acc is None or acc < target - margin:
                out.append(f"{name} {_pct(acc)} < {_pct(target - margin)}")
        return out


@dataclass
class UnderstandingReport:
    slices: dict[str, SliceReport]

    def gate_failures(self) -> list[str]:
        """Why the held-out gate fails (empty when it passes)."""
        held = self.slices.get(HELDOUT)
        if held is None or held.total == 0:
            return ["no held-out turns were evaluated"]
        return held.below(TARGETS, GATE_MARGIN)


def load_cases(path: Path, default_slice: str) -> list[Case]:
    cases = []
    with path.open(encoding="utf-8") as fh:
        for line_no, line in enumerate(fh, 1):
            if not line.strip():
                continue
            row = json.loads(line)
            ctx = row.get("context") or {}
            prior = ctx.get("prior_frame")
            context = UnderstandingContext(
                open_slot=ClarifySlot(ctx["open_slot"]) if ctx.get("open_slot") else None,
                prior_frame=QueryFrame.model_validate(prior) if prior else None,
            )
            cases.append(
                Case(
                    id=str(row.get("id", f"{path.name}:{line_no}")),
                    text=row["text"],
                    expected=row["expected"],
                    context=context,
                    slice=row.get("slice", default_slice),
                )
            )
    return cases


def _pct(value: float | None) -> str:
    return "  n/a" if value is None else f"{value * 100:5.1f}%"


def _same_number(a: Any, b: Any, tolerance: float) -> bool:
    if a is None or b is None:
        return a is None and b is None
    return abs(float(a) - float(b)) <= tolerance


def _folded_set(values: Sequence[Any]) -> set[str]:
    return {fold_aligned(str(v)).strip() for v in values}


def _words(text: str) -> str:
    """The folded letter-and-digit words of `text`, one space apart."""
    return " ".join(re.findall(r"[a-z0-9]+", fold_aligned(text)))


def _patient_matches(frame: QueryFrame, expected: dict[str, Any]) -> bool:
    patient = frame.patient.model_dump() if frame.patient else {}
    for key, want in expected.items():
        got = patient.get(key)
        if isinstance(want, list):
            if _folded_set(want) != _folded_set(got or []):
                return False
        elif got != want:
            return False
    return True


def _actual(frame: QueryFrame, name: str) -> Any:
    if name == "condition":
        return frame.condition.normalized if frame.condition else None
    if name == "relation":
        return frame.condition_relation.value if frame.condition_relation else None
    if name == "ambiguous":
        return bool(frame.condition and frame.condition.ambiguous)
    if name == "patient":
        return frame.patient.model_dump(exclude_defaults=True) if frame.patient else None
    value = getattr(frame, name)
    return value.value if hasattr(value, "value") else value


def _equal(got: Any, want: Any) -> bool:
    return bool(got == want)


_COMPARE: dict[str, Callable[[Any, Any], bool]] = {
    "drugs": lambda got, want: sorted(got) == sorted(want),
    "unknown_drugs": lambda got, want: _folded_set(got) == _folded_set(want),
    "age_months": lambda got, want: _same_number(got, want, 0.5),
    "weight_kg": lambda got, want: _same_number(got, want, 0.05),
    "inr": lambda got, want: _same_number(got, want, 0.01),
    "book_terms": lambda got, want: _folded_set(got) == _folded_set(want),
    "partner_classes": lambda got, want: set(got) == set(want),
    "condition_words": lambda got, want: all(f" {_words(w)} " in f" {_words(got)} " for w in want),
    "condition": lambda got, want: (
        (got is None and want is None)
        or (
            got is not None
            and want is not None
            and fold_aligned(got).strip() == fold_aligned(want).strip()
        )
    ),
}


def score(case: Case, frame: QueryFrame, report: SliceReport) -> None:
    report.total += 1
    report.confusion[(str(case.expected.get("turn_type")), frame.turn_type.value)] += 1
    for name in FIELDS + OPTIONAL_FIELDS:
        if name not in case.expected:
            continue
        want = case.expected[name]
        if name == "patient":
            ok = _patient_matches(frame, want)
        else:
            got = _actual(frame, name)
            ok = _COMPARE.get(name, _equal)(got, want)
        report.counted[name] += 1
        if ok:
            report.hits[name] += 1
        else:
            report.misses.append((case.id, case.text, name, want, _actual(frame, name)))


def default_catalog() -> DrugCatalog:
    """The corpus catalog when the demo formulary files exist, else the built-in demo list."""
    files = [p for p in CORPUS_FILES if p.is_file() and p.stat().st_size > 0]
    if files:
        catalog = DrugCatalog.from_corpus_files(files)
        if len(catalog):
            return catalog
    return demo_catalog()


def run(
    path: Path | None = None,
    *,
    heldout: bool | None = None,
    progress: bool = True,
    understander: Understander | None = None,
    catalog: DrugCatalog | None = None,
) -> UnderstandingReport:
    """Evaluate every labelled turn; `heldout` True/False keeps only that slice."""
    cases: list[Case] = []
    if path is not None:
        cases = load_cases(path, TUNING)
    else:
        for file, name in ((TUNING_SET, TUNING), (HELDOUT_SET, HELDOUT)):
            if file.is_file():
                cases += load_cases(file, name)
    if heldout is not None:
        cases = [c for c in cases if (c.slice == HELDOUT) == heldout]
    model = understander or RulesUnderstander(catalog or default_catalog())
    report = UnderstandingReport(slices={})
    for case in tqdm(
        cases, desc="understanding", unit="turn", disable=not progress, file=sys.stderr
    ):
        frame = model.understand(case.text, case.context)
        score(case, frame, report.slices.setdefault(case.slice, SliceReport(case.slice)))
    return report


def render(report: UnderstandingReport, *, show_misses: int = 0) -> str:
    lines: list[str] = []
    for name in (TUNING, HELDOUT):
        sl = report.slices.get(name)
        if sl is None:
            continue
        lines.append(f"\n== {name} slice: {sl.total} turns ==")
        for f in FIELDS + OPTIONAL_FIELDS:
            if sl.counted[f]:
                target = TARGETS.get(f)
                gate = f"  target {_pct(target)}" if target else ""
                lines.append(
                    f"  {f:<17}{_pct(sl.accuracy(f))}  ({sl.hits[f]}/{sl.counted[f]}){gate}"
                )
        lines.append("  turn-type confusion (expected -> got, off-diagonal only):")
        off = [(k, v) for k, v in sorted(sl.confusion.items()) if k[0] != k[1]]
        lines += [f"    {e:<19} -> {g:<19} {n}" for (e, g), n in off] or ["    none"]
        for miss in sl.misses[:show_misses]:
            lines.append(
                f"  MISS {miss[0]} [{miss[2]}] want={miss[3]!r} got={miss[4]!r} :: {miss[1]}"
            )
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="duocthu eval understanding")
    parser.add_argument(
        "path", nargs="?", type=Path, help="a labelled JSONL set (default: both slices)"
    )
    parser.add_argument("--heldout", action="store_true", help="only the held-out slice")
    parser.add_argument("--tuning", action="store_true", help="only the tuning slice")
    parser.add_argument("--demo-catalog", action="store_true", help="use the built-in demo catalog")
    parser.add_argument("--show-misses", type=int, default=0, metavar="N")
    parser.add_argument("--no-progress", action="store_true")
    args = parser.parse_args(argv)
    heldout = True if args.heldout else (False if args.tuning else None)
    catalog = demo_catalog() if args.demo_catalog else None
    report = run(args.path, heldout=heldout, progress=not args.no_progress, catalog=catalog)
    print(render(report, show_misses=args.show_misses))
    record(report=report, gate_failures=report.gate_failures() if heldout is not False else [])
    tuning = report.slices.get(TUNING)
    if tuning is not None and tuning.total:
        short = tuning.below(TARGETS)
        print(f"\ntuning targets: {'met' if not short else 'NOT met: ' + '; '.join(short)}")
    if heldout is False:
        return 0
    failures = report.gate_failures()
    verdict = "PASS" if not failures else "FAIL: " + "; ".join(failures)
    print(f"held-out gate (targets - 5 points): {verdict}")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
