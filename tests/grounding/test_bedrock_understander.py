"""Tests for understanding/bedrock.py: a catalog-bounded frame, never trusted blindly.

(Kept with the grounding tests: the Bedrock understander is this issue's, the rest of
understanding is not.)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fake_bedrock import FakeBedrock, Reply, Throttle, boto3_session

from core.bedrock import ConverseClient
from core.budget import RequestBudget
from core.catalog import DrugCatalog, DrugEntry
from core.errors import RequestBudgetExhausted, UnderstandingFailed
from core.frame import ClarifySlot, Population, QueryFrame, Route, TurnType
from core.ports import UnderstandingContext
from understanding.bedrock import BedrockUnderstander, candidate_drugs


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


def context(**kw: Any) -> UnderstandingContext:
    return UnderstandingContext(budget=RequestBudget(), **kw)


def test_candidates_come_from_fuzzy_catalog_match(catalog: DrugCatalog) -> None:
    """A typo still finds the drug; unrelated drugs are not candidates."""
    found = candidate_drugs("lieu paracetamon cho tre 5 tuoi", catalog)
    assert found[0] == "paracetamol"
    assert "warfarin" not in found


def test_candidates_use_the_name_index() -> None:
    """Base names, combinations by their parts and brands are candidates, like in the rules."""
    catalog = DrugCatalog(
        [
            DrugEntry(drug_id="tramadol_hcl", name="Tramadol hydroclorid"),
            DrugEntry(drug_id="amoxicillin", name="Amoxicilin"),
            DrugEntry(
                drug_id="amox_clav", name="Amoxicilin và kali clavulanat", brands=("Zentamox",)
            ),
        ]
    )
    assert candidate_drugs("liều tramadol", catalog) == ["tramadol_hcl"]
    assert candidate_drugs("amoxicillin clavulanate cho trẻ", catalog)[0] == "amox_clav"
    assert candidate_drugs("zentamox 625", catalog) == ["amox_clav"]


def test_prior_drugs_are_always_candidates(catalog: DrugCatalog) -> None:
    """A follow-up without a drug name keeps the prior frame's drugs as candidates."""
    assert candidate_drugs("còn cho trẻ em thì sao", catalog, also=["warfarin"]) == ["warfarin"]


def test_frame_is_built_and_drug_enum_is_bounded(
    fake: FakeBedrock, understander: BedrockUnderstander
) -> None:
    """A well-formed reply becomes the frame; the tool schema's drug enum is the candidate set."""
    fake.push(
        Reply(
            {
                "turn_type": "dosing_calc",
                "drugs": ["paracetamol"],
                "population": "child",
                "age_months": 60,
                "weight_kg": 18,
                "route": "oral",
                "standalone_query": "Liều paracetamol cho trẻ 5 tuổi 18 kg đường uống",
            }
        )
    )
    frame = understander.understand("lieu paracetamol cho be 5 tuoi 18 ky uong", context())
    assert frame.turn_type is TurnType.DOSING_CALC
    assert frame.drugs == ["paracetamol"]
    assert (frame.population, frame.age_months, frame.weight_kg) == (Population.CHILD, 60, 18)
    assert frame.route is Route.ORAL
    schema = fake.requests[0]["toolConfig"]["tools"][0]["toolSpec"]["inputSchema"]["json"]
    assert schema["properties"]["drugs"]["items"]["enum"] == ["paracetamol"]


def test_untrusted_values_are_dropped(fake: FakeBedrock, understander: BedrockUnderstander) -> None:
    """Ids outside the candidate set, unknown enums and numbers the user never typed are dropped."""
    fake.push(
        Reply(
            {
                "turn_type": "dosing_calc",
                "drugs": ["warfarin", "made_up"],
                "population": "toddler",
                "weight_kg": 20,
                "age_months": 60,
                "route": "by mouth",
                "attribute": "dose",
                "fills_slot": "weight",
            }
        )
    )
    frame = understander.understand("liều paracetamol cho bé 5 tuổi", context())
    assert frame.drugs == []
    assert frame.needs_clarify
    assert frame.population is None and frame.route is None and frame.attribute is None
    assert frame.weight_kg is None
    assert frame.age_months == 60
    assert frame.fills_slot is None


