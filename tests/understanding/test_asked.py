"""Tests for understanding/asked.py: what a question asks beyond drug, patient and section."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.drug_classes import classes_of
from core.frame import Ask, ClarifySlot, QueryFrame, TurnType
from core.text import fold
from understanding.asked import (
    bleeding_of,
    book_terms_of,
    content_of,
    inr_of,
    partner_of,
    read_asked,
)
from understanding.text import Turn


def _asked(text: str, turn_type: TurnType | None = None) -> dict[str, object]:
    return read_asked(Turn.of(text), turn_type)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("bệnh nhân dùng warfarin, INR 8 thì xử trí sao", 8.0),
        ("inr = 6,5 có cần vitamin K không", 6.5),
        ("INR tăng lên 12", 12.0),
        ("INR là 4.5", 4.5),
        ("theo dõi INR thế nào", None),
        ("quá liều warfarin", None),
    ],
)
def test_the_inr_value_is_read_as_a_number(text: str, value: float | None) -> None:
    """'INR 8', 'inr = 6,5', 'INR tăng lên 12': the value; INR without a figure: none."""
    assert _asked(text)["inr"] == value


@pytest.mark.parametrize(
    ("text", "bleeding"),
    [
        ("INR 9 và đang chảy máu cam", True),
        ("INR 9 không chảy máu", False),
        ("INR 9, chưa bị chảy máu", False),
        ("INR 9", None),
    ],
)
def test_bleeding_is_said_denied_or_unsaid(text: str, bleeding: bool | None) -> None:
    """A denial ('không chảy máu') is False, not the same as saying nothing (None)."""
    assert _asked(text)["bleeding"] is bleeding


@pytest.mark.parametrize(
    ("text", "usual", "maximum"),
    [
        ("liều thường dùng của amoxicilin cho người lớn", True, False),
        ("người lớn uống tối đa bao nhiêu viên một ngày", False, True),
        ("một ngày không được quá mấy lần", False, True),
        ("viên thông thường 500 mg uống mấy viên", False, False),
        ("liều amoxicilin cho người lớn", False, False),
    ],
)
def test_the_usual_and_the_maximum_dose_asked(text: str, usual: bool, maximum: bool) -> None:
    """'thường dùng' asks the usual rows, 'tối đa' or 'không quá' a maximum; the plain
    tablet ('viên thông thường') asks neither."""
    asked = _asked(text)
    assert (asked["usual_dose"], asked["max_dose"]) == (usual, maximum)


@pytest.mark.parametrize(
    ("text", "injection"),
    [
        ("ceftriaxon tiêm liều bao nhiêu", True),
        ("truyền bao nhiêu mg một lần", True),
        ("sau khi tiêm phòng bé sốt uống gì", False),
        ("bé vừa tiêm chủng xong", False),
        ("uống ngày mấy lần", False),
        ("tôi bán ở tiệm thuốc tây, siro này cho bé mấy ml", False),
        ("ra tiệm mua ống về tiêm cho bé bao nhiêu", True),
        ("ra tiem thuoc hoi tiem bao nhieu", True),
    ],
)
def test_the_bare_injection_word(text: str, injection: bool) -> None:
    """'tiêm'/'truyền' alone is an injection; a vaccination mentioned is not this drug's."""
    assert _asked(text)["injection"] is injection


def test_can_use_wins_over_the_turn_type() -> None:
    """'… dùng được không' asks can-I-use whatever the turn type; else the type's own ask."""
    assert _asked("bà bầu dùng paracetamol được không", TurnType.DRUG_ATTRIBUTE)["asks"] is (
        Ask.CAN_USE
    )
    assert _asked("liều paracetamol cho trẻ", TurnType.DOSING_CALC)["asks"] is Ask.DOSE
    assert _asked("paracetamol là thuốc gì", TurnType.DRUG_OVERVIEW)["asks"] is Ask.OVERVIEW
    assert _asked("chào bạn", TurnType.SMALLTALK)["asks"] is None


def test_lay_words_for_a_condition_get_the_books_words() -> None:
    """'tiêu chảy' is also 'ỉa chảy' in the book; 'sinh non' also 'đẻ non'; nothing else adds."""
    assert book_terms_of(fold("bé bị tiêu chảy")) == ["ỉa chảy", "tiêu chảy"]
    assert "đẻ non" in book_terms_of(fold("trẻ sinh non 2 tháng"))
    assert book_terms_of(fold("bé bị ho")) == []


def test_elderly_and_accents() -> None:
    """'người cao tuổi' / 'nguoi gia' say an old patient; accents typed are noticed."""
    assert _asked("thuốc này cho người cao tuổi")["elderly"] is True
    assert _asked("nguoi gia uong duoc khong")["elderly"] is True
    assert _asked("cho trẻ em")["elderly"] is False
    assert _asked("sốt")["accented"] is True
    assert _asked("sot")["accented"] is False


def test_condition_words_are_folded_whole(parse: Callable[..., QueryFrame]) -> None:
    """The frame's words for the indication are the question folded, spaces collapsed: the
    drug's name stays, since the book's heads and rows name it too."""
    frame = parse("Liều   amoxicilin cho trẻ 5 tuổi bị  Viêm tai giữa")
    assert frame.condition_words == "lieu amoxicilin cho tre 5 tuoi bi viem tai giua"


def test_the_rules_understander_fills_the_fields(parse: Callable[..., QueryFrame]) -> None:
    """A warfarin question's INR and bleeding, and a can-I-use question, reach the frame."""
    inr = parse("phytomenadion cho người dùng warfarin INR 10 không chảy máu")
    assert (inr.inr, inr.bleeding) == (10.0, False)
    can = parse("người già uống ibuprofen được không")
    assert can.asks is Ask.CAN_USE and can.elderly


