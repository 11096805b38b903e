"""The sentences of a dose section: where a line splits into them, and what each one is.

A sentence applies its heads to the running head stack, then becomes a row, a caveat, a
note, or the continuation of the row above it; its bands, population, route, renal and
hepatic marks and indication are read here. `grounding.blocks` walks the lines.
"""

from __future__ import annotations

import re
from dataclasses import replace

from core.text import fold
from grounding.bands import Bands, parse_bands
from grounding.block import Block, BlockKind, Reading, text_reading
from grounding.book.doses import dose_for_patient
from grounding.book.vocabulary import (
    ALTERNATIVE,
    CAVEAT_OPENS,
    CAVEAT_WORDS,
    CLEARANCE_LEAD,
    NOT_A_HEAD,
    RENAL_PATIENT,
)
from grounding.form_routes import pack_routes
from grounding.head_stack import HeadStack, emphasized, label_words
from grounding.heads import (
    DOSE,
    PART_HEAD,
    Head,
    HeadKind,
    Who,
    classify_head,
    heads_at,
    opens_with_everyone,
    who_of,
)
from grounding.line_links import (
    PATIENTS_OF_A_STATE,
    band_chain,
    emphasized_opener,
    goes_on,
    line_chain,
    nested_indication,
    next_band_row,
    opener_indication,
    other_route_row,
    past_band,
    patients_of_a_state,
    row_routes,
    same_line_bands,
    same_line_who,
    track_phases,
)
from grounding.markup import shown
from grounding.patient_bands import patient_bands, trailing_bands

_PARENTHETICAL = re.compile(r"^\s*\(([^)]{1,60})\)")
# "_Trẻ còn bú và trẻ em_ (dưới 10 tuổi …)." heads a population by its band, without a colon.
_EMPHASIZED_LINE = re.compile(
    r"\s*(?P<mark>[*_]{1,2})(?P<words>[^*_\n]{3,100})(?P=mark)\s*(?P<paren>\([^()\n]{1,80}\))?"
    r"\s*\.?\s*"
)
MAX_PHRASE_HEAD_WORDS = 6


# Where a dose line's sentences may end (`opens_dose_row` decides): also the comma before a
# band said as a condition ("400 mg/ngày, nếu ClCr dưới 20 ml/phút, 100 mg/ngày").
DOSE_ROW_GAPS = re.compile(r"(?<=[.!?;])\s+|(?<=,)\s+(?=nếu\s)")


def opens_dose_row(text: str, gap_start: int, gap_end: int, stop: int) -> bool:
    """Does a new sentence of a dose line open after this gap? After ".", "!" or "?" when
    it opens with a capital or a digit; after ";" only when a new labelled row opens; after
    "," only when a band said as a condition follows."""
    after = text[gap_end : gap_end + 3].lstrip('*_("“')
    if text[gap_start - 1] == ",":
        # "…, nếu ClCr dưới 20 ml/phút, …": another band's row
        return _if_band(text_reading(text).folded_span(gap_end, min(stop, gap_end + 60)))
    semicolon = text[gap_start - 1] == ";"
    # After ";" a labelled row may start in lower case ("…; trẻ 5 - 12 tuổi: …"); the
    # label check below decides.
    if not after or not (after[0].isupper() or after[0].isdigit() or semicolon):
        return False
    if not semicolon or _if_band(text_reading(text).folded_span(gap_end, min(stop, gap_end + 60))):
        return True
    labels = heads_at(text, gap_end, stop)
    # A new band ("Trẻ em 2 - 4 tuổi:", "ClCr < 10 ml/phút:") opens a new row; so do the
    # patients of a state ("…; Ở người suy giảm miễn dịch: …; Ở phụ nữ mang thai: …").
    return bool(labels) and (
        labels[0].kind in (HeadKind.BAND, HeadKind.WHO)
        or labels[0].bands.clearance is not None
        or PATIENTS_OF_A_STATE.match(labels[0].folded) is not None
    )


def _phrase_head(text: str, said: Reading, end: int) -> Head | None:
    """ "Phòng say tàu xe. Người lớn: 25 mg …": a short phrase without a dose, before a
    population or band row, is the indication head of the rows after it (`said`: the
    sentence's words up to `end`, as read)."""
    words = said.text.strip()
    folded = said.folded.rstrip(".")
    if (
        not words.endswith(".")
        or re.search(r"\d", words)
        or len(folded.split()) > MAX_PHRASE_HEAD_WORDS
        or NOT_A_HEAD.said(words)
    ):
        return None
    head = classify_head(words.rstrip("."), end)
    if head.kind is not HeadKind.IND:
        return None
    line_end = text.find("\n", end + 1)
    following = heads_at(text, end + 1, len(text) if line_end < 0 else line_end)
    if not following or following[0].kind not in (HeadKind.WHO, HeadKind.BAND):
        return None
    return head