def test_fills_slot_only_for_the_open_question(
    fake: FakeBedrock, understander: BedrockUnderstander
) -> None:
    """fills_slot is kept only when it is the slot the open clarification waits for."""
    fake.push(
        Reply({"turn_type": "dosing_calc", "drugs": [], "weight_kg": 18, "fills_slot": "weight"})
    )
    prior = QueryFrame(turn_type="dosing_calc", drugs=["paracetamol"])
    frame = understander.understand(
        "18 ký", context(open_slot=ClarifySlot.WEIGHT, prior_frame=prior)
    )
    assert frame.fills_slot is ClarifySlot.WEIGHT
    assert frame.weight_kg == 18


def test_a_non_answer_to_an_open_question_needs_no_model_call(
    fake: FakeBedrock, understander: BedrockUnderstander
) -> None:
    """ "không rõ" to an open question is flagged a non-answer before any model call."""
    prior = QueryFrame(turn_type="dosing_calc", drugs=["paracetamol"])
    frame = understander.understand(
        "không rõ", context(open_slot=ClarifySlot.POPULATION, prior_frame=prior)
    )
    assert frame.non_answer and frame.turn_type is TurnType.OUT_OF_SCOPE
    assert fake.requests == []


def test_unknown_turn_type_is_understanding_failed(
    fake: FakeBedrock, understander: BedrockUnderstander
) -> None:
    """A turn type outside the closed set is a failure, not a guess."""
    fake.push(Reply({"turn_type": "chitchat", "drugs": []}))
    with pytest.raises(UnderstandingFailed):
        understander.understand("xin chào", context())


def test_provider_failure_is_understanding_failed(
    fake: FakeBedrock, understander: BedrockUnderstander
) -> None:
    """A throttled call raises UnderstandingFailed."""
    fake.default = Throttle()
    with pytest.raises(UnderstandingFailed):
        understander.understand("paracetamol", context())


def test_budget_exhausted_before_the_call(
    fake: FakeBedrock, understander: BedrockUnderstander
) -> None:
    """No model calls left: RequestBudgetExhausted and no request sent."""
    budget = RequestBudget(max_model_calls=1)
    budget.require()
    with pytest.raises(RequestBudgetExhausted):
        understander.understand("paracetamol", UnderstandingContext(budget=budget))
    assert fake.requests == []


def test_unknown_drug_names_are_kept_unless_in_catalog(
    fake: FakeBedrock, understander: BedrockUnderstander
) -> None:
    """Drug-like names outside the catalog go to unknown_drugs; catalog names never do."""
    fake.push(
        Reply({"turn_type": "drug_overview", "drugs": [], "unknown_drugs": ["Tamiflu", "Panadol"]})
    )
    frame = understander.understand("Tamiflu là thuốc gì", context())
    assert frame.unknown_drugs == ["Tamiflu"]


def test_how_to_take_and_an_age_in_weeks_pass_through(
    fake: FakeBedrock, understander: BedrockUnderstander
) -> None:
    """A how-to topic from the enum is kept, a made-up one dropped; 6 weeks is 1,4 months."""
    fake.push(
        Reply(
            {
                "turn_type": "drug_attribute",
                "drugs": ["paracetamol"],
                "how_to_take": "food",
                "age_months": 1.4,
            }
        )
    )
    frame = understander.understand("bé 6 tuần uống paracetamol lúc đói được không", context())
    assert frame.how_to_take == "food" and frame.age_months == 1.4
    fake.push(Reply({"turn_type": "drug_attribute", "drugs": [], "how_to_take": "juggle"}))
    assert understander.understand("paracetamol", context()).how_to_take is None


@pytest.mark.parametrize(
    ("text", "another"),
    [("bệnh nhân nữ 45 tuổi thì ciprofloxacin liều sao", True), ("à nhầm, ông 75 tuổi", False)],
)
def test_code_marks_another_patient_after_the_model_reads_the_age(
    fake: FakeBedrock, understander: BedrockUnderstander, text: str, another: bool
) -> None:
    """The model reads the age; code decides it is someone else than the man of 72 told
    before (his kidneys stay his), unless the turn corrects what was said."""
    age = 540 if another else 900
    fake.push(
        Reply(
            {"turn_type": "dosing_calc", "drugs": ["ciprofloxacin"], "population": "adult",
             "age_months": age}
        )
    )  # fmt: skip
    prior = QueryFrame(
        turn_type="dosing_calc", drugs=["ciprofloxacin"], population="adult", age_months=864
    )
    frame = understander.understand(text, context(prior_frame=prior))
    assert frame.age_months == age
    assert frame.another_patient is another
