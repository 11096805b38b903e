"""Tests for grounding/bands.py: the book's band phrasings read as age, weight and ClCr bands."""

from __future__ import annotations

import math

import pytest

from grounding.bands import parse_bands
from grounding.block import Reading
from grounding.patient_bands import patient_bands, trailing_bands

# (phrase, patient value, inside?) — ages in months, weights in kg, clearance in ml/phút.
AGE_CASES = [
    ("Trẻ em 2 - 4 tuổi", 36, True),
    ("Trẻ em 2 - 4 tuổi", 70, False),
    ("1 - 3 tháng tuổi", 2, True),
    ("Trẻ em 6 tháng - 2 tuổi", 12, True),
    ("trên 12 tuổi", 144, False),
    ("trên 12 tuổi", 156, True),
    ("Bệnh nhân 17 tuổi trở lên", 210, True),
    ("Trẻ em dưới 15 tuổi", 120, True),
    ("Trẻ em từ ba tháng đến 12 tuổi", 60, True),
    ("(trên hoặc bằng 2 tuổi)", 24, True),
    ("Trẻ sơ sinh trên 8 ngày tuổi và trẻ em dưới 3 tháng tuổi", 5, False),
    # Mixed units, "tuổi" after the lower end too: the upper end is kept.
    ("Trẻ từ 1 tháng tuổi đến 5 tuổi", 24, True),
    ("Trẻ từ 1 tháng tuổi đến 5 tuổi", 96, False),
    ("từ 12 tháng tuổi - 10 tuổi", 132, False),
    ("Trẻ em trên 3 tháng tuổi đến 12 tuổi", 3, False),
    ("Trẻ em trên 3 tháng tuổi đến 12 tuổi", 170, False),
    ("trẻ từ 29 ngày đến 2 tuổi", 0.5, False),
    ("trẻ từ 29 ngày đến 2 tuổi", 12, True),
    # "2 - dưới 6 tuổi": the upper end is strict.
    ("Trẻ từ 2 - dưới 6 tuổi", 30, True),
    ("Trẻ từ 2 - dưới 6 tuổi", 72, False),
    # ≥ typeset as TeX in some extracts.
    ("Trẻ em  $\\geq$  6 tuổi", 72, True),
    ("Trẻ em  $\\geq$  6 tuổi", 60, False),
    # An open end said after the number.
    ("Trẻ em 1 tuổi và lớn hơn", 18, True),
    ("Trẻ em 1 tuổi và lớn hơn", 6, False),
    ("Trẻ 10 tuổi hoặc lớn hơn", 130, True),
    # "cho tới / đến N tuổi": an upper end with the whole last year.
    ("Trẻ em cho tới 2 tuổi", 20, True),
    ("Trẻ em cho tới 2 tuổi", 40, False),
    ("Trẻ nhỏ tới 1 tuổi", 6, True),
    ("Trẻ em, từ sơ sinh đến 12 tuổi", 100, True),
    ("Trẻ em, từ sơ sinh đến 12 tuổi", 160, False),
    ("Trẻ sơ sinh cho đến 7 ngày tuổi", 0.1, True),
    ("Trẻ sơ sinh cho đến 7 ngày tuổi", 0.5, False),
    ("trước 65 tuổi", 700, True),
    ("trước 65 tuổi", 790, False),
    # The first weeks of life: from birth to before the number; "3 tuần đầu" alone is a time.
    ("3 tuần đầu sau khi sinh", 0.5, True),
    ("3 tuần đầu sau khi sinh", 0.8, False),
    ("10 ngày đầu tiên sau sinh", 0.2, True),
    # Phrasings already read, kept as they are.
    ("Trẻ em từ 12 tuổi trở lên", 144, True),
    ("Trẻ em ≥ 12 tuổi", 144, True),
    ("trẻ 1 - 12 tháng", 6, True),
    ("Người cao tuổi (trên 65 tuổi)", 800, True),
    ("Người cao tuổi (> 65 tuổi)", 700, False),
    ("Ở người > 50 tuổi", 780, True),
]


