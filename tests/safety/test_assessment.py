"""Stage-2 candidate assessment, the one safety selection: facets, lexical line choice,
statuses, the list's claims and notices."""

from __future__ import annotations

import pytest

from core.catalog import DrugCatalog, DrugEntry
from core.evidence import Claim, DrugCandidate, Evidence
from core.frame import PatientContext
from runners.testing import MemoryRetriever, evidence
from safety.assessment import assess_candidates, facets_needed
from safety.facets import Facet, FacetStatus, MedicationCandidateAssessment
from safety.safety_report import assessment_notices, has_safety_evidence, with_safety_lines

CATALOG = DrugCatalog(
    [
        DrugEntry(drug_id="losartan", name="Losartan"),
        DrugEntry(drug_id="amlodipine", name="Amlodipin", aliases=("amlodipine",)),
        DrugEntry(drug_id="warfarin", name="Warfarin", aliases=("Coumadin",)),
        DrugEntry(drug_id="simvastatin", name="Simvastatin"),
    ]
)

ITEMS = [
    evidence(
        "losartan",
        "thoi_ky_mang_thai",
        "Không dùng losartan trong suốt thai kỳ.\n"
        "Chống chỉ định trong 3 tháng giữa và 3 tháng cuối thai kỳ.",
        drug_name="Losartan",
    ),
    evidence(
        "losartan",
        "chong_chi_dinh",
        "- Quá mẫn với losartan.\n- Suy gan nặng.\n- Dùng phối hợp với aliskiren ở người suy thận.",
        drug_name="Losartan",
    ),
    evidence(
        "losartan",
        "than_trong",
        "Kiểm tra kali máu định kỳ ở người suy thận. Thận trọng khi hẹp van động mạch chủ.",
        drug_name="Losartan",
    ),
    evidence(
        "losartan",
        "lieu_luong_cach_dung",
        "- Người lớn: 50 mg/ngày.\n- Suy gan nhẹ và vừa: khởi đầu 25 mg/ngày.",
        drug_name="Losartan",
    ),
    evidence("losartan", "tuong_tac_thuoc", "- Lithi: tăng nồng độ lithi.", drug_name="Losartan"),
    evidence(
        "amlodipine",
        "thoi_ky_mang_thai",
        "Dữ liệu trên người còn hạn chế.",
        drug_name="Amlodipin",
    ),
    evidence(
        "amlodipine",
        "lieu_luong_cach_dung",
        "- Người lớn: 5 mg/ngày.\n- Suy thận: không cần chỉnh liều.\n"
        "- Suy thận (ClCr 10–30 ml/phút): 2,5 mg/ngày.",
        drug_name="Amlodipin",
    ),
    evidence(
        "amlodipine",
        "chong_chi_dinh",
        "- Quá mẫn với amlodipin.\n- Suy thận nặng (ClCr < 30 ml/phút).",
        drug_name="Amlodipin",
    ),
    evidence("amlodipine", "than_trong", "Người cao tuổi: tăng liều chậm.", drug_name="Amlodipin"),
    evidence(
        "amlodipine",
        "tuong_tac_thuoc",
        "- Simvastatin: tăng nồng độ simvastatin.",
        drug_name="Amlodipin",
    ),
    evidence(
        "warfarin",
        "tuong_tac_thuoc",
        "- Amlodipin: có thể làm tăng INR; theo dõi INR.",
        drug_name="Warfarin",
    ),
    evidence(
        "simvastatin",
        "chong_chi_dinh",
        "- Dùng cùng clarithromycin.",
        drug_name="Simvastatin",
    ),
]


def cand(drug_id: str) -> DrugCandidate:
    return DrugCandidate(drug_id=drug_id, drug_name=CATALOG.name_of(drug_id), score=1.0)


@pytest.fixture
def retriever() -> MemoryRetriever:
    return MemoryRetriever(ITEMS, CATALOG)


def run(
    patient: PatientContext, retriever: MemoryRetriever, *ids: str, top: int = 5
) -> tuple[list[MedicationCandidateAssessment], list[Evidence]]:
    return assess_candidates(
        [cand(d) for d in ids], patient, retriever.find_by_section, top=top, catalog=CATALOG
    )


def losartan_only(
    items: list[Evidence], patient: PatientContext
) -> tuple[list[MedicationCandidateAssessment], list[Evidence]]:
    """Assess losartan alone over `items`."""
    return assess_candidates(
        [cand("losartan")], patient, MemoryRetriever(items, CATALOG).find_by_section, top=1
    )


