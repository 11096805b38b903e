"""A real `duocthu serve` on the embedded Redis and index, as the fault tests run it.

Started as a subprocess on 127.0.0.1 with the offline providers; its redis-server child
is found by its working directory (`engine.embedded_redis.servers_in`).
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import httpx

from engine.embedded_redis import servers_in
from tests.support.procs import free_port, wait_for

REPO = Path(__file__).resolve().parents[2]


class RealServe:
    """One `duocthu serve` process over `data_dir`; `stop()` sends SIGTERM (then SIGKILL)."""

    def __init__(self, data_dir: Path, log: Path, **env: str) -> None:
        self.data_dir, self.log, self.port = data_dir, log, free_port()
        self.env = {
            **os.environ,
            "DUOCTHU_DATA_DIR": str(data_dir),
            "EMBEDDING_PROVIDER": "disabled",
            "PIN_CPU": "off",
            "RATE_LIMIT_BURST": "100000",
            "RATE_LIMIT_PER_MINUTE": "1000000",
            **env,
        }
        for name in ("REDIS_URL", "QDRANT_URL"):
            self.env.pop(name, None)
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def redis_folder(self) -> Path:
        return self.data_dir / "redis"

    def launch(self) -> subprocess.Popen[bytes]:
        with self.log.open("ab") as log:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "runners.cli", "serve", "--port", str(self.port)],
                cwd=REPO,
                env=self.env,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        return self.proc

    def start(self) -> RealServe:
        self.launch()
        wait_for(self.ready, 180, f"duocthu serve on port {self.port}")
        return self

    def ready(self) -> bool:
        if self.proc is not None and self.proc.poll() is not None:
            raise RuntimeError(f"duocthu serve exited ({self.proc.returncode}); see {self.log}")
        try:
            return httpx.get(f"{self.base}/ready", timeout=5).status_code == 200
        except httpx.HTTPError:
            return False

    def status(self, path: str) -> int:
        try:
            return httpx.get(f"{self.base}{path}", timeout=5).status_code
        except httpx.HTTPError:
            return 0

    def redis_pids(self) -> list[int]:
        return [s.pid for s in servers_in(self.redis_folder)]

    def metric(self, name: str) -> float:
        text = httpx.get(f"{self.base}/metrics", timeout=5).text
        found = re.search(rf"^{re.escape(name)} (\S+)$", text, re.M)
        return float(found.group(1)) if found else 0.0

    def stop(self) -> None:
        proc = self.proc
        if proc is None or proc.poll() is not None:
            return
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)

    def log_text(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""
