"""Tests for core/bedrock.py: Converse request shapes, budget-derived timeouts, faults.

Shapes are checked with botocore's Stubber; faults against our local Converse server
(`fake_bedrock`) through boto3's `endpoint_url`. Outcomes are asserted, never elapsed time.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import boto3
import pytest
from botocore.config import Config
from botocore.exceptions import ClientError, ReadTimeoutError
from botocore.stub import Stubber
from fake_bedrock import FakeBedrock, Hang, Malformed, Reply, TextOnly, Throttle, boto3_session

from core.bedrock import ConverseClient, ToolSpec, plan_call
from core.budget import RequestBudget
from core.errors import (
    ConfigError,
    GenerationUnavailable,
    RequestBudgetExhausted,
    UnderstandingFailed,
)

TOOL = ToolSpec(name="submit", description="d", schema={"type": "object"})


@pytest.fixture
def fake(aws_env: None) -> Iterator[FakeBedrock]:
    server = FakeBedrock().start()
    yield server
    server.stop()


def client_for(fake: FakeBedrock) -> ConverseClient:
    return ConverseClient(
        model_id="test-model",
        region="ap-southeast-1",
        endpoint_url=fake.url,
        session=boto3_session(),
    )


def call(client: ConverseClient, budget: RequestBudget | None = None, **kw: Any) -> dict[str, Any]:
    return client.call_tool(
        system="s", user="u", tool=TOOL, budget=budget or RequestBudget(), purpose="test", **kw
    )


def test_plan_fits_attempts_into_time_left() -> None:
    """Two capped attempts with time to spare; one attempt with all of a short remainder."""
    assert plan_call(40.0) == plan_call(40.0, max_read_timeout=20.0)
    long = plan_call(40.0)
    assert (long.attempts, long.read_timeout, long.connect_timeout) == (2, 20.0, 3.0)
    short = plan_call(3.0)
    assert (short.attempts, short.read_timeout) == (1, 3.0)
    assert plan_call(10.0).read_timeout == 5.0


def test_no_time_left_is_budget_exhausted() -> None:
    """No time left means no call: RequestBudgetExhausted."""
    with pytest.raises(RequestBudgetExhausted):
        plan_call(0.0)


def test_constructor_names_bad_values() -> None:
    """Bad settings fail when the client is built, naming the value."""
    with pytest.raises(ConfigError, match="max_tokens"):
        ConverseClient(model_id="m", region="r", max_tokens=0)


def test_boto3_config_never_uses_defaults(aws_env: None) -> None:
    """The boto3 client gets budget-derived timeouts and at most 2 attempts, never 60 s × 5."""
    configs: list[Config] = []
    real = boto3.session.Session().client("bedrock-runtime", region_name="ap-southeast-1")
    stubber = Stubber(real)
    stubber.add_response("converse", _tool_response({"a": 1}))

    def factory(config: Config) -> Any:
        configs.append(config)
        return real

    with stubber:
        ConverseClient(model_id="m", region="ap-southeast-1", client_factory=factory).call_tool(
            system="s", user="u", tool=TOOL, budget=RequestBudget(), purpose="test"
        )
    assert configs[0].read_timeout <= 20.0
    assert configs[0].connect_timeout <= 3.0
    assert configs[0].retries is not None
    assert configs[0].retries["total_max_attempts"] <= 2


def _tool_response(data: dict[str, Any]) -> dict[str, Any]:
    return {
        "output": {
            "message": {
                "role": "assistant",
                "content": [{"toolUse": {"toolUseId": "t1", "name": "submit", "input": data}}],
            }
        },
        "stopReason": "tool_use",
        "usage": {"inputTokens": 1, "outputTokens": 1, "totalTokens": 2},
        "metrics": {"latencyMs": 1},
    }


def test_request_shape_with_stubber(aws_env: None) -> None:
    """The Converse request carries system, one user message, and a forced tool choice."""
    real = boto3.session.Session().client("bedrock-runtime", region_name="ap-southeast-1")
    stubber = Stubber(real)
    expected = {
        "modelId": "m",
        "system": [{"text": "sys"}],
        "messages": [{"role": "user", "content": [{"text": "hỏi"}]}],
        "inferenceConfig": {"maxTokens": 2048, "temperature": 0.0},
        "toolConfig": {
            "tools": [
                {
                    "toolSpec": {
                        "name": "submit",
                        "description": "d",
                        "inputSchema": {"json": {"type": "object"}},
                    }
                }
            ],
            "toolChoice": {"tool": {"name": "submit"}},
        },
    }
    stubber.add_response("converse", _tool_response({"ok": True}), expected)
    client = ConverseClient(model_id="m", region="ap-southeast-1", client_factory=lambda _: real)
    with stubber:
        data = client.call_tool(system="sys", user="hỏi", tool=TOOL, budget=None, purpose="t")
    assert data == {"ok": True}
    stubber.assert_no_pending_responses()


def test_client_error_is_translated_with_cause(aws_env: None) -> None:
    """A Bedrock error becomes the caller's ProviderError, chained to the botocore error."""
    real = boto3.session.Session().client("bedrock-runtime", region_name="ap-southeast-1")
    stubber = Stubber(real)
    stubber.add_client_error("converse", "AccessDeniedException", http_status_code=403)
    client = ConverseClient(model_id="m", region="ap-southeast-1", client_factory=lambda _: real)
    with stubber, pytest.raises(UnderstandingFailed) as info:
        call(client, failure=UnderstandingFailed)
    assert isinstance(info.value.__cause__, ClientError)


