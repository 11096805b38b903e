"""The words the rules understander listens for, all folded (no diacritics, lowercase).

Data only: which phrases signal which turn type, section, population or route. Phrases
are matched as whole words on the folded turn, so each entry also covers unaccented input.
"""

from __future__ import annotations

from core.frame import Route
from core.sections import SectionKey


def _p(spec: str) -> tuple[str, ...]:
    """Phrases written `a|b|c`, so long lists stay readable and formatter-stable."""
    return tuple(p.strip() for p in spec.split("|") if p.strip())


# Phrases that contain a section cue's words but name a procedure or a use, not a section:
# "gây mê" (anaesthesia), "gây tê" (local anaesthesia), "gây ngủ" (to induce sleep),
# "hóa trị gây nôn" (what the drug treats), "cai rượu" (alcohol withdrawal, an indication).
NOT_SECTION_CUES = _p(  # also a school subject: "mai thi dược lý" names no section
    "gay me|gay te|gay tinh|gay ngu|gay me toan than|tri gay non|tri gay buon non|"
    "hoi chung cai ruou|cai ruou|nghien ruou|ket hop xuong|thi duoc ly|mon duoc ly|hoc duoc ly"
)

# Cues naming a section outright, in the order they are tried: specific phrases first
# ("chong chi dinh" before "chi dinh", "qua lieu" before any dosing cue).
ATTRIBUTE_CUES: tuple[tuple[SectionKey, tuple[str, ...]], ...] = (
    (
        SectionKey.HUONG_DAN_XU_TRI_ADR,
        _p("xu tri tac dung phu|xu ly tac dung phu|xu tri adr|huong dan xu tri adr"),
    ),
    (
        SectionKey.CHONG_CHI_DINH,
        _p(
            "chong chi dinh|ccd|cam dung|cam chi dinh|khong duoc dung|khong duoc uong|"
            "ai khong nen dung|contraindication|contraindications|contraindicated"
        ),
    ),
    (
        SectionKey.QUA_LIEU_XU_TRI,
        _p(
            "qua lieu|uong qua nhieu|uong nham|ngo doc|uong qua lieu|overdose|uong gap doi|"
            "lo uong nhieu|uong du lieu|uong nhieu vien|uong ca vi|uong ca hop|uong het vi|"
            "uong het hop|ngo doc thuoc|lieu gay doc|lieu doc|lieu gay ngo doc|nong do gay doc"
        ),
    ),
    (
        SectionKey.TAC_DUNG_KHONG_MONG_MUON,
        _p(
            "tac dung phu|tac dung khong mong muon|adr|phan ung phu|tdp|side effect|"
            "side effects|tac hai|anh huong xau|phan ung co hai|co gay|gay ra|co hai|gay|"
            "bi gi khong|phan ung bat loi|co lam|lam tang|lam giam|gay nghien|nghien"
        ),
    ),
    (SectionKey.TUONG_KY, _p("tuong ky|pha chung|pha cung")),
    (SectionKey.TUONG_TAC_THUOC, _p("tuong tac thuoc|tuong tac|interaction|interactions|interact")),
    (
        SectionKey.DO_ON_DINH_BAO_QUAN,
        _p(
            "bao quan|cat giu|tu lanh|han dung|han su dung|nhiet do phong|de o dau|do on dinh|"
            "storage|store|de noi nao"
        ),
    ),
    (
        SectionKey.DANG_THUOC_HAM_LUONG,
        _p(
            "dang thuoc|ham luong|dang bao che|co dang|nhung dang|cac dang|loai vien|"
            "vien bao nhieu mg|bao nhieu mg mot vien|"
            "mot vien bao nhieu mg|mot vien may mg|co loai|dang nao|co nhung loai|dang tiem nao|"
            "o dang|vien sui|co dang vien|co dang goi|co dang siro"
        ),
    ),
    (
        SectionKey.THAN_TRONG,
        _p(
            "than trong|luu y|chu y|canh bao|warning|warnings|precaution|precautions|"
            "can tranh|can luu y|truoc mo|truoc phau thuat|ngung thuoc truoc|lai xe"
        ),
    ),
    (
        SectionKey.DUOC_DONG_HOC,
        _p("duoc dong hoc|thai tru|ban thai|hap thu|chuyen hoa|pharmacokinetics"),
    ),
    (
        SectionKey.DUOC_LY,
        _p("duoc ly|co che|co che tac dung|tac dong the nao|hoat dong the nao|nhom thuoc gi"),
    ),
    (SectionKey.TEN_THUONG_MAI, _p("ten thuong mai|biet duoc|ten bien duoc|ten khac|brand")),
    (SectionKey.THONG_TIN_QUY_CHE, _p("quy che|thuoc ke don|can don|ke don khong|thuoc doc")),
    (
        SectionKey.CHI_DINH,
        _p(
            "chi dinh|dung de lam gi|de lam gi|dung de|tri benh gi|chua benh gi|tri gi|chua gi|"
            "cong dung|tac dung gi|tac dung cua|dieu tri gi|dung trong truong hop nao|"
            "dung khi nao|indication|indications|used for|tri duoc|chua duoc|co tri|co chua|"
            "dung cho benh|tri benh|chua benh|de tri|de chua|dieu tri duoc|co dieu tri"
        ),
    ),
)

