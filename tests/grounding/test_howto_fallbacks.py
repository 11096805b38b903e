"""grounding/howto.py: a question narrowed to one kind of sentence falls back to its topic's
sentence when the book has none of that kind."""

from __future__ import annotations

from core.evidence import Evidence
from core.frame import HowTo
from grounding.howto import Asked, howto_answer, howto_sentence


def _part(text: str) -> Evidence:
    return Evidence(
        text=text,
        drug_id="x",
        drug_name="X",
        section_key="lieu_luong_cach_dung",
        section_title="Liều lượng và cách dùng",
        chunk_id="x-dose",
    )


def test_stopping_asked_where_the_book_gives_only_the_course() -> None:
    """ "ngưng được chưa" with no word of stopping in the book: the course's sentence."""
    dose = _part("Trẻ em: 25 mg/kg/ngày chia 2 lần. Viêm họng do liên cầu cần điều trị đủ 10 ngày.")
    asked = Asked(words=frozenset({"ngưng", "đỡ"}), marked=True)
    found = howto_sentence([dose], "x", HowTo.DURATION, asked)
    assert found == (0, "Viêm họng do liên cầu cần điều trị đủ 10 ngày.")


def _interactions(text: str) -> Evidence:
    return Evidence(
        text=text,
        drug_id="x",
        drug_name="X",
        section_key="tuong_tac_thuoc",
        section_title="Tương tác thuốc",
        chunk_id="x-interactions",
    )


def test_the_sentence_naming_the_other_medicine() -> None:
    """Taken with omeprazol: the interactions sentence that names it, not another's."""
    lines = _interactions(
        "- Thuốc kháng acid: uống cách nhau 2 giờ.\n"
        "- Omeprazol: giảm tác dụng; tránh phối hợp, nên chọn pantoprazol."
    )
    asked = Asked(words=frozenset({"kèm"}), marked=True, partner="omeprazol")
    found = howto_sentence([lines], "x", HowTo.TOGETHER, asked)
    assert found == (0, "Omeprazol: giảm tác dụng; tránh phối hợp, nên chọn pantoprazol.")


def test_another_medicine_the_book_does_not_name_falls_back_to_the_topic() -> None:
    """No sentence names it: the taking-together sentence answers."""
    lines = _interactions("- Thuốc kháng acid: uống cách nhau 2 giờ.")
    asked = Asked(words=frozenset({"kèm"}), marked=True, partner="sucralfat")
    assert howto_sentence([lines], "x", HowTo.TOGETHER, asked) is not None


def test_the_interaction_that_says_why_goes_with_the_caution() -> None:
    """Grapefruit: the caution's advice, and the interaction that explains it, both short."""
    cautions = Evidence(
        text="Tránh uống nhiều nước ép bưởi chùm.",
        drug_id="x",
        drug_name="X",
        section_key="than_trong",
        section_title="Thận trọng",
        chunk_id="x-cautions",
    )
    lines = _interactions("- Nước ép bưởi chùm: ức chế CYP3A4, tăng nồng độ thuốc.")
    answer = howto_answer([lines, cautions], "x", "X", HowTo.FOOD, Asked(words=frozenset({"bưởi"})))
    assert [c.text for c in answer.claims] == [
        "Tránh uống nhiều nước ép bưởi chùm.",
        "Nước ép bưởi chùm: ức chế CYP3A4, tăng nồng độ thuốc.",
    ]


def test_the_second_topic_answers_when_the_first_has_no_sentence() -> None:
    """Shaking asked with how it keeps, the book silent on shaking: the keeping sentence."""
    storage = Evidence(
        text="Ống tiêm để trong hộp; không dùng khi dung dịch có tủa hoặc đổi màu.",
        drug_id="x",
        drug_name="X",
        section_key="do_on_dinh_bao_quan",
        section_title="Độ ổn định và bảo quản",
        chunk_id="x-storage",
    )
    asked = Asked(words=frozenset({"tủa"}), marked=True, also=HowTo.STORAGE)
    answer = howto_answer([storage], "x", "X", HowTo.SHAKE, asked)
    assert [c.text for c in answer.claims] == [storage.text]


def test_how_long_is_the_course_not_when_to_stop() -> None:
    """ "uống được bao lâu": the sentence on the days of the course, not a caution that says
    when to stop ("ngừng thuốc khi …"); "2 ngày rồi vẫn đi lỏng": when to stop and see one."""
    from asked_frames import understood

    from core.frame import QueryFrame

    def part(section: str, text: str) -> Evidence:
        return Evidence(
            text=text, drug_id="x", drug_name="X", section_key=section,
            section_title=section, chunk_id=f"x-{section}",
        )  # fmt: skip

    dose = part("lieu_luong_cach_dung", "Uống trước bữa ăn. Thời gian điều trị tối đa là 1 tuần.")
    caution = part(
        "than_trong", "Dùng thời gian ngắn nhất, không quá 1 tuần; ngừng thuốc khi ngất."
    )
    still = part("than_trong", "Ngừng thuốc và đi khám nếu không cải thiện sau 48 giờ.")

    def said(question: str) -> Asked:
        return Asked.of(understood(QueryFrame(standalone_query=question)))

    found = howto_sentence([caution, dose], "x", HowTo.DURATION, said("uong duoc bao lau"))
    assert found == (1, "Thời gian điều trị tối đa là 1 tuần.")
    worse = howto_sentence([still, dose], "x", HowTo.DURATION, said("2 ngày rồi vẫn đi lỏng"))
    assert worse is not None and worse[0] == 0


