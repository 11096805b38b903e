"""Evaluation runners behind `duocthu eval SET` (each exposes `run` and `main`)."""

__all__: list[str] = []
