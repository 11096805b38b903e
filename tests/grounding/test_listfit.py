"""Condition lists fitted to the patient: age limits from each drug's own text, and
indications that name the condition only inside another disease."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from core.evidence import Answer, Claim, DrugCandidate, Evidence
from grounding.listfit import age_limits, direct_first, fit_list, limits_for, names_directly
from runners.testing import evidence

ASPIRIN_CI = evidence(
    "aspirin",
    "chong_chi_dinh",
    "- Loét dạ dày tá tràng tiến triển.\n- Trẻ em dưới 16 tuổi (nguy cơ hội chứng Reye).",
)
CEFTRIAXONE_CI = evidence("ceftriaxone", "chong_chi_dinh", "- Trẻ sơ sinh có tăng bilirubin máu.")
NEWBORN_CI = evidence("naphazoline", "chong_chi_dinh", "- Trẻ sơ sinh.")
CETIRIZINE_DOSE = evidence(
    "cetirizine",
    "lieu_luong_cach_dung",
    "Trẻ em từ 6 tuổi: 10 mg mỗi ngày.\nKhông khuyến cáo cho trẻ dưới 2 tuổi.",
)
PARACETAMOL_DOSE = evidence(
    "paracetamol", "lieu_luong_cach_dung", "Trẻ em dưới 12 tuổi: 10–15 mg/kg mỗi lần."
)


def _cand(drug_id: str, text: str) -> DrugCandidate:
    return DrugCandidate(
        drug_id=drug_id,
        drug_name=drug_id.capitalize(),
        score=1.0,
        evidence=(evidence(drug_id, "chi_dinh", text),),
    )


def test_contraindicated_age_is_read_from_the_contraindication_section() -> None:
    """ "Trẻ em dưới 16 tuổi" bars up to 192 months; a bare "Trẻ sơ sinh." a newborn; a
    newborn condition ("Trẻ sơ sinh có tăng bilirubin máu") is no age limit (as for the dose
    answer and triage)."""
    limits = {x.drug_id: x for x in age_limits([ASPIRIN_CI, CEFTRIAXONE_CI, NEWBORN_CI])}
    assert set(limits) == {"aspirin", "naphazoline"}
    assert limits["aspirin"].bar.covers(191.9) and not limits["aspirin"].bar.covers(192)
    assert limits["naphazoline"].bar.covers(0.5) and not limits["naphazoline"].bar.covers(1)


def test_a_dose_row_is_not_an_age_limit_but_a_refusal_is() -> None:
    """In the dosing text "Trẻ em dưới 12 tuổi: 10 mg/kg" is a row; "Không khuyến cáo" a limit."""
    limits = age_limits([PARACETAMOL_DOSE, CETIRIZINE_DOSE])
    assert [x.drug_id for x in limits] == ["cetirizine"]
    assert limits[0].bar.covers(23.9) and not limits[0].bar.covers(24)


@pytest.mark.parametrize(
    ("age_months", "left_out"),
    [
        (36, {"aspirin"}),
        (12, {"aspirin", "cetirizine"}),
        (0.5, {"aspirin", "naphazoline", "cetirizine"}),
        (240, set()),
    ],
)
def test_only_limits_the_age_falls_under_leave_a_drug_out(
    age_months: float, left_out: set[str]
) -> None:
    """A 3-year-old loses aspirin; a 20-year-old loses nothing."""
    limits = age_limits([ASPIRIN_CI, CEFTRIAXONE_CI, NEWBORN_CI, CETIRIZINE_DOSE])
    assert set(limits_for(age_months, limits)) == left_out


@pytest.mark.parametrize(
    "sentence",
    ["- Trẻ em ≤ 2 tuổi.", "- Trẻ em từ 2 tuổi trở xuống.", "- Trẻ em nhỏ hơn 2 tuổi."],
)
def test_every_way_of_saying_two_and_under_leaves_a_one_year_old_out(sentence: str) -> None:
    """The list drops a drug whose Chống chỉ định says "≤ 2 tuổi" as it drops "dưới 2 tuổi"."""
    limits = age_limits([evidence("x", "chong_chi_dinh", sentence)])
    assert set(limits_for(12, limits)) == {"x"}


@pytest.mark.parametrize(
    ("sentence", "direct"),
    [
        ("Sốt; đau nhẹ và vừa.", True),
        ("Sốt, kể cả sốt ở trẻ em.", True),
        ("Đau nhẹ và vừa; sốt (ở người lớn).", True),
        ("Sốt cao.", True),
        ("Sốt thương hàn.", False),
        ("Sốt Địa Trung Hải có tính chất gia đình.", False),
        ("Co giật do sốt cao ở trẻ em.", False),
    ],
)
def test_names_directly(sentence: str, direct: bool) -> None:
    """The condition as itself, not as part of another disease's name or as its cause."""
    assert names_directly(sentence, "sốt") is direct


