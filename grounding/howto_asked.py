"""What a how-to-take question asked, as the one-sentence answer reads it (`grounding.howto`):
its content words and pairs, a second topic, and another medicine it is taken with."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, replace

from core.frame import HowTo, QueryFrame, Route
from core.text import fold


def words_of(text: str) -> str:
    """The text NFC-normalised and lowercase, its accents kept."""
    return unicodedata.normalize("NFC", text).lower()


_NON_WORD = re.compile(r"[^\w]+")


# How long, or how many days ("uống mấy ngày thì ngưng"): the course's length; "ngưng trước
# mấy ngày" (before an operation) is a stop.
_HOW_LONG = re.compile(
    r"(?<![a-z])(?:bao lau|(?<!truoc )(?:may|bao nhieu) (?:ngay|hom|tuan|thang)"
    # "bỏ thuốc mấy hôm nay", "mấy ngày rồi": the days gone by told, no length asked
    r"(?! (?:nay|roi)(?![a-z])))(?![a-z])(?! tuoi)"
)


@dataclass(frozen=True)
class Asked:
    """The question's content words and two-word phrases, accented when it was written
    with accents, folded otherwise (`QueryFrame.howto_words`, `.howto_pairs`, read by
    understanding)."""

    pairs: frozenset[str] = frozenset()
    words: frozenset[str] = frozenset()
    marked: bool = False

    also: HowTo | None = None
    """A second topic the question asks (`QueryFrame.how_to_also`)."""

    partner: str | None = None
    """Another medicine of the formulary it is taken with (marked by `PARTNER_MARK`): the
    sentences naming it answer the taking-together topic."""

    condition: str = ""
    """The book's name of a condition this turn names ("đi ngoài lỏng": "tiêu chảy"), as
    the question's words are kept: it helps a sentence already on the topic."""

    how_long: bool = False
    """The question asks how long ("dùng tối đa bao lâu thì ngưng"): the course's length,
    even when it also says stopping."""

    forms: frozenset[str] = frozenset()
    """What the question says of the form or its handling in its own words, as the book's
    (`FORM_SAID`): "viên đặt" is a suppository, "XR" a modified-release tablet, "dưới đèn"
    light."""

    going_on: bool = False
    """Going on with it is asked ("có uống tiếp liều sau không"): whether to stop."""

    folded: str = ""
    """The whole question folded, its words between single spaces and padded with one
    (" vien dat am dao dat luc nao "): the route it names, whatever words were kept."""

    route: Route | None = None
    """The route the talk is about (`QueryFrame.route`, kept from an earlier turn: "mua sẵn
    viên đạn", then "cất chỗ nào cho khỏi chảy"): a sentence of another form answers last."""

    @classmethod
    def of(cls, frame: QueryFrame) -> Asked:
        """The frame's words, and the book's name of a condition this turn names ("đi ngoài
        lỏng" is said "tiêu chảy" in the book; one said earlier in the talk is not asked)."""
        said = fold(frame.standalone_query or "")
        condition = frame.condition
        named = ""
        if frame.how_to_take is HowTo.TOGETHER and any(w in said for w in _ANTACIDS_SAID):
            named = "kháng acid"  # "uống chung với thuốc dạ dày Yumangel"
        elif (
            condition is not None
            and condition.normalized
            and (fold(condition.text) in said or frame.how_to_take is HowTo.DURATION)
        ):
            # how long to go on depends on what is treated, even when told a turn before
            # ("bé viêm họng do liên cầu", then "giờ ngưng được chưa")
            named = condition.normalized
        if named:
            named = words_of(named) if frame.accented else fold(named)
        return cls(
            frozenset(frame.howto_pairs),
            frozenset(frame.howto_words),
            frame.accented,
            frame.how_to_also,
            _partner(frame),
            named,
            _HOW_LONG.search(said) is not None,
            frozenset(k for k, pattern in _FORM_SAID.items() if pattern.search(said))
            | _product_forms(frame),
            _GOING_ON.search(said) is not None,
            f" {' '.join(_NON_WORD.split(said))} ",
            frame.route,
        )

    def said(self, text: str) -> str:
        """A text of the book as the question's words are kept: with its marks when the
        question had them, folded when it did not."""
        return words_of(text) if self.marked else fold(text)

    def without_name(self, name: str) -> Asked:
        """The question's words less the drug's own name: it is in many of its sentences and
        says nothing of which one answers."""
        names = set(_NON_WORD.split(self.said(name))) - {""}
        if not names & self.words:
            return self
        pairs = frozenset(p for p in self.pairs if not names & set(p.split()))
        return replace(self, pairs=pairs, words=self.words - names)

    def less_than(self, text: str) -> Asked:
        """The question's words a quoted sentence has not said yet (what a second sentence
        should say)."""
        padded = " " + " ".join(_NON_WORD.split(self.said(text))) + " "
        pairs = frozenset(p for p in self.pairs if f" {p} " not in padded)
        return replace(self, pairs=pairs, words=self.words - set(padded.split()))

    def in_sentence(self, text: str) -> tuple[int, int]:
        """(phrases, words) of the question said in the sentence; a form the question names
        in its own words counts as a phrase where the book names it ("XR": "giải phóng kéo
        dài")."""
        padded = " " + " ".join(_NON_WORD.split(self.said(text))) + " "
        pairs = sum(1 for pair in self.pairs if f" {pair} " in padded)
        book = words_of(text)
        named = [_FORM_IN_BOOK[k] for k in self.forms if k in _FORM_IN_BOOK]
        pairs += sum(1 for book_says in named if book_says.search(book))
        return pairs, len(self.words & set(padded.split()))

    def names_condition(self, text: str) -> bool:
        """The sentence says the condition this turn names, by the book's name."""
        if not self.condition:
            return False
        padded = " " + " ".join(_NON_WORD.split(self.said(text))) + " "
        return f" {self.condition} " in padded


