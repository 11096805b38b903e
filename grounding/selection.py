"""Choose the dose rows of a section that fit one patient, and the caveats that govern them.

A row fits when its route, population and bands (age, weight, clearance) contain the
patient. A child past the book's adult threshold ("> 50 kg: dùng liều như người lớn",
"người lớn và trẻ em trên 12 tuổi") gets the adult rows (`grounding.special_patients`);
what the question names narrows them (`grounding.narrowing`). Several routes or indications
and none asked is a question back, never a guess; no fitting row is said plainly.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field, replace

from core.frame import QueryFrame, Route
from core.text import fold
from grounding.bands import NEWBORN_MONTHS
from grounding.blocks import Block, BlockKind, Context, Part, Who
from grounding.dosing import ROUTE_LABELS
from grounding.narrowing import max_asked, named_indications, short_label, usual_asked
from grounding.patient_fit import ADULT_MONTHS, DIALYSIS_WORDS, Patient, fits, fits_child
from grounding.special_patients import (
    adult_threshold,
    dialysis_first,
    elderly_first,
    hepatic_first,
    inr_rows,
    renal_first,
)

MAX_QUICK_REPLIES = 6
MAX_OTHERS = 5
MAX_LEAD_NOTES = 2
MAX_LEAD_NOTE_CHARS = 80
MAX_ROWS = 3
MAX_CAVEATS = 2


@dataclass(slots=True)
class Selection:
    """The rows and caveats to quote, or what to ask, and the other bands the book has."""

    rows: list[Block] = field(default_factory=list)
    caveats: list[Block] = field(default_factory=list)
    others: list[str] = field(default_factory=list)
    ask_routes: tuple[Route, ...] = ()
    ask_indications: tuple[str, ...] = ()
    has_rows: bool = False


def _narrowest(rows: list[Block], patient: Patient) -> list[Block]:
    """Touching bands ("2 - 4 tuổi", "4 - 6 tuổi") both fit a loose age: keep the strict one."""
    out: list[Block] = []
    groups: dict[tuple[object, ...], list[Block]] = {}
    for row in rows:
        groups.setdefault((row.indication, row.routes, row.renal), []).append(row)
    for group in groups.values():
        strict = [r for r in group if patient.child and fits_child(r, patient, strict=True)]
        banded = [r for r in strict if r.bands.age or r.bands.weight]
        keep = (
            set(map(id, banded))
            if len(banded) < len([r for r in group if r.bands.age or r.bands.weight]) and banded
            else None
        )
        out.extend(
            r for r in group if keep is None or id(r) in keep or not (r.bands.age or r.bands.weight)
        )
    return [r for r in rows if r in out]


def _name(block: Block) -> list[str]:
    names: list[str] = []
    if block.renal:
        names.append("suy thận")
    elif block.hepatic:
        names.append("suy gan")
    elif block.bands.gestation_weeks or (block.bands.age and block.bands.age.hi <= NEWBORN_MONTHS):
        names.append("sơ sinh")
    elif block.who is Who.ADULT:
        names.append("người lớn")
    elif block.who is Who.CHILD:
        names.append("trẻ em")
    elif block.who is Who.ELDERLY:
        names.append("người cao tuổi")
    names.extend(ROUTE_LABELS.get(r, str(r)).lower() for r in block.routes)
    if block.indication:
        names.append(short_label(block.indication).lower())
    return names


def _shortlist(
    rows: list[Block], first: AbstractSet[str] = frozenset(), route: Route | None = None
) -> list[Block]:
    """A few hundred characters, never a dump: rows of the indication asked first, then
    rows printed for the patient's own band, then the general rows; in the book's order.
    The cap never drops every row that prints the asked route for an unbanded row that
    prints no route."""
    if len(rows) <= MAX_ROWS:
        return rows
    named = [b for b in rows if b.indication in first]
    banded = [b for b in rows if b.bands.age or b.bands.weight or b.bands.clearance]
    keep = list(dict.fromkeys(named + banded + rows))[:MAX_ROWS]
    routed = [b for b in named or rows if route is not None and route in b.routes]
    plain = [b for b in keep if not b.routes and b not in banded]
    if routed and plain and not any(b in routed for b in keep):
        keep[keep.index(plain[-1])] = routed[0]
    return [b for b in rows if b in keep]


def _on_route(chosen: list[Block], section: list[Block], route: Route | None) -> list[Block]:
    """Rows of the asked route; a row with no route only when the section prints that route."""
    if route is None:
        return chosen
    printed = {r for b in section for r in b.routes}
    return [
        b
        for b in chosen
        if route in b.routes
        or (not b.routes and (not printed or route in printed))
        # The book prints its elderly, renal and hepatic paragraphs once, after the last
        # route's rows: they are said of the drug, not of that route.
        or b.who is Who.ELDERLY
        or b.renal
        or b.hepatic
    ]


_REFUSAL = re.compile(r"khong (?:khuyen cao|duoc dung|dung|nen dung)|chong chi dinh")


def _refusal_alone(rows: list[Block]) -> list[Block]:
    """A banded row that refuses this patient ("dưới 3 tháng tuổi: không khuyến cáo …") is
    the answer: rows that name no band of their own (a per-kg rule) are not quoted with it."""
    refusing = [
        b for b in rows if (b.bands.age or b.bands.weight) and _REFUSAL.search(fold(b.text))
    ]
    if not refusing:
        return rows
    return [b for b in rows if b in refusing or b.bands.age or b.bands.weight]


def _lead_notes(dosing: list[Block], route: Route | None) -> list[Block]:
    """Short notes printed before any head ("Uống sau bữa ăn.") govern every row after."""
    return [
        b
        for b in dosing
        if b.kind is BlockKind.NOTE
        and b.context == Context(part=Part.DOSING)
        and len(b.text) <= MAX_LEAD_NOTE_CHARS
        # "… có thể được dùng" with no full stop leads into rows of its own; not a rule.
        and b.text.rstrip().endswith((".", "!"))
        and (route is None or not b.routes or route in b.routes)
    ][:MAX_LEAD_NOTES]


def _others(rows: list[Block], shown: list[Block]) -> list[str]:
    """Names of the populations, routes and indications the book covers beyond the answer."""
    seen = {n for b in shown for n in _name(b)}
    others: list[str] = []
    for b in rows:
        if b in shown:
            continue
        for name in _name(b):
            if name not in seen and name not in others and not re.search(r"\d", name):
                others.append(name)
    return others[:MAX_OTHERS]


def others_list(names: Sequence[str]) -> str:
    """The "others" names for one line: "; " between them when a name has its own comma
    ("đau, sốt"), so "người lớn; đau, sốt" reads as two names, not three."""
    return ("; " if any("," in n for n in names) else ", ").join(names)


def _governs_all(block: Block) -> bool:
    """A caveat printed before any head, said of no population, route or indication
    ("Liều tối đa là 150 mg"), governs every row of the section."""
    c = block.context
    return not (c.who or c.renal or c.hepatic or c.routes or block.indication or block.who)


def select(blocks: Sequence[Block], frame: QueryFrame, question: str) -> Selection:
    """The rows that fit the frame's patient; or the routes/indications to ask about."""
    dosing = [b for b in blocks if b.context.part is Part.DOSING]
    rows_all = [b for b in dosing if b.kind in (BlockKind.ROW, BlockKind.TABLE_ROW)]
    patient = Patient.of(frame)
    if not patient.dialysis and DIALYSIS_WORDS.search(fold(question)):
        patient = replace(patient, dialysis=True, renal=True)
    chosen = [b for b in rows_all if fits(b, patient)]
    chosen = renal_first(hepatic_first(elderly_first(chosen, patient), patient), patient)
    chosen = dialysis_first(chosen, patient)
    chosen = adult_threshold(chosen, rows_all, patient)
    # The usage part names the route that unmarked rows are given by ("Uống sau bữa ăn").
    chosen = _narrowest(_on_route(chosen, list(blocks), frame.route), patient)
    chosen = max_asked(usual_asked(chosen, question), question)
    chosen = inr_rows(chosen, question)
    selection = Selection(has_rows=bool(rows_all))
    main = [b for b in chosen if not b.renal and not b.hepatic]
    regimens = list(dict.fromkeys(b.routes for b in main if b.routes))
    if frame.route is None and len(regimens) > 1:
        selection.ask_routes = tuple(dict.fromkeys(r for rs in regimens for r in rs))
        return selection
    named = named_indications(main, question)
    if named:
        chosen = [b for b in chosen if b not in main or b.indication in named | {None}]
    else:
        indications = [i for i in dict.fromkeys(b.indication for b in main) if i]
        if len(indications) > 1:
            labels = tuple(dict.fromkeys(lb for i in indications if (lb := short_label(i))))
            selection.ask_indications = labels[:MAX_QUICK_REPLIES]
            return selection
    selection.rows = _shortlist(
        _refusal_alone([b for b in chosen if b.kind is not BlockKind.CAVEAT]),
        first=named,
        route=frame.route,
    )
    if selection.rows:
        selection.rows[:0] = _lead_notes(dosing, frame.route)
    groups = {b.group[:6] for b in selection.rows}
    selection.caveats = [
        b
        for b in dosing
        if b.kind is BlockKind.CAVEAT
        and (b.group[:6] in groups or (selection.rows and _governs_all(b)))
        and fits(b, patient)
    ][:MAX_CAVEATS]
    selection.others = _others(rows_all, selection.rows)
    return selection


__all__ = ["ADULT_MONTHS", "Patient", "Selection", "fits", "others_list", "select", "short_label"]
