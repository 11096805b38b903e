"""Tests for grounding/amounts.py: which rows get a worked-out amount, through the answerer."""

from __future__ import annotations

from asked_frames import understood
from grounding_samples import ev

from core.catalog import DrugCatalog
from core.evidence import Answer, Claim, Evidence
from core.frame import PatientContext, QueryFrame
from core.ports import AnswerMode, AnswerRequest
from grounding.amounts import amount_claims
from grounding.asked import AskedWords
from grounding.block import Reading
from grounding.blocks import Block, BlockKind, parse_blocks
from grounding.checks import run_checks
from grounding.dose_figures import figures_in
from grounding.extractive import ExtractiveAnswerer
from grounding.figure_patients import figure_fits
from grounding.quote_only import QUOTE_ONLY_NOTE, quote_only
from grounding.verify import default_checks

# Our own words, in the book's shapes.
CEFUROXIM = """*Tiêm bắp:*
- Trẻ em theo cân nặng (1 tháng – 12 tuổi, dưới 40 kg): 30–60 mg/kg × 1 lần/ngày.
- Trẻ em theo cân nặng (viêm phổi): 60 mg/kg/ngày (tối đa 3 g), chia 2 lần.
- Trẻ em theo cân nặng (viêm xoang cấp): liều duy nhất 40 mg/kg, tối đa 750 mg.
- Người lớn: 750 mg × 2 lần/ngày.
- Suy thận (ClCr < 20 ml/phút): không quá 750 mg/ngày."""

METRONIDAZOL = """*Uống:*
- Trẻ em, hội chứng X: 200 mg/m² mỗi ngày trong 5 ngày.
- Trẻ em dưới 2 tháng tuổi hoặc dưới 4 kg: không khuyến cáo dùng.
- Trẻ em: 7,5 mg/kg mỗi lần, 3 lần/ngày."""

IBUPROFEN = """*Trẻ em:*

*Giảm đau, hạ sốt:*

Trẻ 1–4 tuổi: 100 mg × 3 lần/ngày.

Trẻ 4–7 tuổi: 150 mg × 3 lần/ngày.

Nếu tính theo cân nặng: 5–10 mg/kg mỗi lần, cách nhau 6–8 giờ."""


def answer(
    catalog: DrugCatalog, drug: str, text: str, question: str = "q", **frame: object
) -> Answer:
    evidence = [ev(drug, drug.title(), "lieu_luong_cach_dung", text)]
    request = AnswerRequest(
        mode=AnswerMode.SINGLE,
        question=question,
        frame=understood(
            QueryFrame.model_validate(
                {"turn_type": "dosing_calc", "drugs": [drug], "standalone_query": question, **frame}
            )
        ),
        evidence=tuple(evidence),
    )
    result = ExtractiveAnswerer(catalog).generate(request)
    assert isinstance(result, Answer)
    failed = [v for v in run_checks(result, evidence, default_checks(request, catalog)) if not v.ok]
    assert failed == [], failed
    return result


def worked(result: Answer) -> list[str]:
    return [c.text for c in result.claims if c.derivation is not None]


def test_only_the_named_indication_is_worked_out_and_capped(catalog: DrugCatalog) -> None:
    """'viêm xoang cấp' named: its single dose for 25 kg, 1 000 mg, is capped at 750 mg."""
    result = answer(
        catalog, "cefuroxime", CEFUROXIM, "cefuroxim tiêm bắp cho bé viêm xoang cấp",
        population="child", age_months=60, weight_kg=25, route="im",
    )  # fmt: skip
    assert worked(result) == ["25 kg × 40 mg/kg = 1 000 mg; tối đa 750 mg → 750 mg liều duy nhất"]
    assert QUOTE_ONLY_NOTE not in result.lead


def rows_of(text: str) -> list[Block]:
    evidence = ev("cefuroxime", "Cefuroxim", "lieu_luong_cach_dung", text)
    return [b for b in parse_blocks([(0, evidence)]) if b.kind is BlockKind.ROW]


