"""The heads in force while a dose section is read: a new head replaces its own level and
every head set after it, and the stack gives each block its context."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from grounding.bands import Bands, parse_bands
from grounding.heads import PARENTHESIS, REMARK, Context, Head, HeadKind, Part, Who, head_words
from grounding.markup import shown

if TYPE_CHECKING:
    from grounding.block import Block


class HeadStack:
    """The heads in force; a new head replaces its own level and every head set after it."""

    def __init__(self) -> None:
        self.part = Part.DOSING
        self.order: list[HeadKind] = []
        self.values: dict[HeadKind, Head] = {}
        # What plain labels carry to the rows after them until the next head: the route
        # of "Uống: 250 mg …" and the population of "Trẻ em: <a sentence, no dose>".
        self.row_route: Head | None = None
        self.row_who: Head | None = None
        # Where the heads set under such a population start in the order.
        self.carried_from: int | None = None
        # An indication head with no row of its own yet: the labelled rows right under it
        # ("Bệnh X:" then "Trong giai đoạn đầu: …") are its phases or sub-cases.
        self.parent_ind: Head | None = None
        # Where the line of the last labelled phase starts (part index, offset).
        self.phase_line: tuple[int, int] | None = None
        # The evidence being read (`grounding.blocks`), and the one each head was set in.
        self.index = 0
        self.set_in: dict[HeadKind, int] = {}
        # A population row with a band of its own label ("Trẻ em 4 - 11 tuổi: Uống 4 mg"),
        # and its label's words: the paragraphs after it that offer another way ("Có thể
        # tiêm …") are said of it, not of the head above (`alternative`).
        self.owner: tuple[Block, str] | None = None

    def set(self, level: HeadKind, label: Head) -> None:
        """Put `label` at `level`, dropping that level and every level set after it."""
        if level in self.order:
            self._drop(self.order.index(level))
        self.order.append(level)
        self.values[level] = label
        self.set_in[level] = self.index

    def _drop(self, at: int) -> None:
        """Drop the levels from position `at` of the order on."""
        for name in self.order[at:]:
            self.values.pop(name, None)
        self.order = self.order[:at]

    def reset(self) -> None:
        """No heads in force (a new part, or a condition head that governs everything)."""
        self.order, self.values = [], {}
        self.parent_ind = None
        self.carried_from = None

    def nesting(self) -> Head | None:
        """The indication head in force while it has no row of its own (`parent_ind`)."""
        ind = self.values.get(HeadKind.IND)
        return ind if ind is not None and ind is self.parent_ind else None

    def carry_who(self, label: Head | None) -> None:
        """ "Trẻ em: Kinh nghiệm còn hạn chế." says who the unlabelled rows after it are
        for; a plain "Người lớn: 500 mg" (None) ends that."""
        self.row_who = label

    def row_labelled(self, first: Head, *, prints_dose: bool, per_kg: bool) -> None:
        """A row opened by a population or condition label (`first`).

        "Trẻ em: Kinh nghiệm còn hạn chế." heads the unlabelled rows after it; a row labelled
        with a dose, a band or a condition of its own ends that. An elderly remark ("Người
        cao tuổi: chưa có thông tin …") heads nothing after it. "*Trẻ dưới 30 kg:* liều tính
        theo mg/kg" (set in emphasis, no figure per kg) heads the per-kg rows printed under
        it, band and all; the plain "Trẻ dưới 3 tháng tuổi: …" rows under it keep it."""
        plain = first.bands.is_empty and not prints_dose
        heads = first.kind is HeadKind.WHO and (plain or (emphasized(first) and not per_kg))
        heads = heads and first.who is not Who.ELDERLY
        held = self.row_who
        held = held if held and emphasized(held) and not emphasized(first) else None
        self.carry_who(first if heads else held if held and held.who is first.who else None)

    def apply(self, label: Head, *, heading_only: bool, inner: bool = False) -> bool:
        """Apply a head; False when the label belongs to the row instead.

        A head stands alone on its line or is set in emphasis ("*Trẻ em:* …"); a plain
        "Trẻ em theo cân nặng: …" or "Suy thận (ClCr …): …" opens one row only. `inner`:
        a head printed after another on its line ("*Ỉa chảy*: Uống:") sits under it.
        """
        head = heading_only or emphasized(label)
        applied = self._apply(label, head=head, heading_only=heading_only, inner=inner)
        if applied and head and label.kind is not HeadKind.FILLER:
            if label.kind in (HeadKind.IND, HeadKind.BAND) and self.row_who is not None:
                # Heads printed under "Trẻ em: <sentence>" end with the next population head.
                self.carried_from = min(self.carried_from or 99, self.order.index(label.kind))
            self.row_route = self.row_who = None
            self.owner = None
        return applied

    def _apply(self, label: Head, *, head: bool, heading_only: bool, inner: bool) -> bool:
        if (
            self.part is Part.USAGE
            and head
            and label.kind in (HeadKind.WHO, HeadKind.COND, HeadKind.IND)
        ):
            # "*Liều dùng cho người lớn:*" or an indication head ("_Ho khan:_") after
            # "Cách dùng" opens the dosing part, printed or not.
            self.part = Part.DOSING
            self.reset()
        if label.kind is HeadKind.PART and self._dose_under_indication(label):
            pass  # "*Nấm da:*" then "*Liều dùng:*": the dose of that indication follows
        elif label.kind is HeadKind.PART:
            self.part = label.part or self.part
            self.reset()
        elif (
            label.kind is HeadKind.FILLER
            and heading_only
            and REMARK.fullmatch(head_words(label.text))
        ):
            self.reset()  # "_Chú ý:_" on its own line: what follows is said of no head above
        elif label.kind is HeadKind.COND and head:
            self.reset()
            self.set(HeadKind.WHO, label)
        elif label.kind is HeadKind.WHO and (heading_only or (head and label.bands.is_empty)):
            outer = self.values.get(HeadKind.WHO)
            if outer is not None and _nests(outer, label):
                self.set(HeadKind.BAND, label)  # "Trẻ trên 12 tuần tuổi:" inside "trẻ dưới 40 kg:"
            else:
                if self.carried_from is not None:
                    self._drop(self.carried_from)
                    self.carried_from = None
                self.set(HeadKind.WHO, label)
        elif label.kind is HeadKind.ROUTE and not head:
            # "Uống: 250 mg …" then "Tiêm tĩnh mạch: 200 mg …" under "Người lớn:": each
            # names its rows' route and leaves the population and indication heads alone.
            self.row_route = label
        elif label.kind is HeadKind.ROUTE and inner and HeadKind.ROUTE in self.values:
            self.values[HeadKind.ROUTE] = label
        elif label.kind is HeadKind.ROUTE:
            self.set(HeadKind.ROUTE, label)
        elif label.kind in (HeadKind.IND, HeadKind.BAND) and (
            heading_only or (head and label.kind is HeadKind.IND)
        ):
            # "_Ho khan:_ Thường dùng dạng siro" heads the rows after it, as on its own line.
            self.set(label.kind, label)
            if label.kind is HeadKind.IND:
                self.parent_ind = label if heading_only else None
                if label.routes:
                    self.set(HeadKind.ROUTE, label)  # "*Bệnh X* (tiêm tĩnh mạch):"
        elif label.kind is not HeadKind.FILLER:
            return False
        return True

    def _dose_under_indication(self, label: Head) -> bool:
        """A "Liều dùng:" head printed right under an indication head with no row yet, in
        the dosing part already, opens that indication's dose, not a new part."""
        return (
            label.part is Part.DOSING
            and self.part is Part.DOSING
            and self.nesting() is not None
            and self.order[-1:] == [HeadKind.IND]
        )

    def context(self) -> Context:
        """The heads in force, as a block's context."""
        ind = self.values.get(HeadKind.IND)
        # An indication head said of one population ("… (trẻ em):") names it when no
        # population head does.
        who = self.row_who or self.values.get(HeadKind.WHO) or (ind if ind and ind.who else None)
        route = self.row_route or self.values.get(HeadKind.ROUTE)
        bands = Bands()
        for name in self.order:
            bands = self.values[name].bands.merged(bands)
        if self.row_who is not None:
            bands = self.row_who.bands.merged(bands)  # "*Trẻ dưới 30 kg:* liều theo mg/kg"
        head = self._band_head()
        return Context(
            head=head[0] if head else None,
            head_index=head[1] if head else None,
            part=self.part,
            who=who.who if who else None,
            renal=bool(who and who.renal),
            hepatic=bool(who and who.hepatic),
            indication=shown(ind.text) if ind else None,
            routes=route.routes if route else (who.routes if who else ()),
            bands=replace(bands, adult_like=False),
        )

    def _band_head(self) -> tuple[str, int] | None:
        """The innermost population or band head in force when it names a child's band, and
        the evidence it is printed in."""
        for name in reversed(self.order):
            label = self.values[name]
            if name in (HeadKind.WHO, HeadKind.BAND) and not label.bands.is_empty:
                child = label.who is Who.CHILD or (label.kind is HeadKind.BAND and not label.who)
                return (label_words(label), self.set_in.get(name, self.index)) if child else None
        return None

    def alternative(self, ctx: Context, *, labelled: bool, goes_on: bool) -> Context:
        """The context of a sentence: that of the population row above it when the sentence
        offers another way to dose it (`goes_on`: it opens so, or is on the line of one that
        did) and the row names another population than the head above it; a labelled
        sentence or another paragraph ends the row's hold."""
        if self.owner is None or labelled or not goes_on:
            self.owner = None
            return ctx
        row, words = self.owner
        if row.context.who in (None, row.who):
            return ctx  # the row's population is the head's own: nothing to hand on
        return replace(ctx, who=row.who, bands=row.bands, head=words, head_index=row.evidence_index)


def emphasized(label: Head) -> bool:
    """The label is set in emphasis from its first word ("*Trẻ em:*", "_Ho khan:_"); a name
    in italics inside it ("Thương hàn và nhiễm *Salmonella*:") makes no head of it."""
    return label.text.lstrip().startswith(("*", "_"))


def label_words(label: Head) -> str:
    """A head's words as an answer shows them before a row: without its markup, colon, or a
    parenthesis that adds no band ("Trẻ em 4 - 11 tuổi (không dùng …)")."""
    words = shown(label.text).strip().rstrip(":").strip()
    # Each parenthesis goes with the spaces before it.
    pieces = PARENTHESIS.split(words)
    bare = "".join([*(p.rstrip() for p in pieces[:-1]), pieces[-1]]).strip()
    return bare if bare and parse_bands(bare) == parse_bands(words) else words


def _nests(outer: Head, inner: Head) -> bool:
    """A child head by age under a child head by weight narrows it rather than replacing it."""
    return (
        outer.who is inner.who is Who.CHILD
        and outer.bands.weight is not None
        and outer.bands.age is None
        and inner.bands.weight is None
        and inner.bands.age is not None
    )


__all__ = ["HeadStack", "emphasized", "label_words"]
