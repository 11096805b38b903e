"""The word lists that read an ingestion as an event (`safety.ingestion`): who, took, how
much, when; matched like every safety list (`safety.cue_matching`)."""

from __future__ import annotations

import re

from safety.cue_matching import cues
from safety.symptom_cues import SYMPTOM_CUES

_W = r"(?:\w+ )"  # one word and its space, for "up to n words in between"
# "không" as people type it: ko, k, kh, hông, chẳng, chả, hổng, hok.
_NOT = r"(?:không|ko|k|kh|hk|hok|hông|hổng|chẳng|chả|chả còn|chẳng còn|không còn)"
_TAKE = r"(?:uống|nuốt|tiêm|truyền|dùng|ngậm|nhai|xịt|đặt|bôi)"
_CONTAINER = r"(?:chai|lọ|vỉ|hộp|tuýp|gói|nắm|vốc|bịch|túi|ống|bình)"
_MANY = r"(?:[1-9]\d+|mười|chục|vài chục|hàng chục|cả chục|cả nắm|một nắm|nắm|cả vốc)"

_NUM = (
    r"(?:\d+(?:[.,]\d+)?|một|hai|ba|bốn|tư|năm|sáu|bảy|tám|chín|mười|mươi|chục|mấy|vài|"
    r"dăm|nhiều|mấy chục|vài chục|cả chục|hàng chục)"
)
_UNIT = r"(?:viên|vien|vỉ|chai|lọ|hộp|gói|ống|ml|thìa|muỗng|nắm|vốc|liều|cữ|nhát|ngụm)"
_YEAR = r"(?!(?<=nắm) (?:nay|rồi|trước|qua|tuổi|sau|liền))"  # folded, "1 năm nay" is "1 nắm"
_UNIT_AFTER = r" " + _UNIT + _YEAR
_NOT_STRENGTH = r"(?<!/)(?<!/ )(?!(?<=mg )\d+(?:[.,]\d+)? ?ml)"  # "150mg/5ml", "125mg 5ml"
CHILD_CUES = cues(
    (
        r"(?:em )?bé",
        # An age that is a child's, whoever is named ("em trai 4 tuổi", "18 tháng").
        r"(?:[1-9]|1[0-1]) ?(?:tuổi|t)",  # "đứa 4t", "con 2 t": a child's age typed short
        r"(?<!thai )(?<!bầu )(?<!có mang )\d+ tháng(?: tuổi)?(?! (?:nay|qua|trước|liền|rồi|sau))",
        r"cháu",
        r"trẻ",
        r"thằng (?:bé|cu|nhóc|nhỏ|em)",
        r"cu cậu",
        r"thg cu",
        r"cu (?:tí|tý|tôm|bin|bi|cún)",
        r"đứa (?:nhỏ|bé|trẻ|con)",
        r"nhóc",
        r"(?:tụi|bọn|lũ|mấy đứa) (?:nhỏ|trẻ|nhóc|con nít|con nhỏ)",
        r"bạn nhỏ",
        r"con (?:tôi|em|mình|nhà|bé|gái|trai|tui|t|e|mk|út|nhỏ)",
        r"(?:bé|thằng|con|em) út",
        r"em nó",
        # "nó nhai nhai cái gì đó, em móc ra": a small one's mouth at work, told by a carer
        r"nó (?:cứ |đang |vừa |lại )?(?:nhai|ngậm|mút|liếm|cắn|bốc|nghịch)",
    ),
    # "con" alone folds like "còn" (still): it counts only as typed, or with no accents at all.
    strict=(r"con",),
)
TAKE_CUES = cues(
    (
        r"uống[sgh]?|took|take|taken",
        r"uốg",
        r"nuốt",
        r"tiêm",
        r"chích",
        r"nhai",
        r"liếm",
        r"(?:bỏ|cho|nhét|đút|xịt) (?:\w+ )?(?:vào|vô) (?:mồm|miệng)",
        # a filler between, as said in the centre ("tu mô hết nửa chai", "tu luôn hết")
        r"tu (?:mô |luôn |liền |cái )?(?:hết|cạn|sạch|cả|nguyên|luôn|một hơi|1 hơi|ừng ực|gần|"
        r"nửa|hơn)",
        r"húp",  # slurped from the bottle or a cup ("húp hết nửa chai siro")
        # bit into it ("cắn vỡ", "cắn nát"); bare "cắn" only as typed with its accent, below
        r"cắn (?:vỡ|nát)",
        r"tu (?:\w+ )?(?:ngụm|hớp)|tự (?:ý )?tăng (?:\w+ )?liều(?: \w+)? lên",
        # drunk straight from the bottle ("leo lên bàn tu chai siro"): no spoon, no dose
        r"tu (?:chai|lọ|bình|ống|siro)",
        # a gulp at once, then how much: "tu 1 lúc nửa hộp"
        r"tu (?:1|một) (?:lúc|hơi|mạch|phát) (?:\w+ )?(?:hết|cạn|sạch|cả|nửa|gần|\d+)",
        # slang "làm" (have, down) with a count: "tối qua làm liền 8 viên"
        r"làm (?:liền |luôn |một lúc |1 lúc |một phát |1 phát )?(?:\d+|mấy|vài|nửa|cả) "
        r"(?:viên|vỉ|lọ|hộp|gói|ống|v)",
        # given by hand with a count ("người nhà tự đưa thêm 3 viên"), not "đưa đi viện"
        r"đưa (?:thêm |cho (?:\w+ )?)?(?:\d+|mấy|vài|nửa|một|hai|ba) (?:viên|gói|ống|v)",
        r"bơm (?:cho (?:\w+ )?)?(?:\d+(?:[.,]\d+)? ?ml|mấy|vài|nửa|một|hết|cả)",  # by syringe
    ),
    # Folded, these are other words: "an" (an toàn), "ngam" (ngắm), "mut" (mứt), "gam"
    # (gram), "noc" (nọc): they count as typed, or in text typed with no accents at all.
    strict=(
        r"ăn(?! (?:toàn|thần|ninh|uống|ngon|ít|kiêng|no|sáng|trưa|tối|cơm|gì|được|nhiều))",
        r"ngậm",
        r"mút",
        r"gặm",
        r"nốc",
    ),
    typed=(r"cắn",),
)
# Someone took it who was not given it, or not the way it was meant.
UNSANCTIONED_CUES = cues(
    (
        r"trộm",
        # "bé nghịch quá" (naughty) is not this; playing with the medicine is.
        r"nghịch (?:(?:\w+ ){0,2}?(?:thuốc|vỉ|lọ|hộp|chai|tủ thuốc)|uống|nuốt|ăn)",
        r"vô tình",
        r"sơ ý",
        r"bất cẩn",
        r"không cẩn thận",
        # Not a slip of the tongue or the keyboard ("à nhầm, ý em là …", "gõ nhầm").
        r"(?<!pha )(?<!\bà )(?<!\bá )(?<!\bấy )(?<!\bơ )(?<!\bgõ )(?<!\bnói )(?<!\bđánh )"
        r"nhầm(?! (?:giờ|ngày|bữa|lịch))",
        r"tự (?:lấy|mở|trèo|bóc|leo|ý lấy)",
        # beyond what the ward or the doctor ordered ("ngoài y lệnh", "ngoài toa")
        r"ngoài (?:y lệnh|đơn|toa|chỉ định)",
        r"(?:bỏ|nhét|đút) (?:\w+ ){0,3}?(?:vào|vô) (?:mồm|miệng)",
        r"(?:nó|bé|con|cháu|thằng \w+|đứa \w+) (?:\w+ ){0,2}?lấy (?:\w+ ){0,2}?"
        r"(?:uống|ăn|nuốt|nhai)",
        r"(?<!không )(?<!ko )(?<!k )(?<!chẳng )(?:lấy|cầm|mở|bóc) được",
        r"(?:như|tưởng (?:là )?)kẹo",
        r"ừng ực",
        r"tưởng (?:là )?(?:chưa|kẹo|nước|sữa|vitamin|thuốc bổ|thuốc khác)",
        # one medicine taken for another ("tưởng efferalgan là viên canxi nên uống 4 viên")
        # (not a schedule or a way of taking it believed: "tưởng là mỗi ngày 2 viên nên …")
        r"tưởng (?:\w+ ){0,4}?là (?!(?:uống|dùng|ăn|nhai|ngậm|\d|mỗi|ngày|một|hai|ba|sáng|trưa|"
        r"chiều|tối|trước|sau|lúc|phải|được|không|chỉ|cần|nên|hết|bình thường)\b)(?:\w+ ){1,3}?"
        r"(?:nên|rồi|mà|thì) (?:\w+ )?(?:uống|cho uống|ăn|nuốt|nhai)",
        # (unmarked "cho do quen" is "cho đỡ quên": a way not to forget, nothing taken)
        r"(?<!\bcho )(?:vì|do) (?:tưởng|nhầm|quên|(?:không|ko|chẳng|chả) nhớ|lú lẫn|lẫn)",
        # Not a way of taking it, nor a time of day, swapped ("thay vì nhai", "thay vì sáng")
        r"thay vì(?! (?:nhai|ngậm|nuốt|pha|hòa|bẻ|nghiền|uống nguyên|đặt|xịt|bôi|sáng|trưa|"
        r"chiều|tối|đêm|buổi|trước ăn|sau ăn|lúc))",
        r"lúc (?:\w+ ){0,2}?(?:đi chợ|đi làm|đi vắng|ngủ|không để ý|không có nhà|nấu cơm|tắm)",
        r"(?:uống|dùng|nuốt) (?:\w+ )?(?:nhiều quá|quá nhiều|quá số|quá tay)",
        # (unmarked "uong mat mat" is "uống mát mát": drunk cool, nothing lost)
        r"(?:uống|ăn|nuốt|nhai|ngậm|nốc) mất(?! ngủ\b| bao| mấy (?:ngày|tiếng|phút|giờ|tuần))"
        r"(?! mát\b)",
        # a container finished by any mouth ("liếm hết nửa tuýp"), or one whole blister or
        # box at once ("ăn 1 vỉ allopurinol"; a sachet or an ampoule is a dose)
        r"(?:uống|ăn|nuốt|nốc|dùng|liếm|mút|nhai|ngậm|tu) (?:\w+ ){0,3}?"
        r"(?:hết|sạch|cạn|gần hết|hơn nửa|quá nửa|nửa|cả)"
        r" (?:\w+ )?(?:chai|lọ|vỉ|hộp|tuýp|gói|nắm|vốc|bịch|túi|ống)",
        r"(?:uống|ăn|nuốt|nốc) (?:\w+ ){0,2}?(?:1|một|nguyên|trọn) (?:vỉ|hộp|lọ)"
        r"(?! (?:\w+ )?(?:trong|mấy|được|dùng|thì|là|bao))",
        r"(?:một|1|cả|nguyên) (?:nắm|vốc)" + _YEAR,
        r"(?:uống|dùng|tiêm|chích) (?:\w+ ){0,3}?(?:hai|2|ba|3) lần (?:\w+ ){0,4}?"
        r"(?:liền|liên tiếp|trong|sáng nay|tối nay|trưa nay|một lúc|1 lúc|cùng lúc|"
        r"vì quên|do quên)",
        # "sáng giờ uống 3 lần Cozaar": several times since a moment of today, told
        r"(?:sáng giờ|từ sáng|nãy giờ|hôm nay|tối qua tới giờ) (?:\w+ ){0,2}?(?:uống|dùng) "
        r"(?:\w+ ){0,2}?(?:[2-9]|hai|ba|bốn|năm|sáu) lần",
        r"quên (?:nên|mà|rồi) (?:\w+ )?uống (?:lại|thêm|tiếp)?",
        r"quên,? (?:\w+ ){0,2}?uống (?:lại|thêm|tiếp)",
        r"uống (?:lại|thêm) (?:\w+ )?(?:lần|liều) nữa",
        r"quên (?:là )?(?:đã|mình đã|vừa|đã có) uống",
        r"uống (?:thêm|trùng|lại) (?:một |1 )?liều",
        # two doses minutes apart, a second carer's dose ("em lại cho thêm"), a dose raised
        r"(?:hai|2|ba|3) lần (?:\w+ ){0,2}?cách (?:nhau )?(?:\d+|mấy|vài|mười) phút",
        r"(?:lại|cũng) cho (?:\w+ )?(?:uống )?thêm|tự (?:ý )?tăng (?:\w+ )?liều",
    ),
    # "lén" folds like "lên"; "lẫn" (confused) like "lần"; "nhặt" (picked up) like "nhất"; "vụng"
    # like "vùng" ("vùng kín"), "vững"; "vớ được" (got hold of) like "thay vô được" (put in).
    strict=(
        r"vụng(?! (?:kín|da|bụng|đầu|lưng|mặt|cổ|ngực|háng|bẹn))|(?<!thay )(?:vớ|với) được",
        # "lên cơn hen" (a flare), "lên men" fold like "lén": only beside what was done.
        r"lén(?= (?:lút|lấy|uống|ăn|nuốt|mở|bóc|trèo|leo|lục|cầm|bố|mẹ|ba|má|người|\w+ (?:uống|"
        r"ăn|lấy|nuốt)))|(?:uống|ăn|lấy|nuốt) lén",
        r"(?<!\d )(?<!mỗi )(?<!một )lẫn(?=,| rồi| nên| quên| mà)",
        # "Tết nhất", "nhất là", "nhất định": the other word, typed without accents
        r"(?<!duy )(?<!tốt )(?<!ít )(?<!nhiều )(?<!thứ )(?<!tết )(?<!hay )(?<!nhanh )"
        r"nhặt(?! (?:là|định|thiết|quyết|trí)\b)(?: được)?",
    ),
)
AMOUNT_CUES = cues(
    (
        _NOT_STRENGTH
        + r"(?:khoảng |hơn |gần |tới |đến |chừng |cỡ |mất |cả |thêm )?"
        + _NUM
        + _UNIT_AFTER,
        _NOT_STRENGTH + r"\d+ ?(?:ml|viên|v)",
        r"(?:hết|gần hết|hơn nửa|quá nửa|nửa|cả|nguyên|sạch) (?:\w+ )?(?:chai|lọ|vỉ|hộp|gói|nắm)",
        r"một lúc " + _NUM,
        r"cùng (?:một )?lúc",
    ),
)
COMPLETED_CUES = cues(
    (
        r"rồi",
        r"r",
        r"đang (?:nhai|ngậm|uống|nuốt|ăn|mút|gặm)",
        r"(?:liền |cùng )?một lúc",
        r"cùng lúc",
        r"(?:ăn|uống|nuốt|nhai|nốc) (?:\w+ ){0,3}?hết",
        r"vừa",
        # folded, "mỗi" (each: "mỗi ngày", "mỗi lần") is "mới"
        r"mới(?! (?:ngày|lần|sáng|tối|buổi|tuần|tháng|bữa|cữ|liều))",
        r"đã",
        r"lúc nãy",
        r"hồi nãy",
        r"ban nãy",
        r"(?:sáng|trưa|chiều|tối|đêm) (?:nay|qua|hôm qua)",
        r"hôm qua",
        r"xong",
        r"(?:mới )?phát hiện",
    ),
)
# Asking how much to give, or whether a use is fine: a dose question, not an event.
DOSE_QUESTION_CUES = cues(
    (
        r"(?:được|đc|dc) (?:không|ko|k|hông|hok|chưa|chứ|ko ạ|k ạ)",
        r"có được",
        r"(?:có )?(?:dùng|uống|cho|sử dụng|xài) (?:\w+ )?được (?:\w+ ){0,4}?(?:không|ko|k|chưa)",
        # not doubt about how many were taken ("bà không biết bao nhiêu, lọ vơi nhiều")
        r"(?<!không biết )(?<!ko biết )(?<!k biết )(?<!chẳng biết )(?<!không rõ )"
        r"(?<!không nhớ )(?<!ko nhớ )bao nhiêu",
        r"bao nhiu|bn (?:ml|viên|v|mg|gói|lần|giọt|muỗng|thìa)",
        r"(?<!là )(?<!lần )(?<!tăng )(?<!đôi )liều(?! trước| hôm qua| người lớn| của người lớn)",
        # Not "so" ("đắng quá nên nhổ ra", "vậy nên", "nên tối qua uống", "nên không biết").
        r"(?:có )?(?<!quá )(?<!lắm )(?<!vậy )(?<!thế )(?<!cho )nên(?! (?:tối|sáng|trưa|chiều|đêm|"
        r"hôm) (?:qua|nay)| đã| vừa| mới| lúc nãy| tự| (?:không|ko|k|chẳng) (?:biết|rõ|nhớ))",
        # "bé uống mấy viên diazepam rồi" tells what happened; "uống mấy viên" asks.
        # How to give it ("4mg thì cho uống sao", "cho dùng thế nào"): a question on the dose.
        r"(?:cho|thì) (?:uống|dùng) (?:sao|thế nào|như nào|ntn|làm sao|ra sao)",
        # Any way of giving it: "nhét mấy mg", "đặt mấy viên", "tiêm mấy ml".
        r"(?<!đã )(?<!vừa )(?<!mới )(?:uống|dùng|cho uống|nhét|đặt|tiêm|chích|xịt|nhỏ|bơm) "
        r"(?:\w+ )?mấy(?! (?:\w+ ){0,3}?rồi)",
        # "… mấy ml?" at the end asks how much; "gặm mấy viên của bố" tells a few.
        r"(?<!thiếu )(?<!mất )mấy (?:ml|viên|thìa|gói|giọt|muỗng|lần)(?: (?!rồi)\S+){0,2} ?\??$",
        r"một ngày",
        # not "ngủ say hơn mọi ngày" (than other days)
        r"(?<!hơn )(?<!như )mỗi (?:ngày|lần|sáng|tối|\d+(?! ?(?:tuổi|tháng|t\b)))",
        # A day's amount ("uống ngày 1 viên", "ngày mấy lần") and an amount against another
        # ("1 viên hay 2 viên"): a schedule asked, not a taking told.
        r"(?<!\d )(?<!mỗi )ngày (?:uống )?(?:\d+|một|hai|ba|mấy|vài) (?:viên|lần|gói|ml|v)",
        r"(?:\d+|một|hai|ba|bốn|nửa) (?:viên|lần|gói|ml|v)(?: \d+ ?(?:mg)?)?(?: ?/ ?ngày)? hay "
        r"(?:\d+|một|hai|ba|bốn|mấy|nửa)",
        # Allowed now, or yet ("giờ uống paracetamol được rồi", "dùng lại được chưa").
        r"(?:uống|dùng|cho uống|tiêm|ăn) (?:\w+ ){0,3}?(?:được|đc|dc) (?:rồi|chưa)",
        r"cách (?:nhau )?(?:mấy|bao)",
        r"tối đa",
        r"(?:đúng|phải) (?:không|ko|k|hông|hok)",
        r"thế nào",
        r"như thế nào",
        # "trẻ 5 tuổi uống oresol sao": how to take it, asked (not "… rồi, làm sao")
        r"(?:uống|dùng|pha|cho uống) (?:\w+ ){0,2}?(?<!làm )(?<!rồi )(?:ra sao|sao|như nào)\s*\??$",
    ),
    # Folded, "can" is also "cạn" (drained: "uống cạn chai") and "cắn" (bit: "cắn ăn 3 viên");
    # "cần" asks only as "có cần" or before what is needed ("cần uống mấy", "cần phải"), not
    # in "xỉn quắc cần câu".
    strict=(r"có cần", r"cần (?:uống|dùng|cho|phải|bao|mấy|thiết|gì|giảm|tăng|chỉnh|bổ sung)"),
    # The southern "nhiêu" before a unit ("cho nó uống nhiêu ml", "mũi đó nhiêu mg") is "bao
    # nhiêu" cut short; only as typed: folded it is "nhiều" (many: "uống nhiều ml quá").
    typed=(r"nhiêu (?:ml|mg|viên|gói|giọt|ống|lần|cc|muỗng|thìa)",),
)
# The amount of a course that was meant to be taken: "uống hết vỉ kháng sinh rồi vẫn ho".
TREATMENT_CUES = cues(
    (
        r"vẫn (?:còn )?(?:sốt|ho|đau|chưa|không|bị|thấy)",
        r"không (?:đỡ|khỏi|hạ)",
        # not a purpose ("uống cả chục viên cho lẹ hết đau"): what is hoped, not what followed
        r"(?<!mau )(?<!nhanh )(?<!lẹ )(?<!cho )(?<!để )(?:đỡ|khỏi|hết) (?:sốt|ho|đau|bệnh)",
        r"liệu trình",
        r"theo (?:đơn|toa|chỉ định)",
        r"(?:đúng|y) (?:như |theo )?(?:đơn|toa)",  # "uống đúng như đơn": as prescribed
        # days of it so far ("3 ngày nay", "2 năm nay"): a course, not one taking
        r"(?:\d+|mấy|vài|hai|ba|bốn|năm) (?:ngày|tuần|tháng|năm) (?:nay|liền|liên tục)",
        r"(?<!chơi )bác sĩ (?:kê|cho|dặn)|(?:như )?(?:bs|bsĩ|dược sĩ|ds) (?:kê|dặn|bảo)",
        r"dặn (?:\w+ )?(?:cho (?:\w+ )?)?(?:uống|dùng)|(?:(?:ra|xuất) viện|phẫu thuật|nhổ răng|"
        r"mổ (?:ruột thừa|đẻ|sỏi|nội soi|thoát vị|trĩ|ruột|dạ dày)) (?:\w+ ){0,4}?uống",
        r"kháng sinh",
        r"(?<!hơn )(?<!như )(?:mỗi|hằng|hàng) (?:ngày|sáng|tối|tuần)",  # the order's schedule
        r"\d+ (?:tiếng|giờ) (?:trước|rồi)",
        r"(?:không|ko|chẳng) (?:chịu )?(?:nuốt|uống|ngậm) (?:được|nổi)|(?:nuốt|ngậm) (?:\w+ ){0,4}?"
        r"(?:không|ko|chẳng) (?:được|nổi|trôi)(?! (?:\w+ )?(?:không|ko|k)\b)",  # can't swallow it
        r"không chịu (?:uống|nuốt)|khó nuốt",
        r"bao lâu (?:thì|mới|sau|nữa)|(?:mà|nhưng) (?:vẫn|chưa|không) (?:hạ|đỡ|khỏi|hết)",
        # The pack finished and the complaint still there: the course, and more to buy; not
        # how the person is after it ("mà vẫn đòi uống tiếp", "mà vẫn tỉnh").
        r"(?:mà|nhưng) (?:(?:huyết áp|đường(?: huyết)?|nhiệt độ|sốt|cơn \w+) )?vẫn (?:còn )?"
        r"(?!(?:đòi|muốn|uống|cứ|tiếp|chơi|tỉnh|ăn|khỏe|khoẻ|bình thường|bt|ổn|cười|chạy)\b)"
        r"\w+",
        r"mua (?:tiếp|thêm)",
    ),
)
# Worry about what happened ("… có sao không"): a report asking for help, not a dose question.
WORRY_CUES = cues(
    (
        r"có (?:sao|nguy hiểm|bị gì|ảnh hưởng|chết|độc|hại|vấn đề)",
        r"(?:phải |giờ |bây giờ )?làm (?:sao|gì)",
        r"(?:giờ|bây giờ|giờ phải|giờ tính|giờ thì) sao",  # "…, giờ sao ạ": what now
        r"nguy hiểm",
        # A first-aid step asked after it happened ("có cần rửa ruột ko", "có phải gây nôn").
        r"(?:có )?(?:cần|phải) (?:đi |vào |vô |phải |cho |(?:đưa|chở) (?:\w+ )?(?:đi |vào |lên )?)?"
        r"(?:viện|bệnh viện|nhập viện|cấp cứu|khám|"
        r"rửa (?:dạ dày|ruột|bao tử)|súc ruột|gây nôn|móc họng|cho nôn|uống than)",
        # An antidote asked ("mua gì để giải", "uống gì giải độc"), not a hangover or heat.
        r"(?:gì|j|thuốc gì|cái gì) (?:để |cho )?(?:giải|hóa giải)"
        r"(?! (?:rượu|nhiệt|khát|cảm|say|nóng))",
        # What to tell the one who called ("em nên nói với cô thế nào", "khuyên sao").
        r"(?:nên|phải) (?:nói|bảo|khuyên|tư vấn) (?:\w+ ){0,3}?(?:thế nào|như nào|sao|gì|ra sao)",
    ),
)
# A habit, not an event: "bé cứ đòi ăn thuốc vì tưởng kẹo".
HABIT_CUES = cues(
    (
        # not "thằng cu lấy" (the boy took it: "cu" is also "cứ" typed bare)
        # not "hay" as "or" ("uống chưa hay chỉ nghịch": which of the two happened)
        r"(?<!thằng )(?<!chưa )(?<!rồi )(?<!không )(?<!ko )"
        r"(?:cứ|hay|thường|lúc nào cũng|suốt ngày) (?:\w+ )?(?:đòi|thích|nghịch|lấy)",
        r"làm (?:sao|thế nào|cách nào) (?:để|cho)",
    ),
)
# Got hold of a medicine, with no verb of taking: worth the safety question.
HOLD_CUES = cues(
    (
        r"nghịch",
        r"bóc (?:mất|ra)?",
        r"(?:mở|bật|vặn) (?:được |ra |tung )?nắp",
        r"nắp mở",
        # Folded, "vơi" (depleted) is "với" (with): only said of the medicine, or as typed.
        r"vơi (?:hẳn|mất|đi|hết|bớt)",
        # Tablets missing from a blister, not "thiếu niên" (juvenile) or "thiếu máu" (anaemia).
        r"(?<!không )(?<!ko )(?<!chẳng )thiếu (?:mất )?" + _NUM + r" (?:viên|vỉ|gói)",
        r"(?:vỉ|lọ|hộp|chai) (?:\w+ ){0,2}?(?:bị )?(?:thiếu|vơi)",
        r"mất " + _NUM + r" (?:viên|vỉ)",
        r"với " + _NUM + r" (?:viên|vỉ)",
        r"(?<!không )(?<!ko )(?<!k )(?<!chẳng )lấy được",
        r"bốc",
        r"miệng (?:bé|con|cháu|nó) (?:có|dính)",
        r"vỏ vỉ",
        r"vỉ (?:trống|rỗng)",
        r"cạnh (?:đó|bé|nó) (?:là|có) (?:vỉ|lọ|hộp|chai)",
    ),
    # Folded, "cam" is also "cảm" (cảm ơn) and "cam" (orange). A prescription in hand
    # ("khách cầm toa", "cầm đơn thuốc ra quầy") is not the medicine in a child's hands.
    strict=(r"cầm(?! (?:theo )?(?:toa|đơn|giấy|phiếu|sổ))",),
)
# Another person's medicine in a child's hands or mouth ("viên sắt của mẹ").
OTHERS_CUES = cues(
    (
        r"của (?:ông|bà|bố|mẹ|ba|má|anh|chị|cô|chú|dì|bác|người lớn|ông bà|bố mẹ|"
        r"ông nội|bà nội|ông ngoại|bà ngoại|nội|ngoại|em bé|em|người khác|khách|hàng xóm)",
        # A grown-up's medicine given to or taken by a child ("thuốc ho người lớn").
        r"(?:thuốc|siro|viên) (?:\w+ ){0,2}?(?:của |dành cho |cho )?người lớn",
        r"(?:thuốc|viên|vỉ|lọ|hộp) (?:\w+ ){0,2}?của (?:tôi|tui|mình|tao)",
    ),
)
# The speaker does not know whether it was swallowed.
UNSURE_CUES = cues(
    (
        r"hình như",
        # not a skill missing ("bé không biết hít theo nhịp")
        r"(?:không|ko|k|kh|hk|hok|chẳng|chả|hổng|hông) (?:ai )?"
        r"(?:biết(?! (?:hít|cách|thở))|rõ|chắc|nhớ)",
        r"có thể (?:đã|là)",
        r"có lẽ",
        r"nghi(?! (?:giữa|trưa|ngơi|làm|học|phép|ốm|việc|ca|tết|lễ|hè|tay|chân)\b)",  # not a rest
        r"chắc(?! chắn)",  # "chắc chắn" is certainly
        r"hay là",
        # the taker's own word doubted ("nó bảo đổ đi rồi, có nên tin nó k"), or in English
        r"(?:có )?nên tin (?:\w+ )?(?:không|ko|k|hông|hok)|(?:không|ko|k|chẳng|chả) tin (?:nó|lời)",
        r"not sure|(?:don'?t|dont|do not) know if",
    ),
)
# A question about what too much does ("triệu chứng khi uống quá nhiều … là gì"), not an event.
KNOWLEDGE_CUES = cues(
    (
        r"là gì",
        r"triệu chứng",
        r"dấu hiệu",
        r"biểu hiện",
        r"khi (?:uống|dùng|bị)",
        r"xử trí",
    ),
)
# Taken at once ("3 viên một lúc", "trong 1 buổi"): several tablets together is an event.
AT_ONCE_CUES = cues(
    (
        # not a schedule ("12 tiếng 1 lần", "ngày 1 lần")
        # (after a strength, "4 viên 500 1 lúc", it is at once too)
        r"(?<!giờ )(?<!tiếng )(?<!ngày )(?<!tuần )(?<!(?<!\d)\d )(?<!(?<!\d)\d\d )"
        r"(?:một|1) (?:lúc|lần|lượt|hơi|phát)",
        r"cùng (?:một |1 )?lúc",
        r"trong (?:một|1) (?:buổi|lần|tiếng|giờ|lúc)",
        r"liền (?:một lúc|một mạch|mấy viên)",
    ),
)
# How often an order gives it: an interval per dose or doses a day ("8 giờ/lần", "mỗi 12
# tiếng 1 lần", "2 lần/ngày"), read folded.
ORDER_SCHEDULE = re.compile(
    r"\b\d+ ?(?:gio|tieng|h) ?(?:/|mot|1) ?lan\b|\b\d+ ?lan ?(?:/|mot|1|moi) ?ngay\b"
)
__all__ = [
    "AMOUNT_CUES",
    "AT_ONCE_CUES",
    "CHILD_CUES",
    "COMPLETED_CUES",
    "DOSE_QUESTION_CUES",
    "HABIT_CUES",
    "HOLD_CUES",
    "KNOWLEDGE_CUES",
    "ORDER_SCHEDULE",
    "OTHERS_CUES",
    "SYMPTOM_CUES",
    "TAKE_CUES",
    "TREATMENT_CUES",
    "UNSANCTIONED_CUES",
    "UNSURE_CUES",
    "WORRY_CUES",
]
