"""Tests for grounding/listing.py: the extractive list answer names drugs by their indication."""

from __future__ import annotations

from grounding_samples import ev

from core.catalog import DrugCatalog
from core.evidence import Answer, DrugCandidate
from core.frame import PatientContext, QueryFrame
from core.ports import AnswerMode, AnswerRequest
from grounding.asked import AskedWords
from grounding.checks import run_checks
from grounding.extractive import ExtractiveAnswerer
from grounding.listing import NOT_AN_ENDORSEMENT, names_condition
from grounding.verify import default_checks

CHI_DINH = ev("amoxicillin", "Amoxicilin", "chi_dinh", "- Viêm tai giữa cấp.")
PREGNANCY = ev(
    "amoxicillin", "Amoxicilin", "thoi_ky_mang_thai", "Chưa thấy nguy cơ dị tật. Dùng được khi cần."
)
CAUTION = ev("amoxicillin", "Amoxicilin", "than_trong", "- Suy thận: giảm liều theo ClCr.")
POOL = (CHI_DINH, PREGNANCY, CAUTION)
CANDIDATE = DrugCandidate(
    drug_id="amoxicillin", drug_name="Amoxicilin", score=1, evidence=(CHI_DINH,)
)


def list_for(patient: PatientContext | None, catalog: DrugCatalog) -> tuple[AnswerRequest, Answer]:
    frame = QueryFrame(turn_type="condition_to_drug", condition="viêm tai giữa", patient=patient)
    request = AnswerRequest(
        mode=AnswerMode.LIST, question="q", frame=frame, evidence=POOL, candidates=(CANDIDATE,)
    )
    answer = ExtractiveAnswerer(catalog).generate(request)
    assert isinstance(answer, Answer)
    return request, answer


def test_patient_list_answer_is_grounded_and_says_it_is_no_endorsement(
    catalog: DrugCatalog,
) -> None:
    """A patient-specific list passes every check and carries the not-an-endorsement notice."""
    request, answer = list_for(PatientContext(pregnant=True, renal_impairment=True), catalog)
    assert NOT_AN_ENDORSEMENT in answer.notices
    assert all(v.ok for v in run_checks(answer, request.evidence, default_checks(request, catalog)))


def test_the_list_quotes_indications_only_safety_lines_are_the_engines(
    catalog: DrugCatalog,
) -> None:
    """Safety sections in the pool are not quoted here: the engine's one selection adds them."""
    _, answer = list_for(PatientContext(pregnant=True, renal_impairment=True), catalog)
    assert [c.text for c in answer.claims] == ["Amoxicilin: Viêm tai giữa cấp."]


def test_no_patient_no_endorsement_notice(catalog: DrugCatalog) -> None:
    """Without patient facts the list carries no patient notice."""
    _, answer = list_for(None, catalog)
    assert NOT_AN_ENDORSEMENT not in answer.notices


def test_an_accented_condition_matches_only_with_its_accents() -> None:
    """ "ho" typed with accents does not match "hô hấp"; the unaccented form may."""
    assert not names_condition("Nhiễm khuẩn đường hô hấp.", AskedWords("ho"), exact=True)
    assert names_condition("Ho khan kéo dài.", AskedWords("ho"), exact=True)
    assert names_condition("Gút mạn tính.", AskedWords("bệnh gút"), exact=True)
