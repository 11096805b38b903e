"""An answer without its worked-out amounts (`grounding.amounts`): what a model may see and
judge, and the fallback when an amount does not recompute."""

from __future__ import annotations

from core.evidence import Answer, Claim

QUOTE_ONLY_NOTE = " (trích nguyên văn, không tính sẵn liều theo cân nặng)"
_LEAD_END = "theo Dược thư:"


def derived_claims(answer: Answer) -> tuple[Claim, ...]:
    return tuple(c for c in answer.claims if c.derivation is not None)


def quote_only(answer: Answer) -> Answer:
    """The answer without its worked-out amounts: what a model may see and judge, and the
    fallback when an amount does not recompute (the lead says again that nothing is worked
    out)."""
    if not derived_claims(answer):
        return answer
    lead = answer.lead
    if lead.endswith(_LEAD_END) and QUOTE_ONLY_NOTE not in lead:
        lead = lead.removesuffix(":") + QUOTE_ONLY_NOTE + ":"
    claims = tuple(c for c in answer.claims if c.derivation is None)
    return answer.model_copy(update={"lead": lead, "claims": claims})


__all__ = ["QUOTE_ONLY_NOTE", "derived_claims", "quote_only"]
