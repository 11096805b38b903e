"""Tests for grounding/derivation.py: per-kg figures, caps, the arithmetic and its recheck."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.evidence import Derivation
from grounding.claim_check import check_claim
from grounding.derivation import (
    Period,
    caps_in,
    figures_in,
    read_amount,
    recompute,
    row_caps,
    shown_number,
    split_by,
    verify,
    work,
)
from grounding.liquid import read_strength


def worked(text: str, weight: str) -> list[str]:
    figures = figures_in(text)
    return [work(f, Decimal(weight), row_caps(text, f, figures)).text() for f in figures]


def test_per_dose_figure_times_weight() -> None:
    """10–15 mg/kg per dose for 18 kg is 180–270 mg per dose, as the contract shows it."""
    assert worked("Uống 10–15 mg/kg mỗi lần, cách nhau 4–6 giờ.", "18") == [
        "18 kg × 10–15 mg/kg = 180–270 mg mỗi lần"
    ]


def test_bare_cap_binds_the_figure_before_it() -> None:
    """50 mg/kg as one dose for 25 kg is 1 250 mg, lowered to the printed 'tối đa 1 g'."""
    [line] = worked("Viêm tai: tiêm bắp 50 mg/kg một liều duy nhất (tối đa 1 g).", "25")
    assert line == "25 kg × 50 mg/kg = 1 250 mg; tối đa 1 g → 1 g liều duy nhất"


def test_day_cap_lowers_only_the_top_of_a_day_range() -> None:
    """1 - 2 mg/kg/ngày for 40 kg is 40–80 mg, and 'tối đa 60 mg/ngày' makes it 40–60 mg."""
    [line] = worked("Hen cấp: 1 - 2 mg/kg/ngày, chia 1 - 2 lần (tối đa 60 mg/ngày).", "40")
    assert line == "40 kg × 1–2 mg/kg/ngày = 40–80 mg; tối đa 60 mg/ngày → 40–60 mg mỗi ngày"


def test_day_cap_does_not_bind_a_dose() -> None:
    """A per-day ceiling says nothing of one dose: 15 mg/kg per dose for 50 kg stays 750 mg."""
    [line] = worked("15 mg/kg mỗi lần; không quá 60 mg/kg/ngày.", "50")
    assert line == "50 kg × 15 mg/kg = 750 mg mỗi lần"


def test_per_kg_cap_is_worked_out_with_the_weight() -> None:
    """'không quá 30 mg/kg/ngày' binds a day figure at 30 mg × the weight."""
    [line] = worked("20 - 40 mg/kg/ngày; không quá 30 mg/kg/ngày.", "10")
    assert line.endswith("→ 200–300 mg mỗi ngày")


def test_ceilings_increments_and_other_drugs_are_not_doses() -> None:
    """A figure after 'tối đa', 'tăng thêm', 'có thể dùng tới' or another drug is no dose."""
    assert figures_in("Tối đa 40 mg/kg/ngày.") == []
    assert figures_in("sau mỗi tuần có thể tăng thêm 5 - 10 mg/kg/ngày") == []
    assert figures_in("nhiễm khuẩn nặng có thể dùng tới 80 mg/kg/ngày") == []
    assert figures_in("phối hợp với ethambutol (15 mg/kg/ngày)") == []
    assert figures_in("lượng nước tiểu dưới 0,6 ml/kg/giờ") == []


def test_periods_are_read_from_the_words_after_the_figure() -> None:
    """'/lần/ngày' and 'ngày 1 lần' are once a day; 'amoxicilin/ngày' is per day."""
    assert figures_in("20 - 50 mg/kg/lần/ngày")[0].period is Period.ONCE_DAILY
    assert figures_in("50 - 75 mg/kg (tối đa 2 g), ngày 1 lần")[0].period is Period.ONCE_DAILY
    assert figures_in("30 mg/kg amoxicilin/ngày, chia 2 lần")[0].period is Period.DAY
    assert figures_in("50 mg/kg 1 liều duy nhất")[0].period is Period.SINGLE


def test_per_site_limit_is_not_a_cap() -> None:
    """'không quá 1 g ở mỗi vị trí tiêm' limits an injection site, not the dose."""
    assert caps_in("Tiêm bắp sâu, không quá 1 g ở mỗi vị trí tiêm.") == []


def test_cap_of_another_banded_clause_does_not_bind() -> None:
    """A cap printed in another clause that has its own figure binds only that figure."""
    text = "trẻ 1–6 tuổi: 20 mg/kg, tối đa 300 mg; trẻ 6–12 tuổi: 20 mg/kg (không quá 1 g)"
    first, second = figures_in(text)
    assert [c.quoted for c in row_caps(text, first, [first, second])] == ["tối đa 300 mg"]
    assert [c.quoted for c in row_caps(text, second, [first, second])] == ["không quá 1 g"]


def test_numbers_are_shown_as_the_book_prints_them() -> None:
    """Thousands spaced, decimal comma, nothing rounded."""
    assert shown_number(Decimal("1250")) == "1 250"
    assert shown_number(Decimal("277.50")) == "277,5"
    assert read_amount("1 250 mg") is not None


def test_verify_rejects_a_result_that_does_not_follow() -> None:
    """A derivation whose result is not the figure × weight fails."""
    good = Derivation(quoted="10–15 mg/kg mỗi lần", weight_kg=18, result="180–270 mg")
    assert verify(good) == []
    assert verify(good.model_copy(update={"result": "180–300 mg"}))
    assert verify(good.model_copy(update={"cap": "tối đa 1 g"}))  # a cap that never binds


def test_check_claim_needs_the_quote_in_the_cited_text_and_the_stated_weight() -> None:
    """The quoted figure must be the evidence's words and the weight the user's."""
    d = Derivation(quoted="10–15 mg/kg mỗi lần", weight_kg=18, result="180–270 mg")
    text = "18 kg × 10–15 mg/kg = 180–270 mg mỗi lần"
    assert check_claim(text, d, ["Uống 10–15 mg/kg mỗi lần."], weight_kg=18) == []
    assert check_claim(text, d, ["Uống 10 mg/kg mỗi lần."], weight_kg=18)
    assert check_claim(text, d, ["Uống 10–15 mg/kg mỗi lần."], weight_kg=20)
    assert check_claim("18 kg × 10–15 mg/kg = 200 mg", d, ["10–15 mg/kg mỗi lần"], weight_kg=18)


_figures = st.tuples(
    st.integers(min_value=1, max_value=200), st.integers(min_value=0, max_value=100)
).map(lambda t: (t[0], t[0] + t[1]))
_weights = st.decimals(min_value="1", max_value="150", places=1)


@given(_figures, _weights)
def test_result_is_figure_times_weight_without_a_cap(figure: tuple[int, int], w: Decimal) -> None:
    """With no cap the result is exactly the figure's range times the weight."""
    lo, hi = figure
    text = f"{lo} - {hi} mg/kg mỗi lần" if hi != lo else f"{lo} mg/kg mỗi lần"
    [f] = figures_in(text)
    result = work(f, w, [])
    assert (result.result_lo, result.result_hi) == (lo * w, hi * w)
    assert result.cap is None