PREGNANCY_CUES = _p(
    "ba bau|mang thai|co thai|co bau|mang bau|thai ky|thai phu|dang bau|pregnant|pregnancy|"
    "nguoi co thai|phu nu co thai|bau bi|dang co em be|em be trong bung|be trong bung|"
    "con trong bung|thai nhi|dinh bau|co em be roi"
)
BREASTFEEDING_CUES = _p(
    "cho con bu|dang cho bu|cho bu|nuoi con bang sua me|con bu me|sua me|breastfeeding|"
    "breast feeding|nuoi con bu|cho be bu|dang nuoi con nho"
)
RENAL_CUES = _p(
    "suy than|benh than|than yeu|chay than|loc mau|clcr|egfr|do thanh thai|ton thuong than|"
    "renal|benh nhan than|than nhan tao|tham phan|loc than|crcl|cl cr|cr cl|ccr|dtcr|gfr|"
    "mlct|muc loc cau than|do loc cau than|thanh thai creatinin"
)
# A clearance as a ward writes it (CrCl, Cl cr, CCr, ĐTCr, eGFR, MLCT), then "~", "còn", "là".
CLEARANCE_VALUE = (
    r"(?<![a-z])(?:e?gfr|cl\s?cr|cr\s?cl|ccr|dtcr|(?:do )?thanh thai(?: creatinin)?|mlct|(?:muc|do)"
    r" loc cau than)(?:\s*(?:uoc tinh|chi con|la|=|:|~|≈|khoang|tam|chi|con|co|xuong))*\s*"
)
# Dialysis of any kind: a renal fact of its own (the book gives dialysis rows apart).
DIALYSIS_CUES = _p(
    "chay than|chay than nhan tao|than nhan tao|loc mau|loc than|tham phan|tham tach|"
    "tham phan phuc mac|dialysis|haemodialysis|hemodialysis"
)
# "chưa lọc máu", "không phải chạy thận", "ko cần thẩm phân": dialysis said as not (yet) done.
_NOT, _NEED = ("chua", "khong", "ko", "k", "hong", "chang"), ("", "can ", "phai ", "co ")
NO_DIALYSIS_CUES = tuple(f"{n} {d}{w}" for n in _NOT for d in _NEED for w in DIALYSIS_CUES)
HEPATIC_CUES = _p("suy gan|benh gan|xo gan|viem gan|men gan cao|ton thuong gan|hepatic")

