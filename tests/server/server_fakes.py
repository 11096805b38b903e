"""A small honest fake of the engine and runtime, enough to drive the HTTP shell and the page.

It follows the contract's shapes and the paracetamol dialogue of the issue;
conversations can be kept in JSON files so a restarted process resumes them.
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets
import unicodedata
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import redis
from starlette.testclient import TestClient

from engine.bootstrap import Runtime
from engine.errors import ConversationNotFound, DuocthuError
from engine.frame import QueryFrame
from engine.paths import Paths
from engine.ports import TurnObserver
from engine.result import (
    ClaimView,
    ComponentStatus,
    ConversationView,
    CreatedConversation,
    Outcome,
    PathStep,
    TraceEntry,
    TurnResult,
)
from engine.settings import Settings
from engine.store import RedisStateStore
from engine.testing import (
    SAMPLE_CATALOG,
    SAMPLE_EVIDENCE,
    MemoryRetriever,
    QuotingAnswerer,
    ScriptedUnderstander,
    simple_checks,
    simple_render,
)
from engine.turn import Engine
from grounding.evidence import Citation

MAX_CLARIFY = 4
MERMAID = """stateDiagram-v2
    [*] --> idle
    idle --> clarifying_population: ask_population
    idle --> clarifying_query: ask_detail
    idle --> retrieving: start_retrieval
    clarifying_population --> clarifying_age_weight: ask_age_weight
    clarifying_age_weight --> retrieving: start_retrieval
    retrieving --> answering: answer_from_evidence
    retrieving --> abstained: abstain_after_retrieval
    clarifying_query --> abstained: trip_breaker
