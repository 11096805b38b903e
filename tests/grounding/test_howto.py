"""Tests for grounding/howto.py: one verbatim sentence answers a how-to-take question."""

from __future__ import annotations

from asked_frames import asked as _said
from asked_frames import part, understood

from core.frame import HowTo, QueryFrame
from grounding.howto import (
    MAX_SENTENCE_CHARS,
    MAX_TWO_SENTENCES_CHARS,
    Asked,
    howto_answer,
    howto_sentence,
)

DOSE = part(
    "lieu_luong_cach_dung",
    "Người lớn (viên giải phóng kéo dài): 500 mg × 2 lần/ngày. "
    "Viên giải phóng kéo dài phải nuốt nguyên viên, không bẻ, nhai hay nghiền. "
    "Uống sau bữa ăn.",
)
CAUTIONS = part("than_trong", "Thận trọng ở người nghiện rượu.")
INTERACTIONS = part("tuong_tac_thuoc", "- Rượu: tăng độc tính với gan.")


def test_the_sentence_that_speaks_of_crushing() -> None:
    """Bẻ, nhai, nghiền: the sentence naming them, not the extended-release dose row."""
    found = howto_sentence([DOSE], "x", HowTo.CRUSH)
    assert found == (0, "Viên giải phóng kéo dài phải nuốt nguyên viên, không bẻ, nhai hay nghiền.")


def test_addiction_is_not_crushing() -> None:
    """ "nghiện" is not "nghiền": a caution about addicts does not answer crushing."""
    assert howto_sentence([CAUTIONS], "x", HowTo.CRUSH) is None


def test_the_section_a_pharmacist_reads_first_wins_a_tie() -> None:
    """Alcohol: Tương tác thuốc before Thận trọng, whatever the evidence order."""
    found = howto_sentence([CAUTIONS, INTERACTIONS], "x", HowTo.ALCOHOL)
    assert found == (1, "Rượu: tăng độc tính với gan.")


def test_advice_on_the_topic_itself_wins_over_a_description() -> None:
    """ "hạn chế rượu" in the cautions answers drinking before "Rượu: tăng tác dụng"."""
    describes = part("tuong_tac_thuoc", "- Rượu: uống nhiều làm tăng tác dụng.")
    advises = part("than_trong", "Giữ chế độ ăn ổn định; hạn chế rượu.")
    found = howto_sentence([describes, advises], "x", HowTo.ALCOHOL)
    assert found == (1, "Giữ chế độ ăn ổn định; hạn chế rượu.")


def test_advice_a_few_words_before_the_topic_is_direct() -> None:
    """ "Tránh uống nhiều nước ép bưởi chùm" in the cautions answers "kiêng bưởi" first."""
    describes = part("tuong_tac_thuoc", "- Nước ép bưởi chùm: tăng nồng độ thuốc.")
    advises = part("than_trong", "Tránh uống nhiều nước ép bưởi chùm.")
    asked = _said("uong co kieng nuoc buoi chum khong")
    found = howto_sentence([describes, advises], "x", HowTo.FOOD, asked)
    assert found == (1, "Tránh uống nhiều nước ép bưởi chùm.")


def test_advice_about_something_else_is_no_direct_advice() -> None:
    """ "Rượu, diazepam: nên tránh phối hợp" advises on combining, yet still answers first."""
    combined = part("tuong_tac_thuoc", "- Rượu, diazepam: tăng an thần; nên tránh phối hợp.")
    vague = part("than_trong", "Thận trọng ở người nghiện rượu; nên tránh lái xe.")
    found = howto_sentence([combined, vague], "x", HowTo.ALCOHOL)
    assert found == (0, "Rượu, diazepam: tăng an thần; nên tránh phối hợp.")


def test_how_much_water_is_answered_by_the_amount() -> None:
    """ "uống bao nhiêu nước là đủ": the sentence with the litres, not "uống nhiều nước"."""
    dose = part("lieu_luong_cach_dung", "Uống sau bữa ăn, uống nhiều nước.")
    cautions = part("than_trong", "Uống đủ nước (nước tiểu ít nhất 2 lít/ngày) để tránh sỏi.")
    asked = _said("có cần uống nhiều nước không, bao nhiêu là đủ")
    found = howto_sentence([dose, cautions], "x", HowTo.CAUTION, asked)
    assert found is not None and found[0] == 1


