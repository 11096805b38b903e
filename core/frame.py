"""`QueryFrame`: what understanding makes of one user turn (docs/api.md, "The frame").

The frame is data only. Understanding (rules or a model) fills it; code in
`engine.routing` decides what is required, so a model can never talk the
engine out of asking for a child's age and weight.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Self

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator


class TurnType(StrEnum):
    """The closed set of turn types; `symptom_to_drug` is accepted as an alias."""

    DRUG_ATTRIBUTE = "drug_attribute"
    DRUG_OVERVIEW = "drug_overview"
    INTERACTION = "interaction"
    CONDITION_TO_DRUG = "condition_to_drug"
    CONDITION_RELATION = "condition_relation"
    DOSING_CALC = "dosing_calc"
    SMALLTALK = "smalltalk"
    OUT_OF_SCOPE = "out_of_scope"


TURN_TYPE_ALIASES: dict[str, TurnType] = {"symptom_to_drug": TurnType.CONDITION_TO_DRUG}


class Population(StrEnum):
    ADULT = "adult"
    CHILD = "child"


class Route(StrEnum):
    ORAL = "oral"
    RECTAL = "rectal"
    IV = "iv"
    IM = "im"
    SC = "sc"
    TOPICAL = "topical"
    INHALED = "inhaled"
    OPHTHALMIC = "ophthalmic"
    OTIC = "otic"
    NASAL = "nasal"
    VAGINAL = "vaginal"
    SUBLINGUAL = "sublingual"


class Relation(StrEnum):
    """What a condition→drug question asks about the condition."""

    INDICATION = "indication"
    CONTRAINDICATION = "contraindication"
    ADVERSE_EFFECT = "adverse_effect"
    CAUTION = "caution"
    INTERACTION = "interaction"


class Triage(StrEnum):
    """What safety triage (routing rule 0, `safety.triage`) found in a turn; also its reason."""

    EMERGENCY = "emergency"
    SELF_HARM = "self_harm"
    UNSAFE_USE = "unsafe_use"
    SAFETY_CHECK = "safety_check"
    """The turn may report an ingestion but does not say so clearly: ask whether it was taken."""


class HowTo(StrEnum):
    """A how-to-take or misuse question, answered by the one sentence of the book that
    answers it, whoever the patient is (issue 22)."""

    CRUSH = "crush"
    """Crush, break, chew, split or open it; an extended-release or enteric-coated form."""
    MISSED_DOSE = "missed_dose"
    """A forgotten dose, or a doubled one to make up for it."""
    ALCOHOL = "alcohol"
    FOOD = "food"
    """With or without food, on an empty stomach, with juice or milk."""
    TIME_OF_DAY = "time_of_day"
    STORAGE = "storage"
    """Where or how to keep it (a fridge, outside), beyond "how is it stored"."""
    SHAKE = "shake"
    MADE_UP = "made_up"
    """How long a made-up suspension keeps."""
    DURATION = "duration"
    """How many days to take it, when to stop or see a doctor, whether to taper."""
    GIVING = "giving"
    """How a form is given: into a muscle, under the tongue, rectally, with a spacer."""
    CAUTION = "caution"
    """What to do or avoid while on it: the sun, driving, drinking water, handling it."""
    TOGETHER = "together"
    """Taken with another product (calcium, an antacid, folic acid, oral rehydration): at
    once, or how far apart."""
    SWAP = "swap"
    """One form or strength in place of another ("2 viên 250 thay 1 viên 500", "đổi siro sang
    viên cùng số mg")."""
    RATE = "rate"
    """How fast an injection or infusion goes in ("truyền trong bao lâu", "tốc độ bao nhiêu",
    "bơm nhanh được không")."""
    DILUTE = "dilute"
    """The fluid and concentration an injection is made up in ("pha loãng vào chai dịch
    truyền", "pha với Ringer lactat được không")."""


_DOSE, _INTERACTIONS, _STORAGE = "lieu_luong_cach_dung", "tuong_tac_thuoc", "do_on_dinh_bao_quan"
_CAUTIONS, _CONTRA, _FORMS = "than_trong", "chong_chi_dinh", "dang_thuoc_ham_luong"
HOW_TO_SECTIONS: dict[HowTo, tuple[str, ...]] = {
    HowTo.CRUSH: (_DOSE, _CAUTIONS),
    HowTo.MISSED_DOSE: (_DOSE, _CAUTIONS),
    HowTo.ALCOHOL: (_INTERACTIONS, _CAUTIONS, _DOSE, _CONTRA),
    # Said of food only in the pharmacokinetics, at worst ("thức ăn làm chậm hấp thu").
    HowTo.FOOD: (_DOSE, _INTERACTIONS, _CAUTIONS, "duoc_dong_hoc", "duoc_ly"),
    HowTo.TIME_OF_DAY: (_DOSE, _CAUTIONS),
    HowTo.STORAGE: (_STORAGE,),
    # Shaken before a dose is measured: said with how it is taken, else with how it is kept.
    HowTo.SHAKE: (_DOSE, _STORAGE),
    HowTo.MADE_UP: (_STORAGE, _DOSE),
    # Stopping because of a complaint ("ho khan hoài, tự bỏ thuốc được không"): what to do
    # about the reaction is said last, in the guidance on adverse reactions.
    HowTo.DURATION: (_DOSE, _CAUTIONS, "huong_dan_xu_tri_adr"),
    HowTo.GIVING: (_DOSE, _CAUTIONS, _STORAGE),
    HowTo.CAUTION: (_CAUTIONS, _DOSE, _INTERACTIONS, _STORAGE),
    HowTo.TOGETHER: (_INTERACTIONS, _DOSE, _CAUTIONS),
    HowTo.SWAP: (_DOSE, _CAUTIONS),
    HowTo.RATE: (_DOSE, _CAUTIONS, _STORAGE),
    HowTo.DILUTE: (_DOSE, _STORAGE, _CAUTIONS, _FORMS),
}
"""Where the book says it, in the order a pharmacist looks; the first is the question's
section (`attribute`)."""


class Ask(StrEnum):
    """What a drug question asks of its drug, as the user's words say it."""

    DOSE = "dose"
    CAN_USE = "can_use"
    """Whether this patient may use it ("… dùng được không", "có an toàn không")."""
    ATTRIBUTE = "attribute"
    OVERVIEW = "overview"


class ClarifySlot(StrEnum):
    """What an open clarification waits for; a bare answer fills exactly this."""

    POPULATION = "population"
    AGE_WEIGHT = "age_weight"
    AGE = "age"
    WEIGHT = "weight"
    ROUTE = "route"
    DRUG = "drug"
    ATTRIBUTE = "attribute"
    CONDITION = "condition"
    DETAIL = "detail"


class ConditionQuery(BaseModel):
    """A condition as written, a conservative normal form, and whether it is too broad."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    text: str
    normalized: str = ""
    ambiguous: bool = False
    options: tuple[str, ...] = ()

    @model_validator(mode="after")
    def _default_normalized(self) -> Self:
        if not self.normalized:
            object.__setattr__(self, "normalized", self.text.strip().lower())
        return self


class PatientContext(BaseModel):
    """Facts about the patient in one case; they select evidence, they are not evidence."""

    model_config = ConfigDict(extra="forbid")

    pregnant: bool | None = None
    pregnancy_trimester: int | None = Field(default=None, ge=1, le=3)
    pregnancy_weeks: int | None = Field(default=None, ge=0, le=45)
    breastfeeding: bool | None = None
    renal_impairment: bool | None = None
    egfr: float | None = Field(default=None, ge=0, le=200)
    dialysis: bool | None = None
    """On dialysis (chạy thận nhân tạo, lọc máu, thẩm phân); implies renal impairment.
    Engine-facing: not in the HTTP contract view."""
    hepatic_impairment: bool | None = None
    allergies: list[str] = Field(default_factory=list)
    comorbidities: list[str] = Field(default_factory=list)
    current_medicines: list[str] = Field(default_factory=list)
    age_years: float | None = Field(default=None, ge=0, le=130)

    def is_empty(self) -> bool:
        return self == PatientContext()

    def merged_with(self, newer: PatientContext) -> PatientContext:
        """Newer scalar facts win; list facts accumulate without duplicates."""
        data: dict[str, Any] = self.model_dump()
        for name, value in newer.model_dump().items():
            if isinstance(value, list):
                data[name] = list(dict.fromkeys([*data[name], *value]))
            elif value is not None:
                data[name] = value
        return PatientContext.model_validate(data)

    def needs_safety_review(self) -> bool:
        """True when any fact would change which safety sections matter."""
        return bool(
            self.pregnant
            or self.breastfeeding
            or self.renal_impairment
            or self.hepatic_impairment
            or self.allergies
            or self.comorbidities
            or self.current_medicines
        )


class QueryFrame(BaseModel):
    """One turn, understood. Drug ids are formulary ids only; anything else is unknown."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True)

    turn_type: TurnType = TurnType.OUT_OF_SCOPE
    drugs: list[str] = Field(default_factory=list)
    unknown_drugs: list[str] = Field(default_factory=list)
    attribute: str | None = None
    population: Population | None = None
    age_text: str | None = None
    age_months: float | None = Field(default=None, ge=0, le=1560)
    weight_kg: float | None = Field(default=None, gt=0, le=400)
    body_surface_m2: float | None = Field(default=None, gt=0, le=5)
    """The patient's body surface the user stated, in m² ("diện tích da 0,9 m²"); the book's
    per-m² figures are worked out from it. Carried and dropped with the weight."""
    route: Route | None = None
    condition: ConditionQuery | None = None
    condition_relation: Relation | None = None
    patient: PatientContext | None = None
    needs_clarify: bool = False
    clarify_reason: str | None = None
    section_overview: bool = False
    standalone_query: str = ""
    # Engine-facing flags that are not in the contract's JSON example but are part of the frame:
    non_human: bool = False
    """The scope guard fired (veterinary / non-human): routing rule 1."""
    understanding_failed: bool = False
    """The understanding call itself failed: rule 4 abstains instead of clarifying."""
    fills_slot: ClarifySlot | None = None
    """This turn is a bare answer to the open clarification and fills this slot."""
    new_case: bool = False
    """The user said this is another patient / a new case: drop the patient context."""
    another_patient: bool = False
    """The turn's own patient is not the one told before (another population, or an age far
    from it, not a correction): the case's kidney, liver, allergy and medicine facts stay with
    the first patient. Set by understanding; the conversation and its question go on."""
    triage: Triage | None = None
    """Set by the engine (never by understanding) from this turn's safety triage: rule 0."""
    non_answer: bool = False
    """A question was open and this turn neither answers it nor asks anything new."""
    book_adults: bool = False
    """Set by the engine (never by understanding) from the drug's dose section, each turn: the
    rows that answer (the named indication's, when one is named) dose no child, so the adult
    rows answer with no population question and the population stays as said (None)."""
    how_to_take: HowTo | None = None
    """A how-to-take or misuse question: one sentence of the book answers it, with no
    population question (`grounding.howto`)."""
    how_to_also: HowTo | None = None
    """A second topic the same question asks ("tiêm trong bao lâu, tiêm bắp được không"),
    answered within `how_to_take`'s sections: its sentence follows when the answer stays
    short."""
    # What the question asks beyond its drug, patient and section, read once from the
    # user's words by understanding (`understanding.asked`): grounding reads these, never
    # the raw question. They go with `standalone_query` through every merge (a slot answer
    # completes the prior question, so the prior's stay; a new question brings its own).
    asks: Ask | None = None
    usual_dose: bool = False
    """ "Liều thường dùng": the rows the book calls usual answer."""
    max_dose: bool = False
    """ "Tối đa", "không quá": the rows that print a maximum answer."""
    inr: float | None = Field(default=None, ge=0, le=100)
    """The INR value the question gives ("INR 7,5"): the INR band's rows answer."""
    bleeding: bool | None = None
    """Bleeding said (True) or denied ("không chảy máu", False); None when unsaid."""
    elderly: bool = False
    """ "Người cao tuổi", "người già" said of the patient."""
    injection: bool = False
    """The bare "tiêm"/"truyền" (no route named): the injection regimens answer."""
    weight_unknown: bool = False
    """A child's dose asked by age: the weight is said unknown ("chưa cân", "theo tuổi"), or
    was asked once and the reply did not give it. Not asked again; the age rows answer."""
    accented: bool = False
    """The user typed diacritics: their condition words are meant as written."""
    condition_words: str = ""
    """The question's words, accent-folded and lower-case, that grounding matches against
    the book's indication heads and condition lines (a head said whole, a narrower form of
    the condition, a graver qualifier). The drug's name stays: the book's heads and rows
    name it too ("Liều duy trì thông thường enalapril ở người lớn")."""
    partner: str | None = None
    """The other agent a one-drug question names by words the formulary has no monograph
    for ("uống cùng cisaprid" → "cisaprid"), folded."""
    partner_classes: list[str] = Field(default_factory=list)
    """The drug classes (`core.drug_classes` keys) a question names ("dùng với thuốc ức chế
    MAO"), other than the asked drug's own classes."""
    howto_words: list[str] = Field(default_factory=list)
    """The question's content words (its filler, "… được không", "uống thuốc này", left out),
    as typed with accents, else folded: a how-to-take answer prefers the sentence that says
    them too ("đổi màu", "buồng đệm")."""
    howto_pairs: list[str] = Field(default_factory=list)
    """Two content words in a row ("đổi màu"), as `howto_words`."""
    book_terms: list[str] = Field(default_factory=list)
    """The book's words for a condition the user named in their own ("tiêu chảy" → "ỉa
    chảy", "tiêu chảy"): what a can-I-use answer looks for in the warning sections."""

    @field_validator("turn_type", mode="before")
    @classmethod
    def _accept_aliases(cls, value: object) -> object:
        if isinstance(value, str) and value in TURN_TYPE_ALIASES:
            return TURN_TYPE_ALIASES[value]
        return value

    @field_validator("condition", mode="before")
    @classmethod
    def _accept_plain_condition(cls, value: object) -> object:
        if isinstance(value, str):
            return {"text": value} if value.strip() else None
        return value

    @field_validator("drugs", "unknown_drugs")
    @classmethod
    def _dedupe(cls, value: list[str]) -> list[str]:
        return list(dict.fromkeys(v for v in value if v))

    @property
    def is_child(self) -> bool:
        return self.population is Population.CHILD

    def contract_view(self) -> dict[str, Any]:
        """The frame as the HTTP API shows it (JSON-ready)."""
        view = self.model_dump(mode="json", exclude={"fills_slot", "non_answer", "book_adults"})
        if isinstance(view.get("patient"), dict):
            view["patient"].pop("dialysis", None)  # engine-facing: the contract has no such key
        return view


__all__ = [
    "HOW_TO_SECTIONS",
    "TURN_TYPE_ALIASES",
    "Ask",
    "ClarifySlot",
    "ConditionQuery",
    "HowTo",
    "PatientContext",
    "Population",
    "QueryFrame",
    "Relation",
    "Route",
    "Triage",
    "TurnType",
]
