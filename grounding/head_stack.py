"""The heads in force while a dose section is read: a new head replaces its own level and
every head set after it, and the stack gives each block its context."""

from __future__ import annotations

from dataclasses import replace

from grounding.bands import Bands
from grounding.heads import REMARK, Context, Head, HeadKind, Part, Who, head_words
from grounding.markup import shown


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

    def set(self, level: HeadKind, label: Head) -> None:
        """Put `label` at `level`, dropping that level and every level set after it."""
        if level in self.order:
            self._drop(self.order.index(level))
        self.order.append(level)
        self.values[level] = label

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

    def apply(self, label: Head, *, heading_only: bool, inner: bool = False) -> bool:
        """Apply a head; False when the label belongs to the row instead.

        A head stands alone on its line or is set in emphasis ("*Trẻ em:* …"); a plain
        "Trẻ em theo cân nặng: …" or "Suy thận (ClCr …): …" opens one row only. `inner`:
        a head printed after another on its line ("*Ỉa chảy*: Uống:") sits under it.
        """
        head = heading_only or "*" in label.text or "_" in label.text
        applied = self._apply(label, head=head, heading_only=heading_only, inner=inner)
        if applied and head and label.kind is not HeadKind.FILLER:
            if label.kind in (HeadKind.IND, HeadKind.BAND) and self.row_who is not None:
                # Heads printed under "Trẻ em: <sentence>" end with the next population head.
                self.carried_from = min(self.carried_from or 99, self.order.index(label.kind))
            self.row_route = self.row_who = None
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
        if label.kind is HeadKind.PART:
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
        elif label.kind is not HeadKind.FILLER:
            return False
        return True

    def context(self) -> Context:
        """The heads in force, as a block's context."""
        who = self.row_who or self.values.get(HeadKind.WHO)
        ind = self.values.get(HeadKind.IND)
        route = self.row_route or self.values.get(HeadKind.ROUTE)
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


def _nests(outer: Head, inner: Head) -> bool:
    """A child head by age under a child head by weight narrows it rather than replacing it."""
    return (
        outer.who is inner.who is Who.CHILD
        and outer.bands.weight is not None
        and outer.bands.age is None
        and inner.bands.weight is None
        and inner.bands.age is not None
    )


__all__ = ["HeadStack"]
