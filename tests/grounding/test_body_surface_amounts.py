"""Doses per m² of a stated body surface (issue 23): worked out like the per-kg ones, capped
as the book says, and rechecked by the numeric check through their derivation."""

from __future__ import annotations

from decimal import Decimal

import pytest
from asked_frames import understood
from grounding_samples import ev
from pydantic import ValidationError

from core.catalog import DrugCatalog
from core.evidence import Answer, Derivation
from core.frame import QueryFrame
from core.ports import AnswerMode, AnswerRequest
from grounding.checks import run_checks
from grounding.claim_check import check_claim
from grounding.derivation import caps_in, figures_in, verify, work
from grounding.extractive import ExtractiveAnswerer
from grounding.verify import default_checks

# Our own words, in the book's shapes (a made-up cytotoxic and a made-up antiemetic).
CYTO = """*Truyền tĩnh mạch:*
- Trẻ em, u đặc: 40 mg/m² mỗi lần (tối đa 50 mg), 1 lần mỗi tuần.
- Trẻ em, bạch cầu cấp: 25–30 mg/m²/ngày, chia 2 lần.
- Suy thận (ClCr < 30 ml/phút): dùng 50% liều."""

EMETIC = """*Tiêm tĩnh mạch:*
- Trẻ em từ 6 tháng, theo cân nặng: 0,2 mg/kg (tối đa 6 mg) trước hóa trị.
- Trẻ em từ 6 tháng, theo diện tích da: 4 mg/m² (tối đa 6 mg) trước hóa trị."""

CAPPED_PER_M2 = "Trẻ em: 80 mg/m² mỗi ngày, không quá 100 mg/m²/ngày và không quá 90 mg/ngày."


def answer(catalog: DrugCatalog, drug: str, text: str, question: str, **frame: object) -> Answer:
    evidence = [ev(drug, drug.title(), "lieu_luong_cach_dung", text)]
    data = {"turn_type": "dosing_calc", "drugs": [drug], "standalone_query": question, **frame}
    request = AnswerRequest(
        mode=AnswerMode.SINGLE,
        question=question,
        frame=understood(QueryFrame.model_validate(data)),
        evidence=tuple(evidence),
    )
    result = ExtractiveAnswerer(catalog).generate(request)
    assert isinstance(result, Answer)
    failed = [v for v in run_checks(result, evidence, default_checks(request, catalog)) if not v.ok]
    assert failed == [], failed
    return result


def worked(result: Answer) -> list[str]:
    return [c.text for c in result.claims if c.derivation is not None]


def test_a_per_m2_dose_is_worked_out_and_its_cap_bites(catalog: DrugCatalog) -> None:
    """1,5 m² × 40 mg/m² = 60 mg, held at the row's 50 mg; the derivation names the surface."""
    result = answer(
        catalog, "vincristine", CYTO, "truyền cho bé u đặc diện tích da 1,5 m² bao nhiêu mg",
        population="child", age_months=120, body_surface_m2=1.5, route="iv",
    )  # fmt: skip
    assert worked(result) == ["1,5 m² × 40 mg/m² = 60 mg; tối đa 50 mg → 50 mg mỗi lần"]
    [derivation] = [c.derivation for c in result.claims if c.derivation]
    assert derivation.model_dump() == {
        "quoted": "40 mg/m² mỗi lần", "body_surface_m2": 1.5, "result": "50 mg",
        "cap": "tối đa 50 mg",
    }  # fmt: skip


def test_a_split_day_per_m2_gives_the_day_and_each_dose(catalog: DrugCatalog) -> None:
    result = answer(
        catalog, "vincristine", CYTO, "bé bạch cầu cấp, BSA 0,8 m2, mỗi ngày bao nhiêu",
        population="child", age_months=72, body_surface_m2=0.8, route="iv",
    )  # fmt: skip
    assert worked(result) == [
        "0,8 m² × 25–30 mg/m²/ngày = 20–24 mg mỗi ngày",
        "0,8 m² × 25–30 mg/m²/ngày ÷ 2 lần = 10–12 mg mỗi lần",
    ]


def test_a_per_m2_row_is_only_quoted_without_a_body_surface(catalog: DrugCatalog) -> None:
    """A weight is no body surface: the per-kg row is worked out, the per-m² one quoted."""
    result = answer(
        catalog, "ondansetron", EMETIC, "tiêm cho bé 20 kg trước hóa trị",
        population="child", age_months=60, weight_kg=20, route="iv",
    )  # fmt: skip
    assert worked(result) == ["20 kg × 0,2 mg/kg = 4 mg mỗi lần"]


