"""Round 19: kidney disease said as what a complaint comes of is the disease treated, not a
failing kidney (the book's indication "phù do bệnh thận" reads so)."""

from __future__ import annotations

from understanding.slots import read_patient
from understanding.text import Turn


def _renal(text: str) -> bool:
    patient = read_patient(Turn.of(text))
    return bool(patient and patient.renal_impairment)


def test_a_swelling_that_comes_of_kidney_disease_is_no_failing_kidney() -> None:
    assert not _renal("con tôi bị phù vì bệnh thận, bs cho furosemid, liều mấy mg")
    assert not _renal("chau bi phu do benh than, uong spironolacton bao nhieu")


def test_a_failing_kidney_said_besides_still_counts() -> None:
    assert _renal("bé phù do bệnh thận, bác sĩ nói đã suy thận rồi")
    assert _renal("ông bị bệnh thận lâu năm, uống thuốc này được không")