DOSING_CUES = _p(
    "lieu|lieu dung|lieu luong|uong bao nhieu|dung bao nhieu|may vien|bao nhieu vien|"
    "bao nhieu mg|bao nhieu ml|bao nhieu goi|bao nhieu ong|may ong|may goi|may ml|may mg|"
    "may lan|ngay may lan|cach dung|dung the nao|uong the nao|dung nhu the nao|"
    "uong nhu the nao|uong ra sao|dung ra sao|tiem bao nhieu|truyen bao nhieu|may giot|"
    "may nhat|bao nhieu nhat|bao nhieu giot|dose|dosage|dosing|how much|mg kg|uong may|"
    "dung may|bnhieu|uong sao|dung sao|mot lan uong|cach nhau bao lau|uong luc nao|"
    "xit bao nhieu|boi bao nhieu|nho bao nhieu|bao nhieu lan|uong bnhieu|cho uong bao nhieu|"
    "bao nhieu|truoc an|sau an|luc doi|khi doi|truoc hay sau an|uong luc|uong vao luc|may gio|"
    "buoi sang hay toi|uong khi nao|sang hay toi|uong buoi sang|uong buoi toi|quen uong|"
    "quen lieu|bo lieu|huong dan su dung|cach su dung|su dung the nao|su dung nhu the nao|"
    "may thang|may tuoi|bao nhieu tuoi|bao nhieu thang|tu may tuoi|tu may thang|dung may ngay|"
    "uong may ngay|bao nhieu ngay|giam thuoc|tang thuoc|bot thuoc|chinh thuoc|"
    # "bn" is "bao nhiêu" only beside a unit or a dose word ("BN 6 tuổi" is a patient);
    # "tính ra mg/ngày" asks the amount the rule works out to.
    "bn mg|bn ml|bn vien|bn goi|moi lan bn|lan bn|ngay bn|uong bn|dung bn|tiem bn|tinh ra|"
    "tinh giup|mg ngay|mg moi lan|mg mot lan|mg mot ngay|"
    # How often and how long: "cách mấy tiếng", "mấy tiếng 1 lần", "ba ngày liền đúng ko".
    "cach may tieng|cach may gio|cach bao lau|may tieng mot lan|may tieng 1 lan|"
    "bao lau mot lan|bao lau 1 lan|ngay lien"
)
# Doubt about an amount the user states ("sáng uống 4 viên có nhiều quá không", "liều này
# có cao quá không"): the dose rows answer it, not a how-to sentence about the time of day.
# Not "dung lieu"/"du lieu": folded they are also "dùng liều" and "dữ liệu".
# ... or right at all ("bs kê 8 viên, nhiều vậy có đúng liều ko"): the amount is the question.
AMOUNT_DOUBT = _p(
    "nhieu qua|qua nhieu|cao qua|qua cao|it qua|qua it|thap qua|nhieu vay|nhieu the|"
    "nhieu nhu vay|dung lieu khong|dung lieu ko|dung lieu k|dung lieu chua|dung lieu hong"
)
# "lieu" is also "liệu" (whether) and "liệu pháp"; after these words it is not a dose.
NOT_DOSING_AFTER_LIEU = _p("co|phap|rang|the nao thi|gay")  # "liều gây độc": the overdose section

INTERACTION_CUES = _p(
    "tuong tac|dung chung|uong chung|dung cung|uong cung|phoi hop|ket hop|cung luc|dong thoi|"
    "interaction|together|combine|di chung|chung nhau|uong voi ruou|ruou|ruou bia|bia|"
    "nuoc buoi|alcohol|voi ruou|an duoc|thuc an|do an|an uong|kieng an|ca phe|nuoc ep|"
    "sua bo|an rau|rau xanh|rau cai|cafe|coffee|cafein|tra xanh"
)
# Cues that mean "interaction" only when two medicines are named ("uống thêm aspirin" alone
# is not an interaction question).
PAIR_INTERACTION_CUES = _p("uong them|dung them|cung voi|chung voi|cung nhau|ke them|keo theo")
# A follow-up that reuses the previous question for another drug or patient.
FOLLOW_UP_CUES = _p("the con|vay con|con thi sao|thi sao|con thuoc|the thi|how about|what about")
# "uống X thế nào": a dose question when the verb and the "how" are apart.
HOW_CUES = _p("the nao|ra sao|nhu the nao|nhu nao")