def test_weight_outside_the_band_is_not_worked_out() -> None:
    """Even when handed the row, a 45 kg child is outside its 'dưới 40 kg' band."""
    rows = [b for b in rows_of(CEFUROXIM) if "1 tháng – 12 tuổi" in b.text]
    child = QueryFrame(turn_type="dosing_calc", population="child", age_months=132)
    assert (
        amount_claims(rows, [], rows, child.model_copy(update={"weight_kg": 45}), AskedWords(""))
        == {}
    )
    assert amount_claims(rows, [], rows, child.model_copy(update={"weight_kg": 30}), AskedWords(""))


def test_kidney_row_governs_and_nothing_is_worked_out() -> None:
    """A patient with impaired kidneys and a renal row in the section: no per-kg amount."""
    blocks = rows_of(CEFUROXIM)
    rows = [b for b in blocks if "1 tháng – 12 tuổi" in b.text]
    frame = QueryFrame(
        turn_type="dosing_calc", population="child", age_months=60, weight_kg=20,
        patient=PatientContext(renal_impairment=True, egfr=15),
    )  # fmt: skip
    assert amount_claims(rows, [], blocks, frame, AskedWords("")) == {}
    assert amount_claims(
        rows, [], blocks, frame.model_copy(update={"patient": None}), AskedWords("")
    )


def test_body_surface_figures_and_refused_patients_are_not_worked_out(
    catalog: DrugCatalog,
) -> None:
    """mg/m² needs a body surface nobody gave; a row refusing the patient stops every sum."""
    bsa = answer(
        catalog, "metronidazole", METRONIDAZOL, "metronidazol cho bé bị hội chứng X",
        population="child", age_months=60, weight_kg=20, route="oral",
    )  # fmt: skip
    assert not any("m²" in t or "m2" in t for t in worked(bsa))
    refused = answer(
        catalog, "metronidazole", METRONIDAZOL, "metronidazol cho bé",
        population="child", age_months=1, weight_kg=3.5, route="oral",
    )  # fmt: skip
    assert worked(refused) == []


def test_age_row_is_shown_beside_the_per_kg_rule(catalog: DrugCatalog) -> None:
    """5 years, 18 kg: the 4–7 year row and the amount from the per-kg rule, both."""
    result = answer(
        catalog, "ibuprofen", IBUPROFEN, "ibuprofen cho bé bị sốt",
        population="child", age_months=60, weight_kg=18, route="oral",
    )  # fmt: skip
    texts = [c.text for c in result.claims]
    assert "Trẻ 4–7 tuổi: 150 mg × 3 lần/ngày." in texts
    assert worked(result) == ["18 kg × 5–10 mg/kg = 90–180 mg mỗi lần"]


def test_quote_only_drops_amounts_and_says_so() -> None:
    """The fallback keeps the quoted rows and puts the 'nothing worked out' note back."""
    from core.evidence import Derivation

    derived = Claim(
        text="18 kg × 10 mg/kg = 180 mg mỗi lần",
        citations=(0,),
        derivation=Derivation(quoted="10 mg/kg", weight_kg=18, result="180 mg"),
    )
    plain = Claim(text="10 mg/kg mỗi lần.", citations=(0,))
    fallback = quote_only(Answer(lead="Liều dùng X theo Dược thư:", claims=(plain, derived)))
    assert fallback.claims == (plain,)
    assert fallback.lead == f"Liều dùng X theo Dược thư{QUOTE_ONLY_NOTE}:"


def test_no_weight_no_amount(catalog: DrugCatalog, paracetamol_dose: list[Evidence]) -> None:
    """An adult asked about without a weight gets the rows only."""
    del paracetamol_dose
    result = answer(
        catalog, "ibuprofen", IBUPROFEN, "ibuprofen cho bé", population="adult", route="oral"
    )
    assert worked(result) == []


POST_OP_PARA = """*Đau, sốt:*

Trẻ em: 10–15 mg/kg mỗi lần.

*Đau sau phẫu thuật:*

Trẻ em: liều đầu 20–30 mg/kg (tối đa 1 g)."""


