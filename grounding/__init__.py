"""Grounded answers: the offline and Bedrock answerers, the checks an answer must pass
(citations, numbers, candidate set, entailment), row selection and rendering.

Import from the modules themselves; the package exports nothing, so importing it costs
nothing (the Bedrock answerer needs boto3, the offline path does not).
"""

__all__: list[str] = []
