"""`Engine`: one user turn, from the saved conversation to the saved conversation.

    begin (lock + load)  ->  understand  ->  merge  ->  route  ->  fire transitions
    -> effect (clarify | refuse | smalltalk | retrieve + answer + checks)
    -> breaker  ->  commit (compare-and-set + unlock)

I/O happens here, outside the machine's callbacks; the machine only checks
guards and records the path. Any failure between begin and commit aborts the
lease, so the stored conversation is either before the turn or after it.
"""

from __future__ import annotations

import base64
import hmac
import logging
import time
import unicodedata
import zlib
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

from core.budget import RequestBudget
from core.catalog import DrugCatalog
from core.errors import (
    ConfigError,
    ConversationNotFound,
    DuocthuError,
    ProviderError,
    StateStoreError,
)
from core.frame import ClarifySlot, ConditionQuery, QueryFrame, Triage
from core.ports import TurnObserver, Understander, UnderstandingContext
from core.reasons import Reason
from core.result import (
    ConversationView,
    CreatedConversation,
    Outcome,
    TraceEntry,
    TurnResult,
)
from engine import diagram as state_diagram
from engine.conversation import Conversation, HistoryLine, OpenQuestion, utcnow
from engine.effects import Effects
from engine.followup import thread_after
from engine.machine import fire, restored
from engine.merge import filled_facts, made_progress, resolve_frame
from engine.responder import Responder, elapsed_ms
from engine.safety_thread import keep_safety_thread, with_triage
from engine.store import StateStore, hash_token, new_conversation_id, new_token
from engine.svg import svg as state_svg
from safety.triage import TriageResult, WarningLines
from states import State, Trigger
from understanding.run_together import read_as_typed

log = logging.getLogger("duocthu.engine")


class TextRejected(DuocthuError, ValueError):
    """The turn text is empty or too long; checked before anything is loaded."""

    code = "validation_error"


