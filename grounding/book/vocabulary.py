"""The book's words for whom a line speaks of and what it says of them: data only.

Written with diacritics as the formulary prints them; `Words` (`grounding.book.words`)
folds each list once and matches it as whole words on folded text, so unaccented text reads
the same. The band grammar (`grounding.book.grammar`), the bar reader (`grounding.book.bars`),
the head and sentence readers (`grounding.heads`, `grounding.sentences`), the dose figure
reader (`grounding.dose_figures`) and the amount grammar (`grounding.book.doses`, over the
one unit list `UNITS`) read these lists; no other module of the book reader spells them
again.
"""

from __future__ import annotations

from grounding.book.words import Words
from grounding.book.words import phrases as _phrases
from grounding.book.words import words as _words

AGE_UNITS: dict[str, float] = {
    "tuổi": 12.0,
    "năm": 12.0,
    "tháng": 1.0,
    "tuần": 12 / 52,
    "ngày": 12 / 365,
}
"""Months per unit of an age."""

_REFUSES = "không dùng|không được dùng|không nên dùng|không khuyến cáo|chống chỉ định"
_FORBIDS = (
    f"{_REFUSES}|không khuyên dùng|tránh dùng|không sử dụng|không được sử dụng|không nên sử dụng"
)
_UNESTABLISHED = (
    "chưa xác định|chưa được xác định|chưa xác lập|chưa được xác lập|chưa nghiên cứu|"
    "chưa được nghiên cứu|chưa có dữ liệu|chưa có đủ dữ liệu|chưa có nghiên cứu"
)
REFUSALS = _words(_FORBIDS)
"""Words by which a line outside Chống chỉ định forbids a use ("Không khuyến cáo cho …")."""

ROW_REFUSALS = _words(_REFUSES)
"""Words by which a dose row says not to give the drug ("dưới 3 tháng tuổi: không khuyến
cáo"): a banded row that prints them is no dose to work out or show first."""

REFUSED_FORMS = _words(
    "viên|viên nén|viên nang|viên bao phim|viên nhai|dạng viên|dạng viên nén|dạng viên nang|"
    "hỗn dịch|dạng hỗn dịch|sirô|siro|dạng sirô|chế phẩm"
)
"""'… không được dùng viên bao phim 250 mg': a refusal of one form or strength, not of the
use (the patient is dosed by another form)."""

UNESTABLISHED = _words(_UNESTABLISHED)
"""Words by which the book says it has not established a use ("An toàn … chưa được xác
định"): it does not dose there, but it does not forbid either."""

NOT_DOSED = _words(f"{_FORBIDS}|{_UNESTABLISHED}")
"""Either: the book forbids a use or has not established it."""

CAPS = _words("không dùng quá|không được dùng quá|không nên dùng quá|không sử dụng quá")
"""A refusal word that caps a course or a dose ("không dùng quá 5 ngày"): not a refusal."""

CONDITIONS = _words("khi|nếu|với dạng|dạng thuốc|trong trường hợp")
"""A limit said of one form or situation does not bar every use at that age."""

# -- the book's one unit list (the amount grammar: grounding/book/doses.py) ----------------
MASS_UNITS = ("mg", "mcg", "microgam", "g", "µg")
"""Units of mass, as printed (lower case); the first four are the ones a mass alone uses."""
UNITS = (*MASS_UNITS, "ml", "đơn vị", "đvqt", "ui", "iu", "viên", "giọt", "gói", "ống", "mmol")
"""Every unit an amount of the book is printed with."""
DOSE_UNITS = tuple(u for u in UNITS if u != "mmol")
"""Units of a dose: mass, ml, international units, and the forms counted ("2 viên")."""
FIXED_UNITS = ("mg", "g", "mcg", "microgam", "ml", "viên")
"""Units of a dose a row prints for itself (per dose or per day)."""
AMOUNT_UNITS = tuple(u for u in UNITS if u not in ("đvqt", "viên", "giọt", "gói", "ống"))
"""Units of an amount given: a line that prints one is a dose row, not a limit."""
PATIENT_DOSE_UNITS = ("microgam", "mcg", "mg", "ml", "g", "đơn vị", "đvqt")
"""Units of a dose said before whom it is for ("1 mg/ngày cho trẻ …"), longest first."""
RECIPIENT = _phrases("cho |đối với ", "trẻ|người|bệnh nhân")
"""Whom a dose is for, said after it ("… cho trẻ 5 - 10 tuổi", "… đối với trẻ em 1 - 4 tuổi")."""

