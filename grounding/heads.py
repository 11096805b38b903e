"""The heads of a dose section: what a "label:" names, and which heads are in force.

A head is a short phrase before a colon: a part ("Liều lượng"), a population ("*Trẻ em:*"),
a condition ("*Suy thận:*"), a route ("*Uống:*"), a band ("Trẻ em 2 - 4 tuổi") or an
indication ("Đau, sốt"). A head alone on its line or set in emphasis governs what
follows it until a head of its level or above; a plain one opens a single row.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import StrEnum
from functools import lru_cache, partial

from core.frame import Route
from core.text import fold, fold_aligned
from grounding.bands import Bands, parse_bands
from grounding.book.doses import DOSE
from grounding.book.filter_words import ADULTS_AND_CHILDREN, BAND_OPENERS, BAND_UNITS
from grounding.book.vocabulary import (
    ADULT_WORDS,
    BODY_WEIGHT,
    CHILD_HEAD,
    CHILD_WHO,
    ELDERLY_WORDS,
    EXAMPLES,
    FILLER_ENDS,
    FILLER_OPENS,
    FILLER_WHOLE,
    HEPATIC_WORDS,
    INJECTION,
    NOT_PROSE,
    PART_HEADS,
    PROSE,
    REMARKS,
    RENAL_WORDS,
    ROUTE_LEAD,
    USUAL_DOSE,
    WHO_LEAD,
)
from grounding.dosing import routes_in
from grounding.markup import shown
from grounding.usual_heads import usual_during, usual_for_who

PART_HEAD = PART_HEADS
REMARK = REMARKS
# A head announcing some special indications for children heads the indications after it.
_INDICATIONS_FOR_WHO = re.compile(
    r"(?:mot so |cac )?chi dinh(?: dac biet| khac)?(?: dung)? (?:doi voi|cho|o) (?=[a-z])"
)
_EMPHASIZED_LEAD = re.compile(r"\s*(?P<mark>[*_]{1,2})(?P<words>[^*_\n]{3,80})(?P=mark)\s*,")
# "Người nặng trên 50 kg:" is a weight band with a person word before it, not an indication.
ELDERLY_BAND_MONTHS = 60 * 12
"""An age band opening at or above this names the elderly ("trên 60 tuổi", "> 65 tuổi")."""
# "Với bệnh nhân trên 60 tuổi:" is a band of patients too.
_BAND_LEAD = re.compile(
    r"(?:(?:voi |doi voi |o )?(?:benh nhan |nguoi benh )(?=duoi \d|tren \d|tu \d|[<>≤≥]))?"
    r"(?:nguoi (?=(?:can )?nang |duoi \d|tren \d|[<>≤≥]))?"
    r"(?:\d|[<>≤≥]|tu |tren |duoi |can nang|nang |clcr|do thanh thai)"
)


# Route words inside a disease's name ("huyết khối tĩnh mạch", "bệnh than do hít", "polyp
# đại - trực tràng") name no route.
_DISEASE_ROUTE = re.compile(
    r"(?<![a-z])(?:huyet khoi|tac|nghen|gian|viem|suy|da va)"
    r"(?: (?!tiem|truyen|duong|qua|dung)[a-z]+){0,2} (?:tinh|dong) mach"
    r"|(?<![a-z])(?:do hit|hit phai)(?![a-z])|(?:polyp|ung thu)[a-z -]{0,20}truc trang"
)
PARENTHESIS = re.compile(r"\([^()]*\)")
"""A parenthesis with none inside it ("(cefuroxim natri)")."""
# A long head is a route head only when it opens with its route (vocabulary.ROUTE_LEAD).
MAX_ROUTE_HEAD = 50
MAX_LONG_ROUTE_HEAD = 90
INJECTION_ROUTES = (Route.IV, Route.IM, Route.SC)


def _blank(text: str, pattern: re.Pattern[str]) -> str:
    """`text` with the spans `pattern` finds in its folded form turned into spaces."""
    aligned = fold_aligned(text)
    if len(aligned) != len(text):
        return text
    out = list(text)
    for m in pattern.finditer(aligned):
        out[m.start() : m.end()] = " " * (m.end() - m.start())
    return "".join(out)


# The book prints "tĩnh mạnh" for "tĩnh mạch" in places ("Tiêm tĩnh mạnh enalaprilat:").
_MISSPELT_VEIN = re.compile(r"(tĩnh|tinh) mạnh", re.IGNORECASE)


def route_words(label: str) -> tuple[Route, ...]:
    """The routes a head names; a disease's name, or the parenthesis of a long head that
    opens with its route ("(cefuroxim natri)"), names none."""
    plain = _MISSPELT_VEIN.sub(r"\1 mạch", _blank(shown(label), _DISEASE_ROUTE))
    folded = fold(plain)
    if INJECTION.fullmatch(folded):
        return INJECTION_ROUTES
    if len(folded) <= MAX_ROUTE_HEAD:
        return routes_in(plain, folded)
    bare = _blank(plain, PARENTHESIS)
    # Folding keeps the parentheses where they are, so the bare head's folded words are the
    # folded words with the same parentheses left out.
    folded_bare = " ".join(PARENTHESIS.sub(" ", folded).split())
    long_head = ROUTE_LEAD.match(folded_bare) and len(folded_bare) <= MAX_LONG_ROUTE_HEAD
    return routes_in(bare, folded_bare) if long_head else ()


def read_label(label: str) -> tuple[str, str]:
    """A label's words as read once: folded with its markup removed, and the same with its
    weight words read as "cân nặng" (what the head vocabulary matches)."""
    folded = fold(shown(label))
    return folded, BODY_WEIGHT.replace(folded, "can nang")


def head_words(label: str) -> str:
    """A label folded, markup removed, its weight words read as "cân nặng"."""
    return read_label(label)[1]


class HeadKind(StrEnum):
    """What a head names: a part of the section, a condition, a population, a route, a
    band, an indication, which dose a row is ("Liều thường dùng:"), or nothing (filler)."""

    PART = "part"
    COND = "cond"
    WHO = "who"
    ROUTE = "route"
    BAND = "band"
    IND = "ind"
    USUAL = "usual"
    FILLER = "filler"


class Part(StrEnum):
    USAGE = "usage"
    DOSING = "dosing"


class Who(StrEnum):
    ADULT = "adult"
    CHILD = "child"
    ELDERLY = "elderly"
    ANY = "any"


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
    head: str | None = None
    """The words of the child band head in force ("Trẻ trên 12 tuần tuổi"), as shown: what
    a row under it is for when its own words do not say so."""
    head_index: int | None = None
    """The evidence the head is printed in (a section's parts are chunks of their own)."""


@dataclass(frozen=True, slots=True)
class Head:
    """One "label:" as read: its words, where its colon ends, what kind of head it is, and
    its words folded with the markup removed (`folded`, read once with the head)."""

    text: str
    end: int
    kind: HeadKind
    who: Who | None = None
    renal: bool = False
    hepatic: bool = False
    routes: tuple[Route, ...] = ()
    bands: Bands = field(default_factory=Bands)
    part: Part | None = None
    folded: str = ""

    @property
    def example(self) -> bool:
        """ "Thí dụ:" opens an illustration of the row above, not a row of its own."""
        return self.kind is HeadKind.FILLER and EXAMPLES.fullmatch(self.folded) is not None


def opens_with_everyone(folded: str) -> bool:
    """A row's words after its label (folded) open with adults and children together, no
    band ("Người lớn và trẻ em 25 mg/kg/ngày"): the row is everyone's."""
    m = ADULTS_AND_CHILDREN.match(folded)
    return m is not None and not _opens_with_band(folded[m.end() :])


def _opens_with_band(after: str) -> bool:
    """The words open with an age or weight band, a parenthesis and a bound word allowed
    before its number ("(trên 12 tuổi)", "12 tuổi", "> 40 kg")."""
    rest = after.lstrip(" ").removeprefix("(").lstrip(" ")
    bound = next((w for w in BAND_OPENERS.folded if rest.startswith(w)), "")
    rest = rest[len(bound) :].lstrip(" ")
    digits = next((i for i, c in enumerate(rest) if not c.isdecimal()), len(rest))
    return digits > 0 and rest[digits:].lstrip(" ").startswith(BAND_UNITS.folded)


def who_of(folded: str) -> Who | None:
    """The population a folded phrase names, if any."""
    if ELDERLY_WORDS.search(folded):
        return Who.ELDERLY
    if ADULT_WORDS.search(folded):
        # "Người lớn và trẻ em:" is everyone; "… và trẻ em trên 12 tuổi" is adults by band.
        head = folded.split(":", 1)[0]
        everyone = CHILD_HEAD.search(head) and not any(c.isdecimal() for c in head)
        return Who.ANY if everyone else Who.ADULT
    if CHILD_WHO.search(folded):
        return Who.CHILD
    return None


# A bare span of days or weeks of life as a row's label, "(7 - 30 ngày)", "8 - 28 ngày".
_BARE_DAYS = re.compile(r"\(?\s*\d+\s*-\s*\d+\s*(?:ngay|tuan)(?: tuoi)?\s*\)?")


@lru_cache(maxsize=16384)
def classify_head(label: str, end: int) -> Head:
    """What kind of head a label is; `end` is where its colon (and emphasis) ends."""
    said, folded = read_label(label)
    head = partial(Head, label, end, folded=said)
    if PART_HEAD.fullmatch(folded):
        part = Part.USAGE if folded.startswith("cach dung") else Part.DOSING
        return head(HeadKind.PART, part=part)
    bands = parse_bands(label)
    renal = bool(RENAL_WORDS.search(folded))
    hepatic = bool(HEPATIC_WORDS.search(folded))
    who = who_of(folded)
    leads_with_who = WHO_LEAD.match(folded) is not None
    routes = route_words(label)
    filler = (
        FILLER_ENDS.ends(folded)
        or FILLER_OPENS.match(folded)
        or FILLER_WHOLE.fullmatch(folded)
        or EXAMPLES.fullmatch(folded)
    )
    if _BARE_DAYS.fullmatch(folded):
        # "…: 100 mg/kg/ngày; (7 - 30 ngày): …": the next band of the babies the row names.
        return head(HeadKind.BAND, bands=parse_bands(f"trẻ {label.strip('() ')}"))
    if filler or (folded.startswith("(") and folded.endswith(")")):
        # "(tác dụng tốt nhất khi …):" after a head remarks on it; it heads nothing.
        return head(HeadKind.FILLER)
    if USUAL_DOSE.fullmatch(PARENTHESIS.sub("", folded).strip()):
        return head(HeadKind.USUAL)
    if renal or hepatic:
        return head(HeadKind.COND, who=who, renal=renal, hepatic=hepatic, bands=bands)
    for_who = usual_for_who(folded) or _INDICATIONS_FOR_WHO.match(folded) is not None
    if who is not None and (leads_with_who or for_who):
        return head(HeadKind.WHO, who=who, bands=bands, routes=routes)
    if usual_during(folded):
        return head(HeadKind.USUAL)
    if routes and bands.is_empty and not _route_in_parenthesis_only(label):
        return head(HeadKind.ROUTE, routes=routes)
    if led := _route_then_who(label):
        return head(HeadKind.WHO, who=led[1], bands=bands, routes=led[0])
    # "Hoặc dưới 2 tuổi:" is a band like "Dưới 2 tuổi:", an alternative to the row before.
    unled = next((folded[len(w) :] for w in ("hoac ", "hay ") if folded.startswith(w)), folded)
    if not bands.is_empty and _BAND_LEAD.match(unled):
        if bands.age is not None and bands.age.lo >= ELDERLY_BAND_MONTHS and bands.weight is None:
            # "Với bệnh nhân trên 60 tuổi:" heads the elderly, whatever indication is above.
            return head(HeadKind.WHO, who=Who.ELDERLY, bands=bands, routes=routes)
        return head(HeadKind.BAND, bands=bands, routes=routes)
    # "Hen phế quản cấp (trẻ em):": an indication head said of one population only.
    last = PARENTHESIS.findall(folded)
    own = who_of(last[-1]) if last and folded.endswith(last[-1]) else None
    return head(HeadKind.IND, bands=bands, routes=routes, who=own)


def _route_then_who(label: str) -> tuple[tuple[Route, ...], Who] | None:
    """ "Đặt trực tràng, người lớn và trẻ em nặng trên 12 kg:": a route, a comma, then
    whom it is for: the rows of that route for those people, not an indication."""
    first, comma, rest = shown(label).partition(",")
    folded = fold(rest).strip()
    if not comma or not WHO_LEAD.match(folded) or not parse_bands(first).is_empty:
        return None
    routes, who = route_words(first), who_of(folded)
    return (routes, who) if routes and who is not None else None


def _route_in_parenthesis_only(label: str) -> bool:
    """ "*Bệnh thương hàn* (tiêm tĩnh mạch)": the route stands only in a parenthesis after
    what the head names, so the head is that indication's, given by that route."""
    bare = PARENTHESIS.sub(" ", shown(label)).strip()
    return bare != shown(label).strip() and bool(bare) and not route_words(bare)


def _prose(label: str) -> bool:
    """Words of a sentence, not of a head: a colon after them introduces what was said, each
    word read as the book spells it ("Vảy nến (người lớn):" heads psoriasis: "nến" is no "nên")."""
    said = PROSE.search(NOT_PROSE.strip(head_words(label))) is not None
    return said and PROSE.said(shown(label), NOT_PROSE)


def _about(head: str) -> int | None:
    """Where the words after an opening "đối với" start ("_Đối với bệnh X"), if it opens so."""
    at = 0
    while at < len(head) and (head[at] in "*_" or head[at].isspace()):
        at += 1
    if head[at : at + 7] not in ("đối với", "Đối với"):
        return None
    end = at + 7
    if end >= len(head) or not head[end].isspace():
        return None
    while end < len(head) and head[end].isspace():
        end += 1
    return end


_GENUS = re.compile(r"\b[A-Z]\.\s")


def _head_colon(text: str, pos: int, stop: int) -> int:
    """Where the colon that ends a head is: never one of a ratio ("2:1") or a time."""
    at = text.find(":", pos, stop)
    while at >= 0 and at + 1 < stop and text[at + 1].isdecimal():
        at = text.find(":", at + 1, stop)
    return at


def _about_head(text: str, head: str, end: int) -> Head | None:
    """ "_Đối với bệnh động kinh:_" alone on its line heads that indication."""
    about = _about(head)
    line_end = text.find("\n", end)
    if about is None or shown(text[end : len(text) if line_end < 0 else line_end]):
        return None
    words = head[about:]
    return None if _prose(words) else classify_head(words, end)


def heads_at(text: str, start: int, stop: int) -> list[Head]:
    """The chain of "head:" labels opening text[start:stop] ("*Uống:* Trẻ em 2 - 4 tuổi: …")."""
    found: list[Head] = []
    pos = start
    while len(found) < 4:
        # A head's colon ends a phrase ("Trẻ em:"), never a ratio ("2:1") or a time.
        colon = _head_colon(text, pos, min(stop, pos + 170))
        if colon < 0:
            break
        head = text[pos:colon]
        unclosed = head.count("(") > head.count(")")  # "(Biệt dược: X)" ends no head
        # "Nhiễm *N. meningitidis*:": a genus's initial is no sentence's end.
        ends = re.search(r"[.;]\s", _GENUS.sub("", head))
        if unclosed or DOSE.search(head) or ends or not shown(head):
            break
        end = colon + 1
        while end < stop and text[end] in "*_ ":
            end += 1
        read = classify_head(head, end)
        if read.folded.startswith(("neu ", "khi ", "trong truong hop")):
            break
        about = _about_head(text, head, end)
        if read.kind is HeadKind.IND and about is not None:
            found.append(about)
            break
        # A parenthesis qualifies a head ("Viêm xoang (phải nằm viện)"); its words are no prose.
        if read.kind is HeadKind.IND and _prose(PARENTHESIS.sub("", head)):
            # "Đối với trẻ nhỏ tuổi, BNFC khuyến cáo dùng liều: …" is a sentence; but one
            # that opens with an emphasised phrase ("_Làm thuốc X_, thuốc có thể được
            # dùng: …") is headed by that phrase.
            lead = _EMPHASIZED_LEAD.match(head)
            read = classify_head(lead["words"], end) if lead else read
            if lead is None or read.kind is not HeadKind.IND:
                break
            found.append(read)
            break
        found.append(read)
        pos = end
    return found


__all__ = [
    "DOSE", "PARENTHESIS", "PART_HEAD", "REMARK", "Context", "Head", "HeadKind", "Part",
    "Who", "classify_head", "head_words", "heads_at", "opens_with_everyone", "read_label",
    "who_of",
]  # fmt: skip
