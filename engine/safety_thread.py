"""The conversation's safety thread at turn level: this turn's triage (rule 0) read with what
the conversation already knows (its drug, an open safety question, an ingestion or self-harm
reported earlier), and the thread kept for the turns that follow."""

from __future__ import annotations

from core.frame import QueryFrame, Triage, TurnType
from core.reasons import Reason
from core.sections import SectionKey
from engine.conversation import Conversation
from safety.cue_matching import keep_per_text
from safety.triage import (
    SafetyAnswer,
    TriageResult,
    WarningLines,
    as_amount_question,
    safety_answer,
    thread_triage,
    triage_turn,
)
from understanding.smalltalk import smalltalk_kind

# A turn's smalltalk kind is read once per text; the benches empty it with the other caches
# of turn texts (`safety.cue_matching.forget_turn_texts`).
keep_per_text(smalltalk_kind.cache_clear)


def keep_safety_thread(conv: Conversation, reason: str, frame: QueryFrame) -> None:
    """An ingestion or self-harm reply opens the conversation's safety thread (self-harm is
    never downgraded); the thread remembers the drug named, for turns that name none."""
    if reason in (Reason.EMERGENCY, Reason.SELF_HARM) and conv.safety_thread != Reason.SELF_HARM:
        conv.safety_thread = str(reason)
    if conv.safety_thread is not None and frame.drugs:
        conv.safety_drugs = list(frame.drugs)
    if frame.drugs:
        conv.named_drugs, conv.named_query = list(frame.drugs), frame.standalone_query
    elif frame.new_case or frame.another_patient:
        conv.named_drugs, conv.named_query = [], None


def with_triage(
    text: str, frame: QueryFrame, conv: Conversation, warnings: WarningLines
) -> tuple[QueryFrame, TriageResult | None]:
    """The frame with this turn's triage (rule 0) set, or cleared if carried from a prior one.

    A turn that names no drug ("lỡ uống rồi") is about the drug the conversation is about, so
    triage and the quoted evidence use the prior frame's drugs (or the safety thread's).
    """
    probe = frame
    prior = conv.prior_frame
    question = conv.open_question
    if not frame.drugs and prior is not None:
        # "bé vừa uống hết rồi" names no drug: it is the drug the conversation is about.
        probe = frame.model_copy(update={"drugs": list(prior.drugs)})
    if not probe.drugs and conv.safety_drugs:
        probe = probe.model_copy(update={"drugs": list(conv.safety_drugs)})
    found = triage_turn(
        text,
        probe,
        answers_open_question=question is not None,
        warnings=warnings,
        before=prior.standalone_query if prior is not None else None,
    )
    if found is None and not probe.drugs and conv.named_drugs:
        # "ông uống alopurinol được 3 tuần", "mấy hôm nay sốt", then "da ông phồng rộp": a
        # reaction told after a turn on something else is of the drug named before it (only
        # a reaction: any other reading stays with the drugs this turn and the prior name).
        # The sign is read after the turn that named the drug ("uống … được 3 tuần").
        named = probe.model_copy(update={"drugs": list(conv.named_drugs)})
        adr = triage_turn(text, named, answers_open_question=question is not None,
                          warnings=warnings, before=conv.named_query)  # fmt: skip
        if adr is not None and adr.section == SectionKey.HUONG_DAN_XU_TRI_ADR.value:
            probe, found = named, adr
    if question is not None and question.reason == Reason.SAFETY_CHECK and prior is not None:
        how_to = frame.how_to_take is not None
        answer = safety_answer(text, asked_of=prior.standalone_query, how_to=how_to)
        if answer is SafetyAnswer.NOT_TAKEN and found is None:
            # Not taken: the question they asked goes on, as asked.
            return prior.model_copy(update={"triage": None, "non_answer": False}), None
        # Anything but "not taken" or a dose asked instead (yes, not sure, the child's
        # weight, a symptom, "giờ làm sao") is read the safe way: as taken.
        if answer is SafetyAnswer.ASKED and (
            found is None or (how_to and found.kind is Triage.SAFETY_CHECK)
        ):
            found = None  # "Liều đầu tiên uống bao nhiêu mg?": the new question goes on, as asked
        elif found is None or found.kind is Triage.SAFETY_CHECK:
            found = TriageResult(Triage.EMERGENCY, f"safety_check: {answer or 'not denied'}")
    smalltalk = frame.turn_type is TurnType.SMALLTALK and smalltalk_kind(text) != "other"
    found = thread_triage(conv.safety_thread, found, smalltalk=smalltalk)
    if found is None:
        return as_amount_question(text, frame).model_copy(update={"triage": None}), None
    return probe.model_copy(update={"triage": found.kind}), found


__all__ = ["keep_safety_thread", "with_triage"]
