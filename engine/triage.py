"""Safety triage: does a turn report an emergency, self-harm, or a use the formulary forbids?

Routing rule 0 reads the result before every other rule, so an accidental ingestion is
never asked "adult or child?" and a lethal-dose request never gets a dose. The word lists
are data, written with diacritics as people type them; each is matched on the accent-folded
text too ("lo uong", "qua lieu"). A cue marked `strict` is ambiguous once folded ("lo uống"
is "worried about taking", "từ từ" folds like "tự tử"): it matches folded only when the
user typed no diacritics at all.

Decisions (docs/evals.md, "Safety triage"):
- An overdose or poisoning that happened, or is happening, is an emergency: "bị/đã/vừa …
  quá liều", "ngộ độc rồi", "quá liều … phải làm sao". A question about the overdose
  section ("xử trí quá liều paracetamol thế nào", "quá liều là bao nhiêu?", "dấu hiệu ngộ
  độc digoxin") is an ordinary attribute question, and so is a hypothetical ("nếu …").
- Accidental-ingestion verbs (lỡ uống, uống nhầm, nuốt phải, uống cả vỉ) trigger even in a
  hypothetical: the reply (go to emergency care, the overdose section) is right either way.
- An emergency sign (khó thở, co giật, …) counts only after taking or being given a drug;
  "sốt cao co giật uống thuốc gì" and "thuốc có gây khó thở không" are not emergencies.
- Self-harm wins over emergency: its message also says to call the emergency number now
  if something was already taken, and it quotes no drug facts.
- Unsafe use needs the drug (or, for ending a pregnancy, the purpose alone): abortion at
  home, a once-weekly drug taken daily, an infant given a drug whose own text forbids it
  below an age. That last one stands only on the loaded corpus: a line of the drug's
  Chống chỉ định (or a "không dùng" line of its Thận trọng) whose age limit, printed with a
  number, covers the child. No such line, no triage: the question goes on as an ordinary
  "có dùng được không" or dose question.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from core.frame import QueryFrame, Triage
from core.sections import SectionKey
from core.text import fold, fold_aligned
from grounding.bands import parse_bands


class UnsafeUse(StrEnum):
    """Which use the formulary warns against."""

    END_PREGNANCY = "end_pregnancy"
    WEEKLY_TAKEN_DAILY = "weekly_taken_daily"
    INFANT = "infant"


@dataclass(frozen=True)
class TriageResult:
    """What triage found: the reason, the words that triggered it, and (unsafe use) which use."""

    kind: Triage
    cue: str
    use: UnsafeUse | None = None


@dataclass(frozen=True)
class _Cue:
    accented: re.Pattern[str]
    folded: re.Pattern[str]
    strict: bool

    def search(self, lowered: str, folded: str, accented_input: bool) -> str | None:
        if self.strict and accented_input:
            hit = self.accented.search(lowered)
        else:
            hit = self.folded.search(folded)
        return hit.group(0) if hit else None


def _cues(patterns: Iterable[str], *, strict: Iterable[str] = ()) -> tuple[_Cue, ...]:
    strict_set = tuple(strict)
    out = []
    for source in (*patterns, *strict_set):
        text = unicodedata.normalize("NFC", source)
        out.append(
            _Cue(
                accented=re.compile(rf"(?<!\w){text}(?!\w)"),
                folded=re.compile(rf"(?<!\w){fold_aligned(text)}(?!\w)"),
                strict=source in strict_set,
            )
        )
    return tuple(out)


def _first(cues: Sequence[_Cue], lowered: str, folded: str, accented: bool) -> str | None:
    for cue in cues:
        if (hit := cue.search(lowered, folded, accented)) is not None:
            return hit
    return None


_W = r"(?:\w+ )"  # one word and its space, for "up to n words in between"
_TAKE = r"(?:uống|nuốt|tiêm|truyền|dùng|ngậm|nhai|xịt|đặt|bôi)"
_CONTAINER = r"(?:chai|lọ|vỉ|hộp|tuýp|gói|nắm|vốc|bịch|túi|ống|bình)"
_MANY = r"(?:[1-9]\d+|mười|chục|vài chục|hàng chục|cả chục|cả nắm|một nắm|nắm|cả vốc)"

# -- self-harm and lethal-dose requests ---------------------------------------
SELF_HARM_CUES = _cues(
    (
        r"tự sát",
        r"tự vẫn",
        r"quyên sinh",
        r"tự kết liễu",
        r"kết liễu (?:đời|cuộc đời|bản thân|mạng sống|chính mình)",
        r"kết thúc (?:cuộc đời|cuộc sống|đời mình|mạng sống|sự sống|tất cả)",
        r"(?:chỉ |rất |thật sự |thực sự )?muốn chết",
        r"không (?:còn )?muốn sống",
        r"chán sống",
        r"sống (?:để làm gì|làm gì nữa|không nổi nữa)",
        r"tìm (?:đến )?cái chết",
        r"tự (?:làm )?hại (?:bản thân|mình|chính mình)",
        r"tự làm đau (?:bản thân|mình)",
        r"rạch (?:tay|cổ tay)",
        r"chết (?:cho xong|quách|cho rồi|cho nhẹ)",
        r"chết (?:nhanh|không đau|êm|êm ái|nhẹ nhàng)",
        r"ngủ (?:luôn|mãi mãi|một giấc) (?:không|chẳng) (?:bao giờ )?(?:dậy|tỉnh)",
        r"không (?:bao giờ )?tỉnh dậy nữa",
        r"liều (?:lượng )?(?:gây chết|chết người|gây tử vong|tử vong|chết|gây độc chết)",
        r"(?:bao nhiêu|mấy|bao nhiu|bn) " + _W + r"{0,5}(?:thì|để|sẽ|là|mới|có thể|thì sẽ)? ?"
        r"(?:chết|tử vong|mất mạng|qua đời|chết người|ngủ luôn|đi luôn)",
        _TAKE + r" " + _W + r"{0,5}(?:để|cho|thì|là) (?:được )?(?:chết|tử vong|mất mạng)",
        r"(?:giết|đầu độc) (?:người|bản thân|mình|chồng|vợ|bố|mẹ|ai đó|một người)",
    ),
    strict=(r"tự tử",),
)

# -- emergencies: an ingestion, overdose or poisoning that happened ------------
INGESTION_CUES = _cues(
    (
        r"uống nhầm",
        r"nuốt nhầm",
        r"tiêm nhầm",
        r"uống lộn",
        r"nhầm (?:thuốc|liều|viên)",
        r"cho " + _W + r"{0,2}uống nhầm",
        r"nuốt phải",
        r"nuốt mất",
        r"(?:ăn|uống) phải (?:thuốc|viên|cả|hết)",
        r"nghịch (?:uống|ăn|nuốt)",
        r"(?:uống|nuốt|ăn) (?:hết|cả|nguyên|sạch|luôn cả|hết cả) (?:nửa |một |1 |hai |2 |ba |3 )?"
        + _CONTAINER,
        r"(?:uống|nuốt) " + _W + r"{0,3}?" + _MANY + r" viên",
        # Swallowing a counted number of tablets is how a child's ingestion is told ("bé nuốt
        # 3 viên"); "nuốt cả viên"/"nuốt nguyên viên" (swallow whole) has no count.
        r"nuốt " + _W + r"{0,2}?(?:\d+|một|hai|ba|bốn|năm|mấy|vài|nhiều) (?:viên|vỉ|ống)",
        r"(?:uống|dùng|tiêm) (?:gấp đôi|gấp ba|gấp \d+|gấp mấy|gấp nhiều) (?:lần )?liều",
        r"uống (?:trùng|thêm một|thêm 1) liều",
        r"(?:uống|nuốt|ăn|uống phải|nuốt phải) " + _W + r"{0,2}?"
        r"(?:thuốc trừ sâu|thuốc sâu|thuốc diệt cỏ|thuốc chuột|thuốc diệt chuột|thuốc tẩy|"
        r"nước tẩy|nước rửa bồn cầu|dầu hỏa|xăng|long não)",
    ),
    strict=(r"lỡ (?:tay )?" + _W + r"{0,2}?(?:uống|nuốt|tiêm|cho " + _W + r"{0,2}?(?:uống|nuốt))",),
)
_OVERDOSE = r"(?:quá liều|ngộ độc|trúng độc|uống quá nhiều|dùng quá nhiều|uống nhiều quá)"
OVERDOSE_EVENT_CUES = _cues(
    (
        r"(?:bị|đã|vừa|mới|lỡ|nghi|có lẽ|hình như|chắc là|đang) " + _W + r"{0,2}?" + _OVERDOSE,
        _OVERDOSE + r" (?:\w+ ){0,4}?(?:rồi|phải làm sao|làm sao bây giờ|làm gì bây giờ|"
        r"phải làm gì|cấp cứu|gấp|cứu với|có sao không|có chết không)",
        r"uống quá liều",
    ),
)
_HYPOTHETICAL = _cues(
    (r"nếu", r"giả sử", r"trường hợp", r"khi nào", r"lỡ như", r"phòng khi"),
)

EMERGENCY_SIGNS = _cues(
    (
        r"khó thở",
        r"thở dốc",
        r"ngừng thở",
        r"ngưng thở",
        r"không thở",
        r"co giật",
        r"lên cơn giật",
        r"sốc phản vệ",
        r"phản vệ",
        r"bất tỉnh",
        r"ngất xỉu",
        r"hôn mê",
        r"mê man",
        r"gọi không tỉnh",
        r"tím tái",
        r"tím môi",
        r"phù (?:mặt|môi|lưỡi|mí mắt|họng|thanh quản)",
        r"sưng (?:mặt|môi|lưỡi|họng|mí mắt)",
        r"nôn ra máu",
        r"tụt huyết áp",
    ),
    # Folded, these collide with everyday words ("chăm sóc", "ngắt", "lờ mờ").
    strict=(r"sốc", r"ngất", r"xỉu", r"lơ mơ", r"li bì", r"lịm đi"),
)
_AFTER_TAKING = _cues(
    (
        r"sau khi " + _W + r"{0,2}?" + _TAKE,
        r"(?:vừa|mới|đã) " + _W + r"{0,2}?" + _TAKE,
        _TAKE + r" " + _W + r"{0,6}?(?:xong|vào|rồi|thì bị|là bị|liền|bị|thấy|lập tức|ngay)",
    ),
)
_SIGN_QUESTION = _cues(
    (
        r"có (?:thể )?gây",
        r"gây ra",
        r"có làm",
        r"tác dụng phụ",
        r"tác dụng không mong muốn",
        r"thuốc (?:gì|nào)",
        r"(?:uống|dùng) (?:gì|thuốc gì)",
        r"có bị " + _W + r"{0,3}?không",
        r"nếu",
    ),
)

# -- uses the formulary warns against ------------------------------------------
END_PREGNANCY_CUES = _cues(
    (
        r"(?:phá|bỏ|xổ|tống|đẩy|hút|cho ra) (?:cái |bào )?thai",
        r"(?:để|cho|muốn|nhằm|làm) (?:\w+ ){0,2}?(?:sảy|sẩy|trụt|tuột) thai",
        r"không (?:muốn )?giữ (?:cái )?thai",
        r"(?:làm|gây) (?:ra )?(?:kinh|hành kinh) (?:lại|trở lại) (?:khi|vì) (?:có thai|trễ kinh)",
    ),
)
_END_PREGNANCY_NOT = _cues(
    (
        r"có (?:thể )?(?:làm|gây) (?:\w+ ){0,1}?(?:sảy|sẩy) thai",
        r"sau (?:khi )?(?:phá|sảy|sẩy|bỏ|hút) thai",
        r"(?:đã|từng) (?:phá|sảy|sẩy|bỏ|hút) thai",
        r"nguy cơ (?:sảy|sẩy) thai",
    ),
)
DAILY_CUES = _cues(
    (
        r"mỗi ngày",
        r"hằng ngày",
        r"hàng ngày",
        r"ngày nào cũng",
        r"mỗi (?:sáng|tối|buổi)",
        r"(?:\d+|một|hai|ba) lần (?:mỗi |một |1 |trong )?ngày",
        r"ngày (?:uống )?(?:\d+|một|hai|ba) (?:lần|viên)",
        r"\d+ ?(?:viên|mg)? ?/ ?ngày",
        r"cách ngày",
        r"liên tục " + _W + r"{0,2}?ngày",
        r"(?:mỗi|cách) (?:\d+|hai|ba) ngày",
    ),
)
_INFANT_WORDS = _cues(
    (r"sơ sinh", r"nhũ nhi", r"mới sinh", r"mới đẻ"),
)
_GIVE_OR_USE = _cues(
    (_TAKE, r"cho " + _W + r"{0,2}?(?:uống|dùng)", r"liều", r"được không"),
)

WEEKLY_DRUGS: frozenset[str] = frozenset({"methotrexate", "methotrexat", "alendronate"})
"""Formulary drug ids dosed once a week in their common (non-cancer) use."""

INFANT_MONTHS = 24.0
"""Below this age a child is an infant or toddler for the `INFANT` unsafe use."""

WarningLines = Callable[[str], Sequence[tuple[str, str]]]
"""Drug id → (section key, sentence) for every sentence of its warning sections in the loaded
corpus (Chống chỉ định, Thận trọng): what the `INFANT` unsafe use may stand on."""

# An age limit printed with a number ("dưới 2 tuổi", "< 16 tuổi", "dưới 6 tháng tuổi"):
# a bare "trẻ sơ sinh …" line is a condition of newborns, not an age limit.
_NUMBERED_AGE = re.compile(r"\d+(?:[.,]\d+)?\s*(?:tuoi|thang|tuan|ngay)(?![a-z])")
# A caution line bars a use only when it says so.
_BARS = re.compile(r"khong (?:duoc |nen )?dung|chong chi dinh|tranh dung|khong khuyen")

# Sections quoted for each unsafe use, warning text first; dosing text only as a fallback.
UNSAFE_USE_SECTIONS: dict[UnsafeUse, tuple[str, ...]] = {
    UnsafeUse.END_PREGNANCY: (SectionKey.THOI_KY_MANG_THAI, SectionKey.CHONG_CHI_DINH),
    UnsafeUse.WEEKLY_TAKEN_DAILY: (SectionKey.THAN_TRONG, SectionKey.QUA_LIEU_XU_TRI),
    UnsafeUse.INFANT: (SectionKey.CHONG_CHI_DINH, SectionKey.THAN_TRONG),
}
UNSAFE_USE_FALLBACK_SECTIONS: dict[UnsafeUse, tuple[str, ...]] = {
    UnsafeUse.END_PREGNANCY: (),
    UnsafeUse.WEEKLY_TAKEN_DAILY: (SectionKey.LIEU_LUONG_CACH_DUNG,),
    # The age-limit line the triage stood on is in the warning sections; nothing else.
    UnsafeUse.INFANT: (),
}
# A quoted sentence must speak to the use (accent-folded words).
_SPEAKS_TO: dict[UnsafeUse, re.Pattern[str]] = {
    UnsafeUse.END_PREGNANCY: re.compile(r"\b(?:thai|mang thai|co thai|say thai|thai ky)\b"),
    UnsafeUse.WEEKLY_TAKEN_DAILY: re.compile(
        r"\b(?:mot lan moi tuan|1 lan moi tuan|hang ngay|moi ngay|thay vi hang tuan)\b"
    ),
    UnsafeUse.INFANT: re.compile(r"\btre\b.*\bduoi\b|\bso sinh\b|\bnhu nhi\b"),
}

_DOSE = re.compile(
    r"\d+(?:[.,]\d+)?(?:\s*[–-]\s*\d+(?:[.,]\d+)?)?\s*"
    r"(?:mg|g|mcg|µg|microgam|ml|kg|ui|iu|đơn vị|mmol|mg/kg|mg/m²)(?![\w])",
    re.IGNORECASE,
)


def dose_mentions(text: str) -> list[str]:
    """Dose-like quantities (a number with a mass, volume or unit) in `text`."""
    return [m.group(0) for m in _DOSE.finditer(unicodedata.normalize("NFC", text))]


def speaks_to(
    use: UnsafeUse, sentence: str, *, age_months: float | None = None, section: str | None = None
) -> bool:
    """Does this evidence sentence (of `section`) speak to `use`, and carry no dose? For
    `INFANT` with a known age: only an age-limit line that bars this child."""
    if dose_mentions(sentence):
        return False
    if use is UnsafeUse.INFANT and age_months is not None:
        barred = section == SectionKey.CHONG_CHI_DINH.value
        return limits_age(sentence, age_months, barred=barred)
    return bool(_SPEAKS_TO[use].search(fold_aligned(sentence)))


def limits_age(sentence: str, age_months: float, *, barred: bool) -> bool:
    """Does `sentence` print an age limit (with a number) that covers `age_months`?

    `barred` says the line is already a prohibition (a Chống chỉ định line); a caution
    line must say it bars the use ("không dùng cho trẻ dưới 2 tuổi").
    """
    folded = fold(sentence)
    if not _NUMBERED_AGE.search(folded) or dose_mentions(sentence):
        return False
    if not barred and not _BARS.search(folded):
        return False
    band = parse_bands(sentence).age
    return band is not None and band.contains(age_months)


def age_limit_lines(lines: Sequence[tuple[str, str]], age_months: float) -> list[tuple[str, str]]:
    """The (section, sentence) pairs of a drug's warning text that bar a child of this age."""
    return [
        (section, sentence)
        for section, sentence in lines
        if limits_age(sentence, age_months, barred=section == SectionKey.CHONG_CHI_DINH.value)
    ]


