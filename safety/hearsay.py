"""What others said, passed on: a claim about harm someone else made ("hàng xóm bảo thuốc này
uống nhiều là chết", "đọc trên mạng nói quá liều là tử vong"), told to check it or to ask the
right dose. The claim is someone else's words, not the speaker's wish: the self-harm word
lists do not read it, as long as the turn asks something after it and tells no despair and no
goodbye of its own. A claim passed on with nothing asked is read as it stands.
"""

from __future__ import annotations

import re

from safety.safety_cues import DESPAIR_CUES, DOSE_QUESTION_CUES, FAREWELL_CUES, TurnText

# Whose words: someone named saying it ("hàng xóm bảo", "người ta nói", "bạn em kể"), heard
# ("nghe nói", "nghe đồn"), or read somewhere ("đọc trên forum bảo", "trên mạng viết").
_WHO = (
    r"(?:nguoi ta|hang xom|ban be|ban (?:em|toi|tui|minh|t|be)|moi nguoi|ai do|may dua|"
    r"dong nghiep|ho hang|nguoi quen|co hang xom|ba hang xom|chi hang xom)"
)
_SAID = r"(?:bao|noi|ke|don|dan|viet|khuyen)"
_LEAD = re.compile(
    r"\b(?:nghe (?:noi|bao|ke|don|nguoi ta (?:noi|bao))|" + _WHO + r" " + _SAID + r"|"
    r"doc (?:tren|o|trong) [^,.;!?]{0,25}? (?:bao|noi|thay|viet|la)|"
    r"(?:tren mang|tren (?:facebook|fb|forum|tiktok|youtube|group|nhom|bao)) "
    r"(?:[^,.;!?]{0,15}? )?(?:bao|noi|viet|don))\b"
)
_CLAUSE_END = re.compile(r"[,.;!?\n]")
# Asked to be checked ("đúng không", "có thật không", "phải không") or a dose asked.
_CHECKED = re.compile(
    r"\b(?:dung|that|phai|chuan) (?:khong|ko|k|hong|hok|hem|chu|ha)\b|\bco (?:dung|that)\b|\?"
)


def without_hearsay(t: TurnText) -> TurnText:
    """The turn with each claim passed on as someone else's words blanked (the same length),
    when something is asked after it and the turn tells no despair or goodbye; else `t`."""
    if DESPAIR_CUES.search(t) is not None or FAREWELL_CUES.search(t) is not None:
        return t
    spans: list[tuple[int, int]] = []
    for lead in _LEAD.finditer(t.folded):
        end = _CLAUSE_END.search(t.folded, lead.end())
        stop = len(t.folded) if end is None else end.start()
        spans.append((lead.start(), stop))
    if not spans:
        return t
    rest = TurnText.of(t.lowered[spans[-1][1] :])
    if not rest.folded.strip() or (
        DOSE_QUESTION_CUES.search(rest) is None and _CHECKED.search(rest.folded) is None
    ):
        return t
    lowered = list(t.lowered)
    for start, stop in spans:
        lowered[start:stop] = " " * (stop - start)
    return TurnText.of("".join(lowered))


__all__ = ["without_hearsay"]