def test_the_case_told_after_an_operation_picks_the_surgery_rows(catalog: DrugCatalog) -> None:
    """A follow-up ('liều đầu bao nhiêu mg?') of a child told 'sau mổ' earlier in the case: the
    patient's own condition names the post-operative head, so its amount is worked out."""
    result = answer(
        catalog, "paracetamol", POST_OP_PARA, "liều đầu bao nhiêu mg?", population="child",
        age_months=120, weight_kg=40, patient=PatientContext(comorbidities=["sau mổ"]),
    )  # fmt: skip
    assert worked(result) == [
        "40 kg × 20–30 mg/kg = 800–1 200 mg; tối đa 1 g → 800–1 000 mg mỗi lần"
    ]


def test_a_dose_said_of_babies_born_early_is_not_worked_out_for_a_term_baby() -> None:
    """'Trẻ đẻ thiếu tháng có thể cho 0,4 mg/kg': worked out for a baby born early (or one
    nobody said was born at term), not for a baby said to be born 'đủ tháng'."""
    text = (
        "*Tiêm bắp:*\n- Trẻ sơ sinh (dự phòng): 1 mg một lần lúc mới sinh. "
        "Trẻ đẻ thiếu tháng có thể cho 0,4 mg/kg (tối đa 1 mg)."
    )
    rows = [b for b in parse_blocks([(0, ev("x", "X", "lieu_luong_cach_dung", text))])
            if b.kind is BlockKind.ROW]  # fmt: skip
    baby = QueryFrame(turn_type="dosing_calc", population="child", age_months=0.1, weight_kg=2)
    assert amount_claims(rows, [], rows, baby, AskedWords("bé sinh non 2 kg tiêm vitamin K"))
    assert amount_claims(rows, [], rows, baby, AskedWords("bé 2 kg tiêm vitamin K"))
    assert amount_claims(rows, [], rows, baby, AskedWords("bé đủ tháng 2 kg tiêm vitamin K")) == {}
    assert amount_claims(rows, [], rows, baby, AskedWords("bé không đủ tháng 2 kg"))


def test_a_figure_after_another_drugs_tail_has_no_label() -> None:
    """'20 mg/kg thuốc A/ngày, 2 mg/kg thuốc B/ngày': the second amount is not labelled with
    the first figure's tail ('Thuốc A/ngày'), which would read as the first drug's dose."""
    text = "*Uống:*\n- Trẻ em, viêm phế quản: 20 mg/kg thuốc A/ngày, 2 mg/kg thuốc B/ngày."
    rows = [b for b in parse_blocks([(0, ev("x", "X", "lieu_luong_cach_dung", text))])
            if b.kind is BlockKind.ROW]  # fmt: skip
    child = QueryFrame(turn_type="dosing_calc", population="child", age_months=60, weight_kg=10)
    texts = [
        c.text
        for claims in amount_claims(rows, [], rows, child, AskedWords("")).values()
        for c in claims
    ]
    assert texts == [
        "10 kg × 20 mg/kg/ngày = 200 mg mỗi ngày",
        "10 kg × 2 mg/kg/ngày = 20 mg mỗi ngày",
    ]


AMOXICILIN_TIEM = """*Tiêm tĩnh mạch:*
- Trẻ em (từ 1 tháng - 15 tuổi): 100 - 200 mg/kg/ngày.
- Dự phòng viêm nội tâm mạc nhiễm khuẩn: Trẻ em: 50 mg/kg một giờ trước thủ thuật."""
BY_GRAVITY = """*Uống:*
- Nhiễm khuẩn nặng: 40 mg/kg/ngày cách 8 giờ/lần.
- Nhiễm khuẩn nhẹ: 20 mg/kg/ngày cách 8 giờ/lần."""