def test_after_each_loose_stool_is_when_to_take_it() -> None:
    """ "sau mỗi lần đi ngoài" says when; "sau mỗi lần lọc máu" of a dialysis row does not."""
    dose = part(
        "lieu_luong_cach_dung",
        "Lọc máu: 300 mg ngay sau mỗi lần lọc máu. "
        "Người lớn: khởi đầu 4 mg, sau đó 2 mg sau mỗi lần đi ngoài phân lỏng.",
    )
    found = howto_sentence([dose], "x", HowTo.TIME_OF_DAY, _said("uong khi nao"))
    assert found is not None and "đi ngoài" in found[1]


def test_stopping_is_answered_by_how_to_stop() -> None:
    """ "ngưng luôn được không": "giảm dần khi ngừng", not the course of more than 3 weeks."""
    dose = part(
        "lieu_luong_cach_dung", "Uống buổi sáng; dùng liều thấp nhất và giảm dần khi ngừng."
    )
    cautions = part(
        "than_trong",
        "Khi đã dùng trên 3 tuần hoặc nhiều đợt, phải giảm liều từ từ, không ngừng đột ngột.",
    )
    found = howto_sentence(
        [cautions, dose], "x", HowTo.DURATION, _said("giờ ngưng luôn được không")
    )
    assert found is not None and found[0] == 1
    long_course = howto_sentence([cautions, dose], "x", HowTo.DURATION, _said("uống được bao lâu"))
    assert long_course is not None and long_course[0] == 0


def test_other_drugs_and_quarantined_parts_are_not_quoted() -> None:
    """Only the asked drug's usable text answers."""
    other = part("lieu_luong_cach_dung", "Uống sau bữa ăn.", drug="y")
    hidden = part("lieu_luong_cach_dung", "Uống sau bữa ăn.", quarantined=True)
    assert howto_sentence([other, hidden], "x", HowTo.FOOD) is None


def test_a_long_sentence_is_cut_to_its_clause() -> None:
    """A sentence too long to show is quoted by its clause on the topic, verbatim."""
    long = "Liều dùng tùy theo đáp ứng " + "và theo dõi lâm sàng " * 15 + "; lắc kỹ trước khi dùng."
    found = howto_sentence([part("do_on_dinh_bao_quan", long)], "x", HowTo.SHAKE)
    assert found is not None and found[1] == "lắc kỹ trước khi dùng."
    assert len(found[1]) <= MAX_SENTENCE_CHARS


def test_the_answer_cites_its_section_and_is_empty_when_the_book_is_silent() -> None:
    """One claim citing its part; no claim when nothing speaks of the topic."""
    answer = howto_answer([DOSE], "x", "X", HowTo.FOOD)
    assert [c.text for c in answer.claims] == ["Uống sau bữa ăn."]
    assert answer.claims[0].citations == (0,)
    assert answer.lead == "X: Dược thư ghi ở mục Liều lượng và cách dùng:"
    assert not howto_answer([DOSE], "x", "X", HowTo.MISSED_DOSE).claims


def test_the_fridge_line_before_the_general_storage_line() -> None:
    """ "để tủ lạnh được không": the line on freezing, not the general temperature line."""
    storage = part(
        "do_on_dinh_bao_quan",
        "Bảo quản ở nhiệt độ dưới 30 °C, tránh ẩm và ánh sáng. Hỗn dịch không để đông lạnh.",
    )
    assert howto_sentence([storage], "x", HowTo.STORAGE) == (0, "Hỗn dịch không để đông lạnh.")
    general = part("do_on_dinh_bao_quan", "Bảo quản ở nhiệt độ dưới 30 °C, tránh ẩm.")
    assert howto_sentence([general], "x", HowTo.STORAGE) == (
        0,
        "Bảo quản ở nhiệt độ dưới 30 °C, tránh ẩm.",
    )


