"""The bands a whole sentence says of its patient, before or after its dose.

`parse_bands` reads every band a phrase names; a sentence holds more than its patient's
("trong 5 - 7 ngày", other rows' bands after a second dose), so here a band counts only when
a patient word introduces it. Pure functions over `grounding.bands`.
"""

from __future__ import annotations

import math
import re
from dataclasses import replace
from functools import lru_cache

from grounding.bands import (
    ADULT_LIKE,
    NEWBORN,
    Band,
    Bands,
    Found,
    ages_in,
    bands_of,
    clearances_in,
    folded_phrase,
    overlaps,
    union,
    weights_in,
    without_clearances,
)
from grounding.book.filter_words import PATIENT

_ANCHOR_REACH = 45
# Bands listed one after another ("< 12 tháng tuổi, 12 tháng tuổi - 10 tuổi và 11 - 18 tuổi")
# are one list when only a few words, and no figure, stand between them.
_LIST_GAP = 20
_CLAUSE_ENDS = ".;:"


def _clause_start(text: str) -> int:
    """Where the last clause of `text` begins (after its last ".", ";" or ":")."""
    return max(text.rfind(mark) for mark in _CLAUSE_ENDS) + 1


def _clause_end(text: str) -> int:
    """Where the first clause of `text` ends (at its first ".", ";" or ":")."""
    return min((i for i in (text.find(mark) for mark in _CLAUSE_ENDS) if i >= 0), default=len(text))


def _patient_phrases(folded: str) -> list[str]:
    """Each patient word with what follows it in its clause (up to the anchor's reach),
    read one after another: a word inside an earlier phrase starts none."""
    phrases: list[str] = []
    end = 0
    for m in PATIENT.pattern.finditer(folded):
        if m.start() < end:
            continue
        after = folded[m.end() : m.end() + _ANCHOR_REACH]
        end = m.end() + _clause_end(after)
        phrases.append(folded[m.start() : end])
    return phrases


def _anchor_before(folded: str, start: int) -> int | None:
    """Where the patient word a band is said of begins, or None when it names nobody."""
    if folded.startswith("tren", start):
        return start  # "trên 12 tuổi" says an age on its own, as it always has been read
    reach = folded[max(0, start - _ANCHOR_REACH) : start]
    reach = reach[_clause_start(reach) :]
    word = PATIENT.search(reach)
    return start - len(reach) + word.start() if word else None


def _lists(folded: str, found: list[tuple[tuple[int, int], str, Band]]) -> list[list[int]]:
    """Indexes of `found` grouped into the lists they are printed in."""
    lists: list[list[int]] = []
    for n, ((start, _), _, _) in enumerate(found):
        if lists:
            gap = folded[found[lists[-1][-1]][0][1] : start]
            if len(gap) <= _LIST_GAP and not re.search(r"[\d.;:]", gap):
                lists[-1].append(n)
                continue
        lists.append([n])
    return lists


Listed = tuple[int, int, list[tuple[str, Band]]]
"""A list of bands said of a patient: where its patient word starts, where it ends, its bands."""


def _said_of_patient(scrubbed: str) -> list[Listed]:
    """The lists of age and weight bands a patient word introduces, in order."""
    found = sorted(
        [(span, "age", band) for band, span in ages_in(scrubbed)]
        + [(span, "weight", band) for band, span in weights_in(scrubbed)],
        key=lambda f: f[0],
    )
    said: list[Listed] = []
    for listed in _lists(scrubbed, found):
        lead = _anchor_before(scrubbed, found[listed[0]][0][0])
        if lead is not None:
            said.append(
                (lead, found[listed[-1]][0][1], [(found[n][1], found[n][2]) for n in listed])
            )
    return said


def _tail(scrubbed: str, end: int) -> str:
    """The words after a list up to its clause's end ("… 28 - 32 tuần chỉnh theo tuổi thai")."""
    after = scrubbed[end : end + _ANCHOR_REACH]
    return after[: _clause_end(after)]


# A dose figure ("0,2 mg/kg", "500 mg", "2 viên"): a band list after the first one is
# printed after the dose.
_DOSE_FIGURE = re.compile(
    r"\d\s*(?:mg|g|mcg|microgam|µg|ml(?!\s*/\s*phut)|don vi|dvqt|ui|iu|vien|giot|goi|ong)(?![a-z])"
)


def _leading(scrubbed: str, said: list[Listed]) -> Bands:
    """The first list of each kind names the patient ("Trẻ dưới 2 tuổi uống …, trẻ 2 - 6
    tuổi uống …" opens the under-2 row); a newborn may be named without a figure."""
    chosen: dict[str, list[Band]] = {"age": [], "weight": []}
    words: list[str] = []
    for lead, end, bands in said:
        fresh = {kind for kind, _ in bands} - {kind for kind, got in chosen.items() if got}
        for kind, band in bands:
            if kind in fresh:
                chosen[kind].append(band)
        if fresh:
            words.append(scrubbed[lead:end] + _tail(scrubbed, end))
    if not chosen["age"]:
        # "Trẻ sơ sinh: …" is a newborn's row; "trẻ em và trẻ sơ sinh" names more than one.
        newborn = (
            phrase
            for phrase in _patient_phrases(scrubbed)
            if NEWBORN.search(phrase) and "tre em" not in phrase
        )
        words.append(next(newborn, ""))
    return bands_of(" | ".join(words), chosen["age"], chosen["weight"], [])