def test_indirect_candidates_come_after_direct_ones() -> None:
    """Typhoid and febrile seizures rank after drugs for fever itself, order otherwise kept."""
    cands = [
        _cand("ceftriaxone", "Sốt thương hàn."),
        _cand("paracetamol", "Sốt; đau."),
        _cand("diazepam", "Co giật do sốt cao ở trẻ em."),
        _cand("ibuprofen", "Sốt, kể cả sốt ở trẻ em."),
    ]
    direct, indirect = direct_first(cands, "sốt")
    assert [c.drug_id for c in direct] == ["paracetamol", "ibuprofen"]
    assert [c.drug_id for c in indirect] == ["ceftriaxone", "diazepam"]


def test_a_condition_inside_another_word_is_not_named() -> None:
    """ "ho" is named by "Ho." and inside "Ho gà", never by the "ho" inside "hoặc": a drug
    whose indication never says the cough stays with the direct ones."""
    cands = [
        _cand("dextromethorphan", "Ho."),
        _cand("salbutamol", "Hen phế quản hoặc co thắt phế quản."),
        _cand("codein", "Ho gà."),
    ]
    direct, indirect = direct_first(cands, "ho")
    assert [c.drug_id for c in direct] == ["dextromethorphan", "salbutamol"]
    assert [c.drug_id for c in indirect] == ["codein"]


def _fetch(pool: list[Evidence]) -> Callable[[str, str], list[Evidence]]:
    def fetch(drug_id: str, section: str) -> list[Evidence]:
        return [ev for ev in pool if ev.drug_id == drug_id and ev.section_key == section]

    return fetch


def test_fit_drops_the_left_out_drug_and_quotes_why() -> None:
    """Aspirin's claims go; one cited line quotes its contraindication; notices say why."""
    cands = [_cand("paracetamol", "Sốt."), _cand("aspirin", "Sốt (ở người lớn).")]
    fit = fit_list(cands, "sốt", age_months=36, age_text="3 tuổi", fetch=_fetch([ASPIRIN_CI]))
    pool = [*(ev for c in cands for ev in c.evidence), *fit.evidence]
    answer = Answer(
        lead="Các thuốc:",
        claims=(
            Claim(text="Paracetamol: Sốt.", citations=(0,), drug_id="paracetamol"),
            Claim(text="Aspirin: Sốt (ở người lớn).", citations=(1,), drug_id="aspirin"),
        ),
    )
    fitted = fit.apply(answer, pool)
    assert [c.drug_id for c in fitted.claims] == ["paracetamol", "aspirin"]
    left_out = fitted.claims[-1]
    assert left_out.text.startswith("Không liệt kê Aspirin")
    assert "dưới 16 tuổi" in left_out.text
    assert pool[left_out.citations[0]].section_key == "chong_chi_dinh"
    assert any("3 tuổi" in n for n in fitted.notices)


def test_without_an_age_nothing_is_left_out() -> None:
    """With no known age no candidate is left out by age; only its Chống chỉ định is read."""
    cands = [_cand("aspirin", "Sốt.")]
    fit = fit_list(cands, "sốt", age_months=None, age_text=None, fetch=_fetch([ASPIRIN_CI]))
    assert fit.excluded == {} and fit.contraindicated == {}
    assert {ev.section_key for ev in fit.evidence} == {"chong_chi_dinh"}


