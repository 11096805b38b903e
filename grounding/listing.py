"""The extractive list answer (condition→drug): indication lines that name the condition.

One claim per candidate, quoting the lines of its own "Chỉ định" evidence that name the
condition. The list names drugs; it never ranks or recommends them. Safety lines for a
described patient are not chosen here: the engine's one safety selection
(`safety/assessment.py`) adds them after each drug's line, and this answer only carries
the notice that nothing in it is an endorsement.
"""

from __future__ import annotations

from core.evidence import Answer, Claim, Evidence
from core.ports import AnswerRequest
from core.text import contains_phrase, contains_phrase_exact, has_diacritics
from grounding.asked import AskedWords
from grounding.markup import shown_sentences
from grounding.notices import quarantine_notices

NOT_AN_ENDORSEMENT = (
    "Danh sách chỉ trích chỉ định và các dòng cảnh báo liên quan; "
    "không suy ra thuốc nào là phù hợp hay an toàn cho người bệnh này."
)
# Words around a condition that indication lines do not repeat ("bệnh gút" → "Gút mạn tính").
_CONDITION_FILLER = frozenset({"benh", "chung", "bi", "mac", "dieu", "tri", "cac", "nhung", "cho"})


def names_condition(sentence: str, asked: AskedWords, *, exact: bool) -> bool:
    """The sentence names the condition asked (`asked`: its phrase, read once per
    request): the whole phrase, or every word of it.

    An accented condition must match with its accents: folding would let "lậu" match
    "lâu" and "ho" match "hô hấp", listing drugs whose indications say no such thing.
    """
    phrase = asked.text
    if not phrase:
        return False
    contains = contains_phrase_exact if exact else contains_phrase
    if contains(sentence, phrase):
        return True
    words = [w for w, folded in asked.pieces if len(w) > 1 and folded not in _CONDITION_FILLER]
    return bool(words) and all(contains(sentence, w) for w in words)


def list_answer(request: AnswerRequest) -> Answer:
    """Candidates whose indication names the condition, each with its lines cited."""
    condition = request.frame.condition
    phrase = (condition.normalized or condition.text) if condition else ""
    # A user who types accents means them ("ho" is not "hô hấp"); one who types none
    # gets accent-insensitive matching.
    exact = has_diacritics(phrase) or request.frame.accented
    asked = AskedWords(phrase)
    by_chunk = {ev.chunk_id: i for i, ev in enumerate(request.evidence)}
    patient = request.frame.patient
    for_patient = patient is not None and patient.needs_safety_review()
    claims: list[Claim] = []
    used: list[Evidence] = []
    for cand in request.candidates:
        lines: list[str] = []
        cited: list[int] = []
        for ev in cand.evidence:
            index = by_chunk.get(ev.chunk_id)
            if index is None or ev.drug_id != cand.drug_id:
                continue
            used.append(ev)
            hits = [s for s in shown_sentences(ev.text) if names_condition(s, asked, exact=exact)]
            if hits and not ev.quarantined:
                lines.extend(hits)
                cited.append(index)
        if lines:
            text = f"{cand.drug_name}: " + "; ".join(s.rstrip(".;") for s in lines) + "."
            claims.append(Claim(text=text, citations=tuple(cited), drug_id=cand.drug_id))
    shown = condition.text if condition and not any(c.isdigit() for c in condition.text) else ""
    about = f"“{shown}”" if shown else "tình trạng được hỏi"
    return Answer(
        lead=(
            f"Các thuốc trong Dược thư có ghi {about} ở mục Chỉ định "
            "(liệt kê theo dữ liệu, không phải thứ tự khuyến cáo):"
        ),
        claims=tuple(claims),
        notices=(
            (*quarantine_notices(used), *((NOT_AN_ENDORSEMENT,) if for_patient else ()))
            if claims
            else ()
        ),
        list_mode=True,
    )


__all__ = ["NOT_AN_ENDORSEMENT", "list_answer", "names_condition"]
