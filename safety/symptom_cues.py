"""The symptoms that follow a medicine taken ("giờ vã mồ hôi, lơ mơ", "đi lảo đảo, nói
ngọng"): told beside an amount, the event is happening. Matched like every safety list."""

from __future__ import annotations

from safety.cue_matching import cues
from safety.danger_signs import FAINTED

# A symptom that follows what was taken ("giờ vã mồ hôi, lơ mơ"): the event is happening.
# Period pain ("đau bụng kinh") is what a painkiller is given for, never what it caused.
_SYMPTOMS = (
    r"chóng mặt", r"hoa mắt", r"vã mồ hôi", r"mồ hôi lạnh", r"run (?:tay|người|rẩy)",
    r"tim đập (?:nhanh|mạnh|loạn)", r"tiêu chảy", r"chảy máu", r"xuất huyết", r"mệt lả",
    r"đau bụng(?! kinh| hành kinh| hàng tháng)", r"ngủ (?:say|li bì|mê)",
    r"tụt (?:đường|huyết áp)", r"hạ đường huyết",
    r"khó thở", r"co giật", r"lừ đừ", r"choáng(?: váng)?", r"bất tỉnh", r"hôn mê",
    r"(?:gọi|lay) (?:\w+ )?(?:không|ko|k|chẳng) (?:tỉnh|dậy|dạy)",
    r"(?:đi|đứng) (?:\w+ )?(?:không|ko|chẳng) vững", r"loạng choạng", r"lờ đờ", r"tím tái",
    r"lảo đảo", r"nói (?:ngọng|líu|lè nhè|lắp bắp)", r"mạch (?:còn |chỉ )?[2-4]\d\b",
    r"(?:mắt )?trợn (?:ngược|lên|trắng|mắt)", r"ngửa cổ (?:ra sau|về sau)", r"vẹo cổ",
    r"đi (?:ngoài|cầu|tiêu) (?:\w+ )?(?:toàn|tóe|ra) nước", r"(?:gọi|lay) (?:\w+ ){0,2}?mãi mới",
    r"(?:đi (?:ngoài|cầu|tiêu)|ỉa) (?:\w+ )?(?:tóe loe|xối xả|liên tục|không ngừng)",
    # a pressure far below normal said in figures ("huyết áp 80/50", "HA còn 70/40")
    r"(?:huyết áp|ha) (?:\w+ ){0,2}?[4-8]\d ?/ ?[2-6]\d",
)  # fmt: skip
# Folded, "nôn", "ói", "tái", "xỉu", "lơ mơ" are other words; "mệt xỉu" is worn out.
_STRICT_SYMPTOMS = (
    r"nôn", r"ói", FAINTED, r"lơ mơ", r"li bì", r"ngất", r"(?:mặt|da|môi) \S* ?tái",
)  # fmt: skip
SYMPTOM_CUES = cues(_SYMPTOMS, strict=_STRICT_SYMPTOMS)