NEWBORN = _words("sơ sinh|nhũ nhi sơ sinh|đẻ non|sinh non|thiếu tháng|tuổi thai")
"""Words that name a newborn (or a baby born early)."""

BORN_EARLY = _words("thiếu tháng|đẻ non|sinh non|non tháng|không đủ tháng|chưa đủ tháng")
"""A baby born early, as the book and parents say it."""
BORN_AT_TERM = _words("đủ tháng")
"""A baby born at term: a dose the book says of babies born early is not worked out for it."""

DISEASE_KIND = _words("viêm|cấp|mạn|mãn|tính|nặng|nhẹ|vừa|hội chứng")
"""Words that say what kind of disease, not which one: "viêm xoang" shares only "viêm" with
"Viêm màng não", which names another disease."""

BABY = _words("sơ sinh|nhũ nhi|thiếu tháng|đẻ non|sinh non")
"""A newborn or an infant: a line said of babies is not said of a ten-year-old."""

NEWBORN_WORD = _words("sơ sinh")
AFTER_BIRTH = _words("sau khi sinh|sau sinh|sau khi đẻ")
"""Weeks or days said after birth ("2 - 4 tuần sau khi sinh") are the baby's age."""
GESTATION = _words("tuổi thai|chỉnh theo|tuần thai")
"""Weeks said of a gestational age ("28 - 32 tuần chỉnh theo tuổi thai")."""
PRETERM = _words("thiếu tháng|đẻ non")
"""A baby born early: its weeks are of gestation unless said as its age ("tuần tuổi")."""

CHILD = _words("trẻ|trẻ em|trẻ nhỏ|trẻ con|con|bé|thiếu niên|trẻ vị thành niên|người|bệnh nhân")
"""Words that name the patient a line speaks of, and nothing about them."""

JOINERS = _words("và|hoặc|cho|ở|với|dùng cho|đối với")
"""Words that join or introduce a population without saying anything of it."""

# -- the band grammar's words (grounding/book/grammar.py) ----------------------------------
AGE_UNIT_WORDS = _words("ngày|tuần|tháng|tuổi|năm")
AGE_WORD = _words("tuổi")
NOT_AN_AGE_AFTER = _words("đầu|sau|tiếp")
"""After a unit, these make it a time ("3 tháng đầu", "2 ngày sau"), not an age."""
FIRST = _words("đầu|đầu tiên")
"""The first weeks or days of life ("2 tuần đầu sau khi sinh"): an age from birth to there."""
WEIGHT_UNIT = _words("kg")
CLEARANCE_UNIT = _words("ml/phút")
WEIGHT_WORDS = _words("cân nặng|nặng|trọng lượng|trọng lượng cơ thể|thể trọng")
FOR = _words("cho")
TO = _words("-|–|—|đến|tới")
"""Joins the two ends of a range ("2 - 4 tuổi", "29 ngày đến 2 tuổi")."""
UPTO = _words("đến|tới")
"""An upper end said alone ("cho tới 2 tuổi", "cân nặng đến 35 kg")."""
BEFORE = _words("trước")
# "³" and "£" are how the extracted text prints the book's ≥ and ≤ (a symbol font).
BELOW_STRICT = _words("dưới|<|nhỏ hơn|ít hơn|kém hơn")
BELOW_INCLUSIVE = _words("dưới hoặc bằng|bằng hoặc dưới|<=|≤|£|không quá")
ABOVE_STRICT = _words("trên|>")
ABOVE_INCLUSIVE = _words("trên hoặc bằng|bằng hoặc trên|> hoặc|>=|≥|³|từ|lớn hơn|hơn")
STRICT_START = _words("trên|>")
"""A range whose lower end is itself strict ("trên 3 tháng tuổi đến 12 tuổi")."""
OPEN_END = _words("dưới|<")
"""A range whose upper end is said as a strict bound ("2 - dưới 6 tuổi")."""
OR_MORE_AGE = _words(
    "trở lên|và lớn hơn|hoặc lớn hơn|và nhiều hơn|hoặc nhiều hơn|và hơn|hoặc hơn|và trở lên|"
    "hoặc trở lên"
)
OR_LESS_AGE = _words(
    "trở xuống|và nhỏ hơn|hoặc nhỏ hơn|và ít hơn|hoặc ít hơn|và bé hơn|hoặc bé hơn|và nhẹ hơn|"
    "hoặc nhẹ hơn|và trở xuống|hoặc trở xuống"
)
OR_MORE_WEIGHT = _words("trở lên|hoặc nặng hơn|hoặc lớn hơn|hoặc hơn|hoặc trở lên")
OR_LESS_WEIGHT = _words("trở xuống|hoặc nhẹ hơn|hoặc nhỏ hơn|hoặc ít hơn|hoặc bé hơn|hoặc dưới")

