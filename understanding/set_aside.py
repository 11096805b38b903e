"""Medicines a dose question names only to set them aside: the one that did not work or ran
out, when the parent turns to another ("uống hạ sốt kia không hạ, chuyển qua ibuprofen thì
mấy mg", "nhà hết ibuprofen rồi, cho uống paracetamol được bao nhiêu"). The question is about
the other medicine; the one set aside is context, like a medicine the patient is on.

Read only when the turn names another catalog medicine: a turn about one medicine that
"không hạ" still asks about it.
"""

from __future__ import annotations

from collections.abc import Sequence

from understanding.drugs import DrugMention
from understanding.text import Turn

# Said right after the medicine: it was given and did not help.
_FAILED_AFTER = (
    "khong ha", "khong do", "khong giam", "khong bot", "khong an thua", "khong hieu qua",
    "khong tac dung", "chang ha", "chang do", "van khong ha", "van sot", "ko ha", "k ha",
    # not yet, or a seizure it did not stop ("đã 2 liều diazepam chưa cắt cơn")
    "chua ha", "chua do", "chua giam", "chua bot", "chua dap ung", "khong dap ung",
    "chua cat con", "khong cat con", "chua cat duoc", "khong cat duoc", "van con giat",
    "van co giat", "van giat",
)  # fmt: skip
# Said right before it: there is none of it left, the parent stopped it, or it was given
# first and another follows ("sau diazepam, phenytoin liều nạp bao nhiêu").
_GONE_BEFORE = (
    "het", "het thuoc", "khong con", "ngung", "ngung uong", "bo", "sau", "sau khi",
    "sau khi dung", "sau khi tiem", "sau khi uong", "sau khi cho", "sau khi truyen",
)  # fmt: skip
# Said right before the medicine turned to.
_TURNED_TO = (
    "chuyen qua", "chuyen sang", "doi qua", "doi sang", "thay bang", "thay sang", "doi thanh",
)  # fmt: skip
_REACH = 4
# Said right before a medicine held up as the likeness ("Lipitor có cần uống buổi tối như
# simvastatin không", "thuốc này có phải kiêng sữa giống cipro"): the question is about the
# other; "cũng như" joins two asked of.
_LIKE = ("nhu", "giong", "giong nhu", "giong voi", "y nhu")


def _words(turn: Turn, start: int, end: int) -> str:
    return " " + " ".join(turn.tokens[max(0, start) : max(0, end)]) + " "


def set_aside(turn: Turn, mentions: Sequence[DrugMention]) -> list[str]:
    """The medicines the turn sets aside for another it names."""
    drugs = list(dict.fromkeys(m.drug_id for m in mentions))
    if len(drugs) < 2:
        return []
    turned = {
        m.drug_id
        for m in mentions
        if any(_words(turn, m.start - 2, m.start).endswith(f" {c} ") for c in _TURNED_TO)
    }
    out: list[str] = []
    for m in mentions:
        after = _words(turn, m.end, m.end + _REACH)
        before = _words(turn, m.start - 3, m.start)
        failed = any(f" {c} " in after for c in _FAILED_AFTER)
        gone = any(before.endswith(f" {c} ") for c in _GONE_BEFORE)
        gone = gone or (
            any(before.endswith(f" {c} ") for c in _LIKE) and not before.endswith(" cung nhu ")
        )
        if (failed or gone or (turned and m.drug_id not in turned)) and m.drug_id not in out:
            out.append(m.drug_id)
    kept = [d for d in drugs if d not in out]
    return out if kept else []


def still_asked(turn: Turn, mentions: Sequence[DrugMention]) -> list[str]:
    """The medicines the turn names that it does not set aside."""
    aside = set_aside(turn, mentions)
    return [d for d in dict.fromkeys(m.drug_id for m in mentions) if d not in aside]


__all__ = ["set_aside", "still_asked"]
