"""Tests for grounding/interactions.compact: a pair's answer over its room leaves out a line
another says word for word, then a long list naming the partner among many."""

from __future__ import annotations

from core.evidence import Claim, Evidence
from grounding.interactions import compact

WHY = Claim(text="Dùng đồng thời với thuốc B (nguy cơ tổn thương cơ).", citations=(0,))
ADVICE = Claim(
    text="Nếu phải dùng thuốc A thì tạm ngừng thuốc B trong suốt đợt điều trị.", citations=(1,)
)
AGAIN = Claim(text="tạm ngừng thuốc B trong đợt điều trị.", citations=(2,))
LIST = Claim(
    text="Dùng cùng thuốc ức chế mạnh: chất một, chất hai, chất ba, thuốc A, chất năm, chất sáu.",
    citations=(3,),
)


def _room(claims: list[Claim]) -> int:
    return sum(len(c.text) + 1 for c in claims) - 1


def test_a_line_said_again_goes_first() -> None:
    """Over the room by a little: the line another says word for word is left out."""
    claims = [WHY, ADVICE, AGAIN]
    assert compact(claims, _room(claims)) == [WHY, ADVICE]


def test_then_a_long_list_goes() -> None:
    """Still over: the list naming the partner among many goes; the pair's lines stay."""
    claims = [LIST, WHY, ADVICE, AGAIN]
    room = _room([WHY, ADVICE]) + 1
    assert compact(claims, room) == [WHY, ADVICE]


def test_nothing_goes_when_the_lines_fit() -> None:
    """Within the room every line stays, repeats and lists too."""
    claims = [LIST, WHY, ADVICE, AGAIN]
    assert compact(claims, _room(claims) + 1) == claims


def test_a_list_alone_stays() -> None:
    """The only line is never left out, however long."""
    assert compact([LIST], 10) == [LIST]


def test_each_side_keeps_its_only_line() -> None:
    """A repeat that is the only line of the other drug's own text stays: both sides cited."""
    evidence = [
        Evidence(
            text=c.text,
            drug_id=drug,
            drug_name=drug,
            section_key="tuong_tac_thuoc",
            section_title="Tương tác thuốc",
            chunk_id=f"{drug}-{n}",
        )
        for n, (c, drug) in enumerate(((WHY, "a"), (ADVICE, "a"), (AGAIN, "b")))
    ]
    claims = [WHY, ADVICE, AGAIN]
    assert compact(claims, _room(claims), evidence) == claims
