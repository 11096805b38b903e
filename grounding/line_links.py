"""What the line and the heads around a row say of it: the indication, route and population
a row takes from the row before it on its line, and the phases of a bare indication head.

`grounding.sentences` reads each sentence; these are the links between its rows.
"""

from __future__ import annotations

import math
import re
from dataclasses import replace

from core.frame import Route
from core.text import fold_aligned, opens_always, sentence_spans
from grounding.bands import Band, Bands, parse_bands
from grounding.block import Block, BlockKind, Reading
from grounding.book.filter_words import PAST_THE_BAND
from grounding.book.vocabulary import (
    ALTERNATIVE,
    ANOTHER_WAY,
    ANY_PATIENT,
    CAVEAT_WORDS,
    DISEASE_KIND,
    GOES_ON,
    NOT_AN_INDICATION,
)
from grounding.dosing import routes_named
from grounding.head_stack import HeadStack
from grounding.heads import (
    INJECTION_ROUTES,
    PARENTHESIS,
    Context,
    Head,
    HeadKind,
    Who,
    classify_head,
    who_of,
)
from grounding.markup import shown
from grounding.more_cases import still_sites
from grounding.patient_bands import patient_bands


def band_chain(blocks: list[Block], row_labels: list[Head], ctx: Context) -> str | None:
    """The inline indication a band-only row continues, if the block above set one."""
    if not row_labels or any(lb.kind is not HeadKind.BAND for lb in row_labels) or not blocks:
        return None
    above = blocks[-1]
    chained = above.kind is BlockKind.ROW and (above.bands.age or above.bands.weight)
    if chained and above.indication and above.indication != ctx.indication:
        return above.indication
    return None


def line_chain(last_row: Block | None, row_labels: list[Head], ctx: Context) -> str | None:
    """ "Rối loạn X: 30 mg. Trẻ em 5 - 12 tuổi: ½ liều người lớn.": a population row on
    the line of an indication's own row is said of that indication."""
    if (
        last_row is None
        or not row_labels
        or any(lb.kind not in (HeadKind.WHO, HeadKind.BAND) for lb in row_labels)
    ):
        return None
    own = last_row.indication
    return own if own and own != ctx.indication else None


def line_routes(last_row: Block | None, row_labels: list[Head]) -> tuple[Route, ...]:
    """ "Tiêm tĩnh mạch 10 mg. Trẻ em: 0,2 mg/kg.": a population row on the line of a row
    that names its route is given by that route too."""
    if (
        last_row is None
        or not row_labels
        or any(lb.kind not in (HeadKind.WHO, HeadKind.BAND) for lb in row_labels)
    ):
        return ()
    # The row may have grown by sentences after its own ("…. Đường tiêm tĩnh mạch 10 mg, nhắc
    # lại sau 1 giờ."): the last one names the route the population row follows.
    said_last = last_row.text[sentence_spans(last_row.text, opens=opens_always)[-1][0] :]
    return routes_named(said_last[:60]) or last_row.routes


# A row opens with its route within 20 chars of its label; the routes listed with it are
# read to the end of that clause, within 40 chars.
_OPENING = 20
_ROUTE_WINDOW = 40
# "Đau sau mổ: 0,1 - 0,2 mg/kg tiêm dưới da, …": a dose said with its route, in the clause
# the row opens with; the route is that row's own, whatever the head above gives.
_DOSE_THEN_ROUTE = re.compile(r"\s*\d[\d,. –-]*\s*(?:mg|microgam|mcg|µg|g|ml|đơn vị)\b(?:/kg)?\s")