def test_facets_follow_the_patient_context() -> None:
    """Each patient fact raises its facet; list facts raise one facet per item."""
    patient = PatientContext(
        pregnant=True, egfr=40, allergies=["penicilin"], current_medicines=["warfarin", "lithi"]
    )
    assert facets_needed(patient) == [
        (Facet.PREGNANCY, None),
        (Facet.RENAL, None),
        (Facet.ALLERGY, "penicilin"),
        (Facet.CURRENT_MEDICINE, "warfarin"),
        (Facet.CURRENT_MEDICINE, "lithi"),
    ]


def test_only_the_facets_sections_are_fetched(retriever: MemoryRetriever) -> None:
    """Pregnancy alone reads only the pregnancy section of each top candidate."""
    run(PatientContext(pregnant=True), retriever, "losartan", "amlodipine")
    assert retriever.calls == [
        "section:losartan:thoi_ky_mang_thai",
        "section:amlodipine:thoi_ky_mang_thai",
    ]


def test_top_limits_the_candidates_assessed(retriever: MemoryRetriever) -> None:
    """Only the first `top` candidates are assessed."""
    assessments, _ = run(PatientContext(pregnant=True), retriever, "losartan", "amlodipine", top=1)
    assert [a.drug_id for a in assessments] == ["losartan"]


def test_trimester_outside_a_contraindicated_period_is_caution(retriever: MemoryRetriever) -> None:
    """A contraindication limited to trimesters 2-3 is not reported as one in trimester 1."""
    early, _ = run(PatientContext(pregnant=True, pregnancy_trimester=1), retriever, "losartan")
    late, _ = run(PatientContext(pregnant=True, pregnancy_trimester=3), retriever, "losartan")
    assert early[0].status(Facet.PREGNANCY) is FacetStatus.MENTIONED_CAUTION
    assert late[0].status(Facet.PREGNANCY) is FacetStatus.CONTRAINDICATED_IN_TEXT


def test_unknown_trimester_keeps_the_contraindication(retriever: MemoryRetriever) -> None:
    """Without a trimester the stronger statement stands."""
    found, _ = run(PatientContext(pregnant=True), retriever, "losartan")
    assert found[0].status(Facet.PREGNANCY) is FacetStatus.CONTRAINDICATED_IN_TEXT


def test_neutral_pregnancy_text_is_mentioned(retriever: MemoryRetriever) -> None:
    """A pregnancy section with no caution wording is quoted as merely mentioned."""
    found, _ = run(PatientContext(pregnant=True), retriever, "amlodipine")
    item = found[0].facets[0]
    assert item.status is FacetStatus.MENTIONED
    assert [ln.text for ln in item.lines] == ["Dữ liệu trên người còn hạn chế."]


def test_hepatic_line_in_contraindications(retriever: MemoryRetriever) -> None:
    """A contraindication line naming the liver makes the hepatic facet contraindicated."""
    found, _ = run(PatientContext(hepatic_impairment=True), retriever, "losartan")
    item = found[0].facets[0]
    assert item.status is FacetStatus.CONTRAINDICATED_IN_TEXT
    assert "Suy gan nặng." in [ln.text for ln in item.lines]


def test_combination_contraindication_is_not_the_facets(retriever: MemoryRetriever) -> None:
    """'Dùng phối hợp với aliskiren ở người suy thận' is a caution for renal, not a ban."""
    found, _ = run(PatientContext(renal_impairment=True), retriever, "losartan")
    assert found[0].status(Facet.RENAL) is FacetStatus.MENTIONED_CAUTION


def test_renal_lines_are_chosen_lexically(retriever: MemoryRetriever) -> None:
    """Only lines naming the kidney are quoted; the adult dose line is not."""
    found, _ = run(PatientContext(renal_impairment=True), retriever, "amlodipine")
    texts = [ln.text for ln in found[0].facets[0].lines]
    assert "Người lớn: 5 mg/ngày." not in texts
    assert "Suy thận nặng (ClCr < 30 ml/phút)." in texts


def test_egfr_above_a_threshold_caps_the_contraindication(retriever: MemoryRetriever) -> None:
    """eGFR 45 is outside 'ClCr < 30' and the 10–30 dose band: no contraindication reported."""
    found, _ = run(PatientContext(renal_impairment=True, egfr=45), retriever, "amlodipine")
    item = found[0].facets[0]
    assert item.status is FacetStatus.MENTIONED_CAUTION
    assert all("10–30" not in ln.text for ln in item.lines)


def test_egfr_inside_a_threshold_is_contraindicated(retriever: MemoryRetriever) -> None:
    """eGFR 20 falls under 'ClCr < 30': the contraindication is reported."""
    found, _ = run(PatientContext(renal_impairment=True, egfr=20), retriever, "amlodipine")
    assert found[0].status(Facet.RENAL) is FacetStatus.CONTRAINDICATED_IN_TEXT


