"""`duocthu eval realtext`: the real formulary text, asked as users ask, judged as a pharmacist.

Loads each third-party corpus under ../shared/corpus-candidates (evaluation-only, never
copied) into its own fresh index, plays every labelled question of evals/realtext*.jsonl
as a fresh conversation through the real engine (offline providers), answers the
engine's clarifying questions from the line's patient facts (at most three follow-ups),
and reports per slice and corpus: the applicable row present (every expected figure or
term in the answer's claims), a non-applicable row shown (any forbidden figure in the
answer as shown), median and p95 answer length, unsupported claims (a number in a claim
that its cited evidence lacks), and `no_evidence` / `drug_not_in_formulary` on
answerable questions. The held-out slice gates, engine errors included (`--no-gate`
reports only).
Skips with exit 0 when the corpus files are absent. Schema: docs/evals.md.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import tempfile
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from tqdm import tqdm

from core.quantities import extract_quantities
from core.result import TurnResult
from runners.evals.answers import violations_of
from runners.evals.harness import HELDOUT, TUNING
from runners.evals.overask import over_asking_turns
from runners.evals.realtext_user import Question, facts_text, follow_up, load_questions, play
from runners.evals.report import record

ROOT = Path(__file__).resolve().parents[2]
SETS = (
    ROOT / "evals" / "realtext.jsonl",
    ROOT / "evals" / "realtext.heldout.jsonl",
    # A second held-out slice (issue 23: implied routes and limiting heads), reported on its
    # own row ("heldout2"); written before the engine ran on it and never tuned against.
    ROOT / "evals" / "realtext.heldout2.jsonl",
    # Written blind to our rules by a helper who saw only the book (round 8), then tuned on.
    ROOT / "evals" / "realtext.tuning8.jsonl",
    # Written blind in rounds 18-21 by helpers who saw only the book and a brief of situations
    # (regional words, hospital shorthand, voice typing, carers, students, night fragments...;
    # earlier turns played first), each measured once before any change, then tuned on.
    ROOT / "evals" / "realtext.tuning18.jsonl",
    ROOT / "evals" / "realtext.tuning19.jsonl",
    ROOT / "evals" / "realtext.tuning20.jsonl",
    ROOT / "evals" / "realtext.tuning21.jsonl",
)
CANDIDATES = ROOT.parent / "shared" / "corpus-candidates"
CORPUS_FILES = {
    "dtqg2018": "dtqg2018_selected_sections.jsonl",
    "atod": "dtqg_ykhoaphuocan_AtoD_sections.jsonl",
}
REFUSALS = frozenset({"no_evidence", "drug_not_in_formulary"})
# Held-out targets (issue 14): name -> (threshold, True when the figure must be at least it).
GATES: dict[str, tuple[float, bool]] = {
    "row_present": (0.90, True),
    "wrong_row": (0.05, False),
    "median_chars": (600, False),
    "unsupported": (0, False),
    "wrongful_refusal": (0.05, False),
    "errors": (0, False),
}


# ---- scoring ----


def shown_text(result: TurnResult) -> str:
    """The answer as the chat page shows it: lead lines, each claim, then the lines the
    message has after its claims (static/app.js `messageParts`)."""
    if not result.claims:
        return result.message
    lead: list[str] = []
    tail: list[str] = []
    seen_claim = False
    for line in result.message.split("\n"):
        if line.strip() == "Nguồn:":
            break
        if line.startswith("- "):
            seen_claim = True
        else:
            (tail if seen_claim else lead).append(line)
    parts = ["\n".join(lead).strip(), *(c.text for c in result.claims), "\n".join(tail).strip()]
    return "\n".join(p for p in parts if p).strip()


def _per_dose(unit: str | None) -> str | None:
    """ "mg/lần" is the dose "mg" said per dose; "mg/ngày" and "mg/kg" stay distinct."""
    return unit.removesuffix("/lần") if unit else unit


def contains(text: str, item: str) -> bool:
    """A figure by value and unit ("10 - 15 mg/kg" = "10–15 mg/kg", "250 mg" = "250 mg/lần");
    a term by its words."""
    if any(ch.isdigit() for ch in item):
        present = {(q.value, _per_dose(q.unit)) for q in extract_quantities(text)}
        return all((q.value, _per_dose(q.unit)) in present for q in extract_quantities(item))
    term = re.escape(unicodedata.normalize("NFC", item).casefold())
    return (
        re.search(rf"(?<!\w){term}(?!\w)", unicodedata.normalize("NFC", text).casefold())
        is not None
    )


@dataclass
class Score:
    """One question's final answer, judged."""

    id: str
    slice: str
    corpus: str
    answerable: bool
    outcome: str
    reason: str
    turns: int
    chars: int | None = None
    row_present: bool = False
    wrong_rows: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    unsupported: list[str] = field(default_factory=list)
    over_asks: int = 0
    """Clarifying turns that asked for a fact the user had already given (`overask`)."""


