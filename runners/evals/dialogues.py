"""`duocthu eval dialogues`: whole conversations through the real engine, checked after every turn.

Each labelled dialogue lists its turns with the expected state, outcome, reason and, for
answers, cited drug/section. Reported per slice (tuning, held-out): per-turn accuracy of
each field and per-dialogue exact match. The exit status gates on contract invariants
(no turn ends in `retrieving`, at most four clarifications in a row, reason codes from the
contract, no child dose before age and weight, no answer without a citation, no engine
error), which must hold on every turn.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tqdm import tqdm

from core.reasons import Reason
from core.result import TurnResult
from runners.evals.harness import (
    HELDOUT,
    TUNING,
    TurnEngine,
    keep_slice,
    parse_common,
    shared_engine,
)
from runners.evals.overask import over_asking_turns
from runners.evals.report import record

ROOT = Path(__file__).resolve().parents[2]
TUNING_SET = ROOT / "evals" / "dialogues.jsonl"
HELDOUT_SET = ROOT / "evals" / "dialogues.heldout.jsonl"
FIELDS = (
    "state",
    "outcome",
    "reason",
    "route_rule",
    "cites",
    "clarify_streak",
    "frame",
    "message",
    "not_cites",
)
# Paths whose every dialogue must behave exactly as labelled (issue 15): a miss fails the gate.
GATED_TAGS = frozenset(
    {
        "reask",
        "reask_breaker",
        "smalltalk_open",
        "thanks",
        "followup_attribute",
        "followup_drug",
        "followup_pregnancy",
        "condition_list_patient",
        "progress",  # answered every question: ends in an answer, never the breaker
        "condition_contraindicated",  # a list leaves out a drug contraindicated in it
    }
)
MAX_CONSECUTIVE_CLARIFY = 4

# docs/reasons.md: every reason a turn may carry.
CONTRACT_REASONS = frozenset(Reason)


@dataclass(frozen=True)
class LabelledTurn:
    text: str
    expect: dict[str, Any]


@dataclass(frozen=True)
class Dialogue:
    id: str
    slice: str
    tag: str
    turns: tuple[LabelledTurn, ...]


@dataclass
class Played:
    """One dialogue as the engine answered it (a None result is an engine error)."""

    dialogue: Dialogue
    results: list[TurnResult | None]
    errors: list[str] = field(default_factory=list)


def load_dialogues(path: Path, default_slice: str) -> list[Dialogue]:
    out: list[Dialogue] = []
    with path.open(encoding="utf-8") as fh:
        for line_no, line in enumerate(fh, 1):
            if not line.strip():
                continue
            row = json.loads(line)
            turns = tuple(
                LabelledTurn(t["text"], dict(t.get("expect") or {})) for t in row["turns"]
            )
            out.append(
                Dialogue(
                    id=str(row.get("id", f"{path.name}:{line_no}")),
                    slice=row.get("slice", default_slice),
                    tag=str(row.get("tag", "")),
                    turns=turns,
                )
            )
    return out


def load_sets(tuning: Path, heldout: Path, path: Path | None = None) -> list[Dialogue]:
    if path is not None:
        return load_dialogues(path, TUNING)
    found: list[Dialogue] = []
    for file, name in ((tuning, TUNING), (heldout, HELDOUT)):
        if file.is_file():
            found += load_dialogues(file, name)
    return found


def accepts(want: Any, got: Any) -> bool:
    """`want` is a value or a list of acceptable values."""
    if isinstance(want, list):
        return got in want
    return bool(got == want)


def cites_ok(want: Sequence[dict[str, str]], result: TurnResult) -> bool:
    """Every expected {drug_id, section_key} (either may be omitted) is among the citations."""
    return all(
        any(
            c.drug_id == w.get("drug_id", c.drug_id)
            and c.section_key == w.get("section_key", c.section_key)
            for c in result.citations
        )
        for w in want
    )


def _plain(value: Any) -> Any:
    return value.value if hasattr(value, "value") else value


def field_checks(expect: dict[str, Any], result: TurnResult) -> dict[str, bool]:
    """Which expected fields of one turn the result matches (only the fields given)."""
    checks: dict[str, bool] = {}
    for name in ("state", "outcome", "reason", "route_rule", "clarify_streak"):
        if name in expect:
            got = getattr(result, name)
            checks[name] = accepts(expect[name], got.value if hasattr(got, "value") else got)
    if "cites" in expect:
        checks["cites"] = cites_ok(expect["cites"], result)
    if "not_cites" in expect:
        checks["not_cites"] = not any(cites_ok([w], result) for w in expect["not_cites"])
    if "frame" in expect:
        checks["frame"] = all(
            _frame_value_ok(want, result.frame.get(key)) for key, want in expect["frame"].items()
        )
    if "message_has" in expect:
        checks["message"] = all(part in result.message for part in expect["message_has"])
    if "message_lacks" in expect:
        checks["message"] = checks.get("message", True) and not any(
            part in result.message for part in expect["message_lacks"]
        )
    return checks


def _frame_value_ok(want: Any, got: Any) -> bool:
    """A frame list (drugs) is compared whole; any other value as `accepts` does."""
    return bool(got == want) if isinstance(got, list) else accepts(want, got)


def _got(name: str, result: TurnResult) -> Any:
    """What a missed check saw, for the report."""
    if name in ("cites", "not_cites"):
        return [(c.drug_id, c.section_key) for c in result.citations]
    if name == "message":
        return result.message
    return _plain(getattr(result, name))


def violations(result: TurnResult, streak_before: int) -> list[str]:
    """Contract invariants one turn broke (empty when it kept them all)."""
    problems: list[str] = []
    if result.state == "retrieving":
        problems.append("turn ended in retrieving")
    if result.clarify_streak > MAX_CONSECUTIVE_CLARIFY:
        problems.append(f"clarify streak {result.clarify_streak} > {MAX_CONSECUTIVE_CLARIFY}")
    if (
        result.outcome.value == "clarify"
        and streak_before >= MAX_CONSECUTIVE_CLARIFY
        and result.clarify_streak != 1  # after progress the count starts again at 1
    ):
        problems.append("a fifth consecutive clarification without progress was asked")
    if result.reason not in CONTRACT_REASONS:
        problems.append(f"reason {result.reason!r} is not a contract reason")
    frame = result.frame
    if (
        result.outcome.value == "answerable"
        and frame.get("turn_type") == "dosing_calc"
        and frame.get("population") == "child"
        and not frame.get("section_overview")
        and (frame.get("age_months") is None or frame.get("weight_kg") is None)
    ):
        problems.append("child dose answered without both age and weight")
    if (
        result.outcome.value == "answerable"
        and result.reason != "smalltalk"
        and not result.citations
    ):
        problems.append("answer without a citation")
    return problems


def play(engine: TurnEngine, dialogue: Dialogue) -> Played:
    """Run one dialogue in a fresh conversation; an exception ends it as an engine error."""
    played = Played(dialogue, [])
    conversation_id = engine.create_conversation().conversation_id
    for turn in dialogue.turns:
        try:
            played.results.append(engine.handle(conversation_id, turn.text))
        except Exception as exc:  # an eval reports every failure; it does not stop
            played.errors.append(f"{type(exc).__name__}: {exc}")
            played.results += [None] * (len(dialogue.turns) - len(played.results))
            break
    return played


@dataclass
class DialogueSlice:
    """Counts for one slice."""

    name: str
    dialogues: int = 0
    exact: int = 0
    turns: int = 0
    hits: Counter[str] = field(default_factory=Counter)
    counted: Counter[str] = field(default_factory=Counter)
    by_tag: Counter[tuple[str, bool]] = field(default_factory=Counter)
    violations: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    misses: list[str] = field(default_factory=list)
    over_asking: int = 0
    """Dialogues with a turn that asked for a fact already given (`runners.evals.overask`)."""
    over_asks: list[str] = field(default_factory=list)

    def accuracy(self, name: str) -> float | None:
        n = self.counted[name]
        return self.hits[name] / n if n else None


def score_dialogue(played: Played, sl: DialogueSlice) -> None:
    d = played.dialogue
    sl.dialogues += 1
    exact = not played.errors
    streak = 0
    sl.errors += [f"{d.id}: {e}" for e in played.errors]
    for n, (turn, result) in enumerate(zip(d.turns, played.results, strict=True), 1):
        sl.turns += 1
        if result is None:
            for name in FIELDS:
                if name in turn.expect or name == "state":
                    sl.counted[name] += 1
            exact = False
            continue
        sl.violations += [f"{d.id} turn {n}: {p}" for p in violations(result, streak)]
        streak = result.clarify_streak
        for name, ok in field_checks(turn.expect, result).items():
            sl.counted[name] += 1
            sl.hits[name] += ok
            if not ok:
                exact = False
                want = turn.expect.get(name, turn.expect.get(f"{name}_has"))
                got = _got(name, result)
                sl.misses.append(
                    f"{d.id} turn {n} [{name}] want={want!r} got={got!r} :: {turn.text}"
                )
    sl.exact += exact
    sl.by_tag[(d.tag, exact)] += 1
    texts = [t.text for t in d.turns]
    if over_asking_turns(played.results, texts):
        sl.over_asking += 1
        sl.over_asks.append(d.id)


@dataclass
class DialogueReport:
    slices: dict[str, DialogueSlice]

    def gate_failures(self) -> list[str]:
        out: list[str] = []
        for sl in self.slices.values():
            out += [f"{sl.name}: {v}" for v in sl.violations]
            out += [f"{sl.name}: engine error {e}" for e in sl.errors]
            out += [
                f"{sl.name}: {n} dialogue(s) on gated path {tag!r} did not behave as labelled"
                for (tag, exact), n in sorted(sl.by_tag.items())
                if tag in GATED_TAGS and not exact and n
            ]
        return out


def score_all(played: Iterable[Played]) -> DialogueReport:
    report = DialogueReport(slices={})
    for p in played:
        sl = report.slices.setdefault(p.dialogue.slice, DialogueSlice(p.dialogue.slice))
        score_dialogue(p, sl)
    return report


def play_all(
    engine: TurnEngine, dialogues: Sequence[Dialogue], *, progress: bool, desc: str
) -> list[Played]:
    return [
        play(engine, d)
        for d in tqdm(dialogues, desc=desc, unit="dialogue", disable=not progress, file=sys.stderr)
    ]


def pct(value: float | None) -> str:
    return "  n/a" if value is None else f"{value * 100:5.1f}%"


def render(report: DialogueReport, *, show_misses: int = 0) -> str:
    lines: list[str] = []
    for name in (TUNING, HELDOUT, *sorted(set(report.slices) - {TUNING, HELDOUT})):
        sl = report.slices.get(name)
        if sl is None:
            continue
        lines.append(f"\n== {name} slice: {sl.dialogues} dialogues, {sl.turns} turns ==")
        for f in FIELDS:
            if sl.counted[f]:
                lines.append(f"  {f:<22}{pct(sl.accuracy(f))}  ({sl.hits[f]}/{sl.counted[f]})")
        exact = sl.exact / sl.dialogues if sl.dialogues else None
        lines.append(f"  {'dialogue exact match':<22}{pct(exact)}  ({sl.exact}/{sl.dialogues})")
        tags = sorted({t for t, _ in sl.by_tag})
        lines.append("  by path (exact / dialogues):")
        for tag in tags:
            ok, bad = sl.by_tag[(tag, True)], sl.by_tag[(tag, False)]
            lines.append(f"    {tag or '-':<28}{ok}/{ok + bad}")
        over = sl.over_asking / sl.dialogues if sl.dialogues else None
        lines.append(
            f"  {'over-clarification':<22}{pct(over)}  ({sl.over_asking}/{sl.dialogues}"
            f"{': ' + ', '.join(sl.over_asks[:8]) if sl.over_asks else ''})"
        )
        lines.append(
            f"  invariant violations: {len(sl.violations)}; engine errors: {len(sl.errors)}"
        )
        lines += [f"    ! {v}" for v in sl.violations[:20]]
        lines += [f"    ! {e}" for e in sl.errors[:20]]
        lines += [f"  MISS {m}" for m in sl.misses[:show_misses]]
    return "\n".join(lines)


def main(
    argv: list[str], *, engine_factory: Callable[[Path | None], TurnEngine] = shared_engine
) -> int:
    args = parse_common("duocthu eval dialogues", argv)
    dialogues = keep_slice(load_sets(TUNING_SET, HELDOUT_SET, args.path), args)
    engine = engine_factory(args.data_dir)
    played = play_all(engine, dialogues, progress=not args.no_progress, desc="dialogues")
    report = score_all(played)
    print(render(report, show_misses=args.show_misses))
    failures = report.gate_failures()
    record(report=report, gate_failures=failures)
    print(f"\ninvariant gate: {'PASS' if not failures else f'FAIL ({len(failures)})'}")
    return 1 if failures else 0


__all__ = [
    "CONTRACT_REASONS",
    "Dialogue",
    "DialogueReport",
    "LabelledTurn",
    "Played",
    "TurnEngine",
    "field_checks",
    "load_dialogues",
    "main",
    "play",
    "score_all",
    "violations",
]


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