def _opens_with_population(folded: str) -> bool:
    """ "…; trẻ em 1 - 5 mg …", "…; trẻ em trên 6 tháng tuổi dùng tới 10 mg": a clause that
    opens with whom it is for, then gives its own dose, is that population's row."""
    clause = folded.split(";", maxsplit=1)[0]
    dose = DOSE.search(clause)
    if dose is None:
        return False
    return who_of(" ".join(clause[: dose.start()].split()[:2])) is not None


def _if_band(folded: str) -> bool:
    """ "; nếu TTC là 19 - 10 ml/phút, …" or "; độ thanh thải creatinin 11 - 34 ml/phút,
    dùng …": a new banded row said as a condition or opened by its clearance (`folded`: the
    clause folded)."""
    head = folded.split(",", maxsplit=1)[0]
    if folded.startswith("neu "):
        return not parse_bands(head).is_empty
    if _opens_with_population(folded):
        return True
    if dose_for_patient(folded):
        # "; 1 mg/ngày cho trẻ 5 - 10 tuổi; …": the dose first, then whom it is for.
        return not parse_bands(folded.split(";", maxsplit=1)[0]).is_empty
    return CLEARANCE_LEAD.match(folded) is not None and parse_bands(head).clearance is not None


# An unlabelled row that opens with its band ("Dưới 1 tuổi ngày 1 gói", "Từ 1- 2 tuổi …").
_OPENS_WITH_BAND = re.compile(
    r"(?:tu|tren|duoi|[<>≤≥])\s*\d[^.;:]{0,12}?(?:tuoi|thang|ngay|tuan|kg)"
)


def _anchored_bands(said: Reading) -> Bands:
    """Bands in an unlabelled sentence, only where they describe a patient ("ở trẻ dưới 6
    tuổi"), or where the sentence opens with its band, before any dose ("Dưới 1 tuổi …")."""
    text = said.text
    found = patient_bands(text)
    if found.age is None and found.weight is None:
        lead = _OPENS_WITH_BAND.match(said.folded)
        dose = DOSE.search(text)
        if lead and (dose is None or dose.start() >= lead.end()):
            opening = parse_bands(text[: lead.end()])
            found = replace(found, age=opening.age, weight=opening.weight)
    return found


def emphasized_head(text: str, start: int, stop: int) -> Head | None:
    """A whole line set in emphasis, without a colon (but a route's closing one) or a dose, is a
    head of its own ("_Giun lươn (Strongyloides)_", "_Khí dung:_"): an indication, population
    or route for the rows after."""
    m = _EMPHASIZED_LINE.fullmatch(text, start, stop)
    if m is None:
        return None
    # "_Khí dung:_" alone on its line: the colon closes the head, nothing follows it.
    closed = m["words"].strip().rstrip(".").endswith(":")
    words = m["words"].strip().rstrip(".").removesuffix(":").rstrip()
    if ":" in words or DOSE.search(words) or NOT_A_HEAD.said(words):
        return None
    if m["paren"] and not DOSE.search(m["paren"]):
        words = f"{words} {m['paren']}"
    head = classify_head(words, stop)
    if closed and head.kind is not HeadKind.ROUTE:
        return None  # "_Đối với bệnh gút:_": the labelled-line reader takes it
    return (
        head if head.kind in (HeadKind.IND, HeadKind.WHO, HeadKind.ROUTE, HeadKind.COND) else None
    )


def _row_bands(text: str, said: Reading, row_labels: list[Head]) -> Bands:
    """The bands a row names itself: in its labels (and a parenthesis after them), else in
    the patient words of the sentence ("ở trẻ dưới 6 tuổi")."""
    body = said.text
    if not row_labels:
        return _anchored_bands(said)
    own = next((lb.bands for lb in row_labels if not lb.bands.is_empty), Bands())
    if own.is_empty:
        own = trailing_bands(body)  # "…, đối với trẻ < 12 tháng tuổi, 12 tháng - 10 tuổi"
    if own.is_empty and all(lb.kind is HeadKind.IND for lb in row_labels):
        # "Viêm khớp X: Trẻ dưới 25 kg uống …": the patient said before the dose.
        dose = DOSE.search(body)
        own = patient_bands(body[: dose.start()]) if dose else own
    paren = _PARENTHETICAL.match(text, row_labels[-1].end)
    if paren:
        own = own.merged(parse_bands(paren[1])) if not own.is_empty else parse_bands(paren[1])
    return replace(own, adult_like=parse_bands(body).adult_like)