def _forms(text: str) -> tuple[str, str, bool]:
    lowered = unicodedata.normalize("NFC", text).lower()
    folded = fold_aligned(lowered)
    return lowered, folded, folded != lowered


def _self_harm(lowered: str, folded: str, accented: bool) -> str | None:
    return _first(SELF_HARM_CUES, lowered, folded, accented)


def _emergency(lowered: str, folded: str, accented: bool) -> str | None:
    if (hit := _first(INGESTION_CUES, lowered, folded, accented)) is not None:
        return hit
    hypothetical = _first(_HYPOTHETICAL, lowered, folded, accented) is not None
    if not hypothetical and (hit := _first(OVERDOSE_EVENT_CUES, lowered, folded, accented)):
        return hit
    sign = _first(EMERGENCY_SIGNS, lowered, folded, accented)
    if sign is None or _first(_SIGN_QUESTION, lowered, folded, accented):
        return None
    if _first(_AFTER_TAKING, lowered, folded, accented) is None:
        return None
    return sign


def _unsafe_use(
    lowered: str,
    folded: str,
    accented: bool,
    frame: QueryFrame | None,
    warnings: WarningLines | None,
) -> tuple[str, UnsafeUse] | None:
    drugs = [fold_aligned(d) for d in (frame.drugs if frame is not None else [])]
    hit = _first(END_PREGNANCY_CUES, lowered, folded, accented)
    if hit and not _first(_END_PREGNANCY_NOT, lowered, folded, accented):
        return hit, UnsafeUse.END_PREGNANCY
    weekly = any(d in WEEKLY_DRUGS for d in drugs)
    if weekly and (hit := _first(DAILY_CUES, lowered, folded, accented)):
        return hit, UnsafeUse.WEEKLY_TAKEN_DAILY
    age = frame.age_months if frame is not None else None
    infant_word = _first(_INFANT_WORDS, lowered, folded, accented)
    if infant_word is not None and age is None:
        age = 0.0
    if age is None or age >= INFANT_MONTHS:
        return None
    if warnings is None or not _first(_GIVE_OR_USE, lowered, folded, accented):
        return None
    for drug in frame.drugs if frame is not None else []:
        if age_limit_lines(warnings(drug), age):
            return infant_word or drug, UnsafeUse.INFANT
    return None


