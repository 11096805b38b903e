"""What the user asked, as the frame gives it, read once per request.

Grounding never reads the user's raw text: the answerer builds the words asked from the
frame's fields (the condition as read, `QueryFrame.condition_words`, the patient's own
conditions) and folds them here once; narrowing, amounts, selection and listing read the
folded form this carries.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from core.frame import QueryFrame
from core.text import fold, fold_words


@dataclass(frozen=True)
class AskedWords:
    """The words asked, and their folded forms, each read the first time it is asked for."""

    text: str = ""

    @classmethod
    def of(cls, frame: QueryFrame) -> AskedWords:
        """The indication words a dose question gives: the condition as read and the
        book's word for it, the frame's condition words, the patient's own conditions."""
        condition = (
            " ".join(dict.fromkeys((frame.condition.text, frame.condition.normalized)))
            if frame.condition
            else ""
        )
        # The patient's own conditions said earlier in the case ("sau mổ") choose rows too.
        told = " ".join(frame.patient.comorbidities) if frame.patient else ""
        words = _without_drug_names(cls(frame.condition_words), frame.drugs)
        words = _DENIED.sub(" ", words)  # "bé ko bị viêm màng não đâu": no row of it
        return cls(f"{condition} {words} {told}".strip())

    @cached_property
    def folded(self) -> str:
        """The words folded (`core.text.fold`)."""
        return fold(self.text)

    @cached_property
    def words(self) -> str:
        """The folded letter-and-digit words joined by one space (`core.text.fold_words`)."""
        return fold_words(self.text)

    @cached_property
    def pieces(self) -> tuple[tuple[str, str], ...]:
        """Each word as written (split at spaces) with its folded form; folding keeps the
        words apart, so the folded words line up with the written ones."""
        written, folded = self.text.split(), self.folded.split()
        return tuple(zip(written, folded, strict=True)) if len(written) == len(folded) else ()


# A condition the person denies, to the end of its clause ("không bị viêm màng não đâu ạ").
_DENIED = re.compile(
    r"(?<![a-z])(?:khong|ko|k|kh|hong|chua) (?:bi|phai) [^,.;?!]*?(?= (?:nhung|ma) |[,.;?!]|$)"
)


# A word of the question is the drug's own name when it opens like a word of the drug's id
# ("enalapril", "amoxicilin" for amoxicillin): it names no indication.
_NAME_OPENING = 6


def _without_drug_names(words: AskedWords, drugs: list[str]) -> str:
    """The question's words without those that spell an asked drug's name: a head that
    names the drug ("… chuyển từ enalapril") is not the indication asked."""
    names = {p[:_NAME_OPENING] for d in drugs for p in d.split("_") if len(p) >= _NAME_OPENING}
    if not names or not words.pieces:
        return words.text
    return " ".join(w for w, f in words.pieces if f[:_NAME_OPENING] not in names)


__all__ = ["AskedWords"]
