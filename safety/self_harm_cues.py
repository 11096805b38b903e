"""The self-harm word lists: intent to die or to harm oneself, a plan, despair, a farewell,
and a lethal act; matched like every safety list (`safety.cue_matching`)."""

from __future__ import annotations

import re

from safety.cue_matching import cues
from safety.english_cues import SELF_HARM_EN

_W = r"(?:\w+ )"  # one word and its space, for "up to n words in between"
# "không" as people type it: ko, k, kh, hông, chẳng, chả, hổng, hok.
_NOT = r"(?:không|ko|k|kh|hk|hok|hông|hổng|chẳng|chả|chả còn|chẳng còn|không còn)"
_TAKE = r"(?:uống|nuốt|tiêm|truyền|dùng|ngậm|nhai|xịt|đặt|bôi)"

# -- self-harm and lethal-dose requests ---------------------------------------
# The people one follows into death: kin, a spouse, "người ấy".
_KIN = r"(?:bố|mẹ|ba|má|ông|bà|anh|chị|em|con|chồng|vợ|ổng|bả|người (?:ấy|đó|thương|yêu))"
SELF_HARM_CUES = cues(
    (
        r"tự sát",
        r"quyên sinh",
        r"tự kết liễu",
        r"tự (?:kết thúc|giải thoát|kết liễu)",
        r"(?:được )?giải thoát (?:cho )?(?:bản thân|mình|khỏi cuộc đời|khỏi kiếp này)",
        r"sống không bằng chết",
        r"(?:ngủ|đi|chết) luôn cho (?:rồi|xong|nhẹ)",
        r"thuốc (?:nào|gì) (?:\w+ ){0,3}?(?:chết luôn|tử vong|không tỉnh|đi luôn)",
        r"(?:muốn )?ra đi (?:trong giấc ngủ|mãi mãi|vĩnh viễn)",
        r"(?:em|tôi|mình|tao|tớ|con) (?:vừa |đã |lại |mới )?(?:cắt|rạch|cứa) (?:tay|cổ tay)",
        r"(?:viết|để lại) (?:xong )?(?:\w+ )?(?:di chúc|thư|lời)[,.;:]? "
        r"(?:\w+[,.;:]? ){0,4}?(?:uống|thuốc)",
        r"(?:chẳng|không|chả) còn (?:gì|ai) (?:để )?(?:lưu luyến|níu kéo|luyến tiếc|thiết tha)",
        r"nếu (?:em|tôi|mình|tao|tớ|con) (?:biến mất|chết|không còn|ra đi)",
        r"(?:chẳng|không|chả) (?:ai|có ai) (?:buồn|nhớ|tiếc|quan tâm) (?:\w+ )?(?:đâu|cả)",
        r"(?:muốn|cho|để|thì|là|sẽ) (?:\w+ )?(?:đi bán muối|lên bàn thờ|ngỏm|ngủm củ tỏi|"
        r"về với đất|xuống lỗ|die|chết mẹ cho rồi)",
        r"suicide",
        *SELF_HARM_EN,
        # Not "uống đi cho xong" (just drink it up), said to a child.
        # nor "uống thuốc gì cho hết đau": which medicine to relieve it, asked.
        r"(?:uống|nuốt|tiêm) (?!đi cho)(?!(?:\w+ )?(?:thuốc|loại|viên) (?:gì|nào|j) )"
        r"(?:\w+ ){0,6}?cho (?:chết|xong|nhẹ người|rồi|hết đau"
        # "cho hết đau bụng kinh": a pain relieved, not a life ended
        r"(?! (?:bụng|đầu|răng|lưng|họng|khớp|bụng kinh|dạ dày|bao tử|người|mình|chân|tay|cổ)))",
        r"chết (?:có|thì có) đau (?:không|ko|k)",
        r"(?:về|đi) (?:với|gặp) (?:ông bà|tổ tiên|bố|mẹ|ba|má) (?:\w+ )?(?:luôn|cho rồi|cho xong)",
        r"(?:treo cổ|nhảy lầu|nhảy cầu|nhảy sông|cắt cổ tay|tự làm đau|tự hành hạ)",
        r"(?:lượng|ngưỡng|số viên|mấy viên|bao nhiêu viên) (?:\w+ ){0,2}?(?:gây )?(?:chết|tử vong)",
        # Absence, farewell and a plan said without the word "chết".
        r"(?:mọi người|cả nhà|bố mẹ|ai cũng) (?:\w+ ){0,2}?(?:vui|tốt|nhẹ nhõm|nhẹ nợ) hơn"
        r" (?:\w+ ){0,2}?(?:không có|không còn|vắng) (?:em|tôi|mình|tao|tớ|con)",
        r"(?:em|tôi|mình|tao|tớ|con) (?:sẽ |sắp )?(?:không|chẳng) còn (?:ở đây|trên đời|"
        r"trên cõi đời|sống|tồn tại)",
        r"thư (?:tuyệt mệnh|để lại)",
        r"viết (?:thư|lời) (?:để lại|trăng trối|từ biệt)",
        r"vĩnh biệt (?:mọi người|cả nhà|tất cả|cuộc đời)",
        r"(?:không|chẳng) bao giờ (?:phải )?(?:thức|tỉnh) dậy",
        r"(?:uống|dùng) (?:\w+ ){0,2}?vào (?:là |thì |cho |để )?(?:đi luôn|chết|ngủ luôn)",
        # Folded, "đi êm" is "dì em" (my aunt): "êm" alone only as the end of a clause.
        r"đi (?:cho )?(?:nhẹ nhàng|êm ái|thanh thản|không đau)",
        r"đi cho êm",
        r"đi êm(?=$|[,.!?]| (?:thôi|luôn|nhé|nha|đi|cho))",
        r"chỉ còn cách (?:uống|chết|ra đi|tự)",
        r"(?:gom|tích|có|mua) (?:đủ|được đủ) (?:\w+ )?thuốc",
        r"(?:chỉ )?cần (?:đủ|thêm) thuốc",
        r"(?:không|ko|chẳng) (?:muốn )?(?:tồn tại|có mặt trên đời) nữa",
        r"(?:muốn )?(?:đi )?ngủ (?:mãi mãi|vĩnh viễn|mãi không dậy|mãi không tỉnh)",
        r"kết liễu (?:đời|cuộc đời|bản thân|mạng sống|chính mình)",
        r"kết thúc (?:cuộc đời|cuộc sống|đời mình|mạng sống|sự sống|tất cả|mọi chuyện|mọi thứ)",
        r"(?:muốn|tự|định|tính) kết liễu",
        # "lần này tôi làm thật": the act said as decided, after times it was not
        r"lần này (?:thì )?(?:em|tôi|mình|tao|tớ|con|t|tui) (?:sẽ )?(?:làm|đi|uống) thật",
        # "mệt muốn chết", "sợ muốn chết": an idiom for "very tired/afraid", not intent.
        r"(?<!mệt )(?<!đói )(?<!nóng )(?<!sợ )(?<!đau )(?<!lo )(?<!buồn cười )(?<!ngại )"
        r"(?<!ngủ )(?<!chán )(?<!lạnh )(?<!khát )(?<!hồi hộp )"
        r"(?:chỉ |rất |thật sự |thực sự )?muốn chết",
        r"(?:chẳng|không|ko|k|hết) (?:còn )?thiết (?:tha )?(?:sống|gì nữa)",
        r"hết thiết tha",
        r"(?:cho )?xong (?:đời|kiếp|một kiếp)",
        r"chết đi (?:cho|cho rồi|cho xong|cho rảnh|cho nhẹ)",
        r"(?:muốn|thà) chết (?:đi|quách)",
        r"(?:muốn )?biến mất (?:khỏi|khỏi cuộc đời|khỏi thế giới|mãi mãi|vĩnh viễn)",
        r"(?:không|ko|k|chẳng) muốn (?:tỉnh|thức) (?:dậy|lại)",
        r"ra đi (?:êm|êm ái|nhẹ nhàng|thanh thản|không đau)",
        r"muốn đi theo (?:bố|mẹ|ba|má|ông|bà|anh|chị|con|người)",
        # following a loved one into death ("đi theo mẹ luôn cho nhẹ", "chết theo chồng",
        # "cùng bà về bên kia"), not going along with them ("đi theo mẹ đi khám")
        r"chết (?:theo|cùng) " + _KIN,
        r"theo " + _KIN + r" (?:ấy |đó )?(?:về|sang|qua|xuống) "
        r"(?:bên kia|thế giới bên kia|suối vàng)",
        r"(?:đi|ra đi|về) (?:theo|cùng|với) " + _KIN + r" (?:(?:ấy|đó|luôn|hẳn|mãi) ){0,2}"
        r"(?:cho (?:rồi|xong|nhẹ|yên|đỡ khổ)|về (?:bên kia|thế giới bên kia|với tổ tiên)|bên kia)",
        r"chấm dứt (?:mọi thứ|tất cả|cuộc đời|cuộc sống|sự sống|mọi chuyện|mạng sống|hết)",
        r"muốn (?:\w+ ){0,6}?" + _NOT + r" (?:bao giờ )?(?:dậy|tỉnh|thức)(?: dậy)? (?:nữa|lại)",
        r"(?:đứng|ngồi|trèo|leo) (?:trên|lên|ra|ở) (?:thành |mép |lan can )?cầu"
        r"(?! (?:thang|lạc|tiêu|thủ|vồng|trượt|lông|nguyện))",
        r"tự (?:cắt|rạch|cứa) (?:tay|cổ tay|cổ)",
        r"(?:gom|tích|trữ|tích trữ|để dành) (?:\w+ ){0,4}?thuốc (?:ngủ|an thần)",
        r"(?:uống|nuốt|dùng) " + _W + r"{0,4}?(?:để|cho|mà) (?:được )?(?:ra đi|đi luôn|ngủ luôn|"
        r"chết|khỏi tỉnh|không tỉnh lại)",
        _NOT + r" (?:còn )?(?:muốn|mún|mun|thèm|thiết) sống",
        r"k0 (?:còn )?(?:muốn|mún|mun|thèm|thiết) sống",
        r"(?:làm sao|cách nào|cách gì|bằng cách nào) (?:để )?(?:được )?(?:chết|tự tử|ra đi)",
        r"(?:bao nhiêu|mấy)\b.*\b(?:muốn thử|thử xem sao|thử cho biết)",
        r"chán sống",
        # No reason, will or meaning left to live ("ko còn lý do gì để sống").
        r"(?:không|ko|k|chẳng|chả|hết) (?:còn )?(?:lý do|lí do|động lực|ý nghĩa|mục đích)"
        r" (?:gì )?(?:để |mà )?(?:sống|tồn tại)",
        r"sống (?:để làm gì|làm gì nữa|không nổi nữa)",
        r"sống làm (?:gì|chi) cho (?:mệt|khổ|chật đất)",
        r"tìm (?:đến )?cái chết",
        r"tự (?:làm )?hại (?:bản thân|mình|chính mình)",
        r"tự làm đau (?:bản thân|mình)",
        r"rạch (?:tay|cổ tay)",
        r"chết (?:cho xong|quách|cho rồi|cho nhẹ)",
        r"chết (?:nhanh|không đau|êm|êm ái|nhẹ nhàng)",
        r"ngủ (?:luôn|mãi mãi|một giấc) (?:không|chẳng) (?:bao giờ )?(?:dậy|tỉnh)",
        r"không (?:bao giờ )?tỉnh dậy nữa",
        r"liều (?:lượng )?(?:gây chết|chết người|gây tử vong|tử vong|chết|gây độc chết)",
        # "liều thuốc ngủ gây tử vong", not "quá liều có gây tử vong không" (a question).
        r"liều (?:(?!có |không )\w+ ){1,3}?(?:gây chết|chết người|gây tử vong|gây độc chết)",
        r"(?:muốn|để|cho|ước gì|ước) (?:\w+ ){0,2}?ngủ (?:\w+ ){0,8}?"
        + _NOT
        + r" (?:bao giờ )?(?:tỉnh|dậy|thức)",
        r"(?:bao nhiêu|mấy)\b.*\b(?:đủ để|để cho) (?:\w+ ){0,2}?(?:chết|ngừng|ngưng|hỏng|suy|"
        r"không tỉnh)",
        r"(?:gom|tích|có|mua|chuẩn bị|sắm) (?:sẵn |được |xong )?đủ (?:\w+ )?thuốc",
        r"(?:bao nhiêu|mấy|bao nhiu|nhiêu|nhiu|bn) " + _W + r"{0,5}(?:thì|để|sẽ|là|mới|có thể|"
        r"thì sẽ)? ?(?<!muốn )(?:chết|tử vong|mất mạng|qua đời|chết người|ngủ luôn|đi luôn|"
        # folded, "mấy ngụm" (a few sips) is "mấy ngủm": a measure, never right after the count
        r"(?<!mấy )(?<!bao nhiêu )(?<!bn )ngủm|"
        r"ra đi|tim ngừng|ngừng tim|ngừng thở|"
        + _NOT
        + r" (?:tỉnh|dậy|thức)(?: lại| dậy)?(?: được)?)",
        _TAKE + r" " + _W + r"{0,5}(?:để|cho|thì|là) (?:được )?(?:chết|tử vong|mất mạng)",
        # Wanting to be gone, said as a concept: a wish (muốn, ước, thà, chỉ muốn) or a
        # self (em, tôi…) beside a finality (biến mất, đi cho xong, không mở mắt nữa, ôm con
        # đi), and a means asked with a finality (bao lâu mới chết, đủ để đi chưa, không cứu
        # được). Each is a concept, not one person's phrase.
        r"(?:muốn|ước|thà|cũng|em|tôi|mình|t|tao|tớ|tui) (?:\w+ )?biến (?:đi|mất)"
        r"(?! (?:chưa|không|ko|k|sau|trong|khi|sau khi|hết|rồi))",
        r"(?:mình|em|tôi|tao|t|tớ|tui|con|bà|ông|chị|anh|mẹ|bố) (?:mà |có )?(?:đi|chết|biến đi|"
        r"không còn) (?:thì|là) (?:\w+ ){0,3}?(?:đỡ|nhẹ|vui|sướng|thoát|hết khổ|yên)",
        # "muốn đi cho nhẹ", not "uống đi cho xong" (just drink it) or "ra ngoài đi cho đỡ".
        r"(?:muốn|thôi|em|tôi|mình|t|tao|tớ|tui|chắc|con) (?:\w+ ){0,2}?(?<!uống )(?<!làm )(?<!ăn )"
        r"đi cho (?:nhẹ|xong|khuất|yên|rảnh)",
        r"(?:cho|để) (?:\w+ ){0,3}?nhẹ (?:gánh|nợ)",
        r"unalive",
        r"(?:bao lâu|mấy tiếng|mấy phút|mấy ngày) (?:\w+ ){0,2}?(?:thì |mới |sẽ )?(?:chết|tử vong)",
        _TAKE + r" " + _W + r"{0,8}?(?:mà|để) (?:được )?đi(?: cho xong| cho rồi| luôn)?\s*[.!]*$",
        r"nghĩ (?:tới|đến|về) (?:cái )?chết",
        r"cái chết",
        r"tự xử(?! lý| trí)",
        r"(?:đứng|ngồi|trèo|leo|ra) (?:\w+ ){0,2}?"
        r"(?:sân thượng|mép cầu|thành cầu|lan can cầu|nóc nhà)",
        r"(?:hạ|tụt|ngộ độc|xuất huyết|suy|ngừng) (?:\w+ ){0,3}?(?:đến|tới) chết",
        _NOT + r" (?:còn )?(?:ai|có ai) (?:cần|thương|quan tâm|yêu) (?:\w+ ){0,2}?nữa",
        r"(?:cầm|có|mua|lấy) (?:\w+ )?(?:dao lam|lưỡi lam)",
        # "cổ" of the wrist or throat, never "cơn co giật" folded ("tĩnh mạch cắt cơn co giật").
        r"(?:muốn|định|hay|tính|sẽ) (?:\w+ )?(?:cắt|rạch|cứa) (?!móng)(?:\w+ )?"
        r"(?:tay|cổ tay|cổ(?! giật| họng| trướng| tử cung| chân| gáy))",
        r"cho (?:bọn|chúng|tụi|lũ) (?:nó|mày|họ) (?:vui|sướng|hả dạ|vừa lòng)",
        r"(?:có )?chết (?:được|đc|dc) (?:không|ko|k|chưa|hông)",
        r"(?:có )?đủ (?:để )?chết (?:\w+ )?(?:chưa|không|ko|k|hông|hả)",
        r"(?<!lừ )đủ (?:để )?(?:đi|ra đi) (?:chưa|không|ko|k|hông|hả)",  # not "lừ đừ đi không vững"
        r"(?:thì|là|để|mà) (?:\w+ ){0,3}?" + _NOT + r" (?:ai )?cứu (?:được|nổi|kịp|đc|dc)",
        r"(?:tích|gom|trữ) (?:được |đc |dc |đủ )?(?:\d+|mấy chục|cả chục|vài chục) viên",
        # tablets saved up instead of taken, then "enough yet?" ("để dành … 60 viên, đủ chưa")
        r"(?:để dành|dành dụm|tích|gom|trữ)\b[^.?!]{0,50}?(?:\d+|mấy chục|vài chục) viên"
        r"[^.?!]{0,30}?đủ (?:chưa|không|ko|k|hông)",
        r"(?<!xong )(?:là|thì) (?:em|tôi|mình|t|tao|tớ|tui) (?:sẽ |đã )?(?:đi|ra đi) "
        r"(?:luôn|rồi|thật rồi)(?! (?:được|đc|dc|không|ko|k|hả|à|nhé|nha|chưa))",
        r"(?:muốn|ước|để|cho|em|tôi|mình|t|tao|tớ|tui) [^.?!]{0,40}?(?:không|khỏi|chẳng) "
        r"(?:phải )?(?:mở mắt|thức dậy|tỉnh dậy) (?:ra )?nữa",
        # "ôm con cùng đi", not "ôm con đi khám".
        r"ôm (?:con|cháu|bé) (?:\w+ )?(?:cùng|theo) (?:đi|chết|nhảy|ra đi)",
        r"ôm (?:con|cháu|bé) (?:\w+ )?(?:chết|nhảy|ra đi)",
        r"(?:định|tính|muốn|sẽ) (?:\w+ )?(?:uống|nốc) (?:\w+ )?"
        r"(?:thuốc chuột|thuốc trừ sâu|thuốc sâu|thuốc diệt cỏ|thuốc diệt chuột)",
        r"(?:em|tôi|mình|tao|tớ|t|tui|con) (?:sẽ |sắp |chắc |có lẽ )?(?:không|chẳng) còn "
        r"(?:ở đây |trên đời )?nữa",
        r"chết (?:đi )?(?:\w+ ){0,3}?(?:chẳng|không|chả) (?:ai|có ai) "
        r"(?:buồn|tiếc|nhớ|quan tâm|khóc)",
        r"(?:giết|đầu độc) (?:người|bản thân|mình|chồng|vợ|bố|mẹ|ai đó|một người)",
    ),
    strict=(
        # Folded, "(giảm liều) từ từ" (little by little) is "tự tử": not after a word that
        # tapers or raises a dose, nor "(uống) liền tù tì/từ từ" (one after another) or right
        # before the count taken that way ("từ từ 8 viên").
        r"(?<!giảm )(?<!tăng )(?<!bớt )(?<!liều )(?<!ngưng )(?<!dừng )(?<!cai )(?<!hạ )"
        r"(?<!liền )tự tử(?! (?:\d+|một|hai|ba|bốn|năm|sáu|bảy|tám|mấy|vài|từng) "
        r"(?:viên|gói|ống|vỉ|muỗng|thìa|ml)\b)",
        # "đã uống 15 viên rồi, đừng khuyên gì": said to someone, never "dùng cân nặng" or
        # "dùng ngắn ngày" (the same letters without accents)
        r"đừng (?:khuyên|can|cản|ngăn|cứu)(?: (?:em|tôi|mình|tao|tớ|tui|gì|nữa|làm gì)\b|"
        r"\s*(?:[.,!?]|$))",
        # hurting oneself to be taken in ("uống vài viên cho đau bụng nằm viện"); not a child's
        # count of tablets ("định cho bé uống năm viên", the same letters without accents)
        r"(?:muốn|định|tính) (?:uống|nuốt) (?:\w+ ){0,5}?cho (?!(?:bé|con|cháu|trẻ)\b)"
        r"(?:\w+ ){0,3}?(?:nằm|vào|nhập) viện",
        # Folded, "tự vẫn" is "tư vấn" (to consult): typed without accents it counts only
        # when nothing around it asks for advice.
        r"(?<!được )(?<!xin )(?<!nhờ )(?<!cần )(?<!muốn )(?<!để )tự vẫn"
        # "tư vấn liều sao cho đúng", "tư vấn cách dùng": advice on a dose or a use asked
        r"(?! (?:giúp|giùm|dùm|hộ|cho|với|về|thêm|thuốc|viên|cách|em|mình|tôi|ạ|ad|liều|"
        r"dùng|sử dụng|bán|mua|kỹ|kĩ|lại|nhanh|giá|gấp|ngay|liền|nha|nhé|giúp đỡ)\b)",
    ),
)

