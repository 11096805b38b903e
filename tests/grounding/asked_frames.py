"""Frames as understanding makes them: grounding reads what a question asks (and the
patient facts it states) from the frame, never from its words, so a test that states a
question fills them the way understanding does (`understanding.asked`, `.slots`)."""

from __future__ import annotations

from core.evidence import Evidence
from core.frame import PatientContext, QueryFrame
from grounding.howto import Asked
from understanding.asked import read_asked
from understanding.slots import read_patient
from understanding.text import Turn


def understood(frame: QueryFrame, question: str | None = None) -> QueryFrame:
    """`frame` with the fields understanding reads from `question` (default: its
    `standalone_query`): what it asks, and the patient facts it states."""
    turn = Turn.of(frame.standalone_query if question is None else question)
    update: dict[str, object] = read_asked(turn, frame.turn_type)
    said = read_patient(turn)
    if said is not None:
        update["patient"] = (frame.patient or PatientContext()).merged_with(said)
    return frame.model_copy(update=update)


def asked(question: str) -> Asked:
    """What understanding reads from the question, as the how-to answer takes it."""
    return Asked.of(understood(QueryFrame(standalone_query=question)))


def part(section: str, text: str, drug: str = "x", quarantined: bool = False) -> Evidence:
    """One part of a made-up book: `text` under `section` of drug `drug`."""
    return Evidence(
        text=text,
        drug_id=drug,
        drug_name="X",
        section_key=section,
        section_title=section,
        chunk_id=f"{drug}-{section}",
        quarantined=quarantined,
    )
