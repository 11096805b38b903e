"""The condition list, the dose answer and triage agree on every age limit of the book.

For every Chống chỉ định and Liều lượng sentence of the demo corpus (and, when present, of
the real text in ../shared/corpus-candidates) and every age from 0 to 216 months, the three
paths that ask "does this line bar this patient of this age?" give the same answer.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from core.evidence import Evidence
from core.frame import Population, QueryFrame
from core.sections import SectionKey
from core.text import sentences_of, strip_marks
from grounding.bands import parse_bands
from grounding.book import age_bar
from grounding.limits import dose_limits
from grounding.listfit import age_limits, limits_for
from retrieval.corpus import section_key_for
from safety.triage import age_limit_lines

ROOT = Path(__file__).resolve().parents[3]
DEMO = sorted((ROOT / "data" / "formulary").glob("*.jsonl"))
SHARED = ROOT.parent / "shared" / "corpus-candidates"
REAL = sorted(SHARED.glob("*.jsonl")) if SHARED.is_dir() else []
SECTIONS = (SectionKey.CHONG_CHI_DINH, SectionKey.LIEU_LUONG_CACH_DUNG)
AGES = range(217)
# A line with no digit and no newborn word prints no age band: a few ages tell it.
FEW_AGES = (0, 1, 11, 12, 23, 24, 72, 144, 216)
DRUG = "thuoc"
FRAMES = {
    age: QueryFrame(drugs=[DRUG], population=Population.CHILD, age_months=float(age))
    for age in AGES
}


def _sentences(files: list[Path]) -> list[tuple[str, str]]:
    """(section, sentence) for every limit-bearing section's sentence, each once."""
    found: dict[tuple[str, str], None] = {}
    for path in files:
        with path.open(encoding="utf-8") as lines:
            for line in lines:
                record = json.loads(line)
                key = section_key_for(record.get("section_key") or record.get("section") or "")
                if key in SECTIONS and not record.get("quarantined"):
                    for sentence in sentences_of(record["text"]):
                        found[(key.value, sentence)] = None
    return list(found)


def _evidence(section: str, sentence: str) -> Evidence:
    return Evidence(
        chunk_id="c0",
        drug_id=DRUG,
        drug_name="Thuốc",
        section_key=section,
        section_title=section,
        text=sentence,
    )


def _paths(section: str, sentence: str, age: int) -> tuple[bool, bool, bool]:
    """(list, dose, triage): does each path bar a child of `age` months on this line?"""
    ev = _evidence(section, sentence)
    listed = DRUG not in limits_for(float(age), age_limits([ev]))
    dosed = not dose_limits([ev], DRUG, FRAMES[age])
    triaged = bool(age_limit_lines([(section, sentence)], float(age)))
    return not listed, not dosed, triaged


def _disagreements(lines: list[tuple[str, str]]) -> Iterator[str]:
    for section, sentence in lines:
        may_print_an_age = any(c.isdigit() for c in sentence) or "sinh" in sentence.lower()
        for age in AGES if may_print_an_age else FEW_AGES:
            verdicts = _paths(section, sentence, age)
            if len(set(verdicts)) > 1:
                yield f"{section} {age} mo list/dose/triage={verdicts}: {sentence[:120]}"
                break


def test_demo_corpus_paths_agree() -> None:
    """On the demo corpus, the list, the dose answer and triage bar the same ages."""
    wrong = list(_disagreements(_sentences(DEMO)))
    assert not wrong, "\n".join(wrong[:20])


@pytest.mark.realdata
@pytest.mark.slow
@pytest.mark.skipif(not REAL, reason="../shared/corpus-candidates is absent")
def test_real_text_paths_agree() -> None:
    """On the real formulary text, the list, the dose answer and triage bar the same ages."""
    wrong = list(_disagreements(_sentences(REAL)))
    assert not wrong, "\n".join(wrong[:20])


def test_demo_corpus_reads_the_same_without_accents() -> None:
    """Every limit-bearing sentence of the demo corpus, typed without diacritics, names the
    same bands and bars the same ages."""
    changed = [
        sentence
        for section, sentence in _sentences(DEMO)
        if parse_bands(strip_marks(sentence)) != parse_bands(sentence)
        or age_bar(strip_marks(sentence), section) != age_bar(sentence, section)
    ]
    assert not changed, changed[:10]


@pytest.mark.parametrize(
    "sentence",
    [
        "Trẻ em ≤ 2 tuổi.",
        "Trẻ em từ 2 tuổi trở xuống.",
        "Trẻ em nhỏ hơn 2 tuổi.",
        "Trẻ em dưới 2 tuổi.",
        "Trẻ em không quá 2 tuổi.",
    ],
)
def test_one_year_old_is_barred_on_every_path(sentence: str) -> None:
    """A one-year-old is barred by each way the book says "two and under" or "under two"."""
    assert _paths(SectionKey.CHONG_CHI_DINH.value, sentence, 12) == (True, True, True)
