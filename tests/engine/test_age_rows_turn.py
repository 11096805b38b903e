"""Rule 3's exception (round 21, issue 23 item 2): a child whose told age falls in the book's
rows, when every row that could be this child's prints a fixed amount by age (nothing per kg,
per m² or by weight), is answered without the weight. Any per-kg row or weight band that
could be the child's, or no age row for this age, keeps the question. Our own words, in the
book's shapes."""

from __future__ import annotations

import pytest
import redis

from core.catalog import DrugCatalog, DrugEntry
from engine.turn import Engine
from runners.testing import evidence
from tests.support.book_engine import book_engine, talk

CATALOG = DrugCatalog(
    [
        DrugEntry(drug_id="hoxilan", name="Hoxilan", inn="Hoxilan"),
        DrugEntry(drug_id="bronzil", name="Bronzil", inn="Bronzil"),
    ]
)
EVIDENCE = [
    evidence(
        "hoxilan",
        "lieu_luong_cach_dung",
        "*Uống:*\n\n"
        "Người lớn: 10 mg/lần, ngày 1 lần.\n\n"
        "Trẻ 2 - 5 tuổi: 2,5 mg/lần, ngày 2 lần.\n\n"
        "Trẻ 6 - 11 tuổi: 5 mg/lần, ngày 2 lần.",
    ),
    evidence(
        "bronzil",
        "lieu_luong_cach_dung",
        "*Uống:*\n\n"
        "Người lớn: 4 mg/lần, ngày 3 lần.\n\n"
        "Trẻ 2 - 6 tuổi: 1 mg/lần, ngày 3 lần.\n\n"
        "*Tiêm tĩnh mạch:*\n\n"
        "Trẻ em: 5 microgam/kg, tiêm chậm.",
    ),
]


@pytest.fixture
def engine(redis_client: redis.Redis) -> Engine:
    return book_engine(redis_client, EVIDENCE, CATALOG)


def test_an_age_in_the_books_fixed_age_rows_is_answered_without_the_weight(
    engine: Engine,
) -> None:
    [r] = talk(engine, "bé nhà em 4 tuổi uống hoxilan mỗi lần bao nhiêu")
    assert (r.outcome, r.reason) == ("answerable", "single_drug")
    assert "2,5 mg" in r.message
    assert not any(c.derivation for c in r.claims)  # nothing is worked out from a weight


def test_an_age_no_row_holds_is_still_asked_the_weight(engine: Engine) -> None:
    [r] = talk(engine, "bé 14 tháng uống hoxilan mỗi lần bao nhiêu")
    assert r.reason == "missing_pediatric_age_or_weight"


def test_a_weight_without_an_age_is_still_asked_the_age(engine: Engine) -> None:
    [r] = talk(engine, "bé 15kg uống hoxilan bao nhiêu")
    assert r.reason == "missing_pediatric_age_or_weight"


def test_a_per_kg_row_of_another_route_keeps_the_question_unless_the_route_is_said(
    engine: Engine,
) -> None:
    [r] = talk(engine, "bé 4 tuổi dùng bronzil liều bao nhiêu")
    assert r.reason == "missing_pediatric_age_or_weight"
    [r] = talk(engine, "bé 4 tuổi uống bronzil đường uống mỗi lần bao nhiêu")
    assert r.outcome == "answerable"
    assert "1 mg" in r.message
