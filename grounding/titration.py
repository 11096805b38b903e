"""A titration asked: how to start and how to step the dose up ("bắt đầu uống bao nhiêu, sau
đó tăng thế nào", "mỗi tuần tăng bao nhiêu"). The prescriber moves such a dose by the
response, so the book's start-and-step schedule is quoted as printed and no single amount is
worked out from it for the patient. Read on the accent-folded words of the question itself
(not hearsay from earlier turns).
"""

from __future__ import annotations

import re

from core.text import fold

# A step up asked: "tăng thế nào / bao nhiêu / ra sao / mấy", "tăng liều thế nào",
# "mỗi ngày (tuần) tăng bao nhiêu", "tăng dần ra sao".
_STEP_ASKED = re.compile(
    r"\btang (?:(?:lieu|them|len|dan|tiep)\s+){0,2}"
    r"(?:the nao|nhu the nao|nhu nao|ra sao|bao nhieu|bn|may|len may|sao)\b"
)
# Where the dose starts: "bắt đầu", "khởi đầu", "ngày đầu", "lúc đầu", "liều đầu".
_START = re.compile(r"\b(?:bat dau|khoi dau|ngay dau|luc dau|ban dau|lieu dau)\b")
# The days after the start asked as a question of their own ("rồi các ngày sau thì sao",
# "mấy hôm sau uống thế nào", "những ngày tiếp theo bao nhiêu"): what follows the start is
# asked too, which the book leaves to the response.
_LATER_ASKED = re.compile(
    r"\b(?:cac|nhung|may) (?:ngay|hom|tuan) (?:sau|tiep|tiep theo|ke tiep)"
    r"(?: (?:do|nua))?(?: (?:thi|la))?"
    r" (?:sao|the nao|nhu the nao|ra sao|bao nhieu|bn|uong sao|uong the nao|uong bao nhieu)\b"
)


def titration_asked(question: str) -> bool:
    """True when the question asks both where the dose starts and how it is stepped up (or
    how it goes on the days after the start)."""
    folded = fold(question)
    if _START.search(folded) is None:
        return False
    return _STEP_ASKED.search(folded) is not None or _LATER_ASKED.search(folded) is not None


__all__ = ["titration_asked"]
