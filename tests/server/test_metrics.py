"""web.metrics: turn and HTTP series on a registry per app, added up across workers."""

from __future__ import annotations

import os
import platform
import re
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from prometheus_client import multiprocess
from prometheus_client.parser import text_string_to_metric_families
from starlette.testclient import TestClient

from core import build
from core.errors import ConversationNotFound, StateStoreUnavailable, UnderstandingFailed
from core.result import Outcome, TraceEntry, TurnResult
from core.settings import Settings
from server import serve
from tests.support.dialogue import ScriptedService, start
from web.http_errors import MESSAGES
from web.metrics import MULTIPROC_ENV, STORE_ERROR_CODES, TURN_ERROR_CODES, TurnMetrics
from web.ratelimit import RateLimiter


def _turn(reason: str, outcome: Outcome, calls: int = 2) -> tuple[TurnResult, TraceEntry]:
    result = TurnResult(
        conversation_id="c", turn=1, state="abstained", outcome=outcome, reason=reason, message="m"
    )
    entry = TraceEntry(
        turn=1,
        at=datetime.now(UTC),
        outcome=outcome,
        reason=reason,
        route_rule=1,
        path=[],
        timings_ms={"understand": 12.0, "retrieve": 80.0},
        model_calls=calls,
    )
    return result, entry


def test_completed_turns_are_counted_and_timed() -> None:
    """A finished turn counts by outcome/reason, times each stage and records model calls."""
    metrics = TurnMetrics()
    metrics.turn_completed(*_turn("single_drug", Outcome.ANSWERABLE, calls=3))
    text = metrics.render().decode()
    assert 'duocthu_turns_total{outcome="answerable",reason="single_drug"} 1.0' in text
    assert 'duocthu_stage_seconds_sum{stage="retrieve"} 0.08' in text
    assert "duocthu_model_calls_per_turn_sum 3.0" in text
    assert "duocthu_breaker_trips_total 0.0" in text


def test_breaker_trip_is_counted() -> None:
    """An abstain/clarify_loop_exhausted turn counts as a breaker trip."""
    metrics = TurnMetrics()
    metrics.turn_completed(*_turn("clarify_loop_exhausted", Outcome.ABSTAIN))
    assert "duocthu_breaker_trips_total 1.0" in metrics.render().decode()


def test_store_errors_are_counted_apart_from_other_failures() -> None:
    """A store failure counts as a store error once, per request; a provider failure, a 404
    or a turn's own failure count only as what they are."""
    metrics = TurnMetrics()
    metrics.turn_failed("c", StateStoreUnavailable("down"))
    metrics.request_failed(StateStoreUnavailable("down"))
    metrics.request_failed(ConversationNotFound("no"))
    metrics.turn_failed("c", UnderstandingFailed("bad json"))
    metrics.request_failed(UnderstandingFailed("bad json"))
    text = metrics.render().decode()
    assert 'duocthu_store_errors_total{code="state_store_unavailable"} 1.0' in text
    assert 'duocthu_turn_errors_total{code="understanding_failed"} 1.0' in text
    assert 'duocthu_store_errors_total{code="understanding_failed"}' not in text
    assert 'duocthu_store_errors_total{code="not_found"}' not in text