# A plan to take a lot ("em định uống hết vỉ này"): said of the future, it is intent, unless
# it is the course a doctor gave ("sẽ uống hết liệu trình kháng sinh").
PLAN_CUES = cues(
    (
        r"(?:định|tính|sẽ|chuẩn bị|sắp|quyết định) (?:\w+ ){0,2}?(?:uống|nuốt|nốc) (?:\w+ ){0,3}?"
        r"(?:hết|sạch|một lúc|cùng lúc|một lần|\d{2,} viên|mấy chục|cả (?:vỉ|lọ|hộp|chai|nắm))",
    ),
)
# Medicine gathered bit by bit ("gom thuốc của bố, mỗi tuần lấy vài viên"): intent only beside
# "enough" ("chắc sắp đủ", `safety.self_harm`).
STOCKPILE_CUES = cues(
    (
        r"(?:gom|tích|góp|dành dụm|để dành|giấu|cất giấu|lén lấy|lấy trộm) (?:\w+ ){0,2}?"
        r"(?:thuốc|viên|vỉ)",
        r"(?:mỗi|cứ) (?:tuần|ngày|lần|hôm) (?:\w+ )?(?:lấy|bớt|giấu|cất) (?:\w+ )?"
        r"(?:vài|mấy|\d+) viên",
    ),
)
# Despair said in passing ("chán đời", "cho xong") is self-harm only beside an act of taking a
# lot ("uống hết lọ thuốc ngủ"): alone it is a mood, and "chán quá, thuốc đắng" is not intent.
DESPAIR_CUES = cues(
    (
        r"chán (?:cuộc )?(?:đời|sống)",
        r"chán (?:vl|vãi|vãi cả|lắm rồi|quá rồi|hết rồi)",
        r"(?:cuộc sống|sống|đời) (?:thật |quá |thật là )?(?:vô nghĩa|bế tắc|vô vọng)",
        r"tuyệt vọng",
        r"trầm cảm",
        r"áp lực (?:quá|lắm|nhiều)",
        r"cô đơn",
        r"thất tình",
        r"bị bỏ rơi",
        # "kệ em", "mặc kệ tôi": leave me be, said of oneself at the end of a clause
        r"(?:mặc )?kệ (?:em|e|tôi|tao|tui|mình|t|tớ)(?: đi| luôn)?(?=$|[,.!?])",
        # in English, as some type it
        r"(?:so |really )?(?:sick|tired) of (?:everything|it all|life|living)",
        r"hopeless",
        r"(?:i'?m|im|i am) (?:so |just |really )?done(?: with (?:life|everything|it all))?",
        r"(?:ai cũng|mọi người đều|cả nhà đều) (?:bỏ|ghét|xa lánh|coi thường)",
        r"nợ nần",
        r"bất lực",
        r"đau khổ",
        r"khổ (?:quá|lắm)",
        r"mất hết",
        r"(?:không|chẳng|chả|ko|k) (?:có )?ai (?:quan tâm|cần|yêu)",
        r"mệt mỏi (?:với|vì) (?:cuộc sống|cuộc đời|mọi thứ)",
        r"bế tắc",
        r"gánh nặng",
        r"(?:không|chẳng|chả|ko|k) (?:có )?ai (?:hiểu|cần|thương)",
        # ending it to stop being a burden ("uống hết cho đỡ phiền")
        # not a giver before "cho" ("không biết bà cho rồi", "ca chiều đã cho rồi"): given
        r"(?<!bà )(?<!ông )(?<!mẹ )(?<!má )(?<!bố )(?<!ba )(?<!cha )(?<!chị )(?<!anh )"
        r"(?<!cô )(?<!dì )(?<!chú )(?<!bác )(?<!ai )(?<!đã )(?<!vừa )(?<!mới )(?<!có )"
        r"(?<!nội )(?<!ngoại )(?<!chiều )(?<!sáng )(?<!đêm )(?<!trước )"
        r"cho (?:xong|rồi|nhẹ người|yên|(?:đỡ|khỏi|hết|bớt) (?:phiền|vướng|nợ))",
        r"để quên (?:hết|đi|tất cả)",
        r"(?:rồi |để |cho )?(?:ngủ|đi) luôn",
        r"(?:thế là|vậy là|chắc là) xong",
        r"chắc (?:\w+ ){0,6}?là xong",
        r"hết cách rồi",
        r"(?:sống|đời|thế này|như vầy|như vậy) (?:\w+ ){0,2}?(?:đủ rồi|quá đủ|chán lắm)",
        r"mệt mỏi (?:lắm|quá) rồi",
        r"mệt (?:quá|lắm) rồi",
        r"(?:không|hết) chịu (?:nổi|được) nữa",
        r"phản bội",
        r"(?:đm|dm|đéo|chó) (?:cái )?(?:cuộc )?đời",
        r"(?:làm|chỉ|chỉ làm|chỉ tổ|sống) khổ (?:con cháu|các con|con|mọi người|gia đình|cả nhà)",
        r"sống làm (?:gì|khổ|chi)",
        r"sống chi (?:nữa)?",
    ),
)
# A farewell ("chắc em đi trước đây"): beside despair, a goodbye is intent.
FAREWELL_CUES = cues(
    (
        r"(?:em|tôi|mình|t|tao|tớ|tui|con) (?:\w+ )?đi trước (?:đây|nhé|nha|nhá|nhe|ạ)",
        r"(?:tạm biệt|vĩnh biệt|từ biệt) (?:mọi người|cả nhà|anh|chị|tất cả)",
        r"(?:kiếp sau|hẹn kiếp sau)",
        # typed bare, "đừng chờ con" is also "dùng cho con" (used for the child): said last
        r"đừng (?:tìm|đợi) (?:em|tôi|mình|con|tao|tớ)",
        r"đừng chờ (?:em|tôi|mình|con|tao|tớ)(?= nữa| về|\s*[.,!?]|\s*$)",
        # An apology or a goodbye to the family ("con xin lỗi ba mẹ", "bye mn", "đừng buồn
        # nha", "tha lỗi cho mẹ").
        r"xin lỗi (?:ba mẹ|bố mẹ|cha mẹ|mọi người|cả nhà|mn|anh|chị|em|con|vợ|chồng)",
        r"xin lỗi (?:mẹ|má|bố|ba|cha)",
        r"tha lỗi cho (?:em|tôi|mình|con|mẹ|bố|ba|anh|chị)",
        r"(?:bye|bai|tạm biệt|vĩnh biệt) (?:mn|mọi người|cả nhà|tất cả|nhé|nha)",
        r"đừng (?:buồn|khóc) (?:\w+ )?(?:nha|nhé|nhá|vì|nữa)",
        r"(?:giúp|cho|để) (?:em|tôi|mình|t|tao|tớ|con) (?:được )?(?:ngủ yên|yên nghỉ|ra đi)",
        # belongings given away ("đồ đạc em cho hết bạn bè rồi", "đem cho hết quần áo")
        r"(?:đồ đạc|đồ|quần áo|sách vở|tài sản|đồ dùng|thú cưng) (?:\w+ ){0,2}?(?:đem )?"
        r"cho (?:hết|đi|lại)",
        r"(?:đem |mang )?cho (?:hết|đi|lại) (?:\w+ ){0,2}?"
        r"(?:đồ đạc|quần áo|sách vở|tài sản|đồ dùng)",
    ),
)
OVERDOSE_ACT_CUES = cues(
    (
        r"(?:uống|nuốt|nốc|tu|dùng) (?:\w+ )?(?:hết|cả|sạch|nguyên|thêm|luôn)",
        r"(?:hết|cả) (?:chỗ|đống|lọ|vỉ|hộp|chai|nắm)",
        r"đống thuốc",
        r"(?:uống|nuốt|nốc) (?:\w+ ){0,2}?(?:một lúc|cùng lúc|một lần|\d{2,} viên|mấy chục|cả nắm)",
        r"thuốc (?:ngủ|an thần)",
        r"thuốc (?:chuột|diệt chuột|trừ sâu|sâu|diệt cỏ)",
    ),
)

