"""The chat page as served: `static/index.html` with the reason labels of `core/reason_labels.py`
embedded, so the page shows the same words as the terminal chat and keeps no copy of its own."""

from __future__ import annotations

import json

from core.reason_labels import REASON_LABELS

LABELS_ELEMENT_ID = "reason-labels"


def reason_labels_json() -> str:
    """The label table as JSON safe inside a `<script>` element (no `</` can close it)."""
    text = json.dumps(dict(REASON_LABELS), ensure_ascii=False, sort_keys=True)
    return text.replace("</", "<\\/")


def with_reason_labels(page: str) -> str:
    """The page with the label table in a data-only script element just before `</head>`
    (`static/app.js` reads it; a JSON script is not run, so the CSP stays `script-src 'self'`)."""
    element = (
        f'<script type="application/json" id="{LABELS_ELEMENT_ID}">{reason_labels_json()}'
        "</script>\n"
    )
    return page.replace("</head>", f"{element}</head>", 1)


__all__ = ["LABELS_ELEMENT_ID", "reason_labels_json", "with_reason_labels"]
