"""`Engine`: one user turn, from the saved conversation to the saved conversation.

    begin (lock + load)  ->  understand  ->  merge  ->  route  ->  fire transitions
    -> effect (clarify | refuse | smalltalk | retrieve + answer + checks)
    -> breaker  ->  commit (compare-and-set + unlock)

I/O happens here, outside the machine's callbacks; the machine only checks
guards and records the path. Any failure between begin and commit aborts the
lease, so the stored conversation is either before the turn or after it.
"""

from __future__ import annotations

import hmac
import logging
import time
import unicodedata
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
from engine.effects import Effects, Reply
from engine.machine import TurnModel, fire, restored
from engine.merge import resolve_frame, synthesize_query
from engine.routing import RETRIEVAL_EFFECTS, Decision, Effect, route
from engine.store import StateStore, hash_token, new_conversation_id, new_token
from engine.svg import svg as state_svg
from engine.triage import TriageResult, triage_turn
from states import CLARIFYING_STATES, State, Trigger
from states.messages import (
    ATTRIBUTE_REPLIES,
    POPULATION_REPLIES,
    abstain_text,
    age_weight_question,
    clarify_text,
    emergency_text,
    open_question_reminder,
    plain_question,
    population_question,
    reask_question,
    self_harm_text,
    smalltalk_reply,
    unsafe_use_text,
)
from understanding.smalltalk import smalltalk_kind

log = logging.getLogger("duocthu.engine")

