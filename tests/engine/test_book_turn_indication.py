"""Round 15 (issue 23): a dose follow-up that names another indication the book heads turns
to it, whether or not the reader knows the disease; a weekly dose is never said per dose or
per day. Our own words, in the book's shapes."""

from __future__ import annotations

import pytest
import redis

from core.catalog import DrugCatalog, DrugEntry
from engine.turn import Engine
from runners.testing import evidence
from tests.support.book_engine import book_engine, talk

CATALOG = DrugCatalog([DrugEntry(drug_id="immunol", name="Immunol", inn="Immunol")])
EVIDENCE = [
    evidence(
        "immunol",
        "lieu_luong_cach_dung",
        "*Viêm khớp dạng thấp (người lớn):*\n\n"
        "*Uống:* khởi đầu 5 mg, 1 lần mỗi tuần; tối đa 20 mg/tuần.\n\n"
        "*Vảy nến thể mảng (người lớn):*\n\n"
        "*Uống:* liều thử 2 mg; sau đó 7,5–15 mg, 1 lần mỗi tuần.\n\n"
        "*Bệnh khớp của trẻ (trẻ em):*\n\n"
        "*Uống:* 8 mg/m² diện tích da, 1 lần mỗi tuần.",
    ),
]


@pytest.fixture
def engine(redis_client: redis.Redis) -> Engine:
    return book_engine(redis_client, EVIDENCE, CATALOG)


def test_a_follow_up_naming_another_head_gets_that_head_s_rows(engine: Engine) -> None:
    first, then, back = talk(
        engine,
        "người lớn bị viêm khớp dạng thấp uống immunol liều thế nào",
        "vậy còn vảy nến thể mảng thì sao",
        "thế còn viêm khớp dạng thấp",
    )
    assert "khởi đầu 5 mg" in first.message and "liều thử 2 mg" not in first.message
    assert then.outcome == "answerable"
    assert "liều thử 2 mg" in then.message and "khởi đầu 5 mg" not in then.message
    assert "khởi đầu 5 mg" in back.message and "liều thử 2 mg" not in back.message


def test_a_follow_up_naming_no_head_keeps_the_indication(engine: Engine) -> None:
    _, then = talk(
        engine,
        "người lớn bị viêm khớp dạng thấp uống immunol liều thế nào",
        "tối đa bao nhiêu mg",
    )
    assert "liều thử 2 mg" not in then.message and "20 mg/tuần" in then.message


def test_a_weekly_dose_worked_out_is_a_week_s_amount(engine: Engine) -> None:
    [r] = talk(
        engine,
        "bé 9 tuổi 28 kg bị bệnh khớp của trẻ, diện tích da 1 m2, uống immunol mỗi lần mấy mg",
    )
    assert r.outcome == "answerable"
    assert "8 mg mỗi tuần" in r.message
    assert "mg mỗi lần" not in r.message and "mg mỗi ngày" not in r.message
