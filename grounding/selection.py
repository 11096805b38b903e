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
from grounding.amounts import is_general_row
from grounding.as_for import with_referred_rows
from grounding.asked import AskedWords
from grounding.bands import NEWBORN_MONTHS
from grounding.birth_fit import born_fitting
from grounding.blocks import Block, BlockKind, Part, Who
from grounding.book.vocabulary import ROW_REFUSALS
from grounding.dosing import ROUTE_LABELS
from grounding.heads import INJECTION_ROUTES
from grounding.lead_notes import lead_notes
from grounding.narrowing import (
    another_cause,
    max_asked,
    named_for_another_age,
    named_indications,
    said_inline,
    short_label,
    usual_asked,
    usual_under_named,
)
from grounding.patient_fit import (
    ADULT_MONTHS,
    Patient,
    child_rows_first,
    fits,
    fits_child,
    newborn_rows_first,
)
from grounding.regimen_fit import said_regimen
from grounding.special_patients import (
    adult_threshold,
    age_rows_over_per_kg,
    dialysis_first,
    elderly_first,
    exception_over_rule,
    governed_fit,
    hepatic_first,
    inr_rows,
    older_adults_over_rule,
    renal_first,
    states_said,
)

MAX_QUICK_REPLIES = 6
MAX_OTHERS = 5
MAX_ROWS = 3
MAX_CAVEATS = 2
# Rows of several indications are shown, each labelled, instead of asking which one, when
# they fit this many rows and characters; past that the answer would be a dump: ask.
MAX_ACROSS_ROWS = 4
MAX_ACROSS_CHARS = 400


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
        if keep is None and len(banded) > 1:
            # "Trẻ sơ sinh: …" then "Trẻ 1 - 4 tuần: …": a band inside another that fits too
            # is the book's narrower row for this child; the wider gives way.
            inner = [r for r in banded if not any(_inside(o, r) for o in banded)]
            if len(inner) < len(banded):
                keep = set(map(id, inner))
        out.extend(
            r for r in group if keep is None or id(r) in keep or not (r.bands.age or r.bands.weight)
        )
    return [r for r in rows if r in out]


def _inside(inner: Block, outer: Block) -> bool:
    """`inner`'s age band lies inside `outer`'s and is narrower (no weight band on either)."""
    a, b = inner.bands.age, outer.bands.age
    if a is None or b is None or inner.bands.weight or outer.bands.weight:
        return False
    # Two rows of one kind (both per kg, or both fixed), the wider band closed: an open
    # "từ 3 tháng tuổi" per-kg rule is not narrowed away by a fixed row of 4 - 6 years.
    if bool(inner.reading.figures) != bool(outer.reading.figures) or b.hi == float("inf"):
        return False
    return b.lo <= a.lo and a.hi <= b.hi and (a.lo, a.hi) != (b.lo, b.hi)


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
    The cap never drops every row that prints the asked route for rows that print none (an
    unbanded one first, else the last)."""
    if len(rows) <= MAX_ROWS:
        return rows
    # The row for the patient's measured clearance is theirs whatever else is cut.
    cleared = [b for b in rows if b.bands.clearance]
    named = [b for b in rows if b.indication in first]
    banded = [b for b in rows if b.bands.age or b.bands.weight or b.bands.clearance]
    keep = list(dict.fromkeys(cleared + named + banded + rows))[:MAX_ROWS]
    routed = [b for b in named or rows if route is not None and route in b.routes]
    unrouted = [b for b in keep if not b.routes]
    plain = [b for b in unrouted if b not in banded] or unrouted
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
        # route's rows: they are said of the drug, not of that route; unless the row names
        # another route itself ("Suy thận: Tiêm tĩnh mạch: …", a table of "Liều uống …").
        or (
            (b.who is Who.ELDERLY or b.renal or b.hepatic)
            and not (b.routes and b.routes != b.context.routes)
        )
    ]


def _refusal_alone(rows: list[Block]) -> list[Block]:
    """A banded row that refuses this patient ("dưới 3 tháng tuổi: không khuyến cáo …") is
    the answer: rows that name no band of their own (a per-kg rule) are not quoted with it."""
    refusing = [b for b in rows if (b.bands.age or b.bands.weight) and b.refuses]
    if not refusing:
        return rows
    return [b for b in rows if b in refusing or b.bands.age or b.bands.weight]


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


def implied_route(
    main: list[Block],
    route: Route | None,
    words: AskedWords,
    usage: Sequence[Route] = (),
    *,
    injection: bool = False,
) -> tuple[Route | None, tuple[Route, ...]]:
    """The route the user's words imply, and the routes to ask about when they do not.

    A route named outright stays. With none, "tiêm" keeps the injection regimens (asked
    among them only when they differ); an indication asked that the book doses by one
    route only is given by that route; otherwise a drug the book doses by mouth is
    answered for the oral route, the others named in the "còn ghi liều cho" line. A
    section with no oral row, or whose usage part names other routes and not the mouth
    ("Insulin thường tiêm dưới da"), and several regimens is a question (`usage`: the
    routes the usage part names; `words`: what the question says of its indication,
    `injection`: the question says the bare "tiêm" (`QueryFrame.injection`)).
    """
    regimens = list(dict.fromkeys(b.routes for b in main if b.routes))
    if route is not None or len(regimens) <= 1:
        return route, ()
    if injection:
        regimens = [rs for rs in regimens if set(rs) & set(INJECTION_ROUTES)] or regimens
    named_rows = [b for b in main if b.indication in named_indications(main, words)]
    by_named = list(dict.fromkeys(b.routes for b in named_rows))
    if named_rows and all(by_named) and not any(Route.ORAL in rs for rs in by_named):
        regimens = by_named  # every row of the indication asked names a route, none oral
    if len(regimens) == 1:
        return regimens[0][0], ()
    oral_drug = not usage or Route.ORAL in usage
    if oral_drug and any(Route.ORAL in rs for rs in regimens):
        return Route.ORAL, ()
    return None, tuple(dict.fromkeys(r for rs in regimens for r in rs))


def _labelled(rows: list[Block]) -> list[Block]:
    """Each row with its indication in front when the row's own words do not say it."""
    out: list[Block] = []
    for row in rows:
        label = short_label(row.indication) if row.indication else ""
        said = not label or fold(label) in row.folded
        out.append(row if said else replace(row, text=f"{label}: {row.text}"))
    return out


