"""A route said of another product, not of the medicine asked: "bé đã truyền IVIG, giờ về
nhà uống aspirin thì bao nhiêu mg", "đang truyền dịch, uống thêm paracetamol được mấy viên".
The bare verb "truyền"/"tiêm"/"chích" names what was given by vein right after it (a product the
catalog does not dose here); the medicine asked is the one said after "uống", so its route is
by mouth.

Read only when every such verb is followed by that other product and "uống" comes right
before a medicine asked: "truyền paracetamol" or "tiêm tĩnh mạch" keep their route.
"""

from __future__ import annotations

from collections.abc import Sequence

from understanding.drugs import DrugMention
from understanding.text import Turn

_GIVEN_BY_VEIN = frozenset({"truyen", "tiem", "chich"})
# Said of what is dripped, not a medicine the catalog names ("truyền dịch", "truyền máu").
_NOT_A_MEDICINE = frozenset({"dich", "nuoc", "mau", "dam", "dinh", "huyet"})
_REACH = 3  # words between "uống" and the medicine ("uống thêm 1 gói paracetamol")
# "không cần uống", "k phải uống", "khỏi uống": the drinking is ruled out, not the route said.
_NOT = frozenset({"khong", "k", "ko", "hong", "khoi", "chang", "cha", "hok", "hem", "kh"})
_NEEDED = frozenset({"can", "phai"})
_SHOT = (("tiem", "tiêm"), ("chich", "chích"), ("mui", "mũi"))
_MUSCLE = (("mong", "mông"), ("dui", "đùi"))


def into_muscle(turn: Turn) -> bool:
    """A shot given in the buttock or the thigh ("tiêm 1 mũi vào mông", "chích đùi cho bé"):
    into the muscle, though "bắp" is not said."""
    shot = any(turn.means(i, w) for v, w in _SHOT for i in turn.indexes_of(v))
    return shot and any(turn.means(i, w) for v, w in _MUSCLE for i in turn.indexes_of(v))


def says_oral(turn: Turn) -> bool:
    """The bare verb "uống" (drink) is in the turn, not ruled out ("k cần uống")."""
    drunk = (i for i in turn.indexes_of("uong") if turn.means(i, "uống"))
    return any(not drinking_ruled_out(turn, i) for i in drunk)


def drinking_ruled_out(turn: Turn, at: int) -> bool:
    """The "uống" at token `at` is said not to be needed ("tiêm 1 mũi là được, k cần uống")."""
    tokens = turn.tokens
    before = at - 1
    if before >= 0 and tokens[before] in _NEEDED:
        before -= 1
    return before >= 0 and tokens[before] in _NOT


def route_of_another(
    turn: Turn, mentions: Sequence[DrugMention], unknown: Sequence[str], asked: Sequence[str]
) -> bool:
    """The vein verbs of the turn all name another product, and "uống" names a medicine
    asked: the route read is not the asked medicine's."""
    tokens = turn.tokens
    others = {u.lower() for u in unknown} | _NOT_A_MEDICINE
    verbs = [i for i, t in enumerate(tokens) if t in _GIVEN_BY_VEIN]
    if not verbs:
        return False
    for i in verbs:
        if i + 1 >= len(tokens) or tokens[i + 1] not in others:
            return False
    drank = [i for i, t in enumerate(tokens) if t == "uong"]
    return any(
        m.drug_id in asked and any(0 < m.start - i <= _REACH for i in drank) for m in mentions
    )


__all__ = ["route_of_another"]
