"""Whose and which use a line that would bar a dose is said of: a word of who the patient is
("sinh non", "trẻ sơ sinh thiếu tháng") is no condition, and a refusal printed under one
indication head of the dose text refuses that use only (`grounding.limits.dose_limits`)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from core.evidence import Evidence
from core.sections import SectionKey
from grounding.asked import AskedWords
from grounding.blocks import BlockKind, parse_blocks, shown
from grounding.book.vocabulary import BORN_EARLY, CHILD, JOINERS, NEWBORN
from grounding.narrowing import named_indications


def only_who(folded: str) -> bool:
    """Words that say only who the patient is ("sinh non", "trẻ sơ sinh thiếu tháng")."""
    rest = JOINERS.strip(CHILD.strip(NEWBORN.strip(BORN_EARLY.strip(folded))))
    return not re.sub(r"[^a-z]+", "", rest)


def another_heads_refusal(
    evidence: Sequence[Evidence], index: int, sentence: str, asked: AskedWords | None
) -> bool:
    """A refusal of the dose text printed under an indication head ("Giảm đau, hạ sốt: trẻ
    dưới 3 tháng … không khuyến cáo") when the question names another head of the same text
    ("còn ống động mạch"): it refuses that use, not the one asked."""
    ev = evidence[index]
    if asked is None or not asked.text or ev.section_key != SectionKey.LIEU_LUONG_CACH_DUNG.value:
        return False
    parts = [
        (i, e)
        for i, e in enumerate(evidence)
        if e.drug_id == ev.drug_id and e.section_key == ev.section_key and not e.quarantined
    ]
    rows = [b for b in parse_blocks(parts) if b.kind in (BlockKind.ROW, BlockKind.TABLE_ROW)]
    text = shown(sentence)
    own = {b.indication for b in rows if b.evidence_index == index and text in b.text}
    named = named_indications(rows, asked)
    return bool(named) and None not in own and not own & named


__all__ = ["another_heads_refusal", "only_who"]
