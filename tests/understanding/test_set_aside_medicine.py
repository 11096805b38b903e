"""A medicine that did not work or ran out is set aside for the one the parent turns to, and
two more products are read by the substance they are sold as."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from core.frame import QueryFrame

Parse = Callable[..., QueryFrame]


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("con 4 tuổi 16kg uống hạ sốt paracetamol mãi không hạ, chuyển sang ibuprofen mấy mg",
         "ibuprofen"),
        ("paracetamol không đỡ, đổi qua ibuprofen cho bé 12kg thì liều bao nhiêu", "ibuprofen"),
        ("tủ thuốc hết ibuprofen rồi, cho bé 20kg uống paracetamol bao nhiêu mg", "paracetamol"),
        ("bé 18kg, thay bằng paracetamol chứ không dùng ibuprofen nữa, liều sao", "paracetamol"),
    ],
)  # fmt: skip
def test_the_medicine_turned_to_is_the_one_asked(parse: Parse, text: str, asked: str) -> None:
    assert parse(text).drugs == [asked]


def test_one_medicine_that_did_not_help_is_still_asked(parse: Parse) -> None:
    """Alone in the turn, 'paracetamol không hạ sốt' is still the question's medicine."""
    assert parse("bé 15kg uống paracetamol không hạ, tăng liều bao nhiêu mg").drugs == [
        "paracetamol"
    ]


def test_two_medicines_with_none_set_aside_keep_both(parse: Parse) -> None:
    frame = parse("bé 15kg dùng paracetamol và ibuprofen xen kẽ, mỗi thuốc liều bao nhiêu")
    assert set(frame.drugs) == {"paracetamol", "ibuprofen"}


def test_perfalgan_is_paracetamol(parse: Parse) -> None:
    assert parse("truyền Perfalgan cho bé 20kg mỗi lần bao nhiêu").drugs == ["paracetamol"]


def test_a_medicine_given_first_is_set_aside_for_the_one_after(parse: Parse) -> None:
    """'sau khi tiêm X, Y liều bao nhiêu': X was given; the dose asked is Y's."""
    frame = parse("bé 15 kg, sau khi uống paracetamol rồi thì ibuprofen mấy mg")
    assert frame.drugs == ["ibuprofen"]
    assert parse("người lớn, sau diazepam, tiêm ceftriaxon liều bao nhiêu").drugs == ["ceftriaxone"]
