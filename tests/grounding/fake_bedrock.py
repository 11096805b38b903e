"""A small local HTTP server speaking Bedrock's Converse wire format, for fault tests.

Each request takes the next scripted step (or the default step once the script is used
up): answer with a tool input, throttle with 429, hang past the client's read timeout,
send a body that is not JSON, or answer with text and no tool call. Requests are recorded.
"""

from __future__ import annotations

import json
import threading
from collections import deque
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import boto3


@dataclass(frozen=True)
class Reply:
    """Answer with a call of the requested tool carrying this input."""

    tool_input: dict[str, Any]


@dataclass(frozen=True)
class Throttle:
    """429 ThrottlingException, as Bedrock sends it."""


@dataclass(frozen=True)
class Hang:
    """Send nothing for `seconds` (or until the server stops)."""

    seconds: float = 30.0


@dataclass(frozen=True)
class Malformed:
    """200 with a body that is not JSON."""


@dataclass(frozen=True)
class TextOnly:
    """A well-formed reply with text and no tool call."""


Step = Reply | Throttle | Hang | Malformed | TextOnly


@dataclass
class FakeBedrock:
    """Start with `start()`, point boto3's `endpoint_url` at `url`, `stop()` when done."""

    script: list[Step] = field(default_factory=list)
    default: Step = field(default_factory=TextOnly)
    requests: list[dict[str, Any]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._steps: deque[Step] = deque(self.script)
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        assert self._server is not None, "server not started"
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}"

    def push(self, *steps: Step) -> None:
        with self._lock:
            self._steps.extend(steps)

    def _next(self, request: dict[str, Any]) -> Step:
        with self._lock:
            self.requests.append(request)
            return self._steps.popleft() if self._steps else self.default

    def start(self) -> FakeBedrock:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:
                return

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length)
                try:
                    parsed = json.loads(body or b"{}")
                except json.JSONDecodeError:
                    parsed = {"_raw": body.decode("utf-8", "replace")}
                parsed["_path"] = self.path
                step = fake._next(parsed)
                try:
                    fake._respond(self, step, parsed)
                except (BrokenPipeError, ConnectionResetError):
                    return  # the client gave up (its timeout) before we answered

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stopping.set()
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def _respond(
        self, handler: BaseHTTPRequestHandler, step: Step, request: dict[str, Any]
    ) -> None:
        if isinstance(step, Hang):
            self._stopping.wait(step.seconds)
            return
        if isinstance(step, Throttle):
            self._send(
                handler,
                429,
                {"message": "Too many requests, please wait before trying again."},
                error_type="ThrottlingException",
            )
            return
        if isinstance(step, Malformed):
            self._send_raw(handler, 200, b'{"output": {"message": ')
            return
        if isinstance(step, TextOnly):
            content: list[dict[str, Any]] = [{"text": "Tôi không chắc."}]
            stop = "end_turn"
        else:
            tool = request.get("toolConfig", {}).get("toolChoice", {}).get("tool", {}).get("name")
            content = [
                {"toolUse": {"toolUseId": "tooluse_1", "name": tool, "input": step.tool_input}}
            ]
            stop = "tool_use"
        self._send(
            handler,
            200,
            {
                "output": {"message": {"role": "assistant", "content": content}},
                "stopReason": stop,
                "usage": {"inputTokens": 10, "outputTokens": 10, "totalTokens": 20},
                "metrics": {"latencyMs": 5},
            },
        )

    @staticmethod
    def _send(
        handler: BaseHTTPRequestHandler, status: int, body: dict[str, Any], error_type: str = ""
    ) -> None:
        data = json.dumps(body, ensure_ascii=False).encode()
        handler.send_response(status)
        handler.send_header("Content-Type", "application/json")
        handler.send_header("Content-Length", str(len(data)))
        if error_type:
            handler.send_header("x-amzn-ErrorType", f"{error_type}:http://internal.amazon.com/")
        handler.end_headers()
        handler.wfile.write(data)

    @staticmethod
    def _send_raw(handler: BaseHTTPRequestHandler, status: int, data: bytes) -> None:
        handler.send_response(status)
        handler.send_header("Content-Type", "application/json")
        handler.send_header("Content-Length", str(len(data)))
        handler.end_headers()
        handler.wfile.write(data)


_SESSION: list[boto3.session.Session] = []


def boto3_session() -> boto3.session.Session:
    """One boto3 session for all fault tests: loading the service model once keeps them quick."""
    if not _SESSION:
        _SESSION.append(boto3.session.Session())
    return _SESSION[0]