class Engine:
    """Runs turns over a `StateStore`; holds no conversation between turns."""

    def __init__(
        self,
        *,
        store: StateStore,
        understander: Understander,
        effects: Effects,
        catalog: DrugCatalog,
        max_consecutive_clarify: int = 4,
        history_lines: int = 12,
        idle_ttl_s: int = 24 * 3600,
        max_turn_chars: int = 2000,
        budget_factory: Callable[[], RequestBudget] = RequestBudget,
        observers: Sequence[TurnObserver] = (),
        clock: Callable[[], datetime] = utcnow,
        emergency_contacts: Sequence[str] = ("115",),
    ) -> None:
        if max_consecutive_clarify < 1:
            raise ConfigError(
                f"max_consecutive_clarify must be >= 1, got {max_consecutive_clarify}"
            )
        self.store = store
        self._understander = understander
        self._responder = Responder(
            effects=effects, catalog=catalog, emergency_contacts=tuple(emergency_contacts)
        )
        self._warnings: WarningLines = effects.warning_lines
        self._max_clarify = max_consecutive_clarify
        self._history_lines = history_lines
        self._idle_ttl_s = idle_ttl_s
        self._max_chars = max_turn_chars
        self._budget_factory = budget_factory
        self.observers: list[TurnObserver] = list(observers)
        self._clock = clock

    # -- conversations ------------------------------------------------------
    def create_conversation(self) -> CreatedConversation:
        token = new_token()
        conv = Conversation(
            conversation_id=new_conversation_id(),
            token_hash=hash_token(token),
            created_at=self._clock(),
            updated_at=self._clock(),
        )
        self.store.create(conv)
        return CreatedConversation(conversation_id=conv.conversation_id, token=token)

    def authorize(self, conversation_id: str, token: str) -> None:
        conv = self.store.load(conversation_id)
        if not token or not hmac.compare_digest(conv.token_hash, hash_token(token)):
            raise ConversationNotFound("unknown conversation")

    def conversation(self, conversation_id: str) -> ConversationView:
        conv = self.store.load(conversation_id)
        return ConversationView(
            conversation_id=conv.conversation_id,
            state=conv.state.value,
            clarify_streak=conv.clarify_streak,
            frame=conv.prior_frame.contract_view() if conv.prior_frame else None,
            history=conv.public_history(),
            version=conv.version,
            expires_at=conv.expires_at(self._idle_ttl_s),
        )

    def trace(self, conversation_id: str) -> list[TraceEntry]:
        self.store.load(conversation_id)
        return self.store.trace(conversation_id)

    def delete(self, conversation_id: str) -> None:
        self.store.delete(conversation_id)

    def diagram(self, fmt: str, current: str | None = None) -> str | dict[str, Any]:
        # Drawn with this engine's breaker limit (MAX_CONSECUTIVE_CLARIFY), not the default.
        if fmt == "json":
            return state_diagram.as_json(self._max_clarify)
        if fmt == "svg":
            return state_svg(current, self._max_clarify)
        return state_diagram.mermaid(current, self._max_clarify)

    # -- one turn -----------------------------------------------------------
    def handle(
        self,
        conversation_id: str,
        text: str,
        *,
        idempotency_key: str | None = None,
        token: str | None = None,
    ) -> TurnResult:
        """Run one turn; with `token`, the turn also authorises it (a wrong token is not found).

        The token is checked inside the store's `begin`, in the same round trip that
        takes the lock, and before a stored idempotent result is replayed.
        """
        text = unicodedata.normalize("NFC", text or "").strip()
        rejected = None
        if not text:
            rejected = TextRejected("text must not be empty")
        elif len(text) > self._max_chars:
            rejected = TextRejected(
                f"text has {len(text)} characters; the limit is {self._max_chars}"
            )
        if rejected is not None:
            for obs in self.observers:
                obs.turn_failed(conversation_id, rejected)
            raise rejected
        started = time.perf_counter()
        timings: dict[str, float] = {}
        # The key is bound to its text: the same key with another text is refused, not replayed.
        text_hash = hash_token(text) if idempotency_key else None
        try:
            begun = self.store.begin(
                conversation_id,
                idempotency_key=idempotency_key,
                token_hash=None if token is None else hash_token(token),
                text_hash=text_hash,
            )
        except BaseException as exc:
            # A turn refused before it started (store down, lock busy, key reused) is a failed
            # turn too: every observer counts it, as it counts one that fails later.
            for obs in self.observers:
                obs.turn_failed(conversation_id, exc)
            raise
        if begun.replay is not None:
            return TurnResult.model_validate_json(stored_result(begun.replay))
        lease, conv = begun.lease, begun.conversation
        if lease is None or conv is None:  # pragma: no cover - begin returns one or the other
            raise AssertionError("begin returned neither a lease nor a replay")
        timings["load"] = elapsed_ms(started)
        try:
            # "uoongs" → "uong" (an input method's keys), "tôimuốnchết" → "tôi muốn chết"
            result, entry = self._run(conv, read_as_typed(text), idempotency_key, timings)
            t0 = time.perf_counter()
            self.store.commit(
                lease,
                conv,
                trace=entry,
                idempotency_key=idempotency_key,
                result_json=storable_result(result) if idempotency_key else "",
                text_hash=text_hash,
            )
            timings["save"] = elapsed_ms(t0)
        except BaseException as exc:
            # Release the lease whatever went wrong (a commit whose reply was lost included),
            # so the next turn does not wait out the lock TTL; abort checks the fence itself.
            try:
                self.store.abort(lease)
            except StateStoreError:
                log.warning("abort failed for %s", conversation_id)
            for obs in self.observers:
                obs.turn_failed(conversation_id, exc)
            raise
        entry.timings_ms.update(timings)
        entry.timings_ms["total"] = elapsed_ms(started)
        for obs in self.observers:
            obs.turn_completed(result, entry)
        return result

    def _understand(self, conv: Conversation, text: str, budget: RequestBudget) -> QueryFrame:
        """The understander's frame for this turn; a provider failure is a frame that says so."""
        try:
            return self._understander.understand(
                text,
                UnderstandingContext(
                    open_slot=conv.open_question.slot if conv.open_question else None,
                    open_reason=conv.open_question.reason if conv.open_question else None,
                    prior_frame=conv.prior_frame,
                    history=tuple(h.text for h in conv.history),
                    budget=budget,
                ),
            )
        except ProviderError as exc:
            frame = QueryFrame(understanding_failed=True, needs_clarify=True, standalone_query=text)
            if exc.reason == Reason.BUDGET_EXHAUSTED:
                frame = frame.model_copy(update={"clarify_reason": "budget_exhausted"})
            return frame

    def _run(
        self,
        conv: Conversation,
        text: str,
        idempotency_key: str | None,
        timings: dict[str, float],
    ) -> tuple[TurnResult, TraceEntry]:
        now = self._clock()
        if conv.is_expired(now, self._idle_ttl_s):
            conv.start_fresh()
        budget = self._budget_factory()
        t0 = time.perf_counter()
        frame = self._understand(conv, text, budget)
        timings["understand"] = elapsed_ms(t0)
        frame = _chosen_indication(frame, text, conv.open_question)

        with restored(
            conv.state, clarify_streak=conv.clarify_streak, max_clarify=self._max_clarify
        ) as model:
            if frame.new_case:
                fire(model, Trigger.START_NEW_CASE)
                conv.patient = None
                conv.case += 1
            said = frame
            frame = resolve_frame(frame, conv.prior_frame, conv.open_question, conv.patient)
            # The breaker counts clarifications without progress: an answer that brings a
            # missing fact starts the count again (docs/reasons.md, "Progress").
            progressed = made_progress(
                said, frame, conv.prior_frame, conv.open_question, conv.streak_facts
            )
            if progressed:
                model.clarify_streak = 0
            frame, found = with_triage(text, frame, conv, self._warnings)
            frame = self._responder.book_look(frame, conv, said)
            if found is not None and found.kind is Triage.SAFETY_CHECK and not model.can_clarify():
                # No question left before the breaker: the safety question is answered the
                # safe way, as taken.
                found = TriageResult(Triage.EMERGENCY, f"{found.cue} (breaker)")
                frame = frame.model_copy(update={"triage": Triage.EMERGENCY})
            decision, reply = self._responder.respond(
                model, conv, frame, text, budget, timings, found
            )
            state, path = State(model.state), model.path

        # Bookkeeping after the machine has spoken: streak, open question, slots, case.
        if reply.keeps_question:
            # Thanks or a greeting is not a clarification, so the streak resets as after any
            # non-clarify turn; the open question and its prior frame stay for the answer.
            conv.clarify_streak = 0
            conv.streak_facts = []
        elif reply.outcome is Outcome.CLARIFY:
            conv.clarify_streak = (0 if progressed else conv.clarify_streak) + 1
            conv.streak_facts = sorted(set(conv.streak_facts) | filled_facts(frame))
            conv.open_question = OpenQuestion(
                reason=reply.reason,
                slot=reply.slot or ClarifySlot.DETAIL,
                quick_replies=tuple(reply.quick_replies),
            )
            conv.prior_frame = frame
        else:
            conv.clarify_streak = 0
            conv.streak_facts = []
            conv.open_question = None
            tripped = reply.reason == Reason.CLARIFY_LOOP_EXHAUSTED
            conv.prior_frame = None if tripped else thread_after(frame, conv.prior_frame)
        if frame.patient is not None and not frame.patient.is_empty():
            conv.patient = frame.patient
        keep_safety_thread(conv, reply.reason, frame)
        conv.state = state
        conv.turn += 1
        conv.version += 1
        conv.updated_at = now
        conv.append_history(
            HistoryLine(role="user", text=text, turn=conv.turn, at=now), self._history_lines
        )
        conv.append_history(
            HistoryLine(
                role="assistant",
                text=reply.message,
                turn=conv.turn,
                at=now,
                outcome=reply.outcome.value,
                reason=reply.reason,
                claims=reply.claims,
                citations=reply.citations,
            ),
            self._history_lines,
        )
        result = TurnResult(
            conversation_id=conv.conversation_id,
            turn=conv.turn,
            state=state.value,
            outcome=reply.outcome,
            reason=reply.reason,
            message=reply.message,
            quick_replies=reply.quick_replies,
            claims=reply.claims,
            citations=reply.citations,
            path=path,
            route_rule=decision.rule,
            frame=frame.contract_view(),
            clarify_streak=conv.clarify_streak,
        )
        entry = TraceEntry(
            turn=conv.turn,
            at=now,
            outcome=reply.outcome,
            reason=reply.reason,
            route_rule=decision.rule,
            path=path,
            timings_ms=dict(timings),
            model_calls=budget.model_calls,
            idempotency_key=idempotency_key,
            grounding_failures=reply.problems,
        )
        return result, entry