# A feeling's idiom of death: "mệt muốn chết", "đau răng muốn chết luôn", "nóng quá muốn
# chết", "đói chết đi được", "(tiêu chảy) đi muốn chết": very tired, in pain, hot, hungry;
# never intent. Folded text; the
# feeling may be followed by up to two words ("răng", "quá", "từ sáng").
FEELING_IDIOM = re.compile(
    r"\b(?:met|doi|nong|so|dau|lo|ngai|chan|lanh|khat|ngua|buon ngu|buon cuoi|hoi hop|moi|"
    r"nhuc|ret|met moi|cuoi|buon|oi|tuc|te|buot|xot|cay|ngat|di)(?: \w+){0,2}? (?P<death>muon chet|"
    r"chet di duoc|chet mat|chet khiep|chet luon|gan chet|muon xiu|muon dien|muon ngat|"
    r"muon die)\b"  # "thi xong mệt muốn die luôn": chat English for the same idiom
)
# A self-harm word denied ("ko phải tự tử đâu", "em không muốn chết đâu, chỉ đau quá",
# "không có ý định tự tử"): the word is read as nothing, whatever else the turn tells.
# The words between may name the kind ("ko phải kiểu muốn chết gì đâu"), a thought ("không
# có ý nghĩ tự tử") or the speaker ("đâu phải em muốn chết").
DENIAL = re.compile(
    r"\b(?:khong|ko|k|kh|hk|hok|chang|cha|dau)(?: (?:he|phai|co|phai la|co y|co y dinh|"
    r"dinh|tinh|muon|phai la muon|phai vi muon|phai muon|phai (?:dinh|tinh)|kieu|kieu nhu|"
    r"den muc|toi muc|nghi|y nghi|nghi den|nghi toi|em|minh|toi|tui|t|e))+"
    r" (?P<death>tu tu|tu sat|chet|tu van|ket lieu|tu hai|tu lam hai|muon chet)\b"
)
# The death word before the feeling, or bare after it ("học thi chết mệt", "chết mê chết
# mệt", "trời nóng chết", "mệt chết đi"), or "dying and coming back to life": very tired,
# hot, scared, in great pain; never intent.
DEATH_FIRST_IDIOM = re.compile(
    r"\b(?P<death>chet) (?:met|khiep|ret|cuoi|me)\b|"
    # "chết với bà già tao", "chết với sếp": in trouble with someone, never intent
    r"\b(?P<death3>chet) voi (?:ba gia|ong gia|bo me|ba me|me|bo|ba|ma|vo|chong|sep|thay|co|"
    r"may|tao|ong|no|ong ay|ba ay|ong bo|ba chi)\b|"
    r"\b(?:met|nong|ret|so|doi|buon ngu|met moi|dau) (?P<death2>chet)(?= di\b| mat\b|$|[,.!?;])"
    # "đau răng chết đi sống lại", "khóc chết lên chết xuống": suffering said, whoever
    r"|\b(?P<death4>chet) (?:di song lai|len chet xuong|len song xuong)\b"
    # "thi xong chắc t chết mất", "thế này thì chết mất": dread of what is coming, not asked
    r"|\b(?:chac|thi)(?: (?:t|tao|em|minh|toi|tui|to|con))? (?P<death5>chet) mat\b"
    r"(?! (?:khong|ko|k|hong|hok|chua|a|ha)\b)"
)
# "Chết cha", "chết thật", "thôi chết", "chết chết": "oh no!", opening a turn or a clause.
EXCLAMATION = re.compile(
    r"(?:^|[,.!?;] ?)(?:thoi |oi )?(?P<death>chet) (?:cha|that|roi|me|do|chet|tiet|toi)\b|"
    # an interjection before it opens the clause ("ơ chết, em vừa quay đi …", "ối chết bé …")
    # (not a wish after it: "thôi chết quách đi cho xong", "ôi chết đi cho rồi")
    r"(?:^|[,.!?;] ?)(?:o|oi|a|ui|ay|uoi|troi oi|thoi) (?P<death2>chet)\b"
    r"(?! (?:di|quach|luon|cho|phut|som|han|that su|duoc))"
)
# A purpose said for a question about harm: learning or curiosity ("em sv ôn bài", "học y",
# "bài tập nhóm", "tò mò thôi", "hỏi để biết trước thôi").
PURPOSE_CUES = cues(
    (
        r"tò mò",
        # not one at work with a real case ("sv dược đang thực tập ở nhà thuốc, có cô gọi …")
        r"(?:sinh viên|sv|học sinh) (?:\w+ ){0,3}?(?:y|dược|năm|ngành|điều dưỡng)"
        r"(?!(?: \w+)?(?: đang)? (?:thực tập|làm thêm|trực|đứng quầy|bán thuốc))",
        r"(?:đang |để )?(?:học|ôn) (?:y|dược|bài|thi|môn)",
        r"bài tập",
        r"làm bài",
        r"(?:hỏi|biết) (?:để )?(?:biết |phòng )?(?:trước|thôi|cho biết)",
        r"(?:chỉ|để) hỏi (?:thôi|thông tin|cho biết)",
        r"hỏi (?:để|cho) biết(?! (?:bé|con|nó|em|ông|bà|mẹ|ba|bố) )",  # not "…biết bé có nuốt"
        r"kiến thức",
        # "muốn biết nếu ông lẫn mà uống quá liều thì …": what to watch for, if it happens
        r"muốn (?:biết|hỏi) (?:trước )?(?:\w+ ){0,2}?(?:nếu|lỡ như|phòng khi|khi nào)",
    ),
)

__all__ = [
    "DEATH_FIRST_IDIOM",
    "DENIAL",
    "DESPAIR_CUES",
    "EXCLAMATION",
    "FAREWELL_CUES",
    "FEELING_IDIOM",
    "OVERDOSE_ACT_CUES",
    "PLAN_CUES",
    "PURPOSE_CUES",
    "SELF_HARM_CUES",
    "STOCKPILE_CUES",
]
