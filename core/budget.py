"""The per-turn budget: wall clock and model calls, checked before every provider call."""

from __future__ import annotations

import time
from collections.abc import Callable

from core.errors import ConfigError, RequestBudgetExhausted


class RequestBudget:
    """`require()` before each model call; `time_left()` sizes that call's timeouts.

    It is checked between calls and cannot cancel a call in flight; providers
    derive their own timeouts from `time_left()` so the residual gap stays bounded.
    """

    def __init__(
        self,
        *,
        max_wall_clock_s: float = 40.0,
        max_model_calls: int = 8,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if max_wall_clock_s <= 0:
            raise ConfigError(f"max_wall_clock_s must be > 0, got {max_wall_clock_s}")
        if max_model_calls < 1:
            raise ConfigError(f"max_model_calls must be >= 1, got {max_model_calls}")
        self.max_wall_clock_s = max_wall_clock_s
        self.max_model_calls = max_model_calls
        self._clock = clock
        self._started = clock()
        self.model_calls = 0

    def elapsed(self) -> float:
        return self._clock() - self._started

    def time_left(self) -> float:
        return max(0.0, self.max_wall_clock_s - self.elapsed())

    def require(self, what: str = "model call") -> None:
        """Count one model call, or raise `RequestBudgetExhausted` if none may be made."""
        if self.model_calls >= self.max_model_calls:
            raise RequestBudgetExhausted(
                f"{what}: {self.model_calls} of {self.max_model_calls} model calls already used"
            )
        if self.time_left() <= 0:
            raise RequestBudgetExhausted(
                f"{what}: wall clock of {self.max_wall_clock_s:.1f}s used up"
            )
        self.model_calls += 1


__all__ = ["RequestBudget"]
