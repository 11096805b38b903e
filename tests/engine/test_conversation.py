"""The conversation document: history keeps its last lines, and claims only for recent answers."""

from __future__ import annotations

from core.evidence import Citation
from core.result import ClaimView
from engine.conversation import HISTORY_CLAIM_TURNS, Conversation, HistoryLine, utcnow

CITATION = Citation(
    drug_id="paracetamol",
    drug_name="Paracetamol",
    section_key="chong_chi_dinh",
    section_title="Chống chỉ định",
    chunk_id="c1",
)


def _answer(turn: int) -> HistoryLine:
    return HistoryLine(
        role="assistant",
        text=f"trả lời {turn}",
        turn=turn,
        at=utcnow(),
        outcome="answer",
        claims=[ClaimView(text=f"ý {turn}", citations=[0])],
        citations=[CITATION],
    )


def test_only_the_last_answers_keep_claims_and_citations() -> None:
    """Older answers keep their message and outcome; their claims and citations are dropped."""
    conv = Conversation(conversation_id="c", token_hash="00")
    for turn in range(1, 8):
        conv.append_history(HistoryLine(role="user", text="hỏi", turn=turn, at=utcnow()), 12)
        conv.append_history(_answer(turn), 12)
    answers = [h for h in conv.history if h.role == "assistant"]
    assert [h.turn for h in answers] == [2, 3, 4, 5, 6, 7]
    kept = [h.turn for h in answers if h.claims and h.citations]
    assert kept == list(range(8 - HISTORY_CLAIM_TURNS, 8))
    assert all(h.text == f"trả lời {h.turn}" and h.outcome == "answer" for h in answers)
    assert all(not h.claims and not h.citations for h in answers if h.turn not in kept)


def test_no_history_kept_when_the_cap_is_zero() -> None:
    """HISTORY_LINES=0 keeps nothing."""
    conv = Conversation(conversation_id="c", token_hash="00")
    conv.append_history(_answer(1), 0)
    assert conv.history == []
