"""The answers eval set (evals/answers*.jsonl) is well-formed and consistent with the contract."""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path

import pytest

from core.catalog import DrugCatalog
from core.quantities import extract_quantities
from core.sections import SectionKey

ROOT = Path(__file__).resolve().parents[2]
DEV = ROOT / "evals" / "answers.jsonl"
HELDOUT = ROOT / "evals" / "answers.heldout.jsonl"
CORPUS = sorted((ROOT / "data" / "formulary").glob("*.jsonl"))

OUTCOME_REASONS = {
    "answerable": {
        "single_drug",
        "interaction",
        "condition_to_drug",
        "smalltalk",
        "emergency",
        "unsafe_use",
    },
    "clarify": {
        "missing_population",
        "missing_pediatric_age_or_weight",
        "needs_more_info",
        "ambiguous_condition",
        "no_condition",
        "no_indication",
        "missing_attribute",
        "no_drug",
        "ambiguous_route",
    },
    "abstain": {
        "out_of_scope",
        "unsupported_reverse_relation",
        "drug_not_in_formulary",
        "clarify_loop_exhausted",
        "no_interaction_evidence",
        "no_evidence",
        "no_safety_evidence",
        "grounding_failed",
        "budget_exhausted",
        "understanding_failed",
        "generation_unavailable",
        "emergency",
        "self_harm",
        "unsafe_use",
    },
}
STATES = {"idle", "clarifying_population", "clarifying_age_weight", "clarifying_query",
          "answering", "abstained"}  # fmt: skip
EXPECT_KEYS = {"outcome", "reason", "state", "cited", "numbers", "forbidden", "quick_replies",
               "drugs_include", "message_contains"}  # fmt: skip


def _items(path: Path) -> list[dict[str, object]]:
    lines = path.read_text(encoding="utf-8").splitlines()
    assert all(unicodedata.is_normalized("NFC", ln) for ln in lines)
    return [json.loads(ln) for ln in lines if ln.strip()]


def test_sizes_and_unique_ids() -> None:
    """At least 80 dev items and a separate held-out slice; ids unique across both."""
    dev, held = _items(DEV), _items(HELDOUT)
    assert len(dev) >= 80
    assert len(held) >= 15
    ids = [i["id"] for i in dev + held]
    assert len(ids) == len(set(ids))
    assert {i["slice"] for i in dev} == {"dev"}
    assert {i["slice"] for i in held} == {"heldout"}


@pytest.mark.parametrize("path", [DEV, HELDOUT], ids=["dev", "heldout"])
def test_every_expectation_uses_contract_names(path: Path) -> None:
    """Outcomes, reasons, states, section keys and quantities are all valid."""
    catalog = DrugCatalog.from_corpus_files(CORPUS) if CORPUS else None
    sections = {k.value for k in SectionKey}
    for item in _items(path):
        turns = item["turns"]
        assert isinstance(turns, list) and turns, item["id"]
        for turn in turns:
            expect = turn["expect"]
            assert turn["text"].strip()
            assert set(expect) <= EXPECT_KEYS, item["id"]
            assert expect["reason"] in OUTCOME_REASONS[expect["outcome"]], item["id"]
            assert expect.get("state", "idle") in STATES
            for cited in expect.get("cited", []):
                assert cited["section_key"] in sections
                if catalog is not None and cited["drug_id"] != "*":
                    assert cited["drug_id"] in catalog, (item["id"], cited)
            for number in expect.get("numbers", []):
                assert extract_quantities(number), (item["id"], number)
            if expect["reason"] == "ambiguous_route":
                assert expect.get("quick_replies"), item["id"]
            if expect["outcome"] == "answerable" and expect["reason"] != "smalltalk":
                assert expect.get("cited"), item["id"]
