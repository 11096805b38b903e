"""Small honest fakes of the engine's ports, for unit tests and for readers.

`ScriptedUnderstander` returns the frames a test scripts (by exact text, or a
default); `MemoryRetriever` serves evidence from a dict; `QuotingAnswerer`
quotes evidence lines verbatim. None of them pretends to understand language.
`sample_engine` and `sample_runtime` put them behind the real `Engine`, Redis store
and `Runtime`, for the HTTP, chat, browser and property tests and the benches.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from core.catalog import DrugCatalog, DrugEntry
from core.errors import DuocthuError
from core.evidence import Answer, Answerability, Citation, Claim, DrugCandidate, Evidence
from core.frame import QueryFrame
from core.ports import (
    AnswerClarify,
    AnswerGenerator,
    AnswerMode,
    AnswerRequest,
    Understander,
    UnderstandingContext,
)
from core.reasons import Reason
from core.sections import section_title
from grounding.checks import Check, Verdict
from grounding.render import RenderedAnswer

if TYPE_CHECKING:
    from core.settings import Settings
    from engine.bootstrap import Runtime
    from engine.turn import Engine


class ScriptedUnderstander:
    """Frames by exact turn text; unknown text gets `default` (or an out-of-scope frame)."""

    def __init__(
        self,
        frames: Mapping[str, QueryFrame] | None = None,
        *,
        default: Callable[[str, UnderstandingContext], QueryFrame] | None = None,
    ) -> None:
        self.frames = dict(frames or {})
        self.default = default
        self.calls: list[tuple[str, UnderstandingContext]] = []

    def understand(self, text: str, context: UnderstandingContext) -> QueryFrame:
        self.calls.append((text, context))
        if text in self.frames:
            return self.frames[text].model_copy(update={"standalone_query": text}, deep=True)
        if self.default is not None:
            return self.default(text, context)
        return QueryFrame(standalone_query=text)


def evidence(
    drug_id: str,
    section_key: str,
    text: str,
    *,
    part: int = 0,
    quarantined: bool = False,
    drug_name: str | None = None,
) -> Evidence:
    """A hand-made evidence chunk with plausible provenance."""
    return Evidence(
        text=unicodedata.normalize("NFC", text),
        drug_id=drug_id,
        drug_name=drug_name or drug_id.capitalize(),
        section_key=section_key,
        section_title=section_title(section_key),
        chunk_id=f"{drug_id}__{section_key}__{part}",
        part_index=part,
        page_start=1,
        page_end=1,
        source="test",
        quarantined=quarantined,
    )


class MemoryRetriever:
    """A `Retriever` over a list of evidence; indication lookup is a substring match.

    Set `fail_with` to an error (e.g. `IndexUnavailable`) to make every lookup raise it,
    as the real service does when its index is down.
    """

    def __init__(self, items: Iterable[Evidence], catalog: DrugCatalog | None = None) -> None:
        self.items = list(items)
        self._catalog = catalog or DrugCatalog(
            DrugEntry(drug_id=e.drug_id, name=e.drug_name) for e in self.items
        )
        self.calls: list[str] = []
        self.fail_with: DuocthuError | None = None

    def _call(self, call: str) -> None:
        self.calls.append(call)
        if self.fail_with is not None:
            raise self.fail_with

    def catalog(self) -> DrugCatalog:
        return self._catalog

    def find_by_section(self, drug_id: str, section_key: str) -> list[Evidence]:
        self._call(f"section:{drug_id}:{section_key}")
        found = [e for e in self.items if e.drug_id == drug_id and e.section_key == section_key]
        return sorted(found, key=lambda e: e.part_index)

    def find_by_drug(self, drug_id: str) -> list[Evidence]:
        self._call(f"drug:{drug_id}")
        return [e for e in self.items if e.drug_id == drug_id]

    def search(
        self,
        query: str,
        *,
        drug_id: str | None = None,
        sections: Sequence[str] | None = None,
        limit: int = 8,
    ) -> list[Evidence]:
        self._call(f"search:{drug_id}")
        words = set(query.lower().split())
        hits = [
            e
            for e in self.items
            if (drug_id is None or e.drug_id == drug_id)
            and (not sections or e.section_key in sections)
            and words & set(e.text.lower().split())
        ]
        return hits[:limit]

    def find_by_indication(
        self, condition: str, *, limit: int | None = None
    ) -> list[DrugCandidate]:
        self._call(f"indication:{condition}")
        by_drug: dict[str, list[Evidence]] = {}
        for e in self.items:
            if e.section_key == "chi_dinh" and condition.lower() in e.text.lower():
                by_drug.setdefault(e.drug_id, []).append(e)
        cands = [
            DrugCandidate(
                drug_id=d, drug_name=evs[0].drug_name, score=float(len(evs)), evidence=tuple(evs)
            )
            for d, evs in by_drug.items()
        ]
        return cands[:limit] if limit else cands

    def decide(self, evidence: Sequence[Evidence]) -> Answerability:
        if not evidence:
            return Answerability.NOT_FOUND
        return (
            Answerability.VERIFY_PDF
            if any(e.quarantined for e in evidence)
            else Answerability.ANSWERABLE
        )


class QuotingAnswerer:
    """Quotes each evidence chunk's first line as a claim; can be told to ask for a route."""

    def __init__(self, *, ask_route_when: Callable[[AnswerRequest], bool] | None = None) -> None:
        self.ask_route_when = ask_route_when
        self.requests: list[AnswerRequest] = []

    def generate(self, request: AnswerRequest) -> Answer | AnswerClarify:
        from core.frame import ClarifySlot  # noqa: PLC0415

        self.requests.append(request)
        if self.ask_route_when is not None and self.ask_route_when(request):
            return AnswerClarify(
                reason=Reason.AMBIGUOUS_ROUTE,
                slot=ClarifySlot.ROUTE,
                question="Bạn dùng đường nào?",
                quick_replies=("Đường uống", "Đặt trực tràng"),
            )
        claims = []
        for i, ev in enumerate(request.evidence):
            line = ev.text.strip().splitlines()[0] if ev.text.strip() else ""
            if request.mode is AnswerMode.INTERACTION:
                others = [d for d in request.frame.drugs if d != ev.drug_id]
                if not any(o.lower() in ev.text.lower() for o in others):
                    continue
            if line:
                claims.append(Claim(text=line, citations=(i,), drug_id=ev.drug_id))
        return Answer(
            lead="Theo Dược thư:", claims=tuple(claims), list_mode=request.mode is AnswerMode.LIST
        )


