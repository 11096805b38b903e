"""A titration asked (where the dose starts and how it is stepped up) is answered from the
book's schedule as printed, never as one amount worked out for the patient (our own words)."""

from __future__ import annotations

import pytest

from grounding.titration import titration_asked


@pytest.mark.parametrize(
    "question",
    [
        "bé 8 tuổi uống lamotrigin, khởi đầu bao nhiêu rồi tăng liều thế nào",
        "lúc đầu cho uống mấy mg, sau đó mỗi tuần tăng bao nhiêu",
        "bat dau uong bn, roi tang len the nao a",
        "liều ban đầu ra sao, tăng dần như thế nào",
        "khởi đầu cho cháu mấy mg, những hôm sau thì uống thế nào",
        "ngay dau bn mg, cac ngay tiep theo thi sao",
    ],
)
def test_a_start_and_a_step_asked_is_a_titration(question: str) -> None:
    assert titration_asked(question)


@pytest.mark.parametrize(
    "question",
    [
        "bé 20kg uống valproat mỗi ngày bao nhiêu mg",
        "sốt cao có tăng liều paracetamol được không",
        "huyết áp tăng bao nhiêu thì phải uống thuốc",
        "liều đầu tiên bao nhiêu mg",
        "hôm đầu tiên cho mấy mg tính theo cân",
        "các ngày sau thì sao, còn sốt không",
    ],
)
def test_a_plain_dose_or_a_step_alone_is_not(question: str) -> None:
    assert not titration_asked(question)
