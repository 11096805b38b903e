"""Tests for grounding/safety.py: patient facts choose the candidate's own safety sentences."""

from __future__ import annotations

from grounding_samples import ev

from core.catalog import DrugCatalog
from core.evidence import Answer, DrugCandidate
from core.frame import PatientContext, QueryFrame
from core.ports import AnswerMode, AnswerRequest
from grounding.candidates import DrugMentions
from grounding.checks import run_checks
from grounding.extractive import ExtractiveAnswerer
from grounding.safety import NOT_AN_ENDORSEMENT, safety_claims
from grounding.verify import default_checks

CHI_DINH = ev("amoxicillin", "Amoxicilin", "chi_dinh", "- Viêm tai giữa cấp.")
PREGNANCY = ev(
    "amoxicillin",
    "Amoxicilin",
    "thoi_ky_mang_thai",
    "Chưa thấy nguy cơ dị tật. Dùng được khi cần. Câu thứ ba không được trích.",
)
CAUTION = ev(
    "amoxicillin",
    "Amoxicilin",
    "than_trong",
    "- Thận trọng ở người có tiền sử dị ứng.\n- Suy thận: giảm liều theo ClCr.",
)
INTERACTIONS = ev(
    "amoxicillin", "Amoxicilin", "tuong_tac_thuoc", "- Warfarin: tăng INR.\n- Alopurinol: ban da."
)
POOL = [CHI_DINH, PREGNANCY, CAUTION, INTERACTIONS]


def claims_for(patient: PatientContext, catalog: DrugCatalog) -> list[str]:
    found = safety_claims("amoxicillin", "Amoxicilin", POOL, patient, DrugMentions(catalog))
    return [c.text for c in found]


def test_pregnancy_quotes_first_sentences(catalog: DrugCatalog) -> None:
    """Pregnancy quotes the first sentences of the pregnancy section, naming drug and section."""
    assert claims_for(PatientContext(pregnant=True), catalog) == [
        "Amoxicilin — Thời kỳ mang thai: Chưa thấy nguy cơ dị tật.",
        "Amoxicilin — Thời kỳ mang thai: Dùng được khi cần.",
    ]


def test_renal_impairment_picks_renal_sentences_not_the_word_than_trong(
    catalog: DrugCatalog,
) -> None:
    """'Thận trọng' is not a kidney sentence; 'Suy thận …' is."""
    assert claims_for(PatientContext(renal_impairment=True), catalog) == [
        "Amoxicilin — Thận trọng: Suy thận: giảm liều theo ClCr."
    ]


def test_current_medicines_pick_interaction_lines(catalog: DrugCatalog) -> None:
    """A current medicine picks the interaction lines that name it."""
    assert claims_for(PatientContext(current_medicines=["warfarin"]), catalog) == [
        "Amoxicilin — Tương tác thuốc: Warfarin: tăng INR."
    ]


def test_patient_list_answer_is_grounded_and_says_it_is_no_endorsement(
    catalog: DrugCatalog,
) -> None:
    """A patient-specific list passes every check and carries the not-an-endorsement notice."""
    frame = QueryFrame(
        turn_type="condition_to_drug",
        condition="viêm tai giữa",
        patient=PatientContext(pregnant=True),
    )
    cand = DrugCandidate(
        drug_id="amoxicillin", drug_name="Amoxicilin", score=1, evidence=(CHI_DINH,)
    )
    request = AnswerRequest(
        mode=AnswerMode.LIST, question="q", frame=frame, evidence=tuple(POOL), candidates=(cand,)
    )
    answer = ExtractiveAnswerer(catalog).generate(request)
    assert isinstance(answer, Answer)
    assert len(answer.claims) == 3
    assert NOT_AN_ENDORSEMENT in answer.notices
    assert all(v.ok for v in run_checks(answer, request.evidence, default_checks(request, catalog)))


def test_one_word_list_keeps_the_phrases_only_the_assessment_had(catalog: DrugCatalog) -> None:
    """'Vô niệu' (renal) and 'viêm gan' (hepatic), once only in the assessment's list, match."""
    caution = ev(
        "amoxicillin",
        "Amoxicilin",
        "than_trong",
        "- Người bệnh vô niệu.\n- Người có tiền sử viêm gan.\n- Người cao tuổi.",
    )
    renal = safety_claims(
        "amoxicillin", "Amoxicilin", [caution], PatientContext(renal_impairment=True),
        DrugMentions(catalog),
    )  # fmt: skip
    hepatic = safety_claims(
        "amoxicillin", "Amoxicilin", [caution], PatientContext(hepatic_impairment=True),
        DrugMentions(catalog),
    )  # fmt: skip
    assert [c.text for c in renal] == ["Amoxicilin — Thận trọng: Người bệnh vô niệu."]
    assert [c.text for c in hepatic] == ["Amoxicilin — Thận trọng: Người có tiền sử viêm gan."]
