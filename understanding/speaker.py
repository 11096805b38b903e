"""Who the patient is when no child is named: the speaker ("tôi uống", "mình 60kg") or
an adult dose counted in tablets ("uống 2 viên panadol 500 có quá liều ko")."""

from __future__ import annotations

import re

from core.frame import QueryFrame
from understanding import lexicon as lx
from understanding.text import Turn

_CHILD_CUES = frozenset(c for c in lx.POPULATION_CHILD if len(c.split()) <= 3)
_LONG_CHILD_CUES = tuple(f" {c} " for c in lx.POPULATION_CHILD if len(c.split()) > 3)


def names_child(turn: Turn) -> bool:
    """Whether the turn names a child ("bé", "trẻ", "con 3 tuổi", ...)."""
    return _says_child(turn) or _says_be(turn)


def _says_child(turn: Turn) -> bool:
    """A child word, where "tre" alone must be "trẻ" in marked text ("trễ 3 tiếng" is late)."""
    hits = turn.ngrams.intersection(_CHILD_CUES) | {c for c in _LONG_CHILD_CUES if c in turn.joined}
    if hits != {"tre"} or not turn.marked:
        return bool(hits)
    return any(turn.means(i, "trẻ") for i in turn.indexes_of("tre"))


def _says_be(turn: Turn) -> bool:
    for i, word in enumerate(turn.tokens):
        if word != "be" or not turn.means(i, "bé"):
            continue
        after = turn.tokens[i + 1] if i + 1 < len(turn.tokens) else ""
        if turn.marked or after not in lx.BE_NOT_CHILD_AFTER:
            return True
    return False


def speaks_of_self(turn: Turn) -> bool:
    """The speaker takes the medicine, is ill or gives their own weight ("tôi uống", "mình
    đang dùng", "e bị sốt", "mình 60kg"), not someone they give it to ("cho em uống")."""
    tokens = turn.tokens
    if turns_to_self(turn):
        return True
    for i, word in enumerate(tokens):
        # "chị bị đau vai", "chị cứ đau là bôi": a woman speaking to a younger one, or her
        # elder sister, an adult either way (marked only: bare "chi" is also "chỉ", only)
        elder = word == "chi" and turn.marked and turn.means(i, "chị")
        # "cô uống lasix", "chú bị gút", "bác dùng": an elder naming themselves as a niece or
        # nephew would, or the elder spoken of; a grown-up either way (marked only: folded
        # "co" is also "có", "bac" "bạc", "chu" "chữ")
        elder = elder or (turn.marked and any(turn.means(i, w) for w in _ELDERS.get(word, ())))
        if not (word in lx.SELF_SPEAKERS or elder) or (i and tokens[i - 1] in lx.SELF_NOT_AFTER):
            continue
        after = tokens[i + 1 : i + 3]
        if after[:1] and after[0] in lx.SELF_TAKES:
            return True
        if len(after) == 2 and after[0] in lx.SELF_BETWEEN and after[1] in lx.SELF_TAKES:
            return True
        if _own_weight(tokens[i + 1 : i + 5]) and not (i and tokens[i - 1] in _WHOSE):
            return True
    return False


def turns_to_self(turn: Turn) -> bool:
    """ "còn tôi thì sao", "còn mình, …": the turn opens turning to the speaker ("còn" with
    its accent; folded "con toi" is "my child")."""
    tokens = turn.tokens
    if len(tokens) < 2 or tokens[0] != "con" or tokens[1] not in lx.SELF_SPEAKERS:
        return False
    return turn.marked and turn.original_words()[0] == "còn"


# Kinship words an adult uses of themselves to someone younger (folded -> marked).
_ELDERS = {"co": ("cô",), "chu": ("chú",), "bac": ("bác",)}

_WEIGHT_TOKEN = re.compile(r"\d+(?:[.,]\d+)?(kg|ky|ki|kilo|can)?")
_WEIGHT_UNITS = frozenset({"kg", "ky", "ki", "kilo", "can"})
# "bạn mình 60kg", "con tôi 12 ký": the speaker word says whose, the weight is another's.
_WHOSE = frozenset(
    {"ban", "me", "ma", "bo", "ba", "con", "vo", "chong", "ck", "vk", "anh", "chi", "em"}
    | {"ong", "nha", "cua", "be", "chau"}
)


def _own_weight(after: tuple[str, ...]) -> bool:
    """The speaker's own weight follows the speaker word ("mình 60kg", "tôi nặng 55 ký")."""
    words = list(after)
    if words[:1] in (["nang"], ["can"]):
        words = words[1:]
    if words[:1] == ["nang"]:  # "cân nặng"
        words = words[1:]
    found = _WEIGHT_TOKEN.fullmatch(words[0]) if words else None
    if found is None:
        return False
    return bool(found.group(1)) or (len(words) > 1 and words[1] in _WEIGHT_UNITS)


