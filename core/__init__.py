"""The shared vocabulary every layer speaks: the query frame, section keys, the drug
catalog and its name index, evidence and answers, the exception tree, the request budget,
the ports (protocols) the turn calls, turn results, settings, one Vietnamese text module,
prompts and the Bedrock Converse client.

It imports only `states` (and the standard library and third-party packages); understanding,
retrieval, grounding and the turn (`engine`) import it, never the other way round.
"""

__all__: list[str] = []