def _kind(said: Reading, own: Bands, *, has_labels: bool) -> BlockKind:
    """A caveat ("tối đa …"), a dose row, or a note that doses nothing."""
    dose, folded = said.prints_dose, said.folded
    if CAVEAT_OPENS.match(folded) or (not has_labels and not dose and CAVEAT_WORDS.search(folded)):
        return BlockKind.CAVEAT
    if has_labels or dose or own.adult_like or own.clearance is not None:
        return BlockKind.ROW
    return BlockKind.NOTE


def _read_heads(
    text: str, start: int, end: int, stack: HeadStack, sentence: Reading
) -> tuple[list[Head], list[Head], int]:
    """The labels opening a sentence, applied to `stack`: all of them, those that belong to
    the row, and where the row's quoted text starts (`sentence`: text[start:end] as shown,
    read)."""
    labels = heads_at(text, start, end)
    if not labels and PART_HEAD.fullmatch(sentence.folded.rstrip(".")):
        # "Liều lượng" printed as a line of its own, without a colon, is still a part head.
        labels = [classify_head(text[start:end], end)]
    row_start = start
    row_labels: list[Head] = []
    kept = False
    for n, label in enumerate(labels):
        rest = shown(text[label.end : end])
        if row_labels or not stack.apply(label, heading_only=not rest, inner=n > 0):
            row_labels.append(label)
            kept = True
            continue
        # A plain "Uống: 250 mg" keeps its route word; "*Uống:* …" is a head, not quoted.
        plain_route = label.kind is HeadKind.ROUTE and not emphasized(label)
        if (
            label.kind in (HeadKind.ROUTE, HeadKind.PART, HeadKind.FILLER) and not plain_route
        ) or not rest:
            row_start = row_start if kept else label.end
        else:
            kept = True  # a population or condition head is read with its row
    return labels, row_labels, row_start


def _trimmed_end(text: str, start: int, end: int) -> int:
    """Where a row's words end, without the emphasis marks and spaces after them."""
    while end > start and text[end - 1] in "*_ ":
        end -= 1
    return end


def _opens_with_everyone(text: str, row_labels: list[Head], row_start: int, end: int) -> bool:
    """The row's own words (after its labels, or its first colon) open with adults and
    children together, no band."""
    own = text_reading(text).folded_span(row_labels[-1].end if row_labels else row_start, end)
    return opens_with_everyone(own.split(":", 1)[-1].lstrip(" *_"))


