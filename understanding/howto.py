"""Which how-to-take or misuse question a turn asks (crush, a missed dose, alcohol, food, time
of day, storage, shaking, a made-up suspension): data in `lexicon.HOW_TO_CUES`."""

from __future__ import annotations

import re

from core.frame import HOW_TO_SECTIONS, HowTo
from core.sections import SectionKey
from understanding import howto_words as lx
from understanding.howto_amount_said import (
    asks_an_amount,
    asks_one_dose,
    asks_per_site,
    kept_counted,
    names_an_organiser,
    without_amounts,
)
from understanding.howto_effects import effect_told
from understanding.howto_handling import handles_it
from understanding.howto_marks import MARKED_AS, another_word, drinking, marked_words
from understanding.howto_regional import regional
from understanding.howto_said_of_else import (
    CRUSH_ONLY,
    CRUSHED,
    forgot_the_advice,
    measured,
    opens_a_pack,
    shots_said,
    snaps_ampoules,
)
from understanding.howto_sessions import around_a_session
from understanding.text import Turn, ngram_set
from understanding.use_or_stop import quits_said

# An age or a weight makes a question about giving a form a dose question; months said right
# after taking it ("uống prednisolon 1 tháng rồi") or after what was done or found ("đặt
# stent được 5 tháng", "mổ được 3 tháng", "bị gút 2 tháng") are how long ago, not an age.
_PATIENT_SAID = re.compile(r"(?<![\w/])\d+(?:[.,]\d+)?\s*(?:tuoi|kg|ky|can|thang|t)(?!\w)")
_TAKEN_FOR = re.compile(
    r"(?<![a-z])(?:uong|dung|xai|tiem|dat|mo|phau thuat|ghep|thay|bi|mac|phat hien)"
    r"(?: (?!cho|be|con|chau|ba|ong|me)[a-z]+){0,2} \d+ thang"
    r"(?! tuoi)(?![a-z])"
)
# A little one who will not take the mouthpiece ("k chịu ngậm bình xịt", "làm sao cho nó hít
# được thuốc"), as one who cannot breathe it in: how it is given (a spacer).
_CANNOT_INHALE = (
    *lx.CANNOT_INHALE,
    *(f"{no} chiu {act}" for no in ("khong", "ko", "k", "hong") for act in ("hit", "ngam", "xit")),
    *(f"cho {who} hit" for who in ("be", "no", "con", "chau")),
    "hit duoc thuoc",
    "hit dc thuoc",
)
# A patient named outright makes a duration question a dose question.
_WHO = re.compile(r"(?<![a-z])(?:nguoi lon|tre em|tre so sinh|nguoi cao tuoi)(?![a-z])")
# How long before an event it is taken ("xịt trước khi chạy bao lâu", "uống trước hóa trị bao
# lâu"): the time to take it.
_BEFORE_AN_EVENT = re.compile(
    r"(?<![a-z])truoc(?: khi)?(?: [a-z]+){1,4} (?:bao lau|may phut|may tieng|bao nhieu phut)"
    r"(?![a-z])|(?<![a-z])(?:bao lau|may phut|may tieng|bao nhieu phut) truoc(?![a-z])"
    # the event said first: "khi gắng sức thì xịt trước bao lâu"
    r"|(?<![a-z])(?:uong|xit|hit|ngam|tiem)(?: [a-z]+){0,2} truoc (?:bao lau|may phut|may tieng"
    r"|bao nhieu phut)"
    r"(?![a-z])"
)
# How long it is taken, said around its object ("uống cặp đôi này bao lâu"), or a complaint
# still there after some days ("2 ngày rồi vẫn đi lỏng thì sao"): the course.
_HOW_LONG = re.compile(
    r"(?<![a-z])(?:uong|dung|xai|tiem|boi|xit)(?: (?!cach)[a-z]+){0,3} (?:trong )?bao lau(?![a-z])"
    r"(?! (?:mot|1) lan)(?! thi (?:co )?(?:tac dung|hieu qua|khoi|het|bot|do))"
    r"|(?<![a-z])\d+ (?:ngay|hom|tuan) (?:roi )?(?:ma )?(?:van|chua)(?![a-z])"
)
# How often a gel, cream or ointment is put on ("voltaren gel bôi ngày mấy lần"): how the form
# is used, the same for every patient the row names; said with an age or another amount it is
# a dose question.
_PUT_ON_HOW_OFTEN = re.compile(
    r"(?<![a-z])(?:boi|thoa|xoa)(?: [a-z]+){0,3} (?:may|bao nhieu|bn) lan(?![a-z])"
)
_HOW_OFTEN = re.compile(r"(?<![a-z])(?:may|bao nhieu|bn) lan(?![a-z])")
# Still ill and asking whether to go on ("đến giờ vẫn đi lỏng, uống tiếp hay sao", "vẫn sốt, cứ
# tiếp tục cho uống được không"): when to stop and see a doctor, the course's bound ("vẫn
# uống tiếp" is going on, not still ill).
_STILL_ILL = re.compile(
    r"(?<![a-z])(?:van(?! (?:uong|dung|xai|tiep|cho|phai|duoc))|chua do|chua khoi|khong do"
    r"|chua bot|khong bot"
    # into its fourth day ("sốt sang ngày thứ 4"); back again after hours ("2h chiều sốt lại,
    # uống tiếp được chưa") asks the next dose, not the course
    r"|(?:sang|toi|den|la) ngay thu (?:\d+|ba|bon|tu|nam))(?![a-z])"
)
# Taken for some time already ("uống 2 tuần nay rồi", "xài liền 10 hôm rồi"), and going on
# asked: how long it may be taken.
_SO_FAR = re.compile(r"(?<![a-z])\d+ (?:ngay|hom|tuan|thang) (?:nay|roi|lien)(?![a-z])")
_GO_ON = re.compile(
    r"(?<![a-z])(?:uong tiep|dung tiep|xai tiep|tiep tuc"
    # more days of it: "tự uống thêm mấy hôm nữa"
    r"|(?:uong|dung|xai) them (?:\d+|vai|may|mot|hai|ba) (?:hom|ngay|bua|tuan))(?![a-z])"
)
# Going on asked as a yes/no ("có uống tiếp liều sau không"): whether to stop, the course's
# bound, whatever the patient has; "8h uống rồi, 12h uống tiếp được chưa" asks the interval.
_GO_ON_ASKED = re.compile(
    r"(?<![a-z])co (?:nen )?(?:uong|dung|xai) tiep(?: [a-z]+){0,4} (?:khong|ko|k|hong|hok)(?![a-z])"
)
_APART_ASKED = r"(?:bao lau|may tieng|may gio|bao nhieu tieng|bao nhieu gio|may h)(?![a-z])"
# Spaced from another product, the medicine named between ("uống cách nó bao lâu", "cách thuốc
# tuyến giáp mấy tiếng"): how far apart the two are taken (kept only when a product is named).
_APART = re.compile(r"(?<![a-z])cach(?! dung| uong| nao| lam)(?: [a-z]+){1,3} " + _APART_ASKED)
_CLOCK = re.compile(r"(?<![a-z])(?:\d+ ?h|\d+ gio|luc \d+)(?![a-z])")
# Taken without a break, the medicine named between ("uống ibuprofen liên tục 2 tuần được
# không", "xài thuốc này lâu dài"): how long it may be taken.
_WITHOUT_A_BREAK = re.compile(
    r"(?<![a-z])(?:uong|dung|xai)(?: [a-z0-9]+){0,2} (?:lien tuc|lau dai|suot"
    # "uống liền cả tháng", "dùng liền 2 tuần"
    r"|lien (?:ca |trong )?(?:(?:\d+|mot|hai|ba|bon|vai|may) )?(?:thang|tuan|nam))(?![a-z])"
)
# Lying down or sitting asked as a choice ("nằm xuống hay ngồi rồi ngậm"): how it is given.
_POSTURE = re.compile(
    r"(?<![a-z])(?:nam|ngoi|dung)(?: xuong| yen| day)? hay (?:la )?(?:nam|ngoi|dung)(?![a-z])"
)
# A complaint after a meal ("ăn xong đầy bụng hoài"): told, not a question about food.
_AFTER_MEAL_COMPLAINT = re.compile(
    r"(?<![a-z])(?:an xong|sau an|sau khi an|an vao)(?: (?:thi|la|bi|hay|cu|lai))* "
    r"(?:day bung|dau bung|buon non|o chua|o hoi|kho tieu|non|chuong bung|tieu chay)(?![a-z])"
)
# A dose per kg the person works from ("theo 0,1mg/kg thì là 5mg"): "tiêm TM chậm" beside it
# says how the dose goes in; the question is the dose, unless a rate is measured.
_PER_KG_SAID = re.compile(r"\d\s*(?:mg|mcg|microgam|g|don vi)\s*/\s*kg(?![a-z])")
_CUE_SETS = tuple((topic, ngram_set(cues)) for topic, cues in lx.HOW_TO_CUES)
# The day's doses told with their hours ("ngày 3 lần sáng trưa tối", "3 lần/ngày sáng chiều
# tối"): the split the person gives, not a question of when (that one offers a choice: "hay").
_TOLD_SPLIT = re.compile(
    r"(?<![a-z])(?:(?:ngay|moi ngay|1 ngay|mot ngay) (?:\d+|hai|ba|bon) lan|(?:\d+|hai|ba|bon) "
    r"lan ?/? ?ngay) (?:[a-z]+ )?sang (?:trua|chieu) (?:toi|chieu)(?![a-z])"
)


