"""Slot readers: age, weight, population, route and patient facts from one folded turn.

Each reader is a pure function of the `Turn`; implausible numbers are dropped, not clamped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from core.frame import PatientContext, Population, Route
from understanding import lexicon as lx
from understanding.age_words import age_in_words, born_ago
from understanding.durations import CHILD_WORD, months_not_an_age
from understanding.kidney_cause import kidney_disease_is_the_cause
from understanding.numbers import SMALL_WORDS, with_digits, word_value
from understanding.other_route import into_muscle, says_oral
from understanding.pregnancy import (
    nursing_said,
    positive_test_said,
    pregnancy_denied,
    pregnancy_term,
    term_said,
)
from understanding.speaker import names_child, speaks_of_self, turns_to_self
from understanding.text import Turn

# A number is read only when it stands alone: not the tail of another number ("18,5,3"),
# not an exponent ("1e400"), not negative ("-18"; "2-5" is a range and stays readable).
_START = r"(?<![\w/])(?<!\d[.,])(?<![^\d]-)(?<!^-)" + (
    # "phòng 205 giường 12", "lầu 3", "số 8": a number that names a room, a bed or a floor.
    r"(?<!phong )(?<!giuong )(?<!buong )(?<!tang )(?<!lau )(?<!so )"
    # "chưa đủ 2 tuổi", "chưa tới 10 ký": a bound not yet reached, not the figure itself
    r"(?<!chua du )(?<!chua toi )(?<!chua den )(?<!chua tron )"
)
_NUM = r"(\d{1,4}(?:[.,]\d{1,2})?)(?![.,]\d)"
_NUMBER = rf"(?:{_NUM}|({SMALL_WORDS}))"
# "4 tủi", "5 tuoj": "tuổi" mistyped, after digits only ("ba tui" is "bố tôi"); "tụi" (a
# group: "4 tụi nhỏ") is not an age.
_TUOI = r"(?:tuoi|tuoj|tuio|tui(?!\s+(?:nho|no|tre|con|minh|em|be|nhoc|ban|ho|bay)(?!\w)))"
# "12y" is twelve years, but "y lệnh", "y tá", "y tế" are a ward's words after a number.
_Y = r"y(?!\s+(?:lenh|ta|te|khoa|si|bac si|hoc)(?![a-z]))"
_YEARS = re.compile(
    rf"{_START}(?:{_NUM}\s*(?:{_TUOI}|t|{_Y}|yo|years?|yrs?|jahre?|nam tuoi)"
    rf"|{_NUMBER}\s*tuoi)(?![\w/])"
    r"(\s+ruoi)?"
    rf"(?:\s*(?:va\s*)?(\d{{1,2}})\s*(?:thang|th)(?!\w))?"
)
# "bố em năm nay 70": an age said as this year's count, without "tuổi".
_THIS_YEAR = re.compile(
    rf"(?<![a-z])nam nay\s*(?:da\s*|duoc\s*)?{_NUM}(?!\s*(?:mg|ml|kg|ky|g)\b)(?![\w/])"
)
# "bé 2y3m": years and months run together, in the short English way.
_YEARS_MONTHS = re.compile(rf"{_START}(\d{{1,2}})\s*(?:y|yo|t)\s*(\d{{1,2}})\s*(?:m|th)(?![\w/])")
# "cụ nhà tôi 90 rồi": an old person's age said as a bare count and "rồi".
_ELDER_COUNT = re.compile(
    r"(?<![a-z])(?:cu|ong|ba|ong noi|ong ngoai|ba noi|ba ngoai|bo|me)(?: gia)?(?: (?:nha|cua))?"
    r"(?: (?:toi|em|e|minh|tui|t))?(?: (?:nam nay|da|cung|gan|ngoai|hon|tren))*"
    r" (\d{2,3})(?: (?:roi|tuoi roi|may roi|may r|hon roi)| may| r|(?=\s*[,;.!?]|\s*$))(?![a-z])"
)  # "ông già nhà t 80 mấy r": eighty-odd; "ông nội em 85, gầy lắm": the count, then a pause
ELDER_FROM_YEARS = 50
"""A bare count said of an old person is an age from this many years ("bà 3 rồi" is none)."""
# Word numbers take only the full unit ("sáu mổ" is never six months: "sau mổ" = post-op);
# abroad the unit may be the country's own ("10 Monate"); "thág" is a month typed short.
_MONTHS = re.compile(
    rf"{_START}(?:{_NUM}\s*(?:thang|thag|th|months?|monate?|mo)|"
    rf"({SMALL_WORDS})\s*(?:thang|months?))"
    r"(?!\w)(\s*tuoi)?"
)
# "35 tuần tuổi thai": the term of the pregnancy (a baby's corrected age), not weeks of life.
# "6 weeks old", "10 days old": the English way says it with "old".
_WEEKS = re.compile(rf"{_START}{_NUM}\s*(?:tuan|weeks?)\s*(?:tuoi(?!\s*thai)|old(?![a-z]))")
_DAYS = re.compile(rf"{_START}{_NUM}\s*(?:ngay|days?)\s*(?:tuoi|old(?![a-z]))")
_WEIGHT = re.compile(
    rf"{_START}{_NUM}\s*(?:kg|kgs|ky|ki|kilo|kilogram|kilogam|kilograms|can|kilos)"
    r"(?:(\s+ruoi)|(\s*\d)(?:\s*lang(?!\w)|(?![\w/])(?![.,]\d)"
    r"(?!\s*(?:tuoi|tui|thang|tuan|ngay|lan|vien|t)(?!\w)))|(?![\w/]))"
)  # "8 ký rưỡi": and a half; "3 ký 2", "9kg5", "7 cân 2 lạng" (100 g): 3,2 kg, 9,5 kg, 7,2 kg
# "nặng có 38kh thôi": after the weight word, a count with a mistyped kilo is still kilos.
_WEIGHT_AFTER_WORD = re.compile(
    r"(?:nang|can nang|weighs?|weight)\s*(?:(?:la|:|khoang|co|chi|tam|gan|hon|duoc)\s*){0,2}"
    rf"{_START}{_NUM}(?:k[a-z]?)?(?![\w/])"
)
_NOT_A_WEIGHT_UNIT = re.compile(r"\s*(?:mg|ml|g|mcg|%|tuoi|tui|thang|tuan|ngay|t\b|y\b|vien|lan)")
_EGFR = re.compile(rf"{lx.CLEARANCE_VALUE}{_NUM}")
# An infant's age said without "tuổi" but after the child ("bé mới 1 tháng", "con em được 20
# ngày", "bé nhà mình sinh được 6 tuần"): the words between are only who and "mới/được/gần".
_CHILD_WORD = CHILD_WORD
# Which child: the youngest, the eldest, born early ("bé út mới 7 tháng", "con út nhà mình
# mới 9 tháng", "bé sinh non được 10 ngày").
# Born early only with a word of time after it: "sinh non 35 tuần" is the term at birth, not
# the baby's age.
_WHICH_CHILD = (
    r"(?:\s+(?:ut|ca|sinh doi|so sinh)|\s+(?:sinh non|de non|non thang|thieu thang)"
    r"(?=\s+(?:moi|ms|duoc|dc|gan|tron|hon|da|vua|gio)(?![a-z])))?"
)
_CHILD_AGE = re.compile(
    rf"(?<![a-z]){_CHILD_WORD}(?:\s+(?:noi|ngoai))?{_WHICH_CHILD}(?:\s+(?:nha|cua)\s+\w+)?"
    rf"(?:\s+(?:em|e|minh|toi|tui|chi|anh|t|m))?{_WHICH_CHILD}"
    r"((?:\s+(?:moi co|moi|ms|duoc|dc|gan|khoang|tam|da|vua|sinh|de|ra doi|tron|hon|chua|gio))*)\s+"
    rf"(?:{_NUM}|({SMALL_WORDS}))"
    r"\s*(ngay|hom|tuan|thang)(?![\w/])(\s+ruoi|\s*(?:va\s*)?\d{1,2}\s*ngay(?!\w))?"
    # "35 tuần tuổi thai (đã hiệu chỉnh)" is the term of the pregnancy, not the baby's age.
    r"(?!\s*(?:nay|qua|truoc|nua|lien|sau|dau|giua|cuoi|(?:tuoi )?thai))"
)
# "bé vừa đầy tháng" is a month old, "đầy tuổi" (thôi nôi) a year; "sắp/gần/chưa …": not yet.
_FULL_MONTH = re.compile(
    rf"(?<![a-z]){_CHILD_WORD}(?:\s+\w+){{0,3}}?\s+(sap |gan |chua )?(day thang|day tuoi|thoi noi)"
)
# "đã", "chưa", "hơn" alone do not make an age of a count: "bé đã 3 ngày không đi ngoài".
_WEAK_SAID = frozenset(("da", "chua", "hon", "gio"))
# Without "mới/được/…", "con 2 tuần rồi vẫn ho" is how long, not how old.
_HOW_LONG_AFTER = re.compile(r"\s*(?:roi|van|khong|chua|ma|lien|hon nay)(?!\w)")
_PER_MONTH = {"ngay": 30.44, "hom": 30.44, "tuan": 4.345, "thang": 1.0}  # "5 hôm": days
MAX_AGE_MONTHS = 1440.0
MAX_WEIGHT_KG = 300.0
MIN_WEIGHT_KG = 0.3
ADULT_FROM_MONTHS = 216.0
CHILD_BELOW_KG = 35.0
ADULT_FROM_KG = 50.0
"""A patient's weight, with no age and no child word, the book doses as an adult's."""
_A_PATIENT = ("bn", "benh nhan", "nguoi benh", "pt", "patient")


def _number(digits: str | None, words: str | None) -> float | None:
    if digits:
        return float(digits.replace(",", "."))
    if words:
        return float(word_value(words))
    return None


@dataclass(frozen=True)
class Age:
    months: float
    text: str
    span: tuple[int, int] = (0, 0)
    """Where the age is said, in the folded turn."""


def read_age(turn: Turn) -> Age | None:
    """The patient's age, from years ("5 tuổi", "3t", "2 tuổi rưỡi", "bảy mươi hai tuổi"),
    months, weeks or days."""
    turn = with_digits(turn)
    text = turn.folded
    compact = _YEARS_MONTHS.search(text)
    if compact:
        return _age(turn, int(compact.group(1)) * 12.0 + int(compact.group(2)), compact.span())
    for match in _YEARS.finditer(text):
        years = _number(match.group(1) or match.group(2), match.group(3))
        if years is None:
            continue
        months = years * 12 + (6 if match.group(4) else 0) + float(match.group(5) or 0)
        return _age(turn, months, match.span())
    this_year = _THIS_YEAR.search(text)
    if this_year:
        return _age(turn, float(this_year.group(1).replace(",", ".")) * 12, this_year.span(1))
    elder = _ELDER_COUNT.search(text)
    if elder and int(elder.group(1)) >= ELDER_FROM_YEARS:
        return _age(turn, float(elder.group(1)) * 12, elder.span(1))
    in_words = age_in_words(text) or born_ago(turn.original, text)
    if in_words:
        return _age(turn, *in_words)
    for match in _CHILD_AGE.finditer(text):
        said, digits, words, unit, half = match.groups()
        count = _number(digits, words)
        how_long = not (set(said.split()) - _WEAK_SAID) and _HOW_LONG_AFTER.match(text, match.end())
        if count is None or how_long or _remains(turn, match.start()):
            continue
        if unit == "tuan" and _born_at_term(said, count):
            continue  # "bé sinh 36 tuần, giờ được 10 ngày": the week she was born in
        if half and "ngay" in half:
            count += int(re.sub(r"\D", "", half)) / _PER_MONTH["ngay"] if unit == "thang" else 0.0
        elif half:
            count += 0.5
        months = count if unit == "thang" else count / _PER_MONTH[unit]
        start = match.start(2) if digits else match.start(3)
        return _age(turn, round(months, 2), (start, match.end(5) if half else match.end(4)))
    full = _FULL_MONTH.search(text)
    if full:
        months = (1.0, 12.0)[full.group(2) != "day thang"] * (0.9 if full.group(1) else 1.0)
        return _age(turn, months, (full.end() - 9, full.end()))
    for match in _MONTHS.finditer(text):
        before, after = text[: match.start()], text[match.end() :]
        if not match.group(3) and months_not_an_age(before, after):
            continue
        count = _number(match.group(1), match.group(2))
        if count is not None:
            return _age(turn, count, match.span())
    for pattern, per_month in ((_WEEKS, 4.345), (_DAYS, 30.44)):
        found = pattern.search(text)
        if found:
            return _age(
                turn, round(float(found.group(1).replace(",", ".")) / per_month, 1), found.span()
            )
    return None


def _born_at_term(said: str, weeks: float) -> bool:
    """ "sinh 36 tuần" / "đẻ 34 tuần" (no "được"): the week of pregnancy a baby was born in,
    not weeks of life (no baby is asked about 20 weeks or more after birth that way)."""
    words = set(said.split())
    return bool(words) and words <= _BORN_WORDS and weeks >= _TERM_WEEKS_FROM


_BORN_WORDS = frozenset(("sinh", "de"))
_TERM_WEEKS_FROM = 20


def _remains(turn: Turn, start: int) -> bool:
    """ "thuốc còn 3 ngày": "còn" (remaining), not "con" (a child), in marked text."""
    if not turn.marked:
        return False
    at = next((i for i, (a, _b) in enumerate(turn.spans) if a == start), None)
    return at is not None and turn.original_words()[at] == "còn"


def _age(turn: Turn, months: float, span: tuple[int, int]) -> Age | None:
    if not 0 <= months <= MAX_AGE_MONTHS:
        return None
    return Age(months=months, text=turn.snippet(*span), span=span)


def read_weight(turn: Turn) -> float | None:
    """Body weight in kg ("18 kg", "18 ký", "18 cân", "12,5kg", "nặng 18", "hai mươi lăm ký")."""
    text = with_digits(turn).folded
    weights = list(_WEIGHT.finditer(text))
    now = [m for m in weights if not _AT_BIRTH.search(text[: m.start()])]
    # "lúc sinh 2,8kg, nay 8 ký 2": the weight of now, when the birth weight is said too
    match = (now or weights)[0] if weights else None
    value: float | None = None
    if match:
        value = float(match.group(1).replace(",", ".")) + _tail_kg(match.group(2) or match.group(3))
    else:
        for found in _WEIGHT_AFTER_WORD.finditer(text):
            if not _NOT_A_WEIGHT_UNIT.match(text[found.end() :]):
                value = float(found.group(1).replace(",", "."))
                break
    if value is None or not MIN_WEIGHT_KG <= value <= MAX_WEIGHT_KG:
        return None
    return value


# The weight a baby was born with ("lúc sinh 2,8kg", "sinh ra được 3 ký", "birth weight").
_AT_BIRTH = re.compile(
    r"(?<![a-z])(?:(?:luc|khi|hoi|ngay) (?:moi )?(?:sinh|de)|sinh ra|de ra|birth(?: weight)?)"
    r"(?: (?:duoc|dc|nang|can nang|co|chi|la|khoang))*\s*$"
)


def _tail_kg(tail: str | None) -> float:
    """ "rưỡi" is half a kilo; a single digit after the unit ("3 ký 2") tenths of one."""
    if not tail:
        return 0.0
    return 0.5 if tail.strip() == "ruoi" else int(tail) / 10


def read_population(
    turn: Turn, age_months: float | None, weight: float | None
) -> Population | None:
    """Adult or child: a stated age decides; else words; else a child's or a grown-up's weight."""
    if age_months is not None:
        return Population.ADULT if age_months >= ADULT_FROM_MONTHS else Population.CHILD
    if turns_to_self(turn):
        return Population.ADULT  # "còn tôi thì sao": the speaker, after a child ("con tôi")
    child = names_child(turn)
    adult = turn.has(*lx.POPULATION_ADULT)
    if child != adult:
        return Population.CHILD if child else Population.ADULT
    if not child and weight is not None and weight < CHILD_BELOW_KG:
        return Population.CHILD
    if not child and weight is not None and weight >= ADULT_FROM_KG and turn.has(*_A_PATIENT):
        return Population.ADULT  # "bn 70kg, bs order …": a patient weighed as an adult
    if not child and not adult and speaks_of_self(turn):
        return Population.ADULT  # "t uống 1 viên hapacol rồi mà vẫn sốt": the speaker
    return None


# Single-word route cues that are also other words once accents are gone ("bởi", "hít").
_ROUTE_ACCENTED = {"boi": "bôi", "xit": "xịt", "hit": "hít", "bap": "bắp", "thoa": "thoa"}
# Phrases that contain a route word without naming a route.
_ROUTE_DECOYS = (
    "huyet khoi tinh mach", "gian tinh mach", "truyen nhiem", "lay truyen", "viem tinh mach",
    "tieu duong", "thao duong", "duong huyet", "ha duong", "benh duong", "hit sac", "hit tho",
    "nam am dao", "viem am dao", "ngua am dao",  # a disease at the site, not the route
)  # fmt: skip
_ROUTE_FIRST_WORDS = frozenset(cue.split()[0] for _, cues in lx.ROUTE_CUES for cue in cues)
# Several-word cues that need their accents ("khi dùng" is not "khí dung").
_ROUTE_MARKED = {"khi dung": "khí", "dang uong": "dạng", "duong uong": "đường"}


def read_route(turn: Turn) -> Route | None:
    """A route named outright ("đặt hậu môn", "tiêm tĩnh mạch", "nhỏ mắt"); not the bare "uống"."""
    if turn.ngrams.isdisjoint(_ROUTE_FIRST_WORDS):
        return Route.IM if into_muscle(turn) else None  # no cue can start anywhere
    joined = turn.joined
    for decoy in _ROUTE_DECOYS:
        joined = joined.replace(f" {decoy} ", " ")
    for route, cues in lx.ROUTE_CUES:
        for cue in cues:
            if f" {cue} " not in joined:
                continue
            accented = _ROUTE_ACCENTED.get(cue)
            if accented and not any(turn.means(i, accented) for i in turn.indexes_of(cue)):
                continue
            first = _ROUTE_MARKED.get(cue)
            if first and not (
                turn.marked and any(turn.original_words()[i] == first for i in turn.indexes_of(cue))
            ):
                continue
            return route
    return Route.IM if into_muscle(turn) else None


def read_patient(turn: Turn) -> PatientContext | None:
    """Pregnancy (and term), breastfeeding, kidneys (clearance, dialysis), liver, allergies."""
    data: dict[str, object] = {}
    counted = with_digits(turn)  # "thai mười hai tuần": the term's count said in words
    if (
        turn.has(*lx.PREGNANCY_CUES)
        or _says_bau(turn)
        or term_said(counted)
        or positive_test_said(turn)
    ):
        data |= {"pregnant": False} if pregnancy_denied(turn) else pregnancy_term(counted)
    if turn.has(*lx.BREASTFEEDING_CUES) or nursing_said(turn):
        data["breastfeeding"] = True
    # "tổn thương thần kinh" (nerves) is no "tổn thương thận"; "bệnh thận kinh niên" is.
    egfr = _EGFR.search(turn.folded)  # a clearance alone ("thanh thải xuống 20") is one too
    renal = Turn.of(re.sub(r"\bthan kinh(?! nien)", " ", turn.folded)).has(*lx.RENAL_CUES)
    if (renal or egfr is not None) and not kidney_disease_is_the_cause(turn):
        data["renal_impairment"] = True
        if egfr and float(egfr.group(1).replace(",", ".")) <= 200:
            data["egfr"] = float(egfr.group(1).replace(",", "."))
    if turn.has(*lx.DIALYSIS_CUES) and not turn.has(*lx.NO_DIALYSIS_CUES):
        data["renal_impairment"] = True
        data["dialysis"] = True
    if turn.has(*lx.HEPATIC_CUES):
        data["hepatic_impairment"] = True
    allergies = read_allergies(turn)
    if allergies:
        data["allergies"] = [turn.snippet(*_span(turn, a, b)) for a, b in allergies]
    if turn.has(*lx.POST_OPERATIVE_CUES):
        data["comorbidities"] = [POST_OPERATIVE]
    return PatientContext.model_validate(data) if data else None


POST_OPERATIVE = "sau mổ"


def _says_bau(turn: Turn) -> bool:
    """ "bầu" alone ("bầu uống … được không") means pregnant, but not "bầu cử", "bầu trời"."""
    for i in turn.indexes_of("bau"):
        after = turn.tokens[i + 1] if i + 1 < len(turn.tokens) else ""
        if turn.means(i, "bầu") and after not in lx.BAU_NOT_PREGNANT_AFTER:
            return True
    return False


_NOT_AN_ALLERGY_BEFORE = ("viem mui", "mui", "me day", "phan ung", "tri", "chua", "chong", "thuoc")
_ALLERGY_SKIP = frozenset(("voi", "thuoc", "nhom", "la", "bi"))
# "bị dị ứng thì uống …", "dị ứng nên …": what follows goes on with the sentence, no allergen.
_NO_ALLERGEN = frozenset(("khong", "ko", "gi", "nao", "thi", "nen", "ma", "uong", "dung"))


def read_allergies(turn: Turn) -> list[tuple[int, int]]:
    """Token ranges of what the patient is allergic to ("dị ứng với penicilin")."""
    ranges: list[tuple[int, int]] = []
    for i in turn.indexes_of("di ung"):
        before = " ".join(turn.tokens[max(0, i - 2) : i])
        if any(before.endswith(b) for b in _NOT_AN_ALLERGY_BEFORE):
            continue
        j = i + 2
        while j < len(turn.tokens) and turn.tokens[j] in _ALLERGY_SKIP:
            j += 1
        if j >= len(turn.tokens) or turn.tokens[j] in _NO_ALLERGEN:
            continue
        if re.search(r"[,;.!?]", turn.folded[turn.spans[i + 1][1] : turn.spans[j][0]]):
            continue  # "bị dị ứng, zyrtec uống được không": the allergy ends at the comma
        end = j + 2 if turn.tokens[j] in ("khang", "hai") and j + 1 < len(turn.tokens) else j + 1
        ranges.append((j, end))
    return ranges


def _span(turn: Turn, start: int, end: int) -> tuple[int, int]:
    return turn.spans[start][0], turn.spans[end - 1][1]


__all__ = [
    "POST_OPERATIVE",
    "Age",
    "read_age",
    "read_allergies",
    "read_patient",
    "read_population",
    "read_route",
    "read_weight",
    "says_oral",
    "speaks_of_self",
]