@given(_figures, _weights, st.integers(min_value=1, max_value=5000))
def test_result_never_exceeds_the_cap(figure: tuple[int, int], w: Decimal, cap: int) -> None:
    """Whatever the figure and weight, the result stays within the printed cap."""
    lo, hi = figure
    text = f"{lo} - {hi} mg/kg mỗi lần (tối đa {cap} mg)"
    [f] = figures_in(text)
    result = work(f, w, row_caps(text, f, [f]))
    assert result.result_hi <= cap
    assert result.result_lo <= result.result_hi


@given(_figures, _weights, st.one_of(st.none(), st.integers(min_value=1, max_value=5000)))
def test_a_rendered_derivation_recomputes(
    figure: tuple[int, int], w: Decimal, cap: int | None
) -> None:
    """Reading back what was rendered reproduces the same result and passes the check."""
    lo, hi = figure
    text = f"{lo} - {hi} mg/kg mỗi lần" + (f" (tối đa {cap} mg)" if cap else "")
    [f] = figures_in(text)
    result = work(f, w, row_caps(text, f, [f]))
    d = result.derivation()
    again = recompute(d)
    assert again is not None
    assert (again.result_lo, again.result_hi) == (result.result_lo, result.result_hi)
    assert check_claim(result.text(), d, [text], weight_kg=float(w)) == []


@pytest.mark.parametrize("weight", ["0", "-3"])
def test_no_weight_no_derivation(weight: str) -> None:
    """A derivation with no positive weight cannot be recomputed."""
    d = Derivation(quoted="10 mg/kg", weight_kg=float(weight), result="0 mg")
    assert recompute(d) is None


