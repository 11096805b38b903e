"""Tests for understanding/howto.py (topics) and the how-to-take frame (issue 22, item 4)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from core.frame import ClarifySlot, HowTo, PatientContext, QueryFrame, TurnType
from core.ports import UnderstandingContext
from understanding import RulesUnderstander
from understanding.howto import read_how_to, second_topic
from understanding.text import Turn

Parse = Callable[..., QueryFrame]


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("quên uống warfarin hôm qua, hôm nay uống gấp đôi được không", HowTo.MISSED_DOSE),
        ("viên giải phóng kéo dài nghiền ra được không", HowTo.CRUSH),
        ("bẻ đôi viên paracetamol được không", HowTo.CRUSH),
        ("be doi vien paracetamol duoc khong", HowTo.CRUSH),
        ("nghien vien ra cho be uong duoc ko", HowTo.CRUSH),
        ("uống rượu khi đang dùng paracetamol có sao không", HowTo.ALCOHOL),
        ("ba nhau bia voi ban duoc khong", HowTo.ALCOHOL),
        ("uong amlodipin an buoi duoc khong", HowTo.FOOD),
        ("đang uống colchicin ăn bưởi có sao không", HowTo.FOOD),
        ("chia 2 lần sáng chiều cho đỡ nôn được không", HowTo.CRUSH),
        ("uong lam hai lan duoc ko", HowTo.CRUSH),
        ("có cần uống nhiều nước không, bao nhiêu là đủ", HowTo.CAUTION),
        ("tối nay lai rai vài ly rượu vang có sao không", HowTo.ALCOHOL),
        ("an nhau voi dong nghiep co uong thuoc duoc ko", HowTo.ALCOHOL),
        ("uống paracetamol lúc đói được không", HowTo.FOOD),
        ("simvastatin nên uống sáng hay tối", HowTo.TIME_OF_DAY),
        ("siro pha xong để được bao lâu", HowTo.MADE_UP),
        ("hỗn dịch có phải lắc không", HowTo.SHAKE),
        ("thuốc này cất tủ lạnh được không", HowTo.STORAGE),
        ("ống furosemid ngả vàng còn dùng được không", HowTo.STORAGE),
        ("bóc sẵn ra hộp chia thuốc được không", HowTo.STORAGE),
        ("uong cipro co can tranh nang ko", HowTo.CAUTION),
        ("uống diazepam rồi lái xe được không", HowTo.CAUTION),
        ("heparin có tiêm bắp được không", HowTo.GIVING),
        ("be xit ventolin co can buong dem khong", HowTo.GIVING),
        ("tự mua ibuprofen hạ sốt uống được mấy ngày", HowTo.DURATION),
        ("gio muon ngung luon duoc khong", HowTo.DURATION),
        ("me cung uong canxi, uong chung luon duoc ko", HowTo.TOGETHER),
        ("hết gói 250, lấy hai gói 125 thay được không", HowTo.SWAP),
        ("doi tu vien sang siro cung so mg duoc ko", HowTo.SWAP),
        ("sáng nay uống sắt rồi, uống kháng sinh cách bao lâu", HowTo.TOGETHER),
        ("ciprofloxacin uống cách sữa mấy tiếng", HowTo.TOGETHER),
        ("uống cách xa canxi bao lâu thì được", HowTo.TOGETHER),
        ("dùng warfarin có phải kiêng rau không", HowTo.FOOD),
        ("ong thuoc lay ra khoi hop de san duoc khong", HowTo.STORAGE),
        ("dung dịch uống đong bằng thìa được không", HowTo.GIVING),
        ("chai siro mở ra thấy đổi màu còn dùng được không", HowTo.STORAGE),
        ("viên nang mở ra pha nước được không", HowTo.CRUSH),
        ("simvastatin uong sang duoc ko hay phai toi", HowTo.TIME_OF_DAY),
        ("thuốc huyết áp có phải uống giờ cố định mỗi ngày không", HowTo.TIME_OF_DAY),
        ("lo thuoc con du cat de lan sau duoc khong", HowTo.STORAGE),
        ("ống tiêm nhìn hơi đục đục có xài được không", HowTo.STORAGE),
        ("bình xịt để trong cốp xe cả ngày có sao không", HowTo.STORAGE),
        ("dang dung thuoc nay co nhau duoc khong", HowTo.ALCOHOL),
        ("tuần sau nhổ răng thì có cần ngưng thuốc không", HowTo.CAUTION),
        ("sắp chụp ct có thuốc cản quang thì thuốc này sao", HowTo.CAUTION),
        ("ngậm thuốc dưới lưỡi thì nằm hay ngồi", HowTo.GIVING),
        ("con chưa nuốt được viên thì cho uống kiểu gì", HowTo.CRUSH),
        ("hai thứ đó uống chung một lúc được không", HowTo.TOGETHER),
        ("viên sắt thì uống giờ nào cho khỏi ảnh hưởng", HowTo.TOGETHER),
        ("liều 2g tiêm 1 chỗ được không hay chia ra 2 bên", HowTo.GIVING),
        ("ống này bơm nhanh vào ven được không", HowTo.RATE),
        ("truyen tinh mach toc do bao nhieu thi an toan", HowTo.RATE),
        ("tiêm tĩnh mạch chậm thì mất mấy phút", HowTo.RATE),
        ("pha loãng vào chai dịch truyền được không", HowTo.DILUTE),
        ("hòa ống thuốc vào glucose 5% được không", HowTo.DILUTE),
        ("xịt trước khi đá bóng bao lâu", HowTo.TIME_OF_DAY),
        ("tự uống được bao nhiêu ngày thì nên đi khám", HowTo.DURATION),
        ("thuốc này uống trong bao lâu vậy", HowTo.DURATION),
        ("ống 2g tiêm bắp 1 chỗ hay chia ra", HowTo.GIVING),
        ("vien ngam nay ngam khi nao", HowTo.TIME_OF_DAY),
        ("uống hai thứ này bao lâu vậy", HowTo.DURATION),
        ("3 ngày rồi mà vẫn ho thì sao", HowTo.DURATION),
        ("mở túi rồi, mấy ống còn lại để được bao lâu", HowTo.STORAGE),
        ("uong cach bua sang bao lau", HowTo.FOOD),
        ("lọ tiêm bắp này pha với lidocain được không", HowTo.DILUTE),
        ("uống chung với thuốc trung hòa acid được ko", HowTo.TOGETHER),
        ("nhà ẩm quá, cất thuốc trong tủ bếp", HowTo.STORAGE),
        ("siro này lấy thìa ăn cơm đong được không", HowTo.GIVING),
        ("uong truoc khi di may bay may tieng", HowTo.TIME_OF_DAY),
    ],
)
def test_topics(text: str, topic: HowTo) -> None:
    """Each way of asking names its topic."""
    assert read_how_to(Turn.of(text)) is topic


@pytest.mark.parametrize(
    "text",
    [
        "diazepam có gây nghiện không",
        "bé được 20 ngày uống paracetamol được không",
        "liều paracetamol uống sau ăn bao nhiêu",
        "đi lạc đường",
        "be nho xit thuoc co kho khong",
        "tiêm cho trẻ 3 tuổi bao lâu một lần",
        "uống bao lâu thì có tác dụng",
        "bs noi chia 2 lan. vay moi lan uong bn mg?",
    ],
)
def test_not_topics(text: str) -> None:
    """Addiction, a child, an amount asked (also as "bn mg"), "lạc": no how-to question."""
    assert read_how_to(Turn.of(text)) is None


@pytest.mark.parametrize(
    "text", ["nguoi nghien ruou dung paracetamol", "diazepam hội chứng cai rượu người lớn"]
)
def test_addiction_and_withdrawal_ask_nothing_of_drinking(text: str) -> None:
    """An addict or alcohol withdrawal is the patient's condition: neither crush nor alcohol."""
    assert read_how_to(Turn.of(text)) is None


