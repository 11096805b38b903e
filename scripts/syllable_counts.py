"""Write `understanding/syllable_counts.json`: how often each Vietnamese syllable (lowercase,
NFC, with its marks) occurs in the formulary text and in the Vietnamese of our own source (the
chat words our comments and word lists quote). `understanding.run_together` reads it to choose
between cuts of a run of words typed without spaces. Run from the repository root."""

from __future__ import annotations

import json
import re
import unicodedata
from collections import Counter
from pathlib import Path

_WORD = re.compile(r"[^\W\d_]+")
_KEEP = 5000


def main() -> None:
    counts: Counter[str] = Counter()
    texts: list[str] = []
    for part in sorted(Path("data/formulary").glob("*.jsonl")):
        for line in part.read_text(encoding="utf-8").splitlines():
            if line.strip():
                texts.append(json.loads(line).get("text", ""))
    for folder in ("safety", "understanding", "grounding", "states"):
        texts += [p.read_text(encoding="utf-8") for p in sorted(Path(folder).rglob("*.py"))]
    for text in texts:
        for word in _WORD.findall(unicodedata.normalize("NFC", text).lower()):
            if len(word) <= 7:
                counts[word] += 1
    top = dict(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:_KEEP])
    out = Path("understanding/syllable_counts.json")
    out.write_text(json.dumps(top, ensure_ascii=False, indent=0) + "\n", encoding="utf-8")
    print(f"{out}: {len(top)} syllables")


if __name__ == "__main__":
    main()