def test_answer_from_local_server(fake: FakeBedrock) -> None:
    """The local Converse server's tool call comes back as the tool input."""
    fake.push(Reply({"x": 1}))
    assert call(client_for(fake)) == {"x": 1}
    assert fake.requests[0]["_path"] == "/model/test-model/converse"


def test_throttling_fails_closed_after_at_most_two_attempts(fake: FakeBedrock) -> None:
    """429 ThrottlingException: GenerationUnavailable after at most 2 attempts."""
    fake.default = Throttle()
    with pytest.raises(GenerationUnavailable, match="ThrottlingException"):
        call(client_for(fake))
    assert 1 <= len(fake.requests) <= 2


def test_hang_past_timeout_fails_closed(fake: FakeBedrock) -> None:
    """A server that never answers ends in GenerationUnavailable (read timeout), one attempt."""
    fake.default = Hang(30.0)
    with pytest.raises(GenerationUnavailable) as info:
        call(client_for(fake), RequestBudget(max_wall_clock_s=1.0))
    assert isinstance(info.value.__cause__, ReadTimeoutError)
    assert len(fake.requests) == 1


def test_malformed_json_fails_closed(fake: FakeBedrock) -> None:
    """A body that is not JSON is a GenerationUnavailable, never a guess."""
    fake.push(Malformed())
    with pytest.raises(GenerationUnavailable):
        call(client_for(fake))


def test_text_without_tool_call_fails_closed(fake: FakeBedrock) -> None:
    """A reply with no tool call is unusable: GenerationUnavailable."""
    fake.push(TextOnly())
    with pytest.raises(GenerationUnavailable, match="did not call"):
        call(client_for(fake))


def test_budget_is_required_before_the_call(fake: FakeBedrock) -> None:
    """With no model calls left the request never leaves the process."""
    budget = RequestBudget(max_model_calls=1)
    budget.require()
    with pytest.raises(RequestBudgetExhausted):
        call(client_for(fake), budget)
    assert fake.requests == []


def test_credentials_available_without_a_model_call(
    aws_env: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Readiness sees resolvable credentials and a region, and says no when either is missing."""
    assert ConverseClient(model_id="m", region="ap-southeast-1").credentials_available()
    assert not ConverseClient(model_id="m", region="").credentials_available()
    for name in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN"):
        monkeypatch.delenv(name)
    assert not ConverseClient(model_id="m", region="ap-southeast-1").credentials_available()
