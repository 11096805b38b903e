"""Filter conversions for Qdrant Edge and qdrant-client."""

from __future__ import annotations

import qdrant_edge as qe
from qdrant_client import models as qm

from retrieval.filters import edge_filter, server_filter
from retrieval.index import QueryFilter


def test_filters_for_both_apis() -> None:
    """One value is an exact match, several are match-any; no restriction is no filter."""
    assert edge_filter(QueryFilter()) is None
    assert server_filter(None) is None
    flt = QueryFilter(drug_ids=("a",), section_keys=("chi_dinh", "than_trong"))
    server = server_filter(flt)
    assert isinstance(server, qm.Filter)
    assert server.must == [
        qm.FieldCondition(key="drug_id", match=qm.MatchValue(value="a")),
        qm.FieldCondition(key="section_key", match=qm.MatchAny(any=["chi_dinh", "than_trong"])),
    ]
    edge = edge_filter(flt)
    assert isinstance(edge, qe.Filter)
    assert [c.key for c in edge.must or []] == ["drug_id", "section_key"]