def tablets_for_an_adult(turn: Turn, prior: QueryFrame | None) -> bool:
    """Whole tablets counted ("2 viên", "ngày 1 viên") with no child named, as a
    conversation's first question: an adult's dose.

    Children are dosed by weight and given syrups, sachets and suppositories; a question
    in tablets with no child word is asked of the adult rows, which the answer labels. Later
    in a conversation the patient may be one said before ("bé 8 tuổi 25kg", then "uống 1
    viên 500 được ko"), or the one a report was about: the population is asked as before.
    """
    if names_child(turn) or _someone_before(prior) or turn.has(*_TAKEN_ALREADY):
        return False  # "mẹ em uống 6 viên rồi": a taking told, whoever took it, is no dose asked
    tokens = turn.tokens
    # "tối đa 1 ngày mấy viên" asks a count of tablets too, unless it is given to someone
    # ("cho em uống … mấy viên": the one given it may be a little one).
    asked = () if _GIVEN.search(turn.folded) else _COUNT_ASKED
    return any(
        word == "vien"
        and i
        and (tokens[i - 1].isdigit() or tokens[i - 1] in _COUNT_WORDS or tokens[i - 1] in asked)
        for i, word in enumerate(tokens)
    )


def _someone_before(prior: QueryFrame | None) -> bool:
    """An earlier turn said who the patient is (an age, a weight, adult or child) or reported
    a taking or a reaction; a complaint alone before ("đau răng quá mn ơi") names nobody."""
    if prior is None:
        return False
    told = prior.population, prior.age_months, prior.weight_kg, prior.triage, prior.patient
    return any(value is not None for value in told) or prior.another_patient


# A taking already done: "rồi", "đã/vừa/mới/lỡ uống", "uống nhầm/hết" (folded).
_TAKEN_ALREADY = (
    "roi", "da uong", "vua uong", "moi uong", "lo uong", "uong nham", "uong het", "uong luon",
    "nuot", "an mat", "uong mat", "lo", "nham",
)  # fmt: skip
_COUNT_WORDS = frozenset({"mot", "hai", "ba", "bon", "nua", "1/2"})
_COUNT_ASKED = ("may", "nhieu")
_GIVEN = re.compile(r"(?<![a-z])cho \w+(?: \w+)? (?:uong|dung|xai)(?![a-z])")


# Another family's child ("con bạn em 3 tuổi", "bạn em kể con nó 9 tháng …"): whom the age
# is said of is not the patient asked about.
_OTHERS_CHILD = re.compile(
    r"(?<![a-z])(?:con (?:cua )?(?:ban|no|hang xom|nha hang xom|dong nghiep|nguoi quen|chi ay"
    r"|anh ay|co ay|ho)(?: (?:em|e|toi|tui|minh|t))?|(?:ban|hang xom|dong nghiep)"
    r" (?:em|e|toi|tui|minh|t) (?:ke|noi|bao)(?: (?:la|rang))?(?: \w+){0,2})"
    r"(?: (?:moi|duoc|dc|gan|khoang|da|cung|bi))*\s*$"
)


# The child given the medicine ("cho bé uống được không", "cháu dùng thuốc này được ko"):
# the child is the one the question is for.
_GIVEN_TO_CHILD = re.compile(
    r"(?<![a-z])(?:(?:cho|de) (?:be|con|chau|em be|tre)(?: \w+)? (?:uong|dung|xai|boi|bo)"
    r"|(?:be|chau|em be) (?:uong|dung|xai)(?: \w+){0,2} (?:duoc|dc))(?![a-z])"
)


def given_to_child(turn: Turn) -> bool:
    """The turn asks about giving the medicine to the child."""
    return _GIVEN_TO_CHILD.search(turn.folded) is not None


def others_child(turn: Turn, age_start: int) -> bool:
    """The age just before `age_start` is said of another family's child."""
    return _OTHERS_CHILD.search(turn.folded[:age_start].rstrip(" ,")) is not None


# "giờ đến lượt em nó": the younger child's turn, not the speaker's ("giờ đến lượt em").
_ANOTHERS_TURN = re.compile(r"(?:toi|den) luot em (?:no|be|nho|ay)(?![a-z])")


def new_case_said(turn: Turn) -> bool:
    """The turn says another patient's case starts ("bệnh nhân khác", "giờ tới em"); the
    turn of a child spoken of ("đến lượt em nó") is the same case, asked on."""
    return turn.has(*lx.NEW_CASE) and not _ANOTHERS_TURN.search(turn.folded)


__all__ = [
    "given_to_child",
    "names_child",
    "new_case_said",
    "others_child",
    "speaks_of_self",
    "tablets_for_an_adult",
    "turns_to_self",
]