def test_a_suppository_is_not_answered_by_the_infusions_fridge_line() -> None:
    """ "viên đạn … cất tủ lạnh": the suppository's line, not the infusion's fridge line."""
    from asked_frames import understood

    from core.frame import QueryFrame

    storage = Evidence(
        text="Viên đạn bảo quản nơi mát để không bị chảy mềm. Dung dịch truyền không để "
        "trong tủ lạnh hoặc đông lạnh.",
        drug_id="x", drug_name="X", section_key="do_on_dinh_bao_quan",
        section_title="s", chunk_id="x-s",
    )  # fmt: skip
    for question in ("vien dan de o dau, co can cat tu lanh khong", "viên đạn để tủ lạnh được ko"):
        said = Asked.of(understood(QueryFrame(standalone_query=question)))
        found = howto_sentence([storage], "x", HowTo.STORAGE, said)
        assert found is not None and found[1].startswith("Viên đạn"), question


def test_the_condition_this_turn_names_helps_the_sentence_that_says_it() -> None:
    """ "đang đi ngoài lỏng, nhét hậu môn được không": the sentence that says the book's
    name for it ("tiêu chảy") wins; a condition said earlier in the talk does not count."""
    from asked_frames import understood

    from core.frame import ConditionQuery, QueryFrame

    dose = Evidence(
        text="Người bệnh không uống được có thể dùng viên đạn đặt trực tràng; liều đặt trực "
        "tràng đôi khi phải cao hơn. Không đặt trực tràng khi trẻ đang tiêu chảy.",
        drug_id="x", drug_name="X", section_key="lieu_luong_cach_dung",
        section_title="s", chunk_id="x-s",
    )  # fmt: skip
    question = "bé đang đi ngoài lỏng, nhét hậu môn vẫn được hả"
    condition = ConditionQuery(text="đi ngoài", normalized="tiêu chảy")
    frame = understood(QueryFrame(standalone_query=question))
    now = Asked.of(frame.model_copy(update={"condition": condition}))
    found = howto_sentence([dose], "x", HowTo.GIVING, now)
    assert found is not None and found[1].endswith("đang tiêu chảy.")
    earlier = ConditionQuery(text="sốt", normalized="sốt")
    assert Asked.of(frame.model_copy(update={"condition": earlier})).condition == ""


def test_a_time_around_dialysis_is_the_dialysis_sentence() -> None:
    """ "uống trước hay sau buổi chạy thận": "ngay sau mỗi lần lọc máu"."""
    from asked_frames import understood

    from core.frame import QueryFrame

    dose = Evidence(
        text="Uống sau bữa ăn, uống nhiều nước. Lọc máu: 300 mg ngay sau mỗi lần lọc máu.",
        drug_id="x", drug_name="X", section_key="lieu_luong_cach_dung",
        section_title="s", chunk_id="x-s",
    )  # fmt: skip
    said = Asked.of(understood(QueryFrame(standalone_query="uống trước hay sau buổi chạy thận")))
    found = howto_sentence([dose], "x", HowTo.TIME_OF_DAY, said)
    assert found is not None and "lọc máu" in found[1]
    plain = Asked.of(understood(QueryFrame(standalone_query="uống lúc nào")))
    usual = howto_sentence([dose], "x", HowTo.TIME_OF_DAY, plain)
    assert usual is not None and usual[1].startswith("Uống sau bữa ăn")


def test_a_stomach_medicine_is_the_books_antacid() -> None:
    """ "uống chung với thuốc dạ dày Yumangel": the line on "thuốc kháng acid" answers."""
    from asked_frames import understood

    from core.frame import QueryFrame

    interactions = Evidence(
        text="- Thuốc kháng acid, colestyramin: làm giảm hấp thu digoxin.\n"
        "- Amiodaron: tăng nồng độ digoxin; giảm liều digoxin.",
        drug_id="x", drug_name="X", section_key="tuong_tac_thuoc",
        section_title="s", chunk_id="x-s",
    )  # fmt: skip
    dose = Evidence(
        text="Liều nạp chia 2 lần cách nhau 6–8 giờ.",
        drug_id="x", drug_name="X", section_key="lieu_luong_cach_dung",
        section_title="s", chunk_id="x-d",
    )  # fmt: skip
    frame = understood(
        QueryFrame(standalone_query="uống thuốc dạ dày Yumangel cùng lúc có sao không")
    ).model_copy(update={"how_to_take": HowTo.TOGETHER})
    found = howto_sentence([dose, interactions], "x", HowTo.TOGETHER, Asked.of(frame))
    assert found is not None and "kháng acid" in found[1]