# Comparing two medicines is not asking about their interaction.
COMPARISON_CUES = _p(
    "so sanh|khac nhau|khac gi|giong nhau|tot hon|hon hay|nen chon|compare|versus|vs"
)
# "I want to ask about a medicine" with no name: a drug question still missing its drug.
ASK_ABOUT_DRUG = _p("hoi ve thuoc|hoi thuoc|tu van thuoc|hoi ve mot loai thuoc|hoi mot thuoc")
OVERVIEW_CUES = _p(
    "la thuoc gi|la gi|la thuoc j|la j|thuoc gi vay|la thuoc nao|thong tin ve|thong tin thuoc|"
    "tim hieu ve|gioi thieu ve|gioi thieu|noi ve|what is|tong quan|biet ve|thuoc gi the|"
    "la thuoc chi|thong tin"
)
SECTION_OVERVIEW_CUES = _p(
    "xem muc|cho xem|doc muc|muc lieu|muc chong|muc tac|muc tuong|muc than|muc chi|xem phan|"
    "doc phan|toan bo muc|nguyen van|trich muc|"
    "trich dan|show section|xem nguyen|xem toan bo|toan van"
)
USABILITY_CUES = _p(
    "duoc khong|co duoc khong|dung duoc khong|uong duoc khong|co sao khong|an toan khong|"
    "co an toan|co nen|nen dung khong|co anh huong|dung duoc|uong duoc|duoc ko|dc khong|dc ko|"
    "duoc k|dc k|co sao ko|safe|co dung duoc|dung cho|cho dung|duoc phep|co the dung|"
    "co the uong|khong sao|co van de|an toan|"
    # still usable ("còn dùng được nữa không")
    "duoc nua khong|duoc nua ko|dc nua khong|dc nua ko"
)

POPULATION_CHILD = _p(
    "tre em|tre|tre nho|tre con|em be|con toi|con em|con tui|con minh|dua con|dua be|chau toi|"
    "chau be|so sinh|nhu nhi|benh nhi|nhi khoa|khoa nhi|tre so sinh|hoc sinh|kids|kid|"
    "children|child|pediatric|paediatric|infant|baby|con gai toi|con trai toi|be gai|be trai|"
    "be nha|con nho|chau nho|tre nhi|con nit|tre con nit|em nho|"
    # a small boy or girl named as families do ("thằng cu cầm vỉ thuốc", "con bé nhà bên")
    "thang cu|thang be|thang nhoc|thang nho|con be|dua nho|dua tre|cu cau"
)
POPULATION_ADULT = _p(
    "nguoi lon|nguoi truong thanh|adult|adults|nguoi gia|nguoi cao tuoi|cao tuoi|ong cu|ba cu|"
    "cu gia|me toi|bo toi|ba toi|ong toi|chong toi|vo toi|ba bau|thai phu|phu nu|dan ong|"
    "nguoi lon tuoi|lon tuoi|sinh vien|nguoi gia yeu|ong noi|ba noi|ong ngoai|ba ngoai|me dang|"
    "nguoi me|ba me|ng lon|ng gia|ng cao tuoi|"  # "ng" typed short for "người"
    # a patient a nurse names as an adult: "anh BN 80kg", "chị bệnh nhân", "ông BN"
    "anh bn|chi bn|ong bn|chu bn|bac bn|co bn|anh benh nhan|chi benh nhan|ong benh nhan"
)
# The speaker as the patient: "tôi/t/mình/em uống …", "tui bị sốt" (folded). A speaker who
# takes a medicine or is ill themselves, with no child word, is an adult asking for themself.
SELF_SPEAKERS = frozenset({"toi", "t", "tui", "minh", "to", "tao", "em", "e", "anh"})
SELF_BETWEEN = frozenset({"dang", "vua", "moi", "da", "co", "hay", "thuong", "cung", "van", "lo"})
SELF_TAKES = frozenset({"uong", "dung", "xai", "bi", "nuot", "ngam"})
# Words before the speaker that make it someone else's act: "cho em uống" (give the child).
SELF_NOT_AFTER = frozenset({"cho", "de", "bao", "nhac", "giup"})
# Unaccented "be" is "bé" (child) unless it reads as "bẻ" (to break a tablet).
BE_NOT_CHILD_AFTER = _p("doi|vien|nho|ra|nua|gay")

