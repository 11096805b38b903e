"""Start the service for browser tests: `--fake` serves the real runtime and engine with
scripted understanding and the in-memory sample corpus, else the real service.

Run as a script by the browser fixtures (a separate process, so it can be killed and
restarted between two turns); the data directory (the embedded Redis) carries the
conversations across restarts, as in the real service.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import uvicorn

REPO = Path(__file__).resolve().parents[2]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--data", type=Path, required=True)
    parser.add_argument("--fake", action="store_true")
    args = parser.parse_args()

    from core.settings import Settings
    from server import create_app, serve

    settings = Settings(duocthu_data_dir=args.data, rate_limit_burst=1000)
    if not args.fake:
        serve(settings, host="127.0.0.1", port=args.port, workers=1)
        return

    sys.path.insert(0, str(REPO))  # run as a script: make tests.support importable
    from engine.bootstrap import Runtime
    from engine.redis_client import embedded
    from tests.support.dialogue import scripted_runtime

    def factory(s: Settings) -> Runtime:
        client = embedded(s.duocthu_data_dir, timeout_s=s.redis_timeout_s)
        return scripted_runtime(client, s.duocthu_data_dir, s)

    app = create_app(settings, factory)
    uvicorn.run(app, host="127.0.0.1", port=args.port, log_level="warning")


if __name__ == "__main__":
    main()