def row_routes(
    text: str, row_labels: list[Head], ctx: Context, last_row: Block | None, said: Reading
) -> tuple[Route, ...]:
    """The routes of a row. The head's route governs, unless the row opens with its own
    ("… 20 kg: Uống 10 mg", "Người lớn: Tiêm dưới da hoặc tiêm bắp, 500 microgam"); a route
    named later in the row ("không uống được") does not, except that a row under a bare
    injection head ("*Tiêm:*") names which injection it is ("250 microgam, truyền tĩnh mạch")."""
    end = row_labels[-1].end if row_labels else 0
    after = text[end : end + _OPENING] if row_labels else ""
    if routes_named(after):
        # "Tiêm dưới da hoặc tiêm bắp, …": every route of the clause the row opens with.
        window = text[end : end + _ROUTE_WINDOW]
        after = next((window[:i] for i, c in enumerate(window) if c in ",;.("), window)
    # "Đơn trị liệu: Ban đầu uống: 15 mg/kg": a route among the row's own labels.
    # "Dùng dung dịch trực tràng, người lớn …: 500 microgam/kg": a route said with whom.
    own_route = next(
        (lb.routes for lb in row_labels if lb.kind in (HeadKind.ROUTE, HeadKind.WHO)), ()
    )
    named = routes_named(said.text[:60])
    clause = re.split(r"[,;.](?!\d)", text[end : end + _ROUTE_WINDOW], maxsplit=1)[0]
    dose = _DOSE_THEN_ROUTE.match(clause)
    if row_labels and not own_route and dose and "không" not in clause:
        # Right after the amount: "20 mg/kg (tối đa 750 mg) uống" keeps the head's.
        own_route = routes_named(" ".join(clause[dose.end() :].split()[:3]))
    if set(ctx.routes) == set(INJECTION_ROUTES) and not own_route:
        which = tuple(r for r in named if r in INJECTION_ROUTES)
        return routes_named(after) or which or ctx.routes
    return (
        routes_named(after) or own_route or ctx.routes or line_routes(last_row, row_labels) or named
    )


def another_route(said: Reading, last_row: Block | None, ctx: Context) -> bool:
    """ "Còn có thể dùng X theo đường trực tràng …": a sentence offering another way to give
    the drug, by a route neither the row above nor the head names, is a row of its own, never
    that row's continuation."""
    if ALTERNATIVE.match(said.folded) is None and _OR_ROUTE.match(said.folded) is None:
        return False
    named = set(routes_named(said.text[:60]))
    return bool(named) and not named <= {*(last_row.routes if last_row else ()), *ctx.routes}


def for_any_patient(said: Reading) -> bool:
    """ "… cho người bệnh tạm thời không thể dùng đường uống": a row said of the patient in a
    state, with no age, weight or population of its own, is every patient's, not the band
    head's it is printed under."""
    bands = patient_bands(said.text)
    return (
        ANY_PATIENT.search(said.folded) is not None
        and bands.age is None
        and bands.weight is None
        and who_of(said.folded) is None
    )


# "… tối đa 2 g mỗi ngày ở bệnh nhân gầy yếu, uống nhiều rượu": a line said of
# patients in the states it lists (`grounding.special_patients.states_said`).
STATE_PATIENTS = re.compile(
    r"\b(?:o|cho|voi|doi voi|tren) (?:nhung |cac )?(?:nguoi benh|benh nhan)\s+"
    r"(?P<states>[^.;:()]{4,120})"
)


def goes_on(said: Reading, last_row: Block | None, *, other_way: bool) -> bool:
    """A sentence after a row goes on with it unless it doses on its own ("Liều duy trì …")
    or offers another route; one offering another way ("Có thể dùng chế phẩm 0,6 mg …") on
    the line of a banded row is said of that row's patients too."""
    folded = said.folded
    banded = last_row is not None and bool(last_row.bands.age or last_row.bands.weight)
    if other_way or (banded and said.prints_dose and STATE_PATIENTS.search(folded)):
        return False  # a cap for patients in a state is theirs, not the weight band's
    if not said.prints_dose or CAVEAT_WORDS.search(folded) or GOES_ON.match(folded):
        return True
    return banded and ANOTHER_WAY.match(folded) is not None


def other_route_row(
    said: Reading, last_row: Block | None, ctx: Context, *, labelled: bool
) -> tuple[Context, bool]:
    """The context of an unlabelled sentence offering another route (`another_route`), and
    whether it does: every patient's, out of the band head above it, when it names the
    patient by a state only ("… cho người bệnh tạm thời không thể dùng đường uống")."""
    other_way = not labelled and another_route(said, last_row, ctx)
    if other_way and ctx.head and for_any_patient(said):
        ctx = replace(ctx, who=Who.ANY, bands=Bands(), head=None, head_index=None)
    elif other_way and last_row is not None and _OR_ROUTE.match(said.folded) is not None:
        ctx = _row_patients(ctx, last_row)
    return ctx, other_way


# "Người lớn và trẻ trên 35 kg: Uống 10 mg/lần. Hoặc đặt trực tràng 30 mg/lần.": "or", then
# another route; that route's row is said of the same patients as the row before it.
_OR_ROUTE = re.compile(r"hoac\b")
_ROW_LABEL = 80