# The bare verb "uống" says "oral" only where the route matters (dosing, a route answer).
GENERIC_ORAL = _p("uong")
ROUTE_CUES: tuple[tuple[Route, tuple[str, ...]], ...] = (
    (
        Route.RECTAL,
        _p(
            "dat hau mon|nhet hau mon|dat truc trang|truc trang|hau mon|vien dat|vien nhet|"
            "dat dit|nhet dit|toa duoc|rectal|dat hm|thuoc dan|vien dan|dang dan|thuoc dat"
        ),
    ),
    (Route.VAGINAL, _p("dat am dao|am dao|vaginal")),
    (
        Route.IV,
        _p(
            "tiem tinh mach|truyen tinh mach|tinh mach|tiem tm|truyen|iv|intravenous|"
            # "heparin bolus", "0,1mg/kg TM chậm", "TMC", "ceftriaxon TM": a vein
            "bolus|tm cham|tm nhanh|tmc|tm|"
            # ward shorthand: "TTM" (tiêm/truyền tĩnh mạch), "cipro TTM q8h"
            "ttm|truyen tm|chich tm|tiem iv"
        ),
    ),
    (Route.IM, _p("tiem bap|bap|im|intramuscular|chich bap|tiem tb|chich tb")),
    (Route.SC, _p("tiem duoi da|duoi da|sc|subcutaneous|tiem tdd|chich tdd")),
    (Route.OPHTHALMIC, _p("nho mat|tra mat|thuoc mat|mat nho")),
    (Route.OTIC, _p("nho tai")),
    (Route.NASAL, _p("xit mui|nho mui|xit vao mui")),
    (Route.SUBLINGUAL, _p("ngam duoi luoi|duoi luoi|dat duoi luoi")),
    (
        Route.INHALED,
        _p("xit hong|binh xit|binh hit|khi dung|phun mu|xit|hit|inhaler|inhaled|hit vao"),
    ),
    (Route.TOPICAL, _p("boi|thoa|ngoai da|dung ngoai|thuoc mo|kem boi|gel|topical|boi da")),
    (
        Route.ORAL,
        _p(
            "duong uong|dang uong|vien uong|thuoc uong|siro|oral|by mouth|po|dang nuoc uong|"
            "vien nen|vien nang|goi bot|hon dich uong"
        ),
    ),
)

# Smalltalk is a turn made only of a trigger plus filler words (no drug, no question).
SMALLTALK_TRIGGERS = _p(
    "chao|xin chao|hello|hi|hey|alo|cam on|thank|thanks|thank you|tam biet|bye|goodbye|ok|oke|"
    "okay|ban la ai|ban ten gi|chuc|good morning|tot qua|hay qua|duoc roi|hieu roi|ro roi|"
    "cam ta|camon|thankyou|thx|tks|thks|hihi|haha|vang|da vang|ban khoe khong|gioi qua|giup minh|"
    "giup toi|giup em|tuyet voi|ban oi"
)
SMALLTALK_FILLER = frozenset(
    _p(
        "a|ah|ak|nhe|nha|ban|nhieu|oi|roi|vay|tot|xin|em|anh|chi|toi|minh|ha|da|u|uh|uhm|lam|"
        "qua|moi|nguoi|rat|the|nao|khoe|khong|ko|sang|buoi|trua|chieu|ngu|ngon|ve|hen|gap|lai|"
        "sau|luc|nay|you|very|much|so|lot|good|morning|night|ten|gi|la|ai|giup|do|su|vui|duoc|"
        "hieu|ro|dong|y|nhe|biet|thong|tin|huu|ich|ok|nhi|nhen|voi|cua|ca|bac|si|duoc|si"
    )
)

