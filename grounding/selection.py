"""Choose the dose rows of a section that fit one patient, and the caveats that govern them.

A row fits when its route, population and bands (age, weight, clearance) contain the
patient. A child past the book's adult threshold ("> 50 kg: dùng liều như người lớn",
"người lớn và trẻ em trên 12 tuổi") gets the adult rows. Several routes or indications
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
from grounding.heads import DOSE as ANY_DOSE
from grounding.inr import inr_asked, inr_band
from grounding.patient_fit import ADULT_MONTHS, DIALYSIS_WORDS, Patient, fits, fits_child

MAX_QUICK_REPLIES = 6
MAX_OTHERS = 5
MAX_LABEL_CHARS = 48
MAX_LABEL_WORDS = 8
MAX_LEAD_NOTES = 2
MAX_LEAD_NOTE_CHARS = 80
MAX_ROWS = 3
MAX_CAVEATS = 2
_DOSE = re.compile(r"\d\s*(?:mg|g|mcg|microgam|ml|viên)(?![a-zà-ỹ/]|/(?:kg|m))", re.IGNORECASE)
_STOP = frozenset(
    {"cac", "va", "hoac", "do", "cho", "khi", "nguoi", "tre", "em", "benh", "nhiem", "khuan"}
    | {"tuoi", "thang", "tuan", "ngay", "tren", "duoi", "bang", "kg", "can", "nang", "lieu"}
    | {"lon", "nho", "so", "sinh", "o", "cao", "thieu", "nien", "dung", "uong", "tiem"}
    | {"tai", "mac", "dieu", "tri"}
)


@dataclass(slots=True)
class Selection:
    """The rows and caveats to quote, or what to ask, and the other bands the book has."""

    rows: list[Block] = field(default_factory=list)
    caveats: list[Block] = field(default_factory=list)
    others: list[str] = field(default_factory=list)
    ask_routes: tuple[Route, ...] = ()
    ask_indications: tuple[str, ...] = ()
    has_rows: bool = False


def _named_indications(rows: Sequence[Block], question: str) -> set[str]:
    """The indication heads the question names: a head said whole ("Nhiễm khuẩn nặng",
    the longest such), else the heads with the largest share of their words asked."""
    folded = " ".join(fold(question).replace(",", " ").split())
    words = set(folded.split())
    heads = [i for i in dict.fromkeys(row.indication for row in rows) if i]
    said: dict[str, int] = {}
    for ind in heads:
        # A head may list several ("Giun đũa, giun móc hoặc giun kim"): each one counts.
        label = fold(_head_phrase(ind)).rstrip(". ")
        for piece in [label, *re.split(r"\s*[,;]\s*|\s+(?:hoac|va)\s+", label)]:
            part = " ".join(piece.replace(",", " ").split())
            if piece is not label and not set(part.split()) - _STOP:
                continue  # "…, người lớn và trẻ em" in a head names no indication
            if len(part.split()) >= 2 and re.search(
                rf"(?<![a-z0-9]){re.escape(part)}(?![a-z0-9])", folded
            ):
                said[ind] = max(said.get(ind, 0), len(part))
    if said:
        longest = max(said.values())
        return {ind for ind, n in said.items() if n == longest}
    scores: dict[str, tuple[bool, int, float]] = {}
    for ind in heads:
        label = fold(_head_phrase(ind))
        # A head that lists several indications is scored by its best one ("Viêm họng, …,
        # viêm phổi mắc tại cộng đồng nhẹ" is as much a pneumonia head as "Viêm phổi").
        pieces = [label, *re.split(r"\s*[,;]\s*|\s+(?:hoac|va)\s+", label)]
        scores[ind] = max(_share(piece, words, whole=piece is label) for piece in pieces)
    best = max(scores.values(), default=(False, 0, 0.0))
    return {ind for ind, score in scores.items() if score[2] and score == best}


# A head most of whose words are asked is read by how many it shares ("Viêm đa khớp dạng
# thấp thiếu niên" over "Viêm do bệnh thấp"), then by the share.
MOSTLY_SAID = 0.75


def _share(phrase: str, words: set[str], *, whole: bool) -> tuple[bool, int, float]:
    """Whether most of a phrase's words are asked, how many, and what share (common
    words left out)."""
    every = [w for w in phrase.replace(",", " ").split() if not w[0].isdigit()]
    kept = {w for w in every if w not in _STOP}
    if not kept and whole:
        # A head made only of common words ("Nhiễm khuẩn nặng") is read by all of them;
        # one piece of a listing made of them ("uống") names nothing.
        kept = set(every)
    said = len(kept & words)
    share = said / max(len(kept), 1)
    return share >= MOSTLY_SAID, said if share >= MOSTLY_SAID else 0, share


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


def _head_phrase(indication: str) -> str:
    """An indication head up to its first parenthesis, colon or band ("Sốt (trẻ em)")."""
    cut = re.split(r"[(:]|\s(?:trên|dưới|từ|>|<|≥|≤)(?: hoặc bằng)?\s*\d", indication, maxsplit=1)
    return cut[0].strip(" ,")


def short_label(indication: str) -> str:
    """An indication head cut to its first phrase, for a quick reply or the "others" line."""
    head = _head_phrase(indication)
    words = head.split()
    if len(words) > MAX_LABEL_WORDS:
        # A reply the reader takes back whole: cut before a joining word, else after the
        # last whole phrase ("Người nghiện rượu, người suy dinh dưỡng kéo dài …" → "Người
        # nghiện rượu"), else at the cap.
        joins = [i for i, w in enumerate(words[:MAX_LABEL_WORDS]) if w in ("hoặc", "và") and i]
        commas = [i + 1 for i, w in enumerate(words[: MAX_LABEL_WORDS - 1]) if w.endswith(",")]
        cut_at = joins[-1] if joins else commas[-1] if commas and commas[-1] >= 2 else None
        head = " ".join(words[: cut_at or MAX_LABEL_WORDS]).rstrip(" ,")
    if len(head) <= MAX_LABEL_CHARS:
        return head
    # Cut at a comma when one leaves a whole phrase ("Lậu không biến chứng, khi không có
    # thuốc thích hợp khác" → "Lậu không biến chứng"), else at a word.
    at_comma = head[: MAX_LABEL_CHARS + 1].rsplit(",", 1)[0]
    cut = at_comma if "," in head[: MAX_LABEL_CHARS + 1] and len(at_comma) >= 12 else None
    cut = cut or head[:MAX_LABEL_CHARS].rsplit(" ", 1)[0]
    # Never end on a joining word ("… do mất máu và").
    return re.sub(r"(?:\s+(?:và|hoặc|do|của|ở|với|cho))+$", "", cut).rstrip(" ,-")


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


def _renal_first(chosen: list[Block], patient: Patient) -> list[Block]:
    """With a measured clearance, the renal rows for it: alone when they print a dose,
    with the usual rows when they only widen the interval ("cách nhau ít nhất 6 giờ")."""
    renal = [b for b in chosen if b.renal]
    if not renal or patient.clearance is None:
        return chosen
    renal = [b for b in renal if b.bands.clearance] or renal
    if any(_DOSE.search(b.text) or _ADJUSTS.search(fold(b.text)) for b in renal):
        return renal
    return renal + [b for b in chosen if not b.renal]


# A special-population row that says how to change the dose ("dùng 75% liều", "giảm một nửa").
_ADJUSTS = re.compile(r"\d\s*%|mot nua|nua lieu|giam (?:lieu|\d)|dieu chinh lieu")


def _dialysis_first(chosen: list[Block], patient: Patient) -> list[Block]:
    """A patient on dialysis gets the book's dialysis rows alone when they say the dose."""
    if not patient.dialysis:
        return chosen
    rows = [
        b
        for b in chosen
        if DIALYSIS_WORDS.search(fold(b.text))
        and (ANY_DOSE.search(b.text) or _ADJUSTS.search(fold(b.text)))
    ]
    return rows or chosen


