"""A dose question that follows the case it is asked in (issue 23): the child's dose by weight,
and the injection said before.

A dose worked out by weight, asked by a nursing mother about the child whose weight she
told ("bé 2 tháng 5,2kg sốt", then "em đang cho bé bú, bác sĩ cho ibuprofen, tính theo kg thì
một lần bao nhiêu mg"): the only weight in the case is the child's, so the dose asked by it is
the child's; her nursing is said of the baby's feeding, not of a medicine she takes.
"""

from __future__ import annotations

import re

from core.frame import Population, QueryFrame, TurnType
from core.text import fold

# A dose asked by weight: "tính theo kg", "theo cân (nặng)", "mg/kg", "mỗi ký".
_BY_WEIGHT = re.compile(r"(?<![a-z])(?:theo (?:kg|ky|kilo|can)|mg ?/ ?kg|moi (?:kg|ky))(?![a-z])")


def childs_dose_by_weight(frame: QueryFrame, prior: QueryFrame) -> QueryFrame:
    """The frame for the child of the case when a nursing mother's turn, with no age or
    weight of her own, asks a dose by weight after the child's weight was told; else as is."""
    patient = frame.patient
    if frame.turn_type is not TurnType.DOSING_CALC or patient is None or not patient.breastfeeding:
        return frame
    if frame.age_months is not None or frame.weight_kg is not None or frame.new_case:
        return frame
    if prior.population is not Population.CHILD or prior.weight_kg is None:
        return frame
    if not _BY_WEIGHT.search(fold(frame.standalone_query).lower()):
        return frame
    rest = patient.model_copy(update={"breastfeeding": None})
    update = {"population": Population.CHILD, "patient": None if rest.is_empty() else rest}
    return frame.model_copy(update=update)


def with_case_injection(frame: QueryFrame, prior: QueryFrame) -> QueryFrame:
    """The same medicine asked again with no route of its own ("zinacef tiêm cho bé 6 tuổi",
    then "tính theo cân thì cả ngày được mấy mg"): still the injection said before."""
    if frame.route is not None or frame.injection or not prior.injection or prior.route:
        return frame
    if not frame.drugs or frame.drugs != prior.drugs or frame.new_case:
        return frame
    return frame.model_copy(update={"injection": True})


def case_dose_frame(frame: QueryFrame, prior: QueryFrame) -> QueryFrame:
    """A dose question read within its case: the injection carried, the child's weight's."""
    return with_case_injection(childs_dose_by_weight(frame, prior), prior)


__all__ = ["case_dose_frame", "childs_dose_by_weight", "with_case_injection"]
