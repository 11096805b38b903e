"""Tests for grounding/extractive.py: verbatim claims fitted to the frame; amounts by code."""

from __future__ import annotations

from grounding_samples import ev

from core.catalog import DrugCatalog
from core.evidence import Answer, DrugCandidate, Evidence
from core.frame import (
    ClarifySlot,
    PatientContext,
    Population,
    QueryFrame,
    Route,
    TurnType,
)
from core.ports import AnswerClarify, AnswerMode, AnswerRequest
from grounding.checks import run_checks
from grounding.extractive import ExtractiveAnswerer
from grounding.verify import default_checks


def ask(
    catalog: DrugCatalog,
    frame: QueryFrame,
    evidence: list[Evidence],
    mode: AnswerMode = AnswerMode.SINGLE,
    candidates: tuple[DrugCandidate, ...] = (),
) -> Answer | AnswerClarify:
    request = AnswerRequest(
        mode=mode, question="q", frame=frame, evidence=tuple(evidence), candidates=candidates
    )
    result = ExtractiveAnswerer(catalog).generate(request)
    if isinstance(result, Answer):
        failed = [
            v
            for v in run_checks(result, request.evidence, default_checks(request, catalog))
            if not v.ok
        ]
        assert failed == [], failed
    return result


def dose_frame(**kw: object) -> QueryFrame:
    return QueryFrame.model_validate({"turn_type": "dosing_calc", "drugs": ["paracetamol"], **kw})


def texts(result: Answer | AnswerClarify) -> list[str]:
    assert isinstance(result, Answer)
    return [c.text for c in result.claims]


def test_child_dose_with_route_quotes_band_and_rule(
    catalog: DrugCatalog, paracetamol_dose: list[Evidence]
) -> None:
    """5 years, 18 kg, oral: the 4–6 year band and the mg/kg rule verbatim, and beside the
    rule the amount for 18 kg worked out by code (the one claim not quoted)."""
    frame = dose_frame(population="child", age_months=60, weight_kg=18, route="oral")
    result = ask(catalog, frame, paracetamol_dose)
    claims = texts(result)
    assert "Trẻ em 4–6 tuổi: 240 mg mỗi lần, cách nhau 4–6 giờ." in claims
    assert any("10–15 mg/kg" in c for c in claims)
    assert isinstance(result, Answer)
    quoted = [c.text for c in result.claims if c.derivation is None]
    worked = [c for c in result.claims if c.derivation is not None]
    assert all(c in paracetamol_dose[0].text for c in quoted)
    assert [c.text for c in worked] == ["18 kg × 10–15 mg/kg = 180–270 mg mỗi lần"]
    assert "không tính sẵn" not in result.lead


def test_no_route_word_answers_the_oral_rows_and_names_the_others(
    catalog: DrugCatalog, paracetamol_dose: list[Evidence]
) -> None:
    """Oral and rectal regimens and no route said: the book doses it by mouth, so the oral
    row answers and the rectal route is named in the "còn ghi liều cho" line."""
    result = ask(
        catalog, dose_frame(population="child", age_months=60, weight_kg=18), paracetamol_dose
    )
    assert isinstance(result, Answer)
    assert any("240 mg" in c.text for c in result.claims)
    assert not any("250 mg" in c.text for c in result.claims)
    assert "đặt trực tràng" in result.notices[-1]


def test_several_routes_without_an_oral_row_clarifies(catalog: DrugCatalog) -> None:
    """Rectal and intravenous rows and no route said: clarify ambiguous_route with both."""
    section = ev(
        "paracetamol",
        "Paracetamol",
        "lieu_luong_cach_dung",
        "Đặt trực tràng:\n- Trẻ em 4 - 6 tuổi: 250 mg mỗi lần.\n"
        "Tiêm tĩnh mạch:\n- Trẻ em trên 10 kg: 15 mg/kg mỗi lần.",
    )
    result = ask(catalog, dose_frame(population="child", age_months=60, weight_kg=18), [section])
    assert isinstance(result, AnswerClarify)
    assert result.reason == "ambiguous_route"
    assert result.slot is ClarifySlot.ROUTE
    assert result.quick_replies == ("Đặt trực tràng", "Tiêm tĩnh mạch")


