"""An amount told for a child weighed against the book's per-kg dose (safety.dose_amounts)."""

from __future__ import annotations

import pytest

from core.frame import QueryFrame, Triage
from safety.cue_matching import TurnText
from safety.dose_amounts import Book, against_book, per_kg_figures, taken_mg, weight_of_age
from safety.triage import classify

# Dose lines in the book's shape (our own sentences, the book's figures).
_LINES = {
    "paracetamol": [
        ("lieu_luong_cach_dung", "Trẻ em: uống 10–15 mg/kg mỗi lần, cách 4–6 giờ."),
        ("lieu_luong_cach_dung", "Tối đa 60 mg/kg/ngày."),
        ("chong_chi_dinh", "Không dùng khi suy gan nặng; 500 mg/kg là liều độc."),
    ],
    "azithromycin": [("lieu_luong_cach_dung", "Trẻ em: 10 mg/kg × 1 lần/ngày trong 3 ngày.")],
    "cetirizine": [("lieu_luong_cach_dung", "Trẻ 2–6 tuổi: 2,5 mg × 2 lần/ngày.")],
}


def lines(drug: str) -> list[tuple[str, str]]:
    return _LINES.get(drug, [])


def frame(drug: str, age_months: float | None = None) -> QueryFrame:
    return QueryFrame(drugs=[drug], age_months=age_months)


@pytest.mark.parametrize(
    ("text", "mg", "times", "amounts"),
    [
        ("bé uống 15ml siro (200mg/5ml) trong 1 lần", 600.0, 1, 1),
        ("con uống 7,5ml siro ibuprofen 100mg/5ml", 150.0, 1, 1),
        ("bé vừa uống 1 gói hapacol 150 vì sốt", 150.0, 1, 1),
        ("pha 2 gói paracetamol 250 mỗi lần, đã cho uống 4 lần từ sáng", 500.0, 4, 1),
        ("đặt 1 viên 150 rồi, 1 tiếng sau lại đặt thêm 1 viên 300", 450.0, 1, 2),
        ("cho uống 2 thìa canh siro 5mg/5ml", 30.0, 1, 1),
        ("truyền paracetamol 1g x 4 lần từ hôm qua", 1000.0, 4, 1),
    ],
)
def test_the_amount_taken_is_read_in_mg(text: str, mg: float, times: int, amounts: int) -> None:
    """Volume × strength, count × strength, amounts told one after another added, times,
    and how many amounts were told."""
    assert taken_mg(TurnText.of(text).folded) == (mg, times, amounts)


def test_no_strength_no_amount() -> None:
    """A volume with no strength, or a count with none, gives nothing to weigh."""
    assert taken_mg(TurnText.of("bé uống 10ml siro ho").folded) is None
    assert taken_mg(TurnText.of("bé uống 3 viên thuốc").folded) is None


def test_the_books_largest_figures_per_dose_and_per_day() -> None:
    """The usual and the largest per dose, the largest a day (none printed: four doses);
    only the dose section counts; a line with no per-kg figure gives none."""
    assert per_kg_figures(lines("paracetamol")) == (15.0, 15.0, 60.0)
    assert per_kg_figures(lines("azithromycin")) == (10.0, 10.0, 40.0)
    assert per_kg_figures(lines("cetirizine")) is None


def test_a_childs_weight_from_age() -> None:
    """The rule of thumb: (months + 9) / 2 under a year, 2 × years + 8 after."""
    assert weight_of_age(7) == 8.0
    assert weight_of_age(24) == 12.0