# -- the band reader's words (grounding/book/bands.py) --------------------------------------
AS_ADULTS = Words(
    (
        *_phrases(
            "liều |điều trị ", "|giống |tương tự ", "như |của |bằng ", "|của |ở ", "người lớn"
        ).phrases,
        *_phrases("liều |điều trị ", "giống |tương tự ", "người lớn").phrases,
        *_phrases("giống ", "|như ", "|liều ", "|của ", "người lớn").phrases,
    )
)
"""'dùng liều như (của / ở) người lớn', 'liều tương tự người lớn', 'giống (như) liều người
lớn'; not '½ liều người lớn' nor 'liều cao hơn của người lớn'."""
AGE_OR_WEIGHT = _phrases("tuổi|tháng|tuần|ngày|năm", "|,", " hoặc ", "|có ", "cân nặng|nặng")
"""'dưới 3 tháng tuổi hoặc cân nặng dưới 5 kg': an age band, "hoặc", then a weight band."""

# -- the head reader's words (grounding/heads.py) -------------------------------------------
_PART = "liều lượng|liều dùng"
PART_HEADS = Words(
    (
        *_phrases(_PART, "| và cách dùng").phrases,
        *_phrases("cách dùng", "| và liều lượng| và liều dùng").phrases,
    )
)
"""A part head: "Liều lượng", "Cách dùng và liều dùng" (matched whole)."""
FILLER_ENDS = _words("như sau|sau đây|gồm|chú ý|lưu ý|là")
"""A head ending so ("Liều được tính như sau:") introduces what follows; it heads nothing."""
FILLER_OPENS = _phrases("|tính |liều |dùng ", "theo ", "tuổi|cân nặng|thể trọng|diện tích")
"""'Theo tuổi:', 'Tính theo cân nặng:' say how the rows are split, not what they treat."""
FILLER_WHOLE = _phrases("hoặc|hay", "| là| dùng| có thể dùng")
"""'Hoặc dùng:' offers another way to dose the rows above it, not another indication."""
EXAMPLES = _words("thí dụ|ví dụ|chẳng hạn")
"""'Thí dụ: 125 mg mỗi ngày cho trẻ 6 tháng 5 kg' illustrates the row above; it heads nothing."""
USUAL_DOSE = _phrases(
    "liều ",
    "thường dùng|thông thường|thường|chung|tối đa|khởi đầu|ban đầu|duy trì|tấn công",
    "| là| hàng ngày| mỗi ngày| thông thường| thường dùng",
)
"""'Liều thường dùng:', 'Liều tối đa:' name which dose a row is, never an indication."""
REMARKS = _words("chú ý|lưu ý")
_POPULATIONS = (
    "người lớn|người cao tuổi|người già|trẻ|sơ sinh|bệnh nhân|người bệnh|thiếu niên|nhũ nhi|"
    "người trưởng thành"
)
WHO_LEAD = Words(
    (
        *_words(_POPULATIONS).phrases,
        *_phrases(
            "|cách dùng và ",
            "liều ",
            "|lượng |dùng ",
            "|và cách dùng ",
            "|thông thường |thường dùng |thường ",
            "|ở |cho |dùng cho ",
            _POPULATIONS,
        ).phrases,
    )
)
"""A head that opens with a population ("Người lớn", "Liều thường dùng cho trẻ em")."""
PROSE = _words("khuyến cáo|nên|phải|được dùng|dùng liều|có thể|đối với")
"""Words of a sentence, not of a head: a colon after them introduces what was said."""
NOT_PROSE = _words("mắc phải")
"""'viêm phổi mắc phải tại cộng đồng' names a disease; its 'phải' is not 'must'."""
RENAL_WORDS = _words(
    "suy thận|clcr|thanh thải|thẩm phân|thẩm tách|chạy thận|lọc máu|gan, thận|tổn thương, thận"
)
HEPATIC_WORDS = _words("suy gan|tổn thương gan|bệnh gan")
ELDERLY_WORDS = _words("cao tuổi|người già")
ADULT_WORDS = _words("người lớn|người trưởng thành")
CHILD_WHO = _words("trẻ|sơ sinh|thiếu niên|nhũ nhi")
"""Words that make a head a child's."""
CHILD_HEAD = _words("trẻ|sơ sinh")
"""'Người lớn và trẻ em:' names children beside adults: everyone."""
BODY_WEIGHT = _words("trọng lượng|trọng lượng cơ thể|thể trọng")
"""The book's other words for body weight, read as 'cân nặng' ('cơ thể' alone folds like
'có thể', a prose word)."""
ROUTE_LEAD = _phrases(
    "|đường |dạng |dùng |thuốc |liều ", "tiêm|truyền|uống|đặt|nhỏ|bôi|hít|khí dung|xịt"
)
"""A long head that opens with its route ("Đường tiêm tĩnh mạch, …")."""
INJECTION = _words("tiêm|đường tiêm")
"""'*Tiêm:*' alone names an injection without saying which."""

