"""Read a dosing section, as the book prints it, into blocks with their context.

The book writes a dose section as prose: part heads ("*Cách dùng:*", "*Liều lượng:*"),
population heads ("*Trẻ em:*"), indication sub-heads ("Đau, sốt:"), route heads
("*Uống:*"), then rows ("Trẻ em 2 - 4 tuổi: 180 mg;") and the caveats that govern them.
Emphasis and heading marks are structure cues, never shown. Every block keeps its
exact span (character offsets) in the evidence text it came from; its text is that
span with markup removed, never reworded. Derived at answer time from the evidence,
so chunk texts (and the content-addressed vector cache) never change.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum

from engine.frame import Route
from grounding.bands import Bands, parse_bands
from grounding.dosing import routes_named
from grounding.evidence import Evidence
from grounding.text import fold

_MARKUP = re.compile(r"^[#*_\s]+|[*_\s]+$")
# Emphasis marks: "*…*" and "_…_" (an underscore only at a word's edge), heading hashes.
_INNER_MARKUP = re.compile(r"\*+|(?<!\w)_+|_+(?!\w)|^#+\s*")
_NUMBER_WORD = re.compile(r"\d\s*[^\W\d_]+$")
_BREAKS = re.compile(r"\s*(?:<br\s*/?>\s*)+")
_SPACES = re.compile(r"[ \t]+")
_BOUNDARY = re.compile(r"(?<=[.!?;])\s+")
_DOSE = re.compile(
    r"\d\s*(?:mg|g|mcg|microgam|µg|ml(?!\s*/\s*ph)|đơn vị|UI|IU|viên|giọt|gói|ống)(?![a-zà-ỹ])",
    re.IGNORECASE,
)
_CAVEAT_START = re.compile(
    r"^(?:toi da|lieu toi da|khong qua|khong duoc (?:vuot|dung qua)|khong vuot qua|cac lieu"
    r"|co the (?:nhac|lap|them)|nhac lai|lap lai)"
)
_CAVEAT_ANY = re.compile(r"toi da|khong (?:duoc )?(?:vuot )?qua|nhac lai|lap lai")
_ANCHOR = re.compile(
    r"(?:tre|benh nhan|nguoi benh|so sinh|can nang|thieu nien|nhu nhi)[^.;:]{0,45}"
)
_FILLER = re.compile(r"(?:nhu sau|sau day|gom|chu y|luu y|(?<![a-z])la)$")
_HEAD_COLON = re.compile(r":(?!\d)")
_WHO_LEAD = re.compile(
    r"(?:(?:cach dung va )?lieu (?:luong |dung )?(?:va cach dung )?(?:o |cho |dung cho )?)?"
    r"(?:nguoi lon|nguoi cao tuoi|nguoi gia|tre|so sinh|benh nhan"
    r"|nguoi benh|thieu nien|nhu nhi|nguoi truong thanh)(?![a-z])"
)
_CHILD_WORD = re.compile(r"(?<![a-z])(?:tre|so sinh)(?![a-z])")
_PART_HEAD = re.compile(
    r"(?:lieu luong|lieu dung)(?: va cach dung)?|cach dung(?: va lieu (?:luong|dung))?"
)
_BULLET = re.compile(r"\s*(?:[-•+]|\*(?=\s)|\d+[.)])\s+")
_BAND_LEAD = re.compile(r"(?:\d|[<>≤≥]|tu |tren |duoi |can nang|clcr|do thanh thai)")
_GOES_ON = re.compile(r"(?:hoac|hay|sau do|tiep theo|roi)\b")
_PARENTHETICAL = re.compile(r"^\s*\(([^)]{1,60})\)")


class Part(StrEnum):
    USAGE = "usage"
    DOSING = "dosing"


class Who(StrEnum):
    ADULT = "adult"
    CHILD = "child"
    ELDERLY = "elderly"
    ANY = "any"


class BlockKind(StrEnum):
    ROW = "row"
    CAVEAT = "caveat"
    NOTE = "note"
    TABLE_ROW = "table_row"


@dataclass(frozen=True, slots=True)
class Context:
    """What the heads above a block say about it."""

    part: Part = Part.DOSING
    who: Who | None = None
    renal: bool = False
    hepatic: bool = False
    indication: str | None = None
    routes: tuple[Route, ...] = ()
    bands: Bands = field(default_factory=Bands)


@dataclass(frozen=True, slots=True)
class Block:
    """One row, caveat or note: the book's words, where they are, and what governs them."""

    text: str
    evidence_index: int
    start: int
    end: int
    kind: BlockKind
    context: Context
    bands: Bands
    who: Who | None
    routes: tuple[Route, ...]
    renal: bool
    hepatic: bool
    indication: str | None = None

    @property
    def group(self) -> tuple[object, ...]:
        """Blocks printed under the same heads share a group (a caveat governs its group)."""
        c = self.context
        return (c.part, c.who, c.renal, c.hepatic, self.indication, c.routes, self.evidence_index)


