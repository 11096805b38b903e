"""One ingest at a time per data dir: two at once would each clear the other's staging
generation, and one of them failed with an obscure IO error (the live index was safe).

An `flock` on a lock file named after the data dir (in the temporary folder, so a refused
ingest never creates the data dir): the kernel drops it however the holder ends. A second
ingest says which one it waits for, then runs when that one is done.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import sys
import tempfile
from pathlib import Path
from typing import TextIO


def lock_path(data_dir: Path) -> Path:
    digest = hashlib.sha256(str(data_dir.expanduser().absolute()).encode()).hexdigest()[:16]
    return Path(tempfile.gettempdir()) / f"duocthu-ingest-{digest}.lock"


def hold_ingest_lock(data_dir: Path, stream: TextIO | None = None) -> int:
    """Take the data dir's ingest lock, waiting (with one line saying so) while another
    ingest holds it; returns the descriptor to close when done."""
    fd = os.open(lock_path(data_dir), os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        holder = os.pread(fd, 200, 0).decode("utf-8", "replace").strip() or "another process"
        print(
            f"duocthu: another ingest ({holder}) is running on {data_dir}; waiting for it to "
            "finish",
            file=stream if stream is not None else sys.stderr,
            flush=True,
        )
        fcntl.flock(fd, fcntl.LOCK_EX)
    os.ftruncate(fd, 0)
    os.pwrite(fd, f"pid {os.getpid()}\n".encode(), 0)
    return fd


def release_ingest_lock(fd: int) -> None:
    os.close(fd)


__all__ = ["hold_ingest_lock", "lock_path", "release_ingest_lock"]
