"""Safety triage over HTTP: the Starlette app over the real runtime and the demo corpus."""

from __future__ import annotations

from pathlib import Path

from server_fakes import start
from starlette.testclient import TestClient

from engine.settings import EmbeddingProvider, Settings
from engine.triage import dose_mentions
from server import create_app


def test_emergency_and_self_harm_over_http_on_the_demo_corpus(
    redis_url: str, tmp_path: Path
) -> None:
    """The issue's examples through the app: an emergency quotes paracetamol's overdose
    section without a dose; a lethal-dose request gets the self-harm message."""
    settings = Settings(
        duocthu_data_dir=tmp_path,
        redis_url=redis_url,
        embedding_provider=EmbeddingProvider.DISABLED,
        emergency_contacts="115; Cấp cứu bệnh viện 1234",
    )
    with TestClient(create_app(settings)) as http:
        cid, auth = start(http)
        url = f"/v1/conversations/{cid}/turns"
        texts = (
            "Liều paracetamol?",
            "con tôi 2 tuổi lỡ uống hết nửa chai siro paracetamol, phải làm sao?",
            "uống bao nhiêu viên paracetamol thì chết",
            "methotrexat 2,5 mg uống mỗi ngày được không",
        )
        clarify, emergency, self_harm, unsafe = (
            http.post(url, json={"text": t}, headers=auth).json() for t in texts
        )
    assert clarify["reason"] == "missing_population"
    assert (emergency["outcome"], emergency["reason"], emergency["route_rule"]) == (
        "answerable",
        "emergency",
        0,
    )
    assert emergency["clarify_streak"] == 0 and emergency["quick_replies"] == []
    assert emergency["message"].startswith("Đây có thể là tình huống cấp cứu. Hãy gọi ngay 115")
    assert "Cấp cứu bệnh viện 1234" in emergency["message"]
    assert {c["section_key"] for c in emergency["citations"]} == {"qua_lieu_xu_tri"}
    assert not dose_mentions(emergency["message"])
    assert (self_harm["outcome"], self_harm["reason"]) == ("abstain", "self_harm")
    assert self_harm["citations"] == [] and not dose_mentions(self_harm["message"])
    assert (unsafe["outcome"], unsafe["reason"]) == ("answerable", "unsafe_use")
    assert not dose_mentions(unsafe["message"])
