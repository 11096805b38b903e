"""The offline answerer (`ANSWER_PROVIDER=extractive`): every claim is a verbatim line of evidence.

It chooses lines, never writes facts: a dose answer quotes the age band and the mg/kg
rule that fit the frame, and beside a per-kg row the amount for the stated weight worked
out by code (`grounding.amounts`, each claim carrying its `derivation`); several routes
and none asked is a clarification; an interaction answer quotes only lines that name the other drug.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.catalog import DrugCatalog
from core.drug_classes import class_terms, classes_of
from core.evidence import Answer, Claim, Evidence
from core.frame import ClarifySlot, Population, QueryFrame, Route, TurnType
from core.ports import AnswerClarify, AnswerMode, AnswerRequest
from core.reasons import Reason
from core.sections import OVERVIEW_SECTIONS, SectionKey, section_title
from core.text import contains_phrase
from grounding.amounts import rows_with_amounts
from grounding.asked import AskedWords
from grounding.band_names import describe
from grounding.blocks import Block, BlockKind, Who, parse_blocks
from grounding.can_use_answer import can_use_answer
from grounding.candidates import DrugMentions
from grounding.dosing import route_labels
from grounding.interactions import (
    MAX_ANSWER_CHARS,
    compact,
    naming_claims,
    partner_claims,
    partner_of,
    sections_quoted,
)
from grounding.limits import (
    age_limits,
    conditional_limits,
    dose_limits,
    is_can_use,
)
from grounding.listing import list_answer
from grounding.notices import quarantine_notices
from grounding.overdose import overdose_claims
from grounding.quote_only import QUOTE_ONLY_NOTE
from grounding.quoted_lines import section_parts, sentence_claims
from grounding.selection import MAX_QUICK_REPLIES, others_list, select, short_label
from grounding.special_patients import grave_liver_bars
from states.messages import describe_age, format_number

MAX_SECTION_CLAIMS = 12
OVERVIEW_LINES_PER_SECTION = 2
ROUTE_QUESTION = "Dược thư ghi liều khác nhau theo đường dùng. Bạn muốn hỏi đường dùng nào?"
ROUTE_INDICATION_QUESTION = (
    "Dược thư ghi liều khác nhau theo đường dùng và chỉ định. Bạn hỏi liều dùng đường nào, "
    "cho trường hợp nào?"
)
INDICATION_QUESTION = (
    "Dược thư ghi liều khác nhau theo chỉ định. Bạn hỏi liều dùng cho trường hợp nào?"
)


class ExtractiveAnswerer:
    """`AnswerGenerator` that quotes evidence; needs the catalog to spot drug names in text."""

    def __init__(self, catalog: DrugCatalog) -> None:
        self.catalog = catalog
        self._mentions = DrugMentions(catalog)

    def generate(self, request: AnswerRequest) -> Answer | AnswerClarify:
        if request.mode is AnswerMode.INTERACTION:
            return self._interaction(request)
        if request.mode is AnswerMode.LIST:
            return list_answer(request)
        frame = request.frame
        if frame.turn_type is TurnType.DOSING_CALC and not frame.section_overview:
            return self._dose(request)
        if frame.attribute == SectionKey.LIEU_LUONG_CACH_DUNG.value and _has_patient(frame):
            # "Liều dùng" picked from a menu, for a patient already described: their rows.
            return self._dose(request)
        if frame.turn_type is TurnType.DRUG_OVERVIEW or (
            frame.attribute is None and frame.turn_type is not TurnType.DOSING_CALC
        ):
            return self._overview(request)
        return self._attribute(request)

    def _drug(self, request: AnswerRequest) -> tuple[str | None, str]:
        drug_id = request.frame.drugs[0] if request.frame.drugs else None
        if drug_id is None and request.evidence:
            drug_id = request.evidence[0].drug_id
        name = self.catalog.name_of(drug_id) if drug_id else ""
        if drug_id and name == drug_id:
            name = next((ev.drug_name for ev in request.evidence if ev.drug_id == drug_id), name)
        return drug_id, name

    def _attribute(self, request: AnswerRequest) -> Answer:
        drug_id, name = self._drug(request)
        section = request.frame.attribute
        if request.frame.turn_type is TurnType.DOSING_CALC:
            section = SectionKey.LIEU_LUONG_CACH_DUNG.value
        # "… uống chung thuốc chống viêm không steroid được không": the partner's lines in
        # Chống chỉ định and Tương tác thuốc, before the patient-condition check.
        if section == SectionKey.TUONG_TAC_THUOC.value and (
            partner := self._partner(request, drug_id, name)
        ):
            return partner
        if is_can_use(request.frame) and (
            answer := can_use_answer(request.evidence, drug_id, name, request.frame)
        ):
            return answer
        parts = section_parts(request.evidence, drug_id, section) or section_parts(
            request.evidence, drug_id, None
        )
        if section == SectionKey.QUA_LIEU_XU_TRI.value:
            claims = overdose_claims(parts, request.frame.inr)
        else:
            claims = sentence_claims(parts)[:MAX_SECTION_CLAIMS]
        title = section_title(section) if section else "Thông tin"
        return Answer(
            lead=f"{title} của {name} theo Dược thư:",
            claims=tuple(claims),
            notices=quarantine_notices(ev for _, ev in parts),
        )

    def _overview(self, request: AnswerRequest) -> Answer:
        drug_id, name = self._drug(request)
        claims: list[Claim] = []
        used: list[Evidence] = []
        for key in OVERVIEW_SECTIONS:
            parts = section_parts(request.evidence, drug_id, key.value)
            used.extend(ev for _, ev in parts)
            prefix = f"{section_title(key.value)}: "
            claims.extend(sentence_claims(parts, prefix=prefix)[:OVERVIEW_LINES_PER_SECTION])
        return Answer(
            lead=f"Tóm tắt về {name} theo Dược thư:",
            claims=tuple(claims),
            notices=quarantine_notices(used),
        )

    def _dose(self, request: AnswerRequest) -> Answer | AnswerClarify:
        frame = request.frame
        drug_id, name = self._drug(request)
        parts = section_parts(request.evidence, drug_id, SectionKey.LIEU_LUONG_CACH_DUNG.value)
        notices = quarantine_notices(ev for _, ev in parts)
        # The condition as read, and the question's words: the reading may keep only a word
        # of the indication ("viêm" of "dự phòng viêm nội tâm mạc").
        # The formulary's word for it too: "long đờm" is read as "tiêu chất nhầy".
        asked = AskedWords.of(frame)
        barred = dose_limits(request.evidence, drug_id, frame, asked) or grave_liver_bars(
            request.evidence, drug_id, frame, asked
        )
        if barred:
            # A contraindicated age or condition is the answer: no route or dose to choose.
            keys = dict.fromkeys(request.evidence[c.citations[0]].section_key for c in barred)
            titles = " và ".join(f"mục {section_title(k)}" for k in keys)
            return Answer(
                lead=f"{name}: Dược thư ghi ở {titles}:",
                claims=tuple(barred),
                notices=notices,
            )
        blocks = parse_blocks(parts)
        chosen = select(blocks, frame, asked)
        if chosen.ask_routes:
            # Route and indication asked together when both are open: a parent who has given
            # population, age and weight would otherwise meet the clarify breaker.
            both = _route_and_indication(blocks, frame, asked, chosen.ask_routes)
            return AnswerClarify(
                reason=Reason.AMBIGUOUS_ROUTE,
                question=ROUTE_INDICATION_QUESTION if both else ROUTE_QUESTION,
                slot=ClarifySlot.ROUTE,
                quick_replies=both or route_labels(chosen.ask_routes),
            )
        if chosen.ask_indications:
            return AnswerClarify(
                reason=Reason.NEEDS_MORE_INFO,
                question=INDICATION_QUESTION,
                slot=ClarifySlot.CONDITION,
                quick_replies=chosen.ask_indications,
            )
        if not chosen.rows:
            limits = age_limits(request.evidence, drug_id, frame)
            if limits:
                return Answer(
                    lead=f"{name}: Dược thư ghi ở mục Chống chỉ định:",
                    claims=tuple(limits),
                    notices=notices,
                )
            if not chosen.has_rows:
                return Answer(lead=self._dose_lead(name, frame), claims=(), notices=notices)
            # The book doses others, not this patient: say so, never fall back to the section.
            bands = ", ".join(_covered(blocks, frame) or chosen.others)
            lead = f"Dược thư không ghi liều {name} cho {describe_patient(frame)}"
            lead += f" (mục Liều lượng và cách dùng chỉ ghi liều cho: {bands})." if bands else "."
            return Answer(lead=lead, notices=notices, looked_in=tuple(i for i, _ in parts[:1]))
        claims, worked = rows_with_amounts(chosen.rows, chosen.caveats, blocks, frame, asked)
        claims += [Claim(text=b.text, citations=(b.evidence_index,)) for b in chosen.caveats]
        claims += conditional_limits(request.evidence, drug_id, frame)
        if chosen.others:
            notices = (*notices, "Dược thư còn ghi liều cho: " + others_list(chosen.others) + ".")
        return Answer(
            lead=self._dose_lead(name, frame, chosen.rows, worked=worked),
            claims=tuple(claims),
            notices=notices,
        )

    @staticmethod
    def _dose_lead(
        name: str, frame: QueryFrame, rows: Sequence[Block] = (), *, worked: bool = False
    ) -> str:
        said = frame.population or (Population.ADULT if frame.book_adults else None)
        who = {"child": " cho trẻ em", "adult": " cho người lớn"}.get(said or "", "")
        routes = (frame.route and [frame.route]) or list(
            dict.fromkeys(
                r for b in rows if not (b.renal or b.who is Who.ELDERLY) for r in b.routes[:1]
            )
        )
        route = f", {route_labels(routes)[0].lower()}" if len(routes) == 1 else ""
        heads = list(
            dict.fromkeys(b.indication for b in rows if b.indication and b.who is not Who.ELDERLY)
        )
        about = (
            f" ({short_label(heads[0])})" if len(heads) == 1 and not _opens(rows, heads[0]) else ""
        )
        # The reminder matters where the book gives mg/kg and no amount was worked out.
        per_kg = not worked and (
            not rows or any("/kg" in b.folded or "/ kg" in b.text for b in rows)
        )
        note = QUOTE_ONLY_NOTE if per_kg else ""
        return f"Liều dùng {name}{who}{route}{about} theo Dược thư{note}:"

    def _interaction(self, request: AnswerRequest) -> Answer:
        drugs = list(request.frame.drugs) or list(
            dict.fromkeys(ev.drug_id for ev in request.evidence)
        )
        terms = {d: self._class_terms(d) for d in drugs}

        def by_name(sentence: str, drug_id: str) -> bool:
            return any(self._mentions.mentions(sentence, o) for o in drugs if o != drug_id)

        def by_class(sentence: str, drug_id: str) -> bool:
            return any(
                contains_phrase(sentence, t) for o in drugs if o != drug_id for t in terms[o]
            )

        claims = naming_claims(request.evidence, drugs, by_name, by_class)
        names = " và ".join(self.catalog.name_of(d) for d in drugs)
        lead = f"Tương tác giữa {names} theo {_sections_said(claims, request.evidence)}:"
        notices = (
            quarantine_notices(ev for ev in request.evidence if ev.drug_id in drugs)
            if claims
            else ()
        )
        room = MAX_ANSWER_CHARS - len(lead) - sum(len(n) + 1 for n in notices)
        kept = compact(claims, room, request.evidence)
        if len(kept) < len(claims):
            lead = f"Tương tác giữa {names} theo {_sections_said(kept, request.evidence)}:"
        return Answer(lead=lead, claims=tuple(kept), notices=notices)

    def _class_terms(self, drug_id: str) -> tuple[str, ...]:
        entry = self.catalog.get(drug_id)
        return class_terms(classes_of(entry.atc)) if entry else ()

    def _partner(self, request: AnswerRequest, drug_id: str | None, name: str) -> Answer | None:
        """A one-drug interaction question naming its partner by class or by a word the
        formulary has no monograph for: the lines that name it, if any do."""
        entry = self.catalog.get(drug_id) if drug_id else None
        own = entry.names() if entry else (name,)
        partner = partner_of(request.frame, own)
        if not drug_id or partner is None:
            return None
        claims = partner_claims(request.evidence, drug_id, partner)
        if not claims:
            return None
        return Answer(
            lead=f"{name} và “{partner.label}” theo "
            f"{_sections_said(claims, request.evidence, each=False)} của {name}:",
            claims=tuple(claims),
            notices=quarantine_notices(ev for ev in request.evidence if ev.drug_id == drug_id),
        )


def _sections_said(
    claims: Sequence[Claim], evidence: Sequence[Evidence], *, each: bool = True
) -> str:
    keys = sections_quoted(claims, evidence) or [SectionKey.TUONG_TAC_THUOC.value]
    said = " và ".join(f"mục {section_title(k)}" for k in keys)
    return said + (" của từng thuốc" if each and len(keys) == 1 else "")


def _has_patient(frame: QueryFrame) -> bool:
    """The frame describes whom the dose is for (population, age, weight or kidneys)."""
    p = frame.patient
    renal = p is not None and (bool(p.renal_impairment) or p.egfr is not None)
    return renal or frame.age_months is not None or frame.weight_kg is not None


def _opens(rows: Sequence[Block], head: str) -> bool:
    """Every row already opens with its indication head (no need to repeat it in the lead)."""
    return all(head in b.text[: len(head) + 20] for b in rows if b.indication == head)


def _route_and_indication(
    blocks: Sequence[Block], frame: QueryFrame, asked: AskedWords, routes: Sequence[Route]
) -> tuple[str, ...]:
    """ "Route – indication" choices when some route has several indications, else ()."""
    options: list[str] = []
    split = False
    for route in routes:
        label = route_labels([route])[0]
        by_route = select(blocks, frame.model_copy(update={"route": route}), asked)
        if by_route.ask_indications:
            split = True
            options += [f"{label} – {ind}" for ind in by_route.ask_indications]
        else:
            options.append(label)
    return tuple(options[:MAX_QUICK_REPLIES]) if split else ()


def _covered(blocks: Sequence[Block], frame: QueryFrame) -> list[str]:
    """The age and weight bands the book doses for this population ("2–4 tuổi", "≥ 40 kg")."""
    who = Who.CHILD if frame.is_child else Who.ADULT
    named = [
        _band_label(b)
        for b in blocks
        if b.kind in (BlockKind.ROW, BlockKind.TABLE_ROW)
        and (b.bands.age or b.bands.weight)
        and b.who in (who, Who.ANY, None)
    ]
    return [n for n in dict.fromkeys(named) if n][:8]


def _band_label(block: Block) -> str:
    """The row's own words for its band ("Trẻ em 1 - 5 tuổi"), else a described band."""
    label, colon, _ = block.text.partition(":")
    if colon and len(label) <= 40 and any(ch.isdigit() for ch in label):
        return label.strip()
    return describe(block.bands)


def describe_patient(frame: QueryFrame) -> str:
    """The patient in words, as a refusal names them ("trẻ 2 tháng tuổi, nặng 5 kg")."""
    if not frame.is_child:
        return "người lớn" if frame.population is not None else "trường hợp này"
    parts = [
        "trẻ" + (f" {describe_age(frame.age_months)}" if frame.age_months is not None else " em")
    ]
    if frame.weight_kg is not None:
        parts.append(f"nặng {format_number(frame.weight_kg)} kg")
    return ", ".join(parts)


__all__ = [
    "INDICATION_QUESTION",
    "ROUTE_INDICATION_QUESTION",
    "ROUTE_QUESTION",
    "ExtractiveAnswerer",
]
