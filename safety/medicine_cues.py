"""What a turn names and how the safety question is answered: a medicine word, which
medicine asked ("thuốc gì"), a yes or a no to "đã uống rồi phải không?". Cue lists like
those of `safety.ingestion_cues`; `safety.safety_cues` gathers them."""

from __future__ import annotations

from safety.cue_matching import cues

# Asking which medicine to take names none ("có thuốc gì tiêu hóa không").
ASK_DRUG_CUES = cues(
    (
        # Not "không biết (tên) thuốc gì" (a medicine nobody can name: still a medicine).
        r"(?<!biết )(?<!rõ )(?<!nhớ )(?<!biết tên )(?<!rõ tên )(?<!nhớ tên )(?<!rõ là )"
        r"(?:thuốc|siro|loại|hạ sốt|kháng sinh|men|kem) (?:\w+ )?(?:gì|nào)"
        r"(?! rồi| đó| đấy)",
        r"(?:uống|dùng|cho uống|xài|bôi) (?:\w+ ){0,2}?(?:gì|nào)(?! rồi| đó| đấy)",
    )
)
# Folded, "viện" (hospital: "nhập viện", "đi viện") is "viên"; and "sinh viên", "nhân viên"
# are people: neither is a tablet. After "nằm" ("phải nằm viện lần 2") it is the hospital
# too, unless counted: folded, "1 nắm viên sắt", "cả nắm viên" is a handful of tablets.
_NOT_TABLET_BEFORE = (
    *("nhập", "xuất", "nằm", "bệnh", "đi", "vào", "vô", "ở", "tới", "đến", "chuyển"),
    *("sinh", "nhân", "thành", "giáo", "học", "công", "hội", "đoàn", "diễn"),
)
_NOT_A_TABLET = "".join(rf"(?<!{w} )" for w in _NOT_TABLET_BEFORE)
MEDICINE_CUES = cues(
    (
        r"thuốc",
        _NOT_A_TABLET + r"viên",
        r"(?:\d+|một|mấy|cả|nửa|vài|hai|ba|bốc|vốc) nắm viên",
        r"siro",
        r"vỉ",
        r"lọ",
        r"chai",
        r"ống",
        r"gói",
        r"hộp",
        r"sủi",
        r"tuýp",
        r"kem bôi|dầu (?:gió|nóng|tràm|khuynh diệp|xoa|cù là)|cao xoa|long não",
        r"thuốc mỡ",
        r"\d+ ?v",
        r"hạ sốt|mỗi lần \d+(?:[.,]\d+)? ?ml",  # a dose measured out ("mỗi lần 7ml")
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


__all__ = ["ASK_DRUG_CUES", "CONFIRM_CUES", "DENY_CUES", "MEDICINE_CUES"]
