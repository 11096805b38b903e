"""Patient facts and threads (tuning19): a woman who calls herself "chị" is an adult; the
complaint told before, said again, keeps the medicine of the thread."""

from __future__ import annotations

from core.frame import Population
from understanding.rules import RulesUnderstander, UnderstandingContext
from understanding.speaker import speaks_of_self
from understanding.testing import demo_catalog
from understanding.text import Turn


def test_chi_who_is_ill_is_an_adult() -> None:
    assert speaks_of_self(Turn.of("chị bị đau lưng mấy hôm nay, uống thuốc này được không"))
    frame = RulesUnderstander(demo_catalog()).parse("chị bị nhức đầu, uống panadol mấy viên")
    assert frame.population is Population.ADULT


def test_bare_chi_is_not_read_as_chi() -> None:
    """Unmarked "chi" is also "chỉ" (only)."""
    assert not speaks_of_self(Turn.of("thuoc nay chi uong khi doi thoi a"))


def test_the_complaint_said_again_keeps_the_medicine() -> None:
    reader = RulesUnderstander(demo_catalog())
    prior = reader.parse("mẹ bị đau gối, mua gel diclofenac")
    frame = reader.understand(
        "mẹ đau là bôi, ngày bôi bao nhiêu lần",
        UnderstandingContext(prior_frame=prior),
    )
    assert frame.drugs == ["diclofenac"]


def test_the_products_form_stays_with_the_thread() -> None:
    """A modified-release product named turns before ("… SR"), then "uống lúc nào": the
    question's words still name that form."""
    reader = RulesUnderstander(demo_catalog())
    prior = reader.parse("bố tôi được kê metformin SR 750, ngày 1 viên")
    frame = reader.understand(
        "thế uống vào lúc nào trong ngày", UnderstandingContext(prior_frame=prior)
    )
    assert frame.drugs == ["metformin"]
    assert " sr" in f" {frame.condition_words}"


def test_months_taken_so_far_with_the_dose_are_no_age() -> None:
    """'được N tháng rồi' of a medicine, told with its tablets or how long it has gone on."""
    from understanding.slots import read_age

    assert (
        read_age(Turn.of("được 3 tháng rồi, sáng 1 viên 40mg, dùng lâu thế có hại không")) is None
    )
    assert read_age(Turn.of("bé được 3 tháng rồi, ngày 1 viên có được không")) is not None


def test_may_it_be_taken_now_keeps_the_medicine_talked_of() -> None:
    reader = RulesUnderstander(demo_catalog())
    prior = reader.parse("bác sĩ kê cho tôi methotrexat")
    frame = reader.understand("thế giờ uống được không", UnderstandingContext(prior_frame=prior))
    assert frame.drugs == ["methotrexate"]
