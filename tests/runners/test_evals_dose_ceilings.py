"""runners/evals/dose_ceilings.py: the above-cap check reads the ceilings of the row's section."""

from __future__ import annotations

from core.evidence import Derivation, Evidence
from runners.evals.dose_ceilings import above_cap, section_caps

# A child's starting dose, a day's ceiling, then the maintenance per kg, in one paragraph.
HELD = (
    "*Co giật:*\n\nTrẻ em: khởi đầu 5 mg/kg/ngày, chia 2 lần. Tăng dần khi cần, tổng liều"
    " không được vượt 200 mg/ngày. Liều duy trì: 3 - 6 mg/kg/ngày, chia 2 lần."
)


def part(text: str) -> Evidence:
    return Evidence(text=text, drug_id="x", drug_name="X", section_key="lieu_luong_cach_dung",
                    section_title="Liều lượng và cách dùng", chunk_id="x-1")  # fmt: skip


def test_a_days_amount_past_the_paragraphs_ceiling_is_above_cap() -> None:
    """45 kg × 3–6 mg/kg/ngày shown as 135–270 mg with no cap is past the 200 mg a day said
    earlier in the row's paragraph: counted, though neither the row nor the line names it;
    held at 200 mg it is not."""
    section = [part(HELD)]
    shown = Derivation(quoted="3 - 6 mg/kg/ngày, chia 2 lần", weight_kg=45, result="135–270 mg")
    assert above_cap(shown, {}, [HELD], section)
    held = shown.model_copy(update={"result": "135–200 mg", "cap": "không được vượt 200 mg/ngày"})
    assert not above_cap(held, {}, [HELD], section)
    assert not above_cap(shown, {}, [HELD], [])  # without the section, nothing to read


def test_a_ceiling_in_another_paragraph_or_band_is_not_the_rows() -> None:
    """A ceiling past a line break, or of another band's row run into the paragraph, does
    not hold the row."""
    apart = HELD.replace("ngày. Liều duy trì", "ngày.\n\nLiều duy trì")
    shown = Derivation(quoted="3 - 6 mg/kg/ngày, chia 2 lần", weight_kg=45, result="135–270 mg")
    assert not above_cap(shown, {}, [apart], [part(apart)])
    bands = (
        "Trẻ dưới 1 tháng: 8 mg/kg/ngày, tối đa 24 mg/ngày. "
        "Trẻ em cân nặng 10 - 20 kg: 10 mg/kg/ngày, chia 2 lần."
    )
    assert [c.after + c.paragraph for c in section_caps("10 mg/kg/ngày", [part(bands)])] == [()]
