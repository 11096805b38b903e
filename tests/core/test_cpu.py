"""core/cpu.py: pinning the server's Python threads to one core, and lending them back."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from typing import Any

import pytest

from core import cpu
from core.errors import ConfigError

pytestmark = pytest.mark.skipif(not cpu.supported(), reason="needs Linux CPU affinity")


def _in_thread(fn: Callable[[], Any]) -> Any:
    """Run `fn` in a fresh thread (pinning is per thread: keep the test runner's own mask)."""
    out: list[Any] = []
    errors: list[BaseException] = []

    def run() -> None:
        try:
            out.append(fn())
        except BaseException as exc:
            errors.append(exc)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    if errors:
        raise errors[0]
    return out[0]


def test_spec_values() -> None:
    assert cpu.parse_spec("auto") == -1
    assert cpu.parse_spec(" OFF ") is None
    assert cpu.parse_spec("1") == 1
    for bad in ("", "-1", "first", "0,1"):
        with pytest.raises(ConfigError, match="PIN_CPU"):
            cpu.parse_spec(bad)


def test_current_cpu_is_one_of_ours() -> None:
    assert cpu.current_cpu() in os.sched_getaffinity(0)


def test_pinning_holds_for_the_thread_and_the_threads_it_starts() -> None:
    everything = os.sched_getaffinity(0)

    def pinned() -> tuple[int | None, set[int], set[int], set[int]]:
        core = cpu.pin_python_threads("auto")
        child = _in_thread(lambda: os.sched_getaffinity(0))
        return core, os.sched_getaffinity(0), child, everything

    core, mine, child, _ = _in_thread(pinned)
    assert core is not None
    assert mine == child == {core}
    assert os.sched_getaffinity(0) == everything  # the runner's own thread is untouched


def test_native_threads_lend_every_core_then_give_it_back() -> None:
    everything = os.sched_getaffinity(0)
    target = max(everything)

    def pinned() -> tuple[set[int], set[int], set[int], set[int]]:
        assert cpu.pin_python_threads(str(target)) == target
        with cpu.native_threads():
            inside = os.sched_getaffinity(0)
            started_inside = _in_thread(lambda: os.sched_getaffinity(0))
        return inside, started_inside, os.sched_getaffinity(0), everything

    inside, started_inside, after, _ = _in_thread(pinned)
    assert inside == started_inside == everything
    assert after == {target}


def test_off_pins_nothing_and_foreign_cores_are_refused() -> None:
    before = os.sched_getaffinity(0)
    assert _in_thread(lambda: (cpu.pin_python_threads("off"), os.sched_getaffinity(0))) == (
        None,
        before,
    )
    outside = max(before) + 1
    with pytest.raises(ConfigError, match="not among"):
        _in_thread(lambda: cpu.pin_python_threads(str(outside)))
