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
class TurnText:
    """One turn's text, lowered and accent-folded once; every cue list reads this."""

    lowered: str
    folded: str
    accented: bool

    @classmethod
    def of(cls, text: str) -> TurnText:
        lowered = unicodedata.normalize("NFC", text).lower()
        folded = fold_aligned(lowered)
        return cls(lowered, folded, folded != lowered)


def _alternation(sources: Sequence[str]) -> re.Pattern[str] | None:
    if not sources:
        return None
    return re.compile(r"(?<!\w)(?:" + "|".join(f"(?:{s})" for s in sources) + r")(?!\w)")


class Cue:
    """A word list compiled once into one alternation per form: a whole list is one search.

    Loose patterns match the folded text; `strict` ones match the lowered text when the user
    typed diacritics and the folded text only when they typed none.
    """

    __slots__ = ("_loose", "_strict_accented", "_strict_folded", "patterns")

    def __init__(self, patterns: Iterable[str], strict: Iterable[str] = ()) -> None:
        loose = [unicodedata.normalize("NFC", p) for p in patterns]
        tight = [unicodedata.normalize("NFC", p) for p in strict]
        self.patterns = (*loose, *tight)
        self._loose = _alternation([fold_aligned(p) for p in loose])
        self._strict_accented = _alternation(tight)
        self._strict_folded = _alternation([fold_aligned(p) for p in tight])

    def search(self, text: TurnText) -> str | None:
        """The leftmost hit of any pattern in the list, or None."""
        hits = []
        if self._loose is not None and (m := self._loose.search(text.folded)):
            hits.append(m)
        strict = self._strict_accented if text.accented else self._strict_folded
        if strict is not None and (
            m := strict.search(text.lowered if text.accented else text.folded)
        ):
            hits.append(m)
        if not hits:
            return None
        return min(hits, key=lambda m: m.start()).group(0)


def cues(patterns: Iterable[str], *, strict: Iterable[str] = ()) -> Cue:
    """A cue list (see `Cue`), compiled at import."""
    return Cue(patterns, strict)


def first_cue(cue: Cue, text: TurnText) -> str | None:
    """The first hit of the list `cue` in the turn's text, or None."""
    return cue.search(text)


_W = r"(?:\w+ )"  # one word and its space, for "up to n words in between"
# "không" as people type it: ko, k, kh, hông, chẳng, chả, hổng, hok.
_NOT = r"(?:không|ko|k|kh|hk|hok|hông|hổng|chẳng|chả|chả còn|chẳng còn|không còn)"
_TAKE = r"(?:uống|nuốt|tiêm|truyền|dùng|ngậm|nhai|xịt|đặt|bôi)"
_CONTAINER = r"(?:chai|lọ|vỉ|hộp|tuýp|gói|nắm|vốc|bịch|túi|ống|bình)"
_MANY = r"(?:[1-9]\d+|mười|chục|vài chục|hàng chục|cả chục|cả nắm|một nắm|nắm|cả vốc)"

