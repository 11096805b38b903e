"""The word lists safety triage matches: self-harm, emergencies, and the uses the formulary
forbids, each a cue matched on the lowered and the accent-folded text.

The lists are data, written with diacritics as people type them; each is matched on the
accent-folded text too ("lo uong", "qua lieu"). A cue marked `strict` is ambiguous once
folded ("lo uống" is "worried about taking", "từ từ" folds like "tự tử"): it matches folded
only when the user typed no diacritics at all. `safety.triage` decides what the hits mean.
"""

from __future__ import annotations

from safety.cue_matching import Cue, TurnText, cues, first_cue, gate_together
from safety.danger_signs import FAINTED, sign_cues
from safety.english_cues import INGESTION_EN
from safety.ingestion_cues import (
    AMOUNT_CUES,
    AT_ONCE_CUES,
    CHILD_CUES,
    COMPLETED_CUES,
    DOSE_QUESTION_CUES,
    HABIT_CUES,
    HOLD_CUES,
    KNOWLEDGE_CUES,
    OTHERS_CUES,
    SYMPTOM_CUES,
    TAKE_CUES,
    TREATMENT_CUES,
    UNSANCTIONED_CUES,
    UNSURE_CUES,
    WORRY_CUES,
)
from safety.medicine_cues import ASK_DRUG_CUES, CONFIRM_CUES, DENY_CUES, MEDICINE_CUES
from safety.question_cues import (
    _OVERDOSE,
    AMOUNT_TOO_MUCH_CUES,
    FEARED_CUES,
    OVERDOSE_QUESTION_CUES,
)
from safety.self_harm_cues import (
    DEATH_FIRST_IDIOM,
    DENIAL,
    DESPAIR_CUES,
    EXCLAMATION,
    FAREWELL_CUES,
    FEELING_IDIOM,
    OVERDOSE_ACT_CUES,
    PLAN_CUES,
    PURPOSE_CUES,
    SELF_HARM_CUES,
)

_W = r"(?:\w+ )"  # one word and its space, for "up to n words in between"
# "không" as people type it: ko, k, kh, hông, chẳng, chả, hổng, hok.
_NOT = r"(?:không|ko|k|kh|hk|hok|hông|hổng|chẳng|chả|chả còn|chẳng còn|không còn)"
# "đường truyền" (an IV line already in, a care setting) is a noun, not a taking.
_TAKE = r"(?:uống|nuốt|tiêm|(?<!đường )(?<!dịch )truyền|dùng|ngậm|nhai|xịt|đặt|bôi)"
_CONTAINER = r"(?:chai|lọ|vỉ|hộp|tuýp|gói|nắm|vốc|bịch|túi|ống|bình)"
_MANY = r"(?:[1-9]\d+|mười|chục|vài chục|hàng chục|cả chục|cả nắm|một nắm|nắm|cả vốc)"

