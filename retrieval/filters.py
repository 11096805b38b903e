"""Pure conversions of a `QueryFilter` into each Qdrant API's filter (Edge and qdrant-client).

Kept apart from `convert` so that importing the corpus code does not import both clients.
"""

from __future__ import annotations

from typing import Any

import qdrant_edge as qe
from qdrant_client import models as qm

from retrieval.index import QueryFilter


def edge_filter(flt: QueryFilter | None) -> qe.Filter | None:
    """The Qdrant Edge filter for a `QueryFilter` (None when it restricts nothing)."""
    if flt is None:
        return None
    must: list[Any] = []
    for key, values in (("drug_id", flt.drug_ids), ("section_key", flt.section_keys)):
        if len(values) == 1:
            must.append(qe.FieldCondition(key=key, match=qe.MatchValue(values[0])))
        elif values:
            must.append(qe.FieldCondition(key=key, match=qe.MatchAny(list(values))))
    return qe.Filter(must=must) if must else None


def server_filter(flt: QueryFilter | None) -> qm.Filter | None:
    """The qdrant-client filter for a `QueryFilter` (None when it restricts nothing)."""
    if flt is None:
        return None
    must: list[qm.Condition] = []
    for key, values in (("drug_id", flt.drug_ids), ("section_key", flt.section_keys)):
        if len(values) == 1:
            must.append(qm.FieldCondition(key=key, match=qm.MatchValue(value=values[0])))
        elif values:
            must.append(qm.FieldCondition(key=key, match=qm.MatchAny(any=list(values))))
    return qm.Filter(must=must) if must else None


__all__ = ["edge_filter", "server_filter"]