GOUT_CI = evidence("allopurinol", "chong_chi_dinh", "Quá mẫn với thuốc. Gút cấp.")


def test_a_drug_contraindicated_in_the_condition_asked_is_left_out_and_quoted() -> None:
    """ "gút cấp": the drug whose Chống chỉ định says "Gút cấp" is not listed, its line is
    quoted, and the list says it was checked."""
    cands = [_cand("colchicine", "Gút cấp."), _cand("allopurinol", "Gút mạn tính.")]
    fit = fit_list(
        cands, "gút", age_months=None, age_text=None, fetch=_fetch([GOUT_CI]), asked="gút cấp"
    )
    assert set(fit.contraindicated) == {"allopurinol"}
    pool = [*(ev for c in cands for ev in c.evidence), *fit.evidence]
    answer = Answer(
        lead="",
        claims=(
            Claim(text="Colchicin: Gút cấp.", citations=(0,), drug_id="colchicine"),
            Claim(text="Alopurinol: Gút mạn tính.", citations=(1,), drug_id="allopurinol"),
        ),
    )
    fitted = fit.apply(answer, pool)
    texts = [c.text for c in fitted.claims]
    assert texts[0] == "Colchicin: Gút cấp."
    assert texts[1].startswith("Không liệt kê Allopurinol") and "Gút cấp" in texts[1]
    assert any("Chống chỉ định" in n and "“gút cấp”" in n for n in fitted.notices)


def test_a_narrower_contraindication_does_not_leave_out_the_drug() -> None:
    """ "gút" in general: "Gút cấp" is a narrower form, not the condition asked; unless the
    question says that form too ("cơn gút cấp" read as "gút")."""
    cands = [_cand("allopurinol", "Gút mạn tính.")]
    fit = fit_list(cands, "gút", age_months=None, age_text=None, fetch=_fetch([GOUT_CI]))
    assert fit.contraindicated == {}
    asked = fit_list(
        cands,
        "gút",
        age_months=None,
        age_text=None,
        fetch=_fetch([GOUT_CI]),
        words="thuoc dieu tri con gut cap",
    )
    assert set(asked.contraindicated) == {"allopurinol"}


def test_indirect_candidates_get_a_notice_naming_them() -> None:
    """The notice names the candidates that come last and the condition."""
    cands = [_cand("paracetamol", "Sốt."), _cand("ceftriaxone", "Sốt thương hàn.")]
    fit = fit_list(cands, "sốt", age_months=None, age_text=None, fetch=_fetch([]))
    claims = tuple(
        Claim(text=f"{c.drug_name}: x", citations=(i,), drug_id=c.drug_id)
        for i, c in enumerate(fit.candidates)
    )
    fitted = fit.apply(Answer(lead="", claims=claims), [])
    assert [c.drug_id for c in fitted.claims] == ["paracetamol", "ceftriaxone"]
    assert any(n.startswith("Xếp sau cùng: Ceftriaxone") and "“sốt”" in n for n in fitted.notices)


def test_a_claim_without_a_drug_id_is_judged_by_what_it_cites() -> None:
    """A generated claim that names no drug_id but cites only aspirin is left out too."""
    cands = [_cand("paracetamol", "Sốt."), _cand("aspirin", "Sốt.")]
    fit = fit_list(cands, "sốt", age_months=36, age_text="3 tuổi", fetch=_fetch([ASPIRIN_CI]))
    pool = [*(ev for c in cands for ev in c.evidence), *fit.evidence]
    answer = Answer(
        lead="",
        claims=(
            Claim(text="Paracetamol: Sốt.", citations=(0,)),
            Claim(text="Aspirin: Sốt.", citations=(1,)),
        ),
    )
    texts = [c.text for c in fit.apply(answer, pool).claims]
    assert texts[0] == "Paracetamol: Sốt." and texts[1].startswith("Không liệt kê Aspirin")
    assert len(texts) == 2
