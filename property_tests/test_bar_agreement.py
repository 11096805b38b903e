"""Property: for any age limit the book may print and any age, the condition list, the
dose answer and triage bar the patient alike (grounding/book/bars.py is their one reader)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from core.evidence import Evidence
from core.frame import Population, QueryFrame
from core.sections import SectionKey
from grounding.limits import dose_limits
from grounding.listfit import age_limits, limits_for
from safety.triage import age_limit_lines

BOUNDS = (
    "dưới {n} {u}",
    "< {n} {u}",
    "nhỏ hơn {n} {u}",
    "≤ {n} {u}",
    "{n} {u} trở xuống",
    "không quá {n} {u}",
    "từ {n} {u} trở lên",
    "trên {n} {u}",
    "{n} - {m} {u}",
)
LINES = (
    ("chong_chi_dinh", "Trẻ em {bound}."),
    ("chong_chi_dinh", "- Không dùng cho trẻ {bound}."),
    ("chong_chi_dinh", "Trẻ em {bound} khi đang dùng thuốc khác."),
    ("lieu_luong_cach_dung", "Không khuyến cáo cho trẻ {bound}."),
    ("lieu_luong_cach_dung", "Trẻ em {bound}: 10 mg/kg mỗi lần."),
    ("lieu_luong_cach_dung", "Độ an toàn ở trẻ {bound} chưa được xác định."),
)


def _verdicts(section: str, sentence: str, age: float) -> tuple[bool, bool, bool]:
    ev = Evidence(
        text=sentence,
        drug_id="x",
        drug_name="X",
        section_key=section,
        section_title=section,
        chunk_id="c",
    )
    frame = QueryFrame(drugs=["x"], population=Population.CHILD, age_months=age)
    listed = "x" in limits_for(age, age_limits([ev]))
    dosed = bool(dose_limits([ev], "x", frame))
    triaged = bool(age_limit_lines([(section, sentence)], age))
    return listed, dosed, triaged


@given(
    st.sampled_from(LINES),
    st.sampled_from(BOUNDS),
    st.integers(1, 18),
    st.integers(1, 6),
    st.sampled_from(["tuổi", "tháng"]),
    st.floats(min_value=0, max_value=216, allow_nan=False),
)
def test_the_three_paths_bar_the_same_ages(
    line: tuple[str, str], bound: str, n: int, width: int, unit: str, age: float
) -> None:
    """The list leaves out, the dose answer refuses and triage stops exactly the same ages."""
    section, template = line
    sentence = template.format(bound=bound.format(n=n, m=n + width, u=unit))
    assert len(set(_verdicts(section, sentence, age))) == 1, sentence


@given(st.sampled_from(BOUNDS[:6]), st.integers(1, 18), st.sampled_from(["tuổi", "tháng"]))
def test_a_contraindicated_upper_limit_bars_a_baby(bound: str, n: int, unit: str) -> None:
    """Every way of printing an upper age limit in Chống chỉ định bars a newborn on all paths."""
    sentence = f"Trẻ em {bound.format(n=n, u=unit)}."
    assert _verdicts(SectionKey.CHONG_CHI_DINH.value, sentence, 0.0) == (True, True, True)
