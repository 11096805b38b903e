"""The danger signs of a serious adverse reaction, by organ system, as people tell them
(issue 22 item 5): "môi sưng vều", "mắt húp híp", "người vật ra", "gọi không trả lời", "thở
yếu và chậm", "lòng trắng mắt vàng", "phân đen như hắc ín", "mạch 42 lần/phút", "đường
huyết 2.8", "mắt đảo ngược", "đau bụng dữ dội", "nôn liên tục".

A sign is written in the order people say it (the part of the body first or last: "sưng
môi" and "môi sưng to"), with diacritics; each is matched on the accent-folded text too
(`safety.cue_matching`), and the few that fold into everyday words ("xỉu", "ngất", "li bì")
only as typed. A sign said as slight ("hơi tím", "lơ mơ nhẹ", "bầm tím nhỏ nhỏ") is not a
danger sign: a hedge word before or after it keeps it out. The words that say the drug was
taken as prescribed ("đúng liều", "theo đơn", "bác sĩ kê", "uống 1 viên … thôi mà", "ngày 2
viên") are here too: with them, a sign after the drug is a reaction, not an overdose.

The lists are data; `safety.reactions` decides what a hit means.
"""

from __future__ import annotations

from collections.abc import Iterable

from safety.cue_matching import Cue, TurnText, cues

_W = r"(?:\w+ )"  # one word and its space
_NOT = r"(?:không|ko|k|hông|chẳng|chả)"
# Words between a part of the body and what it does that keep the sign as strong as said.
_LINK = r"(?:bị |thì |cũng |lại |đã |tự nhiên |tự dưng |bỗng )?"
# Not the throat: "họng sưng" is as often a sore throat, the illness a medicine is for.
_FACE = r"(?:môi|môi dưới|môi trên|lưỡi|mặt|mí mắt|mắt|hai mắt|mặt mũi)"
_BOTH_FACE = _FACE + r"(?: (?:với|và|,) " + _FACE + r")?"
_SWELL = r"(?:sưng|phù|húp|sưng phù|sưng to|sưng vều|sưng húp|sưng lên|phồng|sưng phồng)"
_NOT_ASKED = (
    r"(?! (?:sao|bị|phải|làm|thể|cần|nên|được|đc|dc|gì|ảnh|hại|nguy|khi|không|ko|k|hông|hok|"
    r"vấn|đúng|thường|hay|liên|lẽ|ai|thai))"
)
# Right after the sign ("bầm tím nhỏ nhỏ") or a word or two on in its clause ("chảy máu
# chân răng nhẹ").
_HEDGE_AFTER = (
    r"(?! (?:nhỏ|thôi|rồi hết|rồi tự hết))"
    r"(?! (?:\w+ ){0,2}?(?:nhẹ|nhè nhẹ|chút|một chút|tí|xíu|chút xíu|nhỏ nhỏ)(?!\w))"
)
# Said as slight, or as the illness still there ("vẫn sưng": the medicine not working yet).
_HEDGE_BEFORE = r"(?<!hơi )(?<!nhẹ )(?<!chút )(?<!hơi bị )(?<!vẫn )(?<!vẫn còn )(?<!vẫn bị )"