def test_a_kind_of_infection_names_no_head_unless_it_is_the_whole_head() -> None:
    """'nhiễm khuẩn nặng' does not name the endocarditis head by its 'nhiễm khuẩn' (the general
    row is worked out); it names the head 'Nhiễm khuẩn nặng' said whole, not 'nhẹ'."""
    frame = QueryFrame(turn_type="dosing_calc", population="child", age_months=12, weight_kg=9)
    asked = AskedWords("tre 1 tuoi nhiem khuan nang")

    def texts(book: str) -> list[str]:
        rows = rows_of(book)
        return [c.text for cs in amount_claims(rows, [], rows, frame, asked).values() for c in cs]

    assert "9 kg × 100–200 mg/kg/ngày = 900–1 800 mg mỗi ngày" in texts(AMOXICILIN_TIEM)
    assert texts(BY_GRAVITY) == [
        "9 kg × 40 mg/kg/ngày = 360 mg mỗi ngày",
        "9 kg × 40 mg/kg/ngày ÷ 3 lần = 120 mg mỗi lần",
    ]


def test_the_age_row_beside_is_of_an_indication_said_by_more_than_its_kind() -> None:
    """Asked about 'viêm bể thận', the meningitis-prophylaxis age row ('Dự phòng viêm màng
    não: …12 - 18 tuổi: Liều đơn 500 mg') is not shown beside the per-kg row for sharing
    'viêm'; asked about meningitis prophylaxis, it is."""
    from grounding.amounts import age_row_beside

    book = (
        "*Viêm bể thận*:\n\nUống: 20 - 30 mg/kg/ngày, chia làm 2 lần.\n\n"
        "*Dự phòng viêm màng não*:\n\nTrẻ em từ 12 - 18 tuổi: Liều đơn 500 mg."
    )
    blocks = rows_of(book)
    per_kg = [b for b in blocks if "mg/kg" in b.text]
    frame = QueryFrame(turn_type="dosing_calc", population="child", age_months=156, weight_kg=55)
    assert age_row_beside(per_kg, blocks, frame, AskedWords("be 13 tuoi viem be than")) is None
    beside = age_row_beside(per_kg, blocks, frame, AskedWords("du phong viem mang nao"))
    assert beside is not None and "500 mg" in beside.text


def test_a_days_ceiling_printed_after_the_row_holds_the_days_amount() -> None:
    """'10 mg/kg x 3 - 4 lần/ngày' then, in the next sentence under the same head, 'Tối đa
    2,4 g/ngày': for 70 kg the day's amount is held at 2,4 g, never 2 800 mg; the dose of
    700 mg is given as it is."""
    book = (
        "*Viêm khớp thiếu niên:*\n\nTrẻ 3 tháng - 18 tuổi: 10 mg/kg x 3 - 4 lần/ngày. "
        "Có thể tăng đến 60 mg/kg/ngày, chia 3 - 4 lần. Tối đa 2,4 g/ngày."
    )
    blocks = rows_of(book)
    frame = QueryFrame(turn_type="dosing_calc", population="child", age_months=180, weight_kg=70)
    found = amount_claims(blocks, [], blocks, frame, AskedWords(""))
    texts = [c.text for claims in found.values() for c in claims]
    assert "70 kg × 10 mg/kg = 700 mg mỗi lần" in texts
    assert any(t.endswith("Tối đa 2,4 g/ngày → 2 100–2 400 mg mỗi ngày") for t in texts), texts


def test_a_row_held_at_the_adult_dose_in_words_is_quoted_not_worked_out() -> None:
    """'50 mg/kg (không được vượt liều người lớn)' for 45 kg would be 2 250 mg, above an adult's
    2 g: with no amount printed as the ceiling, nothing is worked out."""
    rows = rows_of("Trẻ em: Một liều duy nhất 50 mg/kg (không được vượt liều người lớn).")
    frame = QueryFrame(turn_type="dosing_calc", population="child", age_months=156, weight_kg=45)
    assert amount_claims(rows, [], rows, frame, AskedWords("")) == {}


