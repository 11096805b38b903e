"""The retrieval effects: single drug, interaction, condition→drug.

Each effect fetches evidence through the `Retriever`, asks the `AnswerGenerator`
for claims, runs every grounding check, and returns a `Reply`. Any
failed check, empty answer or provider failure turns into an abstention: the
user sees no part of a failed answer.
The safety-triage replies (routing rule 0) quote what `safety.triage_quotes` chooses.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from core.budget import RequestBudget
from core.catalog import DrugCatalog
from core.errors import GenerationUnavailable
from core.evidence import Answer, Answerability, Citation, DrugCandidate, Evidence
from core.frame import HOW_TO_SECTIONS, QueryFrame, Triage, TurnType
from core.ports import AnswerClarify, AnswerGenerator, AnswerMode, AnswerRequest, Retriever
from core.reasons import Reason
from core.result import CheckFailure, ClaimView, Outcome
from core.sections import OVERVIEW_SECTIONS, SectionKey
from engine.reply import Reply
from engine.reply import abstain as _abstain
from engine.routing import Effect
from grounding.checks import Check, all_passed, run_checks
from grounding.howto import Asked, howto_answer
from grounding.interactions import ORDER as INTERACTION_SECTIONS
from grounding.limits import is_can_use, sections_for
from grounding.listfit import fit_list
from grounding.quote_only import derived_claims, quote_only
from grounding.render import RenderedAnswer, citation_line
from safety.assessment import assess_candidates
from safety.safety_report import assessment_notices, has_safety_evidence, with_safety_lines
from safety.triage import TriageResult, UnsafeUse
from safety.triage_quotes import unsafe_use_quotes, warning_lines, without_doses
from states.messages import UNSAFE_USE_ADVICE, abstain_text, unsafe_use_lead

ChecksFactory = Callable[[AnswerRequest], Sequence[Check]]
"""Builds the grounding checks for one request (e.g. `grounding.verify.default_checks`)."""

Renderer = Callable[[Answer, Sequence[Evidence]], RenderedAnswer]
"""Turns a checked answer into the message and citations (`grounding.render.render_answer`)."""


class Effects:
    """Runs the retrieval effect a routing decision chose."""

    def __init__(
        self,
        retriever: Retriever,
        generator: AnswerGenerator,
        *,
        checks: ChecksFactory,
        renderer: Renderer,
        catalog: DrugCatalog,
        indication_limit: int = 8,
    ) -> None:
        self._retriever = retriever
        self._generator = generator
        self._checks = checks
        self._render = renderer
        self._catalog = catalog
        self._indication_limit = indication_limit

    def find_by_section(self, drug_id: str, section: str) -> list[Evidence]:
        """One drug's section as the retriever holds it (the book looked at before asking)."""
        return self._retriever.find_by_section(drug_id, section)

    def run(self, effect: Effect, frame: QueryFrame, question: str, budget: RequestBudget) -> Reply:
        try:
            if effect is Effect.INTERACTION:
                return self._interaction(frame, question, budget)
            if effect is Effect.CONDITION_TO_DRUG:
                return self._condition(frame, question, budget)
            return self._single(frame, question, budget)
        except GenerationUnavailable as exc:
            return _abstain(exc.reason)

    # -- single drug --------------------------------------------------------
    def _sections_for(self, frame: QueryFrame) -> list[str]:
        if frame.how_to_take is not None:
            return list(HOW_TO_SECTIONS[frame.how_to_take])
        if frame.turn_type is TurnType.DOSING_CALC:
            # Chống chỉ định too: an age the dose text does not cover may be contraindicated.
            return [SectionKey.LIEU_LUONG_CACH_DUNG, SectionKey.CHONG_CHI_DINH]
        if is_can_use(frame):
            return list(dict.fromkeys([*sections_for(frame), *filter(None, [frame.attribute])]))
        if frame.attribute == SectionKey.TUONG_TAC_THUOC:
            # A partner the book forbids with the drug is in Chống chỉ định.
            return [SectionKey.TUONG_TAC_THUOC, SectionKey.CHONG_CHI_DINH]
        if frame.attribute:
            return [frame.attribute]
        if frame.turn_type is TurnType.INTERACTION:
            return [SectionKey.TUONG_TAC_THUOC]
        if frame.section_overview:
            return [SectionKey.LIEU_LUONG_CACH_DUNG]
        return [s.value for s in OVERVIEW_SECTIONS]

    def _single(
        self,
        frame: QueryFrame,
        question: str,
        budget: RequestBudget,
        *,
        reason: str = Reason.SINGLE_DRUG,
        extend: Callable[[Answer, Sequence[Evidence]], Answer] | None = None,
    ) -> Reply:
        sections = self._sections_for(frame)
        evidence: list[Evidence] = []
        for drug in frame.drugs:
            found: list[Evidence] = []
            for section in sections:
                found += self._retriever.find_by_section(drug, section)
            if not found:
                found = self._retriever.search(question, drug_id=drug, sections=sections)
            evidence += found
        if self._retriever.decide(evidence) is Answerability.NOT_FOUND:
            return _abstain(Reason.NO_EVIDENCE)
        if frame.how_to_take is not None:
            return self._how_to(frame, question, evidence, budget)
        return self._generate(
            AnswerMode.SINGLE,
            frame,
            question,
            evidence,
            (),
            budget,
            reason=reason,
            empty=_abstain(Reason.NO_EVIDENCE),
            extend=extend,
        )

    def _how_to(
        self, frame: QueryFrame, question: str, evidence: list[Evidence], budget: RequestBudget
    ) -> Reply:
        """A how-to-take question: the one sentence of the book that answers it, checked."""
        assert frame.how_to_take is not None  # noqa: S101 - the caller checked
        drug = frame.drugs[0]
        name = self._catalog.name_of(drug)
        answer = howto_answer(evidence, drug, name, frame.how_to_take, Asked.of(frame))
        if not answer.claims:
            return _abstain(Reason.NO_EVIDENCE)
        request = AnswerRequest(
            mode=AnswerMode.SINGLE,
            question=question,
            frame=frame,
            evidence=tuple(evidence),
            candidates=(),
            budget=budget,
        )
        return self._checked(request, answer, Reason.SINGLE_DRUG)

    # -- safety triage (routing rule 0) ---------------------------------------
    def triage(self, found: TriageResult, frame: QueryFrame, budget: RequestBudget) -> Reply:
        """The quoted-evidence part of an emergency or unsafe-use reply, never with a dose.

        Answerable with the triage reason when something could be quoted and passed the
        checks; otherwise abstain with that reason (the engine supplies the fixed text).
        """
        reason = Reason(found.kind.value)
        try:
            if found.kind is Triage.EMERGENCY:
                reply = self._overdose(frame, budget, found.section)
            else:
                reply = self._unsafe_use(found, frame, budget)
        except GenerationUnavailable as exc:
            failure = CheckFailure(check="generation", problem=exc.reason)
            return Reply(Outcome.ABSTAIN, reason, "", problems=[failure])
        if reply.outcome is not Outcome.ANSWERABLE:
            # What the quoting path knew (a failed check, or simply no evidence) stays traced.
            return Reply(Outcome.ABSTAIN, reason, "", problems=list(reply.problems))
        return reply

    def _overdose(
        self, frame: QueryFrame, budget: RequestBudget, section: str = SectionKey.QUA_LIEU_XU_TRI
    ) -> Reply:
        # The ordinary single-drug attribute path for the overdose section (or, after an
        # allergic reaction, the ADR management section), so generation and every grounding
        # check are the usual ones; claims carrying a dose are dropped.
        if section != SectionKey.QUA_LIEU_XU_TRI and not self._retriever.find_by_section(
            frame.drugs[0], section
        ):
            return _abstain(Reason.NO_EVIDENCE)  # no ADR management text: the emergency alone
        focus = frame.model_copy(
            update={
                "turn_type": TurnType.DRUG_ATTRIBUTE,
                "attribute": str(section),
                "section_overview": False,
                "drugs": frame.drugs[:1],
                "how_to_take": None,
            }
        )
        name = self._catalog.name_of(frame.drugs[0])
        question = f"Quá liều và xử trí quá liều {name}."
        if section == SectionKey.HUONG_DAN_XU_TRI_ADR:
            question = f"Hướng dẫn cách xử trí ADR của {name}."
        return self._single(focus, question, budget, reason=Reason.EMERGENCY, extend=without_doses)

    def warning_lines(self, drug_id: str) -> list[tuple[str, str]]:
        """(section, sentence) of the drug's Chống chỉ định and Thận trọng in the loaded
        corpus: what the infant unsafe-use triage stands on (`safety.triage.WarningLines`)."""
        return warning_lines(self._retriever.find_by_section, drug_id)

    def _unsafe_use(self, found: TriageResult, frame: QueryFrame, budget: RequestBudget) -> Reply:
        if not frame.drugs or found.use is None:
            return _abstain(Reason.NO_EVIDENCE)
        drug = frame.drugs[0]
        # Triage read an infant word without an age as a newborn: quote the lines that bar
        # this child (the age-limit line the triage stood on), nothing else.
        age = frame.age_months
        if found.use is UnsafeUse.INFANT and age is None:
            age = 0.0
        evidence, claims = unsafe_use_quotes(self._retriever.find_by_section, drug, found.use, age)
        if not claims:
            return _abstain(Reason.NO_EVIDENCE)
        focus = frame.model_copy(
            update={"turn_type": TurnType.DRUG_ATTRIBUTE, "attribute": evidence[0].section_key}
        )
        request = AnswerRequest(
            mode=AnswerMode.SINGLE,
            question=frame.standalone_query,
            frame=focus,
            evidence=tuple(evidence),
            candidates=(),
            budget=budget,
        )
        answer = Answer(
            lead=unsafe_use_lead(self._catalog.name_of(drug)),
            claims=tuple(claims),
            notices=(UNSAFE_USE_ADVICE,),
        )
        return self._checked(request, answer, Triage.UNSAFE_USE.value)

    # -- interaction --------------------------------------------------------
    def _interaction(self, frame: QueryFrame, question: str, budget: RequestBudget) -> Reply:
        pool: list[Evidence] = []
        for drug in frame.drugs:
            for section in INTERACTION_SECTIONS:
                for part in self._retriever.find_by_section(drug, section):
                    # Keep VERIFY_PDF parts: a quarantined table's notice must not be dropped.
                    if self._retriever.decide([part]) is not Answerability.NOT_FOUND:
                        pool.append(part)
        names = " và ".join(self._catalog.name_of(d) for d in frame.drugs)
        if self._retriever.decide(pool) is Answerability.NOT_FOUND:
            return _abstain(Reason.NO_INTERACTION_EVIDENCE, names=names)
        return self._generate(
            AnswerMode.INTERACTION,
            frame,
            question,
            pool,
            (),
            budget,
            reason=Reason.INTERACTION,
            empty=_abstain(Reason.NO_INTERACTION_EVIDENCE, names=names),
        )

    # -- condition → drug ---------------------------------------------------
    def _condition(self, frame: QueryFrame, question: str, budget: RequestBudget) -> Reply:
        assert frame.condition is not None  # noqa: S101 - routing rule 7 guarantees it
        candidates = self._retriever.find_by_indication(
            frame.condition.normalized, limit=self._indication_limit
        )
        nothing_listed = _abstain(
            Reason.NO_EVIDENCE,
            abstain_text("no_condition_evidence", condition=frame.condition.text),
        )
        if not candidates:
            return nothing_listed
        # Direct indications first; with a known age, the candidates' own age limits.
        fit = fit_list(
            candidates,
            frame.condition.normalized,
            age_months=frame.age_months,
            age_text=frame.age_text,
            fetch=self._retriever.find_by_section,
            asked=frame.condition.text,
            words=frame.condition_words,
        )
        candidates = fit.candidates
        evidence = [ev for c in candidates for ev in c.evidence]
        evidence += fit.evidence
        patient = frame.patient
        extend: Callable[[Answer, Sequence[Evidence]], Answer] | None = fit.apply
        if patient is not None and patient.needs_safety_review():
            # Stage 2: only the safety sections this patient's facts make relevant, for every
            # candidate the list may show: its lines are the only safety lines the list quotes.
            assessments, safety = assess_candidates(
                candidates,
                patient,
                self._retriever.find_by_section,
                top=len(candidates),
                catalog=self._catalog,
            )
            if not has_safety_evidence(assessments):
                return _abstain(Reason.NO_SAFETY_EVIDENCE)
            evidence += safety

            def extend(answer: Answer, pool: Sequence[Evidence]) -> Answer:
                claims = with_safety_lines(answer.claims, assessments, pool)
                notices = (*answer.notices, *assessment_notices(assessments))
                answer = answer.model_copy(update={"claims": claims, "notices": notices})
                return fit.apply(answer, pool)

        return self._generate(
            AnswerMode.LIST,
            frame,
            question,
            evidence,
            tuple(candidates),
            budget,
            reason=Reason.CONDITION_TO_DRUG,
            empty=nothing_listed,  # found by the words ("ho" in "hỗ trợ"), listed by none
            extend=extend,
        )

    # -- generation + checks ------------------------------------------------
    def _generate(
        self,
        mode: AnswerMode,
        frame: QueryFrame,
        question: str,
        evidence: Sequence[Evidence],
        candidates: tuple[DrugCandidate, ...],
        budget: RequestBudget,
        *,
        reason: str,
        empty: Reply,
        extend: Callable[[Answer, Sequence[Evidence]], Answer] | None = None,
    ) -> Reply:
        request = AnswerRequest(
            mode=mode,
            question=question,
            frame=frame,
            evidence=tuple(evidence),
            candidates=candidates,
            budget=budget,
        )
        generated = self._generator.generate(request)
        if isinstance(generated, AnswerClarify):
            return Reply(
                Outcome.CLARIFY,
                generated.reason,
                generated.question,
                quick_replies=list(generated.quick_replies),
                slot=generated.slot,
            )
        if not generated.claims:
            return self._nothing_fits(generated, evidence) if generated.looked_in else empty
        if extend is not None:
            generated = extend(generated, evidence)
            if not generated.claims:
                return empty
        return self._checked(request, generated, reason)

    @staticmethod
    def _nothing_fits(generated: Answer, evidence: Sequence[Evidence]) -> Reply:
        """`no_evidence`, said plainly ("no row for this patient") with the section it read
        cited, so the user can open it; never the section itself as the answer."""
        cited = [Citation.from_evidence(evidence[i]) for i in generated.looked_in[:1]]
        section = cited[0].section_title if cited else ""
        message = generated.lead
        if cited:
            message += f"\n{abstain_text('no_row_fits', section=section)}\nNguồn:\n"
            message += citation_line(1, cited[0])
        return Reply(Outcome.ABSTAIN, Reason.NO_EVIDENCE, message, citations=cited)

    def _checked(self, request: AnswerRequest, generated: Answer, reason: str) -> Reply:
        """Run every grounding check; a failure abstains, a pass renders the message."""
        evidence = request.evidence
        verdicts = run_checks(generated, evidence, self._checks(request))
        if not all_passed(verdicts) and derived_claims(generated):
            # A worked-out amount that does not recompute: the answer falls back to the quote.
            generated = quote_only(generated)
            verdicts = run_checks(generated, evidence, self._checks(request))
        problems = [
            CheckFailure(check=v.check, problem=p)
            for v in verdicts
            if not v.ok
            for p in v.problems or ("failed",)
        ]
        if problems:
            reply = _abstain(Reason.GROUNDING_FAILED)
            reply.problems = problems
            return reply
        rendered = self._render(generated, evidence)
        claims = [
            ClaimView(text=c.text, citations=list(c.citations), derivation=c.derivation)
            for c in rendered.claims
        ]
        return Reply(
            Outcome.ANSWERABLE,
            reason,
            rendered.message,
            claims=claims,
            citations=list(rendered.citations),
        )


__all__ = ["ChecksFactory", "Effects", "Renderer", "Reply"]
