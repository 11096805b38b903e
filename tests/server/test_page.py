"""web/page.py and `GET /`: the page carries the one table of reason labels."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from starlette.testclient import TestClient

from core.reason_labels import REASON_LABELS
from web.page import LABELS_ELEMENT_ID, with_reason_labels

MakeClient = Callable[..., tuple[TestClient, Any]]
_ELEMENT = re.compile(
    rf'<script type="application/json" id="{LABELS_ELEMENT_ID}">(.*?)</script>', re.DOTALL
)


def test_the_labels_go_in_the_head_once() -> None:
    """The table is one data-only script element, placed just before </head>."""
    page = with_reason_labels("<html><head><title>x</title></head><body></head></body></html>")
    assert page.count(f'id="{LABELS_ELEMENT_ID}"') == 1
    assert page.index(LABELS_ELEMENT_ID) < page.index("</head>") < page.index("<body>")


def test_a_label_cannot_close_its_script_element(monkeypatch: Any) -> None:
    """A label holding "</script>" is escaped, so the element still ends where it should."""
    monkeypatch.setattr("web.page.REASON_LABELS", {"x": "</script><b>"})
    page = with_reason_labels("<head></head>")
    found = _ELEMENT.search(page)
    assert found is not None
    assert json.loads(found.group(1)) == {"x": "</script><b>"}


def test_the_served_page_holds_every_reason_label(make_client: MakeClient) -> None:
    """GET / embeds the table of core/reason_labels.py, word for word, for static/app.js."""
    http, _service = make_client()
    found = _ELEMENT.search(http.get("/").text)
    assert found is not None
    assert json.loads(found.group(1)) == dict(REASON_LABELS)