def cites_existing_evidence(answer: Answer, pool: Sequence[Evidence]) -> Verdict:
    """A minimal citation check: every claim cites at least one existing index."""
    bad = [
        c.text
        for c in answer.claims
        if not c.citations or any(i < 0 or i >= len(pool) for i in c.citations)
    ]
    return Verdict(ok=not bad, check="citation", problems=tuple(bad))


def simple_checks(_request: AnswerRequest) -> list[Check]:
    return [cites_existing_evidence]


def simple_render(answer: Answer, pool: Sequence[Evidence]) -> RenderedAnswer:
    """Claims with [n] markers over only the cited evidence, renumbered from 0."""
    order: list[int] = []
    for claim in answer.claims:
        for i in claim.citations:
            if i not in order:
                order.append(i)
    renumber = {old: new for new, old in enumerate(order)}
    claims = tuple(
        Claim(text=c.text, citations=tuple(renumber[i] for i in c.citations)) for c in answer.claims
    )
    lines = [
        answer.lead,
        *(f"{c.text} [{', '.join(str(i + 1) for i in c.citations)}]" for c in claims),
    ]
    return RenderedAnswer(
        "\n".join(lines), claims, tuple(Citation.from_evidence(pool[i]) for i in order)
    )


class FrameEchoUnderstander:
    """Reads the frame from the turn text itself (its JSON): lets separate processes and
    Hypothesis drive the engine with exact frames and no shared state."""

    def understand(self, text: str, context: UnderstandingContext) -> QueryFrame:
        return QueryFrame.model_validate_json(text)


# A tiny corpus for unit and property tests (not the demo formulary).
SAMPLE_CATALOG = DrugCatalog(
    [
        DrugEntry(drug_id="paracetamol", name="Paracetamol"),
        DrugEntry(drug_id="warfarin", name="Warfarin"),
        DrugEntry(drug_id="aspirin", name="Aspirin"),
        DrugEntry(drug_id="amoxicillin", name="Amoxicilin"),
    ]
)

