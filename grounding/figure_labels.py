"""The words of a dose row that tell one of its per-kg figures from the others ("Đối với
sốt", "liều đầu", "mỗi lần khi sốt"), read off the row's one folding (`Reading`)."""

from __future__ import annotations

import re

from core.text import fold_aligned
from grounding.block import Reading
from grounding.book.vocabulary import PERIOD_OPENS, TRIVIAL_LABELS
from grounding.derivation import Figure, clauses

MAX_LABEL_CHARS = 40
_WHEN_AFTER = re.compile(r"^\s*(?:moi lan\s*)?(khi [a-z ]{2,25}?)\s*(?:[,;.(]|$)")


def clause_start(text: str, pos: int) -> int:
    return max((s for s, _ in clauses(text) if s <= pos), default=0)


# "20 - 40 mg/kg/ngày, chia 3 lần, cho trẻ trên 1 tháng": the patients a figure is for,
# said after it, before the next figure or the clause's end.
_FOR_AFTER = re.compile(r"^[^:;()]{0,30}?(?<![a-z])(?:doi voi|o|cho) (?:tre|nguoi|benh nhan)")
_FOR_END = re.compile(r"[,;:.()]|(?<![a-z])(?:va|hoac)(?![a-z])")


def trailing_for(said: Reading, figure: Figure, following: Figure | None) -> str:
    """The words after `figure` that name whom it is for ("đối với trẻ sơ sinh"), else ""."""
    text = said.text
    stop = min((e for s, e in clauses(text) if s <= figure.start <= e), default=len(text))
    if following is not None and following.start > figure.end:
        stop = min(stop, following.start)
    folded = fold_aligned(text[figure.end : stop])
    if (m := _FOR_AFTER.match(folded)) is None:
        return ""
    end = _FOR_END.search(folded, m.end())
    return text[figure.end + m.start() : figure.end + (end.start() if end else len(folded))]


def figure_label(said: Reading, figure: Figure, previous: Figure | None) -> str:
    """The row's own words that tell this figure from the others of its row: a "khi …"
    after it ("mỗi lần khi sốt"), else the phrase just before it ("Đối với sốt", "liều
    đầu", "sau đó"), when short."""
    text = said.text
    if m := _WHEN_AFTER.match(fold_aligned(text[figure.end : figure.end + MAX_LABEL_CHARS])):
        start, stop = figure.end + m.start(1), figure.end + m.end(1)
    else:
        begin = clause_start(text, figure.start)
        if previous is not None and previous.end > begin:
            begin = previous.end
        # The comma-parted pieces after the last ":", ";" or parenthesis, by where they are.
        at = max(begin - 1, *(text.rfind(c, begin, figure.start) for c in ":;()")) + 1
        spans = []
        for part in text[at : figure.start].split(","):
            lead = len(part) - len(part.lstrip(" *_"))
            span = (at + lead, at + lead + len(part.strip(" *_")))
            at += len(part) + 1
            piece = text[span[0] : span[1]]
            if piece and "/" not in piece and not PERIOD_OPENS.match(said.folded_span(*span)):
                spans.append(span)  # "90 mg/kg amoxicilin/ngày, 6,4 mg/kg …": no case
        start, stop = spans[-1] if spans else (0, 0)
        if joined := re.match(r"(?:và|hoặc|còn)\s+", text[start:stop]):
            start += joined.end()
    label = text[start:stop]
    if (
        not label
        or len(label) > MAX_LABEL_CHARS
        or TRIVIAL_LABELS.fullmatch(said.folded_span(start, stop))
    ):
        return ""
    return label[:1].upper() + label[1:]


# "Đối với sốt", "khi đau", "trong đau bụng kinh": a label naming the complaint a figure is for.
_CASE_LABEL = re.compile(r"^(?:doi voi|voi|khi|trong|de)\s+(?P<case>.+)$")
_CASE_FILLER = frozenset(
    {"giam", "ha", "dieu", "tri", "cac", "nhung", "con", "bi", "benh", "cho", "dung", "thi"}
)


def _case_words(folded: str) -> set[str]:
    return {w for w in re.findall(r"[a-z]+", folded) if w not in _CASE_FILLER}


def other_cases(labels: list[str], complaint: str | None) -> set[int]:
    """The figures of one row that are for another complaint than the one asked: "Đối với
    sốt, 5 - 10 mg/kg … và đối với đau, 10 mg/kg" asked for a fever works out the fever's
    figure only. Nothing is left out when no label names the complaint asked."""
    if not complaint:
        return set()
    asked = _case_words(fold_aligned(complaint).lower())
    cases = {
        k: _case_words(m["case"])
        for k, label in enumerate(labels)
        if (m := _CASE_LABEL.match(fold_aligned(label).lower().strip())) is not None
    }
    if not asked or not any(words & asked for words in cases.values()):
        return set()
    return {k for k, words in cases.items() if not words & asked}


__all__ = ["MAX_LABEL_CHARS", "clause_start", "figure_label", "other_cases", "trailing_for"]