NON_HUMAN_MARKED = ("chó", "mèo", "cún", "heo", "lợn", "gà", "trâu", "ngựa", "vịt")
NON_HUMAN = _p(
    "thu cung|gia suc|gia cam|thu y|vat nuoi|con cho|cho cho|cho meo|con meo|meo nha|con heo|"
    "con ga|con bo|con trau|con ngua|con vit|cun con|con cun|my dog|my cat|dog|"
    "dogs|cats|puppy|kitten|pet|pets|veterinary|vet|hamster|con tho|ca canh|chim canh|thu nuoi|"
    "meo con"
)
# In marked text these words are checked with their accents instead (NON_HUMAN_MARKED).
NON_HUMAN_AMBIGUOUS = frozenset(_p("cho|meo|ga|bo|vit|ngua|heo|cun|trau|thu"))
# ... "thu" too: "2 thứ cùng lúc" (two things at once) is no "thú cưng" (a pet).
NON_HUMAN_MARKED_PHRASES = ("thú cưng", "thú y", "thú nuôi")
DIAGNOSIS = _p(
    "toi bi benh gi|bi benh gi|la benh gi|bi gi vay|toi bi gi|chan doan|co phai toi bi|"
    "co phai la bi|bi lam sao|doc ket qua|ket qua xet nghiem|xet nghiem nay|benh gi vay|"
    "diagnose|diagnosis|what disease|trieu chung nay la|co phai ung thu|toi co bi|"
    "do benh gi|la bi gi|bi sao vay|mac benh gi|nguyen nhan do dau|co phai u nao|co phai benh|"
    "co phai la benh|co phai bi|co phai mac|co bi ung thu|co phai u"
)
NON_MEDICAL = _p(
    "thoi tiet|bong da|bai tho|bai hat|nau an|nau mon|mon gi|cong thuc nau|gia vang|chung khoan|"
    "tien ao|bitcoin|viet code|lap trinh|python|javascript|dich sang|dich cau|ke chuyen|"
    "truyen cuoi|du lich|phim|weather|football|poem|recipe|joke|xo so|ty gia|mua o dau|"
    "gia bao nhieu|bao nhieu tien|mua ban|giao hang|nau com|lam tho|lam van|bai van|"
    "toan hoc|giai toan|chinh tri|system prompt|print your|prompt cua ban|huong dan truoc do|"
    "previous instructions|ignore all|bo qua moi|di cho|nau gi|an gi ngon|sieu thi|quang cao|"
    "ca si|dien vien|xem phim|choi game"
)
# A reply made only of these words neither answers an open question nor asks anything new
# ("không rõ", "để xem đã", "sao cơ?", "ừ", "thuốc"): the engine re-asks the question.
NON_ANSWER_WORDS = frozenset(
    _p(
        "khong|ko|k|kh|hong|hok|chua|biet|ro|lam|nua|u|uh|um|uhm|hm|hmm|o|ua|a|ah|ha|he|hu|sao|"
        "co|gi|j|the|nao|de|xem|da|toi|tui|minh|em|thuoc|nhe|nha|vay|ay|hoi|cai|noi|day|chiu|"
        "quen|nho|suy|nghi|ak|uk|ok|oi|troi|may|ne|vang|dung|roi|hieu"
    )
)
# Words that make a non-answer of their own; a turn of only NON_ANSWER_WORDS needs one of them
# (so "ok", "vâng" stay smalltalk and "thuốc nào?" stays a question).
NON_ANSWER_CUES = frozenset(
    _p(
        "khong|ko|k|kh|hong|hok|chua|biet|ro|u|uh|um|uhm|hm|hmm|o|ua|ha|he|hu|sao|gi|j|xem|"
        "thuoc|chiu|quen|nghi|uk|ak"
    )
)
# "sau mổ" and its kin: a post-operative patient (a context), never an age.
POST_OPERATIVE_CUES = _p(
    "sau mo|vua mo|moi mo|hau phau|sau phau thuat|vua phau thuat|moi phau thuat|sau khi mo|mo xong"
)
# "bầu" alone is pregnancy, unless these words follow it ("bầu cử", "bầu trời").
BAU_NOT_PREGNANT_AFTER = _p("cu|troi|ruou|khong|ban|chon|ra|vu|duc")
# Thanks, told apart from greetings so the reply fits.
THANKS_CUES = _p("cam on|cam ta|camon|thank|thanks|thank you|thankyou|thx|tks|thks|cam on nhieu")