def test_a_how_to_question_names_its_topic_and_section(parse: Parse) -> None:
    """The frame carries the topic and the section that usually holds the answer."""
    frame = parse("paracetamol viên giải phóng kéo dài nghiền ra được không")
    assert (frame.turn_type, frame.attribute, frame.how_to_take) == (
        TurnType.DRUG_ATTRIBUTE,
        "lieu_luong_cach_dung",
        HowTo.CRUSH,
    )


def test_a_how_to_question_keeps_the_thread(understander: RulesUnderstander) -> None:
    """ "có bẻ ra được không" after a paracetamol question is about paracetamol."""
    prior = QueryFrame(turn_type=TurnType.DOSING_CALC, drugs=["paracetamol"])
    frame = understander.parse(
        "viên giải phóng kéo dài có bẻ ra được không", UnderstandingContext(prior_frame=prior)
    )
    assert frame.drugs == ["paracetamol"] and frame.how_to_take is HowTo.CRUSH


def test_how_it_is_taken_for_a_complaint_keeps_the_thread(
    understander: RulesUnderstander,
) -> None:
    """ "mỗi lần đi ngoài uống 1 viên" names a complaint but asks how to take loperamide."""
    prior = QueryFrame(turn_type=TurnType.DOSING_CALC, drugs=["loperamide"])
    frame = understander.parse(
        "uong khi nao, moi lan di ngoai uong 1 vien ha", UnderstandingContext(prior_frame=prior)
    )
    assert frame.drugs == ["loperamide"] and frame.how_to_take is HowTo.TIME_OF_DAY


