"""The word lists safety triage matches: self-harm, emergencies, and the uses the formulary
forbids, each a cue matched on the lowered and the accent-folded text.

The lists are data, written with diacritics as people type them; each is matched on the
accent-folded text too ("lo uong", "qua lieu"). A cue marked `strict` is ambiguous once
folded ("lo uống" is "worried about taking", "từ từ" folds like "tự tử"): it matches folded
only when the user typed no diacritics at all. `engine.triage` decides what the hits mean.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from core.text import fold_aligned


@dataclass(frozen=True)
class Cue:
    accented: re.Pattern[str]
    folded: re.Pattern[str]
    strict: bool

    def search(self, lowered: str, folded: str, accented_input: bool) -> str | None:
        if self.strict and accented_input:
            hit = self.accented.search(lowered)
        else:
            hit = self.folded.search(folded)
        return hit.group(0) if hit else None


def cues(patterns: Iterable[str], *, strict: Iterable[str] = ()) -> tuple[Cue, ...]:
    strict_set = tuple(strict)
    out = []
    for source in (*patterns, *strict_set):
        text = unicodedata.normalize("NFC", source)
        out.append(
            Cue(
                accented=re.compile(rf"(?<!\w){text}(?!\w)"),
                folded=re.compile(rf"(?<!\w){fold_aligned(text)}(?!\w)"),
                strict=source in strict_set,
            )
        )
    return tuple(out)


def first_cue(cues: Sequence[Cue], lowered: str, folded: str, accented: bool) -> str | None:
    for cue in cues:
        if (hit := cue.search(lowered, folded, accented)) is not None:
            return hit
    return None


_W = r"(?:\w+ )"  # one word and its space, for "up to n words in between"
_TAKE = r"(?:uống|nuốt|tiêm|truyền|dùng|ngậm|nhai|xịt|đặt|bôi)"
_CONTAINER = r"(?:chai|lọ|vỉ|hộp|tuýp|gói|nắm|vốc|bịch|túi|ống|bình)"
_MANY = r"(?:[1-9]\d+|mười|chục|vài chục|hàng chục|cả chục|cả nắm|một nắm|nắm|cả vốc)"

# -- self-harm and lethal-dose requests ---------------------------------------
SELF_HARM_CUES = cues(
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
INGESTION_CUES = cues(
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
OVERDOSE_EVENT_CUES = cues(
    (
        r"(?:bị|đã|vừa|mới|lỡ|nghi|có lẽ|hình như|chắc là|đang) " + _W + r"{0,2}?" + _OVERDOSE,
        _OVERDOSE + r" (?:\w+ ){0,4}?(?:rồi|phải làm sao|làm sao bây giờ|làm gì bây giờ|"
        r"phải làm gì|cấp cứu|gấp|cứu với|có sao không|có chết không)",
        r"uống quá liều",
    ),
)
HYPOTHETICAL_CUES = cues(
    (r"nếu", r"giả sử", r"trường hợp", r"khi nào", r"lỡ như", r"phòng khi"),
)

EMERGENCY_SIGNS = cues(
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
AFTER_TAKING_CUES = cues(
    (
        r"sau khi " + _W + r"{0,2}?" + _TAKE,
        r"(?:vừa|mới|đã) " + _W + r"{0,2}?" + _TAKE,
        _TAKE + r" " + _W + r"{0,6}?(?:xong|vào|rồi|thì bị|là bị|liền|bị|thấy|lập tức|ngay)",
    ),
)
SIGN_QUESTION_CUES = cues(
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
END_PREGNANCY_CUES = cues(
    (
        r"(?:phá|bỏ|xổ|tống|đẩy|hút|cho ra) (?:cái |bào )?thai",
        r"(?:để|cho|muốn|nhằm|làm) (?:\w+ ){0,2}?(?:sảy|sẩy|trụt|tuột) thai",
        r"không (?:muốn )?giữ (?:cái )?thai",
        r"(?:làm|gây) (?:ra )?(?:kinh|hành kinh) (?:lại|trở lại) (?:khi|vì) (?:có thai|trễ kinh)",
    ),
)
NOT_END_PREGNANCY_CUES = cues(
    (
        r"có (?:thể )?(?:làm|gây) (?:\w+ ){0,1}?(?:sảy|sẩy) thai",
        r"sau (?:khi )?(?:phá|sảy|sẩy|bỏ|hút) thai",
        r"(?:đã|từng) (?:phá|sảy|sẩy|bỏ|hút) thai",
        r"nguy cơ (?:sảy|sẩy) thai",
    ),
)
DAILY_CUES = cues(
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
INFANT_CUES = cues(
    (r"sơ sinh", r"nhũ nhi", r"mới sinh", r"mới đẻ"),
)
GIVE_OR_USE_CUES = cues(
    (_TAKE, r"cho " + _W + r"{0,2}?(?:uống|dùng)", r"liều", r"được không"),
)

__all__ = [
    "AFTER_TAKING_CUES",
    "DAILY_CUES",
    "EMERGENCY_SIGNS",
    "END_PREGNANCY_CUES",
    "GIVE_OR_USE_CUES",
    "HYPOTHETICAL_CUES",
    "INFANT_CUES",
    "INGESTION_CUES",
    "NOT_END_PREGNANCY_CUES",
    "OVERDOSE_EVENT_CUES",
    "SELF_HARM_CUES",
    "SIGN_QUESTION_CUES",
    "Cue",
    "cues",
    "first_cue",
]
