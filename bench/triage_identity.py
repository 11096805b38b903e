"""Every triage answer over every text of the tuning sets, to diff two trees' triage.

For each string of evals/*.jsonl (blind sets and held-out slices excluded: never read them),
and the same string without diacritics, writes one JSON line: each cue list's hit, both
n-gram scores, `classify` without and with a resolved drug, and `triage_turn` as a reply
to an open question. Run it on two trees (point PYTHONPATH at each) and compare them with
`--compare`: every list both trees hold (a list is named by its patterns) must hit the
same words, and every score and triage must be the same.

    PYTHONPATH=/tmp/base6c python bench/triage_identity.py /tmp/before.jsonl
    python bench/triage_identity.py /tmp/after.jsonl
    python bench/triage_identity.py --compare /tmp/before.jsonl /tmp/after.jsonl
"""

from __future__ import annotations

import gc
import hashlib
import json
import os
import sys
from pathlib import Path
from typing import Any

if not os.environ.get("PYTHONPATH"):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.frame import QueryFrame
from core.text import fold_aligned
from safety import cue_matching
from safety.ngram_model import model, self_harm_model
from safety.triage import classify, triage_turn

EVALS = Path(__file__).resolve().parents[1] / "evals"


def strings(value: Any) -> list[str]:
    """Every string in a JSON value, depth first."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in strings(v)]
    return []


def texts() -> list[str]:
    out: dict[str, None] = {}
    for path in sorted(EVALS.glob("*.jsonl")):
        if "blind" in path.name or "heldout" in path.name:
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                out.update((s, None) for s in strings(json.loads(line)) if 2 <= len(s) <= 600)
    out['{"turn_type": "drug_attribute", "needs_clarify": true}'] = None
    # Each text typed again without diacritics, as many users type.
    out.update((fold_aligned(s), None) for s in list(out))
    return list(out)


def forget() -> None:
    """Empty every cache of turn texts, so each text is read as new."""
    forget_all = getattr(cue_matching, "forget_turn_texts", None)
    if forget_all is not None:
        forget_all()
    else:
        cue_matching._turn_text.cache_clear()


def compare(before: Path, after: Path) -> int:
    """0 when the two dumps agree on every text (lists present in both), else 1."""
    old = before.read_text(encoding="utf-8").splitlines()
    new = after.read_text(encoding="utf-8").splitlines()
    if len(old) != len(new):
        print(f"{len(old)} texts against {len(new)}")
        return 1
    differ, shared = 0, 0
    for a_line, b_line in zip(old, new, strict=True):
        a, b = json.loads(a_line), json.loads(b_line)
        common = a["cues"].keys() & b["cues"].keys()
        shared = len(common)
        a["cues"] = {k: a["cues"][k] for k in sorted(common)}
        b["cues"] = {k: b["cues"][k] for k in sorted(common)}
        if a != b:
            differ += 1
            print("DIFFERS:", a["text"][:80])
    print(f"{len(old)} texts, {shared} lists in both: {differ} differ")
    return 1 if differ or not shared else 0


def main() -> int:
    if sys.argv[1] == "--compare":
        return compare(Path(sys.argv[2]), Path(sys.argv[3]))
    out = Path(sys.argv[1])
    lists = {
        hashlib.sha256("\0".join(o.patterns).encode()).hexdigest()[:12]: o
        for o in gc.get_objects()
        if isinstance(o, cue_matching.Cue)
    }
    drug = QueryFrame(drugs=["paracetamol"], standalone_query="liều paracetamol cho trẻ")
    opinions = [m for m in (model(), self_harm_model()) if m is not None]
    with out.open("w", encoding="utf-8") as sink:
        for text in texts():
            forget()
            turn = cue_matching.TurnText.of(text)
            row = {
                "text": text,
                "cues": {key: cue.search(turn) for key, cue in lists.items()},
                "scores": [repr(m.score(turn.folded)) for m in opinions],
                "classify": repr(classify(text)),
                "classify_drug": repr(classify(text, drug)),
                "turn": repr(
                    triage_turn(text, drug, answers_open_question=True, before="bé 3 tuổi")
                ),
            }
            sink.write(json.dumps(row, ensure_ascii=False) + "\n")
    print(f"{out}: {len(lists)} lists")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
