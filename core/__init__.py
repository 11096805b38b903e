"""The shared vocabulary every layer speaks: the query frame, section keys, the drug
catalog and its name index, evidence and answers, the exception tree, the request budget,
the ports (protocols) the turn calls, turn results, settings, one Vietnamese text module,
prompts, reason codes and the Bedrock Converse client.

It is the floor: it imports nothing of ours (only the standard library and third-party
packages); states, understanding, retrieval, grounding and the turn (`engine`) import it,
never the other way round. Reason codes (`core.reasons.Reason`) live here too.
"""

__all__: list[str] = []
