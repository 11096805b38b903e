"""Events that are over, and takers that are not people: what a turn tells as background
before the question it asks.

- An event told as long past and settled ("hồi năm ngoái con nuốt 1 viên, bác sĩ bảo không
  sao, giờ khỏe rồi. Cho hỏi …"; "tôi từng bị ngộ độc thuốc 20 năm trước, giờ ổn rồi"), or
  an earlier occasion a doctor already settled ("hôm trước … đã hỏi bs bảo ko sao"): the
  turn's question is what follows it, and only that is triaged. A sign told after it, or no
  question after it, keeps the whole turn as it is.
- A death in the family told before a question now ("ông nhà mất rồi, tui buồn lắm. Giờ đau
  khớp gối, uống …"): only the question is read (the word lists read despair on the whole turn
  first).
- A former occasion's reaction ("lần trước uống xong nổi mề đay") beside a question asked now
  ("lần này uống … được không"): history the question carries, not an event now.
- A grown-up who put a medicine in the mouth by mistake and spat it out at once ("tưởng kẹo,
  bỏ vô miệng cái phun ra liền, súc miệng rồi"): nothing swallowed, nothing to act on. A
  child's mouth is not read so (some may have gone down).
- An animal that took it ("con chó nuốt 1 viên, có nên đưa đi thú y"): not a person's
  emergency; a vet is who answers it.
"""

from __future__ import annotations

import re

from safety.cue_matching import TurnText
from safety.safety_cues import (
    CHILD_CUES,
    EMERGENCY_SIGNS,
    INGESTION_CUES,
    OVERDOSE_EVENT_CUES,
    SYMPTOM_CUES,
)
from safety.self_harm import _without_idioms

