"""A parent asks whether their child may take a drug, then tells the weight (round 16): the
answer to "uống … được không" says what the dose still needs, and a turn that only brings that
fact is the dose question, not the cautions again. Our own words, in the book's shapes."""

from __future__ import annotations

import pytest
import redis

from core.catalog import DrugCatalog, DrugEntry
from engine.turn import Engine
from grounding.limit_scope import AGE_WEIGHT_FOR_DOSE, WEIGHT_FOR_DOSE
from runners.testing import evidence
from tests.support.book_engine import book_engine, talk

CATALOG = DrugCatalog(
    [
        DrugEntry(drug_id="febrinol", name="Febrinol", inn="Febrinol"),
        DrugEntry(drug_id="salicin", name="Salicin", inn="Salicin"),
        DrugEntry(drug_id="kidalgin", name="Kidalgin", inn="Kidalgin"),
        DrugEntry(drug_id="tepidol", name="Tepidol", inn="Tepidol"),
    ]
)
EVIDENCE = [
    evidence(
        "febrinol",
        "than_trong",
        "Trẻ đang sốt mà nôn hoặc tiêu chảy nhiều dễ bị mất nước, dùng thuốc khi đó cần theo dõi"
        " chức năng thận.",
    ),
    evidence(
        "febrinol",
        "lieu_luong_cach_dung",
        "*Uống:*\n\n"
        "Người lớn: 200 - 400 mg mỗi lần, cách 6 giờ.\n\n"
        "Trẻ em từ 6 tháng tuổi: 10 mg/kg mỗi lần, cách 6 - 8 giờ; không quá 30 mg/kg/ngày.",
    ),
    evidence("salicin", "chong_chi_dinh", "Trẻ em dưới 16 tuổi."),
    evidence(
        "salicin",
        "lieu_luong_cach_dung",
        "*Uống:*\n\nNgười lớn: 300 - 600 mg mỗi lần, cách 4 giờ.\n\nTrẻ em: 10 mg/kg mỗi lần.",
    ),
    evidence("kidalgin", "than_trong", "Người có tiền sử loét dạ dày cần được theo dõi."),
    evidence(
        "kidalgin",
        "lieu_luong_cach_dung",
        "*Uống:*\n\nTrẻ dưới 2 tuổi: không dùng.\n\n"
        "Trẻ cân nặng dưới 8 kg: không khuyến cáo dùng.\n\n"
        "Trẻ từ 2 tuổi: 5 mg/kg mỗi lần, ngày 2 lần.",
    ),
    evidence(
        "tepidol",
        "than_trong",
        "Dùng quá liều là nguyên nhân hay gặp của tổn thương gan. Không dùng cùng lúc nhiều"
        " chế phẩm có cùng hoạt chất. Mọi thuốc hạ sốt, giảm đau loại khác cũng có thể gây ban da"
        " tương tự. Người nghiện rượu cần giảm liều. Người thiếu máu cần theo dõi.",
    ),
    evidence(
        "tepidol",
        "lieu_luong_cach_dung",
        "*Uống:*\n\nNgười lớn: 500 mg mỗi lần.\n\nTrẻ em: 10 - 15 mg/kg mỗi lần, cách 4 - 6 giờ.",
    ),
]


@pytest.fixture
def engine(redis_client: redis.Redis) -> Engine:
    return book_engine(redis_client, EVIDENCE, CATALOG)


def test_may_my_child_take_it_says_what_the_dose_still_needs(engine: Engine) -> None:
    [r] = talk(engine, "con em 5 tuổi đang sốt, cho uống febrinol được không")
    assert r.outcome == "answerable"
    assert "mất nước" in r.message
    assert WEIGHT_FOR_DOSE in r.message


def test_with_no_age_it_asks_for_both(engine: Engine) -> None:
    [r] = talk(engine, "bé nhà mình sốt, uong febrinol dc ko")
    assert AGE_WEIGHT_FOR_DOSE in r.message


def test_the_weight_told_next_gets_the_worked_dose(engine: Engine) -> None:
    _, second = talk(engine, "con em 5 tuổi đang sốt, cho uống febrinol được không", "bé 18 ký")
    assert second.outcome == "answerable"
    assert second.frame["turn_type"] == "dosing_calc"
    assert "10 mg/kg" in second.message
    assert "18 kg × 10 mg/kg = 180 mg" in second.message
    assert "mất nước" not in second.message


def test_the_age_told_next_leads_to_the_weight_question(engine: Engine) -> None:
    turns = ("bé nhà mình sốt, uống febrinol được không", "bé 5 tuổi", "18kg")
    _, second, third = talk(engine, *turns)
    assert second.reason == "missing_pediatric_age_or_weight"
    assert "nặng bao nhiêu kg" in second.message
    assert third.outcome == "answerable" and "180 mg" in third.message


def test_a_drug_barred_for_the_child_offers_no_dose(engine: Engine) -> None:
    [r] = talk(engine, "con em 5 tuổi sốt, uống salicin được không")
    assert "dưới 16 tuổi" in r.message
    assert WEIGHT_FOR_DOSE not in r.message


def test_an_adult_is_offered_nothing(engine: Engine) -> None:
    [r] = talk(engine, "tôi 40 tuổi đang sốt, uống febrinol được không")
    assert WEIGHT_FOR_DOSE not in r.message and AGE_WEIGHT_FOR_DOSE not in r.message


def test_an_age_told_after_a_question_that_had_one_stays_a_use_question(engine: Engine) -> None:
    """The child's age was in the question; another age is another patient's use question,
    not the amount (which only a weight asks)."""
    _, second = talk(engine, "con em 5 tuổi đang sốt, cho uống febrinol được không", "bé 3 tuổi")
    assert second.frame["turn_type"] != "dosing_calc"


def test_a_refusal_by_weight_is_what_the_weight_asked_for_settles(engine: Engine) -> None:
    [r] = talk(engine, "bé 4 tuổi bị đau răng, uống kidalgin được không")
    assert "dưới 8 kg" in r.message
    assert WEIGHT_FOR_DOSE in r.message


def test_a_dose_line_whose_age_band_holds_the_child_offers_no_dose(engine: Engine) -> None:
    [r] = talk(engine, "bé 1 tuổi bị đau răng, uống kidalgin được không")
    assert "dưới 2 tuổi" in r.message
    assert WEIGHT_FOR_DOSE not in r.message


def test_no_line_on_this_child_gives_the_first_cautions_and_the_way_to_the_dose(
    engine: Engine,
) -> None:
    """A line naming a class of drugs ("mọi thuốc hạ sốt loại khác") does not speak of a child
    with a fever; with nothing said of this child, the first cautions, not the whole section."""
    [r] = talk(engine, "con tôi 4 tuổi sốt cao, uống tepidol hạ sốt được không")
    assert r.outcome == "answerable"
    assert "không ghi điều gì riêng cho trường hợp này" in r.message
    assert "tổn thương gan" in r.message
    assert "thiếu máu" not in r.message
    assert WEIGHT_FOR_DOSE in r.message
