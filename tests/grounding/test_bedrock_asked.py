"""Tests for understanding/bedrock.py's reading of what a question asks: the rules' reading
of the user's words, steered by the model where its values check out."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fake_bedrock import FakeBedrock, Reply, boto3_session

from core.bedrock import ConverseClient
from core.budget import RequestBudget
from core.catalog import DrugCatalog
from core.frame import Ask, QueryFrame
from core.ports import UnderstandingContext
from understanding.bedrock import BedrockUnderstander


@pytest.fixture
def fake(aws_env: None) -> Iterator[FakeBedrock]:
    server = FakeBedrock().start()
    yield server
    server.stop()


@pytest.fixture
def understander(fake: FakeBedrock, catalog: DrugCatalog) -> BedrockUnderstander:
    client = ConverseClient(
        model_id="test-model",
        region="ap-southeast-1",
        endpoint_url=fake.url,
        session=boto3_session(),
    )
    return BedrockUnderstander(client, catalog)


def _ask(understander: BedrockUnderstander, text: str) -> QueryFrame:
    return understander.understand(text, UnderstandingContext(budget=RequestBudget()))


def test_the_words_are_read_when_the_model_says_nothing(
    fake: FakeBedrock, understander: BedrockUnderstander
) -> None:
    """The model gives only a turn type: the INR, the denied bleeding and the maximum are
    read from the words as the rules read them; the schema offers every field."""
    fake.push(Reply({"turn_type": "dosing_calc", "drugs": []}))
    frame = _ask(understander, "warfarin INR 8 không chảy máu, tối đa bao nhiêu")
    assert (frame.inr, frame.bleeding, frame.max_dose) == (8.0, False, True)
    schema = fake.requests[0]["toolConfig"]["tools"][0]["toolSpec"]["inputSchema"]["json"]
    for name in ("asks", "usual_dose", "max_dose", "inr", "bleeding", "partner_classes"):
        assert name in schema["properties"]


def test_the_model_steers_what_checks_out(
    fake: FakeBedrock, understander: BedrockUnderstander
) -> None:
    """The model's can-I-use, usual dose and class partner are taken; an INR the user never
    typed and a partner word not in the message are not."""
    fake.push(
        Reply(
            {
                "turn_type": "drug_attribute",
                "drugs": ["paracetamol"],
                "asks": "can_use",
                "usual_dose": True,
                "inr": 12,
                "partner": "aspirin",
                "partner_classes": ["maoi", "made_up"],
                "book_terms": ["ỉa chảy"],
            }
        )
    )
    frame = _ask(understander, "paracetamol có hợp với thuốc ức chế MAO, INR 3")
    assert frame.asks is Ask.CAN_USE and frame.usual_dose
    assert frame.inr == 3.0
    assert frame.partner == "uc che mao"  # the words' own, not the model's "aspirin"
    assert frame.partner_classes == ["maoi"]
    assert frame.book_terms == ["ỉa chảy"]