def read_how_to(turn: Turn) -> HowTo | None:
    """The topic of a how-to-take question, or None (also when an amount is asked)."""
    topics = read_how_to_topics(turn)
    return topics[0] if topics else None


def read_how_to_topics(turn: Turn) -> list[HowTo]:
    """Every how-to topic the turn asks, in the order they are tried (the first is the
    question's); none when an amount is asked."""
    turn = regional(turn)  # "trộn vô cháo", "thuốc ni", "trc ăn"
    found = {topic for topic, cues in _CUE_SETS if not turn.ngrams.isdisjoint(cues)}
    bare = without_amounts(turn)
    if bare is not None:
        # "hôm nay uống 2 viên bù luôn được không": the cue read around the amount said
        found |= {topic for topic, cues in _CUE_SETS if not bare.ngrams.isdisjoint(cues)}
    if turn.has(*lx.INJECTED) and turn.has(*lx.MIXED_WITH):
        found.add(HowTo.DILUTE)  # "tiêm bắp … pha với lidocain được ko"
    if _BEFORE_AN_EVENT.search(turn.folded) and not turn.has(*lx.PROCEDURES, *lx.STOPS):
        # "ngưng trước mổ bao lâu" is a caution, below; "uống trước khi truyền hóa chất bao
        # lâu" is when to take it, not how fast the infusion runs ("xịt trước khi đá bóng
        # bao nhiêu phút": minutes before, not a rate)
        found.add(HowTo.TIME_OF_DAY)
        if not turn.has(*lx.INJECTED):
            found.discard(HowTo.RATE)
    elif turn.has(*lx.INJECTED) and turn.has(*lx.RATE_ASKS) and not turn.has(*lx.NOT_RATE):
        found.add(HowTo.RATE)  # "tiêm tĩnh mạch chậm trong bao lâu"
    elif (
        _HOW_LONG.search(turn.folded)
        or (_STILL_ILL.search(turn.folded) and _GO_ON.search(turn.folded))
        or (_SO_FAR.search(turn.folded) and _GO_ON.search(turn.folded))
        or (_GO_ON_ASKED.search(turn.folded) and not _CLOCK.search(turn.folded))
        or _WITHOUT_A_BREAK.search(turn.folded)
    ):
        found.add(HowTo.DURATION)
    if _APART.search(turn.folded):
        found.add(HowTo.TOGETHER)
    if handles_it(turn):
        found.add(HowTo.CAUTION)  # "chia thuốc cho mẹ", "chạm vào viên thuốc": handling it
    if asks_per_site(turn):
        found.add(HowTo.GIVING)  # "mỗi chỗ tiêm tối đa bao nhiêu": the limit per site
    if around_a_session(turn):
        found.add(HowTo.TIME_OF_DAY)  # "trước hay sau lúc chạy thận"
    put_on = _how_often_put_on(turn)
    if _POSTURE.search(turn.folded) or turn.has(*_CANNOT_INHALE):
        found.add(HowTo.GIVING)
    if (
        asks_an_amount(turn)
        and not turn.has(*lx.WATER_WORDS)
        and not put_on
        and not kept_counted(turn, found)
    ):
        # "uống nhiều nước không, bao nhiêu là đủ" asks an amount of water; "truyền tốc độ
        # bao nhiêu", "pha nồng độ bao nhiêu" how an injection goes in; any other amount is
        # a dose question
        injected = found & {HowTo.RATE, HowTo.DILUTE}
        if not injected or not turn.has(*lx.RATE_MEASURES):
            return []
        # "tiêm bắp được ko hay chỉ IV, bolus bao nhiêu phút": the route asked stays
        found = injected | (found & {HowTo.GIVING})
    found |= marked_words(turn)
    if _PER_KG_SAID.search(turn.folded) and not turn.has(*lx.RATE_MEASURES):
        found.discard(HowTo.RATE)  # "ondansetron 0,1mg/kg TM chậm là 5mg hả"
    crushed = HowTo.CRUSH in marked_words(turn) or not turn.ngrams.isdisjoint(CRUSHED)
    if turn.has(*lx.MADE_UP_WORDS) and turn.has(*_keeps(found)) and not crushed:
        # ("nghiền ra pha nước cho dễ": the crushed tablet mixed, no made-up medicine kept)
        found.add(HowTo.MADE_UP)
    if turn.has(*lx.PROCEDURES) and turn.has(*lx.PROCEDURE_ASKS):
        found.add(HowTo.CAUTION)  # "mai nhổ răng có phải ngưng thuốc không"
    if HowTo.ALCOHOL in found and not drinking(turn):
        found.discard(HowTo.ALCOHOL)
    if HowTo.DURATION in found and (
        turn.has(*lx.NOT_DURATION) or _patient_said(turn) or _WHO.search(turn.folded)
    ):
        found.discard(HowTo.DURATION)  # "uống bao lâu người lớn": the dose rows say it
    if HowTo.CRUSH in found and (
        opens_a_pack(turn) or snaps_ampoules(turn) or names_an_organiser(turn)
    ):
        found.discard(HowTo.CRUSH)  # "lọ aspirin mở ra có mùi chua": the pack was opened
    _settle(turn, found, put_on)
    if not found and _forgot(turn):
        found.add(HowTo.MISSED_DOSE)  # "lỡ tối quên, sáng mới nhớ thì sao": nothing else asked
    if not found and effect_told(turn):
        found.add(HowTo.CAUTION)  # "uống xong buồn ngủ quá thì sao": the sentence naming it
    return [topic for topic, _cues in lx.HOW_TO_CUES if topic in found]


