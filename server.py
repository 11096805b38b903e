"""The HTTP service's module, as the README and deployments name it.

`uvicorn server:create_app --factory` and `duocthu serve` run the app built in `web/app.py`
(its routes, middleware and lifespan); the HTTP edge's helpers live beside it in `web/`.
Nothing of ours imports this module: it is the outside world's name for the app.
"""

from __future__ import annotations

from web.app import RuntimeLike, TurnRequest, build_runtime, create_app, serve

__all__ = ["RuntimeLike", "TurnRequest", "build_runtime", "create_app", "serve"]