SAMPLE_EVIDENCE = [
    evidence(
        "paracetamol",
        "lieu_luong_cach_dung",
        "Trẻ em 4–6 tuổi: 240 mg mỗi lần.\nTrẻ em theo cân nặng: 10–15 mg/kg mỗi lần.",
    ),
    evidence("paracetamol", "chong_chi_dinh", "Suy gan nặng."),
    evidence("paracetamol", "chi_dinh", "Đau nhẹ và vừa; sốt."),
    evidence("paracetamol", "dang_thuoc_ham_luong", "Viên nén 500 mg."),
    evidence("warfarin", "tuong_tac_thuoc", "Aspirin làm tăng nguy cơ chảy máu."),
    evidence("aspirin", "tuong_tac_thuoc", "Warfarin: tăng nguy cơ chảy máu."),
    evidence("amoxicillin", "tuong_tac_thuoc", "Probenecid làm tăng nồng độ."),
    evidence("amoxicillin", "chi_dinh", "Viêm tai giữa cấp."),
]


class SampleIndex:
    """The sample corpus as readiness sees an index: `count()` is its number of chunks.

    Only `Runtime.ready()` asks the index anything when retrieval is a `MemoryRetriever`;
    set `fail_with` to make the probe fail as a broken index would.
    """

    def __init__(self, items: Sequence[Evidence]) -> None:
        self.points = len(items)
        self.fail_with: DuocthuError | None = None

    def count(self) -> int:
        if self.fail_with is not None:
            raise self.fail_with
        return self.points


def sample_engine(
    client: Any,
    *,
    understander: Understander | None = None,
    retriever: MemoryRetriever | None = None,
    answerer: AnswerGenerator | None = None,
    engine_options: Mapping[str, Any] | None = None,
    **store_options: Any,
) -> Engine:
    """The real engine and Redis store over `client`, with the sample corpus, the quoting
    answerer and frames read from the turn text (`FrameEchoUnderstander`) unless given."""
    from engine.effects import Effects  # noqa: PLC0415 - engine.effects imports this module's peers
    from engine.store import RedisStateStore  # noqa: PLC0415
    from engine.turn import Engine  # noqa: PLC0415

    effects = Effects(
        retriever or MemoryRetriever(SAMPLE_EVIDENCE, SAMPLE_CATALOG),
        answerer or QuotingAnswerer(),
        checks=simple_checks,
        renderer=simple_render,
        catalog=SAMPLE_CATALOG,
    )
    return Engine(
        store=RedisStateStore(client, **store_options),
        understander=understander or FrameEchoUnderstander(),
        effects=effects,
        catalog=SAMPLE_CATALOG,
        **dict(engine_options or {}),
    )


def sample_runtime(
    client: Any,
    settings: Settings,
    *,
    understander: Understander | None = None,
    retriever: MemoryRetriever | None = None,
    answerer: AnswerGenerator | None = None,
) -> Runtime:
    """A real `Runtime` (what `server.create_app` and `duocthu chat` run) whose engine is
    `sample_engine` over `client`, configured from `settings` as `build_runtime` does.

    An enabled embedding provider is played by `retrieval.testing.HashEmbedder`, so
    readiness probes it as it would the real one; retrieval itself stays in memory.
    """
    from core.settings import EmbeddingProvider  # noqa: PLC0415
    from engine.bootstrap import (  # noqa: PLC0415 - bootstrap imports the engine
        Runtime,
        engine_for,
        store_for,
    )
    from engine.effects import Effects  # noqa: PLC0415 - engine.effects imports this module's peers
    from retrieval.testing import HashEmbedder  # noqa: PLC0415 - retrieval imports engine

    retriever = retriever or MemoryRetriever(SAMPLE_EVIDENCE, SAMPLE_CATALOG)
    effects = Effects(
        retriever,
        answerer or QuotingAnswerer(),
        checks=simple_checks,
        renderer=simple_render,
        catalog=SAMPLE_CATALOG,
    )
    # The service's own wiring from settings (engine.bootstrap), fakes at the ports.
    engine = engine_for(
        settings,
        store=store_for(client, settings),
        understander=understander or FrameEchoUnderstander(),
        effects=effects,
        catalog=SAMPLE_CATALOG,
    )
    return Runtime(
        settings=settings,
        engine=engine,
        redis=client,
        index=SampleIndex(retriever.items),
        retriever=retriever,
        embedder=(
            None if settings.embedding_provider is EmbeddingProvider.DISABLED else HashEmbedder()
        ),
        catalog=retriever.catalog(),
        describe={"understanding": "scripted (test)", "answer": "quoting (test)"},
    )


__all__ = [
    "SAMPLE_CATALOG",
    "SAMPLE_EVIDENCE",
    "FrameEchoUnderstander",
    "MemoryRetriever",
    "QuotingAnswerer",
    "SampleIndex",
    "ScriptedUnderstander",
    "cites_existing_evidence",
    "evidence",
    "sample_engine",
    "sample_runtime",
    "simple_checks",
    "simple_render",
]
