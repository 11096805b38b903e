"""`duocthu eval answers`: grounded answers through the real engine on the demo corpus.

Reports, per slice: outcome+reason accuracy, citation precision, grounding violations
(a number in a claim that is not in the evidence the claim cites — must be 0, gated),
abstention precision and recall, and turns meeting every expectation (numbers that
must appear, forbidden text, quick replies, drugs to include, message fragments).
Schema of evals/answers*.jsonl: see docs/evals.md.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tqdm import tqdm

from core.evidence import Evidence
from core.quantities import evidence_quantities, extract_quantities, missing_quantities
from core.result import TurnResult
from grounding.claim_check import check_claim, derived_quantities
from runners.evals.harness import parse_common, shared_runtime
from runners.evals.report import record

ROOT = Path(__file__).resolve().parents[2]
SETS = (ROOT / "evals" / "answers.jsonl", ROOT / "evals" / "answers.heldout.jsonl")


@dataclass
class SliceReport:
    turns: int = 0
    outcome_ok: int = 0
    all_ok: int = 0
    cited: int = 0
    cited_ok: int = 0
    violations: list[str] = field(default_factory=list)
    abstain: Counter[str] = field(default_factory=Counter)
    misses: list[str] = field(default_factory=list)

    def line(self, name: str) -> str:
        tp, fp, fn = self.abstain["tp"], self.abstain["fp"], self.abstain["fn"]
        prec = tp / (tp + fp) if tp + fp else 1.0
        rec = tp / (tp + fn) if tp + fn else 1.0
        return (
            f"== {name}: {self.turns} turns ==\n"
            f"  outcome+reason      {self.outcome_ok / max(self.turns, 1):6.1%} "
            f"({self.outcome_ok}/{self.turns})\n"
            f"  all expectations    {self.all_ok / max(self.turns, 1):6.1%} "
            f"({self.all_ok}/{self.turns})\n"
            f"  citation precision  {self.cited_ok / max(self.cited, 1):6.1%} "
            f"({self.cited_ok}/{self.cited})\n"
            f"  grounding violations {len(self.violations)} (gate: 0)\n"
            f"  abstention precision {prec:6.1%}  recall {rec:6.1%}"
        )


def _cited_ok(expected: list[dict[str, str]], drug_id: str, section_key: str) -> bool:
    return any(e["drug_id"] in ("*", drug_id) and e["section_key"] == section_key for e in expected)


def violations_of(result: TurnResult, evidence_of: Any) -> list[str]:
    """Numbers in a claim that the evidence it cites does not contain."""
    pool: list[Evidence | None] = []
    for c in result.citations:
        parts = [e for e in evidence_of(c.drug_id, c.section_key) if e.chunk_id == c.chunk_id]
        pool.append(parts[0] if parts else None)
    found: list[str] = []
    weight, surface = result.frame.get("weight_kg"), result.frame.get("body_surface_m2")
    for claim in result.claims:
        have: set[Any] = set()
        for i in claim.citations:
            ev = pool[i] if 0 <= i < len(pool) else None
            if ev is not None:
                have |= evidence_quantities(ev)
        if claim.derivation is not None:
            # A worked-out amount passes only when its arithmetic recomputes from the cited
            # words and the stated weight (the grounding numeric check's own rule).
            cited = [ev.text for i in claim.citations if 0 <= i < len(pool) and (ev := pool[i])]
            wrong = check_claim(
                claim.text, claim.derivation, cited, weight_kg=weight, body_surface_m2=surface
            )
            found.extend(f"{p} in “{claim.text[:60]}”" for p in wrong)
            if wrong:
                continue
            have |= derived_quantities(claim.derivation)
        values = {v for v, _ in have}
        for q in extract_quantities(claim.text):
            if (q.unit and (q.value, q.unit) not in have) or (not q.unit and q.value not in values):
                found.append(f"{q.shown()} in “{claim.text[:60]}”")
    return found


def check_turn(
    expect: dict[str, Any], r: TurnResult, sl: SliceReport, evidence_of: Any
) -> list[str]:
    why: list[str] = []
    sl.turns += 1
    if (r.outcome.value, r.reason) == (expect["outcome"], expect["reason"]):
        sl.outcome_ok += 1
    else:
        why.append(f"got {r.outcome.value}/{r.reason}")
    if expect.get("state") and r.state != expect["state"]:
        why.append(f"state {r.state}")
    want_abstain, got_abstain = expect["outcome"] == "abstain", r.outcome.value == "abstain"
    sl.abstain[
        "tp"
        if want_abstain and got_abstain
        else "fp"
        if got_abstain
        else "fn"
        if want_abstain
        else "tn"
    ] += 1
    if r.outcome.value == "answerable" and expect.get("cited"):
        for c in r.citations:
            sl.cited += 1
            sl.cited_ok += _cited_ok(expect["cited"], c.drug_id, c.section_key)
    bad = violations_of(r, evidence_of)
    sl.violations += bad
    why += [f"VIOLATION {b}" for b in bad]
    if missing := missing_quantities(r.message, expect.get("numbers", [])):
        why.append(f"missing {missing}")
    for x in expect.get("forbidden", []):
        hit = (
            not missing_quantities(r.message, [x])
            if any(ch.isdigit() for ch in x)
            else x.lower() in r.message.lower()
        )
        if hit:
            why.append(f"forbidden {x}")
    if expect.get("quick_replies") and set(expect["quick_replies"]) != set(r.quick_replies):
        why.append(f"quick replies {r.quick_replies}")
    drugs = {c.drug_id for c in r.citations}
    why += [f"missing drug {d}" for d in expect.get("drugs_include", []) if d not in drugs]
    why += [
        f"message lacks {m!r}"
        for m in expect.get("message_contains", [])
        if m.lower() not in r.message.lower()
    ]
    if not why:
        sl.all_ok += 1
    return why


def main(argv: list[str]) -> int:
    args = parse_common("duocthu eval answers", argv)
    items = [
        json.loads(line)
        for path in ([args.path] if args.path else SETS)
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.strip()
    ]
    if args.heldout:
        items = [i for i in items if i.get("slice") == "heldout"]
    elif args.tuning:
        items = [i for i in items if i.get("slice") != "heldout"]
    runtime = shared_runtime(args.data_dir)
    engine, evidence_of = runtime.engine, runtime.retriever.find_by_section
    slices: dict[str, SliceReport] = {}
    for item in tqdm(items, desc="answers", unit="item", disable=args.no_progress, file=sys.stderr):
        sl = slices.setdefault(item.get("slice", "dev"), SliceReport())
        cid = engine.create_conversation().conversation_id
        for n, turn in enumerate(item["turns"]):
            why = check_turn(turn["expect"], engine.handle(cid, turn["text"]), sl, evidence_of)
            if why:
                sl.misses.append(f"{item['id']}#{n} {turn['text']!r}: {'; '.join(why)}")
    total = 0
    for name, sl in sorted(slices.items()):
        print(sl.line(name))
        for miss in sl.misses[: args.show_misses]:
            print("  MISS", miss)
        total += len(sl.violations)
    record(slices=slices, grounding_violations=total)
    print(f"\ngrounding-violation gate: {'PASS' if total == 0 else f'FAIL ({total})'}")
    return 1 if total else 0


__all__ = ["main", "violations_of"]
