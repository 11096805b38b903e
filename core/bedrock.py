"""A Bedrock Converse client for structured output (forced tool use), shared by understanding
and answering; its timeouts and retries come from the time left in the turn.

Before every call it spends one model call of the `RequestBudget`; boto3's 60 s × 5
defaults never apply: read timeout ≤ min(20 s, time left / attempts), at most 2 attempts.
Every botocore failure is translated into the caller's `ProviderError` with `raise … from`.
"""

from __future__ import annotations

import json
import math
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import boto3
from botocore.config import Config
from botocore.exceptions import BotoCoreError, ClientError
from botocore.parsers import ResponseParserError

from core.budget import RequestBudget
from core.errors import ConfigError, GenerationUnavailable, ProviderError, RequestBudgetExhausted

if TYPE_CHECKING:
    from mypy_boto3_bedrock_runtime import BedrockRuntimeClient

MAX_ATTEMPTS = 2
# Below this much time per attempt a second attempt is pointless: one attempt gets it all.
MIN_ATTEMPT_S = 2.0
# Timeouts are rounded down to this step so a handful of cached clients serve every turn.
TIMEOUT_STEP_S = 0.5


@dataclass(frozen=True, slots=True)
class ToolSpec:
    """A tool the model must call; its input schema is the structured output we parse."""

    name: str
    description: str
    schema: Mapping[str, Any]

    def config(self) -> dict[str, Any]:
        return {
            "tools": [
                {
                    "toolSpec": {
                        "name": self.name,
                        "description": self.description,
                        "inputSchema": {"json": dict(self.schema)},
                    }
                }
            ],
            "toolChoice": {"tool": {"name": self.name}},
        }


@dataclass(frozen=True, slots=True)
class CallPlan:
    """Timeouts and attempts for one call, derived from the budget's time left."""

    connect_timeout: float
    read_timeout: float
    attempts: int


def plan_call(
    time_left: float,
    *,
    max_read_timeout: float = 20.0,
    max_connect_timeout: float = 3.0,
) -> CallPlan:
    """Fit at most `MAX_ATTEMPTS` attempts into `time_left`, each ≤ `max_read_timeout`."""
    if time_left <= 0:
        raise RequestBudgetExhausted("no time left in the turn for a model call")
    attempts = MAX_ATTEMPTS if time_left >= MAX_ATTEMPTS * MIN_ATTEMPT_S else 1
    per_attempt = min(max_read_timeout, time_left / attempts)
    read = max(TIMEOUT_STEP_S, math.floor(per_attempt / TIMEOUT_STEP_S) * TIMEOUT_STEP_S)
    connect = min(max_connect_timeout, read)
    return CallPlan(connect_timeout=connect, read_timeout=read, attempts=attempts)


ClientFactory = Callable[[Config], "BedrockRuntimeClient"]


@dataclass(slots=True)
class _Clients:
    lock: threading.Lock = field(default_factory=threading.Lock)
    by_plan: dict[CallPlan, BedrockRuntimeClient] = field(default_factory=dict)


