"""Signs told that are no reaction report (`safety.reactions`): a side effect asked about as
expected, and a complaint told first, then the medicine taken for it ("mấy nay nổi mề đay,
uống cetirizin 10mg"): the sign is what the drug treats. That only when nothing ties the sign
to the drug: no taking said before it ("đang uống", "vừa uống", "có uống"), no cause ("sau
khi", "do thuốc"), and no word after the taking that places a sign after it ("uống … rồi",
"uống xong", "uống vào thì")."""

from __future__ import annotations

import re
from typing import Protocol

from core.text import fold_aligned
from safety.cue_matching import TurnText
from safety.danger_signs import DANGER_SIGNS
from safety.safety_cues import ALLERGY_SIGNS, AMOUNT_CUES, EMERGENCY_SIGNS, EXCESS_CUES

_TAKING = re.compile(r"(?<![a-z])(?:uong|dung|boi|xit|ngam|tiem|chich)(?![a-z])")
# The taking said as under way or done before the sign came ("nổi mẩn, đang uống X").
_TAKING_TOLD = re.compile(
    r"(?<![a-z])(?:dang|vua|moi|da|co|sau|sau khi|tu khi|tu luc|tu hom|do|vi|tai|duoc)\s*$"
)
_CAUSE = re.compile(
    r"(?<![a-z])(?:sau khi|tu khi|tu luc|do thuoc|vi thuoc|tai thuoc|xong|tu hom"
    # now, after what went before ("mà giờ nổi mẩn"), and going on with it ("dùng tiếp")
    r"|gio|bay gio|hien gio|(?:uong|dung|xai) (?:tiep|nua|lai))(?![a-z])"
)


class _Cue(Protocol):
    def search(self, text: TurnText) -> str | None: ...


def complaint_first(text: TurnText, sign: str, after_drug: _Cue) -> bool:
    """The sign is told before any taking of the drug, and nothing makes it follow one."""
    folded = text.folded
    at = folded.find(fold_aligned(sign))
    taken = _TAKING.search(folded)
    if at < 0 or taken is None or taken.start() <= at:
        return False
    if _TAKING_TOLD.search(folded[: taken.start()]) or _CAUSE.search(folded):
        return False
    start = taken.start()
    tail = TurnText(text.lowered[start:], folded[start:], text.accented)
    return after_drug.search(tail) is None


# Whether a sign is the expected side effect, asked ("có bình thường không", "bth hông", "có
# phải tác dụng phụ"): what the book's ADR list answers.
_EXPECTED_ASKED = re.compile(
    r"\b(?:binh thuong|bth|bt) (?:khong|ko|k|hong|hok|hem|ha|a|chu)\b|"
    r"\bphai (?:la )?tac dung phu\b|\btac dung phu (?:a|ha|ko|khong|hong)\b|"
    # stopping asked for a sign that keeps coming ("muốn ngưng thuốc vì hay bầm tím, tự ngưng
    # được không"): an effect lived with, not one that just struck
    r"\b(?:bo|ngung|ngung han|dung|thoi) (?:\w+ ){0,3}?vi (?:hay|cu|thuong|de|hay bi|cu bi)\b"
)


def side_effect_asked(t: TurnText) -> bool:
    """A sign asked about as an expected side effect, with no danger or allergy sign and no
    amount beyond one dose ("uống cipro bị nhức gân gót chân, có phải tác dụng phụ")."""
    if _EXPECTED_ASKED.search(t.folded) is None or EXCESS_CUES.search(t) is not None:
        return False
    danger = EMERGENCY_SIGNS.search(t) or ALLERGY_SIGNS.search(t) or DANGER_SIGNS.search(t)
    return danger is None and AMOUNT_CUES.search(t) is None


# An allergy the patient is known to have, told as why a medicine was chosen ("dị ứng
# penicillin nên bs cho clindamycin", "có tiền sử dị ứng aspirin"): a fact, not a reaction.
_ALLERGY_KNOWN = re.compile(
    r"\btien su (?:bi )?di ung\b|"
    r"\bdi ung (?:voi )?(?:[a-z]+ ){1,3}?nen (?:bs |bac si )?(?:cho|ke|doi)\b"
)


def allergy_history(text: TurnText) -> bool:
    """The only allergy the turn names is one the patient is known to have."""
    return _ALLERGY_KNOWN.search(text.folded) is not None


__all__ = ["allergy_history", "complaint_first", "side_effect_asked"]