def test_the_questions_own_words_choose_the_sentence() -> None:
    """A sentence saying the question's own phrase ("đổi màu") answers it, over another
    storage sentence."""
    storage = part(
        "do_on_dinh_bao_quan",
        "Bảo quản dưới 30 °C, tránh ánh sáng. Không dùng dung dịch đã đổi màu.",
    )
    asked = "ống thuốc bị đổi màu có dùng tiếp không"
    assert howto_sentence([storage], "x", HowTo.STORAGE, _said(asked)) == (
        0,
        "Không dùng dung dịch đã đổi màu.",
    )


def test_how_long_to_take_it() -> None:
    """A duration question is answered by the sentence on the days, not a dose row."""
    dose = part(
        "lieu_luong_cach_dung",
        "Người lớn: 400 mg × 3 lần/ngày. Tự dùng để hạ sốt không quá 3 ngày.",
    )
    found = howto_sentence([dose], "x", HowTo.DURATION, _said("uống được mấy ngày"))
    assert found == (0, "Tự dùng để hạ sốt không quá 3 ngày.")


def test_how_long_before_stopping_is_the_course_not_a_step_up() -> None:
    """ "dùng tối đa bao lâu thì ngưng" asks the course's length: the sentence on its days, not
    a row that may step the dose up to a maximum."""
    dose = part(
        "lieu_luong_cach_dung",
        "Dùng liều thấp nhất và không nên dùng liên tục quá 2 - 3 tuần. "
        "Lo âu: 2 mg/lần, có thể tăng liều tới tối đa 20 mg/ngày.",
    )
    found = howto_sentence([dose], "x", HowTo.DURATION, _said("dùng tối đa bao lâu thì ngưng"))
    assert found is not None and "2 - 3 tuần" in found[1]
    stop = part("than_trong", "Sau một đợt dài, giảm liều dần khi ngừng, không ngừng đột ngột.")
    found = howto_sentence(
        [dose, stop], "x", HowTo.DURATION, _said("uống X lâu rồi, giờ ngưng luôn được không")
    )
    assert found is not None and found[0] == 1


def test_the_dose_section_first_when_both_speak() -> None:
    """A duration said in the dose section wins over a caution that says as much."""
    dose = part("lieu_luong_cach_dung", "Thời gian điều trị tối đa thường là 1 tuần.")
    caution = part("than_trong", "Dùng liều thấp nhất có hiệu quả, không quá 1 tuần.")
    found = howto_sentence([caution, dose], "x", HowTo.DURATION, _said("uống được bao lâu"))
    assert found == (1, "Thời gian điều trị tối đa thường là 1 tuần.")


def test_accents_keep_a_phrase_apart_from_a_filler_word() -> None:
    """ "khí dung … mở túi" written with accents: "dung" is not the filler "dùng", so the
    nebule sentence that says them answers."""
    storage = part(
        "do_on_dinh_bao_quan",
        "Bình xịt: bảo quản dưới 30 °C, tránh đông lạnh. "
        "Ống khí dung dùng trong vòng 3 tháng sau khi mở túi.",
    )
    asked = "ống khí dung mở túi rồi dùng được bao lâu"
    found = howto_sentence([storage], "x", HowTo.STORAGE, _said(asked))
    assert found == (0, "Ống khí dung dùng trong vòng 3 tháng sau khi mở túi.")


def test_when_to_take_it_is_answered_by_the_food_sentence() -> None:
    """ "uống lúc nào" where the book only says "sau bữa ăn": the food sentence answers."""
    dose = part("lieu_luong_cach_dung", "Uống ngay sau bữa ăn với nhiều nước.")
    found = howto_sentence([dose], "x", HowTo.TIME_OF_DAY, _said("uống lúc nào"))
    assert found == (0, "Uống ngay sau bữa ăn với nhiều nước.")


def test_a_route_label_is_not_an_answer() -> None:
    """ "Tiêm bắp" alone is a label of the section; the sentence on the muscle answers."""
    dose = part(
        "lieu_luong_cach_dung",
        "Tiêm bắp\nTiêm bắp sâu vào cơ mông, mỗi vị trí không quá 1 ống.",
    )
    found = howto_sentence([dose], "x", HowTo.GIVING, _said("tiêm bắp được không"))
    assert found == (0, "Tiêm bắp sâu vào cơ mông, mỗi vị trí không quá 1 ống.")