class ConverseClient:
    """Calls one Bedrock model through Converse and returns the forced tool's input."""

    def __init__(
        self,
        *,
        model_id: str,
        region: str,
        endpoint_url: str | None = None,
        max_tokens: int = 2048,
        temperature: float = 0.0,
        max_read_timeout: float = 20.0,
        max_connect_timeout: float = 3.0,
        client_factory: ClientFactory | None = None,
        session: boto3.session.Session | None = None,
    ) -> None:
        if not model_id:
            raise ConfigError("model_id must be a Bedrock model id, got ''")
        if max_tokens < 1:
            raise ConfigError(f"max_tokens must be >= 1, got {max_tokens}")
        if max_read_timeout <= 0 or max_connect_timeout <= 0:
            raise ConfigError(
                f"timeouts must be > 0, got read={max_read_timeout} connect={max_connect_timeout}"
            )
        self.model_id = model_id
        self.region = region
        self.endpoint_url = endpoint_url
        self.max_tokens = max_tokens
        self.temperature = temperature
        self.max_read_timeout = max_read_timeout
        self.max_connect_timeout = max_connect_timeout
        self._factory = client_factory or self._boto3_client
        self._clients = _Clients()
        # One session per process is enough (it caches the service model and credentials).
        self._session: boto3.session.Session | None = session

    def credentials_available(self) -> bool:
        """Whether boto3 resolves credentials for this client's region, without a model call.

        Readiness probes run often; a Converse call per probe would spend money and quota.
        """
        if not self.region:
            return False
        session = self._session if self._session is not None else boto3.session.Session()
        return session.get_credentials() is not None

    def _boto3_client(self, config: Config) -> BedrockRuntimeClient:
        # boto3 sessions are not thread-safe to create from; clients made from one are.
        if self._session is None:
            self._session = boto3.session.Session()
        return self._session.client(
            "bedrock-runtime",
            region_name=self.region,
            endpoint_url=self.endpoint_url,
            config=config,
        )

    def _client(self, plan: CallPlan) -> BedrockRuntimeClient:
        with self._clients.lock:
            client = self._clients.by_plan.get(plan)
            if client is None:
                config = Config(
                    connect_timeout=plan.connect_timeout,
                    read_timeout=plan.read_timeout,
                    retries={"total_max_attempts": plan.attempts, "mode": "standard"},
                    user_agent_extra="duocthu",
                )
                client = self._factory(config)
                self._clients.by_plan[plan] = client
            return client

    def call_tool(
        self,
        *,
        system: str,
        user: str,
        tool: ToolSpec,
        budget: RequestBudget | None,
        purpose: str,
        failure: type[ProviderError] = GenerationUnavailable,
    ) -> dict[str, Any]:
        """One Converse call forced to `tool`; returns the tool input as a dict.

        Raises `RequestBudgetExhausted` before the call when the budget is spent, and
        `failure` (with the cause chained) when the call fails or returns no usable tool input.
        """
        if budget is not None:
            budget.require(purpose)
            plan = plan_call(
                budget.time_left(),
                max_read_timeout=self.max_read_timeout,
                max_connect_timeout=self.max_connect_timeout,
            )
        else:
            plan = CallPlan(self.max_connect_timeout, self.max_read_timeout, MAX_ATTEMPTS)
        request: dict[str, Any] = {
            "modelId": self.model_id,
            "system": [{"text": system}],
            "messages": [{"role": "user", "content": [{"text": user}]}],
            "inferenceConfig": {"maxTokens": self.max_tokens, "temperature": self.temperature},
            "toolConfig": tool.config(),
        }
        try:
            response = self._client(plan).converse(**request)
        except ClientError as exc:
            code = exc.response.get("Error", {}).get("Code", "ClientError")
            raise failure(f"{purpose}: Bedrock refused the call ({code})") from exc
        except (BotoCoreError, ResponseParserError) as exc:
            raise failure(f"{purpose}: Bedrock call failed ({type(exc).__name__})") from exc
        return tool_input(response, tool.name, purpose=purpose, failure=failure)


def tool_input(
    response: Mapping[str, Any],
    tool_name: str,
    *,
    purpose: str,
    failure: type[ProviderError],
) -> dict[str, Any]:
    """The input of the named tool call in a Converse response, or `failure`."""
    if response.get("stopReason") == "max_tokens":
        raise failure(f"{purpose}: the model ran out of tokens before finishing")
    content = response.get("output", {}).get("message", {}).get("content", [])
    for block in content if isinstance(content, list) else []:
        use = block.get("toolUse") if isinstance(block, Mapping) else None
        if isinstance(use, Mapping) and use.get("name") == tool_name:
            data = use.get("input")
            if isinstance(data, str):
                # Some models return the input JSON-encoded; anything else is malformed.
                try:
                    data = json.loads(data)
                except json.JSONDecodeError as exc:
                    raise failure(f"{purpose}: tool input is not JSON") from exc
            if isinstance(data, dict):
                return data
            raise failure(f"{purpose}: tool input is not an object")
    raise failure(f"{purpose}: the model did not call {tool_name!r}")


__all__ = ["MAX_ATTEMPTS", "CallPlan", "ConverseClient", "ToolSpec", "plan_call", "tool_input"]
