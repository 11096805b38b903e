"""Another named medicine taken with the patient's own (issue 22, how-to topics): "Ba em đang
uống Plavix", then "uống kèm omeprazol được không". The question is how to take the
patient's medicine with the other one:
the one sentence of its Tương tác thuốc that names the other answers it (`HowTo.TOGETHER`,
the other medicine's name marked among the question's words, `grounding.howto_asked`)."""

from __future__ import annotations

import re
from collections.abc import Callable

from core.frame import HowTo, QueryFrame, TurnType
from core.sections import SectionKey
from core.text import fold
from understanding.howto_words import AMOUNT_CUES
from understanding.reading import Reading

# Taken with, added to, or adjusted for the other medicine.
_TOGETHER_ASKS = (
    "uong kem", "dung kem", "uong chung", "dung chung", "uong cung", "dung cung", "cung luc",
    "song song", "uong them", "dung them", "ke them", "cho them", "phoi hop", "chinh gi",
    "dieu chinh", "chinh lieu", "co phai chinh", "cach nhau", "cach ra", "xu tri sao",
)  # fmt: skip
# A dose asked of the other medicine is a dose question ("kê thêm X liều bao nhiêu").
_DOSE_ASKS = tuple(c for c in AMOUNT_CUES if c not in ("bao nhieu ngay",))


# The patient's medicine said as taken day by day in the turn before ("đang uống warfarin",
# "uống aspirin 81 mỗi ngày").
_TAKEN = re.compile(
    r"(?<![a-z])(?:dang (?:uong|dung|xai|su dung|tiem)|moi ngay|hang ngay|hay uong|van uong)"
    r"(?![a-z])"
)


# A worry about the patient's own medicine told in this turn ("mà tôi đang uống simvastatin,
# có sao không") after another was prescribed: whether the two go together.
_WORRY_ASKS = (
    "co sao khong", "co sao ko", "co sao k", "co sao hong", "co sao hok", "co sao ha",
    "co van de gi", "co anh huong", "anh huong gi", "co ky nhau", "ky nhau", "co tuong tac",
    "co duoc khong", "co duoc ko", "uong duoc khong", "uong duoc ko", "uong dc ko",
)  # fmt: skip


def _own_told(r: Reading) -> bool:
    """This turn tells the medicine the patient takes and asks a worry about it, and names
    no complaint ("đang uống enalapril mà ho khan, có sao không" asks about that one)."""
    told = bool(_TAKEN.search(r.turn.folded)) and r.turn.has(*_WORRY_ASKS)
    return told and not r.conditions


def _takes(prior: QueryFrame) -> bool:
    """The conversation's one medicine is one the patient takes."""
    if len(prior.drugs) != 1:
        return False
    own = prior.patient.current_medicines if prior.patient else []
    return prior.drugs[0] in own or bool(_TAKEN.search(fold(prior.standalone_query)))


def with_the_patients_medicine(
    r: Reading, frame: QueryFrame, prior: QueryFrame | None, name_of: Callable[[str], str]
) -> QueryFrame | None:
    """The how-to frame of a question about another named medicine taken with the patient's
    own, or None. The patient's medicine is the conversation's one medicine, said as taken;
    the other is the one medicine this turn names. Said the other way round, the turn tells
    the patient's own medicine after another was prescribed ("bác sĩ cho clarithromycin",
    then "mà tôi đang uống simvastatin, có sao không"): an interaction question of the two.
    (Both named in one turn, "đang uống warfarin có dùng ibuprofen được không",
    is an interaction question.)"""
    if r.non_medical or r.new_case or r.unknown or r.turn.has(*_DOSE_ASKS):
        return None
    if prior is None or len(prior.drugs) != 1 or len(r.drugs) != 1 or r.drugs[0] in prior.drugs:
        return None
    together = r.turn.has(*_TOGETHER_ASKS) or r.how_to_take is HowTo.TOGETHER
    if not (_takes(prior) and together):
        if not _own_told(r):
            return None
        # both monographs' interactions, and "not found" said as such when neither names
        # the other (no other interaction sentence stands in for it)
        return frame.model_copy(
            update={
                "drugs": [*prior.drugs, *r.drugs],
                "turn_type": TurnType.INTERACTION,
                "attribute": SectionKey.TUONG_TAC_THUOC.value,
                "how_to_take": None,
                "how_to_also": None,
            }
        )
    own, others = list(prior.drugs), r.drugs
    return frame.model_copy(
        update={
            "drugs": own,
            "turn_type": TurnType.DRUG_ATTRIBUTE,
            "attribute": SectionKey.TUONG_TAC_THUOC.value,
            "how_to_take": HowTo.TOGETHER,
            "how_to_also": None,
            # the other medicine's name, marked for the one-sentence answer
            "howto_words": [*frame.howto_words, f"={name_of(others[0]).lower()}"],
        }
    )


__all__ = ["with_the_patients_medicine"]