def test_the_dose_row_of_the_form_asked_about_answers() -> None:
    """A question naming a form picks that form's row even though it carries a dose."""
    dose = part(
        "lieu_luong_cach_dung",
        "Người lớn (viên tác dụng kéo dài): 400 mg × 1 lần/ngày, uống cùng bữa tối. "
        "Suy gan: không dùng viên tác dụng kéo dài.",
    )
    found = howto_sentence(
        [dose], "x", HowTo.TIME_OF_DAY, _said("viên tác dụng kéo dài uống lúc nào")
    )
    assert found is not None and "bữa tối" in found[1]


def test_advice_on_the_topic_beats_a_description() -> None:
    """Alcohol said twice in a section: the sentence telling what to do wins."""
    cautions = part(
        "than_trong",
        "Rượu làm tăng tác dụng an thần của thuốc. Tránh uống rượu trong thời gian dùng thuốc.",
    )
    found = howto_sentence([cautions], "x", HowTo.ALCOHOL, _said("uống rượu được không"))
    assert found == (0, "Tránh uống rượu trong thời gian dùng thuốc.")


def test_a_swap_of_forms_is_answered_by_the_sentence_on_it() -> None:
    """One strength in place of another: the sentence that says they are not swapped."""
    dose = part(
        "lieu_luong_cach_dung",
        "Tiêm tĩnh mạch chậm. Hai viên nhỏ không thay được một viên lớn vì tỷ lệ khác nhau.",
    )
    found = howto_sentence([dose], "x", HowTo.SWAP, _said("lấy 2 viên nhỏ thay được không"))
    assert found is not None and "không thay được" in found[1]


def test_stopping_before_an_operation_is_a_caution() -> None:
    """A tooth to be pulled: the caution that names the operation, not the sun."""
    cautions = part(
        "than_trong",
        "Tránh ánh nắng mạnh khi dùng thuốc. "
        "Trước khi mổ hoặc nhổ răng, báo thầy thuốc để quyết định có tạm ngừng thuốc hay không.",
    )
    asked = "tuần sau nhổ răng có phải ngưng thuốc không"
    assert howto_sentence([cautions], "x", HowTo.CAUTION, _said(asked)) == (
        0,
        "Trước khi mổ hoặc nhổ răng, báo thầy thuốc để quyết định có tạm ngừng thuốc hay không.",
    )


def test_a_sentence_on_the_topic_beats_one_that_only_repeats_the_question() -> None:
    """Drinking asked of a drug for arthritis: the alcohol sentence, though another names
    the arthritis."""
    cautions = part("than_trong", "Trong viêm khớp dạng thấp, thuốc dùng một lần mỗi tuần.")
    interactions = part("tuong_tac_thuoc", "- Rượu: làm tăng độc tính với gan.")
    asked = "đang dùng thuốc trị viêm khớp thì có được uống rượu không"
    found = howto_sentence([cautions, interactions], "x", HowTo.ALCOHOL, _said(asked))
    assert found == (1, "Rượu: làm tăng độc tính với gan.")


def test_not_stopping_on_ones_own_is_advice_on_stopping() -> None:
    """ "muốn ngưng thuốc": the sentence that says not to stop it on one's own."""
    cautions = part(
        "than_trong",
        "Tăng nguy cơ chảy máu khi phẫu thuật; có thể ngừng thuốc 5 ngày trước mổ. "
        "Không tự ý ngừng thuốc khi chưa hỏi thầy thuốc.",
    )
    asked = "thấy khỏe rồi muốn ngưng thuốc có được không"
    assert howto_sentence([cautions], "x", HowTo.DURATION, _said(asked)) == (
        0,
        "Không tự ý ngừng thuốc khi chưa hỏi thầy thuốc.",
    )


