"""The Bedrock understander (`UNDERSTANDING_PROVIDER=bedrock`): the frame as forced tool use.

The drug ids the model may return are bounded before the call by a catalog-bounded
candidate set (the catalog's name index, rapidfuzz over its names for typos, plus the
prior frame's drugs), and
everything it returns is re-validated here: ids outside the set, enum values we do not
know, and ages or weights that are not numbers the user typed are dropped, never trusted.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping
from typing import Any

from pydantic import ValidationError
from rapidfuzz import fuzz

from core.bedrock import ConverseClient, ToolSpec
from core.catalog import DrugCatalog
from core.drug_classes import CLASSES, classes_of
from core.errors import UnderstandingFailed
from core.frame import (
    TURN_TYPE_ALIASES,
    Ask,
    ClarifySlot,
    ConditionQuery,
    HowTo,
    PatientContext,
    Population,
    QueryFrame,
    Relation,
    Route,
    TurnType,
)
from core.name_index import Rank
from core.names import content_words, text_tokens
from core.ports import UnderstandingContext
from core.prompting import load_prompt
from core.quantities import extract_quantities
from core.sections import SectionKey
from core.text import fold, nfc
from understanding.another_patient import tells_another_patient
from understanding.answers import is_non_answer
from understanding.asked import read_asked
from understanding.drugs import DrugMatcher
from understanding.reading import read_turn
from understanding.text import Turn

log = logging.getLogger(__name__)

FUZZY_THRESHOLD = 85.0
MAX_CANDIDATES = 12
MAX_TEXT_CHARS = 2000
HISTORY_LINES = 6


def candidate_drugs(
    text: str, catalog: DrugCatalog, *, also: Iterable[str] = (), limit: int = MAX_CANDIDATES
) -> list[str]:
    """Catalog ids the text names (the name index), then ids whose names are close to a
    1–3 word span of it (typos), best first."""
    names = catalog.names
    words, _ = text_tokens(text)
    scored: dict[str, float] = dict.fromkeys(names.find(text), 100.0)
    spans = {
        " ".join(content_words(words[i : i + n]))
        for n in (1, 2, 3)
        for i in range(len(words) - n + 1)
    }
    spans = {s for s in spans if len(s) >= 4}
    for form in names.forms():
        target = " ".join(form.key)
        # Brands are taken exactly only, as by the rules understander.
        if form.rank is Rank.BRAND or len(target) < 4:
            continue
        best = max((fuzz.ratio(target, s) for s in spans), default=0.0)
        if best >= FUZZY_THRESHOLD:
            scored[form.drug_id] = max(best, scored.get(form.drug_id, 0.0))
    ranked = sorted(scored, key=lambda d: (-scored[d], d))
    kept = [d for d in also if d in catalog]
    return list(dict.fromkeys([*kept, *ranked]))[: max(limit, len(kept))]


def frame_tool(candidates: list[str]) -> ToolSpec:
    """The QueryFrame as a tool input schema, with `drugs` bounded to the candidate ids."""
    turn_types = [t.value for t in TurnType] + list(TURN_TYPE_ALIASES)
    drug_items: dict[str, Any] = {"type": "string", "enum": candidates} if candidates else {}
    schema: dict[str, Any] = {
        "type": "object",
        "properties": {
            "turn_type": {"type": "string", "enum": turn_types},
            "drugs": {"type": "array", "items": drug_items, "maxItems": 0 if not candidates else 4},
            "unknown_drugs": {"type": "array", "items": {"type": "string"}},
            "attribute": {"type": "string", "enum": [k.value for k in SectionKey]},
            "population": {"type": "string", "enum": [p.value for p in Population]},
            "age_text": {"type": "string"},
            "age_months": {"type": "number"},
            "weight_kg": {"type": "number"},
            "route": {"type": "string", "enum": [r.value for r in Route]},
            "condition": {
                "type": "object",
                "properties": {
                    "text": {"type": "string"},
                    "ambiguous": {"type": "boolean"},
                    "options": {"type": "array", "items": {"type": "string"}},
                },
                "required": ["text"],
            },
            "condition_relation": {"type": "string", "enum": [r.value for r in Relation]},
            "patient": {"type": "object", "properties": _patient_schema()},
            "needs_clarify": {"type": "boolean"},
            "clarify_reason": {"type": "string"},
            "section_overview": {"type": "boolean"},
            "standalone_query": {"type": "string"},
            "non_human": {"type": "boolean"},
            "new_case": {"type": "boolean"},
            "fills_slot": {"type": "string", "enum": [s.value for s in ClarifySlot]},
            "how_to_take": {"type": "string", "enum": [h.value for h in HowTo]},
            "asks": {"type": "string", "enum": [a.value for a in Ask]},
            "usual_dose": {"type": "boolean"},
            "max_dose": {"type": "boolean"},
            "inr": {"type": "number"},
            "bleeding": {"type": "boolean"},
            "elderly": {"type": "boolean"},
            "injection": {"type": "boolean"},
            "partner": {"type": "string"},
            "partner_classes": {
                "type": "array",
                "items": {"type": "string", "enum": [c.key for c in CLASSES]},
                "maxItems": 4,
            },
            "book_terms": {"type": "array", "items": {"type": "string"}, "maxItems": 6},
        },
        "required": ["turn_type", "drugs"],
    }
    return ToolSpec(name="submit_frame", description="Describe the user's turn.", schema=schema)


def _patient_schema() -> dict[str, Any]:
    lists = ("allergies", "comorbidities", "current_medicines")
    props: dict[str, Any] = {k: {"type": "array", "items": {"type": "string"}} for k in lists}
    for flag in ("pregnant", "breastfeeding", "renal_impairment", "hepatic_impairment"):
        props[flag] = {"type": "boolean"}
    for number in ("pregnancy_trimester", "pregnancy_weeks", "egfr", "age_years"):
        props[number] = {"type": "number"}
    return props


def _numbers(text: str) -> set[float]:
    return {float(q.value) for q in extract_quantities(text)}


_AGE_SCALES = (1.0, 12.0, 1 / 4.345, 1 / 30.44)


def _typed(value: object, numbers: set[float], *, scales: tuple[float, ...] = (1.0,)) -> bool:
    """A model-returned number counts only if the user typed it (possibly in another unit)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    return any(abs(float(value) - n * s) < 0.05 for n in numbers for s in scales)