def test_a_form_named_in_a_how_to_question_is_handled_not_asked(parse: Parse) -> None:
    """ "viên sủi … để ngoài được không" asks storage, not which forms there are."""
    frame = parse("prednisolon viên sủi lấy ra để ngoài cho tiện được không")
    assert (frame.how_to_take, frame.attribute) == (HowTo.STORAGE, "do_on_dinh_bao_quan")


def test_a_child_is_not_a_late_dose() -> None:
    """Unmarked "uong tre 5 tuoi" is a child's dose; "trễ 3 tiếng" is a late dose."""
    assert read_how_to(Turn.of("cefuroxime uong tre 5 tuoi 18kg")) is None
    assert read_how_to(Turn.of("uống warfarin trễ 3 tiếng")) is HowTo.MISSED_DOSE
    assert read_how_to(Turn.of("uong warfarin tre 3 tieng")) is HowTo.MISSED_DOSE


def test_a_how_to_question_is_no_route_answer(understander: RulesUnderstander) -> None:
    """ "uống lúc đói được không" to "which route?" asks; its "uống" answers nothing."""
    prior = QueryFrame(turn_type=TurnType.DOSING_CALC, drugs=["ibuprofen"])
    context = UnderstandingContext(open_slot=ClarifySlot.ROUTE, prior_frame=prior)
    frame = understander.parse("uống lúc đói được không", context)
    assert frame.fills_slot is None
    assert (frame.drugs, frame.how_to_take) == (["ibuprofen"], HowTo.FOOD)


def test_a_route_with_a_patient_is_a_dose_question() -> None:
    """ "tiêm bắp cho trẻ 5 tuổi" asks a dose, not how the form is given."""
    assert read_how_to(Turn.of("ceftriaxon tiêm bắp cho trẻ 5 tuổi được không")) is None


def test_another_product_taken_with_it_is_no_unknown_drug(parse: Parse) -> None:
    """ "uống chung với canxi": calcium is asked about with the medicine, not looked up."""
    frame = parse("levothyroxin uống chung với canxi được không")
    assert frame.how_to_take is HowTo.TOGETHER and frame.drugs == ["levothyroxine"]
    assert frame.unknown_drugs == []


@pytest.mark.parametrize(
    "text",
    [
        "paracetamol người lớn suy thận clcr 30 uống cách mấy giờ",
        "allopurinol dùng chung azathioprin cần giảm liều không",
        "carbimazol điều trị bao lâu thì ngừng",
        "amantadine phòng cúm A sau tiếp xúc uống bao lâu người lớn",
    ],
)
def test_dose_questions_that_look_like_how_to(text: str) -> None:
    """A dose interval, a second medicine, a course length of a named patient: dose questions."""
    assert read_how_to(Turn.of(text)) is None