INJECTION_DOSE = part(
    "lieu_luong_cach_dung",
    "Người lớn: 20 mg tiêm tĩnh mạch chậm, nhắc lại sau 2 giờ. "
    "Tiêm tĩnh mạch với tốc độ không quá 2 mg/phút; liều lớn nên truyền.",
)
INJECTION_STORAGE = part(
    "do_on_dinh_bao_quan",
    "Bảo quản dưới 30 °C. Pha loãng trong natri clorid 0,9%; glucose 5% làm thuốc kết tủa.",
)


def test_the_rate_is_the_sentence_with_the_speed() -> None:
    """How fast: the sentence giving the speed, not the dose row nor the diluent."""
    found = howto_sentence([INJECTION_DOSE, INJECTION_STORAGE], "x", HowTo.RATE)
    assert found == (0, "Tiêm tĩnh mạch với tốc độ không quá 2 mg/phút; liều lớn nên truyền.")


def test_the_diluent_is_the_storage_sentence() -> None:
    """What it is made up in: the sentence naming the fluids, wherever it is."""
    found = howto_sentence([INJECTION_DOSE, INJECTION_STORAGE], "x", HowTo.DILUTE)
    assert found == (1, "Pha loãng trong natri clorid 0,9%; glucose 5% làm thuốc kết tủa.")


def test_how_long_before_an_event_is_a_time_to_take_it() -> None:
    """ "trước … bao lâu": the "30–60 phút trước" sentence, not a stop "48 giờ trước"."""
    dose = part(
        "lieu_luong_cach_dung",
        "Người lớn: 2 viên mỗi ngày. Uống 30–60 phút trước khi đi tàu xe.",
    )
    cautions = part("than_trong", "Ngừng thuốc 48 giờ trước khi làm xét nghiệm.")
    found = howto_sentence([dose, cautions], "x", HowTo.TIME_OF_DAY, _said("uống trước bao lâu"))
    assert found == (0, "Uống 30–60 phút trước khi đi tàu xe.")


def test_splitting_the_days_dose_is_answered_by_how_many_times() -> None:
    """ "1 lần hay chia 2 lần": the sentence on taking it once or in several doses, not a row."""
    dose = part(
        "lieu_luong_cach_dung",
        "Uống sau ăn. Liều tới 200 mg có thể uống 1 lần; liều cao hơn chia nhiều lần.\n"
        "- Người lớn: 100 mg, 1 lần/ngày.",
    )
    found = howto_sentence([dose], "x", HowTo.CRUSH, _said("uống 1 lần hay chia 2 lần"))
    assert found == (0, "Liều tới 200 mg có thể uống 1 lần; liều cao hơn chia nhiều lần.")
    assert howto_sentence([dose], "x", HowTo.CRUSH, _said("bẻ đôi được không")) is None


def test_one_site_or_split_is_answered_by_the_site_sentence() -> None:
    """ "tiêm 1 chỗ hay chia ra": the sentence on each injection site, not the rate."""
    dose = part(
        "lieu_luong_cach_dung",
        "Tiêm tĩnh mạch chậm trong 3 phút. Tiêm bắp sâu, mỗi vị trí tiêm không quá 2 ml.",
    )
    found = howto_sentence([dose], "x", HowTo.GIVING, _said("tiêm bắp 1 chỗ hay chia ra"))
    assert found == (0, "Tiêm bắp sâu, mỗi vị trí tiêm không quá 2 ml.")


def test_when_to_take_it_said_as_the_start_of_an_attack() -> None:
    """ "ngậm khi nào": the row that says "khi bắt đầu cơn", not a caution on starting it."""
    dose = part("lieu_luong_cach_dung", "- Người lớn: ngậm 1 viên khi bắt đầu cơn đau.")
    cautions = part("than_trong", "Theo dõi huyết áp khi bắt đầu dùng thuốc.")
    found = howto_sentence([dose, cautions], "x", HowTo.TIME_OF_DAY, _said("ngậm khi nào"))
    assert found == (0, "Người lớn: ngậm 1 viên khi bắt đầu cơn đau.")