def read_sentence(
    text: str,
    start: int,
    end: int,
    index: int,
    stack: HeadStack,
    blocks: list[Block],
    last_row: Block | None,
) -> Block | None:
    """Read one sentence: apply its heads, then add it as a row, caveat, note or continuation."""
    # The sentence is read once; the row's words are a reading of their own only when
    # heads before them are left out.
    sentence = Reading(shown(text[start:end]))
    labels, row_labels, row_start = _read_heads(text, start, end, stack, sentence)
    if not labels and (opener := emphasized_opener(text, start, end)) is not None:
        stack.apply(opener, heading_only=False)
    said = sentence if row_start == start else Reading(shown(text[row_start:end]))
    if not said.text:
        return None
    if not row_labels:
        head = emphasized_head(text, start, end) or _phrase_head(text, said, end)
        if head is not None:
            stack.apply(head, heading_only=True)
            return None
    # "Có thể tiêm …" on a line after "Trẻ em 4 - 11 tuổi: Uống …" is said of those children.
    ctx = stack.alternative(
        stack.context(),
        labelled=bool(labels),
        goes_on=last_row is not None or ALTERNATIVE.match(said.folded) is not None,
    )
    while row_start < end and text[row_start] in "#*_ ":
        row_start += 1
    stop = _trimmed_end(text, row_start, end)
    own = past_band(_row_bands(text, said, row_labels), said, last_row)
    # "Còn có thể dùng … đường trực tràng …" under "Trẻ em dưới 6 tuổi:" is a row of its own;
    # "…; (7 - 30 ngày): …" is the next band of the patients of the row before it.
    ctx, other_way = other_route_row(
        said, last_row, next_band_row(ctx, row_labels, row_start, last_row), labelled=bool(labels)
    )
    # A sentence after a row belongs to it unless it is a dose of its own ("Liều duy trì …");
    # "Thí dụ: …" illustrates it, whatever it doses.
    example = bool(labels) and all(lb.example for lb in labels)
    follows = example or goes_on(said, last_row, other_way=other_way)
    # "…, chia 3 lần. Liều tối đa: 1 g/ngày." goes on with the row before it.
    usual = bool(labels) and all(lb.kind is HeadKind.USUAL for lb in labels)
    unlabelled = not labels or example or (usual and bool(CAVEAT_WORDS.search(said.folded)))
    banded = own.age is not None or own.weight is not None or own.clearance is not None
    if last_row is not None and unlabelled and not banded and follows:
        grown = replace(last_row, end=stop, text=shown(text[last_row.start : stop]))
        blocks[blocks.index(last_row)] = grown
        return grown
    kind = _kind(said, own, has_labels=bool(row_labels))
    first = row_labels[0] if row_labels else None
    if first is not None and first.kind in (HeadKind.WHO, HeadKind.COND):
        stack.row_labelled(first, prints_dose=said.prints_dose, per_kg=bool(said.figures))
    # Who a row is for is said before its colon, not in its dose ("½ liều người lớn").
    lead = fold(shown(text[row_start : row_labels[-1].end])) if row_labels else said.folded[:45]
    named = [lb.who for lb in row_labels if lb.kind is HeadKind.WHO and lb.who]
    # A row labelled by its own condition ("Suy thận: Clcr …") is said of every patient
    # with it, not of the population head printed above.
    inherited = None if any(lb.kind is HeadKind.COND for lb in row_labels) else ctx.who
    # "Bệnh X: Người lớn và trẻ em 25 mg/kg/ngày": everyone, said after the colon.
    who = (
        named[0]
        if named
        else Who.ANY
        if _opens_with_everyone(text, row_labels, row_start, end)
        else who_of(lead) or inherited
    )
    if who is None and not any(lb.kind is HeadKind.COND for lb in row_labels):
        # "Trẻ em: Khởi đầu 5 mg/kg/ngày. Liều duy trì: 4 - 8 mg/kg/ngày.": a sentence on
        # the line of a population's row is said of that population too.
        who = same_line_who(text, start, last_row, index, blocks)
    own = (
        own
        if row_labels or banded
        else same_line_bands(text, start, last_row, index, blocks, who, own, said)
    )
    # "Ống tiêm 75 mg/3 ml: … Tiêm bắp …": a pack's row goes by the injection its line names.
    routes = pack_routes(text, row_start) or row_routes(text, row_labels, ctx, last_row, said)
    # A row that names its own population ("Trẻ em dưới 2 tuổi: …" after "*Suy thận:*")
    # is not a renal or hepatic row unless it says so itself.
    own_who = any(lb.who for lb in row_labels) or who_of(lead) is not None
    renal = (ctx.renal and not own_who) or own.clearance is not None
    renal = renal or any(lb.renal for lb in row_labels)
    # "… đối với người suy thận, có thể dùng 7,5 mg/kg": a renal row without a renal head.
    renal = renal or (not row_labels and RENAL_PATIENT.search(said.folded) is not None)
    hepatic = (ctx.hepatic and not own_who) or "suy gan" in lead
    hepatic = hepatic or any(lb.hepatic for lb in row_labels)
    if kind is BlockKind.NOTE and (renal or hepatic) and said.adjusts:
        kind = BlockKind.ROW  # "*Suy gan:* Liều cần giảm một nửa." doses by the usual dose
    block = patients_of_a_state(
        text,
        row_start,
        row_labels,
        last_row,
        Block(
            shown(text[row_start:stop]),
            index,
            row_start,
            stop,
            kind,
            ctx,
            # A row naming another population ("Người lớn: …" under a child head) keeps only
            # its own bands, not the head's.
            own if who is not ctx.who and ctx.who is not None else own.merged(ctx.bands),
            who,
            routes,
            renal,
            hepatic,
            # A row's indication is its own head, else that of the row it follows on the line,
            # else that of a banded row just above whose indication was its own inline head
            # ("Thủy đậu: Trên 2 tuổi: …" then "Hoặc dưới 2 tuổi: …", "2 - 5 tuổi: …").
            next(
                (
                    nested_indication(lb, stack.nesting())
                    for lb in row_labels
                    if lb.kind is HeadKind.IND
                ),
                opener_indication(
                    shown(text[row_labels[-1].end : end]) if row_labels else said.text
                )
                or (
                    last_row.indication
                    if last_row is not None and not labels
                    else band_chain(blocks, row_labels, ctx)
                    or line_chain(last_row, row_labels, ctx)
                    or ctx.indication
                ),
            ),
            reading=said,
        ),
    )
    blocks.append(block)
    if kind is BlockKind.ROW and first is not None and first.kind in (HeadKind.WHO, HeadKind.BAND):
        stack.owner = None if first.bands.is_empty else (block, label_words(first))
    track_phases(stack, text, start, index, row_labels, kind)
    return block if kind is BlockKind.ROW else None


__all__ = ["emphasized_head", "opens_dose_row", "read_sentence"]