def test_a_how_to_question_asks_about_the_patients_one_medicine(
    understander: RulesUnderstander,
) -> None:
    """ "đang dùng levothyroxin", then "có uống thêm canxi": levothyroxine with calcium."""
    told = PatientContext(current_medicines=["levothyroxine"])
    prior = QueryFrame(turn_type=TurnType.CONDITION_TO_DRUG, patient=told)
    context = UnderstandingContext(prior_frame=prior)
    frame = understander.parse("me 60 tuoi, co uong them canxi", context)
    assert frame.drugs == ["levothyroxine"] and frame.how_to_take is HowTo.TOGETHER
    two = prior.model_copy(
        update={"patient": PatientContext(current_medicines=["levothyroxine", "warfarin"])}
    )
    assert (
        understander.parse("co uong them canxi", UnderstandingContext(prior_frame=two)).drugs == []
    )


def test_a_rate_asked_as_an_amount_is_no_dose_question() -> None:
    """ "tốc độ bao nhiêu", "nồng độ bao nhiêu" of an infusion ask how it goes in; "truyền
    liều bao nhiêu" asks a dose."""
    assert read_how_to(Turn.of("truyền tốc độ bao nhiêu một phút")) is HowTo.RATE
    assert read_how_to(Turn.of("pha loãng nồng độ bao nhiêu")) is HowTo.DILUTE
    assert read_how_to(Turn.of("truyền liều bao nhiêu")) is None


def test_an_infusion_timed_is_not_a_made_up_suspension() -> None:
    """ "pha … truyền trong bao lâu" times the infusion; "pha xong để được bao lâu" keeps it."""
    assert read_how_to(Turn.of("pha xong truyền trong bao lâu")) is HowTo.RATE
    assert read_how_to(Turn.of("pha xong để được bao lâu")) is HowTo.MADE_UP


def test_the_fluid_it_is_made_up_in_is_no_unknown_drug(parse: Parse) -> None:
    """ "pha với Ringer lactat": the fluid is asked about with the medicine, not looked up."""
    frame = parse("ondansetron pha với ringer lactat được không")
    assert frame.how_to_take is HowTo.DILUTE and frame.drugs == ["ondansetron"]
    assert frame.unknown_drugs == []


def test_a_second_topic_is_kept_when_the_first_sections_hold_it() -> None:
    """ "tiêm trong bao lâu, tiêm bắp được không": the rate, then how it is given; a storage
    question does not read the dose section, so it takes no second topic from there."""
    turn = Turn.of("ống này tiêm tĩnh mạch trong bao lâu, tiêm bắp được không")
    assert (read_how_to(turn), second_topic(turn, HowTo.RATE)) == (HowTo.RATE, HowTo.GIVING)
    assert (
        second_topic(Turn.of("để tủ lạnh được không, uống lúc đói được không"), HowTo.STORAGE)
        is None
    )


def test_a_split_said_with_the_amount_of_one_dose_asked_is_the_dose(parse: Parse) -> None:
    """ "Ngày chia 3 lần thì mỗi lần bao nhiêu" divides the day's dose (worked out by the dose
    answer); "chia 2 lần" asked alone, or cutting a tablet, stays a how-to-take question."""
    dose = parse("amoxicilin cho bé 32 ký, ngày chia 3 lần thì mỗi lần nhiêu, một ngày tổng nhiêu")
    assert dose.how_to_take is None and dose.turn_type is TurnType.DOSING_CALC
    assert parse("paracetamol uống 1 lần hay chia 2 lần").how_to_take == "crush"
    assert parse("amoxicilin 250mg chia đôi viên được không").how_to_take == "crush"


def test_a_shot_is_no_smell() -> None:
    """'1 mũi' (one shot) folds like 'mùi' (a smell): it asks no storage question; a smell does."""
    assert read_how_to(Turn.of("tiêm bắp X 1 mũi là đủ hả")) is None
    assert read_how_to(Turn.of("tiem X 1 mui la du ha")) is None
    assert read_how_to(Turn.of("ống thuốc tiêm có mùi lạ")) is HowTo.STORAGE
    assert read_how_to(Turn.of("tiêm 1 mũi, lọ còn lại để tủ lạnh được không")) is HowTo.STORAGE