_ASKING = frozenset(s.value for s in CLARIFYING_STATES)
_CLARIFY_TRIGGER: dict[str, Trigger] = {
    Reason.MISSING_POPULATION: Trigger.ASK_POPULATION,
    Reason.MISSING_PEDIATRIC_AGE_OR_WEIGHT: Trigger.ASK_AGE_WEIGHT,
}


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
        self._effects = effects
        self._catalog = catalog
        self._max_clarify = max_consecutive_clarify
        self._history_lines = history_lines
        self._idle_ttl_s = idle_ttl_s
        self._max_chars = max_turn_chars
        self._budget_factory = budget_factory
        self.observers: list[TurnObserver] = list(observers)
        self._clock = clock
        self._contacts = tuple(emergency_contacts)

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
        if fmt == "json":
            return state_diagram.as_json()
        if fmt == "svg":
            return state_svg(current)
        return state_diagram.mermaid(current)

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
            return TurnResult.model_validate_json(begun.replay)
        lease, conv = begun.lease, begun.conversation
        if lease is None or conv is None:  # pragma: no cover - begin returns one or the other
            raise AssertionError("begin returned neither a lease nor a replay")
        timings["load"] = _ms(started)
        try:
            result, entry = self._run(conv, text, idempotency_key, timings)
            t0 = time.perf_counter()
            self.store.commit(
                lease,
                conv,
                trace=entry,
                idempotency_key=idempotency_key,
                result_json=result.model_dump_json() if idempotency_key else "",
                text_hash=text_hash,
            )
            timings["save"] = _ms(t0)
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
        entry.timings_ms["total"] = _ms(started)
        for obs in self.observers:
            obs.turn_completed(result, entry)
        return result

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
        try:
            frame = self._understander.understand(
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
        timings["understand"] = _ms(t0)
        frame = _chosen_indication(frame, text, conv.open_question)

        with restored(
            conv.state, clarify_streak=conv.clarify_streak, max_clarify=self._max_clarify
        ) as model:
            if frame.new_case:
                fire(model, Trigger.START_NEW_CASE)
                conv.patient = None
                conv.case += 1
            frame = resolve_frame(frame, conv.prior_frame, conv.open_question, conv.patient)
            frame, found = _with_triage(text, frame, conv)
            decision, reply = self._respond(model, conv, frame, text, budget, timings, found)
            state, path = State(model.state), model.path

        # Bookkeeping after the machine has spoken: streak, open question, slots, case.
        if reply.keeps_question:
            # Thanks or a greeting is not a clarification, so the streak resets as after any
            # non-clarify turn; the open question and its prior frame stay for the answer.
            conv.clarify_streak = 0
        elif reply.outcome is Outcome.CLARIFY:
            conv.clarify_streak += 1
            conv.open_question = OpenQuestion(
                reason=reply.reason,
                slot=reply.slot or ClarifySlot.DETAIL,
                quick_replies=tuple(reply.quick_replies),
            )
            conv.prior_frame = frame
        else:
            conv.clarify_streak = 0
            conv.open_question = None
            tripped = reply.reason == Reason.CLARIFY_LOOP_EXHAUSTED
            conv.prior_frame = None if tripped else frame
        if frame.patient is not None and not frame.patient.is_empty():
            conv.patient = frame.patient
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

    # -- effects ------------------------------------------------------------
    def _respond(
        self,
        model: TurnModel,
        conv: Conversation,
        frame: QueryFrame,
        text: str,
        budget: RequestBudget,
        timings: dict[str, float],
        found: TriageResult | None = None,
    ) -> tuple[Decision, Reply]:
        """Route the resolved frame and act; an open question shapes re-asks and smalltalk.

        Safety triage (rule 0) comes before all of it: a triaged turn is never a re-ask.
        """
        decision = route(frame)
        question = conv.open_question
        triaged = decision.effect is Effect.TRIAGE
        if frame.non_answer and question is not None and not triaged:
            decision = _reask(decision, question)
        if decision.effect is Effect.SMALLTALK and model.state in _ASKING:
            assert question is not None  # noqa: S101 - an asking state has its question
            return decision, self._acknowledge(model, text, question, conv.prior_frame)
        reply = self._act(model, decision, frame, budget, timings, text=text, found=found)
        if frame.non_answer and question is not None and reply.outcome is Outcome.CLARIFY:
            reply = self._reasked(reply, question, frame)
        return decision, reply

    def _act(
        self,
        model: TurnModel,
        decision: Decision,
        frame: QueryFrame,
        budget: RequestBudget,
        timings: dict[str, float],
        text: str = "",
        found: TriageResult | None = None,
    ) -> Reply:
        if decision.effect is Effect.TRIAGE and found is not None:
            return self._triaged(model, found, frame, budget, timings)
        if decision.effect is Effect.CLARIFY:
            return self._clarify(model, decision.reason, decision.slot, frame)
        if decision.effect is Effect.ABSTAIN:
            fire(model, Trigger.REFUSE)
            reason = decision.reason
            if (
                reason == Reason.UNDERSTANDING_FAILED
                and frame.clarify_reason == Reason.BUDGET_EXHAUSTED
            ):
                reason = Reason.BUDGET_EXHAUSTED
            return Reply(Outcome.ABSTAIN, reason, self._refusal(reason, frame))
        if decision.effect is Effect.SMALLTALK:
            fire(model, Trigger.REPLY_SMALLTALK)
            return Reply(
                Outcome.ANSWERABLE, Reason.SMALLTALK, smalltalk_reply(smalltalk_kind(text))
            )
        assert decision.effect in RETRIEVAL_EFFECTS  # noqa: S101
        model.answer_target = bool(frame.drugs) or frame.condition is not None
        fire(model, Trigger.START_RETRIEVAL)
        t0 = time.perf_counter()
        reply = self._effects.run(decision.effect, frame, synthesize_query(frame), budget)
        timings["retrieve_answer"] = _ms(t0)
        return self._leave_retrieving(model, reply)

    def _triaged(
        self,
        model: TurnModel,
        found: TriageResult,
        frame: QueryFrame,
        budget: RequestBudget,
        timings: dict[str, float],
    ) -> Reply:
        """Rule 0: self-harm refuses with the contacts; an emergency or an unsafe use quotes
        the named drug's evidence (no dose) or, with nothing to quote, refuses with its text."""
        reason = Reason(found.kind.value)
        if found.kind is Triage.SELF_HARM or not frame.drugs:
            fire(model, Trigger.REFUSE_FOR_SAFETY)
            return Reply(Outcome.ABSTAIN, reason, self._triage_text(found.kind))
        model.answer_target = True
        fire(model, Trigger.START_RETRIEVAL)
        t0 = time.perf_counter()
        reply = self._effects.triage(found, frame, budget)
        timings["retrieve_answer"] = _ms(t0)
        if reply.outcome is not Outcome.ANSWERABLE:
            fire(model, Trigger.ABSTAIN_AFTER_RETRIEVAL)
            return Reply(Outcome.ABSTAIN, reason, self._triage_text(found.kind))
        model.grounded_answer = True
        fire(model, Trigger.ANSWER_FROM_EVIDENCE)
        message = reply.message
        if found.kind is Triage.EMERGENCY:  # what to do now comes first, then the book
            message = f"{emergency_text(self._contacts)}\n\n{message}"
        return Reply(
            Outcome.ANSWERABLE, reason, message, claims=reply.claims, citations=reply.citations
        )

    def _triage_text(self, kind: Triage) -> str:
        if kind is Triage.EMERGENCY:
            return emergency_text(self._contacts)
        if kind is Triage.SELF_HARM:
            return self_harm_text(self._contacts)
        return unsafe_use_text()

    def _leave_retrieving(self, model: TurnModel, reply: Reply) -> Reply:
        if reply.outcome is Outcome.ANSWERABLE:
            model.grounded_answer = True
            fire(model, Trigger.ANSWER_FROM_EVIDENCE)
            return Reply(
                Outcome.ANSWERABLE,
                reply.reason,
                reply.message,
                claims=reply.claims,
                citations=reply.citations,
            )
        if reply.outcome is Outcome.CLARIFY:
            if fire(model, Trigger.ASK_ROUTE):
                return Reply(
                    Outcome.CLARIFY,
                    reply.reason,
                    reply.message,
                    quick_replies=reply.quick_replies,
                    slot=reply.slot,
                )
            fire(model, Trigger.TRIP_BREAKER)
            return Reply(
                Outcome.ABSTAIN,
                Reason.CLARIFY_LOOP_EXHAUSTED,
                abstain_text("clarify_loop_exhausted"),
            )
        fire(model, Trigger.ABSTAIN_AFTER_RETRIEVAL)
        # A refusal may cite what it read ("no row for this patient in this section").
        return Reply(
            Outcome.ABSTAIN,
            reply.reason,
            reply.message,
            citations=reply.citations,
            problems=reply.problems,
        )

    def _clarify(
        self, model: TurnModel, reason: str, slot: ClarifySlot | None, frame: QueryFrame
    ) -> Reply:
        trigger = _CLARIFY_TRIGGER.get(reason, Trigger.ASK_DETAIL)
        if not fire(model, trigger):
            fire(model, Trigger.TRIP_BREAKER)
            return Reply(
                Outcome.ABSTAIN,
                Reason.CLARIFY_LOOP_EXHAUSTED,
                abstain_text("clarify_loop_exhausted"),
            )
        names = [self._catalog.name_of(d) for d in frame.drugs]
        replies: list[str] = []
        if reason == Reason.MISSING_POPULATION:
            message, replies = population_question(names), list(POPULATION_REPLIES)
        elif reason == Reason.MISSING_PEDIATRIC_AGE_OR_WEIGHT:
            message = age_weight_question(frame.age_months, frame.weight_kg)
        elif reason == Reason.MISSING_ATTRIBUTE:
            message = clarify_text(reason, drugs=" và ".join(names))
            replies = list(ATTRIBUTE_REPLIES)
        elif reason == Reason.AMBIGUOUS_CONDITION and frame.condition is not None:
            message = clarify_text(reason)
            replies = list(frame.condition.options)
        else:
            message = clarify_text(reason)
        return Reply(Outcome.CLARIFY, reason, message, quick_replies=replies, slot=slot)

    def _acknowledge(
        self, model: TurnModel, text: str, question: OpenQuestion, prior: QueryFrame | None
    ) -> Reply:
        """Thanks or a greeting while a question is open: a short reply, the question again."""
        fire(model, Trigger.ACKNOWLEDGE)
        names = " và ".join(self._catalog.name_of(d) for d in (prior.drugs if prior else []))
        asked = plain_question(question.reason, slot=question.slot.value, drugs=names)
        return Reply(
            Outcome.ANSWERABLE,
            Reason.SMALLTALK,
            open_question_reminder(smalltalk_kind(text), asked),
            quick_replies=list(question.quick_replies),
            keeps_question=True,
        )

    def _reasked(self, reply: Reply, question: OpenQuestion, frame: QueryFrame) -> Reply:
        """The open question asked again more plainly, with its quick replies."""
        names = " và ".join(self._catalog.name_of(d) for d in frame.drugs)
        slot = reply.slot or question.slot
        reply.message = reask_question(reply.reason, slot=slot.value, drugs=names)
        reply.quick_replies = reply.quick_replies or list(question.quick_replies)
        return reply

    def _refusal(self, reason: str, frame: QueryFrame) -> str:
        if reason == Reason.DRUG_NOT_IN_FORMULARY:
            return abstain_text(reason, names=", ".join(f"“{n}”" for n in frame.unknown_drugs))
        return abstain_text(reason)


def _with_triage(
    text: str, frame: QueryFrame, conv: Conversation
) -> tuple[QueryFrame, TriageResult | None]:
    """The frame with this turn's triage (rule 0) set, or cleared if carried from a prior one.

    A reply to an open question that names no drug ("lỡ uống rồi") is about the drug that
    question was asked for, so triage and the quoted evidence use the prior frame's drugs.
    """
    probe = frame
    prior = conv.prior_frame
    if not frame.drugs and conv.open_question is not None and prior is not None:
        probe = frame.model_copy(update={"drugs": list(prior.drugs)})
    found = triage_turn(text, probe, answers_open_question=conv.open_question is not None)
    if found is None:
        return frame.model_copy(update={"triage": None}), None
    return probe.model_copy(update={"triage": found.kind}), found


def _reask(decision: Decision, question: OpenQuestion) -> Decision:
    """The open question again: the prior frame's own rule, the question's reason and slot.

    Re-routing the prior frame gives the same clarification; a question that retrieval asked
    (`ambiguous_route`) is asked again without retrieving a second time.
    """
    if decision.effect is Effect.CLARIFY and decision.reason == question.reason:
        return decision
    if decision.effect in (Effect.ABSTAIN, Effect.SMALLTALK):
        return decision
    return Decision(
        decision.rule, decision.name, Effect.CLARIFY, Reason(question.reason), question.slot
    )


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


def _ms(since: float) -> float:
    return round((time.perf_counter() - since) * 1000, 3)


__all__ = ["Engine", "TextRejected"]