@pytest.mark.parametrize(
    ("text", "f", "verdict"),
    [
        # 600 mg for about 12 kg: 50 mg/kg where the book doses 10
        (
            "be 2 tuoi uong 15ml siro azithromycin 200mg/5ml trong 1 lan",
            frame("azithromycin", 24),
            Book.OVER,
        ),
        # 500 mg four times for 13 kg: 154 mg/kg in a day
        (
            "bé 13kg, pha 2 gói paracetamol 250 mỗi lần, đã cho uống 4 lần từ sáng",
            frame("paracetamol"),
            Book.OVER,
        ),
        # 144 mg for 13 kg: 11 mg/kg, a dose as meant, said with alarm
        (
            "sợ quá, bé 13kg mà tôi cho uống 6ml siro paracetamol 120mg/5ml",
            frame("paracetamol"),
            Book.WITHIN,
        ),
        ("bé 15 tháng 10kg vừa uống 1 gói hapacol 150", frame("paracetamol", 15), Book.WITHIN),
        # one dose each from two carers: not one dose as meant
        (
            "bé 8kg, em cho uống 1 gói hapacol 80 rồi bà lại cho thêm 1 gói 80",
            frame("paracetamol"),
            None,
        ),
        # between a dose and 1.5 doses: nothing said, the event grammar decides
        ("bé 10kg uống 10ml siro paracetamol 100mg/5ml", frame("paracetamol"), None),
        # no per-kg figure, no weight, two drugs: nothing said
        ("bé 12kg uống 30ml siro cetirizin 5mg/5ml", frame("cetirizine"), None),
        ("bé uống 15ml siro azithromycin 200mg/5ml", frame("azithromycin"), None),
        (
            "bé 12kg uống 15ml siro 200mg/5ml",
            QueryFrame(drugs=["azithromycin", "paracetamol"]),
            None,
        ),
    ],
)
def test_the_amount_against_the_book(text: str, f: QueryFrame, verdict: Book | None) -> None:
    """Beyond 1.5 times the largest dose per kg, or a day beyond the day's, is over; at or
    below one dose, within; anything unread says nothing."""
    assert against_book(TurnText.of(text), f, lines) is verdict


@pytest.mark.parametrize(
    ("text", "f", "kind"),
    [
        (
            "be 2 tuoi uong 15ml siro azithromycin 200mg/5ml trong 1 lan",
            frame("azithromycin", 24),
            Triage.EMERGENCY,
        ),
        # a light adult dosed per kg: 4 g a day for 35 kg is beyond the day's 60 mg/kg
        (
            "bệnh nhân nặng 35kg được truyền paracetamol 1g x 4 lần từ hôm qua",
            frame("paracetamol"),
            Triage.EMERGENCY,
        ),
        # an adult over 50 kg is not weighed per kg: the grammar reads it
        ("bệnh nhân 60kg truyền paracetamol 1g x 4 lần/ngày", frame("paracetamol"), None),
        # asked before it is given: the dose row answers it
        (
            "bé 2 tuổi cho uống 15ml siro azithromycin 200mg/5ml được không",
            frame("azithromycin", 24),
            None,
        ),
        (
            "trời ơi con uống 7,5ml siro paracetamol 120mg/5ml, bé 17kg, vậy có sao không",
            frame("paracetamol"),
            None,
        ),
        # within a dose, but the grandmother's medicine: not a dose as meant
        (
            "bé 12kg tự lấy uống 5ml siro paracetamol 120mg/5ml của bà rồi",
            frame("paracetamol"),
            Triage.EMERGENCY,
        ),
    ],
)
def test_triage_weighs_a_childs_amount_against_the_book(
    text: str, f: QueryFrame, kind: Triage | None
) -> None:
    """Over the book's dose, told: an emergency; within it, with no sign and nobody else's
    medicine: no triage (asked or told with alarm)."""
    found = classify(text, f, lines)
    assert (found.kind if found else None) is kind


@pytest.mark.parametrize(
    ("text", "drug", "kind"),
    [
        (
            "chết cha, em uống amoxicillin 2 lần trong 1 tiếng vì tưởng chưa uống, có sao không",
            "amoxicillin",
            None,
        ),
        ("em uống amoxicillin 500 2 viên 1 lúc thay vì 1 viên, có sao không", "amoxicillin", None),
        ("em vừa uống 10 viên amoxicillin 500 1 lúc", "amoxicillin", Triage.EMERGENCY),
        ("ông uống 2 lần digoxin trong 1 tiếng, giờ buồn nôn", "digoxin", Triage.EMERGENCY),
        # a day's two tablets and a reaction: the reaction, not a doubled dose
        (
            "uống amoxicillin ngày 2 viên được 5 ngày, giờ vàng da, ngứa khắp người",
            "amoxicillin",
            Triage.EMERGENCY,
        ),
    ],
)
def test_one_dose_of_a_wide_margin_drug_taken_twice(
    text: str, drug: str, kind: Triage | None
) -> None:
    """An adult's dose of amoxicillin taken twice is a question; ten tablets, or a narrow
    drug twice with a sign now, are emergencies."""
    found = classify(text, QueryFrame(drugs=[drug]))
    assert (found.kind if found else None) is kind


def test_a_childs_dose_slipped_only_in_its_state_is_a_question() -> None:
    """'Lỡ cho bé uống lúc đói' is the book's question; a slip with an amount is not."""
    assert classify("em lỡ cho bé uống lúc đói, có sao không", frame("ibuprofen")) is None
    found = classify("lỡ cho bé uống 3 gói lúc đói rồi", frame("ibuprofen"))
    assert found is not None and found.kind is Triage.EMERGENCY