def test_a_cap_after_a_later_dose_is_that_doses() -> None:
    """'50 mg/kg (tối đa 1,5 g) …, tiếp 30 mg/kg/lần (tối đa 750 mg)': the first dose is
    held at 1,5 g, not at the later dose's 750 mg, even when the later one is not worked out."""
    text = (
        "Dự phòng phẫu thuật: 50 mg/kg (tối đa 1,5 g) lúc khởi mê, sau đó tiếp đến 3 liều "
        "30 mg/kg/lần (tối đa 750 mg)."
    )
    first = figures_in(text)[0]
    assert [c.quoted for c in row_caps(text, first, [first])] == ["tối đa 1,5 g"]


def test_an_alternative_dose_shares_the_cap() -> None:
    """'2 mg/kg/ngày hoặc 60 mg/m2/ngày (tối đa 80 mg/ngày)': the cap holds both readings."""
    text = "Khởi đầu 2 mg/kg/ngày hoặc 60 mg/m2 /ngày (tối đa 80 mg/ngày), chia 1 - 3 lần."
    figures = figures_in(text)
    assert [c.quoted for c in row_caps(text, figures[0], figures)] == ["tối đa 80 mg/ngày"]


def test_a_rate_is_neither_a_dose_nor_its_cap() -> None:
    """'15 - 20 mg/kg, tốc độ không vượt quá 50 mg/phút (1 - 3 mg/kg thể trọng/phút)': the
    loading dose for 20 kg is 300–400 mg, never held at a per-minute rate."""
    text = (
        "Tiêm tĩnh mạch trực tiếp 15 - 20 mg/kg, tốc độ không vượt quá 50 mg/phút "
        "(tốc độ 1 - 3 mg/kg thể trọng/phút)."
    )
    assert worked(text, "20") == ["20 kg × 15–20 mg/kg = 300–400 mg mỗi lần"]


def test_a_day_said_before_the_figure_makes_it_a_days_amount() -> None:
    """'Mỗi ngày uống 10 - 20 mg/kg, tối đa 400 mg/ngày' for 30 kg: 300–400 mg a day."""
    text = "Mỗi ngày uống 10 - 20 mg/kg, tối đa 400 mg/ngày."
    assert worked(text, "30") == [
        "30 kg × 10–20 mg/kg/ngày = 300–600 mg; tối đa 400 mg/ngày → 300–400 mg mỗi ngày"
    ]


def test_ceilings_said_a_few_words_before_and_doses_a_graver_case_needs() -> None:
    """'Liều tiêm tối đa đối với trẻ em là 6 mg/kg/ngày' is a ceiling; 'thông thường là 1 mg/kg'
    is a dose ('thông' holds no 'hơn'); 'có thể cần tới 12 mg/kg' is the dose that case needs,
    while 'tăng lên tới 20 mg/kg' and 'cao hơn 10 mg/kg' stay steps and thresholds."""
    assert [f.quoted for f in figures_in("Liều khởi đầu thông thường là 1 mg/kg tiêm bắp.")] == [
        "1 mg/kg"
    ]
    assert figures_in("Liều tiêm tối đa đối với trẻ em là 6 mg/kg/ngày.") == []
    assert [f.quoted for f in figures_in("Bệnh dai dẳng có thể cần tới 12 mg/kg/24 giờ.")] == [
        "12 mg/kg/24 giờ"
    ]
    assert figures_in("Có thể tăng lên tới 20 mg/kg.") == []
    assert figures_in("Không dùng liều cao hơn 10 mg/kg.") == []


def one_dose(text: str, weight: str) -> list[str]:
    out = []
    for f in figures_in(text):
        each = f.each_dose()
        if each is not None:
            out.append(work(each, Decimal(weight), row_caps(text, each, [f])).text())
    return out


def test_a_day_split_in_fixed_doses_gives_one_dose() -> None:
    """'100 mg/kg/ngày, chia làm 4 lần' for 20 kg is 500 mg each time; 'cách 8 giờ/lần'
    splits a day in three, and the day's cap is shared by the doses."""
    assert one_dose("Trẻ em: 100 mg/kg/ngày, chia làm 4 lần, tiêm truyền.", "20") == [
        "20 kg × 100 mg/kg/ngày ÷ 4 lần = 500 mg mỗi lần"
    ]
    assert one_dose("Nhiễm khuẩn nặng: 40 mg/kg/ngày cách 8 giờ/lần.", "18") == [
        "18 kg × 40 mg/kg/ngày ÷ 3 lần = 240 mg mỗi lần"
    ]
    capped = one_dose("Liều cao 80–90 mg/kg/ngày chia 2 lần, tối đa 4 000 mg/ngày.", "50")
    assert capped == [
        "50 kg × 80–90 mg/kg/ngày ÷ 2 lần = 2 000–2 250 mg; tối đa 4 000 mg/ngày → 2 000 mg mỗi lần"
    ]