def test_a_row_held_at_the_adult_dose_is_held_at_the_adult_rows_amount() -> None:
    """With the adult row of the same indication printing one amount ('Người lớn: Một liều
    duy nhất 2 g'), 50 mg/kg for 45 kg is held at it: 2 250 mg → 2 g, and it rechecks."""
    from grounding.derivation import verify

    book = (
        "*Dự phòng viêm nội tâm mạc*:\n\nNgười lớn: Một liều duy nhất 2 g, uống trước.\n\n"
        "Trẻ em: Một liều duy nhất 50 mg/kg (không được vượt liều người lớn)."
    )
    rows = rows_of(book)
    frame = QueryFrame(turn_type="dosing_calc", population="child", age_months=156, weight_kg=45)
    [claim] = [
        c for cs in amount_claims(rows, [], rows, frame, AskedWords("")).values() for c in cs
    ]
    assert claim.text == (
        "45 kg × 50 mg/kg = 2 250 mg; Người lớn: Một liều duy nhất 2 g → 2 g liều duy nhất"
    )
    assert claim.derivation is not None and verify(claim.derivation) == []


def test_a_days_ceiling_earlier_in_the_paragraph_holds_the_days_amount() -> None:
    """A day's ceiling, then 'Liều duy trì: 4 - 8 mg/kg/ngày', in one paragraph:
    the maintenance day for 45 kg is held at 300 mg; a ceiling in another paragraph is not."""
    book = (
        "*Động kinh:*\n\nTrẻ em: khởi đầu 5 mg/kg/ngày, chia 2 lần. Tăng dần khi cần, "
        "tổng liều không được vượt 300 mg/ngày. Liều duy trì: 4 - 8 mg/kg/ngày, chia 2 lần."
    )
    rows = rows_of(book)
    frame = QueryFrame(turn_type="dosing_calc", population="child", age_months=132, weight_kg=45)
    texts = [
        c.text for cs in amount_claims(rows, [], rows, frame, AskedWords("")).values() for c in cs
    ]
    assert any("180–360 mg" in t and "300 mg" in t.split("→")[-1] for t in texts), texts
    apart = rows_of(book.replace("ngày. Liều duy trì", "ngày.\n\nLiều duy trì"))
    texts = [
        c.text for cs in amount_claims(apart, [], apart, frame, AskedWords("")).values() for c in cs
    ]
    assert any(t.endswith("180–360 mg mỗi ngày") for t in texts), texts


def test_a_maintenance_dose_held_at_the_starting_dose_of_the_childs_band() -> None:
    """'0,1 mg/kg …, không quá liều khởi đầu' for 16 kg: 1,6 mg held at the 13–20 kg
    starting row's 1 mg, and it rechecks; with no starting row for the child, nothing."""
    from grounding.derivation import verify

    book = (
        "*Tiêu chảy:*\n\nTrẻ 2 - 5 tuổi (12 - 19 kg): 1 mg/lần, 3 lần/ngày. "
        "Trẻ 6 - 8 tuổi (20 - 29 kg): 2 mg/lần, 2 lần/ngày. "
        "Duy trì: 0,1 mg/kg mỗi lần đi ngoài, nhưng không quá liều khởi đầu."
    )
    rows = rows_of(book)
    frame = QueryFrame(turn_type="dosing_calc", population="child", age_months=48, weight_kg=16)
    [claim] = [
        c for cs in amount_claims(rows, [], rows, frame, AskedWords("")).values() for c in cs
    ]
    assert claim.text.endswith("(12 - 19 kg): 1 mg → 1 mg mỗi lần"), claim.text
    assert claim.derivation is not None and verify(claim.derivation) == []
    older = QueryFrame(turn_type="dosing_calc", population="child", age_months=132, weight_kg=35)
    assert amount_claims(rows, [], rows, older, AskedWords("")) == {}


GIARDIA = """*Uống:*
- Trẻ em theo cân nặng (nhiễm Giardia): 15 mg/kg/ngày, trong 5 ngày."""


