"""The real-text questions as labelled, and the scripted user who answers the engine's questions.

A line's patient facts are its only source: the scripted user picks the quick reply or
types the facts a user would, at most `MAX_FOLLOW_UPS` times per question.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from core.result import TurnResult
from core.text import fold, fold_words
from runners.evals.harness import TUNING, TurnEngine

MAX_FOLLOW_UPS = 3


@dataclass(frozen=True)
class Question:
    """One labelled line; `expect` items are alternatives (any one of them counts)."""

    id: str
    slice: str
    corpus: str
    kind: str
    answerable: bool
    question: str
    patient: dict[str, Any]
    expect: tuple[tuple[str, ...], ...]
    forbid: tuple[str, ...]
    drug_ids: tuple[str, ...] = ()
    section_keys: tuple[str, ...] = ()
    before: tuple[str, ...] = ()
    """The user's earlier turns of the same conversation, played first and not judged."""


def load_questions(paths: Iterable[Path]) -> list[Question]:
    out: list[Question] = []
    for path in paths:
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            row = json.loads(line)
            expect = tuple(tuple(e) if isinstance(e, list) else (e,) for e in row["expect"])
            out.append(
                Question(
                    id=row["id"],
                    slice=row.get("slice", TUNING),
                    corpus=row["corpus"],
                    kind=row["kind"],
                    answerable=bool(row["answerable"]),
                    question=row["question"],
                    patient=dict(row.get("patient") or {}),
                    expect=expect,
                    forbid=tuple(row.get("forbid", [])),
                    drug_ids=tuple(row.get("drug_ids", [])),
                    section_keys=tuple(row.get("section_keys", [])),
                    before=tuple(row.get("before", [])),
                )
            )
    return out


# ---- the scripted user: answers a clarifying question from the line's patient facts ----


def facts_text(patient: dict[str, Any]) -> str:
    """The patient facts as a user would type them ("bé 3 tuổi, nặng 14 kg, đường uống")."""
    parts: list[str] = []
    years, months = patient.get("age_years"), patient.get("age_months")
    adult, days = patient.get("population") == "adult", patient.get("age_days")
    if years is not None:
        parts.append(f"{'người lớn' if adult else 'bé'} {years} tuổi")
    elif months is not None:
        parts.append(f"bé {months} tháng tuổi")
    elif days is not None:
        parts.append(f"bé sơ sinh {days} ngày tuổi")
    elif adult:
        parts.append("người lớn")
    if patient.get("weight_kg") is not None:
        parts.append(f"nặng {patient['weight_kg']} kg")
    if patient.get("pregnant"):
        parts.append("đang mang thai")
    # "clcr" in the first sets, "crcl" as the round-8 writer spelled it: the same figure.
    clearance = patient.get("clcr", patient.get("crcl"))
    if clearance is not None:
        parts.append(f"ClCr {clearance} ml/phút")
    if route := patient.get("route"):
        parts.append(route if route != "uống" else "đường uống")
    if indication := patient.get("indication"):
        parts.append(f"bị {indication}")
    return ", ".join(parts)


_ATTRIBUTE_BY_KIND = (
    ("overdose", "quá liều và xử trí"),
    ("interaction", "Tương tác thuốc"),
    ("contra", "Chống chỉ định"),
    ("indication", "Chỉ định"),
    ("dose", "Liều dùng"),
)


def _route_and_indication_reply(patient: dict[str, Any], replies: Sequence[str]) -> str | None:
    """The "route – indication" option whose route is the line's and whose indication names it.

    A user who knows "uống" and "sốt" picks "Đường uống – Đau, sốt", not the first option.
    """
    route = set(fold_words(str(patient.get("route", ""))).split())
    indication = set(fold_words(str(patient.get("indication", ""))).split())
    if not route:
        return None
    for reply in replies:
        route_part, sep, indication_part = reply.partition(" – ")
        if not sep or not (set(fold_words(route_part).split()) - {"duong", "dung"}) <= route:
            continue
        if not indication or indication & set(fold_words(indication_part).split()):
            return reply
    return None


def follow_up(question: Question, result: TurnResult) -> str:
    """What the user types back to a clarifying question, from the line's facts only."""
    p, replies = question.patient, result.quick_replies
    if result.reason == "missing_population":
        years = p.get("age_years")
        child = p.get("population") != "adult" and (
            p.get("age_months") is not None
            or p.get("age_days") is not None
            or (years is not None and years < 18)
        )
        return "Trẻ em" if child else "Người lớn"
    if result.reason == "missing_attribute":
        kind = question.kind.replace("salt_", "").replace("brand_", "")
        # A kind naming no section ("brand_renal") asks about the dose, as its patient facts do.
        return next((text for key, text in _ATTRIBUTE_BY_KIND if kind.startswith(key)), "Liều dùng")
    if choice := _route_and_indication_reply(p, replies):
        return choice
    wanted = fold(f"{p.get('route', '')} {p.get('indication', '')}")
    for reply in replies:
        words = set(fold(reply).split()) - {"duong", "dung"}
        if words and words <= set(wanted.split()):
            return reply
    if replies and result.reason == "needs_more_info":
        # "Which indication?": the option naming the line's indication ("sốt" → "Đau, sốt").
        indication = set(fold(str(p.get("indication", ""))).split())
        for reply in replies:
            if indication & set(fold(reply).replace(",", " ").split()):
                return reply
    if replies and (result.reason.startswith("ambiguous_") or result.reason == "needs_more_info"):
        return replies[0]  # the facts do not decide it; a user picks one offered option
    return facts_text(p) or (replies[0] if replies else "")


def play(engine: TurnEngine, question: Question) -> list[TurnResult]:
    """The question in a fresh conversation (after the line's earlier turns, whose replies are
    not judged), then up to three scripted follow-ups."""
    cid = engine.create_conversation().conversation_id
    for text in question.before:
        engine.handle(cid, text)
    results = [engine.handle(cid, question.question)]
    while results[-1].outcome.value == "clarify" and len(results) <= MAX_FOLLOW_UPS:
        reply = follow_up(question, results[-1])
        if not reply:
            break
        results.append(engine.handle(cid, reply))
    return results


__all__ = ["MAX_FOLLOW_UPS", "Question", "facts_text", "follow_up", "load_questions", "play"]