# Together or apart offered as a choice ("uống cùng lúc luôn hay phải cách ra", "tách ra hay
# uống chung"): two products, named in the talk before when not in the turn.
_APART_OR_NOT = re.compile(
    r"(?<![a-z])(?:cung luc|chung|mot luc|1 luc)(?: [a-z]+){0,5} hay (?:la )?(?:phai )?"
    r"(?:cach|tach) (?:ra|nhau)(?![a-z])"
    r"|(?<![a-z])(?:cach|tach) (?:ra|nhau) hay (?:la )?(?:uong )?(?:cung luc|chung|mot luc|1 luc)"
    r"(?![a-z])"
)
_SUN_SHUNNED = re.compile(r"(?<![a-z])(?:kieng|ne) (?:nang|anh nang|ra nang|di nang)(?![a-z])")
# Out in the sun told ("ra đồng nắng chang chang", "làm ngoài nắng", "đi nắng cả ngày"), and
# what to shun asked beside it: the sun is what is shunned.
_IN_THE_SUN = re.compile(
    r"(?<![a-z])(?:ra|duoi|di|phoi|ngoai|giua|lam) (?:troi )?nang(?![a-z])"
    r"|(?<![a-z])nang (?:chang chang|gat|to|nong|chay da|nhu do lua)(?![a-z])"
)
_SHUNNED = re.compile(r"(?<![a-z])(?:kieng|ne|tranh)(?: (?:gi|chi|cu|khem|cai gi))?(?![a-z])")