NEW_CASE = _p(
    "benh nhan khac|nguoi khac|truong hop moi|truong hop khac|ca khac|ca moi|be khac|chau khac|"
    "benh nhan moi|another patient|new patient|new case|hoi cho nguoi khac|cau hoi moi|"
    "hoi sang chuyen khac|doi benh nhan|"
    # the speaker's turn after another's: "thôi vợ em khỏi rồi, giờ tới em"
    "toi luot em|den luot em|toi luot minh|den luot minh|gio toi em|gio den em|gio toi minh|"
    "gio den minh"
)

# "which drug" words that turn a condition phrase into a condition→drug question.
WHICH_DRUG = _p(
    "thuoc nao|thuoc gi|thuoc j|nhung thuoc|cac thuoc|loai thuoc|nhom thuoc|thuoc chi|uong gi|"
    "dung gi|uong j|dung j|which drug|which drugs|what drug|what drugs|what medicine|"
    "thuoc nao co the|chon thuoc|khang sinh gi|khang sinh nao|khang sinh j"
)

__all__ = [
    "AMOUNT_DOUBT",
    "ASK_ABOUT_DRUG",
    "ATTRIBUTE_CUES",
    "BAU_NOT_PREGNANT_AFTER",
    "BE_NOT_CHILD_AFTER",
    "BREASTFEEDING_CUES",
    "CLEARANCE_VALUE",
    "COMPARISON_CUES",
    "DIAGNOSIS",
    "DIALYSIS_CUES",
    "DOSING_CUES",
    "FOLLOW_UP_CUES",
    "GENERIC_ORAL",
    "HEPATIC_CUES",
    "HOW_CUES",
    "INTERACTION_CUES",
    "NEW_CASE",
    "NON_ANSWER_CUES",
    "NON_ANSWER_WORDS",
    "NON_HUMAN",
    "NON_HUMAN_AMBIGUOUS",
    "NON_HUMAN_MARKED",
    "NON_HUMAN_MARKED_PHRASES",
    "NON_MEDICAL",
    "NOT_DOSING_AFTER_LIEU",
    "NOT_SECTION_CUES",
    "NO_DIALYSIS_CUES",
    "OVERVIEW_CUES",
    "PAIR_INTERACTION_CUES",
    "POPULATION_ADULT",
    "POPULATION_CHILD",
    "POST_OPERATIVE_CUES",
    "PREGNANCY_CUES",
    "RENAL_CUES",
    "ROUTE_CUES",
    "SECTION_OVERVIEW_CUES",
    "SELF_BETWEEN",
    "SELF_NOT_AFTER",
    "SELF_SPEAKERS",
    "SELF_TAKES",
    "SMALLTALK_FILLER",
    "SMALLTALK_TRIGGERS",
    "THANKS_CUES",
    "USABILITY_CUES",
    "WHICH_DRUG",
]