def test_a_split_and_a_liquid_the_user_says_give_the_ml_of_one_dose(catalog: DrugCatalog) -> None:
    """The book gives the day's amount; the user gives it in 3 doses of a 200mg/5ml liquid
    and asks ml: 300 mg a day, 100 mg each, 2,5 ml each; every claim passes the checks."""
    result = answer(
        catalog, "metronidazole", GIARDIA,
        "bé 20 ký nhiễm giardia, hỗn dịch 200mg/5ml, chia 3 lần một ngày thì mỗi lần mấy ml",
        population="child", age_months=60, weight_kg=20, route="oral",
    )  # fmt: skip
    assert worked(result) == [
        "20 kg × 15 mg/kg/ngày = 300 mg; 200mg/5ml → 7,5 ml mỗi ngày",
        "20 kg × 15 mg/kg/ngày ÷ 3 lần = 100 mg; 200mg/5ml → 2,5 ml mỗi lần"
        " (chia 3 lần như bạn nói)",
    ]


def test_without_a_split_or_ml_asked_only_the_books_amounts(catalog: DrugCatalog) -> None:
    """Asked in mg with no doses a day said, the day's amount alone, in mg."""
    result = answer(
        catalog, "metronidazole", GIARDIA, "bé 20 ký nhiễm giardia, ống 200mg/5ml, bao nhiêu mg",
        population="child", age_months=60, weight_kg=20, route="oral",
    )  # fmt: skip
    assert worked(result) == ["20 kg × 15 mg/kg/ngày = 300 mg mỗi ngày"]


AZITHRO = (
    "*Uống:*\n- Trẻ từ 6 tháng tuổi, nhiễm khuẩn hô hấp: 10 mg/kg × 1 lần/ngày trong 3 ngày"
    " (tối đa 500 mg/ngày).\n- Viêm tai giữa cấp (trẻ từ 6 tháng tuổi): 30 mg/kg liều duy nhất"
    " (tối đa 1 500 mg), hoặc 10 mg/kg × 1 lần/ngày trong 3 ngày."
)


def test_the_same_regimens_cap_printed_in_another_row_holds_it(catalog: DrugCatalog) -> None:
    """'10 mg/kg × 1 lần/ngày' printed again for otitis without its ceiling: for 55 kg it is
    held at the 500 mg a day the book prints for the same regimen, and rechecks; the single
    dose keeps its own 1 500 mg."""
    result = answer(
        catalog, "azithromycin", AZITHRO, "azithromycin cho bé viêm tai giữa cấp",
        population="child", age_months=168, weight_kg=55, route="oral",
    )  # fmt: skip
    assert worked(result) == [
        "55 kg × 30 mg/kg = 1 650 mg; tối đa 1 500 mg → 1 500 mg liều duy nhất",
        "55 kg × 10 mg/kg = 550 mg; tối đa 500 mg/ngày → 500 mg một lần mỗi ngày",
    ]


IBUPROFEN_BANDS = (
    "*Giảm đau, hạ sốt:*\n\nTrẻ 12–18 tuổi: 200–400 mg × 3–4 lần/ngày; khi tự điều trị không"
    " quá 1 200 mg/ngày.\n\nCác liều theo tuổi (3 tháng - 12 tuổi) không vượt quá 30 mg/kg/ngày."
    "\n\nNếu tính theo cân nặng: 5–10 mg/kg mỗi lần khi sốt; không quá 40 mg/kg/ngày."
)