def _break(m: re.Match[str]) -> str:
    # After a number the break parts it from its unit: keep it a break; else a space.
    before = m.string[m.start() - 1 : m.start()]
    return "\n" if before.isdigit() else " "


def _unmark(m: re.Match[str]) -> str:
    # "6 tuổi_:" keeps its underscore: without it "6 tuổi" would read as a quantity that
    # the evidence, where the mark cuts number from unit, does not print.
    if m[0].startswith("_") and _NUMBER_WORD.search(m.string[max(0, m.start() - 24) : m.start()]):
        return m[0]
    return ""


def shown(raw: str) -> str:
    """The text a user sees for a span: markup removed, words untouched.

    A cell's line break after a number stays a line break: "cách 12<br>giờ" must not
    become "12 giờ", a quantity the evidence (where number and unit are parted) lacks.
    """
    text = _INNER_MARKUP.sub(_unmark, _BREAKS.sub(_break, raw))
    return _SPACES.sub(" ", text).strip(" :\n")


@dataclass(frozen=True, slots=True)
class _Label:
    text: str
    end: int
    kind: str  # part | cond | who | route | band | ind | filler
    who: Who | None = None
    renal: bool = False
    hepatic: bool = False
    routes: tuple[Route, ...] = ()
    bands: Bands = field(default_factory=Bands)
    part: Part | None = None


def _who(folded: str) -> Who | None:
    if re.search(r"cao tuoi|nguoi gia", folded):
        return Who.ELDERLY
    if re.search(r"nguoi lon|nguoi truong thanh", folded):
        # "Người lớn và trẻ em:" is everyone; "… và trẻ em trên 12 tuổi" is adults by band.
        head = folded.split(":", 1)[0]
        everyone = _CHILD_WORD.search(head) and not re.search(r"\d", head)
        return Who.ANY if everyone else Who.ADULT
    if re.search(r"(?<![a-z])(?:tre|so sinh|thieu nien|nhu nhi)(?![a-z])", folded):
        return Who.CHILD
    return None


def _classify(label: str, end: int) -> _Label:
    folded = fold(shown(label))
    if _PART_HEAD.fullmatch(folded):
        part = Part.USAGE if folded.startswith("cach dung") else Part.DOSING
        return _Label(label, end, "part", part=part)
    bands = parse_bands(label)
    renal = bool(
        re.search(r"suy than|clcr|thanh thai|tham phan|loc mau|(?:gan|ton thuong), than", folded)
    )
    hepatic = bool(re.search(r"suy gan|ton thuong gan|(?:nguoi )?benh gan", folded))
    who = _who(folded)
    leads_with_who = _WHO_LEAD.match(folded) is not None
    routes = routes_named(label) if len(folded) <= 50 else ()
    if _FILLER.search(folded):
        return _Label(label, end, "filler")
    if renal or hepatic:
        return _Label(label, end, "cond", who=who, renal=renal, hepatic=hepatic, bands=bands)
    if who is not None and leads_with_who:
        return _Label(label, end, "who", who=who, bands=bands, routes=routes)
    if routes and bands.is_empty:
        return _Label(label, end, "route", routes=routes)
    if not bands.is_empty and _BAND_LEAD.match(folded):
        return _Label(label, end, "band", bands=bands, routes=routes)
    return _Label(label, end, "ind", bands=bands)