# A stomach medicine as people name it: the book says "thuốc kháng acid".
_ANTACIDS_SAID = (
    "thuoc da day", "thuoc bao tu", "sua da day", "gel da day", "thuoc chu p", "yumangel",
    "phosphalugel", "gaviscon", "thuoc trung hoa acid", "thuoc o chua", "thuoc trao nguoc",
    "maalox", "varogel", "kremil", "sua da day",
)  # fmt: skip

_INJECTED_WORDS = frozenset(("tiêm", "tiem", "truyền", "truyen"))
_ORAL_FORM = re.compile(r"(?<!\w)(?:hỗn dịch|siro|viên|cốm|gói|uống)(?!\w)")
_INJECTED_FORM = re.compile(r"(?<!\w)(?:tiêm|truyền)(?!\w)")
_ORAL_WORDS = frozenset(("siro", "hỗn"))


# A form or its handling as people say it (folded), and as the book says it.
_FORM_SAID = {
    "rectal": re.compile(
        r"(?<![a-z])(?:vien dat|vien dan|dat hau mon|nhet hau mon|dat truc trang|dat dit)(?![a-z])"
    ),
    "modified": re.compile(
        r"(?<![a-z])(?:xr|sr|mr|cr|xl|retard|giai phong keo dai|giai phong cham"
        r"|phong thich keo dai|tac dung keo dai)(?![a-z])"
    ),
    # light falling on it: "để dưới đèn", "ngoài chỗ sáng", "phơi nắng"
    "light": re.compile(
        r"(?<![a-z])(?:duoi den|anh den|bong den|den chieu|cho sang|ngoai sang|anh sang"
        r"|duoi nang|ra nang|phoi nang|gan cua so)(?![a-z])"
    ),
}
# What the product is stays what it is for the whole case: "Glucophage XR", then "uống bữa
# nào": the modified-release tablet's sentence (the case's words are `condition_words`).
_PRODUCT_FORMS = ("modified",)


def _product_forms(frame: QueryFrame) -> frozenset[str]:
    case = f" {fold(frame.condition_words or '')} "
    return frozenset(k for k in _PRODUCT_FORMS if _FORM_SAID[k].search(case))


_FORM_IN_BOOK = {
    "modified": re.compile(
        r"(?<!\w)(?:giải phóng (?:kéo dài|chậm|biến đổi)|tác dụng kéo dài)(?!\w)"
    ),
    "light": re.compile(r"(?<!\w)(?:ánh sáng|tránh sáng)(?!\w)"),
}
_GOING_ON = re.compile(
    r"(?<![a-z])(?:uong|dung|xai) tiep(?![a-z])|(?<![a-z])tiep tuc (?:uong|dung|xai)(?![a-z])"
)

_RECTAL_FORM = re.compile(r"(?<!\w)(?:viên đạn|đạn|đặt trực tràng|hậu môn)(?!\w)")
_RECTAL_ASKED = frozenset(("vien dan", "viên đạn", "dat hau", "đặt hậu", "nhet hau", "nhét hậu"))


_INSTRUCTED = frozenset(("bs", "bac", "si", "dan dò", "dan do"))


def _asks_rectal(asked: Asked) -> bool:
    """A suppository asked of: "viên đạn", or unmarked "dan" not said of a doctor's word
    ("bác sĩ dặn")."""
    if "rectal" in asked.forms or asked.pairs & _RECTAL_ASKED or "đạn" in asked.words:
        return True
    return not asked.marked and "dan" in asked.words and not asked.words & _INSTRUCTED


def other_form(words: str, asked: Asked) -> bool:
    """The question is about an injection and the sentence only about an oral form, or the
    other way round ("siro … để được bao lâu": not the injection's sentence); about a
    suppository, and the sentence about another form only ("dung dịch truyền …"). The form
    the question names first, else the route the talk is about."""
    injected, oral = _INJECTED_FORM.search(words), _ORAL_FORM.search(words)
    rectal = _asks_rectal(asked)
    said = rectal or bool(asked.words & (_INJECTED_WORDS | _ORAL_WORDS))
    if rectal or (not said and asked.route is Route.RECTAL):
        return bool(injected or oral) and not _RECTAL_FORM.search(words)
    if asked.words & _INJECTED_WORDS or (not said and asked.route in _INJECTED_ROUTES):
        return bool(oral) and not injected
    if asked.words & _ORAL_WORDS or (not said and asked.route is Route.ORAL):
        return bool(injected) and not oral
    return False


_INJECTED_ROUTES = frozenset((Route.IV, Route.IM, Route.SC))


PARTNER_MARK = "="
"""Marks, among `QueryFrame.howto_words`, the name of another medicine of the formulary the
question takes the patient's medicine with (understanding's `partner_drug`): "=omeprazol"
is said by no sentence, so only `Asked.partner` reads it."""


def _partner(frame: QueryFrame) -> str | None:
    if frame.how_to_take is not HowTo.TOGETHER:
        return None
    marked = [w for w in frame.howto_words if w.startswith(PARTNER_MARK)]
    return marked[0][len(PARTNER_MARK) :] if marked else None


NOTHING_ASKED = Asked()
"""A question with no words of its own."""

__all__ = ["NOTHING_ASKED", "PARTNER_MARK", "Asked", "other_form", "words_of"]