# Long ago: years or months back, a childhood, "từng" (once, ever) before what happened.
_LONG_AGO = re.compile(
    r"\b(?:nam ngoai|nam truoc|nam roi|nam kia|hoi (?:nho|be|xua|truoc|do|ay)|ngay xua|truoc day|"
    r"(?:\d+|mot|hai|ba|may|vai) (?:nam|thang|tuan) (?:truoc|ve truoc)|thang truoc|"
    # a week or more back: past the days an overdose shows in, once it came to nothing
    r"tuan truoc|tuan roi|cach (?:day )?(?:\d+|mot|hai|ba|may|vai|hon) (?:tuan|thang|nam)|"
    r"tung (?:bi|uong|nuot|an|dung|lo|cho)|"
    r"(?:nam|hoi|tu|vao|dau nam|cuoi nam) (?:19|20)\d\d)\b"  # a year named: "năm 2019"
)
# An earlier occasion, days back: settled only by a doctor's word (a week back is long ago).
_EARLIER = re.compile(
    r"\b(?:hom truoc|hom kia|bua truoc|bua no|may hom truoc|dot truoc|lan truoc)\b"
)
# A doctor's word that it was nothing ("bác sĩ bảo ko sao", "đi khám bs nói bình thường").
_DOCTOR_SETTLED = re.compile(
    r"\b(?:bs|bac si|bsi|bac sy|benh vien|phong kham)\b(?:[^.!?]{0,30}?)\b"
    r"(?:bao|noi|ket luan|kham)(?: la)? (?:khong|ko|k|hong|chang) (?:sao|van de|co gi|bi gi)\b|"
    r"\b(?:bs|bac si|bsi)\b(?:[^.!?]{0,30}?)\bbinh thuong\b|"
    # a visit that found nothing ("đi khám không sao rồi", "đi khám thì bình thường")
    r"\b(?:di kham|kham lai|xet nghiem)\b(?: (?:roi|thi|ve|xong|cung|la|deu)){0,2} "
    r"(?:(?:khong|ko|k|hong|chang) (?:sao|van de|co gi|bi gi)|binh thuong)\b"
)
# The speaker's own word that it came to nothing ("cũng chả sao", "mà cũng không bị gì"):
# settles only an event long past.
# ("đi khám rồi hông sao", "đến nay ko sao", "tới giờ hổng bị gì")
_CAME_TO_NOTHING = re.compile(
    r"\b(?:cung|van|deu|ma|thi|roi|den nay|den gio|toi gio|toi nay|tu do (?:den|toi) (?:nay|gio))"
    r" (?:chang|cha|khong|ko|k|hong|hok|hem|chua) (?:sao|bi gi|co sao|van de gi|can gi)\b"
)
# Well now ("giờ bé khỏe re", "giờ ổn rồi", "bé khỏe rồi"), not "khỏe hơn chút".
_WELL_NOW = re.compile(
    r"\b(?:khoe|on|binh thuong|khoi) (?:roi|re|lai roi|han roi|han|r)\b|"
    # (not "hôm nay uống bình thường": the usual dose, asked)
    r"\b(?:gio|bay gio|hien gio|hien tai|nay) (?:(?!uong |dung |an |cho )\w+ ){0,2}?"
    r"(?:khoe|on|binh thuong)\b"
)
# A former occasion said as one: "lần trước", "hồi trước", "trước đây".
_FORMER = re.compile(r"\b(?:lan truoc|hoi truoc|truoc day|dot truoc)\b")
# A childhood or years back named as when it was: over by now, whatever came of it. Not
# "lúc bé ngủ" (when the baby slept): a child now is "bé" after "lúc".
_GROWN_SINCE = re.compile(
    r"\b(?:(?:hoi|luc|thoi) (?:con )?nho|(?:hoi|luc|thoi) con be|hoi be|hoi xua|ngay xua|"
    r"(?:\d{2,}|muoi|hai muoi|may chuc) nam (?:truoc|ve truoc))\b"
)
# A clause that denies a sign, told after the history settled ("không bầm tím gì,"); not a
# doubt ("không biết …").
_DENIED_CLAUSE = re.compile(
    r" ?(?:cung |van )?(?:khong|ko|k|hong|hok|chang|chua)\b(?! (?:biet|ro|nho|chac))"
    r"[^,.;!?]*[,.;!?]"
)
# A death in the family told ("ông nhà mất rồi", "chồng tôi mới mất", "mẹ qua đời năm ngoái"):
# its "rồi" is no taking done; not "mất ngủ", "mất thuốc" (lost), "nuốt mất" (swallowed).
# Folded, "mất" is also "mắt" (eye), "mặt" ("chóng mặt"): see `_loss`.
_LOSS = re.compile(
    r"\b(?P<kin>ong nha|ba nha|chong|vo|bo|me|ba|ma|cha|ong|anh|chi|em|con)"
    r"(?: (?:toi|tui|em|minh|t|e|nha|xa|noi|ngoai|con|chau))? (?:da |moi |vua |cung )?"
    r"(?P<died>mat|qua doi|tu tran)(?= (?:roi|r|nam|thang|duoc|lau|hoi|cach|tu|do|vi)\b|[,.;!]|$)"
)


def _loss(t: TurnText) -> re.Match[str] | None:
    """A death in the family told: "mất" as typed with its accent, or, typed bare, after kin
    that "chóng mặt" (dizzy) and "con mắt" (the eye) do not fold like."""
    for m in _LOSS.finditer(t.folded):
        if m.group("died") != "mat":
            return m
        if t.accented:
            if t.lowered[m.start("died") : m.end("died")] == "mất":
                return m
        elif m.group("kin") not in ("chong", "con"):
            return m
    return None


# The question asked now, after the history ("lần này", "giờ", "cho hỏi", "muốn hỏi").
_NOW_ASKED = re.compile(
    r"\b(?:lan nay|gio|bay gio|hom nay|cho (?:em |minh |toi |e )?hoi|muon hoi|"
    r"hoi (?:chut|xiu|ti))\b"
)
_CLAUSE_END = re.compile(r"[.,;!?\n]")
# Any sign in what follows the history: the whole turn is read as told.
_SIGN_WORDS = re.compile(
    r"\b(?:non|oi|met|lu du|lo mo|co giat|kho tho|ngat|xiu|dau|sung|noi man|noi me day|"
    r"vang da|chay mau|sot|buon ngu|li bi|tim tai|ngua)\b"
)