@pytest.mark.parametrize(("phrase", "months", "inside"), AGE_CASES)
def test_age_bands(phrase: str, months: float, inside: bool) -> None:
    """An age phrase becomes a band that contains exactly the ages it names."""
    band = parse_bands(phrase).age
    assert band is not None
    assert band.contains(months) is inside


@pytest.mark.parametrize(
    ("phrase", "kg", "inside"),
    [
        ("cân nặng 10 - 50 kg", 14, True),
        ("< 10 kg", 12, False),
        ("> 50 kg", 60, True),
        ("Trẻ cân nặng đến 35 kg", 35, True),
        ("Trẻ cân nặng đến 35 kg", 37, False),
        ("cân nặng 60 kg hoặc nhẹ hơn", 60, True),
        ("cân nặng 60 kg hoặc nhẹ hơn", 61, False),
        ("Từ 5 đến < 10 kg", 7, True),
        ("Từ 5 đến < 10 kg", 10, False),
        ("Từ 5 đến < 10 kg", 4, False),
        ("trẻ nặng nhỏ hơn 20 kg", 15, True),
    ],
)
def test_weight_bands(phrase: str, kg: float, inside: bool) -> None:
    """A weight phrase becomes a band in kilograms."""
    band = parse_bands(phrase).weight
    assert band is not None
    assert band.contains(kg) is inside


@pytest.mark.parametrize(
    ("phrase", "clcr", "inside"),
    [
        ("ClCr 10 - 50 ml/phút", 20, True),
        ("Clcr ≤ 30 ml/phút", 30, True),
        ("> 30 ml/phút", 20, False),
        # "nhỏ hơn", "ít hơn" are below, never above ("hơn" alone is above).
        ("độ thanh thải creatinin nhỏ hơn 10 ml/phút", 5, True),
        ("độ thanh thải creatinin nhỏ hơn 10 ml/phút", 20, False),
        ("độ thanh thải ít hơn 30 ml/phút", 40, False),
        ("độ thanh thải creatinin bằng hoặc dưới 40 ml/phút", 40, True),
        ("tốc độ lọc cầu thận trên 50 ml/phút", 60, True),
    ],
)
def test_clearance_bands(phrase: str, clcr: float, inside: bool) -> None:
    """A creatinine-clearance phrase becomes a band in ml/phút, ends as printed."""
    band = parse_bands(phrase).clearance
    assert band is not None
    assert band.contains(clcr) is inside


def test_the_first_weeks_without_after_birth_are_a_time() -> None:
    """ "trong 3 tuần đầu" says how long, not how old: no age band."""
    assert parse_bands("trong 3 tuần đầu").age is None


def test_gestational_age_is_a_newborn_band() -> None:
    """ "Sơ sinh 28 - 32 tuần chỉnh theo tuổi thai" is a newborn row, weeks kept apart."""
    bands = parse_bands("Sơ sinh 28 - 32 tuần chỉnh theo tuổi thai")
    assert bands.age is not None and bands.age.hi <= 1
    assert bands.gestation_weeks is not None and bands.gestation_weeks.lo == pytest.approx(28)


def test_adult_cross_reference() -> None:
    """ "> 50 kg: Dùng liều như người lớn" is a weight band that sends to the adult dose."""
    bands = parse_bands("Trẻ em cân nặng > 50 kg: Dùng liều như người lớn")
    assert bands.adult_like
    assert bands.weight is not None and bands.weight.hi == math.inf


def test_durations_are_not_ages() -> None:
    """ "trong 5 - 7 ngày", "sau 2 - 3 tháng", "cách 1 - 2 tháng" are course lengths, not ages."""
    assert parse_bands("uống trong 5 - 7 ngày").age is None
    assert parse_bands("Đánh giá lại sau 2 - 3 tháng điều trị.").age is None
    assert parse_bands("tiêm bắp cách 1 - 2 tháng một lần").age is None
    assert parse_bands("dùng đến 6 tháng").age is None


