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

from core.frame import Route
from core.text import fold, fold_aligned
from grounding.bands import Bands, parse_bands
from grounding.dosing import routes_named
from grounding.markup import shown

# "5 000 đvqt" (đơn vị quốc tế) is how the book doses heparin and vitamins.
DOSE = re.compile(
    r"\d\s*(?:mg|g|mcg|microgam|µg|ml(?!\s*/\s*ph)|đơn vị|đvqt|UI|IU|viên|giọt|gói|ống)"
    r"(?![a-zà-ỹ])",
    re.IGNORECASE,
)
PART_HEAD = re.compile(
    r"(?:lieu luong|lieu dung)(?: va cach dung)?|cach dung(?: va lieu (?:luong|dung))?"
)
_FILLER = re.compile(
    r"(?:nhu sau|sau day|gom|chu y|luu y|(?<![a-z])la)$"
    # "Theo tuổi:", "Tính theo cân nặng:" say how rows are split, not what they treat.
    r"|^(?:(?:tinh|lieu|dung) )?theo (?:tuoi|can nang|the trong|dien tich)"
    # "Hoặc dùng:" offers another way to dose the rows above it, not another indication.
    r"|^(?:hoac|hay)(?: (?:la|dung|co the dung))?$"
)
# "Liều thường dùng:", "Liều chung:", "Liều khởi đầu:", "Liều tối đa:" name which dose a
# row is, not what it treats: a label of the row, never an indication.
_USUAL = re.compile(
    r"lieu (?:thuong dung|thong thuong|thuong|chung|toi da|khoi dau|ban dau|duy tri|tan cong)"
    r"(?: (?:la|hang ngay|moi ngay|thong thuong|thuong dung))?"
)
# "Liều duy trì thông thường enalapril ở người lớn:" heads the adult rows, like "Người lớn:".
_USUAL_FOR_WHO = re.compile(_USUAL.pattern + r"(?: [a-z]+){0,3} (?:o|cho|dung cho) (?=[a-z])")
# "Một số chỉ định đặc biệt đối với trẻ em:" heads the children's indications after it.
_INDICATIONS_FOR_WHO = re.compile(
    r"(?:mot so |cac )?chi dinh(?: dac biet| khac)?(?: dung)? (?:doi voi|cho|o) (?=[a-z])"
)
_HEAD_COLON = re.compile(r":(?!\d)")
REMARK = re.compile(r"(?:chu y|luu y)")
_WHO_LEAD = re.compile(
    r"(?:(?:cach dung va )?lieu (?:luong |dung )?(?:va cach dung )?"
    # "Liều thông thường ở trẻ em", "Liều thường dùng cho người lớn" head a population.
    r"(?:thong thuong |thuong dung |thuong )?(?:o |cho |dung cho )?)?"
    r"(?:nguoi lon|nguoi cao tuoi|nguoi gia|tre|so sinh|benh nhan"
    r"|nguoi benh|thieu nien|nhu nhi|nguoi truong thanh)(?![a-z])"
)
# Words of a sentence, not of a head: a colon after them introduces what was said.
_PROSE = re.compile(
    # "mắc phải" ("viêm phổi mắc phải tại cộng đồng") is a disease's name, not "must".
    r"(?<![a-z])(?:khuyen cao|nen|(?<!mac )phai|duoc dung|dung lieu|co the|doi voi)(?![a-z])"
)
_ABOUT = re.compile(r"[*_\s]*(?:đối với|Đối với)\s+")
_EMPHASIZED_LEAD = re.compile(r"\s*(?P<mark>[*_]{1,2})(?P<words>[^*_\n]{3,80})(?P=mark)\s*,")
_RENAL = re.compile(
    r"suy than|clcr|thanh thai|tham phan|tham tach|chay than|loc mau|(?:gan|ton thuong), than"
)
_CHILD_WORD = re.compile(r"(?<![a-z])(?:tre|so sinh)(?![a-z])")
# "Người nặng trên 50 kg:" is a weight band with a person word before it, not an indication.
ELDERLY_BAND_MONTHS = 60 * 12
"""An age band opening at or above this names the elderly ("trên 60 tuổi", "> 65 tuổi")."""
# "Với bệnh nhân trên 60 tuổi:" is a band of patients too.
_BAND_LEAD = re.compile(
    r"(?:(?:voi |doi voi |o )?(?:benh nhan |nguoi benh )(?=duoi \d|tren \d|tu \d|[<>≤≥]))?"
    r"(?:nguoi (?=(?:can )?nang |duoi \d|tren \d|[<>≤≥]))?"
    r"(?:\d|[<>≤≥]|tu |tren |duoi |can nang|nang |clcr|do thanh thai)"
)
# The book's other words for body weight; "cơ thể" folds like "có thể", a prose word.
_WEIGHT_WORDS = re.compile(r"trong luong(?: co the)?|the trong")


