"""The dialogue state machine as data, its graph checks and its diagram."""

__all__: list[str] = []