def test_infusion_rates_are_not_clearances() -> None:
    """ "tốc độ truyền 1 - 3 ml/phút" and "0,2 g/phút (2 - 4 ml/phút)" are rates, no ClCr."""
    assert parse_bands("Tốc độ truyền là 1 - 3 ml/phút.").clearance is None
    assert parse_bands("truyền 0,2 - 0,4 g/phút (2 - 4 ml/phút)").clearance is None


def test_postnatal_weeks_of_a_preterm_baby_are_its_age() -> None:
    """ "thiếu tháng dưới 2 tuần tuổi" is a baby under two weeks old, not a gestational band."""
    bands = parse_bands("Trẻ sơ sinh đủ tháng và thiếu tháng dưới 2 tuần tuổi")
    assert bands.gestation_weeks is None
    assert bands.age is not None and bands.age.contains(0.3) and not bands.age.contains(0.6)
    assert parse_bands("Trẻ đẻ non 30 - 34 tuần").gestation_weeks is not None


@pytest.mark.parametrize(
    ("phrase", "adult_like"),
    [
        ("Trẻ em từ 20 kg trở lên: dùng liều như của người lớn.", True),
        ("Trên 45 kg: điều trị như người lớn.", True),
        ("Trẻ em trên 50 kg: dùng liều tương tự người lớn.", True),
        ("Trên 2 tuổi: giống như người lớn.", True),
        ("Trẻ em: giống liều người lớn.", True),
        ("Trẻ em > 40 kg: liều giống như người lớn.", True),
        ("Dưới 2 tuổi: dùng ½ liều người lớn.", False),
        ("Trẻ em < 10 tuổi: uống nửa liều người lớn.", False),
        ("Không được dùng liều cao hơn của người lớn.", False),
        ("Theo dõi INR tương tự như ở người lớn.", False),
        ("Liều tính theo cân nặng như của người lớn.", False),
    ],
)
def test_adult_cross_references(phrase: str, adult_like: bool) -> None:
    """The book's ways of sending a row to the adult dose, and look-alikes that do not."""
    assert parse_bands(phrase).adult_like is adult_like


def test_age_or_weight_is_marked_either() -> None:
    """An age band and a weight band joined by "hoặc" admit a patient by either one."""
    assert parse_bands("Trẻ dưới 3 tháng tuổi hoặc cân nặng dưới 5 kg").either
    assert not parse_bands("Trẻ 3 - 6 tháng tuổi (cân nặng từ 5 kg)").either


def test_symbol_font_signs_and_high_first_ranges_are_clearance_bands() -> None:
    """'TTC ³ 50 ml/phút', 'TTC £ 10 ml/phút' (≥, ≤ as extracted) and '49 - 20 ml/phút'."""
    up = parse_bands("TTC ³ 50 ml/phút").clearance
    down = parse_bands("TTC £ 10 ml/phút").clearance
    mid = parse_bands("TTC là 49 - 20 ml/phút").clearance
    assert up is not None and up.contains(60) and not up.contains(40)
    assert down is not None and down.contains(5) and down.contains(10) and not down.contains(12)
    assert mid is not None and mid.contains(30) and not mid.contains(5)


def test_inr_bands_are_read_from_a_paragraph_head() -> None:
    """'INR > 4 nhưng < 8: …' is the band 4–8; doses after the colon are not bounds."""
    band = Reading("Nếu INR > 4 nhưng < 8: cho uống 2 mg").inr
    assert band is not None and band.contains(6.0) and not band.contains(9.0)
    below = Reading("INR cao hơn đích điều trị nhưng dưới 4: bỏ một liều").inr
    assert below is not None and below.contains(3.0) and not below.contains(6.0)
    assert Reading("Theo dõi INR mỗi ngày.").inr is None