# Route words inside a disease's name ("huyết khối tĩnh mạch", "bệnh than do hít", "polyp
# đại - trực tràng") name no route.
_DISEASE_ROUTE = re.compile(
    r"(?<![a-z])(?:huyet khoi|tac|nghen|gian|viem|suy|da va)"
    r"(?: (?!tiem|truyen|duong|qua|dung)[a-z]+){0,2} (?:tinh|dong) mach"
    r"|(?<![a-z])(?:do hit|hit phai)(?![a-z])|(?:polyp|ung thu)[a-z -]{0,20}truc trang"
)
_PARENTHESIS = re.compile(r"\([^()]*\)")
# A long head is a route head only when it opens with its route ("Đường tiêm tĩnh mạch,
# tiêm truyền tĩnh mạch hoặc tiêm bắp (… natri):").
_ROUTE_LEAD = re.compile(
    r"(?:duong |dang |dung |thuoc |lieu )?(?:tiem|truyen|uong|dat|nho|boi|hit|khi dung|xit)"
    r"(?![a-z])"
)
MAX_ROUTE_HEAD = 50
MAX_LONG_ROUTE_HEAD = 90
# "*Tiêm:*" alone names an injection without saying which.
_INJECTION = re.compile(r"(?:duong )?tiem")
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
    if _INJECTION.fullmatch(folded):
        return INJECTION_ROUTES
    if len(folded) <= MAX_ROUTE_HEAD:
        return routes_named(plain)
    bare = _blank(plain, _PARENTHESIS)
    long_head = _ROUTE_LEAD.match(fold(bare)) and len(fold(bare)) <= MAX_LONG_ROUTE_HEAD
    return routes_named(bare) if long_head else ()


def head_words(label: str) -> str:
    """A label folded, markup removed, its weight words read as "cân nặng"."""
    return _WEIGHT_WORDS.sub("can nang", fold(shown(label)))


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


@dataclass(frozen=True, slots=True)
class Head:
    """One "label:" as read: its words, where its colon ends, what kind of head it is."""

    text: str
    end: int
    kind: HeadKind
    who: Who | None = None
    renal: bool = False
    hepatic: bool = False
    routes: tuple[Route, ...] = ()
    bands: Bands = field(default_factory=Bands)
    part: Part | None = None


def who_of(folded: str) -> Who | None:
    """The population a folded phrase names, if any."""
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


def classify_head(label: str, end: int) -> Head:
    """What kind of head a label is; `end` is where its colon (and emphasis) ends."""
    folded = head_words(label)
    if PART_HEAD.fullmatch(folded):
        part = Part.USAGE if folded.startswith("cach dung") else Part.DOSING
        return Head(label, end, HeadKind.PART, part=part)
    bands = parse_bands(label)
    renal = bool(_RENAL.search(folded))
    hepatic = bool(re.search(r"suy gan|ton thuong gan|(?:nguoi )?benh gan", folded))
    who = who_of(folded)
    leads_with_who = _WHO_LEAD.match(folded) is not None
    routes = route_words(label)
    if _FILLER.search(folded) or (folded.startswith("(") and folded.endswith(")")):
        # "(tác dụng tốt nhất khi …):" after a head remarks on it; it heads nothing.
        return Head(label, end, HeadKind.FILLER)
    if _USUAL.fullmatch(_PARENTHESIS.sub("", folded).strip()):
        return Head(label, end, HeadKind.USUAL)
    if renal or hepatic:
        return Head(label, end, HeadKind.COND, who=who, renal=renal, hepatic=hepatic, bands=bands)
    for_who = _USUAL_FOR_WHO.match(folded) or _INDICATIONS_FOR_WHO.match(folded)
    if who is not None and (leads_with_who or for_who):
        return Head(label, end, HeadKind.WHO, who=who, bands=bands, routes=routes)
    if routes and bands.is_empty:
        return Head(label, end, HeadKind.ROUTE, routes=routes)
    # "Hoặc dưới 2 tuổi:" is a band like "Dưới 2 tuổi:", an alternative to the row before.
    if not bands.is_empty and _BAND_LEAD.match(re.sub(r"^(?:hoac|hay) ", "", folded)):
        if bands.age is not None and bands.age.lo >= ELDERLY_BAND_MONTHS and bands.weight is None:
            # "Với bệnh nhân trên 60 tuổi:" heads the elderly, whatever indication is above.
            return Head(label, end, HeadKind.WHO, who=Who.ELDERLY, bands=bands, routes=routes)
        return Head(label, end, HeadKind.BAND, bands=bands, routes=routes)
    return Head(label, end, HeadKind.IND, bands=bands)


def _about_head(text: str, head: str, end: int) -> Head | None:
    """ "_Đối với bệnh động kinh:_" alone on its line heads that indication."""
    about = _ABOUT.match(head)
    line_end = text.find("\n", end)
    if about is None or shown(text[end : len(text) if line_end < 0 else line_end]):
        return None
    words = head[about.end() :]
    return None if _PROSE.search(head_words(words)) else classify_head(words, end)


def heads_at(text: str, start: int, stop: int) -> list[Head]:
    """The chain of "head:" labels opening text[start:stop] ("*Uống:* Trẻ em 2 - 4 tuổi: …")."""
    found: list[Head] = []
    pos = start
    while len(found) < 4:
        # A head's colon ends a phrase ("Trẻ em:"), never a ratio ("2:1") or a time.
        found_colon = _HEAD_COLON.search(text, pos, min(stop, pos + 170))
        if found_colon is None:
            break
        colon = found_colon.start()
        head = text[pos:colon]
        if DOSE.search(head) or re.search(r"[.;]\s", head) or not shown(head):
            break
        if fold(shown(head)).startswith(("neu ", "khi ", "trong truong hop")):
            break
        end = colon + 1
        while end < stop and text[end] in "*_ ":
            end += 1
        read = classify_head(head, end)
        about = _about_head(text, head, end)
        if read.kind is HeadKind.IND and about is not None:
            found.append(about)
            break
        # A parenthesis qualifies a head ("Viêm xoang (phải nằm viện)"); its words are no prose.
        if read.kind is HeadKind.IND and _PROSE.search(head_words(_PARENTHESIS.sub("", head))):
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
    "DOSE",
    "PART_HEAD",
    "REMARK",
    "Context",
    "Head",
    "HeadKind",
    "Part",
    "Who",
    "classify_head",
    "head_words",
    "heads_at",
    "who_of",
]
