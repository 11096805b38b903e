"""The words the row filters read in the book and in a question: data only.

Row selection (narrowing, special patients, patient fit), the can-I-use limits, the
overdose quote, the pregnancy term and the INR band match these lists through `Words`
(`grounding.book.words`): folded once, matched as whole words on folded text. Lists
the band grammar and the bar reader share (refusals, newborns, children) stay in
`grounding.book.vocabulary`; nothing here spells one of them again. `Words` says where in a
text a list is found (`match` at its start, `ends` at its end, `fullmatch` all of it).
"""

from __future__ import annotations

from grounding.book.words import Words, phrases, words

# -- the question's words for what the heads say (grounding.narrowing) ---------------------
_OPERATED_AFTER = "sau |vừa |mới |khi |trước |lúc |ca |cuộc "
OPERATION = Words(
    (
        *phrases(_OPERATED_AFTER, "|khi ", "mổ").phrases,
        # "mổ" and what was operated on ("mổ thoát vị xong", "mổ sỏi mật", "mổ đẻ").
        *phrases("mổ ", "xong|ruột|gãy|cắt|thoát vị|sỏi|đẻ|bụng|tim|mắt|dạ dày|nội soi").phrases,
        "hậu phẫu",
        "cắt amidan",
    )
)
"""An operation said as "mổ" ("sau mổ", "vừa mổ xong", "mổ gãy tay", "mổ thoát vị"): the
heads' "phẫu thuật"."""

FEVER_OVER = words(
    "hết sốt|đã hết sốt|hết sốt rồi|cắt sốt|cắt được sốt|khỏi sốt|lui sốt|"
    "hồi phục|phục hồi|giai đoạn hồi phục|đang hồi phục|dưỡng bệnh|lại sức|lui bệnh"
)
"""The fever over, the patient getting better ("bé hết sốt rồi", "giai đoạn hồi phục"): the
heads' "giai đoạn dưỡng bệnh", not the phase "có sốt" whose word it shares."""

LOWER_AIRWAY = words(
    "viêm phổi|viêm phế quản|viêm phế quản phổi|viêm tiểu phế quản|phế quản phế viêm"
)
"""A lower airway disease named ("viêm phổi nhẹ", "viêm phế quản"): the heads' "nhiễm khuẩn
đường hô hấp dưới", whatever severity word it comes with."""

MILD = Words(
    (
        *words("vẫn nhẹ|chỉ nhẹ|cũng nhẹ|nhẹ thôi|nhẹ lắm|không nặng|ko nặng|chưa nặng").phrases,
        *phrases("viêm |họng|amidan|tai|xoang|phế quản|đường tiết niệu|bàng quang", " nhẹ").phrases,
        *phrases("nhiễm |khuẩn|trùng", " nhẹ").phrases,
    )
)
"""A mild infection said ("viêm họng nhẹ", "viêm amidan … vẫn nhẹ thôi"): the heads' "các
nhiễm khuẩn nhẹ hơn" (a bare "nhe" may be the particle "nhé")."""

ASKING = words("bao nhiêu|bao nhiu|bn|mấy|thế nào|như thế nào|ra sao|bao lâu|được không")
"""How a question asks, never what it treats: "bao nhiêu" shares "bao" with "bào tử"."""

HEAD_OPENERS = words("để điều trị|để dự phòng|đối với|trong điều trị|trong dự phòng")
"""What an indication head may open with before what it treats ("Để điều trị bệnh lậu")."""
JOINING_WORDS = words("và|hoặc|do|của|ở|với|cho|trong|khi")
"""A short label never ends on one ("… do mất máu và")."""

_USUAL_WORDS = "thường dùng|thông thường|liều chung|liều thường"
USUAL = words(_USUAL_WORDS)
"""The book's words for the usual dose (the question's are read by understanding)."""
NOT_USUAL = phrases("viên |dạng ", _USUAL_WORDS)
"""A tablet or a form called usual ("viên thông thường") says nothing of the dose."""
MAXIMUM = words("tối đa|max|cao nhất|không quá|không được quá|không vượt quá|không được vượt quá")
"""The book's words for a maximum."""

# -- patients the filters read (special_patients, patient_fit, patient_bands, limits) ------
_DIALYSIS = "chạy thận|lọc máu|thẩm phân|thẩm tách|thận nhân tạo"
DIALYSIS = words(_DIALYSIS)
"""Haemodialysis or peritoneal dialysis, as users and the book say it."""
NOT_ON_DIALYSIS = phrases("không |chưa ", "|kèm |có |phải |cần |được ", _DIALYSIS)
"""A row said of those NOT on dialysis ("không kèm thẩm tách máu") is no dialysis row."""

BLEEDING = words("chảy máu")
NOT_BLEEDING = phrases("không |chưa |không có |chưa có ", "|bị ", "chảy máu")
"""A row said of a patient who does not bleed ("Không chảy máu: …")."""

