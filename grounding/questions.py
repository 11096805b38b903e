"""The question a generation model sees: self-contained, with the patient's raw values withheld.

Age, weight and laboratory values have already chosen the evidence; they are not formulary
evidence, and a model that sees "18 kg" next to "15 mg/kg" is one step from computing a
dose. So a patient-specific question is rebuilt from the frame with those values left out.
"""

from __future__ import annotations

from core.catalog import DrugCatalog
from core.frame import PatientContext, QueryFrame, TurnType
from core.ports import AnswerMode, AnswerRequest
from core.sections import section_title
from grounding.dosing import route_labels

WITHHELD_NOTE = (
    "Các giá trị riêng của bệnh nhân (tuổi, cân nặng, xét nghiệm) đã được dùng để chọn "
    "bằng chứng và không được đưa vào câu hỏi này."
)


def is_patient_specific(frame: QueryFrame) -> bool:
    patient = frame.patient
    return (
        frame.age_months is not None
        or frame.weight_kg is not None
        or bool(frame.age_text)
        or (patient is not None and not patient.is_empty())
    )


def _patient_facts(patient: PatientContext | None) -> list[str]:
    if patient is None:
        return []
    facts: list[str] = []
    if patient.pregnant:
        facts.append("đang mang thai")
    if patient.breastfeeding:
        facts.append("đang cho con bú")
    if patient.renal_impairment or patient.egfr is not None:
        facts.append("suy giảm chức năng thận")
    if patient.hepatic_impairment:
        facts.append("suy giảm chức năng gan")
    if patient.allergies:
        facts.append("dị ứng: " + ", ".join(patient.allergies))
    if patient.comorbidities:
        facts.append("bệnh kèm theo: " + ", ".join(patient.comorbidities))
    if patient.current_medicines:
        facts.append("đang dùng: " + ", ".join(patient.current_medicines))
    return facts


def generation_question(request: AnswerRequest, catalog: DrugCatalog) -> str:
    """`request.question`, or for a patient-specific frame the same question without raw values."""
    frame = request.frame
    if not is_patient_specific(frame):
        return request.question
    names = " và ".join(catalog.name_of(d) for d in frame.drugs) or "thuốc được hỏi"
    who = {"child": "trẻ em", "adult": "người lớn"}.get(
        frame.population.value if frame.population else "", ""
    )
    if request.mode is AnswerMode.LIST:
        condition = frame.condition.text if frame.condition else "tình trạng được hỏi"
        ask = f"Thuốc nào trong Dược thư có ghi chỉ định cho: {condition}?"
    elif frame.turn_type is TurnType.DOSING_CALC:
        route = f", {route_labels([frame.route])[0].lower()}" if frame.route else ""
        ask = f"Liều dùng của {names}" + (f" cho {who}" if who else "") + f"{route} là gì?"
    elif request.mode is AnswerMode.INTERACTION:
        ask = f"Dược thư ghi gì về tương tác giữa {names}?"
    elif frame.attribute:
        ask = f"{section_title(frame.attribute)} của {names} theo Dược thư?"
    else:
        ask = f"Thông tin chính về {names} theo Dược thư?"
    facts = _patient_facts(frame.patient)
    context = f" Bệnh nhân: {'; '.join(facts)}." if facts else ""
    return f"{ask}{context} {WITHHELD_NOTE}"


__all__ = ["WITHHELD_NOTE", "generation_question", "is_patient_specific"]
