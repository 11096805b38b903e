"""The regimen the question says: one drug alone or with others, a slow-release tablet.

Some drugs are dosed one way when they are the only treatment and another when given with
other drugs ("Đơn trị liệu: 15 - 45 mg/kg/ngày" beside "Đa trị liệu: 30 - 100 mg/kg/ngày").
A question that says the drug is taken alone ("chỉ một thuốc đó thôi", "dùng đơn độc") is
answered by the rows for one drug alone; one that says it is taken with others ("phối hợp",
"cùng với thuốc khác") by the rows for a combination. A question that says neither keeps
both.

Likewise a drug sold as ordinary and as slow-release tablets is dosed by each ("Với dạng viên
nén thông thường, … tối đa 320 mg/ngày" beside "viên … MR 30 mg … 120 mg (4 viên)"): a
question that names the slow-release tablet ("MR", "giải phóng kéo dài") is not answered by
the rows said of the ordinary one.

And a patient on dialysis who says which kind ("chạy thận nhân tạo", "lọc máu": through a
machine; "thẩm phân phúc mạc", "lọc màng bụng": through the belly) is not answered by the
rows said of the other kind, when the book doses both.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from core.text import fold
from grounding.block import Block

# What the question says, folded.
_ALONE = re.compile(
    r"\bchi (?:dung |uong |co |xai )?(?:mot|1) (?:thuoc|loai|minh)\b"
    r"|\b(?:don tri|don doc|mot minh)\b"
    r"|\bkhong (?:dung|uong|xai) (?:them|kem|chung) (?:voi )?(?:thuoc|loai) (?:nao|khac)\b"
)
_COMBINED = re.compile(
    r"\b(?:phoi hop|ket hop|da tri)\b|\b(?:cung|chung|kem|them) (?:voi )?(?:cac )?thuoc khac\b"
)
# What a row's head says, folded, at its start.
_ALONE_HEAD = re.compile(r"(?:dieu tri |dung )?(?:don tri|don doc)\b")
_COMBINED_HEAD = re.compile(r"(?:dieu tri |dung |khi dung )?(?:da tri|phoi hop|ket hop)\b")


# A slow-release preparation named, folded ("Diamicron MR 30", "viên giải phóng kéo dài").
_SLOW = re.compile(
    r"\b(?:mr|xr|sr|xl|cr|retard)\b|giai phong (?:keo dai|cham|co kiem soat|bien doi)"
    r"|phong thich (?:keo dai|cham)"
)
_ORDINARY = re.compile(r"\b(?:vien nen|vien|dang|thuoc) (?:thong thuong|giai phong nhanh)\b")


# The kinds of dialysis, folded: in the question, and in a row's words.
_BY_MACHINE = re.compile(r"\b(?:chay than|than nhan tao|loc mau|tham tach mau|chay may)\b")
_BY_BELLY = re.compile(r"\b(?:phuc mac|mang bung)\b")


def _kind(block: Block) -> str | None:
    head = fold(block.indication or "").strip(" *_")
    if _ALONE_HEAD.match(head):
        return "alone"
    if _COMBINED_HEAD.match(head):
        return "combined"
    return None


def alone_or_combined(rows: Sequence[Block], said: str) -> list[Block]:
    """The rows for the drug alone or in a combination, as the question says (`said`: its
    words); unchanged when it says neither or the rows are not split so."""
    folded = fold(said)
    wanted = "alone" if _ALONE.search(folded) else "combined" if _COMBINED.search(folded) else None
    kinds = [_kind(b) for b in rows]
    if wanted is None or not {"alone", "combined"} <= set(kinds):
        return list(rows)
    return [b for b, kind in zip(rows, kinds, strict=True) if kind in (wanted, None)]


def slow_release(rows: Sequence[Block], said: str) -> list[Block]:
    """Without the rows said only of the ordinary tablet when the question names a
    slow-release one and some row doses that one (`said`: the question's words)."""
    if not _SLOW.search(fold(said)) or not any(_SLOW.search(b.folded) for b in rows):
        return list(rows)
    return [b for b in rows if not _ORDINARY.search(b.folded) or _SLOW.search(b.folded)]


def dialysis_kind(rows: Sequence[Block], said: str) -> list[Block]:
    """Without the rows that name the kind of dialysis the question does not say, when it
    says one kind and some row names that kind alone."""
    folded = fold(said)
    machine, belly = _BY_MACHINE.search(folded), _BY_BELLY.search(folded)
    if bool(machine) == bool(belly):
        return list(rows)
    own, other = (_BY_MACHINE, _BY_BELLY) if machine else (_BY_BELLY, _BY_MACHINE)
    theirs = [b for b in rows if own.search(b.folded) and not other.search(b.folded)]
    return [b for b in rows if not other.search(b.folded)] if theirs else list(rows)


def said_regimen(rows: Sequence[Block], said: str) -> list[Block]:
    """The rows for the regimen the question says (`said`), by the rules above."""
    return dialysis_kind(slow_release(alone_or_combined(rows, said), said), said)


__all__ = ["alone_or_combined", "dialysis_kind", "said_regimen", "slow_release"]