def next_band_row(
    ctx: Context, row_labels: list[Head], row_start: int, last_row: Block | None
) -> Context:
    """ "Sơ sinh đủ tháng (0 - 7 ngày): …; (7 - 30 ngày): …": a row labelled by a bare band
    right after a row of its line is the next band of the patients that row names; their
    words ("Sơ sinh đủ tháng") are shown before it (`Block.headed`)."""
    first = row_labels[0] if row_labels else None
    if first is None or first.kind is not HeadKind.BAND or last_row is None:
        return ctx
    if not first.folded.lstrip("( ")[:1].isdigit() or not 0 <= row_start - last_row.end <= 3:
        return ctx
    label, colon, _ = last_row.text.partition(":")
    who = PARENTHESIS.sub("", label).strip()
    if not colon or len(label) > _ROW_LABEL or not who or who[0].isdigit():
        return ctx
    return replace(ctx, head=who, head_index=last_row.evidence_index)


def _row_patients(ctx: Context, row: Block) -> Context:
    """The context of the patients `row` is labelled for (its label shown before the new
    row's words when they do not say them: `Block.headed`)."""
    label, colon, _ = row.text.partition(":")
    if not colon or len(label) > _ROW_LABEL or row.who is None:
        return ctx
    return replace(
        ctx, who=row.who, bands=row.bands, head=label.strip(), head_index=row.evidence_index
    )


def past_band(own: Bands, said: Reading, last_row: Block | None) -> Bands:
    """A row's own bands; for one said of the children heavier or older than the row above
    ("trẻ nặng hơn" after a row for children under 25 kg), the band past that row's."""
    m = PAST_THE_BAND.match(said.folded)
    if m is None or last_row is None or not own.is_empty:
        return own
    heavier = m[0].endswith("nang hon")
    above = last_row.bands.weight if heavier else last_row.bands.age
    if above is None or above.hi == math.inf:
        return own
    past = Band(lo=above.hi, hi=math.inf, loose_hi=math.inf)
    return replace(own, weight=past) if heavier else replace(own, age=past)


_NOT_A_NAME = frozenset(DISEASE_KIND.folded) | {"benh", "dieu", "tri", "phong", "du"}


def nested_indication(label: Head, parent: Head | None) -> str:
    """ "Bệnh X:" on its own, then "Trong giai đoạn đầu: …": a row label that does not name
    the disease of the head it sits under is a phase of it, named "Bệnh X, Trong …"."""
    own = shown(label.text)
    if parent is None:
        return own
    named = set(parent.folded.split()) - _NOT_A_NAME
    if not named or named & set(label.folded.split()):
        return own
    return f"{shown(parent.text)}, {own}"


def _line_start(text: str, start: int) -> int:
    return text.rfind("\n", 0, start) + 1


def _opens_line(text: str, start: int) -> bool:
    """Nothing shown before `start` on its line."""
    return not shown(text[_line_start(text, start) : start]).strip("-•+ ")


def track_phases(
    stack: HeadStack, text: str, start: int, index: int, row_labels: list[Head], kind: BlockKind
) -> None:
    """A row of the indication head's own, not on the line of a labelled phase, makes the
    labelled rows after it its peers, no longer its phases."""
    line = (index, _line_start(text, start))
    own_ind = any(lb.kind is HeadKind.IND for lb in row_labels)
    if own_ind and _opens_line(text, start):
        stack.phase_line = line
    elif kind is BlockKind.ROW and not own_ind and stack.phase_line != line:
        stack.parent_ind = still_sites(stack.parent_ind, stack.phase_line, text, start)


# "*Để phòng cơn X*, có thể dùng …": a sentence opening with words set in emphasis, then a
# comma; the emphasized words say what the sentence and the rows after it treat.
_EMPHASIZED_OPENER = re.compile(r"\s*(?P<mark>[*_]{1,2})(?P<words>[^*_:\n]{6,140}?)(?P=mark)\s*,")


def emphasized_opener(text: str, start: int, end: int) -> Head | None:
    """The indication head a sentence opens with in emphasis before a comma (not a
    population, band or route: those are read as heads elsewhere), or None."""
    m = _EMPHASIZED_OPENER.match(text, start, end)
    if m is None:
        return None
    head = classify_head(text[m.start("mark") : m.end("words") + len(m["mark"])], m.end())
    return head if head.kind is HeadKind.IND and head.bands.is_empty else None


# "Để điều trị viêm họng, …", "Đối với viêm phổi: …": a sentence naming what it treats first.
_OPENER = re.compile(
    r"(?:de (?:dieu tri|du phong)|doi voi|trong (?:dieu tri|du phong)|dieu tri)\s+"
    r"(?P<ind>[^,:;.()]{3,140}?)\s*(?:[,:]|(?=\slieu\s))"
)