# -- self-harm and lethal-dose requests ---------------------------------------
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
        # Not "uống đi cho xong" (just drink it up), said to a child.
        r"(?:uống|nuốt|tiêm) (?!đi cho)(?:\w+ ){0,6}?cho (?:chết|xong|hết đau|nhẹ người|rồi)",
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
        r"đi (?:cho )?(?:nhẹ nhàng|êm|êm ái|thanh thản|không đau)",
        r"chỉ còn cách (?:uống|chết|ra đi|tự)",
        r"(?:gom|tích|có|mua) (?:đủ|được đủ) (?:\w+ )?thuốc",
        r"(?:chỉ )?cần (?:đủ|thêm) thuốc",
        r"(?:không|ko|chẳng) (?:muốn )?(?:tồn tại|có mặt trên đời) nữa",
        r"(?:muốn )?(?:đi )?ngủ (?:mãi mãi|vĩnh viễn|mãi không dậy|mãi không tỉnh)",
        r"kết liễu (?:đời|cuộc đời|bản thân|mạng sống|chính mình)",
        r"kết thúc (?:cuộc đời|cuộc sống|đời mình|mạng sống|sự sống|tất cả|mọi chuyện|mọi thứ)",
        r"(?:muốn|tự|định|tính) kết liễu",
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
        r"thì sẽ)? ?(?<!muốn )(?:chết|tử vong|mất mạng|qua đời|chết người|ngủ luôn|đi luôn|ngủm|"
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
        r"(?:muốn|định|hay|tính|sẽ) (?:\w+ )?(?:cắt|rạch|cứa) (?!móng)(?:\w+ )?(?:tay|cổ tay|cổ)",
        r"cho (?:bọn|chúng|tụi|lũ) (?:nó|mày|họ) (?:vui|sướng|hả dạ|vừa lòng)",
        r"(?:có )?chết (?:được|đc|dc) (?:không|ko|k|chưa|hông)",
        r"(?:có )?đủ (?:để )?chết (?:\w+ )?(?:chưa|không|ko|k|hông|hả)",
        r"đủ (?:để )?(?:đi|ra đi) (?:chưa|không|ko|k|hông|hả)",
        r"(?:thì|là|để|mà) (?:\w+ ){0,3}?" + _NOT + r" (?:ai )?cứu (?:được|nổi|kịp|đc|dc)",
        r"(?:tích|gom|trữ) (?:được |đc |dc )?(?:\d+|mấy chục|cả chục|vài chục) viên",
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
        r"tự tử",
        # Folded, "tự vẫn" is "tư vấn" (to consult): typed without accents it counts only
        # when nothing around it asks for advice.
        r"(?<!được )(?<!xin )(?<!nhờ )(?<!cần )(?<!muốn )(?<!để )tự vẫn"
        r"(?! (?:giúp|giùm|dùm|hộ|cho|với|về|thêm|thuốc|viên|cách|em|mình|tôi|ạ|ad))",
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
        r"(?:ai cũng|mọi người đều|cả nhà đều) (?:bỏ|ghét|xa lánh|coi thường)",
        r"nợ nần",
        r"bất lực",
        r"đau khổ",
        r"khổ (?:quá|lắm)",
        r"mất hết",
        r"không ai (?:quan tâm|cần|yêu)",
        r"mệt mỏi (?:với|vì) (?:cuộc sống|cuộc đời|mọi thứ)",
        r"bế tắc",
        r"gánh nặng",
        r"không ai (?:hiểu|cần|thương)",
        r"cho (?:xong|rồi|nhẹ người|yên)",
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
        r"làm khổ (?:con cháu|mọi người|gia đình|cả nhà)",
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
        r"đừng (?:tìm|đợi|chờ) (?:em|tôi|mình|con|tao|tớ)",
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
    # "lỡ quên uống" is a missed dose, not an ingestion.
    strict=(
        r"lỡ (?!quên)(?:tay )?"
        + _W
        + r"{0,2}?(?:uống|nuốt|tiêm|cho "
        + _W
        + r"{0,2}?(?:uống|nuốt))",
    ),
)
_OVERDOSE = r"(?:quá liều|ngộ độc|trúng độc|uống quá nhiều|dùng quá nhiều|uống nhiều quá)"
OVERDOSE_EVENT_CUES = cues(
    (
        r"(?:bị|đã|vừa|mới|lỡ|nghi|có lẽ|hình như|chắc là|đang) " + _W + r"{0,2}?" + _OVERDOSE,
        # "quá liều ibuprofen có chết không" (no rồi, no bị) asks about overdose in general.
        _OVERDOSE + r" (?:\w+ ){0,4}?(?:rồi|phải làm sao|làm sao bây giờ|làm gì bây giờ|"
        r"phải làm gì|cấp cứu|gấp|cứu với)",
        r"uống quá liều",
    ),
)
# "có bị quá liều không", "bao nhiêu viên thì bị ngộ độc": a question of knowledge about an
# amount, answered from the book (dose row, overdose section), not an event.
OVERDOSE_QUESTION_CUES = cues(
    (
        r"có (?:bị |gây |là )?"
        + _W
        + r"{0,2}?"
        + _OVERDOSE
        + r" (?:\w+ ){0,2}?(?:không|ko|k|chưa)",
        r"(?:thì|sẽ|mới|là|dễ) (?:bị |gây |dẫn đến )?" + _OVERDOSE,
        r"bao nhiêu",
        r"bao nhiu",
    ),
)
# An amount asked whether it is too much ("2 viên 500mg một lần có bị quá liều không"): the
# dose row and its maximum answer it.
AMOUNT_TOO_MUCH_CUES = cues(
    (
        r"có (?:bị |là )?" + _W + r"{0,2}?(?:quá liều|nhiều quá|quá nhiều|quá tay|lố|dư liều)"
        r" (?:\w+ ){0,2}?(?:không|ko|k|chưa)",
        r"có (?:nhiều|quá) (?:quá )?(?:không|ko|k)",
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
        r"(?:gọi|lay) không (?:tỉnh|dậy)",
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
ALLERGY_SIGNS = cues(
    (
        r"dị ứng",
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
        r"có phải",
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


# -- an ingestion read as an event (engine.ingestion): who, took, how much, when -------------
_NUM = (
    r"(?:\d+(?:[.,]\d+)?|một|hai|ba|bốn|tư|năm|sáu|bảy|tám|chín|mười|mươi|chục|mấy|vài|"
    r"dăm|nhiều|mấy chục|vài chục|cả chục|hàng chục)"
)
_UNIT = r"(?:viên|vien|vỉ|chai|lọ|hộp|gói|ống|ml|thìa|muỗng|nắm|vốc|liều|cữ|nhát)"
CHILD_CUES = cues(
    (
        r"(?:em )?bé",
        # An age that is a child's, whoever is named ("em trai 4 tuổi", "18 tháng").
        r"(?:[1-9]|1[0-1]) tuổi",
        r"(?<!thai )(?<!bầu )(?<!có mang )\d+ tháng(?: tuổi)?(?! (?:nay|qua|trước|liền|rồi|sau))",
        r"cháu",
        r"trẻ",
        r"thằng (?:bé|cu|nhóc|nhỏ|em)",
        r"cu cậu",
        r"thg cu",
        r"cu (?:tí|tý|tôm|bin|bi|cún)",
        r"đứa (?:nhỏ|bé|trẻ|con)",
        r"nhóc",
        r"bạn nhỏ",
        r"con (?:tôi|em|mình|nhà|bé|gái|trai|tui|t|e|mk|út|nhỏ)",
        r"(?:bé|thằng|con|em) út",
        r"em nó",
    ),
    # "con" alone folds like "còn" (still): it counts only as typed, or with no accents at all.
    strict=(r"con",),
)
TAKE_CUES = cues(
    (
        r"uống[sgh]?",
        r"uốg",
        r"nuốt",
        r"tiêm",
        r"chích",
        r"nhai",
        r"liếm",
        r"(?:bỏ|cho|nhét|đút|xịt) (?:\w+ )?(?:vào|vô) (?:mồm|miệng)",
        r"tu (?:hết|cạn|sạch|cả|luôn|một hơi|1 hơi|ừng ực|gần|nửa|hơn)",
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
)
# Someone took it who was not given it, or not the way it was meant.
UNSANCTIONED_CUES = cues(
    (
        r"vụng",
        r"trộm",
        # "bé nghịch quá" (naughty) is not this; playing with the medicine is.
        r"nghịch (?:(?:\w+ ){0,2}?(?:thuốc|vỉ|lọ|hộp|chai|tủ thuốc)|uống|nuốt|ăn)",
        r"vô tình",
        r"sơ ý",
        r"bất cẩn",
        r"không cẩn thận",
        r"(?<!pha )nhầm(?! (?:giờ|ngày|bữa|lịch))",
        r"tự (?:lấy|mở|trèo|bóc|leo|ý lấy)",
        r"(?:bỏ|nhét|đút) (?:\w+ ){0,3}?(?:vào|vô) (?:mồm|miệng)",
        r"(?:nó|bé|con|cháu|thằng \w+|đứa \w+) (?:\w+ ){0,2}?lấy (?:\w+ ){0,2}?"
        r"(?:uống|ăn|nuốt|nhai)",
        r"(?:lấy|vớ|cầm|với|mở|bóc) được",
        r"(?:như|tưởng (?:là )?)kẹo",
        r"ừng ực",
        r"tưởng (?:là )?(?:chưa|kẹo|nước|sữa|vitamin|thuốc bổ|thuốc khác)",
        r"(?:vì|do) (?:tưởng|nhầm|quên)",
        r"thay vì",
        r"lúc (?:\w+ ){0,2}?(?:đi chợ|đi làm|đi vắng|ngủ|không để ý|không có nhà|nấu cơm|tắm)",
        r"(?:uống|dùng|nuốt) (?:\w+ )?(?:nhiều quá|quá nhiều|quá số|quá tay)",
        r"(?:uống|ăn|nuốt|nhai|ngậm|nốc) mất(?! ngủ| bao| mấy (?:ngày|tiếng|phút|giờ|tuần))",
        r"(?:uống|ăn|nuốt|nốc|dùng) (?:\w+ ){0,3}?(?:hết|sạch|cạn|gần hết|hơn nửa|quá nửa|nửa|cả)"
        r" (?:\w+ )?(?:chai|lọ|vỉ|hộp|tuýp|gói|nắm|vốc|bịch|túi|ống)",
        r"(?:một|1|cả|nguyên) (?:nắm|vốc)",
        r"(?:uống|dùng|tiêm|chích) (?:\w+ ){0,3}?(?:hai|2|ba|3) lần (?:\w+ ){0,3}?"
        r"(?:liền|liên tiếp|trong|sáng nay|tối nay|trưa nay|một lúc|1 lúc|cùng lúc|"
        r"vì quên|do quên)",
        r"quên (?:nên|mà|rồi) (?:\w+ )?uống (?:lại|thêm|tiếp)?",
        r"quên,? (?:\w+ ){0,2}?uống (?:lại|thêm|tiếp)",
        r"uống (?:lại|thêm) (?:\w+ )?(?:lần|liều) nữa",
        r"quên (?:là )?(?:đã|mình đã|vừa|đã có) uống",
        r"(?<!duy )(?<!tốt )(?<!ít )(?<!nhiều )(?<!thứ )nhặt(?: được)?",
        r"uống (?:thêm|trùng|lại) (?:một |1 )?liều",
    ),
    # "lén" folds like "lên" (up); "lẫn" (confused, of the elderly) like "lần" (times).
    strict=(r"lén", r"lẫn(?=,| rồi| nên| quên| mà)"),
)
AMOUNT_CUES = cues(
    (
        r"(?:khoảng |hơn |gần |tới |đến |chừng |cỡ |mất |cả |thêm )?" + _NUM + r" " + _UNIT,
        r"\d+ ?(?:ml|viên|v)",
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
        r"mới",
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
        r"bao nhiêu",
        r"bao nhiu",
        r"liều(?! trước| hôm qua| người lớn| của người lớn)",
        r"(?:có )?nên",
        # "bé uống mấy viên diazepam rồi" tells what happened; "uống mấy viên" asks.
        r"(?<!đã )(?<!vừa )(?<!mới )(?:uống|dùng|cho uống) (?:\w+ )?mấy(?! (?:\w+ ){0,3}?rồi)",
        # "… mấy ml?" at the end asks how much; "gặm mấy viên của bố" tells a few.
        r"(?<!thiếu )(?<!mất )mấy (?:ml|viên|thìa|gói|giọt|muỗng|lần)(?: \S+){0,2} ?\??$",
        r"một ngày",
        r"mỗi (?:ngày|lần|sáng|tối|\d+)",
        r"cách (?:nhau )?(?:mấy|bao)",
        r"tối đa",
        r"(?:đúng|phải) (?:không|ko|k|hông|hok)",
        r"thế nào",
        r"như thế nào",
    ),
    # Folded, "can" is also "cạn" (drained: "uống cạn chai").
    strict=(r"(?:có )?cần",),
)
# The amount of a course that was meant to be taken: "uống hết vỉ kháng sinh rồi vẫn ho".
TREATMENT_CUES = cues(
    (
        r"vẫn (?:còn )?(?:sốt|ho|đau|chưa|không|bị|thấy)",
        r"không (?:đỡ|khỏi|hạ)",
        r"(?<!mau )(?<!nhanh )(?<!cho )(?:đỡ|khỏi|hết) (?:sốt|ho|đau|bệnh)",
        r"liệu trình",
        r"theo (?:đơn|toa|chỉ định)",
        r"(?<!chơi )bác sĩ (?:kê|cho|dặn)",
        r"kháng sinh",
        r"(?:mỗi|hằng|hàng) (?:ngày|sáng|tối)",
        r"\d+ (?:tiếng|giờ) (?:trước|rồi)",
        r"(?:không|ko|chẳng) (?:chịu )?(?:nuốt|uống|ngậm) (?:được|nổi)",
        r"không chịu (?:uống|nuốt)",
        r"khó nuốt",
        r"bao lâu (?:thì|mới|sau|nữa)",
        r"(?:mà|nhưng) (?:vẫn|chưa|không) (?:hạ|đỡ|khỏi|hết)",
    ),
)
# Worry about what happened ("… có sao không"): a report asking for help, not a dose question.
WORRY_CUES = cues(
    (
        r"có (?:sao|nguy hiểm|bị gì|ảnh hưởng|chết|độc|hại|vấn đề)",
        r"(?:phải |giờ |bây giờ )?làm (?:sao|gì)",
        r"nguy hiểm",
        r"(?:có )?cần (?:đi |phải )?(?:viện|bệnh viện|nhập viện|cấp cứu|khám|rửa dạ dày)",
    ),
)
# A habit, not an event: "bé cứ đòi ăn thuốc vì tưởng kẹo".
HABIT_CUES = cues(
    (
        r"(?:cứ|hay|thường|lúc nào cũng|suốt ngày) (?:\w+ )?(?:đòi|thích|nghịch|lấy)",
        r"làm (?:sao|thế nào|cách nào) (?:để|cho)",
    ),
)
# Got hold of a medicine, with no verb of taking: worth the safety question.
HOLD_CUES = cues(
    (
        r"nghịch",
        r"bóc (?:mất|ra)?",
        r"mở nắp",
        r"nắp mở",
        # Folded, "vơi" (depleted) is "với" (with): only said of the medicine, or as typed.
        r"vơi (?:hẳn|mất|đi|hết|bớt)",
        # Tablets missing from a blister, not "thiếu niên" (juvenile) or "thiếu máu" (anaemia).
        r"(?<!không )(?<!ko )(?<!chẳng )thiếu (?:mất )?" + _NUM + r" (?:viên|vỉ|gói)",
        r"(?:vỉ|lọ|hộp|chai) (?:\w+ ){0,2}?(?:bị )?(?:thiếu|vơi)",
        r"mất " + _NUM + r" (?:viên|vỉ)",
        r"với " + _NUM + r" (?:viên|vỉ)",
        r"lấy được",
        r"bốc",
        r"miệng (?:bé|con|cháu|nó) (?:có|dính)",
        r"vỏ vỉ",
        r"vỉ (?:trống|rỗng)",
        r"cạnh (?:đó|bé|nó) (?:là|có) (?:vỉ|lọ|hộp|chai)",
    ),
    strict=(r"cầm",),  # folded, "cam" is also "cảm" (cảm ơn) and "cam" (orange)
)
# Another person's medicine in a child's hands or mouth ("viên sắt của mẹ").
OTHERS_CUES = cues(
    (
        r"của (?:ông|bà|bố|mẹ|ba|má|anh|chị|cô|chú|dì|bác|người lớn|ông bà|bố mẹ|"
        r"ông nội|bà nội|ông ngoại|bà ngoại|nội|ngoại)",
        r"(?:thuốc|viên|vỉ|lọ|hộp) (?:\w+ ){0,2}?của (?:tôi|tui|mình|tao)",
    ),
)
# The speaker does not know whether it was swallowed.
UNSURE_CUES = cues(
    (
        r"hình như",
        r"(?:không|ko|k|kh|chẳng|chả|hổng|hông) (?:biết|rõ|chắc)",
        r"có thể (?:đã|là)",
        r"có lẽ",
        r"nghi",
        r"chắc",
        r"hay là",
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
        r"(?:một|1) (?:lúc|lần|lượt|hơi|phát)",
        r"cùng (?:một |1 )?lúc",
        r"trong (?:một|1) (?:buổi|lần|tiếng|giờ|lúc)",
        r"liền (?:một lúc|một mạch|mấy viên)",
    ),
)
# A symptom that follows what was taken ("giờ vã mồ hôi, lơ mơ"): the event is happening.
SYMPTOM_CUES = cues(
    (
        r"chóng mặt",
        r"hoa mắt",
        r"vã mồ hôi",
        r"mồ hôi lạnh",
        r"run (?:tay|người|rẩy)",
        r"tim đập (?:nhanh|mạnh|loạn)",
        r"tiêu chảy",
        r"chảy máu",
        r"xuất huyết",
        r"mệt lả",
        r"đau bụng",
        r"ngủ (?:say|li bì|mê)",
        r"tụt (?:đường|huyết áp)",
        r"hạ đường huyết",
        r"khó thở",
        r"co giật",
        r"lừ đừ",
    ),
    # Folded, "nôn" is "non" (sinh non), "ói" is "ơi", "xỉu" and "lơ mơ" are other words.
    strict=(r"nôn", r"ói", r"xỉu", r"lơ mơ", r"li bì", r"ngất"),
)
# Asking which medicine to take names none ("có thuốc gì tiêu hóa không").
ASK_DRUG_CUES = cues(
    (
        r"(?:thuốc|siro|loại|hạ sốt|kháng sinh|men|kem) (?:\w+ )?(?:gì|nào)(?! rồi| đó| đấy)",
        r"(?:uống|dùng|cho uống|xài|bôi) (?:\w+ ){0,2}?(?:gì|nào)(?! rồi| đó| đấy)",
    )
)
MEDICINE_CUES = cues(
    (
        r"thuốc",
        r"viên",
        r"siro",
        r"vỉ",
        r"lọ",
        r"chai",
        r"ống",
        r"gói",
        r"hộp",
        r"sủi",
        r"tuýp",
        r"kem bôi",
        r"thuốc mỡ",
        r"\d+ ?v",
        r"hạ sốt",
    ),
)
CONFIRM_CUES = cues(
    (
        r"(?:dạ |vâng |ừ |ừm |uh |có |đúng |phải )*(?:rồi|đúng|phải|có|vâng|dạ|ừ|uống rồi|"
        r"nuốt rồi|đã uống|uống thật|thật|chắc chắn)",
    ),
)
DENY_CUES = cues(
    (
        r"chưa",
        r"không|ko|k|hông|hổng",
        r"chỉ (?:hỏi|muốn hỏi|hỏi thông tin|hỏi thôi)",
        r"hỏi (?:thôi|để biết|thông tin)",
    ),
)

__all__ = [
    "AFTER_TAKING_CUES",
    "ALLERGY_SIGNS",
    "AMOUNT_CUES",
    "AMOUNT_TOO_MUCH_CUES",
    "ASK_DRUG_CUES",
    "AT_ONCE_CUES",
    "CHILD_CUES",
    "COMPLETED_CUES",
    "CONFIRM_CUES",
    "DAILY_CUES",
    "DENY_CUES",
    "DESPAIR_CUES",
    "DOSE_QUESTION_CUES",
    "EMERGENCY_SIGNS",
    "END_PREGNANCY_CUES",
    "EXCESS_CUES",
    "FAREWELL_CUES",
    "GIVE_OR_USE_CUES",
    "HABIT_CUES",
    "HOLD_CUES",
    "HYPOTHETICAL_CUES",
    "INFANT_CUES",
    "INGESTION_CUES",
    "KNOWLEDGE_CUES",
    "MEDICINE_CUES",
    "NOT_END_PREGNANCY_CUES",
    "OTHERS_CUES",
    "OVERDOSE_ACT_CUES",
    "OVERDOSE_EVENT_CUES",
    "OVERDOSE_QUESTION_CUES",
    "PLAN_CUES",
    "SELF_HARM_CUES",
    "SIGN_QUESTION_CUES",
    "SYMPTOM_CUES",
    "TAKE_CUES",
    "TREATMENT_CUES",
    "UNSANCTIONED_CUES",
    "UNSURE_CUES",
    "WORRY_CUES",
    "Cue",
    "TurnText",
    "cues",
    "first_cue",
]
