"""The words of how-to-take and misuse questions (issue 22), folded like `lexicon`: data only.

`understanding.howto` reads a turn with them; each topic is answered by one sentence of the
book (`grounding.howto`).
"""

from __future__ import annotations

from core.frame import HowTo
from understanding.howto_storage_words import STORAGE_CUES
from understanding.howto_storage_words import p as _p

# How-to-take and misuse questions (issue 22), by topic, in the order they are tried: one
# sentence of the book answers each, whoever the patient is. Words that need their accents
# ("bẻ" is not "bé", "nghiền" is not "nghiện", "lắc" is not "lạc") are in HOW_TO_MARKED.
HOW_TO_CUES: tuple[tuple[HowTo, tuple[str, ...]], ...] = (
    (
        HowTo.MISSED_DOSE,
        _p(
            "quen uong|quen lieu|quen mot lieu|quen 1 lieu|lo quen|bi quen|quen khong uong|"
            "quen dung|quen tiem|quen cu|bo lo lieu|bo lo mot lieu|bo sot lieu|bo lieu|uong bu|"
            "bu lieu|bu lai|gap doi lieu|uong gap doi|gap doi|uong 2 lieu|uong hai lieu|"
            "2 lieu mot luc|hai lieu mot luc|uong don|don lieu|missed dose|quen mat|"
            # the missed one made up with the next ("mai uống 2 viên luôn cho đủ", "uống gộp")
            "luon cho du|vien cho du|uong gop|gop lai|gop luon|gop 2|gop hai|"
            "lo uong 2 lan|lo uong hai lan|lo uong 2 lieu|lo uong hai lieu|uong nham 2 lan|"
            "bo 1 lieu|bo mot lieu|uong muon|tre gio|muon gio|cham gio|uong cham|"
            "tre vai tieng|tre may tieng|tre 1 tieng|tre 2 tieng|tre 3 tieng|tre 4 tieng|"
            "tre 5 tieng|tre 6 tieng|qua gio uong|lo mat 1 lieu|lo mat mot lieu|"
            # a day or a dose forgotten, said without "uống" ("quên 1 hôm", "tối qua quên,
            # sáng mới nhớ"); "quen" alone is also "used to" ("quen uống buổi sáng")
            "quen 1 hom|quen mot hom|quen 1 ngay|quen mot ngay|quen 1 buoi|quen mot buoi|"
            "quen hom qua|hom qua quen|toi qua quen|sang nay quen|hom sau moi nho|sang moi nho"
        ),
    ),
    (
        HowTo.MADE_UP,
        _p(
            "pha xong de|pha roi de|da pha de|sau khi pha de|pha xong giu|pha roi giu|"
            "pha xong dung duoc|pha roi dung duoc|da pha dung duoc|sau khi pha dung|"
            "pha xong bao lau|pha roi bao lau|da pha bao lau|pha xong duoc bao lau|"
            "pha xong may ngay|pha roi may ngay|pha xong cat|pha roi cat|da pha cat|"
            "pha xong con dung|pha roi con dung|pha san de|sau khi pha"
        ),
    ),
    (
        HowTo.SHAKE,
        _p(
            "lac deu|lac ky|lac truoc|lac chai|lac lo|lac len|lac thuoc|can lac|phai lac|co lac|"
            # a suspension settled: "cặn trắng lắng dưới đáy", "lắng hết xuống"
            "lang duoi|lang xuong|lang het|lang o day|duoi day chai|duoi day lo|can trang|"
            "can lang|lang can"
        ),
    ),
    (
        HowTo.RATE,
        _p(
            "toc do|truyen trong bao lau|tiem trong bao lau|truyen bao lau|tiem bao lau|"
            "truyen trong may|tiem trong may|truyen may phut|tiem may phut|bao nhieu phut|"
            "bom nhanh|tiem nhanh|truyen nhanh|day nhanh|tm nhanh|tinh mach nhanh|tiem thang|"
            "bom thang|tiem cham|truyen cham|chay nhanh|chay cham|push|bolus|bom bao lau|"
            "bom trong"
        ),
    ),
    (
        HowTo.CRUSH,
        _p(
            "nhai|cat doi|cat nho|cat vien|"
            "cat nua|chia doi|chia nua|chia vien|chia lam|mo nang|thao nang|bo nang|go nang|"
            "boc nang|nuot nguyen|nuot ca vien|hoa vao nuoc|hoa voi nuoc|hoa nuoc|pha vao nuoc|"
            "kho nuot|khong nuot duoc|nuot khong duoc|chua nuot duoc|chua nuot|"
            "chua biet nuot|khong biet nuot|ko biet nuot|k biet nuot|chua nuot vien|"
            "giai phong keo dai|phong thich keo dai|"
            "giai phong cham|tac dung keo dai|bao tan trong ruot|tan trong ruot|crush|chew|"
            "thao ra|tach ra|tach nang|mo ra|pha nuoc|pha voi nuoc|hoa vao|hoa voi|hoa tan|"
            "tan nho|tan ra|tan vun|dam nho|xay nho|nghien nho|nuot ca|uong ca vien|chia ra|"
            "chia thanh|chia 2 lan|chia hai lan|chia 3 lan|chia ba lan|chia lam 2|chia lam hai|"
            "chia nhieu lan|chia nho lieu|chia lieu|tach lieu|tach lam 2|tach lam hai|"
            "uong lam 2 lan|uong lam hai lan|chia ra 2|chia ra hai|"
            # a capsule opened into food: "gỡ viên nang ra trộn cháo"
            "go vien nang|mo vien nang|thao vien nang|tach vien nang|tron chao|tron vao chao|"
            "tron voi chao|tron sua chua|tron vao sua|tron voi sua|tron com|tron vao thuc an|"
            # the shell taken off a capsule, a tablet that will not go down: "tách vỏ ra",
            # "nuốt không nổi"
            "tach vo|boc vo nang|mo vo nang|go vo nang|nuot khong noi|nuot ko noi|nuot k noi|"
            "khong nuot noi|nuot khong troi|nuot khong vo|nuot sao noi|sao nuot noi|nuot sao duoc"
        ),
    ),
    (
        HowTo.DILUTE,
        _p(
            "pha loang|nong do pha|pha nong do|pha o nong do|dich truyen|chai dich|glucose|nacl|"
            "natri clorid|nuoc muoi sinh ly|ringer|dung moi|day truyen|ket tua|pvc"
        ),
    ),
    (
        HowTo.ALCOHOL,
        _p(
            "ruou|ruou bia|uong ruou|do uong co con|alcohol|beer|wine|say xin|bia ruou|"
            "di nhau|nhau ve|nhau xong|sau khi nhau|uong bia|nhau say|bia bot|lon bia|chai bia|"
            "voi bia|bia duoc|bia co|bia ruou|nhau bia|bia voi ban|nhau voi ban|an nhau|"
            "duoc nhau|nhau nhet|lai rai|ly ruou|chen ruou|ruou vang|ruou nep|ruou thuoc|"
            "bia hoi|bia lanh|cung ly|nhap ruou|nhap bia|co nhau duoc|co nhau dc|co nhau khong|"
            "co nhau k|co di nhau|ly bia|vai ly|may ly|vai lon|may lon|lam vai ly|lam vai lon|"
            "lam may lon|lam may ly|nhau vai|nhau lai|nhau tiep|nhau duoc|nhau dc|"
            # "uống thuốc đó mà nhậu với mấy ông bạn" ("với nhau" is "together", not this)
            "ma nhau|nhau voi|nhau cung|nhau chut|nhau xiu"
        ),
    ),
    (
        HowTo.FOOD,
        _p(
            "luc doi|khi doi|bung doi|doi bung|luc no|khi no|no hay doi|doi hay no|an no|"
            "truoc an|sau an|truoc bua|sau bua|trong bua|bua an|dau bua|cuoi bua|giua bua|"
            "cung bua|voi bua|khi an|vao bua|"
            "luc an|truoc khi an|sau khi an|voi thuc an|cung thuc an|chua an|chua an gi|"
            "nuoc buoi|nuoc ep buoi|buoi chum|nuoc ep|an buoi|qua buoi|trai buoi|an it buoi|"
            # grapefruit as people abroad name it: in English, German, French
            "grapefruit|grapefruit juice|grapefruitsaft|grapefruits|pamplemousse|"
            "uong voi sua|voi sua|sua bo|uong sua|"
            "empty stomach|with food|nuoc cam|nuoc ngot|tra sua|nuoc chanh|"
            "kieng an|kieng gi|an kieng|kieng do an|kieng thuc an|sua chua|an xong|an com|kieng|"
            "cach bua|bua sang|bua toi|bua trua|bua nao|vao bua nao|"
            # asked in English: "uống before hay after meal"
            "before meal|after meal|before meals|after meals|with meal|with meals|"
            "before eating|after eating|"
            # greens and salt in the diet: "ăn rau cải nhiều", "muối ăn loại kali"
            "an rau|rau xanh|rau cai|rau muong|rau ma|rau den|rau bina|cai bo xoi|bap cai|"
            "bong cai|sup lo|bong cai xanh|cai xoan|an nhieu rau|muoi kali|muoi an|an muoi|"
            "muoi it natri|muoi an kieng|thay muoi|an man|an nhat"
        ),
    ),
    (
        HowTo.TIME_OF_DAY,
        _p(
            "buoi sang|buoi toi|buoi trua|buoi chieu|ban dem|sang hay toi|toi hay sang|"
            "sang hay chieu|luc nao trong ngay|luc may gio|vao luc may gio|gio nao|"
            "truoc khi ngu|truoc khi di ngu|"
            "di ngu|luc ngu|cung mot gio|cung gio|uong luc nao|uong vao luc nao|uong khi nao|"
            "nen uong luc|uong vao buoi|sang som|sang uong|buoi nao|luc nao|"
            "gio nao thi tot|luc nao thi tot|truoc khi ngu|hay phai toi|hay phai sang|"
            "uong sang duoc|uong toi duoc|bat buoc uong|luc nao trong ngay|thoi diem nao|"
            "gio co dinh|co dinh gio|dung gio|doi gio|doi gio uong|uong sang dc|phai uong toi|"
            "hay uong toi|uong toi dc|ngam khi nao|xit khi nao|dat khi nao|boi khi nao|"
            "dung khi nao|tiem khi nao|ngam luc nao|xit luc nao|dat luc nao|boi luc nao|"
            # the doses after the first: "sau liều đầu thì uống tiếp thế nào"
            "uong tiep the nao|uong tiep sao|sau lieu dau|cac lieu sau|lieu tiep theo|"
            # which day, around a session: "uống vào ngày nào, trước hay sau buổi chạy thận"
            "ngay nao|vao ngay nao|hom nao|buoi chay than|buoi loc mau|sau chay than|"
            "truoc chay than|sau loc mau|truoc loc mau|"
            # once or spread over the day: "uống 1 lần hay chia sáng chiều tối"
            "uong 1 lan hay|uong mot lan hay|1 lan hay chia|mot lan hay chia|chia sang|"
            "sang chieu toi|sang trua toi|sang trua chieu|"
            # an hour asked for a reason: "uống sáng cho dễ nhớ", "uống tối thì sao"
            "uong sang cho|uong toi cho|uong trua cho|uong chieu cho|uong sang thi|uong toi thi|"
            "uong may gio|may gio thi tot|may gio la tot|may gio tot"
        ),
    ),
    (HowTo.STORAGE, STORAGE_CUES),
    (
        HowTo.TOGETHER,
        _p(
            "uong chung|chung luon|cung luc|cach nhau|dung chung|uong cung luc|"
            "uong them goi|uong them vien|co can uong them|uong kem|uong xen|chung ngay|"
            "cung ngay|cung mot luc|cach bao lau|cach may tieng|cach may gio|co can uong|"
            "can uong them|uong them|khoi anh huong|co anh huong|anh huong gi|bi anh huong|"
            # spaced from another product: "uống cách (xa) sữa / canxi / sắt mấy tiếng"
            "cach xa|cach sua|cach canxi|cach calci|cach sat|cach thuoc da day|cach thuoc khac|"
            # all taken at once: "gom hết uống 1 lần", "gộp chung một lần"
            "gom het|gom lai|gom chung|gom vao|uong gom|gop het|gop chung|chung 1 lan|"
            # another product still needed beside it: "còn cần pha oresol uống không"
            "chung mot lan|con can pha|co can pha|can pha them|con can uong|con phai pha"
        ),
    ),
    (
        HowTo.CAUTION,
        _p(
            "tranh nang|ra nang|di nang|anh nang|phoi nang|lai xe|lai may|chay xe|van hanh may|"
            "uong nhieu nuoc|nhieu nuoc|du nuoc|dung vao|cham vao|cam vao|dung tay"
        ),
    ),
    (
        HowTo.SWAP,
        _p(
            "thay duoc|thay the|doi sang|thay bang|thay cho|doi qua|chuyen sang|thay vao|doi tu|"
            "cung so mg|cung ham luong|uong thay|thay 1 vien|thay mot vien"
        ),
    ),
    (
        HowTo.GIVING,
        _p(
            "tiem bap|tiem duoi da|tiem tinh mach|tiem cham|mot cho|1 cho|"
            "dat hau mon|dat truc trang|"
            "vien dan|ngam duoi luoi|vien ngam|ngam the nao|buong dem|xit truoc|gang suc|"
            "truyen chung|chung day|cach khac|khong uong duoc|non het|dung cach nao|"
            "dong bang|thia|muong|coc dong|dung cu chia|dung hay ngoi|ngoi hay|nam hay ngoi|"
            "dung hay nam|nam hay dung|xit thang|xit truc tiep|vo mieng|vao mieng|"
            # taken before an effort ("ngậm trước khi leo dốc")
            "truoc khi di bo|truoc khi leo|truoc khi chay|truoc khi tap|truoc khi van dong|"
            "phong con|nhet hau mon|nhet hau|nhet vao hau mon|vien dat|dat vien|"
            "may cho|bao nhieu cho|may vi tri|chia may|chia lam may"
        ),
    ),
    (
        HowTo.DURATION,
        _p(
            "may ngay|bao nhieu ngay|duoc bao lau|ngung duoc|ngung luon|ngung thuoc|"
            "ngung uong|bo thuoc|dung thuoc duoc|thay het|khoi roi|het benh|phai di kham|"
            "di kham|giam dan|bao lau thi nen tang|ngung cai|ngung dot ngot|dung dot ngot|"
            "dung luon|"
            "ngung han|dung han|bo ngang|ngung ngang|uong trong bao lau|dung trong bao lau|"
            "tu bo|bo luon|bo han|tu ngung|tu dung|tu cat|cat thuoc|"
            "toi da may ngay|duoc may ngay|"
            # another course: "uống đợt mới liền được không", "đợt sau đau lại uống liền"
            "dot moi|dot tiep|dot sau|dot nua|dot khac|lap lai dot|"
            # whether the course is over: "xong rồi hay còn phải uống nữa", "uống cho hết"
            "xong roi hay|con phai uong|phai uong nua|con uong nua|uong cho het|uong het dot|"
            "dung cho het|uong du ngay|uong du lieu|"
            # taken without a break: "uống liên tục 1 tháng được không", "xài lâu dài"
            "uong lien tuc|dung lien tuc|xai lien tuc|uong lau dai|dung lau dai|xai lau dai|"
            "uong keo dai|dung keo dai|uong suot|uong hoai|uong mai|"
            # whether to stop, asked: "có ngưng allopurinol không", "có cần tạm ngưng"
            "co ngung|nen ngung|phai ngung|can ngung|co tam ngung|tam ngung|"
            # the whole course: "có cần uống hết liệu trình không"
            "het lieu trinh|du lieu trinh|ca lieu trinh"
        ),
    ),
)
# A patient who cannot breathe an inhaler in ("bé không biết hít theo nhịp"): how it is given
# (a spacer), told without a question mark.
CANNOT_INHALE = _p(
    "khong biet hit|chua biet hit|ko biet hit|k biet hit|khong hit duoc|hit khong duoc|"
    "hit theo nhip|khong hit kip|hit khong kip|khong biet xit|chua biet xit|xit khong trung"
)
# Where the medicine is put: a storage question whatever else the turn says.
PLACED = _p(
    "de trong|de o|cat trong|cat o|bo trong|de ngoai|nha tam|tu lanh|trong xe|"
    # into a pill box for the day's hours: "bỏ vô hộp chia thuốc sáng trưa tối"
    "bo vo hop|bo vao hop|cho vao hop|hop chia"
)
# "mở ra" of a bottle, box or blister opens the pack (storage), not the capsule: the CRUSH
# words that only open something, and the packs they may open.
OPEN_CUES = _p("mo ra|thao ra|tach ra|boc ra")
PACKS = _p("lo|chai|hop|tuyp|vi|nap|goi|ong|binh|tui|lo thuoc|chai thuoc")
# A made-up suspension asked how long it keeps: "pha" and one of these ("pha xong uống không
# hết để dành được không").
MADE_UP_WORDS = _p("pha|pha xong|da pha|pha roi|pha san")
KEEPS_WORDS = _p(
    "bao lau|may ngay|bao nhieu ngay|de danh|de duoc|giu duoc|dung duoc|con dung|con uong|"
    "de lau|tu lanh|qua dem|hom sau|ngay hom sau|het han|con tot|de lat|tu dau ca|lat nua"
)
# Single words of HOW_TO_CUES' topics that count only with their accents in marked text, and
# in unmarked text only where nothing else reads them ("nghien ruou" is addiction).
HOW_TO_MARKED: tuple[tuple[HowTo, str, str], ...] = (
    (HowTo.CRUSH, "nghien", "nghiền"),
    (HowTo.MISSED_DOSE, "tre", "trễ"),
    (HowTo.CRUSH, "be", "bẻ"),
    (HowTo.CRUSH, "hoa", "hòa"),
    (HowTo.CRUSH, "hoa", "hoà"),
    (HowTo.SHAKE, "lac", "lắc"),
    (HowTo.ALCOHOL, "bia", "bia"),
    (HowTo.ALCOHOL, "nhau", "nhậu"),
    (HowTo.FOOD, "buoi", "bưởi"),
)
# Alcohol the patient is withdrawn from or addicted to is a condition, not a question about
# drinking with the medicine ("hội chứng cai rượu", "người nghiện rượu").
NOT_DRINKING = _p("hoi chung cai ruou|cai ruou|nghien ruou|sang ruou|ngo doc ruou|say ruou")
# Unmarked "be" is "bẻ" (break) only before these ("bé được 20 ngày", "bé nhỏ xịt" are a
# child).
BREAK_AFTER_BE = _p(
    "doi|ra|nho ra|nho vien|nho duoc|nho dc|nho cho|nho de|vien|nua|lam|duoc khong|duoc ko|"
    "duoc k|dc khong|dc ko"
)
# After these, unmarked "nghien" is addiction ("gây nghiện", "nghiện rượu"), not crushing.
NOT_CRUSH_AROUND_NGHIEN = _p("gay|bi|nguoi|ruou|thuoc la|ma tuy|cai")
# Another product taken with the medicine ("uống chung với canxi"): without one, "dùng
# chung" or "cách nhau" is about two medicines or the dose interval.
CO_PRODUCTS = _p(
    "canxi|calci|calcium|sat|kem|magie|magnesi|khang acid|antacid|thuoc da day|acid folic|"
    "axit folic|oresol|ors|vitamin|men vi sinh|sua|thuoc bao tu|gel da day|chu p|phosphalugel|"
    "gaviscon|2 thu do|hai thu do|2 thu nay|hai thu nay|2 loai nay|hai loai nay|2 loai do|"
    "hai loai do|trung hoa acid|2 cai|hai cai|ca 2 cai|ca hai cai|2 thu|hai thu|2 loai|hai loai|"
    # antacids by the brand on the sachet or by what it is for: "Maalox", "gói dạ dày chữ Y"
    "yumangel|maalox|varogel|kremil|thuoc o chua|thuoc trao nguoc|sua da day|goi da day|goi chu"
)
# A spoon named for a meal ("thìa ăn cơm") measures a dose; it asks nothing about food.
NOT_FOOD = _p("thia an com|muong an com|thia an|muong an|thia canh|muong canh")
# Stopping before an operation is a caution of its own, not how long to take it.
NOT_DURATION = _p("truoc mo|truoc khi mo|truoc phau thuat|truoc khi phau thuat|nho rang|thu thuat")
# An operation, a tooth pulled or a contrast scan ahead, asked with whether to stop the
# medicine or what happens ("mai nhổ răng có phải ngưng không"): a caution (`HowTo.CAUTION`);
# "dự phòng gút trước phẫu thuật uống sao" is a dose question.
PROCEDURES = _p(
    "nho rang|can quang|chup ct|truoc mo|truoc khi mo|truoc phau thuat|truoc khi phau thuat|"
    "thu thuat|di mo|test di ung|test da|lam test|test lay da|thu phan ung|thu di ung"
)
# Stopping it ("ngưng trước mấy ngày"): how long before an event it is stopped, not taken.
STOPS = _p("ngung|ngung thuoc|dung thuoc|tam ngung|bo thuoc|nghi thuoc|tam nghi|nghi truoc")
# Quitting it ("muốn bỏ", "bỏ cái rụp", "cai luôn"): stopping asked, not a pack thrown away.
QUITS = _p("muon bo|muon ngung|muon dung|muon cai|cai rup|bo rup|ngung rup|dung rup|cai luon")
PROCEDURE_ASKS = _p(
    "ngung|dung thuoc|tam ngung|ngung thuoc|thi sao|co sao|co anh huong|bo thuoc|ra sao|the nao|"
    "nay sao|sao a|nghi|nghi thuoc|tam nghi|nghi truoc"
)
# How a form is given is asked only as a yes/no or a "how" ("tiêm bắp được không"); "tiêm
# bắp cho trẻ 5 tuổi" is a dose question.
GIVING_ASKS = _p(
    "duoc khong|duoc ko|duoc k|dc khong|dc ko|dc k|duoc hok|dc hok|duoc chu|the nao|ra sao|"
    "nhu nao|co can|can khong|co phai|truoc bao lau|cach nao|duoc hong|nen|duoc chu|"
    "nam hay ngoi|ngoi hay nam|dung hay ngoi|dung hay nam|hay chia|hay phai chia|co the|"
    "duoc ha|dc ha|duoc hem|dc hem|duoc hong|van duoc|may cho|bao nhieu cho|may vi tri"
)
# An injection: splitting it is giving it in two places, not breaking a tablet.
INJECTED = _p("tiem|tiem bap|truyen|chich|iv|tm|push|bolus|infuse|bom")
# A how-to question that also asks an amount is a dose question.
AMOUNT_CUES = _p(
    "bao nhieu|may vien|lieu luong|lieu dung|may ml|may mg|bnhieu|may goi|may ong|may lan|"
    "lieu bao|lieu the nao|lieu sao|may giot|may nhat|lieu cho|lieu la|"
    # "bn" beside a unit is "bao nhiêu" ("mỗi lần uống bn mg"); alone it may be "bệnh nhân".
    "bn mg|bn ml|bn vien|bn goi"
)