def test_no_dose_from_a_range_of_doses_a_day() -> None:
    """'chia làm 2 - 3 lần' or 'chia nhiều lần' fixes no number: no dose is made."""
    assert one_dose("Uống 20 - 30 mg/kg/ngày, chia làm 2 - 3 lần.", "10") == []
    assert one_dose("Uống 20 mg/kg/ngày, chia làm nhiều lần.", "10") == []


def test_a_bare_cap_after_a_split_day_is_the_days() -> None:
    """'30 mg/kg/ngày chia 2 lần (tối đa 1 g)' for 50 kg: one dose is held at 500 mg, half of
    the ceiling read as the day's, never at the whole gram."""
    [line] = one_dose("Uống 30 mg/kg/ngày chia 2 lần (tối đa 1 g).", "50")
    assert line.endswith("→ 500 mg mỗi lần")


def test_one_dose_of_a_split_day_recomputes_and_a_long_share_is_rounded_to_whole_mg() -> None:
    """The dose made from a split day's figure passes the recheck from its quote alone; a
    share that does not end within two decimals (35–40 × 14 ÷ 3) is shown in whole mg as a
    pharmacist says it, marked "≈", and that rounded amount rechecks too (a wrong mg does
    not)."""
    [f] = figures_in("Bệnh do amip: 35 - 40 mg/kg/24 giờ, chia làm 3 lần.")
    each = f.each_dose()
    assert each is not None
    share = work(each, Decimal(14), [])
    assert share.text() == "14 kg × 35–40 mg/kg/ngày ÷ 3 lần ≈ 163–187 mg mỗi lần"
    assert share.exact() and verify(share.derivation()) == []
    wrong = share.derivation().model_copy(update={"result": "164–187 mg"})
    assert verify(wrong) != []
    exact = work(each, Decimal(30), [])
    assert "≈" not in exact.text() and verify(exact.derivation()) == []


def test_a_capped_share_is_rounded_down_never_above_its_cap() -> None:
    """A day's cap shared by three doses (1 000 mg ÷ 3) holds each dose at 333 mg (333,33
    rounded down, never up past the cap)."""
    [line] = one_dose("Uống 50 mg/kg/ngày chia 3 lần, tối đa 1 000 mg/ngày.", "40")
    assert line.endswith("→ 333 mg mỗi lần")


def test_a_split_said_after_two_figures_is_said_of_both() -> None:
    """'90 mg/kg amoxicilin/ngày, 6,4 mg/kg acid clavulanic/ngày, chia 2 lần' for 14 kg: 630 mg
    amoxicillin each time (the quote, the first figure's, rechecks); 'A hoặc B chia 2 lần'
    splits only B."""
    text = (
        "Viêm tai giữa cấp: 90 mg/kg amoxicilin/ngày, 6,4 mg/kg acid clavulanic/ngày, chia 2 lần."
    )
    first = figures_in(text)[0]
    each = first.each_dose()
    assert each is not None
    amox = work(each, Decimal(14), [])
    assert amox.text() == "14 kg × 90 mg/kg/ngày ÷ 2 lần = 630 mg mỗi lần"
    assert verify(amox.derivation()) == []
    either = figures_in("20 mg/kg/ngày hoặc 30 mg/kg/ngày chia 2 lần.")
    assert [f.split for f in either] == [None, Decimal(2)]


def test_a_range_of_doses_a_day_gives_the_days_range() -> None:
    """'10 mg/kg x 3 - 4 lần/ngày' for 70 kg: 700 mg a dose, 2 100–2 800 mg a day (the fewest
    doses of the lowest to the most of the highest), and the day's amount rechecks; a most
    ('tối đa 3 - 4 lần/ngày') fixes nothing."""
    [f] = figures_in("Trẻ 3 tháng - 18 tuổi: 10 mg/kg x 3 - 4 lần/ngày.")
    day = f.daily_between()
    assert day is not None
    worked_day = work(day, Decimal(70), [])
    assert worked_day.text() == "70 kg × 10 mg/kg × 3–4 lần/ngày = 2 100–2 800 mg mỗi ngày"
    assert verify(worked_day.derivation()) == []
    [most] = figures_in("10 mg/kg mỗi lần, tối đa 3 - 4 lần/ngày.")
    assert most.daily_between() is None