def _clause_after(folded: str, end: int) -> int:
    m = _CLAUSE_END.search(folded, end)
    return len(folded) if m is None else m.end()


# The speaker takes back what they began ("uống nhầm… à không, em định hỏi: …", "bé nuốt… à
# nhầm, bé chỉ cầm chơi thôi"): a question they meant to ask, or the taking denied, follows
# the correction; a count corrected ("1 viên, à không, 2 viên") is still the event.
_TAKEN_BACK = re.compile(
    r"\b(?:a|ay|o|oi|ui|a a) (?:khong|ko|k|nham|lon|thoi|khong phai|ko phai)\b[\s,.:;!…-]*"
    r"(?=(?:\w+ ){0,2}?(?:dinh hoi|muon hoi|can hoi|hoi la|y (?:la|em la|minh la|toi la)|"
    r"chi (?:cam|cam choi|nghich|nhin|ngui)|chua (?:kip )?(?:uong|nuot|cho vao|bo vao))\b)"
)


def taken_back(t: TurnText) -> str | None:
    """What the turn says after the speaker took back what they began, or None."""
    ends = [m.end() for m in _TAKEN_BACK.finditer(t.folded)]
    return t.lowered[ends[-1] :].strip() or None if ends else None


def question_after_history(t: TurnText) -> str | None:
    """The part of the turn asked after a history that is over (see the module docstring),
    or after what the speaker took back (`taken_back`), in the turn's own words; None when
    the turn holds no such history."""
    if (meant := taken_back(t)) is not None:
        return meant
    folded = t.folded
    settled = [*_DOCTOR_SETTLED.finditer(folded), *_WELL_NOW.finditer(folded)]
    long_ago = _LONG_AGO.search(folded)
    if long_ago is not None:
        settled += _CAME_TO_NOTHING.finditer(folded, long_ago.end())
    earlier = _EARLIER.search(folded)
    cut: int | None = None
    grown = False  # a childhood or years back: what is told now is read on its own, signs too
    if earlier is not None and not settled and (passed := _passed_reaction(t, earlier)):
        # "lần trước dùng X bị vã mồ hôi, uống nước đường thì đỡ; bây giờ X liều bao nhiêu":
        # a reaction to a dose as meant that passed; the question asked now is read alone
        now = _NOW_ASKED.search(folded, _clause_after(folded, passed))
        cut = now.start() if now is not None else None
    elif settled and (long_ago or earlier):
        doctor = any(m.re is _DOCTOR_SETTLED for m in settled)
        if long_ago is not None or doctor:
            cut = _clause_after(folded, max(m.end() for m in settled))
            while (denied := _DENIED_CLAUSE.match(folded, cut)) is not None:
                cut = denied.end()  # "…, ko chảy máu gì, hôm nay …": what it did not do
    elif (former := _FORMER.search(folded) or _GROWN_SINCE.search(folded) or _loss(t)) is not None:
        # "hồi nhỏ từng bị ngộ độc …. Giờ 45 tuổi …": a childhood or years back, then now;
        # "ông nhà mất rồi, … Giờ đau khớp gối, uống …": a death in the family, then now
        grown = former.re is not _FORMER
        now = _NOW_ASKED.search(folded, _clause_after(folded, former.end()))
        cut = now.start() if now is not None else None
    if cut is None or cut >= len(folded):
        return None
    rest = t.lowered[cut:].strip()
    if not rest or (not grown and _sign_after(t, cut)):
        return None
    return rest


# A sign gone, told ("ăn kẹo là hết rồi", "nghỉ một lúc thì đỡ hẳn", "sau đó khỏi luôn").
_PASSED = re.compile(
    r"\b(?:la|thi|cung|roi|sau do|xong) (?:\w+ )?(?:het|do|khoi|on)(?: han| luon| het)?"
    r" (?:roi|r|luon|a)\b"
)