# How fast or how diluted an injection goes in ("tốc độ bao nhiêu", "mấy phút"): not a dose.
RATE_MEASURES = _p("toc do|nong do|may phut|bao nhieu phut|pha loang|bao lau")
# An injection asked "trong bao lâu", "nhanh hay chậm": how fast it goes in ("bao lâu một lần"
# is how often, a dose).
RATE_ASKS = _p("bao lau|may phut|bao nhieu phut|nhanh|cham|toc do")
# Made up with something, said of an injection ("tiêm bắp … pha với lidocain được ko").
MIXED_WITH = _p("pha voi|pha vao|pha bang|pha chung|pha cung|hoa voi|hoa vao")
NOT_RATE = _p(
    "bao lau mot lan|bao lau 1 lan|may ngay|bao nhieu ngay|cach bao lau|nhanh khoi|"
    # the person is in a hurry, not asking how fast it goes in: "ca trực hỏi nhanh"
    "hoi nhanh|hoi gap|tra loi nhanh|giup nhanh|nhanh giup|cho nhanh|"
    # when it is given again ("bao lâu mới được nhắc lại"): the dose rows' interval
    "nhac lai|lap lai|tiem lai|lieu nhac|lieu tiep theo"
)

# A turn that only tells more of the medicine just asked about: its form or strength, that the
# patient cannot swallow, a test or treatment ahead ("loại nebules khí dung", "dạng lọ bột tiêm
# 40mg", "bn không uống được", "tuần sau đi test dị ứng da"). The medicine stays the one asked.
TELLS_OF_THE_DRUG = _p(
    "loai|dang lo|dang ong|dang vien|dang siro|dang goi|dang bot|dang tiem|dang xit|dang nuoc|"
    "dang hon dich|dang dung dich|dang kem|dang gel|dang dan|dang ngam|lo bot|ong tiem|"
    "nebules|khi dung|hon dich|dung dich|siro|vien nen|vien nang|vien sui|vien ngam|vien dan|"
    "bot pha|khong uong duoc|khong nuot duoc|nuot khong duoc|test di ung|chup ct|chup x quang|"
    "can quang|hoa tri|xa tri|nho rang|di mo|phau thuat|noi soi|xet nghiem|pha nguyen chai|"
    "pha ca chai|pha chai|pha tu hom|da pha|pha san|pha roi"
)