def test_a_days_maximum_is_held_at_the_ceiling_of_the_patients_band() -> None:
    """The day's maximum asked (40 mg/kg/ngày) is held at the day's ceiling printed for the
    patient's band: 1 200 mg/ngày for a 15-year-old of 70 kg (not 2 800). The 30 mg/kg/ngày
    printed for the doses by age does not hold the per-kg rule: 800 mg for a 6-year-old of
    20 kg, by the rule's own 40 mg/kg/ngày. Each rechecks."""
    from grounding.derivation import verify

    evidence = ev("ibuprofen", "Ibuprofen", "lieu_luong_cach_dung", IBUPROFEN_BANDS)
    blocks = parse_blocks([(0, evidence)])
    rows = [b for b in blocks if b.kind is BlockKind.ROW]

    def day_max(age: int, weight: int) -> list[str]:
        frame = QueryFrame(
            turn_type="dosing_calc", population="child", age_months=age, weight_kg=weight,
            max_dose=True,
        )  # fmt: skip
        found = amount_claims(rows, [], blocks, frame, AskedWords("tối đa một ngày"))
        claims = [c for cs in found.values() for c in cs if "40 mg/kg/ngày =" in c.text]
        assert all(c.derivation and verify(c.derivation) == [] for c in claims)
        return [c.text for c in claims]

    assert day_max(72, 20) == ["Tối đa mỗi ngày: 20 kg × 40 mg/kg/ngày = 800 mg mỗi ngày"]
    assert day_max(180, 70) == [
        "Tối đa mỗi ngày: 70 kg × 40 mg/kg/ngày = 2 800 mg; không quá 1 200 mg/ngày → 1 200 mg"
        " mỗi ngày"
    ]


def test_another_indications_band_ceiling_does_not_hold_the_days_maximum() -> None:
    """The fever rows' 'tối đa 60 mg/kg/ngày' for 6–12 years does not hold the post-operative
    day's maximum (90 mg/kg/ngày, không quá 4 g/ngày) of the same child: 4 g, not 2 880 mg."""
    from grounding.derivation import verify

    text = (
        "*Sốt:*\n\nTrẻ 6–12 tuổi: 15 mg/kg mỗi lần, tối đa 60 mg/kg/ngày.\n\n*Đau sau phẫu thuật:*"
        "\n\nTrẻ 6–12 tuổi: 15–20 mg/kg mỗi lần; tối đa 90 mg/kg/ngày, không quá 4 g/ngày."
    )
    blocks = parse_blocks([(0, ev("paracetamol", "Paracetamol", "lieu_luong_cach_dung", text))])
    rows = [b for b in blocks if b.kind is BlockKind.ROW and "90 mg" in b.text]
    frame = QueryFrame(
        turn_type="dosing_calc", population="child", age_months=132, weight_kg=48, max_dose=True
    )
    found = amount_claims(rows, [], blocks, frame, AskedWords("mổ xong tối đa một ngày"))
    day = [c for cs in found.values() for c in cs if "90 mg/kg/ngày =" in c.text]
    assert [c.derivation.result for c in day if c.derivation] == ["4 g"]
    assert all(c.derivation and verify(c.derivation) == [] for c in day)


# Two bands in one sentence, each named after its figure (our words, the book's shape).
TWO_BANDS_AFTER = (
    "*Uống:*\n- Bệnh Y: khởi đầu thấp (20 - 40 mg/kg/ngày chia 3 lần cho trẻ trên 1 tháng,"
    " và 15 mg/kg/ngày chia 3 lần cho trẻ sơ sinh)."
)


def test_a_figure_named_for_newborns_after_it_is_not_worked_out_for_a_toddler(
    catalog: DrugCatalog,
) -> None:
    """A 2-year-old of 12 kg gets the 'trên 1 tháng' figure worked out, not the newborns' one."""
    result = answer(
        catalog, "cefuroxime", TWO_BANDS_AFTER, "bé 2 tuổi 12 kg bệnh Y uống bao nhiêu",
        population="child", age_months=24, weight_kg=12, route="oral",
    )  # fmt: skip
    texts = worked(result)
    assert any("12 kg × 20–40 mg/kg/ngày = 240–480 mg" in t for t in texts), texts
    assert not any("15 mg/kg" in t for t in texts), texts


def test_each_figure_is_for_the_patients_named_after_it() -> None:
    """Read on its own, the newborns' figure fits a 10-day-old and not a 2-year-old."""
    said = Reading(TWO_BANDS_AFTER)
    figures = figures_in(TWO_BANDS_AFTER)
    assert figure_fits(said, figures, 0, (12, 24), at_term=False)
    assert not figure_fits(said, figures, 1, (12, 24), at_term=False)
    assert figure_fits(said, figures, 1, (3, 0.3), at_term=False)
    assert not figure_fits(said, figures, 0, (3, 0.3), at_term=False)