def _settle(turn: Turn, found: set[HowTo], put_on: bool) -> None:
    """Drop the topics a cue found that the rest of the turn says it does not ask (in place)."""
    for topic, folded, accented in MARKED_AS:
        if topic in found and another_word(turn, topic, folded, accented):
            found.discard(topic)
    if HowTo.FOOD in found and _AFTER_MEAL_COMPLAINT.search(turn.folded):
        rest = Turn.of(_AFTER_MEAL_COMPLAINT.sub(" ", turn.folded))
        if rest.ngrams.isdisjoint(dict(_CUE_SETS)[HowTo.FOOD]):
            found.discard(HowTo.FOOD)  # "ăn xong đầy bụng hoài": a complaint told
    if HowTo.FOOD in found and (
        _SUN_SHUNNED.search(turn.folded)
        or (_IN_THE_SUN.search(turn.folded) and _SHUNNED.search(turn.folded))
    ):
        # "có phải kiêng nắng không"; "mai phơi lúa nắng gắt cả buổi, có phải kiêng gì": the
        # sun shunned, no food
        rest = Turn.of(_SHUNNED.sub(" ", _IN_THE_SUN.sub(" ", _SUN_SHUNNED.sub(" ", turn.folded))))
        found.add(HowTo.CAUTION)
        if rest.ngrams.isdisjoint(dict(_CUE_SETS)[HowTo.FOOD]):
            found.discard(HowTo.FOOD)
    if HowTo.MISSED_DOSE in found and len(found) > 1 and forgot_the_advice(turn):
        found.discard(HowTo.MISSED_DOSE)  # "bs dặn rồi mà ra về là quên mất": the advice
    measured(turn, found)  # "mất ống hút chia liều, lấy muỗng cà phê đong thay"
    if {HowTo.ALCOHOL, HowTo.MISSED_DOSE} <= found and turn.has(*lx.STOPS):
        # "nhậu thì nghỉ thuốc 1 bữa rồi mai uống bù": a dose skipped to drink is planned
        # around the drink, the question is the drink; none was forgotten
        found.discard(HowTo.MISSED_DOSE)
    if HowTo.TOGETHER in found and not (
        turn.has(*lx.CO_PRODUCTS) or _APART_OR_NOT.search(turn.folded)
    ):
        found.discard(HowTo.TOGETHER)
    if HowTo.TOGETHER in found and turn.ngrams.isdisjoint(CRUSH_ONLY):
        found.discard(HowTo.CRUSH)  # "uống cùng lúc hay tách ra": taken apart, nothing opened
    cannot = turn.has(*_CANNOT_INHALE)  # "con 3 tuổi k chịu ngậm bình xịt": the age is who
    told = _POSTURE.search(turn.folded) or cannot or asks_per_site(turn)
    if HowTo.GIVING in found and (
        not (told or turn.has(*lx.GIVING_ASKS))
        or (_PATIENT_SAID.search(turn.folded) and not cannot)
    ):
        found.discard(HowTo.GIVING)
    if put_on:
        found.add(HowTo.GIVING)
    if HowTo.GIVING in found and turn.has(*lx.INJECTED):
        found.discard(HowTo.CRUSH)  # "tiêm 1 chỗ hết 2g hay phải chia ra": where it is injected
    if HowTo.FOOD in found and turn.has(*lx.NOT_FOOD) and HowTo.GIVING in found:
        found.discard(HowTo.FOOD)  # "lấy thìa ăn cơm đong được không": how it is measured
    if HowTo.DILUTE in found:
        found.discard(HowTo.CRUSH)  # "hòa ống thuốc vào glucose 5%": made up for an infusion
    if HowTo.TOGETHER in found:
        # "viên canxi thì uống lúc nào cho khỏi ảnh hưởng": the hour asked is how far apart
        found.discard(HowTo.TIME_OF_DAY)
    if quits_said(turn):
        found.discard(HowTo.STORAGE)  # "muốn bỏ thì bỏ cái rụp": quitting it, not the pack
        found.add(HowTo.DURATION)
    if HowTo.STORAGE in found and shots_said(turn):
        found.discard(HowTo.STORAGE)  # "tiêm 1 mũi là đủ": a shot, not a smell ("mùi lạ")
    if HowTo.TIME_OF_DAY in found and _told_split_only(turn):
        found.discard(HowTo.TIME_OF_DAY)  # "định cho ngày 3 lần sáng trưa tối thôi"
    if HowTo.STORAGE in found and turn.has(*lx.PLACED):
        # "để trong nhà tắm cho tiện uống buổi tối": where it is kept is asked, not the hour
        found.discard(HowTo.TIME_OF_DAY)


