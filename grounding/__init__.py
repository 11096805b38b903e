"""Grounded answers: evidence models, checks, and the offline and Bedrock answerers."""

from grounding.evidence import Answer, Citation, Claim, Decision, DrugCandidate, Evidence

__all__ = ["Answer", "Citation", "Claim", "Decision", "DrugCandidate", "Evidence"]