def test_current_medicine_reads_both_interaction_sections(retriever: MemoryRetriever) -> None:
    """Warfarin's own interaction line naming amlodipine is found (accent-insensitive)."""
    found, pool = run(PatientContext(current_medicines=["warfarin"]), retriever, "amlodipine")
    item = found[0].facets[0]
    assert item.status is FacetStatus.MENTIONED_CAUTION
    assert {pool[i].drug_id for i in item.evidence_indices} == {"warfarin"}
    assert "section:warfarin:tuong_tac_thuoc" in retriever.calls


def test_co_medication_contraindication_is_found(retriever: MemoryRetriever) -> None:
    """A 'Dùng cùng clarithromycin' contraindication line names the current medicine."""
    found, _ = run(PatientContext(current_medicines=["Clarithromycin"]), retriever, "simvastatin")
    assert found[0].status(Facet.CURRENT_MEDICINE) is FacetStatus.CONTRAINDICATED_IN_TEXT


def test_silence_is_no_statement_found(retriever: MemoryRetriever) -> None:
    """Sections read but no line names the facet: no_statement_found, still checked."""
    found, _ = run(PatientContext(allergies=["sulfonamid"]), retriever, "losartan")
    assert found[0].status(Facet.ALLERGY) is FacetStatus.NO_STATEMENT_FOUND
    assert has_safety_evidence(found)


def test_missing_sections_are_not_checked(retriever: MemoryRetriever) -> None:
    """No section to read at all: not_checked, and no safety evidence overall."""
    found, pool = run(PatientContext(breastfeeding=True), retriever, "losartan", "amlodipine")
    assert {a.status(Facet.BREASTFEEDING) for a in found} == {FacetStatus.NOT_CHECKED}
    assert pool == []
    assert not has_safety_evidence(found)


def test_a_section_is_fetched_once_per_call(retriever: MemoryRetriever) -> None:
    """Renal and hepatic share sections; each is fetched once and the pool has no duplicates."""
    _, pool = run(
        PatientContext(renal_impairment=True, hepatic_impairment=True), retriever, "losartan"
    )
    assert len(retriever.calls) == len(set(retriever.calls)) == 3
    assert len({ev.chunk_id for ev in pool}) == len(pool)


def test_claims_quote_lines_and_cite_them_in_the_pool(retriever: MemoryRetriever) -> None:
    """Each added claim ends with a verbatim line of the evidence it cites, with its drug id."""
    found, safety = run(PatientContext(hepatic_impairment=True), retriever, "losartan")
    indication = [evidence("losartan", "chi_dinh", "Tăng huyết áp.", drug_name="Losartan")]
    pool = indication + safety
    listed = [Claim(text="Losartan: Tăng huyết áp.", citations=(0,), drug_id="losartan")]
    claims = with_safety_lines(listed, found, pool)[1:]
    assert claims
    for claim in claims:
        assert claim.drug_id == "losartan"
        (index,) = claim.citations
        assert claim.text.split(": ", 1)[1] in pool[index].text


def test_each_drugs_lines_follow_its_own_claim(retriever: MemoryRetriever) -> None:
    """Losartan's safety lines stand right after Losartan's line, before Amlodipin's."""
    found, pool = run(PatientContext(renal_impairment=True), retriever, "losartan", "amlodipine")
    listed = [
        Claim(text="Losartan: Tăng huyết áp.", drug_id="losartan"),
        Claim(text="Amlodipin: Tăng huyết áp.", drug_id="amlodipine"),
    ]
    owners = [c.drug_id for c in with_safety_lines(listed, found, pool)]
    first_amlodipine = owners.index("amlodipine")
    assert owners[0] == "losartan" and len(owners) > 3
    assert set(owners[:first_amlodipine]) == {"losartan"}
    assert set(owners[first_amlodipine:]) == {"amlodipine"}


def test_a_line_two_facets_chose_is_quoted_once() -> None:
    """ "Suy gan, suy thận nặng." answers renal and hepatic: one claim, not two."""
    items = [
        evidence("losartan", "chong_chi_dinh", "Suy gan, suy thận nặng.", drug_name="Losartan")
    ]
    found, pool = losartan_only(
        items, PatientContext(renal_impairment=True, hepatic_impairment=True)
    )
    assert [len(item.lines) for item in found[0].facets] == [1, 1]
    listed = [Claim(text="Losartan: Tăng huyết áp.", drug_id="losartan")]
    assert [c.text for c in with_safety_lines(listed, found, pool)] == [
        "Losartan: Tăng huyết áp.",
        "Losartan — Chống chỉ định: Suy gan, suy thận nặng.",
    ]