def _hepatic_first(chosen: list[Block], patient: Patient) -> list[Block]:
    """A patient with liver disease gets the hepatic rows alone when they say the dose."""
    if not patient.hepatic:
        return chosen
    hepatic = [
        b for b in chosen if b.hepatic and (_DOSE.search(b.text) or _ADJUSTS.search(fold(b.text)))
    ]
    return hepatic or chosen


def _elderly_first(chosen: list[Block], patient: Patient) -> list[Block]:
    """An elderly patient gets the book's elderly rows alone when they print a dose."""
    if not patient.elderly:
        return chosen
    elderly = [b for b in chosen if b.who is Who.ELDERLY and not b.renal and _DOSE.search(b.text)]
    return elderly + [b for b in chosen if b.renal] if elderly else chosen


def _adult_threshold(chosen: list[Block], rows: list[Block], patient: Patient) -> list[Block]:
    """A child the book sends to the adult dose gets the adult rows, and no general child row."""
    if not patient.child:
        return chosen
    if any(b.bands.adult_like for b in chosen):
        routes = {r for b in chosen if b.bands.adult_like for r in b.routes}
        chosen = chosen + [
            b
            for b in rows
            if b.who is Who.ADULT
            and not (b.bands.age or b.bands.weight or b.renal)
            and (not routes or routes & set(b.routes))
            and b not in chosen
        ]
    weight = patient.weight_kg
    by_weight = [
        b
        for b in chosen
        if b.who is not Who.CHILD
        and b.bands.weight is not None
        and b.bands.weight.lo > 0
        and weight is not None
        and b.bands.weight.contains(weight)
    ]
    if by_weight:
        # "Người lớn và trẻ em từ 40 kg trở lên": past the book's weight threshold, a child
        # row that does not name a weight containing the patient ("Trẻ từ 3 tháng tuổi: … mg/kg")
        # belongs to the lighter children the threshold leaves out.
        chosen = [
            b
            for b in chosen
            if b.who is not Who.CHILD
            or (
                b.bands.weight is not None
                and weight is not None
                and b.bands.weight.contains(weight)
            )
        ]
    if any(b.who is Who.ADULT or b.bands.adult_like for b in chosen):
        chosen = [
            b
            for b in chosen
            if not (
                b.who is Who.CHILD
                and not b.bands.adult_like
                and b.bands.age is None
                and b.bands.weight is None
            )
        ]
    return chosen