def _after_dose(scrubbed: str, said: list[Listed], doses: list[int]) -> Bands | None:
    """The lists printed between the first dose and the next, as one band per kind.

    Lists that together take in every age ("… 10 ngày với trẻ dưới 6 tuổi, 5 ngày với trẻ
    trên 6 tuổi") split the course, not the patients: they are no band. A list after a
    second dose is that dose's ("100 mg; 1,5 mg/kg cho người dưới 65 kg"): the sentence
    holds several rows, and None says so. What stands in parentheses after the dose ("(tối
    đa 400 mg)", "(200 mg cho người dưới 50 kg)") remarks on it: neither a second dose nor
    the row's patient.
    """
    ages: list[Band] = []
    weights: list[Band] = []
    words: list[str] = []
    # A parenthesis after the dose remarks on it; one that holds the dose is the row itself.
    remarks = [span for span in _parenthesised(scrubbed) if span[0] > doses[0]]
    said = [listed for listed in said if not overlaps((listed[0], listed[1]), remarks)]
    doses = [d for d in doses if not overlaps((d, d + 1), remarks)]
    if len(doses) > 1 and any(lead > doses[1] for lead, _, _ in said):
        # "600 000 đơn vị cho trẻ dưới 10 tuổi hoặc 1 200 000 đơn vị cho trẻ từ 10 tuổi":
        # several rows in one sentence; none of its lists is the whole sentence's.
        return None
    for lead, end, bands in said:
        ages += [band for kind, band in bands if kind == "age"]
        weights += [band for kind, band in bands if kind == "weight"]
        words.append(scrubbed[lead:end] + _tail(scrubbed, end))
    found = bands_of(" | ".join(words), ages, weights, [])
    return replace(
        found,
        age=None if _everyone(found.age) else found.age,
        weight=None if _everyone(found.weight) else found.weight,
    )


def _every_row(scrubbed: str, said: list[Listed], doses: list[int]) -> Bands | None:
    """ "25 mg … cho người dưới 85 kg hoặc 50 mg … cho người trên 85 kg": a sentence that
    gives each dose with the band after it is for the patients of every band it lists; its
    band spans them all, per kind (it is quoted whole, each dose beside its band). None when
    a band list stands before the second dose only (not each dose with its own)."""
    rows = [listed for listed in said if listed[0] > doses[0]]
    if len(rows) < 2 or not any(lead > doses[1] for lead, _, _ in rows):
        return None
    spans: dict[str, list[Band]] = {"age": [], "weight": []}
    for _, _, bands in rows:
        for kind, band in bands:
            spans[kind].append(band)

    def spanning(found: list[Band]) -> Band | None:
        if not found:
            return None
        highest = max(b.loose_hi for b in found)
        return Band(min(b.lo for b in found), max(b.hi for b in found), highest)

    words = " | ".join(scrubbed[lead:end] + _tail(scrubbed, end) for lead, end, _ in rows)
    listed = bands_of(words, spans["age"], spans["weight"], [])
    return replace(listed, age=spanning(spans["age"]), weight=spanning(spans["weight"]))


def _parenthesised(folded: str) -> list[tuple[int, int]]:
    return [m.span() for m in re.finditer(r"\([^()]*\)?", folded)]


def _patient_lists(text: str) -> tuple[str, list[Found], list[Listed], list[int]]:
    """A sentence folded with its clearances blanked, those clearances, the band lists said
    of a patient and where its dose figures start."""
    folded = folded_phrase(text)
    clearances = clearances_in(folded)
    scrubbed = without_clearances(folded, clearances)
    doses = [m.start() for m in _DOSE_FIGURE.finditer(scrubbed)]
    return scrubbed, clearances, _said_of_patient(scrubbed), doses


@lru_cache(maxsize=8192)
def patient_bands(text: str) -> Bands:
    """The bands a whole sentence says of its patient, before or after its dose.

    A band counts when a patient word stands shortly before it in the same clause ("Ở người
    > 50 tuổi, … liều thấp: …"), and so does every band listed with it ("trẻ < 12 tháng
    tuổi, 12 tháng tuổi - 10 tuổi và 11 - 18 tuổi" is read whole). A sentence that opens
    with its patient is that patient's row; one that prints its dose first is for the
    patients listed after that dose (see `trailing_bands`). Clearance is read anywhere,
    "dùng liều như người lớn" too.
    """
    scrubbed, clearances, said, doses = _patient_lists(text)
    found = None
    if doses and said and said[0][0] > doses[0]:
        found = _after_dose(scrubbed, said, doses) or _every_row(scrubbed, said, doses)
    if found is None:
        # Opened by its patient, or several rows in one sentence: the first list speaks.
        found = _leading(scrubbed, said)
    return replace(
        found,
        clearance=union([b for b, _ in clearances]),
        adult_like=bool(ADULT_LIKE.search(scrubbed)),
    )


@lru_cache(maxsize=8192)
def trailing_bands(text: str) -> Bands:
    """The age and weight bands a row prints after its dose, for a row whose label names no
    patient: "Liều ban đầu: 0,2 mg/kg/ngày, đối với trẻ < 12 tháng tuổi, 12 tháng tuổi - 10
    tuổi và 11 - 18 tuổi" is a row for children up to 18.

    A row that names a patient before its dose ("Hoặc dùng: Trẻ 1 tháng - 1 năm uống 62,5
    mg; trẻ 1 - 5 tuổi uống 125 mg") has no trailing band: the later lists are other rows'.
    """
    scrubbed, _, said, doses = _patient_lists(text)
    if not doses or not said or said[0][0] < doses[0]:
        return Bands()
    return _after_dose(scrubbed, said, doses) or Bands()


def _everyone(band: Band | None) -> bool:
    return band is not None and band.lo == 0 and band.loose_hi == math.inf


__all__ = ["patient_bands", "trailing_bands"]