def _labels(text: str, start: int, stop: int) -> list[_Label]:
    """The chain of "head:" labels opening text[start:stop] ("*Uống:* Trẻ em 2 - 4 tuổi: …")."""
    found: list[_Label] = []
    pos = start
    while len(found) < 4:
        # A head's colon ends a phrase ("Trẻ em:"), never a ratio ("2:1") or a time.
        found_colon = _HEAD_COLON.search(text, pos, min(stop, pos + 170))
        if found_colon is None:
            break
        colon = found_colon.start()
        head = text[pos:colon]
        if _DOSE.search(head) or re.search(r"[.;]\s", head) or not shown(head):
            break
        if fold(shown(head)).startswith(("neu ", "khi ", "trong truong hop")):
            break
        end = colon + 1
        while end < stop and text[end] in "*_ ":
            end += 1
        found.append(_classify(head, end))
        pos = end
    return found


def _sentences(text: str, start: int, stop: int) -> list[tuple[int, int]]:
    """Sentence spans of a line; ";" splits only before a new labelled row."""
    spans: list[tuple[int, int]] = []
    begin = start
    for m in _BOUNDARY.finditer(text, start, stop):
        after = text[m.end() : m.end() + 3].lstrip('*_("“')
        if not after or not (after[0].isupper() or after[0].isdigit()):
            continue
        if text[m.start() - 1] == ";":
            labels = _labels(text, m.end(), stop)
            if not labels or labels[0].kind not in ("band", "who"):
                continue
        spans.append((begin, m.start()))
        begin = m.end()
    spans.append((begin, stop))
    return [(s, e) for s, e in spans if text[s:e].strip()]


class _Stack:
    """The heads in force; a new head replaces its own level and every head set after it."""

    def __init__(self) -> None:
        self.part = Part.DOSING
        self.order: list[str] = []
        self.values: dict[str, _Label] = {}

    def set(self, level: str, label: _Label) -> None:
        if level in self.order:
            for name in self.order[self.order.index(level) :]:
                self.values.pop(name, None)
            self.order = self.order[: self.order.index(level)]
        self.order.append(level)
        self.values[level] = label

    def reset(self) -> None:
        self.order, self.values = [], {}

    def apply(self, label: _Label, *, heading_only: bool) -> bool:
        """Apply a head; False when the label belongs to the row instead.

        A head stands alone on its line or is set in emphasis ("*Trẻ em:* …"); a plain
        "Trẻ em theo cân nặng: …" or "Suy thận (ClCr …): …" opens one row only.
        """
        head = heading_only or "*" in label.text or "_" in label.text
        if self.part is Part.USAGE and head and label.kind in ("who", "cond"):
            # "*Liều dùng cho người lớn:*" after "Cách dùng" opens the dosing part.
            self.part = Part.DOSING
            self.reset()
        if label.kind == "part":
            self.part = label.part or self.part
            self.reset()
        elif label.kind == "cond" and head:
            self.reset()
            self.set("who", label)
        elif label.kind == "who" and (heading_only or (head and label.bands.is_empty)):
            outer = self.values.get("who")
            if outer is not None and _nests(outer, label):
                self.set("band", label)  # "Trẻ trên 12 tuần tuổi:" inside "trẻ dưới 40 kg:"
            else:
                self.set("who", label)
        elif label.kind == "route":
            self.set("route", label)
        elif heading_only and label.kind in ("ind", "band"):
            self.set(label.kind, label)
        elif label.kind != "filler":
            return False
        return True

    def context(self) -> Context:
        who = self.values.get("who")
        ind = self.values.get("ind")
        route = self.values.get("route")
        bands = Bands()
        for name in self.order:
            bands = self.values[name].bands.merged(bands)
        return Context(
            part=self.part,
            who=who.who if who else None,
            renal=bool(who and who.renal),
            hepatic=bool(who and who.hepatic),
            indication=shown(ind.text) if ind else None,
            routes=route.routes if route else (who.routes if who else ()),
            bands=replace(bands, adult_like=False),
        )


