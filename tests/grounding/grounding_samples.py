"""Hand-written evidence in the demo corpus style (our own words), shared by the grounding tests."""

from __future__ import annotations

from typing import Any

from core.evidence import Evidence
from core.frame import QueryFrame, Route
from core.sections import section_title

SOURCE = "duocthu-demo: dữ liệu minh họa, không dùng cho lâm sàng"

PARACETAMOL_DOSE = """Đường uống:
- Người lớn và trẻ em trên 12 tuổi: 500 mg – 1 000 mg mỗi lần, cách nhau 4–6 giờ; tối đa 4 g/ngày.
- Trẻ em 6–12 tuổi: 250–500 mg mỗi lần, cách nhau 4–6 giờ.
- Trẻ em 4–6 tuổi: 240 mg mỗi lần, cách nhau 4–6 giờ.
- Trẻ em dưới 3 tháng: 10 mg/kg mỗi lần, chỉ dùng khi có chỉ dẫn của thầy thuốc.
- Trẻ em theo cân nặng: 10–15 mg/kg mỗi lần, cách nhau 4–6 giờ, không quá 60 mg/kg/ngày.
- Không tự dùng quá 5 ngày khi chưa hỏi ý kiến thầy thuốc.
Đặt trực tràng:
- Người lớn: 500 mg – 1 000 mg mỗi lần, cách nhau 4–6 giờ.
- Trẻ em 4–6 tuổi: 250 mg mỗi lần, cách nhau 6 giờ.
- Trẻ em theo cân nặng: 15–20 mg/kg mỗi lần.
- Suy thận (ClCr < 30 ml/phút): các lần dùng cách nhau ít nhất 6 giờ."""

PARACETAMOL_TABLE = """| Cân nặng | Liều mỗi lần |
|---|---|
| 10–15 kg | 150 mg |
| 16–21 kg | 240 mg |"""

WARFARIN_INTERACTIONS = """- Aspirin: tăng nguy cơ chảy máu do cộng tác dụng chống kết tập tiểu cầu.
- Ibuprofen và các NSAID khác: tăng nguy cơ xuất huyết tiêu hóa.
- Metronidazol: ức chế chuyển hóa warfarin, làm tăng INR; cần giảm liều và theo dõi.
- Fluconazol: làm tăng tác dụng chống đông."""

ASPIRIN_INTERACTIONS = """- Warfarin: tăng nguy cơ chảy máu; tránh phối hợp nếu không có chỉ định.
- Methotrexat: aspirin làm giảm thải trừ methotrexat."""

PARACETAMOL_INTERACTIONS = """- Rượu: tăng nguy cơ độc với gan.
- Thuốc chống co giật (phenytoin, carbamazepin): tăng độc tính trên gan."""


def ev(
    drug_id: str,
    drug_name: str,
    section_key: str,
    text: str,
    *,
    part: int = 0,
    pages: tuple[int, int] = (101, 102),
    quarantined: bool = False,
) -> Evidence:
    return Evidence(
        text=text,
        drug_id=drug_id,
        drug_name=drug_name,
        section_key=section_key,
        section_title=section_title(section_key),
        chunk_id=f"{drug_id}__{section_key}__{part}",
        part_index=part,
        page_start=pages[0],
        page_end=pages[1],
        source=SOURCE,
        quarantined=quarantined,
    )


def dose_blocks(text: str) -> list[Any]:
    """The blocks of one dose section of a made-up drug "x"."""
    from grounding.blocks import parse_blocks

    return parse_blocks([(0, ev("x", "X", "lieu_luong_cach_dung", text))])


def adult_dose_frame(said: str, **patient: object) -> QueryFrame:
    """An adult's oral dose question on drug "x", with what they said and patient facts."""
    return QueryFrame.model_validate(
        {
            "turn_type": "dosing_calc",
            "drugs": ["x"],
            "population": "adult",
            "route": Route.ORAL,
            "standalone_query": said,
            "condition_words": said.lower(),
            "patient": patient or None,
        }
    )


def rows_shown(text: str, frame: QueryFrame, words: str = "") -> list[str]:
    """The headed rows the selection shows this frame from a dose section's text."""
    from grounding.asked import AskedWords
    from grounding.selection import select

    return [b.headed for b in select(dose_blocks(text), frame, AskedWords(words)).rows]