# A stored idempotent result is kept compressed: a conversation keeps its last 100 (a retry
# may come late), and a whole turn result of Vietnamese text is ~2.7 KB as JSON but about a
# third of that deflated (docs/deploy.md, "Memory"). One stored before this is bare JSON.
_DEFLATED = "z:"


def storable_result(result: TurnResult) -> str:
    """The turn result as the store keeps it for a replay: deflated JSON, in base64."""
    packed = zlib.compress(result.model_dump_json().encode("utf-8"), 6)
    return _DEFLATED + base64.b64encode(packed).decode("ascii")


def stored_result(stored: str) -> str:
    """The JSON of a stored result (`storable_result`'s, or a bare one stored before it)."""
    if not stored.startswith(_DEFLATED):
        return stored
    return zlib.decompress(base64.b64decode(stored[len(_DEFLATED) :])).decode("utf-8")


def _chosen_indication(frame: QueryFrame, text: str, question: OpenQuestion | None) -> QueryFrame:
    """A tapped indication chip answers "which indication?" whatever words it holds
    ("Liều theo cân nặng cho phác đồ 3 ngày" names no condition the rules know)."""
    if question is None or question.slot is not ClarifySlot.CONDITION:
        return frame
    chosen = unicodedata.normalize("NFC", text).strip().casefold()
    if chosen not in {r.casefold() for r in question.quick_replies}:
        return frame
    return frame.model_copy(
        update={
            "fills_slot": ClarifySlot.CONDITION,
            "condition": ConditionQuery(text=text.strip()),
            "non_answer": False,
            "needs_clarify": False,
        }
    )


__all__ = ["Engine", "TextRejected", "storable_result", "stored_result"]