def score(question: Question, results: Sequence[TurnResult], unsupported: list[str]) -> Score:
    final = results[-1]
    s = Score(
        question.id, question.slice, question.corpus, question.answerable,
        final.outcome.value, final.reason, len(results), unsupported=unsupported,
    )  # fmt: skip
    if final.outcome.value != "answerable":
        s.missing = [" | ".join(alt) for alt in question.expect]
        return s
    shown = shown_text(final)
    claims = "\n".join(c.text for c in final.claims) or final.message
    s.chars = len(shown)
    s.missing = [
        " | ".join(alt) for alt in question.expect if not any(contains(claims, a) for a in alt)
    ]
    s.row_present = question.answerable and not s.missing
    s.wrong_rows = [f for f in question.forbid if contains(shown, f)]
    return s


def _rate(hits: int, n: int) -> float | None:
    return hits / n if n else None


def summarize(scores: Sequence[Score], forbids: dict[str, bool]) -> dict[str, Any]:
    """The figures of one group of scores (`forbids`: question id -> has forbidden figures)."""
    answerable = [s for s in scores if s.answerable]
    answered = [s for s in scores if s.outcome == "answerable"]
    judged = [s for s in answered if s.answerable and forbids.get(s.id)]
    lengths = sorted(s.chars for s in answered if s.chars is not None)
    p95 = lengths[min(len(lengths) - 1, int(0.95 * len(lengths)))] if lengths else None
    refused = [s for s in answerable if s.outcome == "abstain" and s.reason in REFUSALS]
    unanswerable = [s for s in scores if not s.answerable]
    honest = sum(s.outcome != "answerable" for s in unanswerable)
    return {
        "questions": len(scores),
        "answerable": len(answerable),
        "answered": len(answered),
        "judged_for_wrong_rows": len(judged),
        "row_present": _rate(sum(s.row_present for s in answerable), len(answerable)),
        "wrong_row": _rate(sum(bool(s.wrong_rows) for s in judged), len(judged)),
        "median_chars": statistics.median(lengths) if lengths else None,
        "p95_chars": p95,
        "unsupported": sum(len(s.unsupported) for s in scores),
        "wrongful_refusal": _rate(len(refused), len(answerable)),
        "still_clarifying": sum(s.outcome == "clarify" for s in answerable),
        "honest_refusal": _rate(honest, len(unanswerable)),
        "errors": sum(s.outcome == "error" for s in scores),
        "over_clarification": _rate(sum(s.over_asks > 0 for s in scores), len(scores)),
    }  # fmt: skip


def floor_gates(path: Path) -> dict[str, tuple[float, bool]]:
    """The ratchet CI holds while the targets are not met: today's held-out figures, read
    from `path`, as limits that may only get better. Unsupported claims and engine errors
    stay at 0 whatever the file says."""
    floor = json.loads(path.read_text(encoding="utf-8"))
    gates = {name: (float(floor[name]), at_least) for name, (_, at_least) in GATES.items()}
    gates["unsupported"] = gates["errors"] = (0.0, False)
    return gates


def gate_failures(
    figures: dict[str, Any], gates: dict[str, tuple[float, bool]] | None = None
) -> list[str]:
    """The held-out targets a summary misses (an unmeasured figure fails)."""
    failed = []
    for name, (limit, at_least) in (gates or GATES).items():
        got = figures.get(name)
        if got is None or (got < limit if at_least else got > limit):
            shown = "unmeasured" if got is None else f"{got:.3f}" if 0 < limit < 1 else f"{got:g}"
            failed.append(f"{name} {shown} (target {'≥' if at_least else '≤'} {limit:g})")
    return failed


