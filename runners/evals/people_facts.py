"""`duocthu eval people-facts`: patient facts and how-to-take answers, as people type them.

Each line of evals/people_facts*.jsonl plays its `before` turns and its `text` in a fresh
conversation on the demo corpus (offline providers) and judges the final turn:

- `patient_fact`: the frame holds every labelled fact (neutral keys mapped to frame
  fields; a fact labelled null must be absent);
- `near_fact`: no age, weight or pregnancy was read (and any labelled fact holds);
- `how_to_take`: answered, citing the drug's section, every `has` word group in the
  answer (accent-folded), at most `MAX_ANSWER_CHARS` characters, and no clarification on
  the way when `needs_patient` is false;
- `reaction`: triaged `emergency`, citing the drug's `huong_dan_xu_tri_adr`.

Reported per set, per kind and per style tag (`no_diacritics`, `slang`,
`mid_conversation`, ...). `--floor F` fails when a kind falls below the committed figures
of its set. The blind set (`*.blind.jsonl`, written by people who never saw the rules) is
measured, never tuned on: `--summary-only` prints its figures without its lines.
Schema: docs/evals.md.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tqdm import tqdm

from core.population import ELDERLY_MONTHS
from core.result import TurnResult
from core.text import fold_words
from runners.evals.harness import TurnEngine, shared_engine
from runners.evals.realtext import shown_text
from runners.evals.report import record

ROOT = Path(__file__).resolve().parents[2]
TUNING_SET = ROOT / "evals" / "people_facts.jsonl"
BLIND_SET = ROOT / "evals" / "people_facts.blind.jsonl"
TUNING_SETS = tuple(
    ROOT / "evals" / f"people_facts.tuning{n}.jsonl"
    for n in (2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21)
)
"""Sets written blind to our rules by other people (situations, never our phrasings), each run
once before tuning on it; those first runs are in docs/evals.md, round by round."""
ELDERLY = "elderly"
"""A population label some writers use: an adult of `ELDERLY_MONTHS` or more."""
KINDS = ("patient_fact", "near_fact", "how_to_take", "reaction")
MAX_ANSWER_CHARS = 400
AGE_TOLERANCE_MONTHS = 0.5
INFANT_TOLERANCE_MONTHS = 0.1
"""Below `INFANT_MONTHS` ages are said in days or weeks (labelled in months to one decimal):
half a month would let "10 ngày" pass as 25 days, across a newborn's dose bands."""
INFANT_MONTHS = 3.0
# Neutral label keys -> where the frame keeps them ("frame" or "patient").
_FRAME_KEYS = {"population": "frame", "age_months": "frame", "weight_kg": "frame"}
_PATIENT_KEYS = ("pregnant", "pregnancy_weeks", "pregnancy_trimester", "breastfeeding")
_NOT_READ = ("age_months", "weight_kg", "pregnancy_weeks", "pregnancy_trimester")


@dataclass(frozen=True)
class Line:
    """One labelled line of a set."""

    id: str
    kind: str
    text: str
    set: str
    before: tuple[str, ...] = ()
    facts: dict[str, Any] = field(default_factory=dict)
    drug_id: str | None = None
    section_keys: tuple[str, ...] = ()
    has: tuple[tuple[str, ...], ...] = ()
    needs_patient: bool = False
    style: tuple[str, ...] = ()


def _set_name(path: Path) -> str:
    return "blind" if path.name.endswith(".blind.jsonl") else path.stem.replace(".", "_")


def load(paths: Sequence[Path]) -> list[Line]:
    lines: list[Line] = []
    for path in paths:
        for n, raw_line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not raw_line.strip():
                continue
            raw: dict[str, Any] = json.loads(raw_line)
            kind = raw.get("kind")
            if kind not in KINDS:
                raise ValueError(f"{path.name}:{n}: kind must be one of {KINDS}, got {kind!r}")
            expect = raw.get("expect") or {}
            facts = raw.get("facts", expect.get("facts", {})) or {}
            section = raw.get("section_key", expect.get("section_key"))
            listed = section if isinstance(section, list) else [section] if section else []
            sections = tuple(str(k) for k in listed)
            has = raw.get("has", expect.get("has", ())) or ()
            lines.append(
                Line(
                    id=str(raw["id"]),
                    kind=kind,
                    text=str(raw["text"]),
                    set=_set_name(path),
                    before=tuple(raw.get("before", ())),
                    facts=dict(facts),
                    drug_id=raw.get("drug_id", expect.get("drug_id", facts.get("drug_id"))),
                    section_keys=sections,
                    has=tuple(tuple(g) if isinstance(g, list) else (g,) for g in has),
                    needs_patient=bool(raw.get("needs_patient", expect.get("needs_patient"))),
                    style=tuple(raw.get("style", ())),
                )
            )
    return lines