# Before "quên", a way not to forget ("bỏ hộp chia ngày cho khỏi quên"); after it, what else
# was forgotten ("quên hỏi liều", "quên tên thuốc"): no dose missed.
_LEST = frozenset(("khoi", "tranh", "chong"))
_OTHER_FORGOTTEN = frozenset(("hoi", "ten", "noi", "ke"))
# "à quên, bé bị viêm amidan chứ không phải …": "oh, I forgot (to say)", a repair of what was
# told, no dose forgotten.
_OH = frozenset(("a", "o", "ay", "ui", "oi", "u"))


# Two doses at once to make up the one forgotten ("tối nay cho bà uống 2 viên luôn", "uống 2
# liều 1 lúc"): the amount said is the make-up, not a dose worked out.
_TWO_AT_ONCE = re.compile(
    r"(?<![a-z])(?:2|hai) (?:vien|lieu|goi|ong)(?: [a-z]+)?"
    r" (?:luon|mot luc|1 luc|cung luc|mot lan|1 lan|mot the|bu)(?![a-z])"
)


_REMEMBERED_LATE = re.compile(r"(?<![a-z])(?:moi|ms|gio moi|nay moi) nho ra(?! hoi)(?![a-z])")


def _forgot(turn: Turn) -> bool:
    """ "quên" written with its mark (unmarked "quen" is also "used to") of a dose; read only
    when no other topic is asked ("uống sau ăn hay quên lắm" asks about food) and no amount is
    worked out ("quên hỏi liều, tính ra 550mg hả" is a dose question)."""
    if without_amounts(turn) is not None and not _TWO_AT_ONCE.search(turn.folded):
        return False
    if _REMEMBERED_LATE.search(turn.folded):
        return True  # "tới thứ 4 mới nhớ ra, giờ uống được không": the day's dose was missed
    tokens = turn.tokens
    at = [i for i in turn.indexes_of("quen") if turn.original_words()[i] == "quên"]
    return any(
        (i == 0 or tokens[i - 1] not in _LEST | _OH)
        and (i + 1 == len(tokens) or tokens[i + 1] not in _OTHER_FORGOTTEN)
        for i in at
    )


