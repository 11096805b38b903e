"""Where a clarify turn's CPU goes: the ASGI app driven in process, without HTTP or wrk.

Builds the service's app (web/app.py) as `duocthu serve` does (embedded defaults, PIN_CPU), runs its
lifespan, and sends turn requests straight into the ASGI callable, one at a time, so
the figure is the app's own CPU per turn (Starlette, the engine, Redis client side,
log line, metrics). With
`--inline` the turns run on the event loop's thread (no hand-over to a turn thread);
`--profile` also prints the cProfile functions by cumulative time.

    python -m bench.turn_profile --turns 2000            # with the thread hand-over
    python -m bench.turn_profile --turns 2000 --inline
    python -m bench.turn_profile --turns 2000 --profile --top 40
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import os
import pstats
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from core.logging import configure_logging
from core.settings import Settings
from web.app import create_app
from web.offload import Offload

TEXTS = ["Liều paracetamol?", "Trẻ em", "bé nặng 18 ký", "xin chào", "liều cho chó", "cảm ơn"]
RESULTS = Path(__file__).resolve().parent / "results" / "turn_profile.json"


async def _call(app: Any, state: dict[str, Any], method: str, path: str, body: bytes = b"",
                headers: tuple[tuple[bytes, bytes], ...] = ()) -> list[dict[str, Any]]:  # fmt: skip
    scope = {
        "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": method,
        "scheme": "http", "path": path, "raw_path": path.encode(), "query_string": b"",
        "root_path": "", "client": ("127.0.0.1", 5555), "server": ("127.0.0.1", 80),
        "headers": [(b"host", b"x"), (b"content-length", str(len(body)).encode()), *headers],
        "state": state,
    }  # fmt: skip
    sent: list[dict[str, Any]] = []
    delivered = False

    async def receive() -> dict[str, Any]:
        nonlocal delivered
        if not delivered:
            delivered = True
            return {"type": "http.request", "body": body, "more_body": False}
        await asyncio.Event().wait()  # the client never disconnects
        return {}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    await app(scope, receive, send)
    return sent


async def _run(args: argparse.Namespace) -> dict[str, Any]:
    app = create_app(Settings(), pin_threads=True)  # as `duocthu serve` (PIN_CPU)
    state: dict[str, Any] = {}
    async with app.router.lifespan_context(app) as started:
        state.update(started)
        convs = []
        for _ in range(64):
            reply = await _call(app, state, "POST", "/v1/conversations")
            convs.append(json.loads(reply[1]["body"]))

        async def turns(n: int) -> None:
            for i in range(n):
                conv = convs[i % len(convs)]
                auth = f"Bearer {conv['token']}".encode()
                reply = await _call(
                    app,
                    state,
                    "POST",
                    f"/v1/conversations/{conv['conversation_id']}/turns",
                    json.dumps({"text": TEXTS[i % len(TEXTS)]}).encode(),
                    ((b"authorization", auth), (b"content-type", b"application/json")),
                )
                if reply[0]["status"] != 200:
                    raise SystemExit(f"turn failed: {reply}")

        await turns(300)  # warm-up: thread clients, caches
        wall, cpu = time.perf_counter(), time.process_time()
        await turns(args.turns)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        if args.profile:
            profiler = cProfile.Profile()
            profiler.enable()
            await turns(args.turns)
            profiler.disable()
            pstats.Stats(profiler).sort_stats("cumulative").print_stats(args.top)
    return {
        "command": "python -m bench.turn_profile " + " ".join(sys.argv[1:]),
        "turns": args.turns,
        "inline": args.inline,
        "wall_ms_per_turn": round(wall / args.turns * 1000, 3),
        "cpu_ms_per_turn": round(cpu / args.turns * 1000, 3),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--turns", type=int, default=2000)
    parser.add_argument("--inline", action="store_true", help="no hand-over to a turn thread")
    parser.add_argument("--profile", action="store_true", help="cProfile (implies --inline)")
    parser.add_argument("--top", type=int, default=40)
    args = parser.parse_args()
    data_dir = tempfile.mkdtemp(prefix="duocthu-profile-")
    os.environ.update(
        DUOCTHU_DATA_DIR=data_dir, RATE_LIMIT_PER_MINUTE="100000000", RATE_LIMIT_BURST="100000000"
    )
    configure_logging(stream=(Path(data_dir) / "turns.log").open("w", encoding="utf-8"))
    args.inline = args.inline or args.profile
    if args.inline:
        # cProfile only sees this thread: run each turn where the event loop is.
        async def inline(self: Offload, fn: Callable[[], Any]) -> Any:
            return fn()

        Offload.__call__ = inline  # type: ignore[method-assign]
    result = asyncio.run(_run(args))
    RESULTS.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
