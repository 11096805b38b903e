"""The speaker's own age told before their child's ("e 19t, con e 18 tháng ho", "mình 25 tuổi,
bé nhà mình 2 tuổi"): a young parent says who they are first. The child's age, said after it
with the child named, is the patient's; the speaker's is only who is asking. A speaker who
is ill, takes the medicine or nurses the child is the patient, with her own age."""

from __future__ import annotations

import re

from understanding.pregnancy import nursing_said
from understanding.slots import Age, read_age
from understanding.speaker import speaks_of_self
from understanding.text import Turn

# A speaker's word right before the age, opening the turn or a clause ("em 19 tuổi", "e 19t,",
# "mình năm nay 25").
_SELF_BEFORE = re.compile(
    r"(?:^|[,.;:!?(]\s*)(?:em|e|minh|toi|tui|t|tao|mk|me|bo)(?:\s+(?:nam nay|da|duoc))?\s*$"
)
# The child named right before the later age ("con e 18 tháng", "bé nhà mình 2 tuổi").
_CHILD_BEFORE = re.compile(
    r"(?<![a-z])(?:con|be|chau|em be)(?:\s+(?:trai|gai|nha|cua))?"
    r"(?:\s+(?:em|e|minh|toi|tui|t|mk|nha minh|nha em))?(?:\s+(?:moi|duoc|dc|da))?\s*$"
)
OWN_FROM_MONTHS = 144.0
"""A speaker telling their own age before their child's is at least twelve."""


def patients_age(turn: Turn) -> Age | None:
    """The turn's age (`read_age`), or the child's when the first is the speaker's own."""
    age = read_age(turn)
    if age is None or age.months < OWN_FROM_MONTHS:
        return age
    if not _SELF_BEFORE.search(turn.folded[: age.span[0]]):
        return age
    if speaks_of_self(turn) or nursing_said(turn):
        return age  # "e 23t đang cho con bú, bé 3 tháng, e bị viêm họng": she is the patient
    at = age.span[1]
    later = read_age(Turn.of(turn.original[at:]))
    if later is None or not _CHILD_BEFORE.search(turn.folded[at : at + later.span[0]]):
        return age
    return Age(later.months, later.text, (later.span[0] + at, later.span[1] + at))


__all__ = ["patients_age"]