def classify(
    text: str, frame: QueryFrame | None = None, warnings: WarningLines | None = None
) -> TriageResult | None:
    """The triage of one turn's `text` (with the resolved `frame`'s drugs and age), or None.

    `warnings` reads a drug's warning text from the loaded corpus; without it the infant
    rule has nothing to stand on and never fires.
    """
    lowered, folded, accented = _forms(text)
    if (cue := _self_harm(lowered, folded, accented)) is not None:
        return TriageResult(Triage.SELF_HARM, cue)
    if (cue := _emergency(lowered, folded, accented)) is not None:
        return TriageResult(Triage.EMERGENCY, cue)
    if (found := _unsafe_use(lowered, folded, accented, frame, warnings)) is not None:
        return TriageResult(Triage.UNSAFE_USE, found[0], found[1])
    return None


def triage_turn(
    text: str,
    frame: QueryFrame,
    *,
    answers_open_question: bool,
    warnings: WarningLines | None = None,
) -> TriageResult | None:
    """Triage of the raw text, then (for a reply to an open question) of the merged frame's
    question, which carries the earlier question's words. Only then: a follow-up after an
    answered turn must not re-trigger on words a finished turn already triaged."""
    found = classify(text, frame, warnings)
    merged = frame.standalone_query.strip()
    if found is None and answers_open_question and merged and merged != text.strip():
        found = classify(merged, frame, warnings)
    return found


__all__ = [
    "EMERGENCY_SIGNS",
    "UNSAFE_USE_FALLBACK_SECTIONS",
    "UNSAFE_USE_SECTIONS",
    "WEEKLY_DRUGS",
    "TriageResult",
    "UnsafeUse",
    "WarningLines",
    "age_limit_lines",
    "classify",
    "dose_mentions",
    "limits_age",
    "speaks_to",
    "triage_turn",
]
