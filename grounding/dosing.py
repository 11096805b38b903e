"""The route words of a dose section: which routes a head or a phrase names, and their labels.

Bands (age, weight, clearance) are read by `grounding.bands`; the section's structure
by `grounding.blocks`; the rows that fit a patient are chosen by `grounding.selection`.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from core.frame import Route
from core.text import fold, fold_aligned, is_bullet, is_table_line
from grounding.book.vocabulary import Words

# Folded keyword → route; longer keywords first so "tiem tinh mach" beats "tinh mach".
_ROUTE_WORDS: tuple[tuple[str, Route], ...] = (
    ("dung ngoai duong tieu hoa", Route.IV),
    ("ngoai duong tieu hoa", Route.IV),
    ("ngam duoi luoi", Route.SUBLINGUAL),
    # "dạng thuốc tiêm bắp" is the IM form, not "thuốc tiêm" then "bắp".
    ("thuoc tiem bap", Route.IM),
    ("dang tiem bap", Route.IM),
    ("dang tiem", Route.IV),
    ("thuoc tiem", Route.IV),
    ("tiem truyen", Route.IV),
    ("dat truc trang", Route.RECTAL),
    # "đặt hậu môn", "đặt vào hậu môn": the rectal route in everyday words.
    ("dat vao hau mon", Route.RECTAL),
    ("dat hau mon", Route.RECTAL),
    ("duong hau mon", Route.RECTAL),
    ("thuoc dan", Route.RECTAL),
    ("vien dan", Route.RECTAL),
    ("tiem tinh mach", Route.IV),
    ("truyen tinh mach", Route.IV),
    # "mỗi liều truyền trên 30 phút", "truyền trong 15 phút": an infusion, into a vein.
    ("truyen tren", Route.IV),
    ("truyen trong", Route.IV),
    ("tiem duoi da", Route.SC),
    ("dat am dao", Route.VAGINAL),
    ("duong uong", Route.ORAL),
    ("truc trang", Route.RECTAL),
    ("tinh mach", Route.IV),
    ("tiem bap", Route.IM),
    ("duoi da", Route.SC),
    ("dung ngoai", Route.TOPICAL),
    ("boi ngoai da", Route.TOPICAL),
    ("boi", Route.TOPICAL),
    ("khi dung", Route.INHALED),
    ("duong hit", Route.INHALED),
    ("hit", Route.INHALED),
    ("nho mat", Route.OPHTHALMIC),
    ("tra mat", Route.OPHTHALMIC),
    ("nho tai", Route.OTIC),
    ("nho mui", Route.NASAL),
    ("xit mui", Route.NASAL),
    # "âm đạo" alone is mostly the site of a disease ("Âm hộ - âm đạo: Uống …", "viêm âm
    # đạo"); the book names the route by where the drug goes ("đặt/vào/đường âm đạo").
    ("vao am dao", Route.VAGINAL),
    ("duong am dao", Route.VAGINAL),
    ("uong", Route.ORAL),
)

_ROUTE_OF = dict(_ROUTE_WORDS)
# Route words whose folded form is also a common word: in accented text, only these spellings.
_ACCENTED = {"khi dung": "khí dung", "boi": "bôi", "hit": "hít", "uong": "uống"}
_ROUTES = Words(tuple(_ROUTE_OF))

ROUTE_LABELS: dict[Route, str] = {
    Route.ORAL: "Đường uống",
    Route.RECTAL: "Đặt trực tràng",
    Route.IV: "Tiêm tĩnh mạch",
    Route.IM: "Tiêm bắp",
    Route.SC: "Tiêm dưới da",
    Route.TOPICAL: "Dùng ngoài",
    Route.INHALED: "Đường hít",
    Route.OPHTHALMIC: "Nhỏ mắt",
    Route.OTIC: "Nhỏ tai",
    Route.NASAL: "Nhỏ hoặc xịt mũi",
    Route.VAGINAL: "Đặt âm đạo",
    Route.SUBLINGUAL: "Ngậm dưới lưỡi",
}


def route_heading(line: str) -> tuple[Route, ...]:
    """The routes a heading line names ("Tiêm bắp hoặc tiêm tĩnh mạch:"), else ()."""
    if is_bullet(line) or is_table_line(line) or not line.rstrip().endswith(":"):
        return ()
    folded, routes = _read(line.rstrip(":"))
    return () if len(folded) > 60 else routes


def routes_named(text: str) -> tuple[Route, ...]:
    """Every route a text names, in order of first mention."""
    return _read(text)[1]


def _read(text: str) -> tuple[str, tuple[Route, ...]]:
    """A text folded once, and the routes it names."""
    folded = fold(text)
    return folded, routes_in(text, folded)


def routes_in(text: str, folded: str) -> tuple[Route, ...]:
    """The routes of `text`, read on its folded form (`folded`: the text folded by
    `core.text.fold`, passed by a reader that has folded it already)."""
    found: list[tuple[int, Route]] = []
    # One pass, longest phrase first at each position: "dùng ngoài đường tiêu hóa" is not
    # "dùng ngoài", and "tiêm tĩnh mạch" is read once, not again as "tĩnh mạch".
    lowered = unicodedata.normalize("NFC", text).lower()
    kept = fold_aligned(lowered)  # folded letter for letter: its offsets are the text's
    if kept != lowered and len(folded) != len(lowered) and "  " not in kept.strip():
        folded = kept  # spaces folded away at an end: "khi dùng " is still not "khí dung"
    aligned = kept != lowered and len(lowered) == len(folded)
    for m in _ROUTES.pattern.finditer(folded):
        accented = _ACCENTED.get(m[0])
        if accented and aligned and lowered[m.start() : m.end()] != accented:
            continue  # "khi dùng" (when used) is not "khí dung"; "bởi" is not "bôi"
        route = _ROUTE_OF[m[0]]
        if not any(start <= m.start() < start + 30 and r is route for start, r in found):
            found.append((m.start(), route))
    return tuple(dict.fromkeys(route for _, route in found))


def route_labels(routes: Sequence[Route]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(ROUTE_LABELS.get(r, str(r)) for r in routes))


__all__ = ["ROUTE_LABELS", "route_heading", "route_labels", "routes_in", "routes_named"]
