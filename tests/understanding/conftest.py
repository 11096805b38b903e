"""A rules understander over a fixture catalog of the demo formulary's ids and brand names."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from core.catalog import DrugCatalog
from core.frame import ClarifySlot, QueryFrame, TurnType
from core.ports import UnderstandingContext
from understanding import RulesUnderstander
from understanding.testing import demo_catalog


@pytest.fixture(scope="session")
def catalog() -> DrugCatalog:
    return demo_catalog()


@pytest.fixture(scope="session")
def understander(catalog: DrugCatalog) -> RulesUnderstander:
    return RulesUnderstander(catalog)


@pytest.fixture(scope="session")
def parse(understander: RulesUnderstander) -> Callable[..., QueryFrame]:
    """Parse a turn, optionally as an answer to an open clarification of a prior frame."""

    def run(
        text: str,
        slot: ClarifySlot | None = None,
        prior: TurnType = TurnType.DOSING_CALC,
        drugs: tuple[str, ...] = ("paracetamol",),
    ) -> QueryFrame:
        prior_frame = QueryFrame(turn_type=prior, drugs=list(drugs)) if slot else None
        context = UnderstandingContext(open_slot=slot, prior_frame=prior_frame)
        return understander.parse(text, context)

    return run
