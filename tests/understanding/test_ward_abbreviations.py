"""A ward's abbreviations for a clearance or a route ("CrCl 25", "ĐTCr 28", "MLCT 40", "TTM")
are patient facts and orders, never the name of a medicine the formulary lacks: the refusal
for an unknown drug names only the drug."""

from __future__ import annotations

import pytest

from understanding.rules import RulesUnderstander


@pytest.mark.parametrize(
    "text",
    [
        "bệnh nhân CrCl 25 ml/phút dùng abcxyzmycin liều bao nhiêu",
        "bn nam 70 tuổi, ĐTCr 28, dùng abcxyzmycin được không",
        "MLCT còn 40, thuốc abcxyzmycin có phải giảm liều",
        "y lệnh thuốc abcxyzmycin TTM, GFR 35 thì chỉnh liều sao",
    ],
)
def test_a_clearance_or_route_abbreviation_is_no_unknown_drug(
    understander: RulesUnderstander, text: str
) -> None:
    frame = understander.parse(text)
    assert frame.unknown_drugs == ["abcxyzmycin"]
