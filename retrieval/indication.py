"""Condition → drug lookup over `chi_dinh` only, aggregated and ranked per drug.

Three stages, each used only when the one before finds nothing: the condition as a
contiguous phrase of a line (accents folded), all its syllables within one line,
then dense similarity above a threshold. No disease → drug knowledge lives here.

The dense threshold is precision-first and model-specific: with e5-small (4-bit) on our
demo corpus, unrelated conditions ("ung thư phổi", "gãy xương") reach 0.857–0.866 against
some indication section while paraphrases ("bệnh tiểu đường") reach 0.88–0.89, so
0.875 keeps the latter and drops the former. Recalibrate for another embedder.
"""

from __future__ import annotations

import bisect
import re
import threading
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from core.evidence import DrugCandidate
from core.sections import SectionKey
from core.text import fold_words
from retrieval.convert import hit_to_evidence
from retrieval.index import Hit, Index, QueryFilter

CHI_DINH = QueryFilter(section_keys=(SectionKey.CHI_DINH.value,))
# Spelling variants users type for the same term; folded forms on both sides.
_SPELLINGS = ((" type ", " typ "), (" tuyp ", " typ "), (" tip ", " typ "))
# Generic leading words a condition may carry but an indication line rarely does.
_LEADING = ("benh ", "chung ", "bi ")


def normalise(text: str) -> str:
    folded = f" {fold_words(text)} "
    for old, new in _SPELLINGS:
        folded = folded.replace(old, new)
    return folded.strip()


def _lines(text: str) -> list[str]:
    return [ln for ln in re.split(r"\n|(?<=[.;])\s+", text) if ln.strip()]


@dataclass(frozen=True, slots=True)
class _Match:
    hit: Hit
    score: float


class IndicationMatcher:
    """Holds the `chi_dinh` chunks in memory (a few hundred) and matches conditions in them."""

    def __init__(self, index: Index, *, dense_threshold: float = 0.875) -> None:
        self._index = index
        self._threshold = dense_threshold
        self._lock = threading.Lock()
        self._hits: list[tuple[Hit, list[str], str, str]] | None = None
        self._joined: tuple[str, list[int]] | None = None

    def refresh(self) -> None:
        with self._lock:
            self._hits = None
            self._joined = None

    def _corpus(self) -> list[tuple[Hit, list[str], str, str]]:
        """(hit, normalised lines, those lines joined, lower-cased text) per chi_dinh chunk."""
        return self._snapshot()[0]

    def _snapshot(self) -> tuple[list[tuple[Hit, list[str], str, str]], str, list[int]]:
        """The chunks, all their lines in one string, and where each chunk starts in it."""
        with self._lock:
            if self._hits is None:
                self._hits = []
                for hit in self._index.scroll(CHI_DINH, limit=100_000):
                    text = unicodedata.normalize("NFC", str(hit.payload.get("text", "")))
                    # Lines are kept padded with spaces, so a word-bounded phrase test is
                    # one substring search with no per-query string building.
                    lines = [f" {normalise(ln)} " for ln in _lines(text)]
                    self._hits.append((hit, lines, "|".join(lines), text.lower()))
                # Every chunk's lines in one string (NUL between chunks, which no needle
                # holds): a phrase is found with C-level `find` calls over the whole
                # section at once, and only matching chunks cost Python time.
                starts, pos = [], 0
                for _hit, _chunk_lines, blob, _text in self._hits:
                    starts.append(pos)
                    pos += len(blob) + 1
                self._joined = ("\x00".join(b for _h, _l, b, _t in self._hits), starts)
            assert self._joined is not None  # noqa: S101 - built together with the hits
            return self._hits, self._joined[0], self._joined[1]

    def phrase_candidates(self, condition: str, *, cap: int) -> list[DrugCandidate]:
        phrase = normalise(condition)
        for lead in _LEADING:
            if phrase.startswith(lead) and len(phrase) > len(lead) + 3:
                phrase = phrase[len(lead) :]
        if len(phrase) < 2:
            return []
        exact = unicodedata.normalize("NFC", condition).lower().strip()
        matches: list[_Match] = []
        needle = f" {phrase} "
        corpus, joined, starts = self._snapshot()
        best: dict[int, float] = {}
        pos = joined.find(needle)
        while pos >= 0:
            i = bisect.bisect_right(starts, pos) - 1
            blob, local = corpus[i][2], pos - starts[i]
            # The line holding this match (lines never contain "|").
            start = blob.rfind("|", 0, local) + 1
            end = blob.find("|", local)
            end = len(blob) if end < 0 else end
            # A line that is mostly the condition ranks above a passing mention.
            score = 1.0 + len(phrase) / max(end - start - 2, 1) + (0.1 if local == start else 0)
            best[i] = max(best.get(i, 0.0), score)
            pos = joined.find(needle, starts[i] + end)
        for i, score in best.items():
            hit, _chunk_lines, _blob, lowered = corpus[i]
            matches.append(_Match(hit, score + (0.05 if exact and exact in lowered else 0.0)))
        if not matches:
            words = phrase.split()
            for hit, lines, blob, _ in self._corpus():
                if not all(f" {w} " in blob for w in words):
                    continue
                covered = [ln for ln in lines if all(f" {w} " in ln for w in words)]
                if covered:
                    score = 0.5 + len(phrase) / max(min(len(ln) - 2 for ln in covered), 1) / 2
                    matches.append(_Match(hit, score))
        return _aggregate(matches, cap)

    def dense_candidates(
        self, vector: Sequence[float], *, pool: int, cap: int
    ) -> list[DrugCandidate]:
        hits = self._index.query(dense=vector, sparse=None, flt=CHI_DINH, limit=pool)
        kept = [_Match(h, h.score) for h in hits if h.score >= self._threshold]
        return _aggregate(kept, cap)


def _aggregate(matches: list[_Match], cap: int) -> list[DrugCandidate]:
    """The best `cap` drugs, each once with all its matching parts; more parts add a little.

    Drugs are ranked on plain numbers first; evidence is built only for those kept.
    """
    by_drug: dict[str, list[_Match]] = {}
    for match in matches:
        by_drug.setdefault(str(match.hit.payload.get("drug_id")), []).append(match)
    ranked = []
    for drug_id, found in by_drug.items():
        score = max(m.score for m in found) + 0.01 * (len(found) - 1)
        name = str(found[0].hit.payload.get("drug_name", drug_id))
        ranked.append((-score, name.casefold(), drug_id, name, found))
    ranked.sort(key=lambda r: r[:3])
    candidates = []
    for neg_score, _, drug_id, name, found in ranked[:cap]:
        found.sort(key=lambda m: int(m.hit.payload.get("order", 0)))
        evidence = tuple(hit_to_evidence(Hit(m.hit.id, m.hit.payload, m.score)) for m in found)
        candidates.append(
            DrugCandidate(drug_id=drug_id, drug_name=name, score=-neg_score, evidence=evidence)
        )
    return candidates


__all__ = ["CHI_DINH", "IndicationMatcher", "normalise"]