def report(scores: Sequence[Score], questions: Sequence[Question]) -> dict[str, Any]:
    forbids = {q.id: bool(q.forbid) for q in questions}
    groups: dict[str, list[Score]] = {}
    for s in scores:
        groups.setdefault(s.slice, []).append(s)
        groups.setdefault(f"{s.slice}/{s.corpus}", []).append(s)
    return {name: summarize(group, forbids) for name, group in sorted(groups.items())}


def _pct(x: Any) -> str:
    return "   -  " if x is None else f"{x:6.1%}"


def render(figures: dict[str, dict[str, Any]]) -> str:
    head = (
        f"{'slice/corpus':<18}{'n':>4}{'ans':>5}{'row':>8}{'wrong':>8}{'med':>6}{'p95':>6}"
        f"{'unsup':>6}{'refuse':>8}{'clar':>5}{'honest':>8}{'err':>4}{'overask':>8}"
    )
    lines = [head]
    for name, f in figures.items():
        med = "-" if f["median_chars"] is None else f"{f['median_chars']:.0f}"
        p95 = "-" if f["p95_chars"] is None else str(f["p95_chars"])
        lines.append(
            f"{name:<18}{f['questions']:>4}{f['answered']:>5}"
            f"{_pct(f['row_present']):>8}{_pct(f['wrong_row']):>8}"
            f"{med:>6}{p95:>6}{f['unsupported']:>6}{_pct(f['wrongful_refusal']):>8}"
            f"{f['still_clarifying']:>5}{_pct(f['honest_refusal']):>8}{f['errors']:>4}"
            f"{_pct(f.get('over_clarification')):>8}"
        )
    lines.append(
        "n questions, ans answered; row: applicable row present (of answerable); wrong: a"
        " non-applicable row shown (of answers to lines with forbidden figures); med/p95:"
        " characters shown; unsup: unsupported claims; refuse: no_evidence or"
        " drug_not_in_formulary (of answerable); clar: still asking; honest: refused unanswerable;"
        " err: engine errors; overask: questions whose conversation asked for a fact already"
        " given (runners/evals/overask.py)"
    )
    return "\n".join(lines)


# ---- the real runtime over one third-party corpus ----


def corpus_runtime(path: Path, data_dir: Path, *, sparse_only: bool = False) -> Any:
    """A runtime whose index holds only `path` (offline providers; embedder from the env,
    or none with `sparse_only`, as the real-data tests use it)."""
    from core.settings import (  # noqa: PLC0415
        AnswerProvider,
        EmbeddingProvider,
        Settings,
        UnderstandingProvider,
    )
    from engine.bootstrap import build_runtime  # noqa: PLC0415 - heavy; only when running
    from retrieval.build import build_embedder, build_index  # noqa: PLC0415
    from retrieval.ingest import ingest_files  # noqa: PLC0415

    overrides: dict[str, Any] = {"embedding_provider": EmbeddingProvider.DISABLED}
    settings = Settings(
        duocthu_data_dir=data_dir,
        redis_url=None,
        qdrant_url=None,
        understanding_provider=UnderstandingProvider.RULES,
        answer_provider=AnswerProvider.EXTRACTIVE,
        **(overrides if sparse_only else {}),
    )
    index = build_index(settings)
    try:
        fresh = index.count() == 0
        # Third-party extracts carry some unusable lines; the eval runs on the good ones.
        embedder = build_embedder(settings)
        ingest_files([path], index, embedder, replace=fresh, skip_bad_lines=True, progress=False)
    finally:
        index.close()
    return build_runtime(settings)


def run(
    questions: Sequence[Question],
    runtime_for: Callable[[str], Any],
    *,
    progress: bool = False,
) -> list[Score]:
    """Play and score every question against the runtime of its corpus."""
    scores = []
    for q in tqdm(questions, desc="realtext", unit="q", disable=not progress, file=sys.stderr):
        runtime = runtime_for(q.corpus)
        try:
            results = play(runtime.engine, q)
        except Exception as exc:  # an eval reports every failure; it does not stop
            scores.append(Score(q.id, q.slice, q.corpus, q.answerable, "error", repr(exc), 0))
            continue
        bad = [v for r in results for v in violations_of(r, runtime.retriever.find_by_section)]
        scored = score(q, results, bad)
        # The user's texts again: the question, then the scripted replies (deterministic).
        texts = [q.question, *(follow_up(q, r) for r in results[:-1])]
        scored.over_asks = over_asking_turns(results, texts)
        scores.append(scored)
    return scores