# ---- judging ----------------------------------------------------------------------------


def _fact_value(frame: dict[str, Any], key: str) -> Any:
    if key in _FRAME_KEYS:
        return frame.get(key)
    patient = frame.get("patient") or {}
    return patient.get(key)


def _same(key: str, got: Any, want: Any) -> bool:
    if want is None:
        return got in (None, False)  # "null": the fact must be absent (cleared)
    if got is None:
        return False
    if key == "age_months":
        if float(want) < INFANT_MONTHS:
            return abs(float(got) - float(want)) <= INFANT_TOLERANCE_MONTHS
        return abs(float(got) - float(want)) <= max(AGE_TOLERANCE_MONTHS, 0.05 * float(want))
    if key == "weight_kg":
        return abs(float(got) - float(want)) <= 0.05
    if key in ("pregnancy_weeks", "pregnancy_trimester"):
        return int(got) == int(want)
    return bool(got == want)


def fact_problems(line: Line, frame: dict[str, Any]) -> list[str]:
    """What the frame gets wrong of the line's facts (empty: read right)."""
    problems: list[str] = []
    for key, want in line.facts.items():
        if key == "drug_id":
            if want is not None and want not in (frame.get("drugs") or []):
                problems.append(f"drug {want} not in {frame.get('drugs')}")
            continue
        if key not in _FRAME_KEYS and key not in _PATIENT_KEYS:
            problems.append(f"unknown fact key {key!r}")
            continue
        got = _fact_value(frame, key)
        if key == "population" and want == ELDERLY:
            # The frame knows adult and child only; an elderly patient is an adult
            # whose age, when one was said, is 60 years or more.
            age = frame.get("age_months")
            if age is None or float(age) >= ELDERLY_MONTHS:
                want = "adult"  # noqa: PLW2901 - the label said in the frame's terms
        if not _same(key, got, want):
            problems.append(f"{key}: got {got!r}, want {want!r}")
    if line.kind == "near_fact":
        for key in _NOT_READ:
            got = _fact_value(frame, key)
            if got is not None and key not in line.facts:
                problems.append(f"{key} read as {got!r}")
        if _fact_value(frame, "pregnant") and "pregnant" not in line.facts:
            problems.append("pregnancy read")
    return problems


def _folded(text: str) -> str:
    return f" {fold_words(text)} "


def howto_problems(line: Line, results: Sequence[TurnResult]) -> list[str]:
    final = results[-1]
    problems: list[str] = []
    if final.outcome.value != "answerable":
        problems.append(f"outcome {final.outcome.value}/{final.reason}")
    cited = {(c.drug_id, c.section_key) for c in final.citations}
    sections = line.section_keys
    if line.drug_id and not any(
        d == line.drug_id and (not sections or s in sections) for d, s in cited
    ):
        problems.append(f"not cited {line.drug_id}/{'|'.join(sections)}; cited {sorted(cited)}")
    shown = shown_text(final)
    answer = _folded(shown)
    for group in line.has:
        if not any(_folded(word).strip() and _folded(word) in answer for word in group):
            problems.append(f"missing {' | '.join(group)}")
    if len(shown) > MAX_ANSWER_CHARS:
        problems.append(f"{len(shown)} chars > {MAX_ANSWER_CHARS}")
    if not line.needs_patient and final.outcome.value == "clarify":
        problems.append("asked a clarifying question")
    return problems


def reaction_problems(results: Sequence[TurnResult], line: Line) -> list[str]:
    final = results[-1]
    problems = [] if final.reason == "emergency" else [f"reason {final.reason}"]
    if not any(
        c.section_key == "huong_dan_xu_tri_adr" and (not line.drug_id or c.drug_id == line.drug_id)
        for c in final.citations
    ):
        problems.append("no huong_dan_xu_tri_adr citation")
    return problems


def judge(line: Line, results: Sequence[TurnResult]) -> list[str]:
    """The problems of one played line (empty: a pass)."""
    if line.kind in ("patient_fact", "near_fact"):
        return fact_problems(line, results[-1].frame or {})
    if line.kind == "how_to_take":
        return howto_problems(line, results)
    return reaction_problems(results, line)


# ---- running and reporting -------------------------------------------------------------


@dataclass
class Tally:
    passed: int = 0
    total: int = 0

    def add(self, ok: bool) -> None:
        self.total += 1
        self.passed += ok

    @property
    def rate(self) -> float | None:
        return self.passed / self.total if self.total else None


@dataclass
class SetReport:
    kinds: dict[str, Tally] = field(default_factory=dict)
    styles: dict[str, dict[str, Tally]] = field(default_factory=dict)
    misses: list[str] = field(default_factory=list)


