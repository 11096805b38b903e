"""Logs over HTTP: an access line per request, the request id in every line, LOG_LEVEL."""

from __future__ import annotations

import asyncio
import contextvars
import io
import json
import logging
import logging.config
import threading
from collections.abc import Callable, Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import pytest
from starlette.testclient import TestClient

from core.errors import ConfigError
from core.logging import REQUEST_ID, JsonFormatter, configure_logging, log_config
from core.settings import Settings, load_settings
from tests.support.dialogue import ScriptedService, start
from web.access import UNMATCHED, client_address, request_id, route_template
from web.offload import Offload

T = TypeVar("T")

SECRET = "con tôi bị sốt cao đã ba ngày"
MakeClient = Callable[..., tuple[TestClient, ScriptedService]]


@pytest.fixture
def lines() -> Iterator[Callable[[], list[dict[str, Any]]]]:
    """The service's records (`duocthu.*`; not the test client's own), formatted at emit time."""
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JsonFormatter())
    root = logging.getLogger()
    saved = root.level
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    try:
        yield lambda: [
            record
            for record in map(json.loads, stream.getvalue().splitlines())
            if record["logger"].startswith("duocthu")
        ]
    finally:
        root.removeHandler(handler)
        root.setLevel(saved)


def test_one_access_line_per_request_with_the_route_template(
    client: tuple[TestClient, ScriptedService], lines: Callable[[], list[dict[str, Any]]]
) -> None:
    """Each request writes one `request` line: method, route template (not the id), status, time."""
    http = client[0]
    cid, auth = start(http)
    http.get(f"/v1/conversations/{cid}", headers=auth)
    http.get("/health")
    access = [line for line in lines() if line["event"] == "request"]
    assert [(a["method"], a["route"], a["status"]) for a in access] == [
        ("POST", "/v1/conversations", 201),
        ("GET", "/v1/conversations/{conversation_id}", 200),
        ("GET", "/health", 200),
    ]
    assert all(isinstance(a["duration_ms"], float) and a["duration_ms"] >= 0 for a in access)
    assert all(a["logger"] == "duocthu.access" for a in access)
    assert cid not in json.dumps(lines())


def test_request_id_is_echoed_and_in_every_line_of_the_turn(
    client: tuple[TestClient, ScriptedService], lines: Callable[[], list[dict[str, Any]]]
) -> None:
    """A sane X-Request-ID comes back and tags the turn line (written on a turn thread) and the
    access line; the user's words are in neither by default."""
    http = client[0]
    cid, auth = start(http)
    response = http.post(
        f"/v1/conversations/{cid}/turns",
        json={"text": SECRET},
        headers={**auth, "X-Request-ID": "req-42.a:b"},
    )
    assert response.status_code == 200
    assert response.headers["x-request-id"] == "req-42.a:b"
    tagged = [line for line in lines() if line.get("request_id") == "req-42.a:b"]
    assert {line["event"] for line in tagged} == {"turn", "request"}
    turn_line = next(line for line in tagged if line["event"] == "turn")
    assert turn_line["conversation_id"] == cid
    assert SECRET not in json.dumps(lines(), ensure_ascii=False)


def test_a_missing_or_unsafe_request_id_is_replaced(
    client: tuple[TestClient, ScriptedService], lines: Callable[[], list[dict[str, Any]]]
) -> None:
    """Without a usable X-Request-ID each request gets a fresh id, echoed and logged."""
    http = client[0]
    first = http.get("/health").headers["x-request-id"]
    second = http.get("/health", headers={"X-Request-ID": "bad id\twith space"})
    assert second.headers["x-request-id"] not in (first, "bad id\twith space")
    logged = [line["request_id"] for line in lines() if line["event"] == "request"]
    assert logged == [first, second.headers["x-request-id"]]


def test_unmatched_paths_share_one_route_label(
    client: tuple[TestClient, ScriptedService], lines: Callable[[], list[dict[str, Any]]]
) -> None:
    """A path no route matches is logged as `<unmatched>`, not as the path that was asked for."""
    client[0].get("/no/such/secret-path")
    (access,) = [line for line in lines() if line["event"] == "request"]
    assert (access["route"], access["status"]) == (UNMATCHED, 404)


def test_request_id_keeps_only_sane_ids() -> None:
    """An id of 1-128 characters from [A-Za-z0-9._:-] is kept; anything else is replaced."""
    assert request_id(b"abc-1.2:3_x") == "abc-1.2:3_x"
    for bad in (b"", b"a" * 129, b"a b", b"<script>", "é".encode()):
        assert request_id(bad) != bad.decode("utf-8")
    assert request_id(None) != request_id(None)


def test_route_template_of_a_mount_names_its_subtree() -> None:
    """A mounted app (the static files) is labelled `<mount>/{path}`; no route is `<unmatched>`."""

    class Mounted:
        path = "/static"
        routes = ()

    class Plain:
        path = "/health"

    assert route_template({"route": Mounted()}) == "/static/{path}"
    assert route_template({"route": Plain()}) == "/health"
    assert route_template({}) == UNMATCHED


def _run(
    main: Callable[[], Coroutine[Any, Any, T]], context: contextvars.Context | None = None
) -> T:
    """asyncio.run on a thread of its own: the browser suite's Playwright keeps an event loop
    running on the main thread for the whole session, and asyncio.run refuses to nest."""
    ctx = context or contextvars.copy_context()
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(ctx.run, lambda: asyncio.run(main())).result()


