"""Tests for grounding/heads.py: a label that opens with its route, then says whom it is for
("Đặt trực tràng, người lớn và trẻ em nặng trên 12 kg:"), and grounding/special_patients.py:
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
    "*Mất ngủ:* Uống: người lớn 3 mg trước khi ngủ.\n\n"
    "*Co giật kéo dài*: Đặt trực tràng, người lớn và trẻ em nặng trên 12 kg: 400 microgam/kg, "
    "lặp lại sau 12 giờ nếu cần. Tiêm tĩnh mạch 5 - 10 mg, lặp lại sau 30 phút nếu còn "
    "giật. Trẻ em: 150 - 250 microgam/kg.\n\n"
    "*Co giật do ngộ độc strychnin*: Người lớn và trẻ em tiêm tĩnh mạch 80 - 200 microgam/kg, "
    "mỗi 2 giờ."
)


def test_a_route_then_whom_label_is_read_as_whom_by_that_route() -> None:
    head = classify_head("Đặt trực tràng, người lớn và trẻ em nặng trên 12 kg", 0)
    assert head.kind is HeadKind.WHO
    assert head.who is Who.ADULT
    assert head.routes == (Route.RECTAL,)


def test_an_indication_head_is_still_an_indication() -> None:
    assert classify_head("Co giật kéo dài, co giật khi sốt cao", 0).kind is HeadKind.IND


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