# -- emergencies: an ingestion, overdose or poisoning that happened ------------
INGESTION_CUES = cues(
    (
        r"uống nhầm(?! (?:giờ|ngày|bữa|lịch))",
        r"nuốt nhầm",
        r"tiêm nhầm",
        r"uống lộn",
        r"nhầm (?:thuốc|liều|viên)",
        r"cho " + _W + r"{0,2}uống nhầm",
        r"nuốt phải",
        r"nuốt mất",
        # a drop, spray or syringe given into the mouth by mistake ("nhỏ nhầm lọ nhỏ mắt vào miệng")
        r"(?:nhỏ|xịt|bơm|đổ|bóp) (?:nhầm|lộn)[^.?!]{0,60}?(?:vào|vô) (?:miệng|mồm|họng)",
        *INGESTION_EN,
        r"(?:ăn|nuốt|tu|nốc) (?:gần hết|hết gần|hơn nửa|quá nửa)",  # "bé bóp tuýp ăn gần hết"
        # one product taken for another ("tưởng là kẹo nên …", "tưởng nước cam mà …")
        r"tưởng (?:là |nó là )?(?:siro|kẹo|nước|vitamin|thuốc bổ|sữa|men|thuốc (?:ho|sốt|cảm))"
        r"(?: \w+)?,? (?:nên|mà|rồi|ai ngờ)",
        # a patient given the wrong amount or drug ("bn được phát nhầm 3 viên")
        r"(?:phát|cấp|đưa|chia) (?:thuốc )?nhầm(?! (?:giờ|ngày|bữa|lịch))",
        r"(?:ăn|uống) phải (?:thuốc|viên|cả|hết)",
        r"nghịch (?:uống|ăn|nuốt)",
        r"(?:uống|nuốt|ăn|tu) (?:hết|cả|nguyên|sạch|luôn cả|hết cả) "
        r"(?:nửa |một |1 |hai |2 |ba |3 )?" + _CONTAINER,
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
    # "lỡ quên uống" is a missed dose, not an ingestion; "lỡ đau bụng thì cho uống gì" is
    # "in case": a condition, then what to give.
    strict=(
        r"lỡ (?!quên)(?!(?:\w+ ){1,2}thì )(?:tay )?"
        + _W
        + r"{0,2}?(?:uống|nuốt|tiêm|cho "
        + _W
        + r"{0,2}?(?:uống|nuốt))"
        # a dose taken late or early is a slip of time, not an ingestion
        + r"(?! (?:\w+ ){0,2}?(?:muộn|trễ|sớm|chậm|quá giờ|lệch giờ))",
    ),
)
OVERDOSE_EVENT_CUES = cues(
    (
        r"(?:bị|đã|vừa|mới|lỡ|nghi|có lẽ|hình như|chắc là|đang) " + _W + r"{0,2}?" + _OVERDOSE,
        # "quá liều ibuprofen có chết không" (no rồi, no bị) asks about overdose in general.
        _OVERDOSE + r" (?:\w+ ){0,4}?(?:rồi|phải làm sao|làm sao bây giờ|làm gì bây giờ|"
        r"phải làm gì|cấp cứu|gấp|cứu với)",
        r"uống quá liều",
        # the cause told ("ngộ độc digoxin do người nhà cho uống 3 viên", "quá liều vì uống …")
        _OVERDOSE + r" (?:\w+ ){0,3}?(?:do|vì|sau khi) (?:\w+ ){0,3}?(?:uống|dùng|tiêm|nuốt)",
    ),
)
# What was slipped is a drink or a food, not a medicine ("uống metronidazol mà lỡ uống 1 lon
# bia thì sao"): a question of taking them together, not an ingestion.
DRINK_SLIP_CUES = cues(
    (
        r"lỡ (?:uống|ăn|nhậu|làm) (?:\w+ ){0,3}?(?:bia|rượu|cà phê|cafe|sữa|trà|bưởi|cồn|"
        r"nước (?:ép|cam|bưởi|ngọt|tăng lực)|đồ uống có cồn)",
    ),
)
# Nothing missing from the pack ("vỏ còn nguyên viên", "đếm lại vẫn đủ", "không mất viên
# nào"): what a child licked or held was not swallowed. Not a tablet itself "còn nguyên" (it
# was in the mouth: some may have dissolved).
INTACT_CUES = cues(
    (
        # told, not asked ("vỉ còn đủ ko ta")
        r"(?:vỉ|vỏ|lọ|hộp|gói) (?:\w+ ){0,2}?(?:vẫn )?còn (?:nguyên|đủ)(?! nửa)"
        r"(?! (?:\w+ )?(?:không|ko|k|chưa|hả|ta|hông|hay|chứ)\b)",
        r"(?:đếm|kiểm) (?:\w+ ){0,2}?(?:vẫn |thấy )?(?:đủ|không thiếu|ko thiếu)",
        r"(?:không|ko|chưa|chẳng) (?:mất|thiếu|vơi) (?:\w+ )?(?:viên|gói|ml|giọt) nào",
        # a pack never opened ("vỉ chưa bóc, còn nguyên 10 viên")
        r"(?:vỉ|lọ|hộp|gói|chai) (?:\w+ )?(?:chưa|không|ko) (?:bóc|mở|xé|cạy)",
    ),
)
# Days of a drug already taken ("đã 5 ngày rồi", "suốt 6 ngày nay", "từ hôm"): taken daily
# when it was meant weekly, an overdose to act on now.
DAYS_ALREADY_CUES = cues(
    (
        r"(?:[2-9]|\d\d|hai|ba|bốn|năm|sáu|bảy|mấy|vài) (?:ngày|hôm|bữa) (?:nay|rồi|liền)",
        r"suốt (?:\d+|hai|ba|bốn|năm|sáu|bảy|mấy|vài|cả) (?:ngày|hôm|tuần)",
        r"tuần nay|từ hôm|mấy hôm nay|mấy ngày nay|(?:đã|lỡ) uống",
        # "mỗi ngày 6 viên cả tuần", "2 tuần liền": weeks of it
        r"cả (?:tuần|tháng)(?! (?:sau|tới|một lần|1 lần))",
        r"(?:[1-9]|hai|ba|mấy|vài) (?:tuần|tháng) (?:nay|rồi|liền)",
        # "uống liền 7 ngày", "4 viên liền 6 ngày", "liên tục 5 hôm": days in a row
        r"(?:(?:uống|dùng|tiêm|viên|gói|ống) liền|liên tục|liên tiếp) (?:[2-9]|\d\d|hai|ba|"
        r"bốn|năm|sáu|bảy|mấy|vài) (?:ngày|hôm|bữa|tuần)",
        r"(?:ngày|hôm|bữa|tuần) (?:liên tục|liên tiếp)",
    ),
)
# A dose taken at the wrong time, not in a wrong amount ("uống nhầm giờ", "sáng thay vì tối",
# "trễ 2 tiếng"): the book's missed-dose sentence answers it.
TIME_SLIP_CUES = cues(
    (
        r"nhầm (?:giờ|ngày|buổi|bữa|lịch|cữ)",
        r"(?:sáng|trưa|chiều|tối|đêm) thay vì (?:sáng|trưa|chiều|tối|đêm|buổi)",
        r"(?:trễ|muộn|sớm|quá giờ) (?:\d+|một|hai|ba|vài|mấy|nửa) (?:tiếng|giờ|phút|ngày)",
    ),
)
# Taken in the wrong state or with the wrong food, the dose itself as meant ("lỡ cho bé
# uống lúc đói", "lỡ uống sau ăn", "uống chung với sữa"): a how-to slip the book answers.
STATE_SLIP_CUES = cues(
    (
        r"(?:lúc|khi|bụng) (?:\w+ )?đói",
        r"chưa ăn(?: gì)?",
        r"(?:trước|sau|trong|lúc|cùng) (?:bữa )?ăn",
        r"(?:chung|cùng|với) (?:\w+ )?(?:sữa|nước cam|nước ngọt|trà|cà phê|nước trái cây)",
        # the time of day ("lỡ uống furosemid buổi tối": a night of passing water, not harm)
        r"(?:vào |lúc |hồi )?(?:buổi|ban) (?:tối|đêm|khuya|chiều|trưa|sáng)",
    ),
)
HYPOTHETICAL_CUES = cues(
    (r"nếu", r"giả sử", r"trường hợp", r"khi nào", r"lỡ như", r"phòng khi"),
)

# A sign said as slight ("lơ mơ nhẹ", "hơi khó thở thôi") is not one (`sign_cues`).
EMERGENCY_SIGNS = sign_cues(
    (
        r"co giật",
        r"lên cơn giật",
        r"sốc phản vệ",
        r"phản vệ",
        r"bất tỉnh",
        r"ngất xỉu",
        r"hôn mê",
        r"mê man",
        r"(?:gọi|lay) không (?:tỉnh|dậy)",
        r"nôn ra máu",
        r"tụt huyết áp",
    ),
    # Folded, these collide with everyday words ("chăm sóc", "ngắt", "lờ mờ").
    strict=(r"sốc", r"ngất", FAINTED, r"lơ mơ", r"li bì", r"lịm đi"),  # "mệt xỉu": worn out
    # The airway and breathing count even said as slight ("hơi khó thở").
    never_slight=(
        r"khó thở",
        r"thở dốc",
        r"ngừng thở",
        r"ngưng thở",
        r"không thở",
        r"tím tái",
        r"tím môi",
        r"phù (?:mặt|môi|lưỡi|mí mắt|họng|thanh quản)",
        r"sưng (?:mặt|môi|lưỡi|họng|mí mắt)",
    ),
)
# Too much, said of what was taken; a report only when the turn is not a question about it
# ("… có bị quá liều không" is one).
EXCESS_CUES = cues(
    (
        r"(?:dư|lố|vượt|quá) liều",
        r"uống (?:dồn|lặp|trùng|chồng)",
        r"(?:rồi|xong) (?:lại )?uống (?:thêm|lại|tiếp) (?:\w+ )?(?:lần|liều|viên)",
        r"(?:uống|dùng) (?:\w+ ){0,3}?(?:liều|thuốc) (?:của )?người lớn",
    ),
)
# An allergic or adverse reaction: its reply quotes the drug's Hướng dẫn cách xử trí ADR.
ALLERGY_SIGNS = sign_cues(
    (
        # not the illness a medicine is for ("thuốc dị ứng", "viêm mũi dị ứng", "vì dị ứng"),
        # nor a skin test ahead ("đi test dị ứng da", "thử dị ứng"), nor a season or a
        # cause outside any medicine ("suốt mùa dị ứng", "dị ứng thời tiết", "dị ứng phấn hoa")
        r"(?<!test )(?<!thử )(?<!mùa )"
        r"(?<!thuốc )(?<!trị )(?<!chống )(?<!mũi )(?<!viêm da )(?<!vì )(?<!do )dị ứng"
        r"(?! (?:thời tiết|phấn hoa|bụi|lông|hải sản|theo mùa))",
        r"sốc phản vệ",
        r"phản vệ",
        r"nổi (?:mẩn|mề đay|ban|mụn nước)",
        r"mẩn đỏ",
        r"mề đay",
        r"phát ban",
        r"phù (?:mặt|môi|lưỡi|mí mắt|họng|thanh quản)",
        r"sưng (?:mặt|môi|lưỡi|họng|mí mắt|mắt)",
        r"bong (?:da|tróc da)",
    ),
)
# Folded, "ngay" (at once) is also "ngày" (day): after a count or "mỗi" it is a day.
# Before a count ("uống ngày 1 viên", "ngày mấy lần") it is a day too, and before the words
# that only follow a day ("ngày nào cũng uống", "ngày mai", "ngày càng", "ngày thường").
AT_ONCE_NOT_A_DAY = (
    r"(?<!\d )(?<!mỗi )(?<!một )ngay(?! (?:\d|một|hai|ba|bốn|mấy|vài|uống \d|uống mấy"
    r"|nào|mai|càng|thường|xưa|kia))"
)
AFTER_TAKING_CUES = cues(
    (
        r"sau khi " + _W + r"{0,2}?" + _TAKE,
        r"(?:vừa|mới|đã) " + _W + r"{0,2}?" + _TAKE,
        r"(?<!đường )"  # "đường uống, bị co thắt phế quản": a route, then what it is for
        + _TAKE
        + r" "
        + _W
        # "tiêm diazepam vào tĩnh mạch": "vào" names where it goes, not what came after.
        + r"{0,6}?(?:xong|vào(?! (?:tĩnh mạch|bắp|mông|dưới da|hậu môn|trực tràng))|rồi|"
        + r"thì bị|là bị|liền|bị|thấy|lập tức|"
        + AT_ONCE_NOT_A_DAY
        + ")",
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
        r"có phải",
        # what follows, asked to be confirmed ("uống nhiều quá thì chảy máu đúng ko")
        r"thì (?:\w+ ){0,5}?(?:đúng|phải) (?:không|ko|k|hông|hok|hem)",
        r"(?:là|phải|bị) (?:\w+ ){0,2}?(?:dị ứng|tác dụng phụ|phản ứng)(?: \w+)? ?"
        r"(?:hả|không|ko|k|à|chứ|chăng|phải không)\s*\??$",
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
        r"ngày nào cũng(?! (?:được|đc|dc))",  # "chọn ngày nào cũng được": any one day
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
    "ALLERGY_SIGNS",
    "AMOUNT_CUES",
    "AMOUNT_TOO_MUCH_CUES",
    "ASK_DRUG_CUES",
    "AT_ONCE_CUES",
    "AT_ONCE_NOT_A_DAY",
    "CHILD_CUES",
    "COMPLETED_CUES",
    "CONFIRM_CUES",
    "DAILY_CUES",
    "DAYS_ALREADY_CUES",
    "DEATH_FIRST_IDIOM",
    "DENIAL",
    "DENY_CUES",
    "DESPAIR_CUES",
    "DOSE_QUESTION_CUES",
    "DRINK_SLIP_CUES",
    "EMERGENCY_SIGNS",
    "END_PREGNANCY_CUES",
    "EXCESS_CUES",
    "EXCLAMATION",
    "FAREWELL_CUES",
    "FEARED_CUES",
    "FEELING_IDIOM",
    "GIVE_OR_USE_CUES",
    "HABIT_CUES",
    "HOLD_CUES",
    "HYPOTHETICAL_CUES",
    "INFANT_CUES",
    "INGESTION_CUES",
    "INTACT_CUES",
    "KNOWLEDGE_CUES",
    "MEDICINE_CUES",
    "NOT_END_PREGNANCY_CUES",
    "OTHERS_CUES",
    "OVERDOSE_ACT_CUES",
    "OVERDOSE_EVENT_CUES",
    "OVERDOSE_QUESTION_CUES",
    "PLAN_CUES",
    "PURPOSE_CUES",
    "SELF_HARM_CUES",
    "SIGN_QUESTION_CUES",
    "STATE_SLIP_CUES",
    "SYMPTOM_CUES",
    "TAKE_CUES",
    "TIME_SLIP_CUES",
    "TREATMENT_CUES",
    "UNSANCTIONED_CUES",
    "UNSURE_CUES",
    "WORRY_CUES",
    "Cue",
    "TurnText",
    "cues",
    "first_cue",
]


# Lists every turn asks and few turns hit, asked through one union: an ordinary turn is
# read against all of them with one search (`safety.cue_matching.gate_together`; the same
# answers, measured over the tuning sets by bench/triage_identity.py).
RARE_CUES = gate_together(
    (
        SELF_HARM_CUES,
        PLAN_CUES,
        DESPAIR_CUES,
        FAREWELL_CUES,
        PURPOSE_CUES,
        HYPOTHETICAL_CUES,
        OVERDOSE_EVENT_CUES,
        EMERGENCY_SIGNS,
        ALLERGY_SIGNS,
        END_PREGNANCY_CUES,
        INFANT_CUES,
        FEARED_CUES,
    )
)
