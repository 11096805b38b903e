"""Round 12 (issue 23): heads the book prints without a colon, and a head that lists what
it includes. Texts are ours, in the book's shapes."""

from __future__ import annotations

from grounding_samples import ev

from core.frame import QueryFrame
from grounding.asked import AskedWords
from grounding.blocks import parse_blocks
from grounding.narrowing import named_indications
from grounding.selection import select

ADULT_ORAL = {"turn_type": "dosing_calc", "drugs": ["x"], "population": "adult", "route": "oral"}


def _blocks(text: str):  # type: ignore[no-untyped-def]
    return parse_blocks([(0, ev("x", "X", "lieu_luong_cach_dung", text))])


def _rows(text: str, question: str) -> list[str]:
    frame = QueryFrame.model_validate(ADULT_ORAL)
    return [b.text for b in select(_blocks(text), frame, AskedWords(question)).rows]


PURPOSES = (
    "### *Liều lượng:*\n\n"
    "*Để làm dịu cơn ợ chua*, thuốc X được uống mỗi ngày 10 mg trong 2 tuần.\n\n"
    "*Bệnh loét hành tá tràng:* Uống 20 mg mỗi ngày trong 4 tuần.\n\n"
    "*Để diệt vi khuẩn Y trong bệnh loét hành tá tràng*, X được phối hợp với hai kháng sinh. "
    "Phác đồ gồm X 20 mg, uống 2 lần mỗi ngày, cùng kháng sinh Z 1 g.\n\n"
    "*Hội chứng tăng tiết W:* Khởi đầu 60 mg mỗi ngày.\n\n"
    "X còn được dùng để *phòng trào dịch vị vào phổi khi mổ*, với liều 40 mg tối hôm trước mổ."
)


def test_an_emphasized_purpose_before_a_comma_heads_its_paragraph() -> None:
    """ "*Để diệt vi khuẩn Y …*, X được phối hợp …": the emphasized words name what the
    paragraph treats; the regimen after it is that indication's row, not the ulcer head's."""
    blocks = _blocks(PURPOSES)
    regimen = next(b for b in blocks if "Phác đồ" in b.text)
    assert regimen.indication is not None and "vi khuẩn Y" in regimen.indication
    assert _rows(PURPOSES, "thuốc X diệt vi khuẩn Y người lớn") == [regimen.text]


def test_a_row_naming_its_own_purpose_is_not_the_head_above_it() -> None:
    """ "X còn được dùng để phòng trào dịch vị vào phổi khi mổ, với liều 40 mg" after the W
    syndrome's head is the row for the operation, not a W syndrome row."""
    blocks = _blocks(PURPOSES)
    surgery = next(b for b in blocks if "40 mg" in b.text)
    assert surgery.indication is not None and "trào dịch vị" in surgery.indication
    assert _rows(PURPOSES, "thuốc X phòng trào dịch vị khi mổ người lớn") == [surgery.text]
    assert surgery.text not in _rows(PURPOSES, "thuốc X hội chứng tăng tiết W người lớn")


def test_an_opening_indication_stops_before_its_dose() -> None:
    """ "Điều trị kéo dài sau khi khỏi viêm là 15 mg mỗi ngày": the indication is the words
    before "là 15 mg", not the dose with them."""
    text = "### *Liều lượng:*\n\nĐiều trị kéo dài sau khi khỏi viêm là 15 mg mỗi ngày, chia 1 lần."
    row = next(b for b in _blocks(text) if "15 mg" in b.text)
    assert row.indication == "kéo dài sau khi khỏi viêm"


def test_a_band_said_after_doi_voi_is_no_indication() -> None:
    """ "Đối với người nặng dưới 50 kg: 10 mg/kg" names patients by weight, not a disease."""
    text = "### *Liều lượng:*\n\n*Bệnh V:*\n\nĐối với người nặng dưới 50 kg: 10 mg/kg/ngày."
    row = next(b for b in _blocks(text) if "10 mg/kg" in b.text)
    assert row.indication == "Bệnh V"