def _owned_by_other_band(caveat: Block, dosing: list[Block], patient: Patient) -> bool:
    """A caveat run on after a banded row ("Trẻ 6 tháng - 2 tuổi: 2,5 mg/lần/ngày. Tối đa,
    …") belongs to that row: not for a patient outside the row's band."""
    before = [
        b
        for b in dosing
        if b.evidence_index == caveat.evidence_index
        and b.end <= caveat.start
        and b.kind is not BlockKind.CAVEAT
    ]
    if not before:
        return False
    owner = before[-1]
    own, theirs = caveat.bands.age, owner.bands.age
    if own is not None and theirs is not None and own.lo <= theirs.lo and own.hi >= theirs.hi:
        return False  # "Các liều cho trẻ từ 1 - 12 tuổi …" names its own, wider band
    same_line = caveat.start - owner.end <= 1
    banded = owner.kind is BlockKind.ROW and (owner.bands.age or owner.bands.weight)
    return bool(same_line and banded and not fits(owner, patient))


def _across_indications(
    chosen: list[Block], main: list[Block]
) -> tuple[list[Block], bool, list[Block], tuple[str, ...]]:
    """No indication named and several fit: (rows, shown labelled across indications, the
    headed rows left for "còn ghi liều cho", the indications to ask about). Rows short enough
    are shown labelled; else the book's general rows for this patient, the usual dose, answer;
    else the indication is asked."""
    indications = [i for i in dict.fromkeys(b.indication for b in main) if i]
    if len(indications) <= 1:
        return chosen, False, [], ()
    fitting = _refusal_alone([b for b in chosen if b.kind is not BlockKind.CAVEAT])
    if len(fitting) <= MAX_ACROSS_ROWS and sum(len(b.text) for b in fitting) <= MAX_ACROSS_CHARS:
        return chosen, True, [], ()
    # A general row that says what not to give ("… không được dùng viên 250 mg") is no dose.
    if any(b in main and is_general_row(b) and not ROW_REFUSALS.search(b.folded) for b in fitting):
        held = [b for b in main if b.indication is not None]
        general = [b for b in chosen if b not in main or is_general_row(b)]
        return general, False, held, ()
    labels = tuple(dict.fromkeys(lb for i in indications if (lb := short_label(i))))
    return chosen, False, [], labels[:MAX_QUICK_REPLIES]