def test_both_rows_are_worked_out_when_both_measures_are_stated(catalog: DrugCatalog) -> None:
    result = answer(
        catalog, "ondansetron", EMETIC, "bé 20 kg, da 0,75 m², tiêm trước hóa trị",
        population="child", age_months=60, weight_kg=20, body_surface_m2=0.75, route="iv",
    )  # fmt: skip
    assert worked(result) == [
        "20 kg × 0,2 mg/kg = 4 mg mỗi lần",
        "0,75 m² × 4 mg/m² = 3 mg mỗi lần",
    ]


def test_a_kidney_row_governs_no_per_m2_amount(catalog: DrugCatalog) -> None:
    result = answer(
        catalog, "vincristine", CYTO, "bé u đặc suy thận, diện tích da 1,2 m²",
        population="child", age_months=120, body_surface_m2=1.2, route="iv",
        patient={"renal_impairment": True},
    )  # fmt: skip
    assert worked(result) == []


def test_a_cap_per_m2_binds_times_the_surface_and_a_plain_cap_after_it() -> None:
    """80 mg/m² a day for 1,2 m² is 96 mg: under 100 mg/m² (120 mg), over the plain 90 mg."""
    [figure] = figures_in(CAPPED_PER_M2)
    caps = caps_in(CAPPED_PER_M2)
    assert [c.per_m2 for c in caps] == [True, False]
    result = work(figure, Decimal("1.2"), caps)
    assert result.text() == "1,2 m² × 80 mg/m²/ngày = 96 mg; không quá 90 mg/ngày → 90 mg mỗi ngày"


def test_a_per_kg_cap_never_binds_a_per_m2_figure() -> None:
    text = "Trẻ em: 60 mg/m²/ngày (tối đa 2 mg/kg/ngày)."
    [figure] = figures_in(text)
    worked_out = work(figure, Decimal("1.4"), caps_in(text))
    assert worked_out.cap is None
    assert worked_out.text() == "1,4 m² × 60 mg/m²/ngày = 84 mg mỗi ngày"


def test_the_numeric_check_recomputes_a_surface_derivation() -> None:
    row = "Trẻ em, u đặc: 40 mg/m² mỗi lần (tối đa 50 mg), 1 lần mỗi tuần."
    good = Derivation(quoted="40 mg/m² mỗi lần", body_surface_m2=1.1, result="44 mg")
    text = "1,1 m² × 40 mg/m² = 44 mg mỗi lần"
    assert verify(good) == []
    assert check_claim(text, good, [row], body_surface_m2=1.1) == []
    tampered = good.model_copy(update={"result": "48 mg"})
    assert verify(tampered)
    assert check_claim(text, tampered, [row], body_surface_m2=1.1)
    # Another surface than the one the user stated fails too.
    assert check_claim(text, good, [row], body_surface_m2=1.2)


def test_a_derivation_has_exactly_one_body_measure() -> None:
    with pytest.raises(ValidationError):
        Derivation(quoted="40 mg/m² mỗi lần", result="44 mg")
    with pytest.raises(ValidationError):
        Derivation(quoted="40 mg/m² mỗi lần", weight_kg=20, body_surface_m2=1.1, result="44 mg")
    by_weight = Derivation(quoted="10 mg/kg mỗi lần", weight_kg=20, result="200 mg")
    assert "body_surface_m2" not in by_weight.model_dump()


# An indication head said of one population, in the shape of an autoimmune drug's section.
WEEKLY = """### *Liều lượng:*

*Bệnh khớp A (người lớn):*

*Uống:* khởi đầu 10 mg, 1 lần mỗi tuần; tối đa 20 mg/tuần.

*Bệnh khớp B ở trẻ (trẻ em):*

*Uống:* 12 mg/m² diện tích da, 1 lần mỗi tuần."""


def test_an_indication_head_said_of_children_doses_the_child(catalog: DrugCatalog) -> None:
    """ "(trẻ em)" after the indication names whom its rows are for: the child's row is
    chosen and worked out for the stated surface, the adults' is not."""
    result = answer(
        catalog, "methotrexate", WEEKLY, "bé bệnh khớp B, 9 tuổi, BSA 0,9 m2, mỗi tuần mấy mg",
        population="child", age_months=108, body_surface_m2=0.9, route="oral",
    )  # fmt: skip
    # A weekly figure is a week's amount, never one "mỗi lần" (round 15).
    assert worked(result) == ["0,9 m² × 12 mg/m² = 10,8 mg mỗi tuần"]
    assert not any("10 mg, 1 lần" in c.text for c in result.claims)