"""
SVG = '<svg xmlns="http://www.w3.org/2000/svg"><g class="node"><title>idle</title></g></svg>'
CITATION = Citation(
    drug_id="paracetamol",
    drug_name="Paracetamol",
    section_key="lieu_luong_cach_dung",
    section_title="Liều lượng và cách dùng",
    chunk_id="paracetamol:lieu_luong_cach_dung:0",
    page_start=1102,
    page_end=1103,
    source="Dược thư Quốc gia Việt Nam (dữ liệu mẫu)",
    verify_pdf=True,
)


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFD", text.lower()).replace("đ", "d")
    return "".join(c for c in decomposed if unicodedata.category(c) != "Mn")


BREAKER_TEXT = (
    "Mình chưa hiểu được câu hỏi sau nhiều lần hỏi lại. Bạn hãy đặt lại câu hỏi từ đầu nhé."
)
OUT_OF_SCOPE_TEXT = "Mình chỉ trả lời câu hỏi về thuốc trong Dược thư."
GREETING_TEXT = "Xin chào! Bạn muốn hỏi gì về thuốc?"
VAGUE_TEXT = "Bạn có thể nói rõ hơn tên thuốc và điều muốn hỏi không?"


@dataclass
class _Reply:
    dest: str
    outcome: str
    reason: str
    message: str
    frame: dict[str, Any] | None = None
    rule: int = 3
    claims: list[ClaimView] = field(default_factory=list)
    quick: list[str] = field(default_factory=list)


@dataclass
class _Conv:
    token_hash: str
    state: str = "idle"
    streak: int = 0
    frame: dict[str, Any] | None = None
    history: list[dict[str, Any]] = field(default_factory=list)
    version: int = 0
    turns: list[dict[str, Any]] = field(default_factory=list)
    by_key: dict[str, dict[str, Any]] = field(default_factory=dict)


class FakeEngine:
    """Scripted understanding over the contract's states; records every `handle` call."""

    def __init__(self, observers: list[TurnObserver], store_dir: Path | None = None) -> None:
        self.observers = observers
        self.store_dir = store_dir
        self.calls: list[tuple[str, str, str | None]] = []
        self.fail_next: DuocthuError | None = None
        self._mem: dict[str, _Conv] = {}

    # -- storage -------------------------------------------------------------------------
    def _load(self, cid: str) -> _Conv:
        if self.store_dir is not None:
            path = self.store_dir / f"{hashlib.sha256(cid.encode()).hexdigest()}.json"
            if not path.exists():
                raise ConversationNotFound(cid)
            return _Conv(**json.loads(path.read_text("utf-8")))
        if cid not in self._mem:
            raise ConversationNotFound(cid)
        return self._mem[cid]

    def _save(self, cid: str, conv: _Conv) -> None:
        if self.store_dir is not None:
            path = self.store_dir / f"{hashlib.sha256(cid.encode()).hexdigest()}.json"
            path.write_text(json.dumps(conv.__dict__, ensure_ascii=False), "utf-8")
        else:
            self._mem[cid] = conv

    # -- engine API ----------------------------------------------------------------------
    def create_conversation(self) -> CreatedConversation:
        cid, token = secrets.token_urlsafe(24), secrets.token_urlsafe(32)
        self._save(cid, _Conv(token_hash=hashlib.sha256(token.encode()).hexdigest()))
        return CreatedConversation(conversation_id=cid, token=token)

    def authorize(self, conversation_id: str, token: str) -> None:
        conv = self._load(conversation_id)
        if not secrets.compare_digest(conv.token_hash, hashlib.sha256(token.encode()).hexdigest()):
            raise ConversationNotFound(conversation_id)

    def handle(
        self,
        conversation_id: str,
        text: str,
        *,
        idempotency_key: str | None = None,
        token: str | None = None,
    ) -> TurnResult:
        if token is not None:  # like Engine.handle: authorised before anything else
            self.authorize(conversation_id, token)
        self.calls.append((conversation_id, text, idempotency_key))
        if self.fail_next is not None:
            error, self.fail_next = self.fail_next, None
            for obs in self.observers:
                obs.turn_failed(conversation_id, error)
            raise error
        conv = self._load(conversation_id)
        if idempotency_key and idempotency_key in conv.by_key:
            return TurnResult.model_validate(conv.by_key[idempotency_key])
        result = self._step(conversation_id, conv, text)
        entry = TraceEntry(
            turn=result.turn,
            at=datetime.now(UTC),
            outcome=result.outcome,
            reason=result.reason,
            route_rule=result.route_rule,
            path=result.path,
            timings_ms={"understand": 0.4, "route": 0.1, "store": 0.3},
            model_calls=0,
            idempotency_key=idempotency_key,
        )
        conv.turns.append(entry.model_dump(mode="json"))
        at = datetime.now(UTC).isoformat()
        conv.history += [
            {"role": "user", "text": text, "turn": result.turn, "at": at},
            {
                "role": "assistant",
                "text": result.message,
                "turn": result.turn,
                "at": at,
                "outcome": result.outcome.value,
                "reason": result.reason,
            },
        ]
        conv.version += 1
        if idempotency_key:
            conv.by_key[idempotency_key] = result.model_dump(mode="json")
        self._save(conversation_id, conv)
        for obs in self.observers:
            obs.turn_completed(result, entry)
        return result

    def _step(self, cid: str, conv: _Conv, text: str) -> TurnResult:
        reply = self._understand(conv, text)
        if reply.outcome == "clarify" and conv.streak >= MAX_CLARIFY:
            reply = _Reply("abstained", "abstain", "clarify_loop_exhausted", BREAKER_TEXT, rule=9)
        conv.streak = conv.streak + 1 if reply.outcome == "clarify" else 0
        conv.frame = reply.frame if reply.outcome != "abstain" else None
        path = [PathStep(source=conv.state, trigger="start_new_case", dest=reply.dest)]
        if reply.claims:
            path = [
                PathStep(source=conv.state, trigger="start_retrieval", dest="retrieving"),
                PathStep(source="retrieving", trigger="answer_from_evidence", dest=reply.dest),
            ]
        conv.state = reply.dest
        return TurnResult(
            conversation_id=cid,
            turn=len(conv.turns) + 1,
            state=reply.dest,
            outcome=Outcome(reply.outcome),
            reason=reply.reason,
            message=reply.message,
            quick_replies=reply.quick,
            claims=reply.claims,
            citations=[CITATION] if reply.claims else [],
            path=path,
            route_rule=reply.rule,
            frame=reply.frame or {},
            clarify_streak=conv.streak,
        )

    def _understand(self, conv: _Conv, text: str) -> _Reply:
        folded, frame = _fold(text), dict(conv.frame or {})
        weight = re.search(r"(\d+(?:[.,]\d+)?)\s*(?:ky|kg|can)\b", folded)
        age = re.search(r"(\d+)\s*tuoi", folded)
        if weight:
            frame["weight_kg"] = float(weight.group(1).replace(",", "."))
        if age:
            frame["age_months"] = int(age.group(1)) * 12
        if "thoi tiet" in folded:
            return _Reply("abstained", "abstain", "out_of_scope", OUT_OF_SCOPE_TEXT, rule=1)
        if "xin chao" in folded:
            return _Reply("answering", "answerable", "smalltalk", GREETING_TEXT, rule=2)
        if "paracetamol" in folded:
            frame = {"turn_type": "dosing_calc", "drugs": ["paracetamol"], "population": None}
        elif "tre em" in folded or "be " in f"{folded} ":
            frame["population"] = "child"
        elif "nguoi lon" in folded:
            frame["population"] = "adult"
        elif not (weight or age) or not frame:
            stay = conv.state if conv.state.startswith("clarifying") else "clarifying_query"
            return _Reply(stay, "clarify", "needs_more_info", VAGUE_TEXT, frame=frame or None)
        if frame.get("population") is None:
            return _Reply(
                "clarifying_population",
                "clarify",
                "missing_population",
                "Bạn hỏi liều cho người lớn hay trẻ em?",
                frame=frame,
                quick=["Người lớn", "Trẻ em"],
            )
        if frame["population"] == "child" and not (
            frame.get("weight_kg") and frame.get("age_months")
        ):
            question = "Bé bao nhiêu tuổi và nặng bao nhiêu ký?"
            if frame.get("weight_kg"):
                question = f"Bé nặng {frame['weight_kg']:g} kg, vậy bé bao nhiêu tuổi?"
            return _Reply(
                "clarifying_age_weight",
                "clarify",
                "missing_pediatric_age_or_weight",
                question,
                frame=frame,
            )
        claims = [
            ClaimView(text="Trẻ em: uống 10–15 mg/kg mỗi lần, cách nhau 4–6 giờ.", citations=[0]),
            ClaimView(text="Không quá 60 mg/kg mỗi ngày.", citations=[0]),
        ]
        return _Reply(
            "answering",
            "answerable",
            "single_drug",
            "Liều paracetamol theo Dược thư:",
            frame=frame,
            rule=7,
            claims=claims,
        )

    def conversation(self, conversation_id: str) -> ConversationView:
        conv = self._load(conversation_id)
        return ConversationView(
            conversation_id=conversation_id,
            state=conv.state,
            clarify_streak=conv.streak,
            frame=conv.frame,
            history=conv.history,
            version=conv.version,
            expires_at=datetime.now(UTC) + timedelta(hours=24),
        )

    def trace(self, conversation_id: str) -> list[TraceEntry]:
        return [TraceEntry.model_validate(t) for t in self._load(conversation_id).turns]

    def delete(self, conversation_id: str) -> None:
        self._load(conversation_id)
        if self.store_dir is not None:
            (
                self.store_dir / f"{hashlib.sha256(conversation_id.encode()).hexdigest()}.json"
            ).unlink()
        else:
            del self._mem[conversation_id]

    def diagram(self, fmt: str, current: str | None = None) -> str | dict[str, Any]:
        if fmt == "json":
            return {"states": ["idle", "clarifying_population"], "transitions": []}
        if fmt == "svg":
            return SVG
        return MERMAID + (f"    class {current} current\n" if current else "")


