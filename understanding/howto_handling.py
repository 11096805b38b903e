"""Handling a medicine, not taking it (issue 22): "chạm vào viên thuốc có sao không", "ở nhà
chia thuốc cho bố", "tiếp xúc với thuốc này được không". What the book says of handling it
answers (its caution, or the storage section's "phụ nữ mang thai không nên tiếp xúc"), even
when the one who handles it is pregnant or nursing: she does not take it."""

from __future__ import annotations

import re

from understanding.text import Turn

_FOR_WHOM = (
    r"(?:me|bo|ba|ong|cha|chong|vo|con|be|chau|nguoi nha|benh nhan|bn|me chong|bo chong"
    r"|me vo|bo vo|ong noi|ba noi|ong ngoai|ba ngoai|anh|chi|em)"
)
_HANDLING = re.compile(
    # the medicine touched ("tiếp xúc với thuốc", "chạm tay vào viên"), not a disease met
    # ("sau tiếp xúc người bệnh cúm")
    # (bare "dung" is "dùng" too: "dùng với thuốc ức chế MAO"; "đụng" counts with its marks)
    r"(?<![a-z])(?:tiep xuc(?: voi)?|(?:cham|cam|boc)(?: tay)? (?:vao|phai))"
    r" (?:thuoc|vien|ong|lo|hop)(?![a-z])"
    # preparing someone else's medicine: "chia thuốc cho mẹ chồng", "soạn thuốc giúp bố"
    # (not "chia thuốc cho bé uống", a dose split for the one who takes it)
    r"|(?<![a-z])(?<!hop )(?<!khay )(?:chia|soan|boc|xep) (?:thuoc|vien)(?: [a-z]+){0,2}"
    rf" (?:cho|giup|ho) {_FOR_WHOM}(?![a-z])(?! (?:uong|dung|xai|ngay|moi|lam))"
)


_TOUCHED_MARKED = re.compile(r"(?<!\w)đụng(?: tay)? (?:vào|phải) (?:thuốc|viên|ống|lọ|hộp)(?!\w)")


def handles_it(turn: Turn) -> bool:
    """The turn asks about touching or preparing the medicine, not about taking it."""
    marked = _TOUCHED_MARKED.search(turn.original.lower()) is not None
    return marked or _HANDLING.search(turn.folded) is not None


__all__ = ["handles_it"]