def test_an_adult_rows_one_amount_reads_as_a_cap() -> None:
    """'Người lớn: Một liều duy nhất 2 g' is a 2 g ceiling; a quote with two numbers is none."""
    from grounding.derivation import adult_dose_cap

    [cap] = adult_dose_cap("Người lớn: Một liều duy nhất 2 g")
    assert cap.amount == Decimal(2) and cap.unit == "g" and not cap.per_kg
    assert adult_dose_cap("Người lớn: 2 lần, mỗi lần 500 mg") == []


def test_not_exceeding_without_qua_is_a_cap() -> None:
    """'không được vượt 300 mg/ngày' (no 'quá') is a day's ceiling like 'không quá 300 mg/ngày'."""
    [cap] = caps_in("Có thể tăng liều, nhưng không được vượt 300 mg/ngày.")
    assert cap.amount == Decimal(300) and cap.period is Period.DAY
    [line] = worked("Liều duy trì: 4 - 8 mg/kg/ngày, không được vượt 300 mg/ngày.", "45")
    assert line.endswith("→ 180–300 mg mỗi ngày")


def test_a_day_said_without_a_space_before_gio_is_a_days_figure() -> None:
    """'3 - 10 mg/kg/24giờ' (no space) is a day's figure like '/24 giờ', never one dose."""
    [glued] = figures_in("truyền 3 - 10 mg/kg/24giờ.")
    [spaced] = figures_in("truyền 3 - 10 mg/kg/24 giờ.")
    assert glued.period is Period.DAY and spaced.period is Period.DAY


def test_a_split_the_user_says_gives_one_dose_that_rechecks_only_with_it() -> None:
    """'15 mg/kg/ngày' the book does not split, given in 3 doses as the user says: 20 kg →
    100 mg each; the derivation carries the count and rechecks, and without it does not."""
    [f] = figures_in("Trẻ em: 15 mg/kg/ngày, uống 5 - 10 ngày.")
    each = split_by(f, 3)
    assert each is not None
    worked = replace(work(each, Decimal(20), []), said_split=3)
    assert worked.text() == "20 kg × 15 mg/kg/ngày ÷ 3 lần = 100 mg mỗi lần"
    d = worked.derivation()
    assert d.doses_a_day == 3 and verify(d) == []
    assert verify(d.model_copy(update={"doses_a_day": None})) != []
    [split] = figures_in("Trẻ em: 40 mg/kg/ngày, chia làm 2 lần.")
    assert split_by(split, 3) is None  # the book's own split stands


def test_an_amount_in_ml_of_the_users_liquid_shows_and_rechecks() -> None:
    """12 kg × 10–15 mg/kg = 120–180 mg; of a 120mg/5ml syrup that is 5–7,5 ml: shown after
    the mg, carried as the result with the strength, rechecked; a wrong ml fails."""
    [f] = figures_in("Nếu tính theo cân nặng: 10–15 mg/kg mỗi lần.")
    syrup = read_strength("siro 120mg/5ml")
    assert syrup is not None
    worked = replace(work(f, Decimal(12), []), liquid=syrup)
    assert worked.text() == "12 kg × 10–15 mg/kg = 120–180 mg; 120mg/5ml → 5–7,5 ml mỗi lần"
    d = worked.derivation()
    assert (d.result, d.strength) == ("5–7,5 ml", "120mg/5ml") and verify(d) == []
    assert verify(d.model_copy(update={"result": "6–9 ml"})) != []
    assert check_claim(worked.text(), d, ["Nếu tính theo cân nặng: 10–15 mg/kg mỗi lần."]) == []


def test_a_ceiling_said_for_whom_before_its_amount_is_a_cap() -> None:
    """'tối đa đối với trẻ em là 6 mg/kg/ngày' is a per-kg day's ceiling like 'tối đa 6
    mg/kg/ngày'; 'tối đa 3 lần' names no amount."""
    [cap] = caps_in("Liều tiêm tối đa đối với trẻ em là 6 mg/kg/ngày.")
    assert (cap.amount, cap.per_kg, cap.period) == (Decimal(6), True, Period.DAY)
    assert cap.quoted == "tối đa đối với trẻ em là 6 mg/kg/ngày"
    assert caps_in("uống tối đa 3 lần, mỗi lần cách 6 giờ") == []


def test_microgram_spelled_in_english_is_a_mass_unit() -> None:
    """'250 - 500 microgram/kg cân nặng/lần' is a dose per kg in micrograms like 'microgam'."""
    [f] = figures_in("Trẻ đến 35 kg: uống 250 - 500 microgram/kg cân nặng/lần.")
    assert (
        work(f, Decimal(20), []).text()
        == "20 kg × 250–500 microgram/kg = 5 000–10 000 microgram mỗi lần"
    )
    assert read_amount("5 000 microgram") is not None