# "X cũng được dùng để dự phòng Y, với liều 40 mg": a row naming its purpose in its own words.
_USED_FOR = re.compile(r"\bduoc dung de\s+(?P<ind>[^,:;.()]{3,140}?)\s*,")
_USED_FOR_WITHIN = 60


def opener_indication(body: str) -> str | None:
    """The indication a row names in its opening words, if it is not a patient or a band."""
    folded = fold_aligned(body)
    m = _OPENER.match(folded) or _USED_FOR.search(folded)
    if m is None or m.start() > _USED_FOR_WITHIN:
        return None
    whole = m["ind"].strip()
    if NOT_AN_INDICATION.match(whole) or not parse_bands(whole).is_empty or who_of(whole):
        return None
    # "Điều trị duy trì X sau khi lành là 20 mg …": the indication ends before its dose.
    phrase = re.split(r"\s+(?:la\s|\d)", whole)[0].strip()
    return body[m.start("ind") : m.start("ind") + len(phrase)]


def line_opener(
    text: str, start: int, last_row: Block | None, index: int, blocks: list[Block]
) -> Block | None:
    """The row that opens this sentence's line, when a row of the line came before it."""
    if last_row is None or last_row.evidence_index != index or last_row.end > start:
        return None
    if "\n" in text[last_row.end : start]:
        return None
    line_start = text.rfind("\n", 0, start) + 1
    return next(
        (
            b
            for b in blocks
            if b.evidence_index == index and b.kind is BlockKind.ROW and b.start >= line_start
        ),
        last_row,
    )


def same_line_who(
    text: str, start: int, last_row: Block | None, index: int, blocks: list[Block]
) -> Who | None:
    """The population of the row that opens this line, when a row of the line came before:
    "…: Người lớn 2 mg; trẻ em 1 mg. Đạn trực tràng: 10 mg." is not said of the children only."""
    first = line_opener(text, start, last_row, index, blocks)
    return None if first is None else first.who


def same_line_bands(
    text: str,
    start: int,
    last_row: Block | None,
    index: int,
    blocks: list[Block],
    who: Who | None,
    own: Bands,
    said: Reading,
) -> Bands:
    """The age or weight band a line opens with ("Trẻ 13 - 17 tuổi: Bắt đầu 300 mg …"):
    a dose of its own later on that line, naming no patient ("Liều duy trì là …"), is said
    of the children of that band too, not of every child under the head."""
    first = line_opener(text, start, last_row, index, blocks)
    if first is None or who is None or first.who is not who:
        return own
    if STATE_PATIENTS.search(said.folded):
        return own  # a cap for patients in a state is theirs, not the band's (`goes_on`)
    label, colon, _ = first.text.partition(":")
    if not colon or len(label) > _ROW_LABEL or not (first.bands.age or first.bands.weight):
        return own
    return own.merged(Bands(age=first.bands.age, weight=first.bands.weight))


# "Ở người …", "Ở phụ nữ …", "Ở bệnh nhân …": a label naming the patients a row is for.
PATIENTS_OF_A_STATE = re.compile(r"o (?:nguoi|phu nu|benh nhan|tre|san phu|thai phu)(?![a-z])")


def patients_of_a_state(
    text: str, row_start: int, row_labels: list[Head], last_row: Block | None, row: Block
) -> Block:
    """ "Bệnh Y: Ở người khỏe: …; Ở phụ nữ có thai: …": each row is the indication's for the
    patients its label names ("Bệnh Y, Ở phụ nữ có thai"), so the question that names them
    (or the other state) picks among them."""
    state = next((lb for lb in row_labels if PATIENTS_OF_A_STATE.match(lb.folded)), None)
    if state is None:
        return row
    base = row.indication if row.indication and row.indication != state.text else None
    same_line = last_row is not None and "\n" not in text[last_row.end : row_start]
    if base is None and same_line and last_row is not None:
        base = (last_row.indication or "").split(", Ở ")[0] or None
    return replace(row, indication=f"{base}, {state.text}") if base else row


__all__ = [
    "PATIENTS_OF_A_STATE",
    "STATE_PATIENTS",
    "band_chain",
    "emphasized_opener",
    "line_chain",
    "line_opener",
    "line_routes",
    "nested_indication",
    "next_band_row",
    "opener_indication",
    "past_band",
    "patients_of_a_state",
    "row_routes",
    "same_line_bands",
    "same_line_who",
    "track_phases",
]