def test_the_drugs_own_name_does_not_pick_the_sentence() -> None:
    """ "amlodipin uống sáng hay tối, có cần ăn no": the dose sentence on meals, not an
    interaction line that happens to repeat the drug's name."""
    dose = part("lieu_luong_cach_dung", "Uống vào một giờ cố định, cùng hoặc không cùng bữa ăn.")
    interactions = part(
        "tuong_tac_thuoc", "Bưởi chùm: làm tăng nồng độ amlodipin; tránh dùng nhiều."
    )
    named = [e.model_copy(update={"drug_name": "Amlodipin"}) for e in (interactions, dose)]
    said = _said("amlodipin uống sáng hay tối, có cần ăn no không")
    found = howto_sentence(named, "x", HowTo.FOOD, said)
    assert found == (1, "Uống vào một giờ cố định, cùng hoặc không cùng bữa ăn.")


def test_two_topics_asked_quote_two_sentences_when_short() -> None:
    """The rate and "tiêm bắp được không": the rate sentence, then the one on the muscle (not
    one that repeats the first's words); two long sentences stay one."""
    dose = part(
        "lieu_luong_cach_dung",
        "Tiêm tĩnh mạch chậm trong ít nhất 3 phút. Không tiêm bắp vì gây đau. "
        "Khi chuyển sang tiêm tĩnh mạch, giảm liều.",
    )
    frame = understood(
        QueryFrame(
            standalone_query="tiêm tĩnh mạch trong bao lâu, tiêm bắp được không",
            how_to_also=HowTo.GIVING,
        )
    )
    answer = howto_answer([dose], "x", "X", HowTo.RATE, Asked.of(frame))
    assert [c.text for c in answer.claims] == [
        "Tiêm tĩnh mạch chậm trong ít nhất 3 phút.",
        "Không tiêm bắp vì gây đau.",
    ]
    long = part(
        "lieu_luong_cach_dung",
        "Tiêm tĩnh mạch chậm trong ít nhất 3 phút" + ", rất chậm" * 30 + ". Không tiêm bắp.",
    )
    assert len(howto_answer([long], "x", "X", HowTo.RATE, Asked.of(frame)).claims) == 1
    assert MAX_TWO_SENTENCES_CHARS < 400


def test_the_form_asked_picks_its_sentence() -> None:
    """ "pha sẵn để lát tiêm": the injection's made-up sentence, not the oral suspension's
    longer one."""
    storage = part(
        "do_on_dinh_bao_quan",
        "Hỗn dịch sau khi pha để tủ lạnh và dùng trong 7 ngày. Dung dịch tiêm pha xong dùng ngay.",
    )
    found = howto_sentence([storage], "x", HowTo.MADE_UP, _said("pha sẵn để lát tiêm được không"))
    assert found == (0, "Dung dịch tiêm pha xong dùng ngay.")
    oral = howto_sentence([storage], "x", HowTo.MADE_UP, _said("siro pha xong để được mấy ngày"))
    assert oral == (0, "Hỗn dịch sau khi pha để tủ lạnh và dùng trong 7 ngày.")


def test_what_is_left_over_is_answered_by_the_leftover_sentence() -> None:
    """ "phần thuốc thừa để lần sau": the sentence on what is left, not another storage one."""
    storage = part(
        "do_on_dinh_bao_quan",
        "Bình xịt: bảo quản nơi mát, tránh ánh sáng, trong tủ lạnh, không chọc thủng hoặc đốt. "
        "Ống đã mở: phần còn thừa phải bỏ.",
    )
    found = howto_sentence(
        [storage], "x", HowTo.STORAGE, _said("ống thuốc thừa để lần sau được không")
    )
    assert found == (0, "Ống đã mở: phần còn thừa phải bỏ.")


def test_a_syrup_asked_is_not_answered_by_the_injection() -> None:
    """ "siro pha xong để được bao lâu": the suspension's sentence, even when the injection's
    says more of the topic."""
    storage = part(
        "do_on_dinh_bao_quan",
        "Dung dịch tiêm sau khi pha dùng trong 24 giờ, đã pha để tủ lạnh. Siro: dùng trong 7 ngày.",
    )
    found = howto_sentence([storage], "x", HowTo.MADE_UP, _said("siro pha xong để được bao lâu"))
    assert found == (0, "Siro: dùng trong 7 ngày.")