def test_a_head_that_includes_another_names_it_whole() -> None:
    """ "Nhiễm virus H lần đầu bao gồm cả H ở môi:" is named by "H ở môi" said whole, and
    not by a head sharing one folded word with the question ("đầu" and "đậu")."""
    text = (
        "### *Liều lượng:*\n\n"
        "Nhiễm virus H lần đầu bao gồm cả H ở môi: Uống 200 mg/lần, 5 lần mỗi ngày.\n\n"
        "Đậu mùa khỉ: Uống 800 mg/lần, 4 lần mỗi ngày."
    )
    rows = [b for b in _blocks(text) if b.indication]
    assert named_indications(rows, AskedWords("thuốc X bị H ở môi lần đầu uống")) == {
        "Nhiễm virus H lần đầu bao gồm cả H ở môi"
    }


TWO_ROUTES = (
    "### *Liều lượng:*\n\n"
    "Người lớn và trẻ em nặng trên 40 kg: Uống 5 - 10 mg/lần, 3 lần/ngày. "
    "Hoặc đặt viên đạn trực tràng 20 mg/lần, 2 lần/ngày.\n\n"
    "*Trẻ em:* Trẻ nặng 10 - 40 kg: uống 0,2 mg/kg/lần."
)


def _for(question: str, update: dict[str, object]) -> list[str]:
    frame = QueryFrame.model_validate({**ADULT_ORAL, **update})
    chosen = select(_blocks(TWO_ROUTES), frame, AskedWords(question))
    return [b.headed for b in chosen.rows]


def test_an_or_sentence_by_another_route_is_that_routes_row_for_the_same_patients() -> None:
    """ "… Uống 5 - 10 mg/lần. Hoặc đặt viên đạn trực tràng 20 mg/lần": the rectal dose is a
    row of its own, for the adults and heavy children of the row's label (shown before it);
    the oral answer quotes the oral sentence only."""
    rectal = _for("thuốc X đặt hậu môn người lớn", {"route": "rectal"})
    assert rectal == [
        "Người lớn và trẻ em nặng trên 40 kg — Hoặc đặt viên đạn trực tràng 20 mg/lần, 2 lần/ngày."
    ]
    oral = _for("thuốc X người lớn uống", {})
    assert oral == ["Người lớn và trẻ em nặng trên 40 kg: Uống 5 - 10 mg/lần, 3 lần/ngày."]
    light = {"population": "child", "age_months": 60, "weight_kg": 18, "route": "rectal"}
    assert _for("thuốc X đặt hậu môn bé 5 tuổi 18 kg", light) == []


STATES = (
    "### *Liều lượng:*\n\n*Tiêm truyền:* Người lớn trên 50 kg: 1 g một lần, tối đa 4 g/ngày. "
    "Người lớn dưới 50 kg: 15 mg/kg một lần, cả ngày không quá 60 mg/kg. Tối đa 2 g/ngày "
    "ở người bệnh nghiện rượu hoặc đang nhịn đói kéo dài."
)


def _said(question: str, weight: float) -> str:
    frame = QueryFrame.model_validate(
        {**ADULT_ORAL, "route": "iv", "weight_kg": weight, "max_dose": True}
    )
    chosen = select(_blocks(STATES), frame, AskedWords(question))
    return " ".join(b.text for b in (*chosen.rows, *chosen.caveats))


def test_a_cap_for_patients_in_a_state_is_shown_only_to_such_a_patient() -> None:
    """ "Không được vượt quá 2 g/ngày ở người bệnh nghiện rượu …" after the under-50-kg row is
    not that weight band's: it is shown to a drinker of any weight, first, and to no one
    else (a light adult gets the band's row without it)."""
    assert "2 g/ngày" in _said("truyền X người nghiện rượu nặng 60 kg tối đa", 60)
    assert "2 g/ngày" in _said("truyền X người lớn nhịn đói kéo dài 45 kg", 45)
    plain_heavy = _said("truyền X người lớn nặng 60 kg tối đa", 60)
    assert "4 g/ngày" in plain_heavy and "2 g/ngày" not in plain_heavy
    plain_light = _said("truyền X người lớn nặng 45 kg", 45)
    assert "15 mg/kg" in plain_light and "2 g/ngày" not in plain_light