# "Viên thông thường" is the plain tablet, not the usual dose.
_USUAL = re.compile(
    r"(?<![a-z])(?<!vien )(?<!dang )(?:thuong dung|thong thuong|lieu chung|lieu thuong)(?![a-z])"
)
_MAX = re.compile(r"(?<![a-z])(?:toi da|max|cao nhat|khong (?:duoc )?(?:vuot )?qua)(?![a-z])")


def _usual_asked(chosen: list[Block], question: str) -> list[Block]:
    """ "Liều thường dùng": the rows the book calls usual answer, before any route or
    indication is asked; without such a row nothing changes."""
    if not _USUAL.search(fold(question)):
        return chosen
    usual = [
        b
        for b in chosen
        if not b.renal
        and not b.hepatic
        and (_USUAL.search(fold(b.text)) or _USUAL.search(fold(b.indication or "")))
    ]
    return usual or chosen


def _max_asked(chosen: list[Block], question: str) -> list[Block]:
    """ "Tối đa mỗi ngày": the rows that print a maximum answer, before any indication is
    asked; without such a row nothing changes."""
    # Only where the rows split by indication: one would otherwise be asked for or guessed.
    if not _MAX.search(fold(question)) or len({b.indication for b in chosen if b.indication}) < 2:
        return chosen
    capped = [
        b
        for b in chosen
        if not b.renal and not b.hepatic and b.indication is None and _MAX.search(fold(b.text))
    ]
    return capped or chosen


_BLEEDING = re.compile(r"(?<![a-z])chay mau(?![a-z])")
_NOT_BLEEDING = re.compile(r"(?<![a-z])(?:khong|chua|khong co|chua co) (?:bi )?chay mau(?![a-z])")


def _said_of_bleeding(block: Block) -> bool:
    head = fold(block.text)[:40]
    return _BLEEDING.search(head) is not None and not _NOT_BLEEDING.search(head)


def _inr_asked(chosen: list[Block], question: str) -> list[Block]:
    """ "INR 10, không chảy máu": the rows of the INR band that contains it; rows said of a
    bleeding patient ("Nếu chảy máu nhiều …") only when the patient bleeds."""
    value = inr_asked(question)
    if value is None:
        return chosen
    folded = fold(question)
    bleeding = _BLEEDING.search(folded) is not None and not _NOT_BLEEDING.search(folded)
    if not bleeding:
        chosen = [b for b in chosen if not _said_of_bleeding(b)]
    banded = [b for b in chosen if (band := inr_band(b.text)) is not None and band.contains(value)]
    if not banded:
        return chosen
    return banded + [b for b in chosen if b not in banded and _said_of_bleeding(b)]


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


def select(blocks: Sequence[Block], frame: QueryFrame, question: str) -> Selection:
    """The rows that fit the frame's patient; or the routes/indications to ask about."""
    dosing = [b for b in blocks if b.context.part is Part.DOSING]
    rows_all = [b for b in dosing if b.kind in (BlockKind.ROW, BlockKind.TABLE_ROW)]
    patient = Patient.of(frame)
    if not patient.dialysis and DIALYSIS_WORDS.search(fold(question)):
        patient = replace(patient, dialysis=True, renal=True)
    chosen = [b for b in rows_all if fits(b, patient)]
    chosen = _renal_first(_hepatic_first(_elderly_first(chosen, patient), patient), patient)
    chosen = _dialysis_first(chosen, patient)
    chosen = _adult_threshold(chosen, rows_all, patient)
    # The usage part names the route that unmarked rows are given by ("Uống sau bữa ăn").
    chosen = _narrowest(_on_route(chosen, list(blocks), frame.route), patient)
    chosen = _max_asked(_usual_asked(chosen, question), question)
    chosen = _inr_asked(chosen, question)
    selection = Selection(has_rows=bool(rows_all))
    main = [b for b in chosen if not b.renal and not b.hepatic]
    regimens = list(dict.fromkeys(b.routes for b in main if b.routes))
    if frame.route is None and len(regimens) > 1:
        selection.ask_routes = tuple(dict.fromkeys(r for rs in regimens for r in rs))
        return selection
    named = _named_indications(main, question)
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
        if b.kind is BlockKind.CAVEAT and b.group[:6] in groups and fits(b, patient)
    ][:MAX_CAVEATS]
    selection.others = _others(rows_all, selection.rows)
    return selection


__all__ = ["ADULT_MONTHS", "Patient", "Selection", "fits", "others_list", "select", "short_label"]
