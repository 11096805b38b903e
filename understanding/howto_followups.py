"""How-to follow-ups: a how-to question in the middle of a conversation keeps the drug it
points back at ("thuốc đó", "viên hồi nãy", or nothing at all) and reads what the turns
before told of the situation."""

from __future__ import annotations

from typing import Any

from core.frame import HOW_TO_SECTIONS, HowTo, QueryFrame, TurnType
from understanding.reading import Reading

# A short ask that only goes on with the previous how-to answer ("có ảnh hưởng gì ko", "có
# được không", "thì sao").
_GOES_ON = (
    "co anh huong", "anh huong gi", "co sao", "co sao khong", "duoc khong", "duoc ko", "dc ko",
    "dc khong", "thi sao", "sao a", "co van de",
)  # fmt: skip
_SHORT_ASK = 8
"""At most this many words: a longer turn asks a question of its own."""


def same_how_to(r: Reading, frame: QueryFrame, prior: QueryFrame) -> QueryFrame | None:
    """After a how-to answer, a short ask with no drug, topic or section of its own ("nhà ẩm
    quá, để trong tủ bếp", then "có ảnh hưởng gì ko") goes on with that drug and topic,
    reading both turns' words. None otherwise."""
    if prior.how_to_take is None or not prior.drugs or frame.how_to_take is not None:
        return None
    if frame.drugs or frame.unknown_drugs or r.which_drug >= 0 or r.new_case or r.non_medical:
        return None
    if r.attribute is not None or r.dosing or len(r.turn.tokens) > _SHORT_ASK:
        return None
    if not r.turn.has(*_GOES_ON):
        return None
    return frame.model_copy(
        update={
            "drugs": prior.drugs,
            "how_to_take": prior.how_to_take,
            "turn_type": prior.turn_type,
            "attribute": prior.attribute,
            "howto_words": list(dict.fromkeys([*prior.howto_words, *frame.howto_words])),
            "howto_pairs": list(dict.fromkeys([*prior.howto_pairs, *frame.howto_pairs])),
        }
    )


def with_what_was_told(frame: QueryFrame, prior: QueryFrame) -> QueryFrame:
    """A how-to question about the drug of the turn before reads that turn's words too: it
    told the situation ("tuần sau đi chụp CT có tiêm thuốc cản quang", then "có phải ngưng
    thuốc không"); after a made-up or diluted injection, "để được bao lâu" asks how long it
    keeps."""
    if frame.how_to_take is None or not frame.drugs or frame.drugs[0] not in prior.drugs:
        return frame
    update: dict[str, Any] = {}
    if prior.attribute is None and prior.how_to_take is None:
        update |= {
            "howto_words": list(dict.fromkeys([*frame.howto_words, *prior.howto_words])),
            "howto_pairs": list(dict.fromkeys([*frame.howto_pairs, *prior.howto_pairs])),
        }
    else:
        # The form said before ("dạng siro", "lọ bột tiêm") still names what is asked about.
        forms = [w for w in prior.howto_words if w in _FORM_WORDS and w not in frame.howto_words]
        if forms:
            update["howto_words"] = [*frame.howto_words, *forms]
        # ... and so does a two-word form ("ống khí dung", then "mấy ống còn lại để được bao
        # lâu": the nebules' sentence, not the spray's)
        pairs = [p for p in prior.howto_pairs if p in _FORM_PAIRS and p not in frame.howto_pairs]
        if pairs:
            update["howto_pairs"] = [*frame.howto_pairs, *pairs]
    made_up = prior.how_to_take in (HowTo.DILUTE, HowTo.MADE_UP)
    keeps = any(f" {k} " in f" {frame.condition_words} " for k in _KEEPS)
    if made_up and frame.how_to_take is HowTo.DURATION and keeps:
        section = HOW_TO_SECTIONS[HowTo.MADE_UP][0]
        update |= {
            "how_to_take": HowTo.MADE_UP,
            "attribute": section,
            "turn_type": TurnType.DRUG_ATTRIBUTE,
        }
    return frame.model_copy(update=update) if update else frame


_FORM_WORDS = frozenset(("tiêm", "tiem", "truyền", "truyen", "siro", "hỗn"))
_FORM_PAIRS = frozenset(
    ("khí dung", "khi dung", "bình xịt", "binh xit", "viên sủi", "vien sui", "viên đạn",
     "vien dan", "hỗn dịch", "hon dich", "thuốc bột", "thuoc bot", "nhỏ mắt", "nho mat")
)  # fmt: skip
_KEEPS = ("de duoc", "giu duoc", "de bao lau", "de dc", "giu dc")


def complaint_of_the_drug(r: Reading, turn_type: TurnType, prior: QueryFrame | None) -> bool:
    """A how-to question that tells a complaint, with no drug named, after a drug question
    ("uống xong buồn ngủ quá, đổi giờ uống được ko"): about taking that drug, not a medicine
    for the complaint."""
    if turn_type is not TurnType.CONDITION_TO_DRUG or r.how_to_take is None:
        return False
    if prior is None or not prior.drugs or r.drugs or r.unknown:
        return False
    return r.which_drug < 0 and not r.new_case and not r.non_medical


def own_medicine_asked(r: Reading, frame: QueryFrame, prior: QueryFrame) -> QueryFrame | None:
    """A how-to question with no drug named, after the patient's one medicine was told
    ("đang dùng levothyroxin 50", then "có uống thêm canxi"): it asks about that medicine."""
    if frame.drugs or frame.unknown_drugs or prior.drugs or frame.how_to_take is None:
        return None
    if r.which_drug >= 0 or r.new_case or r.non_medical:
        return None
    own = prior.patient.current_medicines if prior.patient else []
    if len(own) != 1:
        return None
    return frame.model_copy(update={"drugs": list(own)})


__all__ = ["complaint_of_the_drug", "own_medicine_asked", "same_how_to", "with_what_was_told"]