def _passed_reaction(t: TurnText, earlier: re.Match[str]) -> int | None:
    """Where a reaction told of an earlier occasion ended as gone, when nothing in what is
    told before it was more than a dose as meant (no slip, no excess, no overdose)."""
    passed = _PASSED.search(t.folded, earlier.end())
    if passed is None:
        return None
    history = TurnText.of(t.lowered[: passed.end()])
    if INGESTION_CUES.search(history) or OVERDOSE_EVENT_CUES.search(history):
        return None
    return passed.end()


def _sign_after(t: TurnText, cut: int) -> bool:
    """A sign told after the history; folded, "dầu" (an oil) and "đâu" (where) read "đau"
    (pain): as typed with accents only "đau" is pain. A sign a medicine is then asked for
    ("giờ nó nổi mẩn thì uống loratadin được hông") is the complaint of now, not the event's;
    a sign denied ("ko chảy máu gì") is none."""
    for m in _SIGN_WORDS.finditer(t.folded, cut):
        if _TAKE_FOR_IT.match(t.folded, m.end()) is not None or _DENIED.search(
            t.folded, 0, m.start()
        ):
            continue  # "ko chảy máu gì": a sign denied
        if m.group(0) != "dau" or not t.accented or t.lowered[m.start() : m.end()] == "đau":
            return True
    return False


_DENIED = re.compile(r"\b(?:khong|ko|k|hong|hok|chang|cha|chua)(?: (?:bi|co|thay))? $")
# A medicine asked for the sign before it ("… thì uống X được không", "… dùng X lại có sao
# ko", "… bôi X có ổn hông").
# Or its dose asked ("nay cháu sốt 39 độ, cho uống paracetamol mấy mg mỗi lần").
_TAKE_FOR_IT = re.compile(
    r"(?: \w+| \d+[.,]\d+){0,3}?,? (?:thi |nen |co )?(?:uong|dung|bom|cho (?:\w+ )?uong|boi|xit) "
    r"(?:\w+ ){0,4}?(?:(?:duoc|dc|co sao|co on|on|co nen) (?:khong|ko|k|hong|hok|hem|chu)|"
    r"bao nhieu|bn|may (?:vien|ml|goi|lan|muong))\b"
)


# Spat out at once ("phun ra liền", "nhổ ra ngay", "nhả ra kịp"), not brought up after it went
# down ("nôn ra", "ói ra"): a mouthful never swallowed.
_SPAT_AT_ONCE = re.compile(
    r"\b(?:nho|phun|nha|nhe|khac) (?:\w+ )?ra (?:\w+ )?(?:lien|ngay|luon|kip|lien tay)\b"
)
# (folded, "trôi" is "trời", "tu" is "từ", "tủ": only with where it went)
_SWALLOWED = re.compile(r"\b(?:nuot|noc|(?:troi|tu) (?:xuong|vao)|(?:trong|vao|xuong) bung)\b")


def spat_out_at_once(t: TurnText) -> bool:
    """A medicine spat out as soon as it was in the mouth, by a grown-up, with no word that
    any went down and no sign ("cười muốn xỉu" is a laugh, not a faint)."""
    if _SPAT_AT_ONCE.search(t.folded) is None or _SWALLOWED.search(t.folded) is not None:
        return False
    plain = _without_idioms(t)
    return not (CHILD_CUES.search(t) or SYMPTOM_CUES.search(plain) or EMERGENCY_SIGNS.search(plain))


# An animal named as the one that took it, or a vet asked for.
_ANIMAL = re.compile(r"\b(?:con )?(?:chó|mèo|cún|thỏ|hamster)\b")
_VET = re.compile(r"\b(?:thu y|thu cung|pet|cun cung|cun con|con cun|con meo|meo con)\b")


def animal_took(t: TurnText) -> bool:
    """An animal took it ("con chó nhà em nuốt 1 viên", "con cho … đi thú y")."""
    return _ANIMAL.search(t.lowered) is not None or _VET.search(t.folded) is not None


__all__ = ["animal_took", "question_after_history", "spat_out_at_once", "taken_back"]
