"""Tests for grounding/asked.py: the words asked, read once from the frame's fields."""

from __future__ import annotations

from core.frame import ConditionQuery, PatientContext, QueryFrame
from grounding.asked import AskedWords


def test_the_words_asked_come_from_the_frames_fields() -> None:
    """The condition as read and its book word, the condition words, the patient's own
    conditions: one text, folded once."""
    frame = QueryFrame(
        condition=ConditionQuery(text="long đờm", normalized="tiêu chất nhầy"),
        condition_words="ho có đờm",
        patient=PatientContext(comorbidities=["sau mổ"]),
    )
    asked = AskedWords.of(frame)
    assert asked.text == "long đờm tiêu chất nhầy ho có đờm sau mổ"
    assert asked.folded == "long dom tieu chat nhay ho co dom sau mo"
    assert AskedWords.of(QueryFrame()).text == ""


def test_each_word_keeps_its_written_and_folded_form() -> None:
    """'Bệnh gút' is ('Bệnh', 'benh') then ('gút', 'gut'); marks are no words of `words`."""
    asked = AskedWords("Bệnh  gút, cấp")
    assert asked.pieces == (("Bệnh", "benh"), ("gút,", "gut,"), ("cấp", "cap"))
    assert asked.words == "benh gut cap"


def test_the_drugs_own_name_is_no_word_of_the_indication() -> None:
    """ "enalapril liều duy trì người lớn": the drug's name (also as spelt otherwise,
    'amoxicilin' for amoxicillin) is left out, so a head naming the drug is not chosen."""
    frame = QueryFrame(drugs=["enalapril"], condition_words="enalapril lieu duy tri nguoi lon")
    assert AskedWords.of(frame).text == "lieu duy tri nguoi lon"
    combo = QueryFrame(
        drugs=["amoxicillin_and_potassium_clavulanate"], condition_words="amoxicilin viem tai"
    )
    assert AskedWords.of(combo).text == "viem tai"


def test_a_condition_the_person_denies_is_not_asked() -> None:
    """ "bé ko bị viêm màng não đâu ạ": no row of meningitis is named by those words."""
    frame = QueryFrame(condition_words="be 4 tuoi viem phoi. be ko bi viem mang nao dau a")
    assert "mang nao" not in AskedWords.of(frame).words
    assert "viem phoi" in AskedWords.of(frame).words
    but = QueryFrame(condition_words="be khong bi sot nhung bi ho, lieu bao nhieu")
    assert "sot" not in AskedWords.of(but).words and "bi ho" in AskedWords.of(but).words
