"""A loopback TCP proxy that can delay replies or cut connections, to make Redis look slow or flaky.

Threads, not asyncio, so a test drives it from plain synchronous code:
`delay_s` is added before each chunk travels from the server back to the client;
`cut()` closes every open connection at once (both sides see a reset);
`lose_next_reply()` lets the next request reach the server but drops its reply
and the connection, so the client cannot know whether the command ran.
"""

from __future__ import annotations

import contextlib
import socket
import threading
import time


class FaultProxy:
    """Listens on 127.0.0.1:<port> and forwards to 127.0.0.1:<target_port>."""

    def __init__(self, target_port: int) -> None:
        self.target_port = target_port
        self.delay_s = 0.0
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.port: int = self._listener.getsockname()[1]
        self._open: set[socket.socket] = set()
        self._lock = threading.Lock()
        self._closed = False
        self._lose_reply = threading.Event()
        threading.Thread(target=self._accept, name="proxy-accept", daemon=True).start()

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def _accept(self) -> None:
        while not self._closed:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            try:
                upstream = socket.create_connection(("127.0.0.1", self.target_port), timeout=5)
            except OSError:
                client.close()
                continue
            upstream.settimeout(None)
            with self._lock:
                self._open.update((client, upstream))
            threading.Thread(target=self._pump, args=(client, upstream, 0.0), daemon=True).start()
            threading.Thread(target=self._pump, args=(upstream, client, None), daemon=True).start()

    def _pump(self, src: socket.socket, dst: socket.socket, fixed_delay: float | None) -> None:
        """Copy src to dst; replies (fixed_delay None) wait `delay_s` first."""
        try:
            while True:
                data = src.recv(65536)
                if not data:
                    break
                delay = self.delay_s if fixed_delay is None else fixed_delay
                if delay:
                    time.sleep(delay)
                if fixed_delay is None and self._lose_reply.is_set():
                    self._lose_reply.clear()
                    break
                dst.sendall(data)
        except OSError:
            pass
        finally:
            self._drop(src, dst)

    def _drop(self, *socks: socket.socket) -> None:
        with self._lock:
            for s in socks:
                self._open.discard(s)
        for s in socks:
            with contextlib.suppress(OSError):
                s.shutdown(socket.SHUT_RDWR)
            s.close()

    def lose_next_reply(self) -> None:
        """The next reply from the server is dropped and its connection closed."""
        self._lose_reply.set()

    def cut(self) -> int:
        """Close every open connection now; returns how many sockets were cut."""
        with self._lock:
            socks = list(self._open)
        self._drop(*socks)
        return len(socks)

    def close(self) -> None:
        self._closed = True
        self._listener.close()
        self.cut()


__all__ = ["FaultProxy"]
