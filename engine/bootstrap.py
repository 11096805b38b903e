"""Build the whole object graph once from `Settings`: Redis, index, providers, engine.

Only entry points (the server's lifespan, the CLI, evals) call this. Each
component is built from its own settings; `Runtime.ready()` reports every
dependency honestly (a disabled provider is not a failure, a broken enabled
one is).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import redis

from core.budget import RequestBudget
from core.catalog import DrugCatalog
from core.errors import ConfigError, DuocthuError
from core.ports import AnswerGenerator, AnswerRequest, TurnObserver, Understander
from core.result import ComponentStatus
from core.settings import (
    AnswerProvider,
    EmbeddingProvider,
    Settings,
    UnderstandingProvider,
    load_settings,
)
from engine.effects import Effects
from engine.redis_client import embedded, from_url
from engine.store import RedisStateStore
from engine.turn import Engine
from grounding.checks import Check
from states import check_definition

log = logging.getLogger("duocthu.bootstrap")
EMPTY_INDEX = (
    "empty index: no corpus loaded; load one with `duocthu ingest FILE.jsonl` "
    "(or set DEMO_CORPUS=on for the demo corpus)"
)


# How often a serving process looks for a corpus switched by an ingest: one stat of the
# index's pointer file (or one alias lookup on a Qdrant server).
CORPUS_CHECK_S = 2.0


@dataclass(frozen=True)
class ProviderProbe:
    """A cheap readiness check for a model provider and what to report when it fails."""

    check: Callable[[], bool]
    failure: str


@dataclass
class Runtime:
    """Resources built once per process and closed at shutdown."""

    settings: Settings
    engine: Engine
    redis: redis.Redis | redis.RedisCluster
    index: Any
    retriever: Any
    embedder: Any
    catalog: DrugCatalog
    observers: list[TurnObserver] = field(default_factory=list)
    describe: dict[str, str] = field(default_factory=dict)
    owns_redis: bool = False
    provider_probes: dict[str, ProviderProbe] = field(default_factory=dict)
    """Cheap readiness checks for "understanding" and "answer"; missing ones use the
    offline providers' check (they work from the drug catalog, so it must not be empty)."""
    rebuild: Callable[[DrugCatalog], Engine] | None = None
    """Builds an engine over another catalog (the same store, settings and providers):
    how a running process follows a new corpus (`follow_corpus`)."""
    corpus_version: str | None = None
    """The index generation the catalog was read from."""

    def __post_init__(self) -> None:
        # The engine reads this same list, so observers appended later are seen.
        self.engine.observers = self.observers
        self._follow_lock = threading.Lock()
        self._follower: threading.Thread | None = None
        self._closing = threading.Event()

    def follow_corpus(self) -> bool:
        """Serve the corpus the index serves now: when an ingest (in any process) switched
        the index's pointer, read the new catalog (names, brands, classes) and swap in an
        engine built over it. Turns already running finish on the engine they started
        with. True when it switched.
        """
        if self.rebuild is None:
            return False
        with self._follow_lock:
            version = self.index.generation()
            if version == self.corpus_version:
                return False
            refresh = getattr(self.retriever, "refresh", None)
            if refresh is not None:
                refresh()  # its own switch check is time-gated: read the new corpus now
            catalog = self.retriever.catalog()
            if not len(catalog):
                return False  # an emptied index is reported by /ready; keep serving names
            engine = self.rebuild(catalog)
            engine.observers = self.observers
            self.catalog, self.engine, self.corpus_version = catalog, engine, version
        log.info(
            "corpus switched",
            extra={"fields": {"corpus_version": version, "drugs": len(catalog)}},
        )
        return True

    def start_following(self, every_s: float = CORPUS_CHECK_S) -> None:
        """Check for a new corpus every `every_s` seconds on a daemon thread until `close`."""
        if self.rebuild is None or self._follower is not None or every_s <= 0:
            return

        def loop() -> None:
            while not self._closing.wait(every_s):
                try:
                    self.follow_corpus()
                except Exception as exc:  # the index is away: /ready says so; try again
                    log.warning("corpus check failed: %s", type(exc).__name__)

        self._follower = threading.Thread(target=loop, name="corpus-follower", daemon=True)
        self._follower.start()

    def corpus(self) -> dict[str, Any]:
        """What `/ready` reports of the corpus served: its version and how many drugs."""
        return {"version": self.corpus_version, "drugs": len(self.catalog)}

    def alive(self) -> bool:
        """False once this process's own embedded Redis could not be brought back (its
        supervisor gave up): the process is then useless and should be replaced."""
        server = getattr(self.redis, "server", None) if self.owns_redis else None
        return bool(getattr(server, "alive", True))

    def ready(self) -> list[ComponentStatus]:
        """One status per dependency and provider; only enabled ones can fail."""
        out = [self._probe("redis", True, self.engine.store.ping)]
        out.append(self._probe("index", True, lambda: self.index.count() > 0, EMPTY_INDEX))
        s = self.settings
        emb_on = s.embedding_provider is not EmbeddingProvider.DISABLED
        out.append(
            self._probe(
                f"embedding:{s.embedding_provider.value}",
                emb_on,
                lambda: bool(self.embedder.embed_query("kiểm tra")),
            )
        )
        out.append(self._provider("understanding", s.understanding_provider.value))
        out.append(self._provider("answer", s.answer_provider.value))
        return out

    def _provider(self, kind: str, provider: str) -> ComponentStatus:
        # Both providers are always enabled (there is no "disabled" choice for them), so
        # each is checked; the check must stay cheap because /ready is polled.
        probe = self.provider_probes.get(kind) or ProviderProbe(
            lambda: len(self.catalog) > 0, "empty drug catalog"
        )
        status = self._probe(f"{kind}:{provider}", True, probe.check, probe.failure)
        if status.ok:
            return status.model_copy(update={"detail": self.describe.get(kind, "")})
        return status

    @staticmethod
    def _probe(
        name: str, enabled: bool, probe: Callable[[], bool], failure: str = "probe failed"
    ) -> ComponentStatus:
        if not enabled:
            return ComponentStatus(name=name, enabled=False, ok=True, detail="disabled")
        try:
            ok = bool(probe())
        except Exception as exc:
            # The message names paths, hosts and internals: the log gets it, /ready (which
            # anyone may call) only the error's code or type.
            log.warning("probe %s failed: %s: %s", name, type(exc).__name__, exc)
            code = exc.code if isinstance(exc, DuocthuError) else type(exc).__name__
            return ComponentStatus(name=name, enabled=True, ok=False, detail=code)
        return ComponentStatus(name=name, enabled=True, ok=ok, detail="" if ok else failure)

    def close(self) -> None:
        self._closing.set()
        closers = (
            getattr(self.index, "close", None),
            # An embedded Redis that this runtime started is stopped; a client handed in
            # (a test's shared server, an external URL) is only disconnected.
            getattr(self.redis, "stop_server", None) if self.owns_redis else None,
            getattr(self.redis, "close", None),
        )
        for closer in closers:
            if closer is not None:
                try:
                    closer()
                except Exception:
                    log.warning("close failed", exc_info=True)


