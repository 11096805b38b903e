"""web/page.py and `GET /`: the page carries the one table of reason labels."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable
from typing import Any

from starlette.testclient import TestClient

from core.reason_labels import REASON_LABELS
from web.page import LABELS_META_NAME, with_reason_labels

MakeClient = Callable[..., tuple[TestClient, Any]]
_ELEMENT = re.compile(rf'<meta name="{LABELS_META_NAME}" content="([^"]*)">')


def _labels(page: str) -> dict[str, str]:
    found = _ELEMENT.search(page)
    assert found is not None, "no label element on the page"
    table: dict[str, str] = json.loads(html.unescape(found.group(1)))
    return table


def test_the_labels_go_in_the_head_once() -> None:
    """The table is one <meta> element, placed just before the first </head>."""
    page = with_reason_labels("<html><head><title>x</title></head><body></head></body></html>")
    assert page.count(f'name="{LABELS_META_NAME}"') == 1
    assert page.index(LABELS_META_NAME) < page.index("</head>") < page.index("<body>")


def test_a_label_cannot_leave_its_attribute(monkeypatch: Any) -> None:
    """A label holding quotes and markup is escaped, and reads back as written."""
    monkeypatch.setattr("web.page.REASON_LABELS", {"x": '"><script>a & b</script>'})
    page = with_reason_labels("<head></head>")
    assert "<script>" not in page
    assert _labels(page) == {"x": '"><script>a & b</script>'}


def test_the_served_page_holds_every_reason_label(make_client: MakeClient) -> None:
    """GET / embeds the table of core/reason_labels.py, word for word, for static/app.js."""
    http, _service = make_client()
    assert _labels(http.get("/").text) == dict(REASON_LABELS)
