"""Tests for understanding/slots.py: age, weight, population, route, patient."""

from __future__ import annotations

import pytest

from core.frame import PatientContext, Population, QueryFrame, Route
from understanding.slots import (
    read_age,
    read_patient,
    read_population,
    read_route,
    read_weight,
    says_oral,
)
from understanding.text import Turn


@pytest.mark.parametrize(
    ("text", "months"),
    [
        ("5 tuổi", 60),
        ("18 tháng", 18),
        ("bé 3t", 36),
        ("2 tuổi rưỡi", 30),
        ("2 tuoi ruoi", 30),
        ("1 tuổi 2 tháng", 14),
        ("6 tháng tuổi", 6),
        ("ba tuổi", 36),
        ("a 4 year old", 48),
        ("bé 4 tủi nặng 15 cân", 48),
        ("be 5 tuoj", 60),
        ("con út nhà mình mới 9 tháng", 9),
        ("bé sinh non được 14 ngày", 0.46),
    ],
)
def test_ages_in_months(text: str, months: float) -> None:
    """Years, months, half years and word numbers all become months."""
    age = read_age(Turn.of(text))
    assert age is not None and age.months == months


def test_age_text_quotes_the_user() -> None:
    """age_text is the original (accented) phrase."""
    age = read_age(Turn.of("Bé 2 tuổi rưỡi"))
    assert age is not None and age.text == "2 tuổi rưỡi"


@pytest.mark.parametrize(
    "text",
    [
        "mang thai 3 tháng đầu",
        "uống trong 3 tháng",
        "enalapril bắt đầu liều",
        "200 tuổi",
        "4 tụi nhỏ nhà em bị ho",
        "ba tui bi ho",
        "Trẻ sơ sinh 35 tuần tuổi thai đã hiệu chỉnh, nặng 2,4 kg",
        "bé sơ sinh 30 tuần thai",
    ],
)
def test_not_an_age(text: str) -> None:
    """Pregnancy months, durations, 'bắt đầu', weeks of a pregnancy ('35 tuần tuổi thai') and
    impossible ages are not the patient's age."""
    assert read_age(Turn.of(text)) is None


@pytest.mark.parametrize(
    ("text", "kg"),
    [
        ("18 kg", 18),
        ("18 ký", 18),
        ("18 cân", 18),
        ("18kg", 18),
        ("12,5 kg", 12.5),
        ("nặng 16", 16),
        ("cân nặng: 20", 20),
    ],
)
def test_weights(text: str, kg: float) -> None:
    """kg, ký, cân, no space, decimal comma and 'nặng N' are weights."""
    assert read_weight(Turn.of(text)) == kg


@pytest.mark.parametrize("text", ["10 mg/kg", "500 kg", "viên nang 500 mg", "nặng 5 tuổi"])
def test_not_a_weight(text: str) -> None:
    """mg/kg doses, impossible weights and other units are not body weights."""
    assert read_weight(Turn.of(text)) is None


@pytest.mark.parametrize(
    ("text", "population"),
    [
        ("trẻ em", Population.CHILD),
        ("con tôi", Population.CHILD),
        ("tre so sinh", Population.CHILD),
        ("người lớn", Population.ADULT),
        ("mẹ tôi", Population.ADULT),
        ("Anh BN 80kg hội chứng vành cấp", Population.ADULT),
        ("chị bệnh nhân 50kg hóa trị", Population.ADULT),
        ("be doi vien thuoc", None),
        ("người lớn và trẻ em", None),
    ],
)
def test_population_words(text: str, population: Population | None) -> None:
    """Child and adult words; 'bẻ đôi' is not a child; both at once decide nothing."""
    assert read_population(Turn.of(text), None, None) is population


def test_age_and_weight_imply_population() -> None:
    """A stated age decides; a child's weight alone implies a child."""
    turn = Turn.of("con trai tôi")
    assert read_population(turn, 20 * 12, None) is Population.ADULT
    assert read_population(Turn.of("nặng 18 kg"), None, 18) is Population.CHILD


@pytest.mark.parametrize(
    ("text", "route"),
    [
        ("đặt hậu môn", Route.RECTAL),
        ("nhet hau mon", Route.RECTAL),
        ("paracetamol viên đạn cho bé", Route.RECTAL),
        ("tiêm tĩnh mạch", Route.IV),
        ("heparin bolus 60 đơn vị/kg", Route.IV),
        ("0,1mg/kg TM chậm", Route.IV),
        ("tiêm bắp", Route.IM),
        ("tiêm dưới da", Route.SC),
        ("bôi ngoài da", Route.TOPICAL),
        ("nhỏ mắt", Route.OPHTHALMIC),
        ("xịt", Route.INHALED),
        ("ngậm dưới lưỡi", Route.SUBLINGUAL),
        ("dạng uống", Route.ORAL),
    ],
)
def test_routes(text: str, route: Route) -> None:
    """Each named route maps to its Route value."""
    assert read_route(Turn.of(text)) is route


@pytest.mark.parametrize(
    "text",
    ["thận trọng khi dùng digoxin", "bởi vì", "huyết khối tĩnh mạch sâu", "đang uống digoxin"],
)
def test_route_decoys(text: str) -> None:
    """'khi dùng', 'bởi', a condition with 'tĩnh mạch' and 'đang uống' name no route."""
    assert read_route(Turn.of(text)) is None


def test_bare_drink_is_oral_only_as_a_flag() -> None:
    """The verb 'uống' is reported separately; rules decide when it means the oral route."""
    assert says_oral(Turn.of("uống bao nhiêu")) and read_route(Turn.of("uống")) is None


def test_patient_facts() -> None:
    """Pregnancy trimester, breastfeeding, renal eGFR, hepatic and allergies are read."""
    p = read_patient(Turn.of("bà bầu 3 tháng cuối, suy thận eGFR 25, dị ứng penicilin"))
    assert p is not None
    assert (p.pregnant, p.pregnancy_trimester, p.renal_impairment, p.egfr) == (True, 3, True, 25)
    assert p.allergies == ["penicilin"]
    q = read_patient(Turn.of("đang cho con bú, bị xơ gan"))
    assert q is not None and q.breastfeeding and q.hepatic_impairment


def test_allergic_rhinitis_is_not_an_allergy() -> None:
    """'viêm mũi dị ứng' is a condition, not a patient allergy."""
    assert read_patient(Turn.of("viêm mũi dị ứng")) is None


@pytest.mark.parametrize(
    "text",
    ["bệnh nhân chạy thận nhân tạo", "người bệnh lọc máu định kỳ", "đang thẩm phân phúc mạc"],
)
def test_dialysis_is_a_renal_fact(text: str) -> None:
    """Dialysis sets renal impairment and the dialysis flag of the patient."""
    patient = read_patient(Turn.of(text))
    assert patient is not None and patient.renal_impairment and patient.dialysis


def test_dialysis_is_not_in_the_contract_view() -> None:
    """The dialysis flag is engine-facing: the HTTP frame view keeps its keys."""
    view = QueryFrame(patient=PatientContext(renal_impairment=True, dialysis=True)).contract_view()
    assert "dialysis" not in view["patient"] and view["patient"]["renal_impairment"] is True