@dataclass
class FakeRuntime:
    settings: Settings
    redis: redis.Redis
    store_dir: Path | None = None
    observers: list[TurnObserver] = field(default_factory=list)
    components: list[ComponentStatus] = field(
        default_factory=lambda: [
            ComponentStatus(name="redis", enabled=True, ok=True),
            ComponentStatus(name="index", enabled=True, ok=True),
            ComponentStatus(name="embedding", enabled=False, ok=False, detail="disabled"),
        ]
    )
    closed: bool = False

    def __post_init__(self) -> None:
        self.engine = FakeEngine(self.observers, self.store_dir)

    def ready(self) -> list[ComponentStatus]:
        return list(self.components)

    def close(self) -> None:
        self.closed = True


def start(client: TestClient) -> tuple[str, dict[str, str]]:
    """Create a conversation over HTTP; return its id and the auth header."""
    body = client.post("/v1/conversations").json()
    return body["conversation_id"], {"Authorization": f"Bearer {body['token']}"}


@dataclass
class _LoadedIndex:
    """Stands in for the index where only readiness asks about it: it holds the sample corpus."""

    points: int

    def count(self) -> int:
        return self.points


SCRIPTED_FRAMES = {
    "Liều paracetamol?": {"turn_type": "dosing_calc", "drugs": ["paracetamol"]},
    "Trẻ em": {"turn_type": "dosing_calc", "population": "child", "fills_slot": "population"},
    "bé nặng 18 ký": {"turn_type": "dosing_calc", "weight_kg": 18, "fills_slot": "weight"},
    "5 tuổi": {"turn_type": "dosing_calc", "age_months": 60, "fills_slot": "age"},
}


def scripted_runtime(
    client: redis.Redis,
    data_dir: Path,
    *,
    understander: Any = None,
    items: list[Any] | None = None,
) -> Runtime:
    """A real `Runtime` and `Engine` over real Redis, with engine.testing's scripted fakes
    (or the given understander and evidence items)."""
    pool = SAMPLE_EVIDENCE if items is None else items
    retriever = MemoryRetriever(pool, SAMPLE_CATALOG)
    paths = Paths(
        retriever,
        QuotingAnswerer(),
        checks=simple_checks,
        renderer=simple_render,
        catalog=SAMPLE_CATALOG,
    )
    frames = {k: QueryFrame.model_validate(v) for k, v in SCRIPTED_FRAMES.items()}
    engine = Engine(
        store=RedisStateStore(client),
        understander=understander or ScriptedUnderstander(frames),
        paths=paths,
        catalog=SAMPLE_CATALOG,
    )
    return Runtime(
        settings=Settings(duocthu_data_dir=data_dir, embedding_provider="disabled"),
        engine=engine,
        redis=client,
        index=_LoadedIndex(len(pool)),
        retriever=retriever,
        embedder=None,
        catalog=SAMPLE_CATALOG,
    )
