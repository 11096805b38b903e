"""The chat page as served: `static/index.html` with the reason labels of `core/reason_labels.py`
embedded, so the page shows the same words as the terminal chat and keeps no copy of its own."""

from __future__ import annotations

import html
import json

from core.reason_labels import REASON_LABELS

LABELS_META_NAME = "duocthu-reason-labels"


def reason_labels_json() -> str:
    """The label table as JSON, keys sorted."""
    return json.dumps(dict(REASON_LABELS), ensure_ascii=False, sort_keys=True)


def with_reason_labels(page: str) -> str:
    """The page with the label table in a `<meta>` element just before `</head>`, where
    `static/app.js` reads it. An attribute, not a script: the page keeps no inline script, so
    its CSP stays `script-src 'self'`."""
    content = html.escape(reason_labels_json(), quote=True)
    element = f'<meta name="{LABELS_META_NAME}" content="{content}">\n'
    return page.replace("</head>", f"{element}</head>", 1)


__all__ = ["LABELS_META_NAME", "reason_labels_json", "with_reason_labels"]
