"""Drug classes from ATC codes, and classes named in a question."""

from __future__ import annotations

import pytest

from core.drug_classes import class_terms, classes_named, classes_of, own_terms


def keys(classes: object) -> list[str]:
    return [c.key for c in classes]  # type: ignore[attr-defined]


def test_a_drug_belongs_to_the_classes_of_its_atc_codes() -> None:
    """Warfarin (B01AA03) is a vitamin K antagonist; aspirin's two codes give three classes."""
    assert keys(classes_of(["B01AA03"])) == ["vitamin_k_antagonist"]
    assert set(keys(classes_of(["B01AC06", "N02BA01"]))) == {"antiplatelet", "nsaid", "salicylate"}
    assert keys(classes_of(["J05A F06"])) == []  # spaces as the A–D file writes them
    assert "coumarin" in class_terms(classes_of(["B01AA03"]))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("carbamazepin dùng với thuốc ức chế MAO", ["maoi"]),
        ("có dùng chung với IMAO không", ["maoi"]),
        ("uong cung thuoc chong viem khong steroid", ["nsaid"]),
        ("enalapril với thuốc lợi tiểu giữ kali", ["potassium_sparing"]),
        ("paracetamol liều bao nhiêu", []),
    ],
)
def test_the_longest_class_reading_of_a_question_wins(text: str, expected: list[str]) -> None:
    """A class named in a question is found folded; "lợi tiểu giữ kali" is not every diuretic."""
    assert keys(classes_named(text)) == expected


def test_own_terms_leave_out_words_other_classes_share() -> None:
    """ "thuốc lợi tiểu" names several classes; "lợi tiểu giữ kali" only one."""
    (potassium_sparing,) = classes_named("lợi tiểu giữ kali")
    assert "lợi tiểu giữ kali" in own_terms(potassium_sparing)
    assert "thuốc lợi tiểu" not in own_terms(potassium_sparing)


def test_a_monograph_name_is_not_a_class_term() -> None:
    """ "có dùng heparin được không" names the drug heparin, not a class of partners."""
    assert keys(classes_named("bệnh nhân hemophilia có dùng heparin được không")) == []
    assert keys(classes_named("metformin với insulin")) == []
