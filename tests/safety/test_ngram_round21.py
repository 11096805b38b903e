"""Round 21: the retrained second opinions' trainer, and the gates around them (own wordings)."""

from __future__ import annotations

import importlib.util
import math
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest

from core.frame import QueryFrame, Triage
from safety.adult_day import adult_day_max_mg, adult_day_over
from safety.cue_matching import TurnText
from safety.dose_amounts import DOSE_SECTION
from safety.ingestion import _may_be_a_report, read_event
from safety.ingestion_cues import UNSURE_CUES
from safety.self_harm import _FOR_A_COMPLAINT, someone_else_took
from safety.told_amounts import twice_told
from safety.triage import BEYOND_THE_BOOK, TriageResult, classify

REPO = Path(__file__).resolve().parents[2]


def _trainer() -> ModuleType:
    name = "train_safety_ngrams_under_test"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, REPO / "scripts/train_safety_ngrams.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


_SET = [
    {"kind": "near_miss", "before": ["mẹ em đang uống thuốc huyết áp"], "text": "uống lúc nào"},
    {"kind": "after_ingestion", "before": ["thằng út nuốt 4 viên sắt"], "text": "giờ sao"},
    {"kind": "after_ingestion", "before": ["chào", "nó nhai vỉ thuốc"], "text": "rồi sao"},
    {"kind": "ingestion_unclear", "before": [], "text": "không rõ bé có mút viên nào không"},
]


