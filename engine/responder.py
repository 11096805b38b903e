"""`Responder`: the effect stage of a turn — route the frame, fire transitions, build the reply.

Triage (rule 0), clarification, acknowledgement of an open question, re-asks, refusals,
smalltalk, and leaving the retrieving state after `Effects` ran; `Engine` calls
`respond` once per turn between merge and commit.
"""

from __future__ import annotations

import time

from core.budget import RequestBudget
from core.catalog import DrugCatalog
from core.frame import ClarifySlot, Population, QueryFrame, Triage
from core.reasons import Reason
from core.result import Outcome
from engine.book_look import book_look
from engine.conversation import Conversation, OpenQuestion
from engine.effects import Effects
from engine.machine import TurnModel, fire
from engine.query_text import synthesize_query
from engine.reply import Reply
from engine.routing import RETRIEVAL_EFFECTS, Decision, Effect, route
from safety.cue_matching import TurnText
from safety.ingestion_cues import CHILD_CUES
from safety.triage import TriageResult
from states import CLARIFYING_STATES, Trigger
from states.messages import (
    ATTRIBUTE_REPLIES,
    POPULATION_REPLIES,
    SAFETY_CHECK_REPLIES,
    abstain_text,
    age_weight_question,
    clarify_text,
    contacts_text,
    emergency_text,
    open_question_reminder,
    plain_question,
    population_question,
    reask_question,
    safety_subject,
    self_harm_text,
    smalltalk_reply,
    unsafe_use_text,
)
from understanding.smalltalk import smalltalk_kind

_ASKING = frozenset(s.value for s in CLARIFYING_STATES)
_CLARIFY_TRIGGER: dict[str, Trigger] = {
    Reason.MISSING_POPULATION: Trigger.ASK_POPULATION,
    Reason.MISSING_PEDIATRIC_AGE_OR_WEIGHT: Trigger.ASK_AGE_WEIGHT,
}


class Responder:
    """Acts on a routed frame: fires the machine's transitions and returns the turn's `Reply`."""

    def __init__(
        self, *, effects: Effects, catalog: DrugCatalog, emergency_contacts: tuple[str, ...]
    ) -> None:
        self._effects = effects
        self._catalog = catalog
        self._contacts = emergency_contacts

    def book_look(
        self, frame: QueryFrame, conv: Conversation, said: QueryFrame | None = None
    ) -> QueryFrame:
        """The frame with what the drug's dose section settles before anyone is asked; after
        a safety question ("Bé đã uống thuốc này rồi phải không?") or in a safety thread, the
        book's adult-only rows do not stand in for the population question (who took it)."""
        asked = conv.open_question is not None and conv.open_question.reason == Reason.SAFETY_CHECK
        if asked or conv.safety_thread is not None:
            return frame
        return book_look(frame, self._effects.find_by_section, said)

    def respond(
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
        reply = self.act(model, decision, frame, budget, timings, text=text, found=found)
        if frame.non_answer and question is not None and reply.outcome is Outcome.CLARIFY:
            reply = self._reasked(reply, question, frame)
        return decision, reply

    def act(
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
        timings["retrieve_answer"] = elapsed_ms(t0)
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
        timings["retrieve_answer"] = elapsed_ms(t0)
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
            message = age_weight_question(
                frame.age_months, frame.weight_kg, weight_unknown=frame.weight_unknown
            )
        elif reason == Reason.MISSING_ATTRIBUTE:
            message = clarify_text(reason, drugs=" và ".join(names))
            replies = list(ATTRIBUTE_REPLIES)
        elif reason == Reason.SAFETY_CHECK:  # was it taken? never a dosing question first
            who = safety_subject(child=_about_a_child(frame))
            message = clarify_text(reason, contacts=contacts_text(self._contacts), **who)
            replies = list(SAFETY_CHECK_REPLIES)
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
        child = prior is None or _about_a_child(prior)
        asked = plain_question(question.reason, slot=question.slot.value, drugs=names, child=child)
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
        reply.message = reask_question(
            reply.reason, slot=slot.value, drugs=names, child=_about_a_child(frame)
        )
        reply.quick_replies = reply.quick_replies or list(question.quick_replies)
        return reply

    def _refusal(self, reason: str, frame: QueryFrame) -> str:
        if reason == Reason.DRUG_NOT_IN_FORMULARY:
            return abstain_text(reason, names=", ".join(f"“{n}”" for n in frame.unknown_drugs))
        return abstain_text(reason)


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


def elapsed_ms(since: float) -> float:
    """Milliseconds since a `time.perf_counter()` reading, for the trace's timings."""
    return round((time.perf_counter() - since) * 1000, 3)


__all__ = ["Responder", "elapsed_ms"]


_CHILD_MONTHS = 16 * 12  # the book's "trẻ em" ends where its adult rows begin


def _about_a_child(frame: QueryFrame) -> bool:
    """The safety question is about a child ("Bé …") when the frame says so; about anyone
    else ("Người bệnh …") otherwise: an adult, a grandmother, a nurse's patient."""
    if frame.population is Population.CHILD:
        return True
    if frame.population is not None:
        return False
    if frame.age_months is not None:
        return frame.age_months < _CHILD_MONTHS
    # No population read: the words that name a child ("thằng cu", "con em") in the turn
    return CHILD_CUES.search(TurnText.of(frame.standalone_query)) is not None