# -- the sentence reader's words (grounding/sentences.py) -----------------------------------
CAVEAT_OPENS = _words(
    "tối đa|liều tối đa|không quá|không được vượt|không được dùng quá|không vượt quá|các liều|"
    "có thể nhắc|có thể lặp|có thể thêm|nhắc lại|lặp lại"
)
"""A sentence opening so is a caveat of the rows it follows ("Tối đa 4 g/ngày")."""
CAVEAT_WORDS = _words(
    "tối đa|không quá|không được quá|không vượt quá|không được vượt quá|vượt quá|nhắc lại|lặp lại"
)
"""Words of a caveat anywhere in a sentence."""
GOES_ON = _words("hoặc|hay|sau đó|tiếp theo|rồi")
"""A sentence opening so goes on with the row before it."""
ALTERNATIVE = _words("có thể|cũng có thể|hoặc có thể|còn có thể")
"""A paragraph opening so offers another way to dose whom the row above is for."""
ANOTHER_WAY = _phrases("có thể |cũng có thể |hoặc có thể |còn có thể ", "dùng")
"""'Có thể dùng chế phẩm …': another product or way for the same patients (not a step up)."""
ANY_PATIENT = _phrases("cho |ở |với |đối với ", "người bệnh|bệnh nhân")
"""'… cho người bệnh tạm thời không thể uống': the patient named by a state, not an age or a
population."""
RENAL_PATIENT = _phrases(
    "đối với |ở |cho |với ",
    "|những |các ",
    "người |bệnh nhân |người bệnh ",
    "|bị |có ",
    "suy thận|suy giảm thận|suy giảm chức năng thận|tổn thương thận|bệnh thận",
)
"""'… đối với người suy thận, …': a renal row without a renal head."""
NOT_A_HEAD = _words("không|nên|phải|cần|có thể|được")
"""Words of a sentence, not of a head ("_Không dùng cho trẻ nhỏ._" is a warning)."""
CLEARANCE_LEAD = _words("độ thanh thải|clcr|ccr|mức lọc cầu thận|egfr")
"""A clause opening so is banded by the patient's clearance."""
NOT_AN_INDICATION = _words("người|bệnh nhân|trẻ|sơ sinh|phụ nữ|mọi|trường hợp")
"""What a row's opening words name when they name a patient, not what it treats."""

# -- the amount reader's words (grounding/amounts.py) ---------------------------------------
PERIOD_OPENS = _words("mỗi|khi|x|×|cách|chia|ngày|1 lần|một lần")
"""A phrase opening so says how often a figure is given, not which case it is for."""
TRIVIAL_LABELS = _words("liều|liều dùng|uống|tiêm|dùng|liều thường dùng|là|hoặc|và")
"""Words that tell no figure of a row from another."""

