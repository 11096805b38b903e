"""The service process the fault suite kills, and small HTTP helpers for its tests.

The service is `tests.support.fake_service` (server.py's app and the real engine and
store, with fake models/retrieval that can stall in one stage), run as a
subprocess on 127.0.0.1 so it can be killed with SIGKILL mid-turn.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx

from tests.support.procs import free_port, wait_for

REPO = Path(__file__).resolve().parents[2]


class Service:
    """One `tests.support.fake_service` process; `kill()` is SIGKILL, `start()` brings it back."""

    def __init__(self, redis_url: str, env: dict[str, str], log: Path, workers: int = 1) -> None:
        self.port = free_port()
        self.workers = workers
        self.redis_url = redis_url
        self.env = env
        self.log = log
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, **extra_env: str) -> Service:
        env = {**os.environ, **self.env, "REDIS_URL": self.redis_url, **extra_env}
        with self.log.open("ab") as log:
            self.proc = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "tests.support.fake_service",
                    "--port",
                    str(self.port),
                    "--workers",
                    str(self.workers),
                ],
                cwd=REPO,
                env=env,
                start_new_session=True,  # its own group: kill() takes uvicorn's workers too
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        # A guard against a hang, not a speed test: a service that exits fails at once
        # (`_healthy`); one still starting on a loaded machine is waited for.
        wait_for(self._healthy, 180, f"the service on port {self.port}")
        return self

    def _healthy(self) -> bool:
        if self.proc is not None and self.proc.poll() is not None:
            raise RuntimeError(f"the service exited; see {self.log}")
        try:
            return httpx.get(f"{self.base}/health", timeout=1).status_code == 200
        except httpx.HTTPError:
            return False

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=10)
        self.proc = None

    def client(self, timeout: float = 30) -> httpx.Client:
        return httpx.Client(base_url=self.base, timeout=timeout)


def create(client: httpx.Client) -> tuple[str, dict[str, str]]:
    """A new conversation: its id and the auth header."""
    r = client.post("/v1/conversations")
    assert r.status_code == 201, r.text
    body = r.json()
    return body["conversation_id"], {"Authorization": f"Bearer {body['token']}"}


def turn(
    client: httpx.Client, cid: str, auth: dict[str, str], frame: dict[str, Any], key: str
) -> httpx.Response:
    payload = {"text": json.dumps(frame, ensure_ascii=False), "idempotency_key": key}
    return client.post(f"/v1/conversations/{cid}/turns", json=payload, headers=auth)


CLARIFY = {"turn_type": "drug_attribute", "needs_clarify": True}
RETRIEVE = {"turn_type": "drug_attribute", "drugs": ["paracetamol"], "attribute": "chong_chi_dinh"}
SMALLTALK = {"turn_type": "smalltalk"}

# Short lock lease so a turn orphaned by a kill frees its conversation quickly.
SERVICE_ENV = {
    "LOCK_TTL_MS": "2000",
    "LOCK_WAIT_MS": "6000",
    "REDIS_TIMEOUT_S": "0.5",
    "RATE_LIMIT_BURST": "10000",
    "RATE_LIMIT_PER_MINUTE": "100000",
    "DUOCTHU_DATA_DIR": "",
}
