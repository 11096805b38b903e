"""web/corpus_notice.py and `GET /`: the page opens marked when the demo corpus is served."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from starlette.testclient import TestClient

from core.errors import IndexUnavailable
from runners.testing import MemoryRetriever, evidence
from tests.support.dialogue import ScriptedService
from web.corpus_notice import serves_demo_corpus, with_demo_mark

MakeClient = Callable[..., tuple[TestClient, ScriptedService]]


@dataclass
class _Runtime:
    retriever: Any


def _retriever(source: str) -> MemoryRetriever:
    item = evidence("alpha", "chi_dinh", "- Sốt.").model_copy(update={"source": source})
    return MemoryRetriever([item])


def test_a_demo_source_marks_the_corpus_as_demo() -> None:
    """The demo corpus's `source` says duocthu-demo; another corpus's does not."""
    assert serves_demo_corpus(_Runtime(_retriever("duocthu-demo: dữ liệu minh họa")))
    assert not serves_demo_corpus(_Runtime(_retriever("Dược thư Quốc gia 2018")))
    assert not serves_demo_corpus(_Runtime(MemoryRetriever([])))
    assert not serves_demo_corpus(object())


def test_a_failing_index_never_stops_the_page() -> None:
    """When the index fails the answer is "cannot tell" (False), not an error."""
    broken = _retriever("duocthu-demo")
    broken.fail_with = IndexUnavailable("down")
    assert not serves_demo_corpus(_Runtime(broken))


def test_the_mark_goes_on_the_body_once() -> None:
    """with_demo_mark sets data-demo-corpus on the page's <body>."""
    assert with_demo_mark("<html><body><p>x</p></body>") == (
        '<html><body data-demo-corpus="true"><p>x</p></body>'
    )


def test_the_chat_page_is_marked_only_when_the_demo_corpus_is_served(
    make_client: MakeClient,
) -> None:
    """GET / carries the mark with a demo corpus and not with another one."""
    http, service = make_client()
    assert 'data-demo-corpus="true"' not in http.get("/").text
    service.retriever.items = [
        e.model_copy(update={"source": "duocthu-demo: dữ liệu minh họa"})
        for e in service.retriever.items
    ]
    page = http.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert '<body data-demo-corpus="true">' in page.text