def test_a_people_sets_turns_before_a_line_are_labelled_by_what_the_line_says(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Before a near-miss nothing was reported (a negative of both models); the one turn
    before what follows a report is that report; a taking that may have happened is no
    self-harm."""
    trainer = _trainer()
    monkeypatch.setattr(trainer, "_jsonl", lambda _name: _SET)
    ingestion = trainer.people("any", "ingestion", context=True)
    assert ("mẹ em đang uống thuốc huyết áp", False) in ingestion
    assert ("thằng út nuốt 4 viên sắt", True) in ingestion
    assert all(text != "nó nhai vỉ thuốc" for text, _ in ingestion)  # which turn is unclear
    assert ("không rõ bé có mút viên nào không", True) in trainer.people("any", "ingestion")
    self_harm = trainer.people("any", "self_harm", context=True)
    assert ("mẹ em đang uống thuốc huyết áp", False) in self_harm
    assert all(text != "thằng út nuốt 4 viên sắt" for text, _ in self_harm)
    assert ("không rõ bé có mút viên nào không", False) in trainer.people("any", "self_harm")


def test_context_turns_train_but_set_no_threshold(monkeypatch: pytest.MonkeyPatch) -> None:
    """The turns before a line are marked as context, the lines as judged."""
    trainer = _trainer()
    monkeypatch.setattr(trainer, "_jsonl", lambda name: _SET if name == "any" else [])
    monkeypatch.setattr(trainer, "PEOPLE_SETS", ("any",))
    marks = {text: judged for text, _, judged in trainer.sentences("ingestion")}
    assert marks["mẹ em đang uống thuốc huyết áp"] is False
    assert marks["không rõ bé có mút viên nào không"] is True


Step = tuple[float, dict[str, float]]


def _loop(data: list[tuple[list[str], bool]], trainer: ModuleType) -> Step:
    """The plain per-gram loop the vectorised trainer must equal."""
    rng = random.Random(7)
    weights: dict[str, float] = {}
    bias = 0.0
    order = list(range(len(data)))
    positives = sum(1 for _, y in data if y)
    pos_weight = (len(data) - positives) / max(1, positives)
    for epoch in range(trainer.EPOCHS):
        rng.shuffle(order)
        rate = trainer.RATE / (1 + epoch * 0.2)
        for i in order:
            feats, label = data[i]
            z = bias + sum(weights.get(g, 0.0) for g in feats)
            p = 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))
            step = rate * (p - float(label)) * (pos_weight if label else 1.0)
            step /= math.sqrt(len(feats) or 1)
            bias -= step
            for g in feats:
                w = weights.get(g, 0.0)
                weights[g] = w - step - rate * trainer.L2 * w
    return bias, weights


def test_the_trainer_takes_the_same_steps_as_a_loop_over_each_gram() -> None:
    """A gram a sentence holds twice adds twice and is stepped twice, as the loop does."""
    trainer = _trainer()
    data = [
        (trainer.grams(text), label)
        for text, label in [
            ("cu nhà tôi nuốt 2 viên 2 viên sắt rồi", True),
            ("bé 3 tuổi uống siro ho mấy ml", False),
            ("bà lỡ uống gấp đôi thuốc tim", True),
            ("thuốc này uống trước ăn hay sau ăn", False),
        ]
    ]
    bias, weights = trainer.train(data, 7)
    want_bias, want = _loop(data, trainer)
    assert bias == pytest.approx(want_bias, abs=1e-9)
    assert set(weights) == {g for g, w in want.items() if w != 0.0}
    assert all(weights[g] == pytest.approx(w, abs=1e-9) for g, w in want.items() if w)


def test_a_named_relative_who_got_hold_of_it_is_a_bystanders_report() -> None:
    """'lấy' (got hold of it) is a taking by the one the speaker names, not the speaker's."""
    assert someone_else_took(TurnText.of("hình như thằng bạn tui lấy vỉ an thần của bà"))
    assert someone_else_took(TurnText.of("chi gai em lay lo thuoc ngu cua bo"))


def test_a_parent_named_with_the_short_e_is_a_bystanders_report() -> None:
    """'bố e', 'mẹ e' (my father, my mother) took it: not the speaker."""
    assert someone_else_took(TurnText.of("mẹ e nuốt gần chục viên thuốc huyết áp từ chiều"))


def test_a_big_amount_told_with_the_pain_it_was_for_is_no_intent_beside_it() -> None:
    """'… vì đau răng', 'cho đỡ đau': the complaint a big amount was taken for."""
    assert _FOR_A_COMPLAINT.search(TurnText.of("tui nuốt 12 viên ibuprofen vì đau răng").folded)
    assert _FOR_A_COMPLAINT.search(TurnText.of("uống liền 8 viên cho đỡ nhức").folded)
    assert not _FOR_A_COMPLAINT.search(TurnText.of("uống hết vỉ cho xong, mệt rồi").folded)


def test_each_carer_giving_the_one_child_a_dose_is_the_dose_twice() -> None:
    """'mỗi người cho bé uống' (each of them gave it) is the same dose given again: sure."""
    told = twice_told(
        TurnText.of("ông với bà mỗi người cho bé uống 1 gói hạ sốt, cách nhau chưa tới 1 tiếng"),
        child_known=False,
    )
    assert told is not None and told[1]
    asked = TurnText.of("cả nhà mỗi người uống 1 viên được không")
    assert twice_told(asked, child_known=False) is None


def test_who_is_on_what_is_nothing_a_sure_second_opinion_asks_about() -> None:
    """The patient and the medicine introduced, nothing done, no amount, no sign: what they
    are on; a turn that tells more may still be asked about."""
    on_it = TurnText.of("ông ngoại em 79 tuổi uống thuốc tim digoxin")
    assert not _may_be_a_report(on_it, names_drug=True, child_known=False)
    assert _may_be_a_report(
        TurnText.of("ông ngoại em 79 tuổi uống thuốc tim digoxin 3 viên"),
        names_drug=True,
        child_known=False,
    )


_NSAID_BOOK = (
    (DOSE_SECTION, "- Người lớn: 7,5 mg × 1 lần/ngày, có thể tăng lên 15 mg."),
    (DOSE_SECTION, "- Người lớn: liều tối đa 15 mg/ngày."),
    (DOSE_SECTION, "- Trẻ em: không dùng."),
)


def test_an_adults_day_beyond_the_books_day_maximum_is_an_overdose() -> None:
    """Tablets told as taken within one day, beyond the adult day maximum the book prints:
    an overdose, whatever pain they were for; within it, or no day told, nothing said."""
    assert adult_day_max_mg(list(_NSAID_BOOK)) == 15.0
    frame = QueryFrame(drugs=["meloxicam"])

    def lines(_drug: str) -> tuple[tuple[str, str], ...]:
        return _NSAID_BOOK

    def over(text: str, *, child: bool = False) -> bool:
        return adult_day_over(TurnText.of(text), frame, lines, child=child)

    assert over("mẹ tôi nhức lưng quá, từ sáng uống 2 viên meloxicam 15mg rồi")
    assert not over("hôm nay tôi uống 1 viên meloxicam 15")
    assert not over("tôi uống 3 viên meloxicam 15")  # no day told: the rules read it
    assert not over("từ sáng uống 3 viên meloxicam 15 rồi", child=True)
    assert classify(
        "ba em đau lưng, trong ngày hôm nay uống 3 viên meloxicam 15", frame, lines
    ) == TriageResult(Triage.EMERGENCY, BEYOND_THE_BOOK)


def test_certainly_and_a_rest_are_no_doubt_whether_it_was_swallowed() -> None:
    """'chắc chắn' (certainly) and 'nghỉ trưa' (a rest) are not 'chắc' (maybe) nor 'nghi'."""
    assert UNSURE_CUES.search(TurnText.of("chắc chắn tối nay phải nhậu với sếp")) is None
    assert UNSURE_CUES.search(TurnText.of("lúc nghỉ trưa uống 1 viên giảm đau")) is None
    assert UNSURE_CUES.search(TurnText.of("chắc thằng bé nuốt rồi")) is not None
    assert UNSURE_CUES.search(TurnText.of("em nghi nó ngậm viên thuốc")) is not None


def test_a_childs_day_schedule_is_what_they_are_on() -> None:
    """A child on a medicine at 'ngày 3 lần', no amount beyond it, nothing done, no sign: the
    second opinion's lean alone is no event to ask about."""
    event = read_event(TurnText.of("thằng cu nhà tôi uống Depakine ngày 3 lần"), names_drug=True)
    assert event.verdict is None