def _nests(outer: _Label, inner: _Label) -> bool:
    """A child head by age under a child head by weight narrows it rather than replacing it."""
    return (
        outer.who is inner.who is Who.CHILD
        and outer.bands.weight is not None
        and outer.bands.age is None
        and inner.bands.weight is None
        and inner.bands.age is not None
    )


def _anchored_bands(text: str) -> Bands:
    """Bands in an unlabelled sentence, only where they describe a patient ("ở trẻ dưới 6 tuổi")."""
    folded = fold(text)
    found = Bands(clearance=parse_bands(text).clearance)
    for m in _ANCHOR.finditer(folded):
        found = (
            found.merged(parse_bands(m[0]))
            if found.age or found.weight
            else parse_bands(m[0]).merged(found)
        )
    return replace(found, adult_like=bool(parse_bands(text).adult_like))


def _table(lines: list[tuple[int, int]], text: str, index: int, ctx: Context) -> list[Block]:
    cells = [[shown(c) for c in text[s:e].strip().strip("|").split("|")] for s, e in lines]
    header = cells[0]
    rows = [
        (span, row)
        for span, row in zip(lines[1:], cells[1:], strict=True)
        if not all(set(c) <= set("-: ") for c in row)
    ]
    renal = ctx.renal or "thanh thai" in fold(header[0]) or "clcr" in fold(header[0])
    blocks: list[Block] = []
    for (start, end), row in rows:
        pairs = [f"{h}: {c}" if h else c for h, c in zip(header, row, strict=False) if c]
        bands = parse_bands(row[0] if row else "").merged(ctx.bands)
        blocks.append(
            Block(
                " — ".join(pairs),
                index,
                start,
                end,
                BlockKind.TABLE_ROW,
                ctx,
                bands,
                ctx.who,
                ctx.routes,
                renal,
                ctx.hepatic,
                ctx.indication,
            )
        )
    return blocks


def _lines(text: str) -> list[tuple[int, int]]:
    spans, pos = [], 0
    for line in text.split("\n"):
        if line.strip():
            spans.append((pos, pos + len(line)))
        pos += len(line) + 1
    return spans


def parse_blocks(parts: Sequence[tuple[int, Evidence]]) -> list[Block]:
    """Blocks of a section's parts in order; heads carry across parts."""
    stack = _Stack()
    blocks: list[Block] = []
    for index, ev in parts:
        if ev.quarantined:
            continue
        text = ev.text
        spans = _lines(text)
        table: list[tuple[int, int]] = []
        for n, (ls, le) in enumerate(spans):
            if text[ls:le].lstrip().startswith("|"):
                table.append((ls, le))
                nxt = spans[n + 1] if n + 1 < len(spans) else None
                if nxt is None or not text[nxt[0] : nxt[1]].lstrip().startswith("|"):
                    blocks.extend(_table(table, text, index, stack.context()))
                    table = []
                continue
            bullet = _BULLET.match(text, ls)
            begin = bullet.end() if bullet else ls
            last_row: Block | None = None
            for ss, se in _sentences(text, begin, le):
                last_row = _sentence(text, ss, se, index, stack, blocks, last_row)
    return blocks


def _row_bands(text: str, body: str, row_labels: list[_Label]) -> Bands:
    """The bands a row names itself: in its labels (and a parenthesis after them), else in
    the patient words of the sentence ("ở trẻ dưới 6 tuổi")."""
    if not row_labels:
        return _anchored_bands(body)
    own = next((lb.bands for lb in row_labels if not lb.bands.is_empty), Bands())
    paren = _PARENTHETICAL.match(text, row_labels[-1].end)
    if paren:
        own = own.merged(parse_bands(paren[1])) if not own.is_empty else parse_bands(paren[1])
    return replace(own, adult_like=parse_bands(body).adult_like)