def test_a_bare_answer_brings_its_own_reading(parse: Callable[..., QueryFrame]) -> None:
    """A slot answer is read too; the engine's merge keeps the question it completes."""
    frame = parse("người lớn, tối đa bao nhiêu", slot=ClarifySlot.POPULATION)
    assert frame.fills_slot is ClarifySlot.POPULATION
    assert frame.max_dose is True
    assert parse("người lớn", slot=ClarifySlot.POPULATION).max_dose is False


_WORDS = st.sampled_from(
    [
        "liều thường dùng",
        "tối đa",
        "INR 7",
        "không chảy máu",
        "đang chảy máu",
        "người cao tuổi",
        "tiêm",
        "tiêu chảy",
        "dùng được không",
        "cho bé",
        "paracetamol",
    ]
)


@given(st.lists(_WORDS, min_size=1, max_size=5))
def test_accent_free_text_reads_the_same_fields(words: list[str]) -> None:
    """The same question typed without accents gives the same fields, but for `accented`
    and the how-to words, which keep the accents typed (they are folded in `bare`)."""
    text = ", ".join(words)
    marked, bare = _asked(text), _asked(fold(text))
    for typed in ("accented", "howto_words", "howto_pairs"):
        marked.pop(typed)
        bare.pop(typed)
    assert marked == bare


@given(st.floats(min_value=0, max_value=99, allow_nan=False).map(lambda x: round(x, 1)))
def test_an_inr_figure_reads_back(value: float) -> None:
    """Any INR written with a comma or a point reads back as the same number."""
    shown = f"{value:g}"
    assert inr_of(f"inr {shown}") == value
    assert inr_of(f"inr {shown.replace('.', ',')}") == value


def test_bleeding_reader_alone() -> None:
    """The folded reader: denial first, then a bleeding said."""
    assert bleeding_of("khong chay mau") is False
    assert bleeding_of("chay mau nhieu") is True
    assert bleeding_of("sot cao") is None


def test_words_that_are_not_an_agent_name_no_partner() -> None:
    """ "uống cùng thức ăn", "dùng với thuốc khác" and a bare question name no partner; "uống
    cùng cisaprid" names cisaprid."""
    for text in (
        "paracetamol uống cùng thức ăn được không",
        "tương tác của warfarin với thuốc khác",
        "tương tác thuốc của warfarin",
    ):
        assert partner_of(fold(text)) == ([], None)
    assert partner_of(fold("fluconazol uống cùng cisaprid được không")) == ([], "cisaprid")


def test_a_class_is_a_partner_but_not_the_drugs_own() -> None:
    """ "dùng với thuốc ức chế MAO" names the MAO inhibitors; "thuốc chống đông warfarin"
    names warfarin's own class, no partner."""
    assert partner_of(fold("carbamazepin dùng với thuốc ức chế MAO"))[0] == ["maoi"]
    (own,) = classes_of(["B01AA03"])
    said = fold("thuốc chống đông warfarin có dùng cùng được không")
    assert partner_of(said, (own,))[0] == []
    assert partner_of(said)[0] != []


def test_the_rules_understander_reads_the_partner(parse: Callable[..., QueryFrame]) -> None:
    """A one-drug interaction question's partner reaches the frame."""
    frame = parse("carbamazepin uống cùng cisaprid được không")
    assert frame.partner == "cisaprid"


def test_howto_words_keep_the_accents_typed() -> None:
    """ "ống khí dung mở túi" typed with accents keeps "dung" apart from the filler "dùng";
    typed without, the folded filler takes "dung" and "khi" too."""
    words, pairs = content_of(Turn.of("ống khí dung mở túi rồi dùng được bao lâu"))
    assert "dung" in words and "mở túi" in pairs and "dùng" not in words
    bare_words, _ = content_of(Turn.of("ong khi dung mo tui roi dung duoc bao lau"))
    assert "dung" not in bare_words and "khi" not in bare_words


def test_a_form_put_in_place_asks_can_use() -> None:
    """'đặt viên đạn … vào hậu môn được ko mn': a suppository, drops or a spray may be used?"""
    text = "bé nôn, đặt viên đạn X vào hậu môn được ko mn"
    assert _asked(text, TurnType.DRUG_ATTRIBUTE)["asks"] is Ask.CAN_USE
    assert _asked("nhỏ mắt cho bé 2 tháng được không ạ", TurnType.DRUG_ATTRIBUTE)["asks"] is (
        Ask.CAN_USE
    )
    assert _asked("đặt hậu môn liều bao nhiêu", TurnType.DOSING_CALC)["asks"] is Ask.DOSE


def test_still_usable_asks_can_use() -> None:
    """'còn dùng X được nữa ko': may the patient go on using it."""
    text = "ClCr 45, còn dùng X được nữa ko"
    assert _asked(text, TurnType.DOSING_CALC)["asks"] is Ask.CAN_USE


@pytest.mark.parametrize(
    ("text", "unknown"),
    [
        ("con 4 tuổi uống siro hạ sốt, tính theo tuổi giùm vì nhà không có cân", True),
        ("chua can be nen khong biet, 2 tuoi uong bao nhieu", True),
        ("không nhớ bé mấy ký, 5 tuổi", True),
        ("bé 3 tuổi cân nặng 14kg", False),
        ("chưa cần uống thuốc đúng không", False),
    ],
)
def test_a_weight_said_unknown(text: str, unknown: bool) -> None:
    """The dose asked by age, the weight unknown: not asked for again."""
    assert _asked(text)["weight_unknown"] is unknown