OLDER_CHILDREN = words("trẻ lớn|trẻ em lớn|trẻ lớn tuổi|trẻ em lớn tuổi")
""""Người lớn và trẻ lớn tuổi": older children, never a newborn or an infant."""

PATIENT = words("trẻ|người|bệnh nhân|bệnh nhi|sơ sinh|cân nặng|thiếu niên|nhũ nhi")
"""Words that say a phrase is about a patient: a band shortly after one names who a
sentence is for ("ở người > 50 tuổi", "đối với trẻ < 12 tháng tuổi", "cân nặng dưới 45 kg")."""

GRAVER = words("mất nước|nặng|kèm theo|có máu|có sốt|nhiễm khuẩn")
"""Words that make a contraindication graver than the bare condition ("ỉa chảy cấp mất
nước điện giải nặng"): a child with plain diarrhoea is not shut out by it."""

# -- the overdose section (grounding.overdose) --------------------------------------------
_TREATS = "điều trị|xử trí"
TREATMENT_OPENS = words(f"{_TREATS}|cách xử trí|giải độc|rửa dạ dày|gây nôn|cho uống than hoạt")
"""A sentence that opens the treatment."""
TREATS = words(_TREATS)
LEADS_ON = words("như sau|sau đây|gồm")
"""How a sentence leads into the treatment ("… cách xử trí chung như sau:")."""
LEAD_REACH = 40
"""At most this many characters between "xử trí" and "như sau"."""
OVERDOSE_HEADS = words(f"biểu hiện|triệu chứng|dấu hiệu|{_TREATS}")
"""A head printed alone ("Triệu chứng:"), not a sentence to quote."""

# -- the pregnancy term (grounding.pregnancy_term) ----------------------------------------
_TRIMESTER_WORDS = {1: ("đầu", "nhất"), 2: ("giữa", "hai"), 3: ("cuối", "ba")}
TRIMESTERS: dict[int, Words] = {
    n: Words(
        (
            *phrases("3 tháng |ba tháng ", first).phrases,
            *phrases("quý |tam cá nguyệt ", "|thứ ", f"{first}|{second}").phrases,
        )
    )
    for n, (first, second) in _TRIMESTER_WORDS.items()
}
"""Each trimester as the book says it ("3 tháng đầu", "quý thứ hai", "tam cá nguyệt cuối")."""
NEAR_TERM = words("gần đủ tháng|gần thời gian đủ tháng|sắp sinh|chuyển dạ|gần ngày sinh")
"""The weeks before birth."""

INR = words("inr")

# -- what a row says of another row (as_for, ceilings, line_links, heads) ------------------
AS_FOR = phrases("dùng|liều|dùng liều", "| giống", " như")
"""'Liều như trẻ 4 - 11 tuổi': the row sends to the dose of the band named after these."""
STARTING_CEILING = phrases("không |không được ", "|vượt ", "quá liều ", "khởi đầu|ban đầu")
"""'… nhưng không quá liều khởi đầu': a maintenance dose held at the starting dose."""
AGE_DOSES = phrases("các |những |", "liều ", "theo tuổi|theo độ tuổi|theo lứa tuổi")
"""'Các liều theo tuổi … không vượt quá 30 mg/kg/ngày': a ceiling of the fixed doses by age
(a 4-year-old's 150 mg three times), not of a dose worked out per kg, which the per-kg rule's
own ceiling holds."""
PAST_THE_BAND = phrases("|ở |cho |với ", "trẻ|bé", "| em", " nặng hơn| lớn hơn| lớn tuổi hơn")
"""Opening a row ('trẻ nặng hơn'): the children past the band of the row just above."""
ADULTS_AND_CHILDREN = phrases("người lớn ", "và|hoặc", " trẻ em")
"""Opening a row's words with no band after them: the row is everyone's."""
BAND_OPENERS = words("trên|dưới|từ|>|<")
BAND_UNITS = words("tuổi|tháng|kg")
"""The band after `ADULTS_AND_CHILDREN` ("(trên) 12 tuổi"): read as prefixes of the words."""

__all__ = [
    "ADULTS_AND_CHILDREN",
    "AGE_DOSES",
    "ASKING",
    "AS_FOR",
    "BAND_OPENERS",
    "BAND_UNITS",
    "BLEEDING",
    "DIALYSIS",
    "GRAVER",
    "HEAD_OPENERS",
    "INR",
    "JOINING_WORDS",
    "LEADS_ON",
    "LEAD_REACH",
    "MAXIMUM",
    "NEAR_TERM",
    "NOT_BLEEDING",
    "NOT_ON_DIALYSIS",
    "NOT_USUAL",
    "OLDER_CHILDREN",
    "OPERATION",
    "OVERDOSE_HEADS",
    "PAST_THE_BAND",
    "PATIENT",
    "STARTING_CEILING",
    "TREATMENT_OPENS",
    "TREATS",
    "TRIMESTERS",
    "USUAL",
]
