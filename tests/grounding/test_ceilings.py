"""Tests for grounding/ceilings.py: a day's maximum worked out from the book's per-kg ceiling."""

from __future__ import annotations

from grounding_samples import ev

from grounding.bands import Bands
from grounding.blocks import parse_blocks
from grounding.ceilings import day_ceiling_claims, held_caps, paragraph_day_caps
from grounding.claim_check import check_claim
from grounding.derivation import verify


def anyone(_: Bands) -> bool:
    return True


def test_a_per_kg_ceiling_of_a_day_times_the_weight() -> None:
    """'không quá 60 mg/kg/ngày' for 16 kg: at most 960 mg a day, and it rechecks."""
    row = "Theo cân nặng: 10–15 mg/kg mỗi lần, cách nhau 4–6 giờ; không quá 60 mg/kg/ngày."
    [claim] = day_ceiling_claims(row, 16, 0, anyone)
    assert claim.text == "Tối đa mỗi ngày: 16 kg × 60 mg/kg/ngày = 960 mg mỗi ngày"
    assert claim.derivation is not None
    assert check_claim(claim.text, claim.derivation, [row], weight_kg=16) == []


def test_the_ceiling_in_mg_of_the_same_row_holds_it() -> None:
    """'tối đa 90 mg/kg/24 giờ (tối đa 4 g/24 giờ)' for 46 kg: 4 140 mg held at 4 g."""
    row = (
        "Trẻ 6 - 12 tuổi: 15 - 20 mg/kg cách 4 - 6 giờ/lần; "
        "tối đa 90 mg/kg/24 giờ (tối đa 4 g/24 giờ)."
    )
    [claim] = day_ceiling_claims(row, 46, 0, anyone)
    assert claim.text.endswith("tối đa 4 g/24 giờ → 4 g mỗi ngày")
    assert claim.derivation is not None and claim.derivation.cap == "tối đa 4 g/24 giờ"
    assert verify(claim.derivation) == []


def test_no_ceiling_for_a_patient_outside_its_clause_nor_from_a_dose_cap() -> None:
    """A cap per dose gives no day's maximum; of two bands' ceilings in one row, only the
    clause of the patient's band (a 12½-year-old) gives one."""
    assert day_ceiling_claims("Trẻ em: 10 mg/kg mỗi lần; tối đa 1 g mỗi lần.", 20, 0, anyone) == []
    row = (
        "Trẻ dưới 6 tuổi: 10 mg/kg mỗi lần, không quá 40 mg/kg/ngày; "
        "trẻ trên 12 tuổi: 15 mg/kg mỗi lần, không quá 60 mg/kg/ngày."
    )

    def older(bands: Bands) -> bool:
        return bands.age is None or bands.age.contains(150.0)

    [claim] = day_ceiling_claims(row, 40, 0, older)
    assert claim.text.endswith("40 kg × 60 mg/kg/ngày = 2 400 mg mỗi ngày")


def test_an_adult_ceiling_in_words_is_recognised() -> None:
    """'không được vượt liều người lớn' and 'không vượt quá liều người lớn' are ceilings said
    in words (the amounts module quotes such a row and works nothing out); 'người lớn' alone
    is not."""
    from core.text import fold
    from grounding.ceilings import ADULT_CEILING

    assert ADULT_CEILING.search(fold("50 mg/kg (không được vượt liều người lớn)"))
    assert ADULT_CEILING.search(fold("không vượt quá liều người lớn"))
    assert not ADULT_CEILING.search(fold("Người lớn: 2 g"))


def test_another_bands_ceiling_earlier_in_the_paragraph_is_not_the_rows() -> None:
    """Band rows run together in one paragraph: the under-10 kg row is not held at the
    premature babies' ceiling printed before it; an unbanded maintenance row still is held
    at its own band's ceiling said before it."""
    text = (
        "Trẻ sinh non trên 30 tuần tuổi thai: 5 mg/kg mỗi 8 giờ, tối đa 15 mg/kg/24 giờ. "
        "Trẻ dưới 1 tháng: 8 mg/kg mỗi 8 giờ, tối đa 24 mg/kg/24 giờ. "
        "Trẻ em cân nặng < 10 kg: 10 mg/kg mỗi 6 giờ; tối đa 30 mg/kg/24 giờ."
    )
    blocks = parse_blocks([(0, ev("x", "X", "lieu_luong_cach_dung", text))])
    for band in ("Trẻ dưới 1 tháng", "Trẻ em cân nặng"):
        [row] = [b for b in blocks if b.text.startswith(band)]
        assert paragraph_day_caps(blocks, row) == [], band
    held = (
        "Trẻ em: khởi đầu 5 mg/kg/ngày, chia 2 lần. Tăng dần khi cần, tổng liều không được"
        " vượt 200 mg/ngày. Liều duy trì: 3 - 6 mg/kg/ngày, chia 2 lần."
    )
    blocks = parse_blocks([(0, ev("x", "X", "lieu_luong_cach_dung", held))])
    [row] = [b for b in blocks if b.text.startswith("Liều duy trì")]
    assert [c.quoted for c in paragraph_day_caps(blocks, row)] == ["không được vượt 200 mg/ngày"]


def test_a_dose_held_at_the_starting_dose_takes_the_patients_band_amount() -> None:
    """'… nhưng không quá liều khởi đầu' holds a maintenance figure at the one per-dose
    amount ("2 mg / lần") of the starting row whose band holds the patient; other words
    after the figure hold it at nothing."""
    text = (
        "Trẻ 2 - 6 tuổi: 1 mg/lần, 2 lần/ngày.\n\nTrẻ 6 - 12 tuổi: 2 mg / lần, 2 lần/ngày.\n\n"
        "Liều duy trì: 0,1 mg/kg/lần, nhưng không quá liều khởi đầu."
    )
    blocks = parse_blocks([(0, ev("x", "X", "lieu_luong_cach_dung", text))])
    [row] = [b for b in blocks if b.text.startswith("Liều duy trì")]

    def older(bands: Bands) -> bool:
        return bands.age is not None and bands.age.lo >= 72

    held = held_caps(blocks, row, "nhung khong duoc qua lieu khoi dau", older)
    assert [c.quoted for c in held or []] == ["Trẻ 6 - 12 tuổi: 2 mg"]
    assert held_caps(blocks, row, "nhung khong qua lieu thuong dung", older) == []


def test_a_day_ceiling_of_the_section_around_the_row_holds_it() -> None:
    """'không quá 40 mg/kg/ngày' for 20 kg, with 'không vượt quá 30 mg/kg/ngày' said for the
    same heads: held at 600 mg, as the row's own day amounts are (no amount past a ceiling)."""
    from grounding.derivation import caps_in

    row = "Theo cân nặng: 10 mg/kg mỗi lần, cách nhau 6–8 giờ; không quá 40 mg/kg/ngày."
    around = caps_in("Các liều không vượt quá 30 mg/kg/ngày.")
    [claim] = day_ceiling_claims(row, 20, 0, anyone, around)
    assert claim.text.endswith("→ 600 mg mỗi ngày")
    [free] = day_ceiling_claims(row, 20, 0, anyone)
    assert free.text.endswith("= 800 mg mỗi ngày")