def wants_demo_corpus(settings: Settings) -> bool:
    """The demo corpus fills only the embedded default index, or one DEMO_CORPUS=on names."""
    return not settings.qdrant_url or settings.demo_corpus


def connect_redis(settings: Settings) -> redis.Redis | redis.RedisCluster:
    if settings.redis_url:
        return from_url(settings.redis_url, timeout_s=settings.redis_timeout_s)
    return embedded(settings.duocthu_data_dir, timeout_s=settings.redis_timeout_s)


def _providers(
    settings: Settings, catalog: DrugCatalog
) -> tuple[
    Understander,
    AnswerGenerator,
    Callable[[AnswerRequest], Sequence[Check]],
    dict[str, str],
    dict[str, ProviderProbe],
]:
    from grounding.extractive import ExtractiveAnswerer  # noqa: PLC0415
    from grounding.verify import default_checks  # noqa: PLC0415
    from understanding import RulesUnderstander  # noqa: PLC0415

    understander: Understander = RulesUnderstander(catalog)
    generator: AnswerGenerator = ExtractiveAnswerer(catalog)
    entailment: Any = None
    describe = {"understanding": "offline Vietnamese rules", "answer": "offline extractive"}
    probes: dict[str, ProviderProbe] = {}
    uses_bedrock = (
        settings.understanding_provider is UnderstandingProvider.BEDROCK
        or settings.answer_provider is AnswerProvider.BEDROCK
    )
    if uses_bedrock:
        from core.bedrock import ConverseClient  # noqa: PLC0415

        client = ConverseClient(
            model_id=settings.bedrock_model_id,
            region=settings.aws_region,
            endpoint_url=settings.bedrock_endpoint_url,
        )
        bedrock = ProviderProbe(client.credentials_available, "no AWS credentials or region")
        if settings.understanding_provider is UnderstandingProvider.BEDROCK:
            from understanding.bedrock import BedrockUnderstander  # noqa: PLC0415

            understander = BedrockUnderstander(client, catalog)
            describe["understanding"] = f"bedrock {settings.bedrock_model_id}"
            probes["understanding"] = bedrock
        if settings.answer_provider is AnswerProvider.BEDROCK:
            from grounding.bedrock_answerer import (  # noqa: PLC0415
                BedrockAnswerer,
                BedrockEntailmentJudge,
            )

            generator = BedrockAnswerer(client, catalog)
            entailment = BedrockEntailmentJudge(client)
            describe["answer"] = f"bedrock {settings.bedrock_model_id}"
            probes["answer"] = bedrock

    def checks(request: AnswerRequest) -> Sequence[Check]:
        return default_checks(request, catalog, entailment=entailment)

    return understander, generator, checks, describe, probes