def select(blocks: Sequence[Block], frame: QueryFrame, words: AskedWords) -> Selection:
    """The rows that fit the frame's patient; or the routes/indications to ask about.

    `words`: the frame's words for the indication (its condition, `condition_words`, the
    patient's own conditions); what else the question asks is read from the frame."""
    dosing = [b for b in blocks if b.context.part is Part.DOSING]
    rows_all = [b for b in dosing if b.kind in (BlockKind.ROW, BlockKind.TABLE_ROW)]
    patient = Patient.of(frame)
    chosen = born_fitting(
        [b for b in rows_all if fits(b, patient) and governed_fit(b, patient)], frame
    )
    chosen = child_rows_first(chosen, patient)
    # A patient on dialysis gets the dialysis rows before any clearance band narrows: a
    # clearance said of them (or carried from before) does not outrank "thẩm phân máu".
    chosen = dialysis_first(hepatic_first(elderly_first(chosen, patient), patient), patient)
    chosen = renal_first(chosen, patient)
    chosen = adult_threshold(chosen, rows_all, patient)
    # The usage part names the route that unmarked rows are given by ("Uống sau bữa ăn").
    chosen = _narrowest(_on_route(chosen, list(blocks), frame.route), patient)
    chosen = older_adults_over_rule(exception_over_rule(chosen, patient), patient)
    chosen = newborn_rows_first(chosen, patient)
    chosen = age_rows_over_per_kg(
        chosen, patient, named_indications([b for b in chosen if not b.renal], words)
    )
    chosen = usual_asked(chosen, frame.usual_dose)
    # "viêm bể thận … tối đa một ngày": the indication named keeps its rows (and their cap).
    own = (frame.condition is not None and frame.max_dose) and named_indications(
        [b for b in chosen if not b.renal and not b.hepatic], words
    )
    chosen = max_asked(chosen, frame.max_dose and not own)
    chosen = inr_rows(chosen, frame.inr, bleeding=frame.bleeding is True)
    selection = Selection(has_rows=bool(rows_all))
    main = [b for b in chosen if not b.renal and not b.hepatic]
    usage = [r for b in blocks if b.context.part is Part.USAGE for r in b.routes]
    route, ask = implied_route(main, frame.route, words, usage, injection=frame.injection)
    if ask:
        selection.ask_routes = ask
        return selection
    if route is not frame.route:
        chosen = _on_route(chosen, list(blocks), route)
    if frame.condition is not None:
        chosen = said_inline(chosen, frame.condition.normalized or frame.condition.text)
    # "co giật do sốt": rows of "Co giật do uốn ván" (the disease, another cause) do not apply.
    # "chỉ một thuốc đó thôi": "Đơn trị liệu:" rows, not "Đa trị liệu:"; "MR": no ordinary tablet.
    chosen = [
        b
        for b in said_regimen(chosen, frame.standalone_query or "")
        if not (b.indication and another_cause(b.indication, words))
    ]
    main = [b for b in chosen if not b.renal and not b.hepatic]
    named = named_indications(main, words)
    held: list[Block] = []
    if named:
        chosen = usual_under_named(
            [b for b in chosen if b not in main or b.indication in named | {None}], named
        )
        across = False
    else:
        chosen, across, held, which = _across_indications(chosen, main)
        if which:  # asked, unless the indication named is dosed only for other ages
            asked = not named_for_another_age(rows_all, words, patient)
            selection.ask_indications = which if asked else ()
            return selection
    rows = _refusal_alone([b for b in chosen if b.kind is not BlockKind.CAVEAT])
    rows = with_referred_rows(rows, rows_all, route)
    selection.rows = rows if across else _shortlist(rows, first=named, route=route)
    if selection.rows:
        selection.rows[:0] = lead_notes(dosing, route)
    groups = {b.group[:6] for b in selection.rows}
    # A caveat said of patients in a state ("ở bệnh nhân nghiện rượu") only when the question
    # names one, first, whichever row it is printed after.
    by_state = {id(b): states_said(b, words) for b in dosing if b.kind is BlockKind.CAVEAT}
    selection.caveats = sorted(
        (
            b
            for b in dosing
            if b.kind is BlockKind.CAVEAT
            and by_state[id(b)] is not False
            and (b.group[:6] in groups or (selection.rows and _governs_all(b)))
            and fits(b, patient)
            and governed_fit(b, patient)
            and (by_state[id(b)] or not _owned_by_other_band(b, dosing, patient))
        ),
        key=lambda b: not by_state[id(b)],
    )[:MAX_CAVEATS]
    selection.others = _others(held + rows_all, selection.rows)
    if across:
        selection.rows = _labelled(selection.rows)
    return selection


__all__ = ["ADULT_MONTHS", "Patient", "Selection", "fits", "others_list", "select", "short_label"]
