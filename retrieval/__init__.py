"""Retrieval: the corpus format, ingestion, and the Qdrant index (embedded and server)."""

__all__: list[str] = []
