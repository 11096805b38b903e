"""A common effect told after taking the medicine, asked what to do or whether it matters
("uống xong buồn ngủ quá thì sao", "uống metronidazol mà nước tiểu sẫm màu, có sao không"):
a how-to question (`HowTo.CAUTION`), answered by the book's sentence naming that effect
("nếu thấy buồn ngủ, uống vào buổi tối", "thuốc có thể làm nước tiểu sẫm màu"). Signs of an
emergency are triaged before any of this is read."""

from __future__ import annotations

import re

from understanding.text import Turn

# Mild effects people tell in their own words (folded).
_EFFECT = (
    r"buon ngu|ngu ga|chong mat|hoa mat|buon non|nhuc dau|dau dau|mat ngu|kho ngu|tao bon"
    r"|di ngoai long|di long|tieu chay|dau bung|kho tieu|day bung|o nong|o chua|met moi"
    r"|ho khan|phan den|phan mau den|nuoc tieu (?:\w+ )?(?:sam|do|nau|vang|mau)|dang mieng"
    r"|vi kim loai|kho mieng|do mat|nong mat|bung mat|tim dap nhanh|hoi hop|run tay|phu chan"
)
# Taken before the effect is told: "uống xong", "uống vào", "uống metronidazol mà".
_TAKEN_THEN = re.compile(
    rf"(?<![a-z])(?:uong|dung|xai|tiem|ngam|xit|boi)(?![a-z]).*?(?<![a-z])(?:{_EFFECT})(?![a-z])"
)
# Asked what it means or what to do: "thì sao", "có sao không", "phải làm gì".
_ASKED = re.compile(
    r"(?<![a-z])(?:thi sao|lam sao|co sao|sao khong|sao ko|phai lam gi|lam gi bay gio"
    r"|co phai|binh thuong|co nguy hiem|co sao khong|the nao|duoc khong|dc khong|co sao ha"
    # how to take it and be spared the effect: "có cách nào uống mà không bị vậy", "uống sao
    # cho đỡ buồn ngủ", "làm thế nào để khỏi bị"
    r"|cach nao|sao cho|nhu nao cho|de khong bi|de ko bi|de k bi|ma khong bi|ma ko bi"
    r"|ma k bi|ma hong bi|cho khoi|de khoi|cho do|de do|cho bot|de bot|do bi)"
    r"(?![a-z])"
)


# An amount said ("uống 2 viên một lúc có sao không, em bị tiêu chảy"): a dose question, the
# complaint the reason it is taken.
_AMOUNT = re.compile(r"(?<![a-z])\d+(?:[.,]\d+)? ?(?:vien|goi|ong|mg|ml|g|giot)(?![a-z])")


def effect_told(turn: Turn) -> bool:
    """A mild effect told after taking it, then asked about, and no amount said."""
    folded = turn.folded
    told = _TAKEN_THEN.search(folded)
    if told is None or _AMOUNT.search(folded):
        return False
    return _ASKED.search(folded, told.end()) is not None


__all__ = ["effect_told"]
