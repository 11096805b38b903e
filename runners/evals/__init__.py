"""Evaluation runners behind `duocthu eval SET`.

Each module (`understanding`, `retrieval`, `answers`, `condition`, `dialogues`, `safety`,
`realtext`, `people-safety` in `people_safety.py`, `people-facts` in `people_facts.py`,
`doses`) exposes `main(argv) -> int`, which `runners.cli` calls; the exit code is non-zero
when a gate fails. `understanding`, `safety`, `realtext` and `doses` also expose a `run` that
returns the scores to callers.
"""

__all__: list[str] = []