def test_patient_bands_read_a_person_and_a_band_list() -> None:
    """ "Ở người > 50 tuổi, …" is an age band; a list of bands is read whole."""
    older = patient_bands(
        "Ở người > 50 tuổi, có bệnh tim, nên bắt đầu với liều thấp: 10 - 20 microgam/ngày."
    )
    assert older.age is not None and older.age.contains(780) and not older.age.contains(480)
    listed = patient_bands(
        "Liều khởi đầu 0,1 mg/kg/ngày, trong 3 ngày đầu, cho trẻ < 6 tháng tuổi, "
        "6 tháng tuổi - 5 tuổi và 6 - 16 tuổi."
    )
    assert listed.age is not None
    assert listed.age.contains(8) and listed.age.contains(180) and not listed.age.contains(210)


def test_patient_bands_keep_the_row_a_sentence_opens() -> None:
    """A sentence that opens with its patient is that patient's row; later rows do not widen it."""
    bands = patient_bands(
        "Trẻ dưới 3 tuổi uống 100 mg mỗi ngày và trẻ từ 3 đến 8 tuổi uống 200 mg."
    )
    assert bands.age is not None and bands.age.contains(24) and not bands.age.contains(60)
    assert patient_bands("Trẻ sơ sinh: 5 mg/kg mỗi ngày.").age == parse_bands("Trẻ sơ sinh").age
    assert patient_bands("Không dùng cho trẻ em và trẻ sơ sinh.").age is None


def test_patient_bands_skip_remarks_and_figures_of_no_one() -> None:
    """A maximum in parentheses is no second row; a figure in kg without a patient is no band."""
    up = patient_bands("Dùng 20 mg/kg (tối đa 300 mg) mỗi ngày cho trẻ từ 2 tuổi trở lên.")
    assert up.age is not None and up.age.contains(30) and not up.age.contains(20)
    assert patient_bands("Uống 40 mg/ngày (20 mg cho người dưới 50 kg).").weight is None
    assert patient_bands("Cần giảm cân từ từ mỗi tuần 0,5 - 1 kg.").weight is None


def test_trailing_bands_are_the_bands_after_a_dose() -> None:
    """A labelled row whose patients follow its dose gets their band; split courses do not."""
    bands = trailing_bands(
        "Liều duy trì: 0,1 mg/kg/ngày, trong 2 ngày đầu cho trẻ < 6 tháng tuổi, "
        "6 tháng tuổi - 5 tuổi và 6 - 16 tuổi."
    )
    assert bands.age is not None and bands.age.contains(8) and not bands.age.contains(210)
    courses = trailing_bands(
        "Viêm xoang: 80 mg/kg/ngày, uống trong 10 ngày với trẻ dưới 6 tuổi bị nặng "
        "hoặc trong 7 ngày với trẻ trên 6 tuổi."
    )
    assert courses.is_empty


def test_trailing_bands_leave_rows_that_name_other_patients() -> None:
    """Bands before the dose, or after a second dose, belong to other rows of the sentence."""
    assert trailing_bands(
        "Hoặc dùng: Trẻ 1 - 12 tháng uống 50 mg; trẻ 1 - 5 tuổi uống 100 mg."
    ).is_empty
    assert trailing_bands(
        "Nhồi máu: tổng liều 90 mg; tổng liều 1,2 mg/kg cho người cân nặng dưới 60 kg."
    ).is_empty


def test_patient_bands_of_a_sentence_listing_a_dose_for_each_band() -> None:
    """ "… tới 20 mg cho người dưới 70 kg hoặc 40 mg cho người trên 70 kg": each dose with its
    own band after it; the sentence is for the patients of both bands."""
    both = patient_bands(
        "Liều có thể tăng dần tới tối đa 20 mg, ngày 2 lần, đối với người cân nặng dưới 70 kg "
        "hoặc 40 mg, ngày 2 lần, đối với người cân nặng trên 70 kg."
    )
    assert both.weight is not None and both.weight.contains(60) and both.weight.contains(90)
    one = patient_bands("Dùng 20 mg, ngày 2 lần, đối với người cân nặng dưới 70 kg.")
    assert one.weight is not None and not one.weight.contains(90)