def test_one_applicable_route_answers_without_asking(catalog: DrugCatalog) -> None:
    """When only one route has a line for the patient, it answers from that route."""
    section = ev(
        "paracetamol",
        "Paracetamol",
        "lieu_luong_cach_dung",
        "Đường uống:\n- Người lớn: 500 mg mỗi lần.\n"
        "Tiêm tĩnh mạch:\n- Trẻ em dưới 10 kg: 7,5 mg/kg.",
    )
    result = ask(catalog, dose_frame(population="adult"), [section])
    assert texts(result) == ["Người lớn: 500 mg mỗi lần."]


def test_adult_rectal_with_renal_impairment_adds_renal_line(
    catalog: DrugCatalog, paracetamol_dose: list[Evidence]
) -> None:
    """Adult, rectal, renal impairment: the adult rectal line plus the renal adjustment."""
    frame = dose_frame(
        population=Population.ADULT,
        route=Route.RECTAL,
        patient=PatientContext(renal_impairment=True),
    )
    claims = texts(ask(catalog, frame, paracetamol_dose))
    assert claims[0].startswith("Người lớn: 500 mg")
    assert any(c.startswith("Suy thận") for c in claims)


def test_quarantined_table_adds_verify_notice(
    catalog: DrugCatalog, paracetamol_dose: list[Evidence]
) -> None:
    """A quarantined part of the section adds the verify-in-print notice, and is not quoted."""
    frame = dose_frame(population="child", age_months=60, weight_kg=18, route="oral")
    result = ask(catalog, frame, paracetamol_dose)
    assert isinstance(result, Answer)
    assert any("đối chiếu với bản in" in n for n in result.notices)
    assert all(1 not in c.citations for c in result.claims)


def test_route_not_printed_gives_no_claims(catalog: DrugCatalog) -> None:
    """An asked route the section does not print yields no claims rather than another route."""
    section = ev("x", "X", "lieu_luong_cach_dung", "Đường uống:\n- Người lớn: 500 mg.")
    frame = QueryFrame(
        turn_type=TurnType.DOSING_CALC, drugs=["x"], population=Population.ADULT, route=Route.IV
    )
    assert texts(ask(catalog, frame, [section])) == []


def test_attribute_quotes_the_section(
    catalog: DrugCatalog, paracetamol_overview: list[Evidence]
) -> None:
    """An attribute question quotes each line of that section, citing it."""
    frame = QueryFrame(
        turn_type=TurnType.DRUG_ATTRIBUTE, drugs=["paracetamol"], attribute="chong_chi_dinh"
    )
    result = ask(catalog, frame, paracetamol_overview)
    assert texts(result) == ["Quá mẫn với paracetamol.", "Suy gan nặng.", "Thiếu hụt G6PD."]
    assert isinstance(result, Answer)
    assert result.lead.startswith("Chống chỉ định của Paracetamol")


def test_overview_quotes_first_lines_of_key_sections(
    catalog: DrugCatalog, paracetamol_overview: list[Evidence]
) -> None:
    """An overview quotes the first lines of forms, indications and contraindications."""
    frame = QueryFrame(turn_type=TurnType.DRUG_OVERVIEW, drugs=["paracetamol"])
    claims = texts(ask(catalog, frame, paracetamol_overview))
    assert claims[0].startswith("Dạng thuốc và hàm lượng: ")
    assert "Chỉ định: Sốt." in claims
    assert "Chống chỉ định: Thiếu hụt G6PD." not in claims


def test_interaction_quotes_lines_naming_the_other_drug(
    catalog: DrugCatalog, interaction_evidence: list[Evidence]
) -> None:
    """Each drug's interaction lines that name the other drug are quoted, from both sides."""
    frame = QueryFrame(turn_type=TurnType.INTERACTION, drugs=["warfarin", "aspirin"])
    result = ask(catalog, frame, interaction_evidence, AnswerMode.INTERACTION)
    assert isinstance(result, Answer)
    assert [c.citations for c in result.claims] == [(0,), (1,)]
    assert result.claims[0].text.startswith("Aspirin:")


