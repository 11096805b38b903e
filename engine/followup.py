"""Context follow-ups: a turn that only adds patient facts re-asks the open case's question.

"Tôi cũng đang uống warfarin" or "người khác, 70 tuổi, suy thận" after a
condition→drug answer is not a new question: it is the same question for
this patient (or, after a case boundary, for the new patient). Code decides
this, not the model: the turn must add patient facts and carry nothing else
that makes it a question of its own.
"""

from __future__ import annotations

import re

from core.frame import PatientContext, QueryFrame, TurnType
from core.text import fold_aligned

# Words that can surround patient facts without asking anything new (accent-folded).
_FILLER = re.compile(
    r"\b(?:toi|minh|em|anh|chi|ba|ong|me|con|be|benh nhan|nguoi benh|nguoi|khac|truong hop|"
    r"moi|cung|dang|bi|co|va|them|nua|thi sao|the con|con|nam|nu|hien|hien tai|uong|dung|"
    r"thuoc|roi|nhe|a|ay|do|la|voi|\d+(?:[.,]\d+)?\s*(?:tuoi|thang|tuan|kg|ky|can)|tuoi|"
    r"thang|tuan|kg)\b"
)
_FACETS = re.compile(
    r"\b(?:suy than(?: man| nang| nhe)?|suy gan|benh than|benh gan|mang thai|co thai|"
    r"cho con bu|di ung(?: \w+)?|than trong|tang men gan)\b"
)

# A dose given at a time ("đã uống nurofen lúc 8h", "cho bé uống hapacol cách đây 2 tiếng"):
# the drug just given for this complaint, which the turn goes on to ask about, not a medicine
# the patient takes alongside.
_GIVEN_AT = re.compile(
    r"\b(?:luc|hoi|tu) \d{1,2}\s*(?:h|gio)\b"
    r"|\bcach day (?:\d+|mot|hai|ba|nua) ?(?:tieng|gio|phut)?\b"
)


def _only_context(text: str, patient: PatientContext | None) -> bool:
    """Nothing of `text` is left once patient facts and filler words are taken out."""
    rest = fold_aligned(text)
    if patient is not None:
        for fact in (*patient.comorbidities, *patient.allergies, *patient.current_medicines):
            rest = rest.replace(fold_aligned(fact), " ")
    rest = _FACETS.sub(" ", rest)
    rest = _FILLER.sub(" ", rest)
    return not re.sub(r"[\W_]+", "", rest)


def is_context_followup(frame: QueryFrame, prior: QueryFrame | None) -> bool:
    """Does this turn only add patient facts to the prior condition→drug question?"""
    if prior is None or prior.turn_type is not TurnType.CONDITION_TO_DRUG:
        return False
    if prior.condition is None or frame.non_human or frame.attribute or frame.section_overview:
        return False
    if frame.turn_type in (TurnType.SMALLTALK, TurnType.INTERACTION, TurnType.CONDITION_RELATION):
        return False
    patient = frame.patient
    if (patient is None or patient.is_empty()) and frame.age_months is None:
        return False
    current = set(patient.current_medicines) if patient else set()
    if frame.drugs and _GIVEN_AT.search(fold_aligned(frame.standalone_query)):
        return False
    if not set(frame.drugs) <= current or frame.unknown_drugs:
        return False
    return frame.condition is None or _only_context(frame.condition.text, patient)


_PATIENT = ("population", "age_text", "age_months", "weight_kg", "body_surface_m2")


def as_followup(frame: QueryFrame, prior: QueryFrame) -> QueryFrame:
    """The prior question, with this turn's patient facts (case facts are merged later)."""
    update: dict[str, object] = {"patient": frame.patient, "new_case": frame.new_case}
    for name in _PATIENT:
        value = getattr(frame, name)
        if value is not None:
            update[name] = value
    another = frame.population is not None and frame.population is not prior.population
    if frame.new_case or (another and prior.population is not None):
        # A new patient ("thế còn mẹ bé đang có bầu" after the child): none of the old
        # patient's slots survive.
        for name in _PATIENT:
            update.setdefault(name, None)
    return prior.model_copy(update=update)


# "giờ hết sốt rồi", "đỡ ho nhiều rồi": the complaint is told as gone or going, which is news
# about the drug being taken, not a new question about the complaint.
_BETTER = re.compile(r"(?<![a-z])(?:het|do|khoi|bot|giam|dut)(?: han| bot| nhieu)? (\w+(?: \w+)?)")


def _got_better(frame: QueryFrame) -> bool:
    assert frame.condition is not None  # noqa: S101 - checked by the caller
    said = fold_aligned(frame.standalone_query)
    named = fold_aligned(frame.condition.normalized or frame.condition.text)
    return any(named.startswith(m.group(1)) or m.group(1).startswith(named)
               for m in _BETTER.finditer(said))  # fmt: skip


def thread_after(frame: QueryFrame, prior: QueryFrame | None) -> QueryFrame | None:
    """The frame the next turn reads as the one before. An aside the book does not answer,
    naming no drug and no patient ("1 vỉ bao nhiêu tiền vậy", "có phải tái khám không"),
    leaves the drug question before it: "à mà uống trước hay sau ăn" is still about that
    drug. Any other turn is the thread now."""
    if prior is None or not prior.drugs or prior.non_human:
        return frame
    if frame.turn_type is not TurnType.OUT_OF_SCOPE or frame.drugs or frame.unknown_drugs:
        return frame
    if frame.non_human or frame.new_case or frame.another_patient:
        return frame
    if frame.condition is not None and not _got_better(frame):
        return frame
    # The patient said before, carried into the aside ("giờ hết sốt rồi" of the same child),
    # is no new patient; one said now is.
    said = [getattr(frame, n) for n in ("population", "age_months", "weight_kg")]
    before = [getattr(prior, n) for n in ("population", "age_months", "weight_kg")]
    if any(v is not None and v != b for v, b in zip(said, before, strict=True)):
        return frame
    if not (frame.patient is None or frame.patient.is_empty() or frame.patient == prior.patient):
        return frame
    return prior


__all__ = ["as_followup", "is_context_followup", "thread_after"]