def _args(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="duocthu eval realtext")
    p.add_argument("path", nargs="?", type=Path, help="a labelled JSONL set (default: both)")
    p.add_argument("--heldout", action="store_true", help="only the held-out slice")
    p.add_argument("--tuning", action="store_true", help="only the tuning slice")
    p.add_argument("--data-dir", type=Path, help="reuse this data dir (default: a temp dir)")
    p.add_argument("--corpus-dir", type=Path, default=CANDIDATES)
    p.add_argument("--json", type=Path, help="also write the report as JSON here")
    p.add_argument("--no-gate", action="store_true", help="report only; exit 0")
    p.add_argument(
        "--floor",
        type=Path,
        help="enforce these held-out figures (JSON) as a no-regression floor instead of the "
        "targets; the target verdict is still printed",
    )
    p.add_argument("--show-misses", type=int, default=0, metavar="N")
    p.add_argument("--no-progress", action="store_true")
    args, _unknown = p.parse_known_args(argv)  # `duocthu eval` passes one argv to every runner
    return args


def main(argv: list[str]) -> int:
    args = _args(argv)
    files = {name: args.corpus_dir / f for name, f in CORPUS_FILES.items()}
    if not all(f.is_file() for f in files.values()):
        print(f"realtext: skipped, the corpus files are absent under {args.corpus_dir}")
        return 0
    questions = load_questions([args.path] if args.path else SETS)
    if args.heldout or args.tuning:
        questions = [q for q in questions if (q.slice != TUNING) == args.heldout]
    with tempfile.TemporaryDirectory(prefix="duocthu-realtext-") as tmp:
        base = args.data_dir or Path(tmp)
        runtimes: dict[str, Any] = {}

        def runtime_for(corpus: str) -> Any:
            if corpus not in runtimes:
                runtimes[corpus] = corpus_runtime(files[corpus], base / f"realtext-{corpus}")
            return runtimes[corpus]

        try:
            scores = run(questions, runtime_for, progress=not args.no_progress)
        finally:
            for runtime in runtimes.values():
                runtime.close()
    figures = report(scores, questions)
    failed = gate_failures(figures[HELDOUT]) if HELDOUT in figures else []
    below_floor: list[str] = []
    if args.floor is not None and HELDOUT in figures:
        below_floor = gate_failures(figures[HELDOUT], floor_gates(args.floor))
    out = {"figures": figures, "gate": failed, "scores": [asdict(s) for s in scores]}
    record(**out)
    if args.json:
        args.json.write_text(json.dumps(out, ensure_ascii=False, indent=1), encoding="utf-8")
    print(render(figures))
    misses = [s for s in scores if s.answerable and (not s.row_present or s.wrong_rows)]
    for s in misses[: args.show_misses]:
        print(f"  MISS {s.id} {s.outcome}/{s.reason} missing={s.missing} shown={s.wrong_rows}")
    verdict = "PASS" if not failed else "FAIL: " + "; ".join(failed)
    print(f"\nheld-out gate{'' if not args.no_gate else ' (not enforced)'}: {verdict}")
    if args.floor is not None:
        # The targets and the ratchet both hold: a figure may not fall below either.
        kept = "PASS" if not below_floor else "FAIL: " + "; ".join(below_floor)
        print(f"held-out floor ({args.floor}): {kept}")
    return exit_code(failed, below_floor, enforced=not args.no_gate)


def exit_code(failed: Sequence[str], below_floor: Sequence[str], *, enforced: bool) -> int:
    """1 when a held-out target or the committed floor is missed (and gates are enforced)."""
    return 1 if (failed or below_floor) and enforced else 0


__all__ = [
    "GATES",
    "Question",
    "Score",
    "contains",
    "exit_code",
    "facts_text",
    "floor_gates",
    "follow_up",
    "gate_failures",
    "load_questions",
    "main",
    "play",
    "report",
    "score",
    "shown_text",
    "summarize",
]