# By organ system: each tuple is what people say of it.
DANGER_SYSTEMS: dict[str, tuple[str, ...]] = {
    # lips, tongue, eyes, throat swelling; the airway narrowing
    "airway": (
        _BOTH_FACE + r" " + _LINK + r"(?:hơi )?" + _SWELL,
        _SWELL + r" (?:to |phù |vều |húp |lên )?(?:cả |hết )?" + _BOTH_FACE,
        r"húp híp",
        r"lưỡi (?:\w+ )?(?:dày|to|cứng) (?:lên|ra)",
        r"(?:họng|cổ họng|cổ) " + _LINK + r"(?:nghẹn|nghẹt|thắt|vướng vướng|thắt lại)",
        r"nghẹn (?:họng|cổ)",
        r"khó nuốt",
        _NOT + r" nuốt (?:được|nổi|đc)",
        r"(?:khàn tiếng|khóc khàn|nói (?:bị )?khàn|giọng khàn|nói ngọng|nói khó)",
    ),
    "breathing": (
        r"khó thở",
        r"thở khó",
        r"(?:khò khè|thở rít|rít rít|nghe rít|cò cử)",
        r"thở (?:rất )?(?:rít|rút lõm|hụt hơi|hổn hển|dốc|gấp|yếu|chậm|nông|ngáp|nhanh và sâu|"
        r"nhanh|không nổi|không ra hơi)",
        r"(?:thở|nói) " + _NOT + r" (?:nổi|ra hơi)",
        r"(?:ngạt thở|thiếu khí|thiếu không khí|ngừng thở|ngưng thở)",
        r"(?:tức|thắt|đau thắt|đau) ngực",
        r"ngực (?:\w+ )?(?:tức|thắt|đau)",
    ),
    # blue, pale and cold: the circulation failing
    "circulation": (
        r"tím tái",
        r"(?:môi|mặt|da|đầu ngón|móng) " + _LINK + r"tím",
        r"(?:tái mét|tái nhợt|tái xanh|xanh tái|tái lạnh|lạnh toát|trắng bệch)",
        r"(?:tay chân|chân tay) " + _LINK + r"(?:lạnh|lạnh ngắt|lạnh toát)",
        r"(?:người|da) " + _LINK + r"(?:lạnh ngắt|lạnh toát)",
        r"mồ hôi lạnh",
        r"(?:tụt|hạ) huyết áp",
        r"huyết áp " + _LINK + r"(?:tụt|hạ thấp|xuống thấp)",
        r"trụy mạch",
    ),
    # the heart's rhythm and rate, as a pulse counted at home
    "heart": (
        r"tim (?:\w+ )?(?:đập )?(?:loạn xạ|loạn nhịp|không đều|lúc nhanh lúc chậm|loạn)",
        r"loạn nhịp",
        r"mạch (?:\w+ ){0,2}?(?:không đều|lúc nhanh lúc chậm|loạn|rất chậm|rất yếu)",
        # a pulse of 50 or less ("bắt mạch chỉ có 42 lần/phút"); not a vein's order ("tiêm tĩnh
        # mạch 12 giờ/lần")
        r"(?<!tĩnh )(?<!động )mạch (?:chỉ |có |còn |đo |đếm |được )*(?:[1-4]\d|50)(?: nhịp| lần)?"
        r"(?: ?/ ?phút| phút)?(?![.,]?\d)(?! ?(?:giờ|tiếng|h)\b)",
    ),
    # waking, speaking, knowing where one is
    "consciousness": (
        r"(?:người )?(?:vật ra|lịm đi|lặng đi|lăng đi|mềm nhũn|rũ ra)",
        r"(?:ngã|té|gục) (?:gục|xuống|quỵ)(?: xuống)?",
        r"(?:bất tỉnh|hôn mê|mê man|không tỉnh|mê sảng|lú lẫn)",
        r"(?:gọi|lay|kêu|đánh thức) (?:\w+ ){0,2}?" + _NOT + r" (?:\w+ )?(?:dậy|tỉnh|trả lời|"
        r"thưa|phản ứng|biết gì|mở mắt)",
        r"gọi mới (?:ừ|dạ|tỉnh|mở mắt)",
        # hard to rouse ("gọi khó tỉnh", "lay khó dậy", "khó đánh thức")
        r"(?:gọi|lay|kêu) (?:\w+ ){0,2}?khó (?:tỉnh|dậy)|khó đánh thức",
        r"(?:nói|nói năng) (?:\w+ )?(?:lẫn lộn|lảm nhảm|linh tinh|không rõ|ú ớ)",
    ),
    # the muscles and tendons ("đau nhức cơ dữ dội", "gân gót sưng", "nghe phựt")
    "muscle": (
        # Folded, "cơ" is "có": never before what "có" asks ("đau có sao không").
        r"(?:yếu|đau|nhức|đau nhức) cơ" + _NOT_ASKED,
        r"(?:đau|sưng|đứt|nhức) (?:gót|gân gót|gân)",
        r"(?:nghe|kêu) (?:cái |tiếng )?(?:phựt|pực|rắc|bựt)",
        r"(?:đứng|đi) " + _NOT + r" vững",
        _NOT + r" (?:bước|nhón|đứng|nhấc) (?:\w+ ){0,4}?(?:được|nổi|đc)",
        _NOT + r" đi (?:lại |đứng )?(?:được|nổi|đc)",
        r"tê bì",
    ),
    # fits and the eyes rolling up (a dystonia after metoclopramide or domperidone)
    "nerves": (
        r"co giật",
        r"lên cơn giật",
        r"giật (?:tay chân|toàn thân|người)",
        r"mắt (?:\w+ )?(?:đảo ngược|trợn ngược|trợn|đảo lên|lệch)",
        r"trợn (?:mắt|ngược)",
        r"(?:ngửa|ưỡn) (?:cổ|người) ra sau",
        r"nhìn (?:\w+ ){0,4}?(?:thấy )?(?:vàng vàng|màu vàng|vàng hết)",
        r"đau đầu (?:\w+ )?(?:dữ dội|chưa từng có|như búa bổ)",
    ),
    # the skin coming away, blisters, the mouth and eyes raw
    "skin": (
        r"(?:bóng nước|bọng nước|phồng nước|phỏng nước|phồng rộp|rộp da)",
        r"(?:tróc|bong) (?:\w+ )?(?:từng mảng|mảng|da|lớp)",
        r"da (?:\w+ )?(?:tróc|bong)",
        r"lở loét",
        r"loét (?:\w+ )?(?:miệng|môi|lưỡi|họng|mắt|đỏ)",
        r"(?:miệng|môi|mắt|lưỡi)(?: (?:và|với) (?:miệng|môi|mắt))? " + _LINK + r"(?:loét|lở)",
        r"mắt đỏ ngầu",
        r"nổi (?:bông|ban|mẩn|mề đay|mày đay) (?:\w+ ){0,2}?(?:khắp|toàn|lan|hết)",
        r"(?:mề đay|mày đay|mẩn ngứa|mẩn đỏ|ban đỏ) (?:\w+ ){0,2}?(?:khắp|toàn|lan|hết)",
    ),
    # blood where it should not be
    "bleeding": (
        r"(?:nôn|mửa|ho) (?:ra )?(?:toàn |cả |nhiều )?máu",
        r"(?:đi ngoài|đi cầu|đi tiêu|đại tiện|tiêu chảy|đi phân) (?:\w+ ){0,2}?(?:máu|phân đen)",
        r"phân (?:màu |có màu )?(?:đen|có máu|lẫn máu|như bã cà phê|như hắc ín)",
        r"chảy máu (?:\w+ )?(?:không cầm|không ngừng|không dứt|nhiều|mãi|suốt|liên tục|cam)",
        r"chảy máu chân răng",
        r"(?:chấm|nốt|đốm) xuất huyết",
        r"xuất huyết",
        r"(?:bầm tím|vết bầm|nổi bầm) (?:\w+ ){0,3}?(?:nhiều|khắp|to|lan|lớn|bằng)",
        r"(?:người|tay chân|khắp người) (?:\w+ )?bầm tím",
        r"tiểu cầu (?:\w+ )?(?:tụt|giảm|thấp)",
        r"(?:nước tiểu|tiểu) (?:ra |có )?(?:máu|đỏ|hồng)",
    ),
    # the liver: yellow skin and eyes, dark urine
    "liver": (
        r"vàng (?:da|mắt|khè)",
        r"(?:mắt|tròng mắt)(?: (?:với|và|,) da)? " + _LINK + r"vàng",
        r"(?:nước tiểu|tiểu) (?:\w+ ){0,2}?(?:vàng sậm|vàng sẫm|vàng đậm|sậm|sẫm|đậm|nâu|"
        r"như nước trà|như nước vối|như coca|như nước coca|màu coca|màu trà|đỏ nâu)",
        r"đau (?:\w+ )?hạ sườn (?:phải|bên phải)",
    ),
    # the gut: pain that will not stop, vomiting without end
    "gut": (
        r"đau (?:\w+ ){0,3}?(?:dữ dội|như dao đâm|không chịu nổi|chưa từng có)",
        r"(?<!buồn )(?:nôn|mửa)(?: mửa)? (?:\w+ )?(?:liên tục|nhiều|không ngừng|không dừng|"
        r"hoài|suốt)",
        r"(?:đi ngoài|tiêu chảy) (?:\w+ ){0,3}?(?:\d{2}|mười|chục) lần",
    ),
    # sugar too low, counted at home ("đường huyết có 2.8")
    "sugar": (
        r"(?:hạ|tụt) đường (?:huyết|máu)",
        r"đường (?:huyết|máu) (?:\w+ ){0,2}?(?:[0-3](?:[.,]\d+)?)(?: ?mmol(?: ?/ ?l)?)?(?![.,]?\d)"
        r"(?! ?(?:lần|ngày|tuần|tháng|tiếng|giờ|viên|loại|cữ))",
    ),
    # a clot: a leg swollen and painful, a heparin's platelets falling
    "clot": (r"(?:bắp chân|cẳng chân|chân) (?:\w+ ){0,2}?sưng (?:\w+ )?(?:đau|nóng|to)",),
}
# Fainted ("xỉu"), not a small amount: typed bare, "nhỏ xíu", "tí xíu", "chút xíu", "một
# xíu", "lát xíu nữa" fold to the same letters ("thấy bé nhỏ xiu": tiny, not fainted), and
# "mệt xỉu" is worn out.
FAINTED = r"(?<!mệt )(?<!nhỏ )(?<!tí )(?<!chút )(?<!một )(?<!1 )(?<!lát )xỉu(?! xíu)"
# Folded, these are other words ("xiu" a bit, "ngat" cut, "li bi", "soc" a stripe).
DANGER_STRICT: tuple[str, ...] = (
    r"(?:người )?(?:lả đi|lả ra|đờ ra)",  # "là đi", "đổ ra"
    r"ú ớ",
    r"như (?:bị )?bỏng",  # "như bông"
    r"(?:co cứng|cứng cơ|cứng hàm)(?! (?:lúc|nhau|một|1|loại|thời|giờ|ngày|chỗ))",  # "có cùng"
    r"gân (?:gót )?(?:\w+ )?(?:sưng|đau|đứt)",  # "gần"
    r"(?:da|lòng trắng|tròng trắng|lòng trắng mắt)(?: (?:với|và|,) mắt)? " + _LINK + r"vàng"
    r"(?! (?:ạ|em|anh|chị|cháu|con|bác|cô|ok|cảm|thế|vậy|mình))",  # "dạ vâng"
    FAINTED,
    r"ngất",
    r"lơ mơ",
    r"li bì",
    r"lịm",
    r"sốc",
    r"phản vệ",
    r"lẫn lộn",
)