# How many days, asked with an amount's words: a course, not a dose ("được bao nhiêu ngày thì
# phải đi khám").
DAYS_ASKED = _p(
    "bao nhieu ngay|bao nhieu tuan|bao nhieu thang|bao nhieu lau|"
    # what is left over, counted: "mấy ống còn lại để được bao lâu"
    "may ong con lai|may vien con lai|may goi con lai|may chai con lai|may ong con du|"
    "may vien con du|may ong con thua|may vien con thua|"
    # minutes or hours before an event: "xịt trước khi chạy bao nhiêu phút"
    "bao nhieu phut|bao nhieu tieng|bao nhieu gio|"
    # how often the patient went or threw up, told: "đi ngoài lỏng mấy lần từ sáng"
    "ngoai may lan|long may lan|non may lan|oi may lan|tieu may lan|may lan tu sang|"
    "may lan roi|may lan tu hom qua|may lan trong ngay roi"
)

# Water drunk with the medicine: its amount ("bao nhiêu lít nước") is no dose question.
WATER_WORDS = _p(
    "uong nhieu nuoc|nhieu nuoc|bao nhieu nuoc|bao nhieu lit|may lit|may coc nuoc|"
    "bao nhieu coc nuoc|uong du nuoc|du nuoc"
)


__all__ = [
    "AMOUNT_CUES",
    "BREAK_AFTER_BE",
    "CANNOT_INHALE",
    "CO_PRODUCTS",
    "DAYS_ASKED",
    "GIVING_ASKS",
    "HOW_TO_CUES",
    "HOW_TO_MARKED",
    "INJECTED",
    "KEEPS_WORDS",
    "MADE_UP_WORDS",
    "MIXED_WITH",
    "NOT_CRUSH_AROUND_NGHIEN",
    "NOT_DRINKING",
    "NOT_DURATION",
    "NOT_FOOD",
    "NOT_RATE",
    "OPEN_CUES",
    "PACKS",
    "PLACED",
    "PROCEDURES",
    "PROCEDURE_ASKS",
    "QUITS",
    "RATE_ASKS",
    "RATE_MEASURES",
    "STOPS",
    "TELLS_OF_THE_DRUG",
    "WATER_WORDS",
]
