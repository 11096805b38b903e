"""engine.bootstrap: readiness reports the model providers truthfully."""

from __future__ import annotations

from pathlib import Path

import pytest
import redis

from core.catalog import DrugCatalog
from core.settings import Settings
from engine.bootstrap import Runtime, _providers
from runners.testing import SAMPLE_CATALOG, MemoryRetriever, sample_runtime

NO_AWS = {
    "AWS_CONFIG_FILE": "/nonexistent/duocthu-aws-config",
    "AWS_SHARED_CREDENTIALS_FILE": "/nonexistent/duocthu-aws-credentials",
    "AWS_EC2_METADATA_DISABLED": "true",
}


def _statuses(runtime: Runtime) -> dict[str, tuple[bool, bool, str]]:
    return {c.name.split(":")[0]: (c.enabled, c.ok, c.detail) for c in runtime.ready()}


def test_offline_providers_are_ok_with_a_catalog(redis_client: redis.Redis, tmp_path: Path) -> None:
    """With drugs in the catalog, the offline understanding and answer providers are ready."""
    settings = Settings(duocthu_data_dir=tmp_path, embedding_provider="disabled")
    status = _statuses(sample_runtime(redis_client, settings))
    assert status["understanding"][:2] == status["answer"][:2] == (True, True)


def test_offline_providers_fail_on_an_empty_catalog(
    redis_client: redis.Redis, tmp_path: Path
) -> None:
    """With no drug in the catalog, neither offline provider can work, and /ready says so."""
    settings = Settings(duocthu_data_dir=tmp_path, embedding_provider="disabled")
    empty = MemoryRetriever([], DrugCatalog([]))
    status = _statuses(sample_runtime(redis_client, settings, retriever=empty))
    assert status["understanding"] == status["answer"] == (True, False, "empty drug catalog")


@pytest.mark.parametrize("kind", ["understanding", "answer"])
def test_bedrock_provider_is_checked_for_credentials(
    kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Bedrock provider is ready only when AWS credentials resolve; no model is called."""
    for name, value in NO_AWS.items():
        monkeypatch.setenv(name, value)
    for name in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN", "AWS_PROFILE"):
        monkeypatch.delenv(name, raising=False)
    settings = Settings(**{f"{kind}_provider": "bedrock"})
    probe = _providers(settings, SAMPLE_CATALOG)[4][kind]
    assert not probe.check()
    assert probe.failure == "no AWS credentials or region"
    monkeypatch.setenv("AWS_ACCESS_KEY_ID", "testing")
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "testing")
    assert probe.check()
