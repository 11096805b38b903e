"""The demo formulary read straight from its files, and the check that condition labels match it.

`duocthu eval condition --check-labels` runs `check_labels` without the engine: every
expected drug's indication section names the condition, and every drug that names it
is labelled.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from core.catalog import DrugCatalog
from core.evidence import Evidence
from core.text import contains_phrase, fold
from runners.evals.dialogues import Dialogue
from understanding.conditions import ALIASES

ROOT = Path(__file__).resolve().parents[2]
CORPUS_FILES = (
    ROOT / "data" / "formulary" / "part1.jsonl",
    ROOT / "data" / "formulary" / "part2.jsonl",
)


class Corpus:
    """Our demo formulary read straight from its files: indication text and whole sections."""

    def __init__(self, files: Iterable[Path] = CORPUS_FILES) -> None:
        self.records: list[dict[str, Any]] = []
        for path in files:
            with path.open(encoding="utf-8") as fh:
                self.records += [json.loads(line) for line in fh if line.strip()]
        self.indication: dict[str, list[str]] = {}
        for rec in self.records:
            if rec.get("section_key") == "chi_dinh":
                text = unicodedata.normalize("NFC", rec["text"]).lower()
                self.indication.setdefault(rec["drug_id"], []).append(text)
        self.catalog = DrugCatalog.from_corpus_files(files)

    def names(self, drug_id: str, terms: Sequence[str]) -> bool:
        """The drug's indication section names one of the terms (accents kept: 'lậu' ≠ 'lâu')."""
        return any(names_term(text, t) for text in self.indication.get(drug_id, ()) for t in terms)

    def drugs_naming(self, terms: Sequence[str]) -> list[str]:
        return [d for d in self.indication if self.names(d, terms)]

    def section(self, drug_id: str, section_key: str) -> list[Evidence]:
        found = [
            r for r in self.records if r["drug_id"] == drug_id and r["section_key"] == section_key
        ]
        return [
            Evidence(
                text=r["text"],
                drug_id=r["drug_id"],
                drug_name=r["drug_name"],
                section_key=r["section_key"],
                section_title=r.get("section_title", ""),
                chunk_id=f"{r['drug_id']}__{r['section_key']}__{r.get('part_index', 0)}",
                part_index=int(r.get("part_index", 0)),
                quarantined=bool(r.get("quarantined", False)),
            )
            for r in sorted(found, key=lambda r: int(r.get("part_index", 0)))
        ]


def names_term(text: str, term: str) -> bool:
    """Case-insensitive whole-phrase match that keeps accents: 'lậu' is not 'lâu', 'ho' is
    not 'hô'. A term typed without accents is read through the understanding alias table
    ('viem xoang' → 'viêm xoang'); only a term with no known accented form is folded."""
    needle = unicodedata.normalize("NFC", term).lower().strip()
    if not needle:
        return False
    candidates = [needle]
    if fold(needle) == needle:
        canonical = ALIASES.get(" ".join(needle.split()))
        if canonical is None:
            return contains_phrase(text, needle)
        candidates.append(unicodedata.normalize("NFC", canonical).lower())
    hay = unicodedata.normalize("NFC", text).lower()
    return any(re.search(rf"(?<!\w){re.escape(c)}(?!\w)", hay) for c in candidates)


# -- labels ------------------------------------------------------------------
def check_labels(cases: Sequence[Dialogue], corpus: Corpus) -> list[str]:
    """Problems with the labels: an expected drug whose indication does not name the
    condition, or a drug that names it but is neither expected nor marked acceptable."""
    problems: list[str] = []
    for case in cases:
        for n, turn in enumerate(case.turns, 1):
            exp = turn.expect
            where = f"{case.id} turn {n}"
            terms = exp.get("indication_terms") or []
            if "candidates" in exp and not terms:
                problems.append(f"{where}: candidates without indication_terms")
                continue
            wanted = set(exp.get("candidates", []))
            fine = set(exp.get("acceptable", []))
            related = [*terms, *exp.get("related_terms", [])]
            for drug in sorted(wanted):
                if drug not in corpus.indication:
                    problems.append(f"{where}: {drug!r} is not a corpus drug")
                elif not corpus.names(drug, terms):
                    problems.append(f"{where}: {drug!r} indication names none of {terms}")
            for drug in sorted(fine):
                if not corpus.names(drug, related):
                    problems.append(f"{where}: acceptable {drug!r} names none of {related}")
            if "candidates" in exp:
                for drug in corpus.drugs_naming(terms):
                    if drug not in wanted | fine:
                        problems.append(f"{where}: {drug!r} names {terms} but is not labelled")
    return problems


__all__ = ["CORPUS_FILES", "Corpus", "check_labels", "names_term"]