def test_offload_runs_in_the_callers_context() -> None:
    """A call on a turn thread sees the context variables of the request that made it."""

    async def main() -> str | None:
        offload = Offload(2)
        REQUEST_ID.set("rid-7")
        try:
            return await offload(REQUEST_ID.get)
        finally:
            offload.close()

    assert _run(main) == "rid-7"


@pytest.mark.usefixtures("saved_logging")
def test_log_level_drops_the_lines_below_it() -> None:
    """LOG_LEVEL=WARNING keeps warnings and drops the INFO access and turn lines."""
    stream = io.StringIO()
    configure_logging("WARNING", stream)
    logging.getLogger("duocthu.access").info("request")
    logging.getLogger("duocthu.turn").warning("turn_failed")
    events = [json.loads(line)["event"] for line in stream.getvalue().splitlines()]
    assert events == ["turn_failed"]


def test_log_level_setting_is_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    """LOG_LEVEL takes a level name in any case; anything else names the variable."""
    assert Settings(log_level="warning").log_level == "WARNING"
    monkeypatch.setenv("LOG_LEVEL", "loud")
    with pytest.raises(ConfigError, match="LOG_LEVEL"):
        load_settings()


@pytest.mark.usefixtures("saved_logging")
def test_uvicorn_and_library_records_become_json_lines_on_stdout(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """With the log config serve passes to uvicorn, uvicorn's and other libraries' records are
    JSON lines on stdout, nothing on stderr; transitions' INFO chatter is dropped."""
    logging.config.dictConfig(log_config("INFO"))
    logging.getLogger("uvicorn.error").error("Exception in ASGI application")
    logging.getLogger("retrieval.build").info("demo corpus ingested: %d chunks", 3)
    logging.getLogger("transitions").info("entered a state")
    out, err = capsys.readouterr()
    records = [json.loads(line) for line in out.splitlines()]
    assert [(r["logger"], r["level"]) for r in records] == [
        ("uvicorn.error", "error"),
        ("retrieval.build", "info"),
    ]
    assert records[1]["event"] == "demo corpus ingested: 3 chunks"
    assert err == ""


def test_turn_threads_count_waiting_calls() -> None:
    """The queue gauge counts calls waiting for a free turn thread, and drops as they start."""

    class Level:
        value = 0.0

        def inc(self, amount: float = 1) -> None:
            self.value += amount

        def dec(self, amount: float = 1) -> None:
            self.value -= amount

    level, release = Level(), threading.Event()
    seen: list[float] = []

    async def main() -> None:
        offload = Offload(1, level)
        try:
            first = asyncio.ensure_future(offload(release.wait))
            second = asyncio.ensure_future(offload(lambda: True))
            await asyncio.sleep(0)
            seen.append(level.value)  # the second waits behind the first (or both wait)
            release.set()
            await asyncio.gather(first, second)
            seen.append(level.value)
        finally:
            offload.close()

    _run(main)
    assert seen[0] >= 1
    assert seen[1] == 0


def test_a_server_error_keeps_its_request_id_in_every_line(
    make_client: MakeClient,
    lines: Callable[[], list[dict[str, Any]]],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A bug answers 500; the access line says 500 and the failure line has the same id."""
    http, service = make_client(raise_server_exceptions=False)
    cid, auth = start(http)

    def broken(*_args: Any, **_kwargs: Any) -> Any:
        raise RuntimeError(SECRET)

    monkeypatch.setattr(service.runtime.engine, "handle", broken)
    response = http.post(
        f"/v1/conversations/{cid}/turns",
        json={"text": "xin chào"},
        headers={**auth, "X-Request-ID": "boom-1"},
    )
    assert response.status_code == 500
    tagged = {line["event"]: line for line in lines() if line.get("request_id") == "boom-1"}
    assert tagged["request"]["status"] == 500
    assert tagged["request_failed"]["code"] == "internal_error"
    assert SECRET not in json.dumps(lines(), ensure_ascii=False)


def test_the_access_line_names_the_client_as_the_limiter_keys_on_it(
    client: tuple[TestClient, ScriptedService], lines: Callable[[], list[dict[str, Any]]]
) -> None:
    """The access line's `client` is the address the rate limiter buckets the request under."""
    http = client[0]
    seen: list[str] = []
    limiter = http.app_state["limiter"]
    original = limiter.hit

    def spy(client_id: str, cost: int = 1) -> Any:
        seen.append(client_id)
        return original(client_id, cost)

    limiter.hit = spy
    cid, auth = start(http)
    http.post(f"/v1/conversations/{cid}/turns", json={"text": "xin chào"}, headers=auth)
    access = [line for line in lines() if line["event"] == "request"]
    assert seen and len(set(seen)) == 1
    assert [a["client"] for a in access] == [seen[0]] * len(access)


def test_client_address_reads_the_scope_client() -> None:
    """The client address is the scope's client host (uvicorn puts a trusted proxy's
    X-Forwarded-For there), `unknown` when the server gives none."""
    assert client_address({"client": ("10.0.0.7", 5123)}) == "10.0.0.7"
    assert client_address({"client": None}) == "unknown"
    assert client_address({}) == "unknown"