def _patient_said(turn: Turn) -> bool:
    """An age or a weight said, not the months it was taken for ("uống 1 tháng rồi")."""
    return _PATIENT_SAID.search(_TAKEN_FOR.sub(" ", turn.folded)) is not None


def _told_split_only(turn: Turn) -> bool:
    """The hours of the day come only from a split the person tells, and no choice is asked."""
    if " hay " in f" {turn.folded} " or not _TOLD_SPLIT.search(turn.folded):
        return False
    rest = Turn.of(_TOLD_SPLIT.sub(" ", turn.folded))
    cues = dict(_CUE_SETS)[HowTo.TIME_OF_DAY]
    return rest.ngrams.isdisjoint(cues) and not _BEFORE_AN_EVENT.search(rest.folded)


def second_topic(turn: Turn, first: HowTo) -> HowTo | None:
    """Another topic the same question asks ("tiêm trong bao lâu, tiêm bắp được không"),
    when the first's sections hold its answer too (only those are read)."""
    for topic in read_how_to_topics(turn):
        # the guidance on a reaction answers a stop only over the reaction named: a second
        # topic is answered without it ("mấy ngày, có cần uống kèm oresol")
        needs = set(HOW_TO_SECTIONS[topic]) - {SectionKey.HUONG_DAN_XU_TRI_ADR}
        if topic is not first and needs <= set(HOW_TO_SECTIONS[first]):
            return topic
    return None


def _how_often_put_on(turn: Turn) -> bool:
    """How often a form for the skin is put on, and no other amount nor a patient said."""
    folded = turn.folded
    if not _PUT_ON_HOW_OFTEN.search(folded) or _PATIENT_SAID.search(folded) or _WHO.search(folded):
        return False
    return not asks_an_amount(Turn.of(_HOW_OFTEN.sub(" ", folded)))


_KEEPS_NOT_TIMED = tuple(w for w in lx.KEEPS_WORDS if w != "bao lau")


def _keeps(found: set[HowTo]) -> tuple[str, ...]:
    """How long a made-up medicine keeps; "truyền trong bao lâu" times the infusion instead."""
    return _KEEPS_NOT_TIMED if HowTo.RATE in found else lx.KEEPS_WORDS


__all__ = [
    "asks_one_dose",
    "read_how_to",
    "read_how_to_topics",
    "second_topic",
]