def test_interaction_without_mention_has_no_claims(
    catalog: DrugCatalog, interaction_evidence: list[Evidence]
) -> None:
    """No line names the other drug: an answer with no claims (no_interaction_evidence)."""
    frame = QueryFrame(turn_type=TurnType.INTERACTION, drugs=["paracetamol", "aspirin"])
    assert texts(ask(catalog, frame, interaction_evidence, AnswerMode.INTERACTION)) == []


def test_list_mode_one_claim_per_candidate_naming_the_condition(
    catalog: DrugCatalog, otitis_candidates: list[DrugCandidate]
) -> None:
    """Each candidate gets one claim quoting its chi_dinh line that names the condition."""
    evidence = [e for c in otitis_candidates for e in c.evidence]
    frame = QueryFrame(turn_type=TurnType.CONDITION_TO_DRUG, condition="viêm tai giữa")
    result = ask(catalog, frame, evidence, AnswerMode.LIST, tuple(otitis_candidates))
    assert isinstance(result, Answer)
    assert result.list_mode
    assert [c.drug_id for c in result.claims] == ["amoxicillin", "cefuroxime"]
    assert result.claims[0].text == "Amoxicilin: Viêm tai giữa cấp."
    assert "Viêm họng" not in result.claims[0].text


def test_list_mode_skips_candidates_whose_lines_do_not_name_it(
    catalog: DrugCatalog, otitis_candidates: list[DrugCandidate]
) -> None:
    """A candidate whose indication lines do not name the condition is not listed."""
    evidence = [e for c in otitis_candidates for e in c.evidence]
    frame = QueryFrame(turn_type=TurnType.CONDITION_TO_DRUG, condition="viêm họng")
    result = ask(catalog, frame, evidence, AnswerMode.LIST, tuple(otitis_candidates))
    assert isinstance(result, Answer)
    assert [c.drug_id for c in result.claims] == ["amoxicillin"]


def test_notes_before_the_first_route_heading_are_kept(catalog: DrugCatalog) -> None:
    """A note printed before any route heading is quoted with the chosen route's lines."""
    section = ev(
        "paracetamol",
        "Paracetamol",
        "lieu_luong_cach_dung",
        "Uống sau bữa ăn.\nĐường uống:\n- Người lớn: 500 mg mỗi lần.",
    )
    assert texts(ask(catalog, dose_frame(population="adult"), [section])) == [
        "Uống sau bữa ăn.",
        "Người lớn: 500 mg mỗi lần.",
    ]


def test_section_without_headings_answers_only_its_own_route(catalog: DrugCatalog) -> None:
    """A section with no route headings that says 'Uống' answers oral, not an asked IV route."""
    section = ev("x", "X", "lieu_luong_cach_dung", "Uống 1 lần/ngày.\n- Người lớn: 10 mg.")
    oral = QueryFrame(
        turn_type=TurnType.DOSING_CALC, drugs=["x"], population=Population.ADULT, route=Route.ORAL
    )
    assert texts(ask(catalog, oral, [section])) == ["Uống 1 lần/ngày.", "Người lớn: 10 mg."]
    iv = oral.model_copy(update={"route": Route.IV})
    assert texts(ask(catalog, iv, [section])) == []


def test_list_mode_ignores_filler_words_around_the_condition(
    catalog: DrugCatalog, otitis_candidates: list[DrugCandidate]
) -> None:
    """'bệnh viêm tai giữa' finds lines that say 'Viêm tai giữa' without 'bệnh'."""
    evidence = [e for c in otitis_candidates for e in c.evidence]
    frame = QueryFrame(turn_type=TurnType.CONDITION_TO_DRUG, condition="bệnh viêm tai giữa")
    result = ask(catalog, frame, evidence, AnswerMode.LIST, tuple(otitis_candidates))
    assert isinstance(result, Answer)
    assert [c.drug_id for c in result.claims] == ["amoxicillin", "cefuroxime"]
