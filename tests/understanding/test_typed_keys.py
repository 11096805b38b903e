"""Keys of an input method left in a turn typed with it switched off (Telex, VNI)."""

from __future__ import annotations

from understanding.typed_keys import keyed_syllable, read_typed_keys


def test_telex_keys_make_the_syllable_meant() -> None:
    """Doubled vowels, "w", "dd" and a tone letter make one marked syllable."""
    assert keyed_syllable("thuoocs") == "thuốc"
    assert keyed_syllable("nguwowif") == "người"
    assert keyed_syllable("ddeem") == "đêm"
    assert keyed_syllable("Giowf") == "giờ"
    assert keyed_syllable("cuar") == "của"


def test_vni_digits_make_the_syllable_meant() -> None:
    """VNI's digits after the letters mark the vowel and the tone."""
    assert keyed_syllable("thuo6c1") == "thuốc"
    assert keyed_syllable("d9a6y") == "đây"


def test_words_without_keys_or_syllables_stay_out() -> None:
    """A bare word, a drug's name, an abbreviation or a number with its unit carries no key."""
    for word in ("uong", "amoxicillin", "bs", "kms", "5mg", "b12", "extra"):
        assert keyed_syllable(word) is None


def test_a_turn_typed_with_keys_is_read_bare() -> None:
    """Keyed words read as the bare words of a turn typed without accents."""
    said = "ba toi lowx uoongs 2 vir thuoocs ngur roi"
    assert read_typed_keys(said) == "ba toi lo uong 2 vi thuoc ngu roi"


def test_english_and_marked_turns_are_left_alone() -> None:
    """A turn with marks, English, or a lone key-like word is no turn typed with keys."""
    for said in ("bé uống 2 viên rồi", "this is too much", "bs bao uong thuoc nay"):
        assert read_typed_keys(said) == said