def test_claims_leave_out_other_monographs(retriever: MemoryRetriever) -> None:
    """A line from warfarin's section is not a claim about amlodipine."""
    found, pool = run(PatientContext(current_medicines=["warfarin"]), retriever, "amlodipine")
    listed = [Claim(text="Amlodipin: Tăng huyết áp.", drug_id="amlodipine")]
    assert with_safety_lines(listed, found, pool) == tuple(listed)


def test_claims_only_for_listed_drugs(retriever: MemoryRetriever) -> None:
    """No indication claim for a drug (or an empty list): no safety lines for it."""
    found, pool = run(PatientContext(hepatic_impairment=True), retriever, "losartan")
    assert with_safety_lines([], found, pool) == ()
    other = [Claim(text="Amlodipin: Tăng huyết áp.", drug_id="amlodipine")]
    assert with_safety_lines(other, found, pool) == tuple(other)


def test_claims_skip_lines_already_stated(retriever: MemoryRetriever) -> None:
    """A line the list already states word for word is not repeated."""
    found, pool = run(PatientContext(hepatic_impairment=True), retriever, "losartan")
    listed = [Claim(text="Losartan: Tăng huyết áp.", drug_id="losartan")]
    first = with_safety_lines(listed, found, pool)
    assert len(first) > 1
    assert with_safety_lines(first, found, pool) == first


def test_notices_never_say_safe(retriever: MemoryRetriever) -> None:
    """Silence is stated as 'not found', with the explicit 'not safe' caveat."""
    found, _ = run(PatientContext(allergies=["sulfonamid"]), retriever, "losartan")
    (notice,) = assessment_notices(found)
    assert "dị ứng sulfonamid" in notice
    assert "không có nghĩa là an toàn" in notice


def test_negative_top_is_rejected(retriever: MemoryRetriever) -> None:
    """A negative `top` is a programming error, named."""
    with pytest.raises(ValueError, match="top must be >= 0"):
        run(PatientContext(pregnant=True), retriever, "losartan", top=-1)


def test_post_operative_context_reads_surgery_lines() -> None:
    """ "sau mổ" finds the formulary's "phẫu thuật" lines in the contraindications."""
    items = [
        evidence(
            "ibuprofen",
            "chong_chi_dinh",
            "- Quá mẫn với ibuprofen.\n- Giảm đau quanh thời điểm phẫu thuật bắc cầu mạch vành.",
        )
    ]
    cand = DrugCandidate(drug_id="ibuprofen", drug_name="Ibuprofen", score=1.0)
    [assessed], _ = assess_candidates(
        [cand],
        PatientContext(comorbidities=["sau mổ"]),
        MemoryRetriever(items).find_by_section,
        top=1,
    )
    assert assessed.status(Facet.COMORBIDITY, "sau mổ") is FacetStatus.CONTRAINDICATED_IN_TEXT
    assert "phẫu thuật" in assessed.facets[0].lines[0].text


def test_one_word_list_keeps_the_phrases_only_the_list_quoting_had() -> None:
    """'Bệnh thận' and 'độ thanh thải', once only in grounding's list, now select renal lines."""
    items = [
        evidence("losartan", "than_trong", "Người có bệnh thận mạn. Người cao tuổi."),
        evidence("losartan", "lieu_luong_cach_dung", "Giảm liều khi độ thanh thải < 30 ml/phút."),
    ]
    found, _ = losartan_only(items, PatientContext(renal_impairment=True))
    texts = [ln.text for ln in found[0].facets[0].lines]
    assert texts == ["Người có bệnh thận mạn.", "Giảm liều khi độ thanh thải < 30 ml/phút."]


def test_the_caution_title_word_is_not_a_kidney_line() -> None:
    """'Thận trọng' (the caution section's own word) is not a renal line; 'Suy thận …' is."""
    items = [
        evidence("losartan", "than_trong", "Thận trọng ở người cao tuổi. Suy thận: giảm liều."),
    ]
    found, _ = losartan_only(items, PatientContext(renal_impairment=True))
    assert [ln.text for ln in found[0].facets[0].lines] == ["Suy thận: giảm liều."]


def test_one_word_list_keeps_anuria_and_hepatitis() -> None:
    """'Vô niệu' selects a renal line and 'viêm gan' a hepatic one."""
    items = [
        evidence("losartan", "than_trong", "- Người bệnh vô niệu.\n- Người có tiền sử viêm gan."),
    ]
    found, _ = losartan_only(items, PatientContext(renal_impairment=True, hepatic_impairment=True))
    renal, hepatic = found[0].facets
    assert [ln.text for ln in renal.lines] == ["Người bệnh vô niệu."]
    assert [ln.text for ln in hepatic.lines] == ["Người có tiền sử viêm gan."]