def play(engine: TurnEngine, line: Line) -> list[TurnResult]:
    """The line's turns in a fresh conversation, every turn's result (the judged one last)."""
    cid = engine.create_conversation().conversation_id
    return [engine.handle(cid, text) for text in (*line.before, line.text)]


def play_all(
    engine: TurnEngine, lines: Sequence[Line], *, progress: bool = False
) -> dict[str, SetReport]:
    reports: dict[str, SetReport] = {}
    for line in tqdm(
        lines, desc="people-facts", unit="line", disable=not progress, file=sys.stderr
    ):
        report = reports.setdefault(line.set, SetReport())
        try:
            problems = judge(line, play(engine, line))
        except Exception as exc:  # an eval reports every failure; it does not stop
            problems = [f"engine error {exc!r}"]
        ok = not problems
        report.kinds.setdefault(line.kind, Tally()).add(ok)
        styles = line.style or ("plain",)
        if line.before and "mid_conversation" not in styles:
            styles = (*styles, "mid_conversation")
        for style in styles:
            report.styles.setdefault(style, {}).setdefault(line.kind, Tally()).add(ok)
        if not ok:
            report.misses.append(f"{line.id} [{line.kind}] {line.text!r}: {'; '.join(problems)}")
    return reports


def _pct(t: Tally) -> str:
    return "   n/a" if t.rate is None else f"{t.rate:6.1%} ({t.passed}/{t.total})"


def render(reports: dict[str, SetReport], *, show_misses: int = 0, summary_only: bool) -> str:
    out: list[str] = []
    for name, rep in reports.items():
        out.append(f"\n== {name} ==")
        for kind in KINDS:
            if kind in rep.kinds:
                out.append(f"  {kind:<14}{_pct(rep.kinds[kind])}")
        out.append("  by style:")
        for style, kinds in sorted(rep.styles.items()):
            cells = ", ".join(f"{k} {_pct(t)}" for k, t in kinds.items())
            out.append(f"    {style:<18}{cells}")
        if not summary_only:
            out += [f"  MISS {m}" for m in rep.misses[:show_misses]]
    return "\n".join(out)


def figures(reports: dict[str, SetReport]) -> dict[str, dict[str, float | None]]:
    return {name: {k: t.rate for k, t in rep.kinds.items()} for name, rep in reports.items()}


def floor_failures(found: dict[str, dict[str, float | None]], floor_path: Path) -> list[str]:
    """Each kind of each set run may not fall below the committed figure (a ratchet)."""
    floor: dict[str, dict[str, float]] = json.loads(floor_path.read_text(encoding="utf-8"))
    failed = []
    for name, kinds in floor.items():
        if name not in found:
            continue  # that set was not run (e.g. the blind set before it is committed)
        for kind, limit in kinds.items():
            got = found[name].get(kind)
            if got is None or got + 1e-9 < float(limit):
                shown = "unmeasured" if got is None else f"{got:.3f}"
                failed.append(f"{name}/{kind} {shown} < floor {float(limit):.3f}")
    return failed


def _args(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="duocthu eval people-facts")
    p.add_argument("--set", type=Path, action="append", help="a labelled JSONL set (repeatable)")
    p.add_argument("--data-dir", type=Path, help="reuse this data dir (default: a temp dir)")
    p.add_argument("--floor", type=Path, help="fail below these per-set, per-kind figures")
    p.add_argument("--summary-only", action="store_true", help="figures only, no lines")
    p.add_argument("--show-misses", type=int, default=0, metavar="N")
    p.add_argument("--no-progress", action="store_true")
    args, _unknown = p.parse_known_args(argv)  # `duocthu eval` passes one argv to every runner
    return args


def main(
    argv: list[str], *, engine_factory: Callable[[Path | None], TurnEngine] = shared_engine
) -> int:
    args = _args(argv)
    defaults = (TUNING_SET, *TUNING_SETS, BLIND_SET)
    paths = args.set or [p for p in defaults if p.is_file()]
    lines = load(paths)
    reports = play_all(engine_factory(args.data_dir), lines, progress=not args.no_progress)
    print(render(reports, show_misses=args.show_misses, summary_only=args.summary_only))
    found = figures(reports)
    failed = floor_failures(found, args.floor) if args.floor else []
    record(figures=found, floor_failures=failed)
    if args.floor:
        print(f"\npeople-facts floor ({args.floor}): {'PASS' if not failed else 'FAIL'}")
        for failure in failed:
            print(f"  - {failure}")
    return 1 if failed else 0


__all__ = [
    "KINDS",
    "Line",
    "SetReport",
    "fact_problems",
    "figures",
    "floor_failures",
    "howto_problems",
    "judge",
    "load",
    "main",
    "play_all",
]
