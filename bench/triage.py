"""Safety triage alone, per turn: the cue lists (one compiled alternation each) over text
folded once, the event reader and its n-gram second opinion.

Runs `safety.triage.triage_turn` over a fixed mix of ordinary turns and one report, and prints
the mean CPU time per turn of this thread (the minimum and the median of 7 repetitions; CPU
time, so the figure holds on a shared machine). Every turn's text is read as new: the caches
of turn texts are emptied before each. Writes bench/results/triage.json. Point PYTHONPATH at
another checkout to compare trees on the same machine in the same minute.

    python bench/triage.py [--out FILE]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from pathlib import Path

# The repo this file is in, unless PYTHONPATH names the tree to measure.
if not os.environ.get("PYTHONPATH"):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.frame import QueryFrame
from safety import cue_matching
from safety.triage import triage_turn

# Every cache keyed by a turn's text (an older tree has one).
_forget = getattr(cue_matching, "forget_turn_texts", None) or cue_matching._turn_text.cache_clear

TEXTS = (
    "liều paracetamol cho trẻ 5 tuổi nặng 18kg",
    "bé 3 tuổi",
    "18 kg",
    "đường uống",
    "chống chỉ định của ibuprofen",
    "cảm ơn",
    "thuốc gì trị ho cho trẻ",
    '{"turn_type": "drug_attribute", "needs_clarify": true}',
    "bé nhà em 3 tuổi ăn vụng mấy viên paracetamol 500 rồi",
)
REPS = 7
LOOPS = 200


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument(
        "--out", type=Path, default=Path(__file__).parent / "results" / "triage.json"
    )
    args = parser.parse_args()
    frame = QueryFrame(drugs=["paracetamol"])
    for text in TEXTS:
        triage_turn(text, frame, answers_open_question=False)
    per_turn = []
    for _ in range(REPS):
        start = time.thread_time()
        for _ in range(LOOPS):
            for text in TEXTS:
                _forget()
                triage_turn(text, frame, answers_open_question=False)
        per_turn.append((time.thread_time() - start) / (LOOPS * len(TEXTS)) * 1e6)
    per_turn.sort()
    result = {
        "command": "python bench/triage.py",
        "tree": os.environ.get("PYTHONPATH") or str(Path(__file__).resolve().parents[1]),
        "cpu": "thread_time",
        "machine": platform.machine(),
        "python": platform.python_version(),
        "load_average": os.getloadavg(),
        "turns": len(TEXTS),
        "min_us_per_turn": round(per_turn[0], 1),
        "median_us_per_turn": round(per_turn[REPS // 2], 1),
    }
    print(json.dumps(result))
    args.out.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