# -- the dose figure reader's words (grounding/dose_figures.py) -----------------------------
OTHER_DRUG = _words("phối hợp|kết hợp|cùng với|kèm theo")
"""Another drug's dose in the same clause ("phối hợp với ethambutol (15 mg/kg/ngày)")."""
OR_MORE = _words("hoặc lớn hơn|hoặc cao hơn|trở lên")
"""After a figure, these make it a threshold ("20 mg/kg trở lên"), not a dose."""
PER_DOSE = _words("mỗi lần|một lần|mỗi liều")
PER_DAY = _words("mỗi ngày|một ngày|hàng ngày")
PER_WEEK = _phrases("1 lần |một lần |", "mỗi tuần|một tuần|hàng tuần|hằng tuần|/tuần|/ tuần")
"""'1 lần mỗi tuần', 'mỗi tuần': a week's amount (`grounding.weekly`)."""
PER_DAY_CAP = _words("mỗi ngày|một ngày|hàng ngày|trong 24 giờ")
DAY_BEFORE = _phrases("mỗi ngày|một ngày|hàng ngày", "| uống| tiêm| dùng| truyền")
"""'Mỗi ngày uống 10 - 20 mg/kg': the day's amount said before the figure."""
SINGLE_DOSE = _words("liều duy nhất")
NOT_FIXED = _words("tối đa|không quá|có thể|nếu cần")
"""Said before a count of doses a day, these make it a most or an option, not fixed."""
PER_SITE = _phrases("|ở |cho |tại ", "|mỗi ", "vị trí")
"""'… ở mỗi vị trí tiêm': a limit per site, not a cap of the dose."""

ADJUSTS = _words("một nửa|nửa liều|giảm liều|điều chỉnh liều|hiệu chỉnh liều")
"""Words by which a note adjusts a dose (with "n %" and "giảm n": `grounding.book.doses`)."""

__all__ = [
    "ABOVE_INCLUSIVE",
    "ABOVE_STRICT",
    "ADJUSTS",
    "ADULT_WORDS",
    "AFTER_BIRTH",
    "AGE_OR_WEIGHT",
    "AGE_UNITS",
    "AGE_UNIT_WORDS",
    "AGE_WORD",
    "ALTERNATIVE",
    "AMOUNT_UNITS",
    "ANOTHER_WAY",
    "ANY_PATIENT",
    "AS_ADULTS",
    "BABY",
    "BEFORE",
    "BELOW_INCLUSIVE",
    "BELOW_STRICT",
    "BODY_WEIGHT",
    "BORN_AT_TERM",
    "BORN_EARLY",
    "CAPS",
    "CAVEAT_OPENS",
    "CAVEAT_WORDS",
    "CHILD",
    "CHILD_HEAD",
    "CHILD_WHO",
    "CLEARANCE_LEAD",
    "CLEARANCE_UNIT",
    "CONDITIONS",
    "DAY_BEFORE",
    "DISEASE_KIND",
    "DOSE_UNITS",
    "ELDERLY_WORDS",
    "EXAMPLES",
    "FILLER_ENDS",
    "FILLER_OPENS",
    "FILLER_WHOLE",
    "FIRST",
    "FIXED_UNITS",
    "FOR",
    "GESTATION",
    "GOES_ON",
    "HEPATIC_WORDS",
    "INJECTION",
    "JOINERS",
    "MASS_UNITS",
    "NEWBORN",
    "NEWBORN_WORD",
    "NOT_AN_AGE_AFTER",
    "NOT_AN_INDICATION",
    "NOT_A_HEAD",
    "NOT_DOSED",
    "NOT_FIXED",
    "NOT_PROSE",
    "OPEN_END",
    "OR_LESS_AGE",
    "OR_LESS_WEIGHT",
    "OR_MORE",
    "OR_MORE_AGE",
    "OR_MORE_WEIGHT",
    "OTHER_DRUG",
    "PART_HEADS",
    "PATIENT_DOSE_UNITS",
    "PERIOD_OPENS",
    "PER_DAY",
    "PER_DAY_CAP",
    "PER_DOSE",
    "PER_SITE",
    "PRETERM",
    "PROSE",
    "RECIPIENT",
    "REFUSALS",
    "REFUSED_FORMS",
    "REMARKS",
    "RENAL_PATIENT",
    "RENAL_WORDS",
    "ROUTE_LEAD",
    "ROW_REFUSALS",
    "SINGLE_DOSE",
    "STRICT_START",
    "TO",
    "TRIVIAL_LABELS",
    "UNESTABLISHED",
    "UNITS",
    "UPTO",
    "USUAL_DOSE",
    "WEIGHT_UNIT",
    "WEIGHT_WORDS",
    "WHO_LEAD",
    "Words",
]
