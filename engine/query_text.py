"""The resolved frame said as one self-contained question, for the retrieval query and a
model's prompt ("Liều paracetamol. Đối tượng: trẻ em. Tuổi: 5 tuổi. Cân nặng: 18 kg.")."""

from __future__ import annotations

from core.frame import Population, QueryFrame, Route, TurnType
from states.messages import describe_age, format_number

_TURN_LABELS: dict[TurnType, str] = {
    TurnType.DOSING_CALC: "Liều dùng",
    TurnType.DRUG_ATTRIBUTE: "Thông tin thuốc",
    TurnType.DRUG_OVERVIEW: "Tổng quan về thuốc",
    TurnType.INTERACTION: "Tương tác thuốc",
    TurnType.CONDITION_TO_DRUG: "Thuốc có chỉ định",
}
_ROUTE_LABELS: dict[Route, str] = {
    Route.ORAL: "uống",
    Route.RECTAL: "đặt trực tràng",
    Route.IV: "tiêm tĩnh mạch",
    Route.IM: "tiêm bắp",
    Route.SC: "tiêm dưới da",
    Route.TOPICAL: "dùng ngoài da",
    Route.INHALED: "hít",
    Route.OPHTHALMIC: "nhỏ mắt",
}


def synthesize_query(frame: QueryFrame) -> str:
    """Fold the resolved frame into one self-contained question for generation."""
    head = frame.standalone_query.strip() or _TURN_LABELS.get(frame.turn_type, "Câu hỏi")
    parts = [head.rstrip(" .?") + "."]
    if frame.population is Population.CHILD:
        parts.append("Đối tượng: trẻ em.")
    elif frame.population is Population.ADULT:
        parts.append("Đối tượng: người lớn.")
    if frame.age_months is not None:
        parts.append(f"Tuổi: {describe_age(frame.age_months)}.")
    if frame.weight_kg is not None:
        parts.append(f"Cân nặng: {format_number(frame.weight_kg)} kg.")
    if frame.route is not None:
        parts.append(f"Đường dùng: {_ROUTE_LABELS.get(frame.route, frame.route.value)}.")
    if frame.condition is not None:
        parts.append(f"Chỉ định/triệu chứng: {frame.condition.text}.")
    return " ".join(parts)


__all__ = ["synthesize_query"]
