"""Interaction answers: lines naming the other agent by name or class, contraindications first."""

from __future__ import annotations

from asked_frames import understood
from grounding_samples import ev

from core.catalog import DrugCatalog, DrugEntry
from core.evidence import Answer, Evidence
from core.frame import QueryFrame, TurnType
from core.ports import AnswerMode, AnswerRequest
from grounding.checks import run_checks
from grounding.extractive import ExtractiveAnswerer
from grounding.interactions import partner_of
from grounding.verify import default_checks

CATALOG = DrugCatalog(
    [
        DrugEntry(drug_id="warfarin", name="Warfarin", atc=("B01AA03",)),
        DrugEntry(drug_id="ibuprofen", name="Ibuprofen", atc=("M01AE01",)),
        DrugEntry(drug_id="carbamazepine", name="Carbamazepin", atc=("N03AF01",)),
        DrugEntry(drug_id="simvastatin", name="Simvastatin", atc=("C10AA01",)),
    ]
)
# Our own sentences, in the book's shape.
IBUPROFEN_CI = "Loét dạ dày tiến triển. Người đang dùng thuốc chống đông coumarin."
IBUPROFEN_TT = "Dùng cùng lithi làm tăng nồng độ lithi. Dùng cùng warfarin tăng nguy cơ chảy máu."
WARFARIN_TT = "Các thuốc chống viêm không steroid làm tăng nguy cơ xuất huyết. Rượu thay đổi INR."
CARBA_CI = "Block nhĩ thất. Dùng trong vòng 14 ngày sau một thuốc ức chế MAO."
CARBA_TT = "Thuốc ức chế CYP3A4 làm tăng nồng độ carbamazepin. Cisaprid: tránh dùng cùng."


def answer(
    frame: QueryFrame, evidence: list[Evidence], mode: AnswerMode, question: str = "q"
) -> Answer:
    request = AnswerRequest(
        mode=mode, question=question, frame=frame, evidence=tuple(evidence), candidates=()
    )
    result = ExtractiveAnswerer(CATALOG).generate(request)
    assert isinstance(result, Answer)
    verdicts = run_checks(result, request.evidence, default_checks(request, CATALOG))
    assert all(v.ok for v in verdicts), verdicts
    return result


def _one_drug(question: str, **patient: bool) -> QueryFrame:
    """A one-drug interaction question about carbamazepine, as understanding reads it."""
    return understood(
        QueryFrame(
            turn_type=TurnType.DRUG_ATTRIBUTE,
            drugs=["carbamazepine"],
            attribute="tuong_tac_thuoc",
            standalone_query=question,
            patient=patient or None,
        )
    )


def test_a_pair_is_read_by_name_and_by_class_contraindications_first() -> None:
    """Warfarin + ibuprofen: ibuprofen's "coumarin" contraindication, then both sides' lines."""
    evidence = [
        ev("ibuprofen", "Ibuprofen", "tuong_tac_thuoc", IBUPROFEN_TT),
        ev("ibuprofen", "Ibuprofen", "chong_chi_dinh", IBUPROFEN_CI),
        ev("warfarin", "Warfarin", "tuong_tac_thuoc", WARFARIN_TT),
    ]
    frame = QueryFrame(turn_type=TurnType.INTERACTION, drugs=["warfarin", "ibuprofen"])
    result = answer(frame, evidence, AnswerMode.INTERACTION)
    assert [c.text for c in result.claims] == [
        "Người đang dùng thuốc chống đông coumarin.",
        "Các thuốc chống viêm không steroid làm tăng nguy cơ xuất huyết.",
        "Dùng cùng warfarin tăng nguy cơ chảy máu.",
    ]
    assert "Chống chỉ định" in result.lead


def test_a_section_naming_the_other_drug_is_not_read_by_its_class() -> None:
    """A line about a sibling ("Atorvastatin: … statin") is left out when the section names
    the asked drug itself."""
    catalog_terms = "Simvastatin: tăng nồng độ simvastatin. Atorvastatin: tạm ngừng statin."
    evidence = [ev("warfarin", "Warfarin", "tuong_tac_thuoc", catalog_terms)]
    frame = QueryFrame(turn_type=TurnType.INTERACTION, drugs=["warfarin", "simvastatin"])
    result = answer(frame, evidence, AnswerMode.INTERACTION)
    assert [c.text for c in result.claims] == ["Simvastatin: tăng nồng độ simvastatin."]


def test_one_drug_and_a_class_quotes_the_lines_naming_the_class() -> None:
    """ "carbamazepin dùng với thuốc ức chế MAO": the 14-day contraindication, nothing else."""
    evidence = [
        ev("carbamazepine", "Carbamazepin", "tuong_tac_thuoc", CARBA_TT),
        ev("carbamazepine", "Carbamazepin", "chong_chi_dinh", CARBA_CI),
    ]
    question = "carbamazepin dùng với thuốc ức chế MAO"
    frame = _one_drug(question)
    result = answer(frame, evidence, AnswerMode.SINGLE, question)
    assert [c.text for c in result.claims] == ["Dùng trong vòng 14 ngày sau một thuốc ức chế MAO."]