def _enum(kind: type[Any], value: object) -> Any:
    try:
        return kind(value) if isinstance(value, str) else None
    except ValueError:
        return None


def _strings(value: object, *, limit: int = 5, chars: int = 80) -> list[str]:
    if not isinstance(value, list):
        return []
    return [nfc(v.strip())[:chars] for v in value if isinstance(v, str) and v.strip()][:limit]


class BedrockUnderstander:
    """`Understander` over Bedrock Converse; raises `UnderstandingFailed`, never guesses."""

    def __init__(self, client: ConverseClient, catalog: DrugCatalog) -> None:
        self.client = client
        self.catalog = catalog
        self._matcher = DrugMatcher(catalog)

    def understand(self, text: str, context: UnderstandingContext) -> QueryFrame:
        text = nfc(text)[:MAX_TEXT_CHARS]
        if context.open_slot is not None:
            # A bare hesitation ("không rõ", "sao cơ?") needs no model call: the engine
            # re-asks the open question, as it does with the rules understander.
            reading = read_turn(Turn.of(text), self._matcher)
            if is_non_answer(reading):
                return QueryFrame(
                    turn_type=TurnType.OUT_OF_SCOPE, non_answer=True, standalone_query=text
                )
        history = context.history[-HISTORY_LINES:]
        prior = context.prior_frame.drugs if context.prior_frame else []
        candidates = candidate_drugs(" ".join([*history, text]), self.catalog, also=prior)
        data = self.client.call_tool(
            system=load_prompt("understanding").text,
            user=self._user_message(text, context, history, candidates),
            tool=frame_tool(candidates),
            budget=context.budget,
            purpose="understanding",
            failure=UnderstandingFailed,
        )
        frame = self.validate(data, text=text, context=context, candidates=candidates)
        if tells_another_patient(Turn.of(text), frame, context.prior_frame):
            # Code, not the model, decides that the first patient's conditions stay theirs.
            frame = frame.model_copy(update={"another_patient": True})
        return frame

    def _user_message(
        self, text: str, context: UnderstandingContext, history: tuple[str, ...], cands: list[str]
    ) -> str:
        listed = "\n".join(
            f"- {d}: {', '.join(e.names())}" for d in cands if (e := self.catalog.get(d))
        )
        parts = [f"Tin nhắn: {text}", f"Danh sách thuốc ứng viên (id: tên):\n{listed or '(trống)'}"]
        if context.open_slot:
            parts.append(f"Câu hỏi làm rõ đang mở: {context.open_slot.value}")
        if context.prior_frame:
            prior = context.prior_frame.contract_view()
            parts.append(f"Khung câu hỏi trước: {prior}")
        if history:
            parts.append("Các dòng gần đây:\n" + "\n".join(history))
        return "\n\n".join(parts)

    def validate(
        self,
        data: Mapping[str, Any],
        *,
        text: str,
        context: UnderstandingContext,
        candidates: list[str],
    ) -> QueryFrame:
        """Build a frame from untrusted model output, dropping whatever does not check out."""
        turn_type = data.get("turn_type")
        if not isinstance(turn_type, str) or (
            turn_type not in TURN_TYPE_ALIASES and _enum(TurnType, turn_type) is None
        ):
            raise UnderstandingFailed(f"understanding: unknown turn_type {turn_type!r}")
        typed = _numbers(" ".join([text, *context.history[-HISTORY_LINES:]]))
        allowed = set(candidates)
        raw_drugs = data.get("drugs") if isinstance(data.get("drugs"), list) else []
        drugs = [d for d in raw_drugs or [] if isinstance(d, str) and d in allowed]
        dropped = [d for d in raw_drugs or [] if d not in drugs]
        known = {fold(n) for e in self.catalog for n in e.names()}
        unknown = [u for u in _strings(data.get("unknown_drugs")) if fold(u) not in known]
        fields: dict[str, Any] = {
            "turn_type": turn_type,
            "drugs": drugs,
            "unknown_drugs": unknown,
            "attribute": _enum(SectionKey, data.get("attribute")),
            "population": _enum(Population, data.get("population")),
            "route": _enum(Route, data.get("route")),
            "condition_relation": _enum(Relation, data.get("condition_relation")),
            "needs_clarify": data.get("needs_clarify") is True,
            "section_overview": data.get("section_overview") is True,
            "non_human": data.get("non_human") is True,
            "new_case": data.get("new_case") is True,
            "how_to_take": _enum(HowTo, data.get("how_to_take")),
        }
        # Typed in years, months, weeks or days ("bé 6 tuần" is 1,4 months).
        if _typed(data.get("age_months"), typed, scales=_AGE_SCALES):
            fields["age_months"] = data["age_months"]
        if _typed(data.get("weight_kg"), typed):
            fields["weight_kg"] = data["weight_kg"]
        age_text = data.get("age_text")
        if isinstance(age_text, str) and age_text.strip() and fold(age_text) in fold(text):
            fields["age_text"] = nfc(age_text.strip())[:40]
        for key, limit in (("clarify_reason", 60), ("standalone_query", 500)):
            if isinstance(data.get(key), str):
                fields[key] = nfc(data[key].strip())[:limit]
        fields["condition"] = self._condition(data.get("condition"))
        fields["patient"] = self._patient(data.get("patient"), typed)
        fields |= self._asked(data, fields.get("standalone_query") or text, typed, drugs)
        slot = _enum(ClarifySlot, data.get("fills_slot"))
        if slot is not None and slot is context.open_slot:
            fields["fills_slot"] = slot
        if dropped:
            log.info("understanding: dropped drug ids outside the candidate set: %s", dropped)
            if not drugs:
                fields["needs_clarify"] = True
                fields["clarify_reason"] = fields.get("clarify_reason") or "unverified_drug"
        try:
            return QueryFrame.model_validate(fields)
        except ValidationError as exc:
            raise UnderstandingFailed("understanding: frame failed validation") from exc

    def _asked(
        self, data: Mapping[str, Any], said: str, typed: set[float], drugs: list[str]
    ) -> dict[str, Any]:
        """What the question asks beyond drug, patient and section: read from the words the
        grounding reads (the rewritten question, else the message) as the rules read them,
        then steered by the model's own values where they check out (an INR the user typed)."""
        turn = Turn.of(said)
        kind = data.get("turn_type")
        turn_type = TURN_TYPE_ALIASES.get(kind) if isinstance(kind, str) else None
        turn_type = turn_type or _enum(TurnType, kind)
        entry = self.catalog.get(drugs[0]) if drugs else None
        asked = read_asked(turn, turn_type, classes_of(entry.atc) if entry else ())
        if (ask := _enum(Ask, data.get("asks"))) is not None:
            asked["asks"] = ask
        for flag in ("usual_dose", "max_dose", "elderly", "injection"):
            if isinstance(data.get(flag), bool):
                asked[flag] = data[flag]
        if isinstance(data.get("bleeding"), bool):
            asked["bleeding"] = data["bleeding"]
        if _typed(data.get("inr"), typed) and 0 <= float(data["inr"]) <= 100:
            asked["inr"] = data["inr"]
        keys = {cls.key for cls in CLASSES}
        classes = data.get("partner_classes")
        if isinstance(classes, list) and all(isinstance(k, str) and k in keys for k in classes):
            asked["partner_classes"] = list(dict.fromkeys(classes))[:4]
        partner = data.get("partner")
        if isinstance(partner, str) and partner.strip() and fold(partner) in fold(said):
            asked["partner"] = fold(partner)[:60]  # only words the user wrote
        terms = _strings(data.get("book_terms"), limit=6, chars=60)
        asked["book_terms"] = list(dict.fromkeys([*asked["book_terms"], *terms]))
        return asked

    @staticmethod
    def _condition(value: object) -> ConditionQuery | None:
        if isinstance(value, str):
            value = {"text": value}
        if not isinstance(value, Mapping) or not isinstance(value.get("text"), str):
            return None
        text = nfc(value["text"].strip())[:120]
        if not text:
            return None
        return ConditionQuery(
            text=text,
            ambiguous=value.get("ambiguous") is True,
            options=tuple(_strings(value.get("options"), limit=6, chars=60)),
        )

    @staticmethod
    def _patient(value: object, typed: set[float]) -> PatientContext | None:
        if not isinstance(value, Mapping):
            return None
        kept: dict[str, Any] = {}
        for flag in ("pregnant", "breastfeeding", "renal_impairment", "hepatic_impairment"):
            if isinstance(value.get(flag), bool):
                kept[flag] = value[flag]
        for name in ("allergies", "comorbidities", "current_medicines"):
            kept[name] = _strings(value.get(name))
        for number in ("pregnancy_trimester", "pregnancy_weeks", "egfr", "age_years"):
            if _typed(value.get(number), typed):
                kept[number] = value[number]
        for name in list(kept):
            try:
                PatientContext.model_validate({name: kept[name]})
            except ValidationError:
                del kept[name]
        patient = PatientContext.model_validate(kept)
        return None if patient.is_empty() else patient


__all__ = ["BedrockUnderstander", "candidate_drugs", "frame_tool"]