def test_store_errors_match_the_store_failures_clients_were_served(
    make_client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With Redis gone, every route's 503 counts one store error: the series equals the
    503s served (issue 24: 13 counted against 3,775 served before)."""
    http, service = make_client(raise_server_exceptions=False)
    cid, auth = start(http)

    def down(*_a: object, **_k: object) -> Any:
        raise StateStoreUnavailable("redis failed")

    store = service.runtime.engine.store
    for name in ("begin", "load", "create", "delete"):
        monkeypatch.setattr(store, name, down)
    monkeypatch.setattr(RateLimiter, "hit", down)
    url = f"/v1/conversations/{cid}"
    statuses = [
        http.post("/v1/conversations").status_code,
        http.post(f"{url}/turns", json={"text": "Xin chào"}, headers=auth).status_code,
        http.get(url, headers=auth).status_code,
        http.get(f"{url}/trace", headers=auth).status_code,
        http.delete(url, headers=auth).status_code,
    ]
    assert statuses == [503] * 5
    monkeypatch.undo()
    found = re.findall(
        r'^duocthu_store_errors_total\{code="state_store_unavailable"\} (\S+)$',
        http.get("/metrics").text,
        re.M,
    )
    assert [float(v) for v in found] == [5.0]


def test_two_runtimes_do_not_collide() -> None:
    """Each TurnMetrics has its own registry, so two can live in one process."""
    first, second = TurnMetrics(), TurnMetrics()
    first.turn_completed(*_turn("smalltalk", Outcome.ANSWERABLE))
    assert "smalltalk" not in second.render().decode()


# -- over HTTP ---------------------------------------------------------------------------------

SERIES = (
    "duocthu_http_requests_total",
    "duocthu_http_request_duration_seconds_bucket",
    "duocthu_turns_in_flight",
    "duocthu_turn_queue_depth",
    "duocthu_turns_total",
    "process_cpu_seconds_total",
    "process_resident_memory_bytes",
    "python_info",
    "python_gc_collections_total",
)


def _value(text: str, series: str) -> float:
    """The value of one exact series line (name and labels) in Prometheus text."""
    for line in text.splitlines():
        name, _, value = line.rpartition(" ")
        if name == series:
            return float(value)
    raise AssertionError(f"{series} not in /metrics")


def test_metrics_page_has_http_turn_process_and_platform_series_and_no_created(
    client: tuple[TestClient, ScriptedService],
) -> None:
    """/metrics lists the HTTP, turn, gauge, process and platform series, and no `_created`."""
    http = client[0]
    cid, auth = start(http)
    http.post(f"/v1/conversations/{cid}/turns", json={"text": "xin chào"}, headers=auth)
    text = http.get("/metrics").text
    names = {line.split("{")[0].split(" ")[0] for line in text.splitlines() if line[:1] != "#"}
    assert set(SERIES) <= names
    assert "_created" not in text


def test_requests_are_counted_by_route_template_and_status(
    client: tuple[TestClient, ScriptedService],
) -> None:
    """Each request adds one to its (method, route template, status) count; ids never label."""
    http = client[0]
    cid, auth = start(http)
    route = 'route="/v1/conversations/{conversation_id}"'
    series = f'duocthu_http_requests_total{{method="GET",{route},status="200"}}'
    missing = f'duocthu_http_requests_total{{method="GET",{route},status="404"}}'
    http.get(f"/v1/conversations/{cid}", headers=auth)
    before = _value(http.get("/metrics").text, series)
    http.get(f"/v1/conversations/{cid}", headers=auth)
    http.get(f"/v1/conversations/{cid}", headers=auth)
    http.get("/v1/conversations/nope", headers=auth)
    text = http.get("/metrics").text
    assert _value(text, series) == before + 2
    assert _value(text, missing) == 1
    assert _value(text, f'duocthu_http_request_duration_seconds_count{{method="GET",{route}}}') == 4
    assert cid not in text


def test_in_flight_gauge_counts_the_turn_being_worked_on(
    client: tuple[TestClient, ScriptedService],
) -> None:
    """During a turn the in-flight gauge is 1; once it is answered, 0 again."""
    http, service = client
    metrics = next(o for o in service.runtime.observers if isinstance(o, TurnMetrics))
    seen: list[float] = []

    class Peek:
        def turn_completed(self, result: TurnResult, entry: TraceEntry) -> None:
            seen.append(_value(metrics.render().decode(), "duocthu_turns_in_flight"))

        def turn_failed(self, conversation_id: str, error: BaseException) -> None:
            pass

    service.runtime.observers.append(Peek())
    cid, auth = start(http)
    assert http.post(f"/v1/conversations/{cid}/turns", json={"text": "a"}, headers=auth).is_success
    assert seen == [1.0]
    assert _value(http.get("/metrics").text, "duocthu_turns_in_flight") == 0


# -- several workers ---------------------------------------------------------------------------

_WORKER = """
import os, sys
from web.metrics import TurnMetrics
m = TurnMetrics()
m.request_finished("GET", "/health", 200, 0.01)
m.turns_in_flight.inc()
m.turn_queue.inc(int(sys.argv[1]))
print(os.getpid())
"""


def _worker(folder: Path, queued: int) -> int:
    env = {**os.environ, MULTIPROC_ENV: str(folder)}
    done = subprocess.run(
        [sys.executable, "-c", _WORKER, str(queued)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    return int(done.stdout)


def test_two_worker_processes_add_up_in_one_scrape(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In multiprocess mode /metrics adds every worker's counts and live gauges together."""
    first = _worker(tmp_path, 2)
    _worker(tmp_path, 3)
    monkeypatch.setenv(MULTIPROC_ENV, str(tmp_path))
    text = TurnMetrics().render().decode()
    ok = 'duocthu_http_requests_total{method="GET",route="/health",status="200"}'
    assert _value(text, ok) == 2
    assert _value(text, "duocthu_turns_in_flight") == 2
    assert _value(text, "duocthu_turn_queue_depth") == 5
    assert "process_cpu_seconds_total" not in text  # one worker's figure is not the server's
    assert "python_info" in text
    assert "_created" not in text
    multiprocess.mark_process_dead(first, str(tmp_path))  # type: ignore[no-untyped-call]
    text = TurnMetrics().render().decode()
    assert _value(text, "duocthu_turn_queue_depth") == 3
    assert _value(text, ok) == 2  # a dead worker's requests still happened


@pytest.mark.usefixtures("saved_logging")
def test_serve_gives_several_workers_a_fresh_metrics_folder_and_json_logs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """serve --workers 2 runs uvicorn with PROMETHEUS_MULTIPROC_DIR on a new empty folder,
    our JSON log config at LOG_LEVEL and uvicorn's access log off; the folder goes after."""
    import uvicorn

    monkeypatch.delenv(MULTIPROC_ENV, raising=False)
    seen: dict[str, Any] = {}

    def run(app: Any, **kwargs: Any) -> None:
        folder = os.environ[MULTIPROC_ENV]
        seen.update(kwargs, folder=folder, empty=not os.listdir(folder))

    monkeypatch.setattr(uvicorn, "run", run)
    closed: list[bool] = []

    class _Built:
        """serve() builds the runtime once to prove the settings; workers build their own."""

        def close(self) -> None:
            closed.append(True)

    monkeypatch.setattr("web.app.build_runtime", lambda _settings: _Built())
    settings = Settings(
        duocthu_data_dir=tmp_path,
        redis_url="redis://x:6379/0",
        qdrant_url="http://q:6333",
        pin_cpu="off",
        log_level="warning",
    )
    serve(settings, workers=2)
    assert seen["empty"] and seen["workers"] == 2
    assert closed == [True]
    assert seen["log_level"] == "warning" and seen["access_log"] is False
    assert seen["log_config"]["root"]["level"] == "WARNING"
    assert not Path(seen["folder"]).exists()
    assert MULTIPROC_ENV not in os.environ


def test_every_series_is_documented_with_an_alert() -> None:
    """Each metric family /metrics can show has a row in docs/deploy.md's metrics table."""
    table = (Path(__file__).resolve().parents[2] / "docs" / "deploy.md").read_text("utf-8")
    table = table.split("## Metrics", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in table.splitlines() if line.startswith("| `")]
    documented = {name for row in rows for name in re.findall(r"`([a-z_]+)`", row.split("|")[1])}
    # prometheus_client names a counter family without the `_total` its series carry.
    names = {
        m.name + ("_total" if m.type == "counter" else "") for m in TurnMetrics().registry.collect()
    }
    assert names <= documented, sorted(names - documented)
    alerts = [row.rstrip().rstrip("|").rsplit("|", 1)[1].strip() for row in rows]
    assert all(alerts), "every row ends with the alert to set (or says none)"


# -- what an operator pages on from the first scrape (issue 25) ---------------------------------


def _families(text: str) -> dict[str, Any]:
    """/metrics parsed by prometheus_client's own parser, family by name."""
    return {family.name: family for family in text_string_to_metric_families(text)}


def test_build_info_names_version_commit_and_python(
    client: tuple[TestClient, ScriptedService],
) -> None:
    """duocthu_build_info is one sample at 1 with the package version, commit and Python."""
    family = _families(client[0].get("/metrics").text)["duocthu_build_info"]
    assert [s.value for s in family.samples] == [1.0]
    labels = family.samples[0].labels
    assert labels == {
        "version": build.package_version(),
        "commit": build.commit(),
        "python": platform.python_version(),
    }
    assert labels["commit"] != "" and labels["version"] != ""


def test_every_error_counter_has_its_known_codes_at_zero_before_any_error(
    client: tuple[TestClient, ScriptedService],
) -> None:
    """Before any failure, duocthu_turn_errors_total and duocthu_store_errors_total carry a
    0 sample for each known code, so rate() alerts see the first incident."""
    families = _families(client[0].get("/metrics").text)
    for family, codes in (
        ("duocthu_turn_errors", TURN_ERROR_CODES),
        ("duocthu_store_errors", STORE_ERROR_CODES),
    ):
        samples = {
            s.labels["code"]: s.value for s in families[family].samples if s.name.endswith("_total")
        }
        assert samples == dict.fromkeys(codes, 0.0), family


def test_the_known_codes_cover_every_code_the_service_can_count() -> None:
    """Every HTTP error code (web/http_errors.py) and every engine/store error code a turn
    can fail with is a known turn-error code; the store codes are those of the failures the
    store series counts (a 404 is not one)."""
    assert set(MESSAGES) <= set(TURN_ERROR_CODES)
    assert set(STORE_ERROR_CODES) == {"state_store_unavailable", "turn_in_progress"}
    assert {"understanding_failed", "budget_exhausted", "generation_unavailable"} <= set(
        TURN_ERROR_CODES
    )
    assert "version_conflict" not in TURN_ERROR_CODES  # counted as turn_in_progress


def test_a_counted_error_moves_its_preset_sample_only() -> None:
    """A store failure moves its code's sample from 0 to 1; the other codes stay at 0."""
    metrics = TurnMetrics()
    metrics.request_failed(StateStoreUnavailable("down"))
    families = _families(metrics.render().decode())
    store = {s.labels["code"]: s.value for s in families["duocthu_store_errors"].samples}
    assert store["state_store_unavailable"] == 1.0
    assert sum(store.values()) == 1.0
