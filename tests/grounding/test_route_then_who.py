"""Tests for grounding/heads.py: a label that opens with its route, then says whom it is for
("Dùng hỗn dịch trực tràng, người lớn và trẻ trên 12 kg:"), and grounding/special_patients.py:
that weight threshold by one route leaves the children's row by another route."""

from __future__ import annotations

from asked_frames import understood
from grounding_samples import ev

from core.frame import QueryFrame, Route
from grounding.asked import AskedWords
from grounding.blocks import parse_blocks
from grounding.heads import HeadKind, Who, classify_head
from grounding.selection import select

# Our own text, in the book's shape: an indication head, a route-and-people label, then the
# injection rows for adults and for children.
SEIZURES = (
    "*Lo âu:* Uống: Người lớn 2 mg/lần, 3 lần/ngày.\n\n"
    "*Cơn co giật kéo dài, co giật do sốt*: Dùng hỗn dịch trực tràng, người lớn và trẻ em "
    "trên 12 kg: 400 microgam/kg thể trọng, có thể nhắc lại sau 12 giờ. Đường tiêm tĩnh mạch "
    "5 - 10 mg, nhắc lại sau 30 phút nếu cần. Trẻ em: 150 - 250 microgam/kg thể trọng.\n\n"
    "*Co giật do ngộ độc strychnin*: Người lớn và trẻ em 80 - 200 microgam/kg, tiêm tĩnh mạch "
    "cứ 2 giờ một lần."
)


def test_a_route_then_whom_label_is_read_as_whom_by_that_route() -> None:
    head = classify_head("Dùng hỗn dịch trực tràng, người lớn và trẻ em trên 12 kg", 0)
    assert head.kind is HeadKind.WHO
    assert head.who is Who.ADULT
    assert head.routes == (Route.RECTAL,)


def test_an_indication_head_is_still_an_indication() -> None:
    assert classify_head("Cơn co giật kéo dài, co giật do sốt", 0).kind is HeadKind.IND


def test_the_child_past_the_rectal_threshold_keeps_the_childrens_injection_row() -> None:
    question = "bé 4 tuổi 15 kg đang co giật ở trạm y tế, tiêm tĩnh mạch X bao nhiêu"
    frame = understood(
        QueryFrame.model_validate(
            {
                "turn_type": "dosing_calc",
                "drugs": ["x"],
                "population": "child",
                "age_months": 48,
                "weight_kg": 15,
                "route": "iv",
                "standalone_query": question,
            }
        )
    )
    blocks = parse_blocks([(0, ev("x", "X", "lieu_luong_cach_dung", SEIZURES))])
    rows = [b.text for b in select(blocks, frame, AskedWords(question)).rows]
    assert any("150 - 250 microgam/kg" in r for r in rows)
    assert not any("strychnin" in r for r in rows)