def test_a_partner_without_a_monograph_is_found_by_its_word() -> None:
    """ "… uống cùng cisaprid được không": cisaprid has no monograph; its line is quoted."""
    evidence = [ev("carbamazepine", "Carbamazepin", "tuong_tac_thuoc", CARBA_TT)]
    question = "carbamazepin uống cùng cisaprid được không"
    frame = _one_drug(question)
    result = answer(frame, evidence, AnswerMode.SINGLE, question)
    assert [c.text for c in result.claims] == ["Cisaprid: tránh dùng cùng."]


def test_the_partner_is_the_frames() -> None:
    """The frame's partner words are the partner, unless they name the drug itself; the
    frame's classes come first, with their own terms before the shared ones."""
    frame = QueryFrame(partner="cisaprid")
    partner = partner_of(frame, ("fluconazol",))
    assert partner is not None and partner.label == "cisaprid"
    assert partner_of(QueryFrame(partner="fluconazol"), ("fluconazol",)) is None
    assert partner_of(QueryFrame()) is None
    mao = partner_of(QueryFrame(partner="x", partner_classes=["maoi"]))
    assert mao is not None and mao.label == "ức chế MAO"


def test_a_class_partner_is_answered_before_the_patient_condition_check() -> None:
    """ "… uống chung thuốc ức chế MAO được không" for a patient with liver disease: the
    lines naming the class, not the liver lines of a can-I-use answer."""
    caution = "Thận trọng ở người suy gan."
    evidence = [
        ev("carbamazepine", "Carbamazepin", "tuong_tac_thuoc", CARBA_TT),
        ev("carbamazepine", "Carbamazepin", "chong_chi_dinh", CARBA_CI),
        ev("carbamazepine", "Carbamazepin", "than_trong", caution),
    ]
    question = "bệnh nhân suy gan uống carbamazepin chung thuốc ức chế MAO được không"
    frame = _one_drug(question, hepatic_impairment=True)
    result = answer(frame, evidence, AnswerMode.SINGLE, question)
    assert [c.text for c in result.claims] == ["Dùng trong vòng 14 ngày sau một thuốc ức chế MAO."]


def test_long_lines_of_a_pair_are_said_by_their_advice_the_last_line_first() -> None:
    """Two long lines that pass the room: the last one is said by its advice clause first;
    each still cites its own section, verbatim; short lines are never cut."""
    from core.evidence import Claim
    from grounding.interactions import compact

    first = Claim(
        text="Omeprazol: ức chế CYP2C19, làm giảm tạo chất chuyển hóa có hoạt tính và giảm "
        "tác dụng chống tiểu cầu; tránh phối hợp, nên chọn thuốc ít tương tác hơn.",
        citations=(0,),
    )
    second = Claim(
        text="Clopidogrel: omeprazol ức chế CYP2C19 làm giảm tạo chất chuyển hóa có hoạt "
        "tính của clopidogrel; tránh phối hợp, chọn thuốc ức chế bơm proton khác.",
        citations=(1,),
    )
    assert compact([first, second], 400) == [first, second]
    kept = compact([first, second], len(first.text) + 60)
    assert kept[0] == first
    assert kept[1] == Claim(
        text="tránh phối hợp, chọn thuốc ức chế bơm proton khác.", citations=(1,)
    )
    both = compact([first, second], 80)
    assert [c.text.startswith("tránh phối hợp") for c in both] == [True, True]
    assert [c.citations for c in both] == [(0,), (1,)]
    short = Claim(text="Rượu: tăng tác dụng; tránh dùng.", citations=(2,))
    assert compact([short], 10) == [short]


def test_an_allergy_line_is_left_to_its_section_when_the_pair_does_not_fit() -> None:
    """Over the room, a contraindication that says nothing of giving the two together (an
    allergy) goes; one about giving them together stays, and so does everything that fits."""
    from core.evidence import Claim
    from grounding.interactions import compact

    evidence = [
        ev("aspirin", "Aspirin", "chong_chi_dinh", "x"),
        ev("ibuprofen", "Ibuprofen", "chong_chi_dinh", "x"),
        ev("aspirin", "Aspirin", "tuong_tac_thuoc", "x"),
    ]
    allergy = Claim(text="Quá mẫn với ibuprofen hoặc khi dùng aspirin.", citations=(0,))
    together = Claim(text="Dùng đồng thời với aspirin liều cao.", citations=(1,))
    spaced = Claim(text="Uống aspirin trước ibuprofen ít nhất 30 phút.", citations=(2,))
    assert compact([allergy, together, spaced], 400, evidence) == [allergy, together, spaced]
    assert compact([allergy, together, spaced], 60, evidence) == [together, spaced]
