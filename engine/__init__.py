"""The dialogue engine: frames, routing, the turn, and conversations in Redis."""

__all__: list[str] = []
