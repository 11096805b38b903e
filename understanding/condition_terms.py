"""Condition terms: spellings and synonyms of one formulary term, and the broad categories.

Data only. It says that two phrases name the same condition, or that a phrase is only a
category; it holds no knowledge of which drug treats what.
"""

from __future__ import annotations

# canonical = folded variants (the canonical's own folded form is added automatically); a
# ward's letters for a condition too ("vmn", "nktn", as "sxh").
ALIAS_TABLE = """
tăng huyết áp = cao huyet ap|huyet ap cao|tang ha|benh cao huyet ap|tang huyet ap vo can|
  hypertension|benh tang huyet ap|ha cao|cao ha
hạ huyết áp = huyet ap thap|tut huyet ap|tut ha
suy tim = suy tim sung huyet|heart failure
đau thắt ngực = con dau that nguc|dau that nguc on dinh|angina
rung nhĩ = rung nhi|atrial fibrillation
đái tháo đường typ 2 = tieu duong|tieu duong type 2|tieu duong typ 2|dai thao duong|
  dai thao duong type 2|benh tieu duong|dai duong|diabetes|duong huyet cao|tieu duong tuyp 2
tăng cholesterol máu = mo mau cao|mo mau|cholesterol cao|roi loan lipid mau|tang mo mau|
  roi loan mo mau|tang lipid mau|cholesterol mau cao
loét dạ dày tá tràng = loet da day|viem loet da day|loet da day ta trang|loet ta trang|
  viem loet da day ta trang|dau da day|dau bao tu|loet bao tu|viem da day
trào ngược dạ dày thực quản = trao nguoc|trao nguoc da day|gerd|trao nguoc axit|o chua|
  trao nguoc da day thuc quan|trao nguoc acid
hen phế quản = hen|hen suyen|suyen|asthma|hen phe quan cap|con hen
viêm mũi dị ứng = viem mui di ung|so mui di ung|di ung thoi tiet
mày đay = me day|noi me day|noi man ngua|may day|urticaria
động kinh = benh dong kinh|epilepsy|dong kinh cuc bo
gút = gout|gut|benh gut|benh gout|con gut|gut cap|viem khop do gut
viêm khớp dạng thấp = thap khop|viem khop dang thap
thoái hóa khớp = thoai hoa khop|viem xuong khop|thoai hoa khop goi
nhiễm nấm Candida = nam candida|candida|nam mieng|nam am dao|nhiem nam candida|tua mieng
nấm âm hộ - âm đạo = nam phu khoa|nam vung kin|viem nam phu khoa|nam sinh duc nu
huyết khối tĩnh mạch sâu = huyet khoi tinh mach sau|huyet khoi tinh mach|dvt
viêm tai giữa = viem tai giua|viem tai giua cap|viem tai|otitis media|ear infection|
  dau tai|nhuc tai|chay mu tai|tai chay mu|tai co mu|chay nuoc tai
viêm màng não = viem mang nao|viem mang nao mu|viem mang nao do vi khuan|vmn
lỵ amip = ly amip|ly a mip|nhiem amip|benh do amip|amip
nhiễm Giardia = giardia|nhiem giardia|benh giardia
nhiễm Trichomonas = trichomonas|trung roi|nhiem trung roi|benh do trichomonas
viêm họng = viem hong|dau hong|viem hong cap|viem amidan|viem hong do lien cau|strep throat|
  sore throat|pharyngitis|tonsillitis
viêm xoang = viem xoang|viem xoang cap
viêm phổi mắc phải ở cộng đồng = viem phoi|viem phoi cong dong|viem phoi mac phai o cong dong|
  vpmpcd|vpcd|viem phoi mac phai tai cong dong|pneumonia
viêm phế quản = viem phe quan|viem phe quan cap|vpq
nhiễm khuẩn đường tiết niệu = nhiem trung duong tieu|nhiem trung tieu|viem duong tiet nieu|
  nhiem khuan tiet nieu|nhiem trung duong tiet nieu|viem duong tieu|viem bang quang|
  nhiem khuan duong tieu|uti|nktn
đau đầu = nhuc dau|dau dau|dau nua dau|dau dau nhe
đau răng = dau rang|nhuc rang
đau bụng = dau bung
đau lưng = dau lung|dau that lung
đau cơ = dau co|dau moi co|nhuc moi
đau bụng kinh = dau bung kinh|thong kinh|dau kinh
sốt xuất huyết = sot xuat huyet|sxh|sot dengue|dengue
sốt = sot|sot cao|ha sot|sot nhe|fever
ho khan = ho khan|ho khan keo dai
ho = ho|ho co dom|ho keo dai|ho nhieu
tiêu chất nhầy = long dom|long dam|tieu dom|tieu dam|lam long dom|loang dom|long dom ho
tiêu chảy = tieu chay|di ngoai|ia chay|di tieu chay|diarrhea|tieu chay cap
táo bón = tao bon
buồn nôn = buon non|non|non oi|say tau xe|non mua|non do hoa tri|chong non
mất ngủ = mat ngu|kho ngu
lo âu = lo au|lo lang|cang thang
co giật = co giat|sot co giat
cảm cúm = cam cum|cum|cam|cam lanh|so mui|nghet mui
suy giáp = suy giap|nhuoc giap|thieu hormon giap
cường giáp = cuong giap|basedow
thiếu máu = thieu mau
nhồi máu cơ tim = nhoi mau co tim|dau tim cap
đột quỵ = dot quy|tai bien mach mau nao|tai bien
phù = phu chan|phu ne
xơ gan = xo gan
suy thận = suy than|benh than man
suy gan = suy gan
loạn nhịp tim = loan nhip|roi loan nhip tim|loan nhip tim
viêm khớp = viem khop|dau khop|nhuc khop
zona = zona|giời leo|gioi leo
mụn trứng cá = mun|mun trung ca
nhiễm Helicobacter pylori = hp|helicobacter pylori|vi khuan hp|nhiem hp
quá liều paracetamol = ngo doc paracetamol
chảy máu = chay mau|xuat huyet
tăng kali máu = tang kali mau|kali mau cao|tang kali
hạ kali máu = ha kali mau|kali mau thap|ha kali
hạ đường huyết = ha duong huyet|duong huyet thap|tut duong huyet
tăng men gan = men gan cao|tang men gan
buồn ngủ = buon ngu|ngu ga|lo mo
nhiễm trùng = nhiem trung|nhiem khuan|nhiem trung nang|infection
đau = dau|dau nhuc|nhuc moi nguoi|giam dau|pain
bệnh tim = benh tim|benh tim mach|tim mach|benh ve tim
ung thư = ung thu|cancer|khoi u
dị ứng = di ung|allergy
viêm = viem|khang viem|chong viem
nhiễm virus = nhiem virus|virus|sieu vi
bệnh phổi = benh phoi
bệnh gan = benh gan
bệnh thận = benh than
"""

# Categories too broad to list drugs for; options say what the user may mean.
BROAD: dict[str, tuple[str, ...]] = {
    "nhiễm trùng": (
        "nhiễm khuẩn đường tiết niệu",
        "viêm phổi mắc phải ở cộng đồng",
        "viêm tai giữa",
        "viêm họng",
        "viêm xoang",
    ),
    "đau": ("đau đầu", "đau răng", "đau lưng", "đau cơ", "đau bụng kinh", "viêm khớp"),
    "bệnh tim": ("tăng huyết áp", "suy tim", "đau thắt ngực", "rung nhĩ"),
    "ung thư": (),
    "dị ứng": ("viêm mũi dị ứng", "mày đay"),
    "viêm": ("viêm khớp", "viêm họng", "viêm tai giữa", "viêm xoang"),
    "nhiễm virus": (),
    "bệnh phổi": ("hen phế quản", "viêm phổi mắc phải ở cộng đồng", "viêm phế quản"),
    "bệnh gan": (),
    "bệnh thận": (),
}

__all__ = ["ALIAS_TABLE", "BROAD"]