def _guarded(pattern: str) -> str:
    return _HEDGE_BEFORE + r"(?:" + pattern + r")" + _HEDGE_AFTER


def sign_cues(
    patterns: Iterable[str], *, strict: Iterable[str] = (), never_slight: Iterable[str] = ()
) -> Cue:
    """A list of signs (see `safety.cue_matching.cues`) that does not match a sign said as
    slight or as the illness still there ("lơ mơ nhẹ", "bầm tím nhỏ nhỏ", "vẫn sưng"); the
    `never_slight` ones count however they are said ("hơi khó thở" after a drug)."""
    return cues((*map(_guarded, patterns), *never_slight), strict=tuple(map(_guarded, strict)))


NEVER_SLIGHT = ("airway", "breathing")
"""Systems whose signs count even said as slight: the airway closing, breathing failing."""
DANGER_SIGNS = sign_cues(
    tuple(p for name, signs in DANGER_SYSTEMS.items() if name not in NEVER_SLIGHT for p in signs),
    strict=DANGER_STRICT,
    never_slight=tuple(p for name in NEVER_SLIGHT for p in DANGER_SYSTEMS[name]),
)
"""Every danger sign of every system, hedged signs left out (but the airway's and breath's)."""

# The drug taken as meant: what a doctor prescribed, the usual dose, one tablet, the course.
PRESCRIBED_CUES = cues(
    (
        r"đúng (?:liều|đơn|như đơn|theo đơn|cữ|giờ|chỉ định|như bác sĩ|bác sĩ|hướng dẫn)",
        r"theo (?:đơn|toa|chỉ định|hướng dẫn|bác sĩ|bs|lời bác sĩ)",
        # "như bs dặn", "bác sĩ dặn 1 nhát": the amount the doctor or pharmacist said
        r"như (?:lời )?(?:bác sĩ|bs|bsĩ|dược sĩ|ds|y tá) (?:\w+ )?(?:dặn|kê|bảo|chỉ|hướng dẫn|nói)",
        r"(?:bác sĩ|bs|bsĩ|dược sĩ|ds) (?:có )?dặn",
        r"(?:bác sĩ|bs|bsĩ|bệnh viện|phòng khám|trạm|y tá|điều dưỡng) (?:\w+ ){0,2}?"
        r"(?:kê|cho|chỉ định|tiêm|truyền)",
        r"(?:được|đc|dc) (?:\w+ )?(?:kê|chỉ định)",
        r"kê (?:đơn|toa|cho)",
        r"(?:uống|dùng|tiêm|xịt|ngậm) (?:\w+ ){0,2}?đều",
        r"(?:có|chỉ|mới|đúng) (?:1|một) (?:viên|gói|ống|liều|mũi|nhát|lần|cữ)",
        r"(?:1|một) (?:viên|gói|ống|liều|mũi|nhát|cữ) (?:\w+ ){0,3}?thôi",
        r"(?:liều|lần|cữ|mũi) (?:đầu|đầu tiên|thứ (?:\d|hai|ba|2|3))",
        r"lần đầu",
        r"(?:mỗi |hằng |hàng )ngày",
        r"(?<!\d )(?<!mỗi )ngày (?:uống )?(?:\d+|một|hai|ba) (?:lần|viên|gói|cữ)",
        r"(?:\d+|một|hai|ba) (?:lần|viên) (?:mỗi |một |1 )?ngày",
        r"(?:được|đc|dc) (?:[1-3]|một|hai|ba|vài) (?:cữ|liều|lần|viên|mũi|nhát)",
        r"đang (?:nằm viện|điều trị|hóa trị)",
        r"(?:để |cho |nên )?(?:trị|chữa|hạ|cầm|chống|cắt|giảm) "
        r"(?:sốt|đau|nôn|tiêu chảy|cơn|gút|nấm|viêm|hen|dị ứng|động kinh)",
    ),
)
"""Said of the drug: taken as a doctor meant, or as the usual dose."""

__all__ = [
    "DANGER_SIGNS",
    "DANGER_STRICT",
    "DANGER_SYSTEMS",
    "FAINTED",
    "NEVER_SLIGHT",
    "PRESCRIBED_CUES",
    "TurnText",
    "sign_cues",
]