def _kind(body: str, folded: str, own: Bands, *, has_labels: bool) -> BlockKind:
    """A caveat ("tối đa …"), a dose row, or a note that doses nothing."""
    dose = bool(_DOSE.search(body))
    if _CAVEAT_START.match(folded) or (not has_labels and not dose and _CAVEAT_ANY.search(folded)):
        return BlockKind.CAVEAT
    if has_labels or dose or own.adult_like or own.clearance is not None:
        return BlockKind.ROW
    return BlockKind.NOTE


def _sentence(
    text: str,
    start: int,
    end: int,
    index: int,
    stack: _Stack,
    blocks: list[Block],
    last_row: Block | None,
) -> Block | None:
    """Read one sentence: apply its heads, then add it as a row, caveat, note or continuation."""
    labels = _labels(text, start, end)
    if not labels and _PART_HEAD.fullmatch(fold(shown(text[start:end])).rstrip(".")):
        # "Liều lượng" printed as a line of its own, without a colon, is still a part head.
        labels = [_classify(text[start:end], end)]
    row_start = start
    row_labels: list[_Label] = []
    kept = False
    for label in labels:
        rest = shown(text[label.end : end])
        if row_labels or not stack.apply(label, heading_only=not rest):
            row_labels.append(label)
            kept = True
            continue
        if label.kind in ("route", "part", "filler") or not rest:
            row_start = row_start if kept else label.end
        else:
            kept = True  # a population or condition head is read with its row
    body = shown(text[row_start:end])
    if not body:
        return None
    ctx = stack.context()
    while row_start < end and text[row_start] in "#*_ ":
        row_start += 1
    stop = end
    while stop > row_start and text[stop - 1] in "*_ ":
        stop -= 1
    folded = fold(body)
    own = _row_bands(text, body, row_labels)
    # A sentence after a row belongs to it unless it is a dose of its own ("Liều duy trì …").
    follows = (
        not _DOSE.search(body) or bool(_CAVEAT_ANY.search(folded)) or bool(_GOES_ON.match(folded))
    )
    if last_row is not None and not labels and own.age is None and own.weight is None and follows:
        grown = replace(last_row, end=stop, text=shown(text[last_row.start : stop]))
        blocks[blocks.index(last_row)] = grown
        return grown
    kind = _kind(body, folded, own, has_labels=bool(row_labels))
    # Who a row is for is said before its colon, not in its dose ("½ liều người lớn").
    lead = fold(shown(text[row_start : row_labels[-1].end])) if row_labels else folded[:45]
    named = [lb.who for lb in row_labels if lb.kind == "who" and lb.who]
    who = named[0] if named else (_who(lead) or ctx.who)
    # The head's route governs, unless the row opens with its own ("… 20 kg: Uống 10 mg");
    # a route named later in the row ("không uống được") does not.
    after = text[row_labels[-1].end : row_labels[-1].end + 20] if row_labels else ""
    routes = routes_named(after) or ctx.routes or routes_named(body[:60])
    # A row that names its own population ("Trẻ em dưới 2 tuổi: …" after "*Suy thận:*")
    # is not a renal or hepatic row unless it says so itself.
    own_who = any(lb.who for lb in row_labels) or _who(lead) is not None
    renal = (ctx.renal and not own_who) or own.clearance is not None
    renal = renal or any(lb.renal for lb in row_labels)
    hepatic = (ctx.hepatic and not own_who) or "suy gan" in lead
    hepatic = hepatic or any(lb.hepatic for lb in row_labels)
    block = Block(
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
        # A row's indication is its own head, else that of the row it follows on the line.
        next(
            (shown(lb.text) for lb in row_labels if lb.kind == "ind"),
            last_row.indication if last_row is not None and not labels else ctx.indication,
        ),
    )
    blocks.append(block)
    return block if kind is BlockKind.ROW else None


__all__ = ["Block", "BlockKind", "Context", "Part", "Who", "parse_blocks", "shown"]
