"""A pill organiser emptied ahead of its day: carers of forgetful elderly parents find the
compartments of days not yet come already empty ("ô thứ 4 trong hộp chia ngày đã trống mà
hôm nay mới thứ 3"). The doses of those days may have been taken today on top of today's:
a double dose nobody saw. Triage asks the safety question; it is not yet a report.
"""

from __future__ import annotations

import re

from safety.safety_cues import TurnText

# The organiser: a box split by day or by time of day, or a compartment of a day.
_ORGANISER = re.compile(
    r"\b(?:hop (?:thuoc )?(?:chia|theo|xep) (?:ngay|thu|tuan|lieu|cu|buoi|san)|"
    r"hop (?:thuoc )?(?:7|bay|14|28) (?:ngay|ngan|o)|hop thuoc chia|khay (?:thuoc )?chia|"
    r"(?:o|ngan|hoc) (?:thuoc )?(?:cua )?(?:thu (?:\d|hai|ba|tu|nam|sau|bay)|chu nhat|cn|"
    r"ngay mai|mai|sang mai|toi mai))\b"
)
# Empty, as typed with accents.
_EMPTY_TYPED = re.compile(
    r"(?:trống|rỗng|hết sạch|hết thuốc|hết rồi|không còn (?:viên|thuốc|gì)|bị lấy|đã lấy)"
)
# Empty, typed bare: "trong" is also "in" ("trong hộp"), so only said as a state.
_EMPTY_BARE = re.compile(
    r"\b(?:deu|bi|da|van|lai|thi|dang|cung) (?:trong|rong)\b|"
    r"\b(?:trong|rong) (?:tron|tron|het|roi|r|ron|khong)\b|\b(?:trong|rong)\s*(?:[,.!?]|$)|"
    r"\bhet (?:sach|thuoc|roi)\b|\bkhong con (?:vien|thuoc|gi)\b"
)
# A day not yet come: "hôm nay mới thứ 3", "chưa tới ngày", "của ngày mai".
_AHEAD = re.compile(
    r"\b(?:(?:hom )?nay (?:moi|chi moi|van la|la) (?:thu|ngay|sang|trua|chieu)|"
    r"moi (?:la )?(?:thu (?:\d|hai|ba|tu|nam|sau|bay)|sang|trua)|"
    r"chua (?:toi|den|dén) (?:ngay|thu|buoi|luot|hom)|ngay mai|sang mai|toi mai|cua mai)\b"
)


def emptied_ahead(t: TurnText) -> str | None:
    """The organiser told empty for a day not yet come, or None."""
    box = _ORGANISER.search(t.folded)
    if box is None or _AHEAD.search(t.folded) is None:
        return None
    empty = _EMPTY_TYPED.search(t.lowered) if t.accented else _EMPTY_BARE.search(t.folded)
    return None if empty is None else box.group(0)


__all__ = ["emptied_ahead"]