def store_for(client: Any, settings: Settings) -> RedisStateStore:
    """The conversation store over `client`, with the settings' TTLs, lock and trace cap."""
    return RedisStateStore(
        client,
        idle_ttl_s=settings.conversation_ttl_seconds,
        unused_ttl_s=settings.unused_conversation_ttl_seconds,
        lock_ttl_ms=settings.lock_ttl_ms,
        lock_wait_ms=settings.lock_wait_ms,
        trace_cap=settings.trace_turns,
    )


def engine_for(
    settings: Settings,
    *,
    store: RedisStateStore,
    understander: Understander,
    effects: Effects,
    catalog: DrugCatalog,
) -> Engine:
    """The one place the turn engine is wired from settings: the service, the CLI, the
    evals and the benches get it through `build_runtime`, the server and browser tests
    through `runners.testing.sample_runtime` (the same wiring, fakes at the ports)."""

    def budget() -> RequestBudget:
        return RequestBudget(
            max_wall_clock_s=settings.turn_wall_clock_s,
            max_model_calls=settings.turn_max_model_calls,
        )

    return Engine(
        store=store,
        understander=understander,
        effects=effects,
        catalog=catalog,
        max_consecutive_clarify=settings.max_consecutive_clarify,
        history_lines=settings.history_lines,
        idle_ttl_s=settings.conversation_ttl_seconds,
        max_turn_chars=settings.max_turn_chars,
        budget_factory=budget,
        emergency_contacts=settings.contacts(),
    )


def build_runtime(settings: Settings | None = None, *, ensure_corpus: bool = True) -> Runtime:
    """Everything a process needs; raises a `DuocthuError` naming what failed."""
    from grounding.render import render_answer  # noqa: PLC0415
    from retrieval.build import (  # noqa: PLC0415
        build_embedder,
        build_index,
        build_retriever,
        ensure_demo_corpus,
    )

    settings = settings or load_settings()
    check_definition()
    client = connect_redis(settings)
    store = store_for(client, settings)
    index = build_index(settings)
    embedder = build_embedder(settings, index)
    # The demo corpus goes only into the embedded default index, or where asked for: an
    # external index is production's, and stays empty (not ready) until someone ingests.
    demo = ensure_corpus and wants_demo_corpus(settings)
    if demo:
        ensure_demo_corpus(index, embedder)
    retriever = build_retriever(settings, index=index, embedder=embedder)
    catalog = retriever.catalog()
    if demo and not len(catalog):
        raise ConfigError("the drug catalog is empty: ingest a corpus first")
    version = index.generation()
    describe, probes = {}, {}

    def rebuild(catalog: DrugCatalog) -> Engine:
        understander, generator, checks, described, probed = _providers(settings, catalog)
        describe.update(described)
        probes.update(probed)
        effects = Effects(
            retriever,
            generator,
            checks=checks,
            renderer=render_answer,
            catalog=catalog,
            indication_limit=settings.indication_candidates,
        )
        return engine_for(
            settings, store=store, understander=understander, effects=effects, catalog=catalog
        )

    engine = rebuild(catalog)
    describe["redis"] = "external" if settings.redis_url else "embedded redis-server (child)"
    describe["index"] = "qdrant server" if settings.qdrant_url else "embedded qdrant edge"
    return Runtime(
        settings=settings,
        engine=engine,
        redis=client,
        index=index,
        retriever=retriever,
        embedder=embedder,
        catalog=catalog,
        describe=describe,
        owns_redis=not settings.redis_url,
        provider_probes=probes,
        rebuild=rebuild,
        corpus_version=version,
    )


__all__ = [
    "CORPUS_CHECK_S",
    "ProviderProbe",
    "Runtime",
    "build_runtime",
    "connect_redis",
    "wants_demo_corpus",
]
