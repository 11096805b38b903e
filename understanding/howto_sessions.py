"""When a medicine is taken around a treatment session (issue 22): "uống trước hay sau lúc chạy
thận", "sau mỗi lần lọc máu thì uống", "trước buổi hóa trị". A filler between "trước/sau" and
the session ("lúc", "khi", "buổi", "mỗi lần", "ngày"), or "khi" alone, still asks the time to
take it."""

from __future__ import annotations

import re

from understanding.text import Turn

_SESSION = r"(?:chay than|loc mau|loc than|tham phan|hoa tri|truyen hoa chat|xa tri)"
_AROUND_SESSION = re.compile(
    r"(?<![a-z])(?:truoc|sau)(?: hay (?:truoc|sau))?"
    r"(?: khi(?: (?:luc|buoi|moi lan|lan|moi buoi|ngay|hom|gio))?"
    r"| (?:luc|buoi|moi lan|lan|moi buoi|ngay|hom|gio)) "
    rf"(?:di )?{_SESSION}(?![a-z])"
)


def around_a_session(turn: Turn) -> bool:
    """The time to take it asked against a session: before or after it, a filler between."""
    return bool(_AROUND_SESSION.search(turn.folded))


__all__ = ["around_a_session"]
