"""safety.ngram_model: the safety second opinions' features, weights and thresholds."""

from __future__ import annotations

import json
import math

from safety.ngram_model import MODEL_PATH, NgramModel, features, model, self_harm_model


def test_features_fold_digits_and_keep_word_pairs() -> None:
    """Digits are one symbol (6 viên is like 8 viên); words and word pairs are features."""
    grams = features("be uong 6 vien")
    assert "w:vien" in grams and "b:uong_0" in grams and " 0 v" in grams


def test_the_committed_model_loads_with_thresholds_in_order() -> None:
    """The committed weights load; the unsure threshold is at most the report threshold."""
    m = model()
    assert m is not None and 0 < m.unsure_at <= m.report_at < 1
    data = json.loads(MODEL_PATH.read_text("utf-8"))
    assert data["out_of_fold"]["negatives_at_or_above_report"] <= 0.02


def test_the_model_scores_a_report_above_a_dose_question() -> None:
    """A report scores higher than a dose question with the same drug."""
    m = NgramModel(bias=0.0, weights={"w:vung": 3.0, "w:lieu": -3.0}, report_at=0.9, unsure_at=0.5)
    assert m.score("be an vung thuoc") > m.report_at
    assert m.score("lieu thuoc") < m.unsure_at


def test_the_committed_self_harm_model_loads_with_its_cross_set_figures() -> None:
    """The self-harm model loads from the same file, thresholds in order, one figure a set."""
    m = self_harm_model()
    assert m is not None and 0 < m.unsure_at <= m.report_at < 1
    data = json.loads(MODEL_PATH.read_text("utf-8"))["self_harm"]
    assert data["out_of_fold"]["negatives_at_or_above_report"] <= 0.01
    assert "people_safety.jsonl" in data["cross_set"]


def test_features_read_a_feelings_idiom_as_the_feeling() -> None:
    """'mệt muốn chết' is read as 'mệt lắm': no 'chết' feature left."""
    grams = features("toi met muon chet")
    assert "w:chet" not in grams and "b:met_lam" in grams
    assert "w:chet" in features("toi muon chet")


def test_a_score_is_the_sum_over_every_feature_in_order() -> None:
    """The score is the logistic of the bias plus each feature's weight, summed in the order
    of `features` (a repeated gram counts each time), bit for bit."""

    m = model()
    assert m is not None
    for folded in ("be uong 6 vien 6 vien roi", "met muon chet", "lieu paracetamol cho tre"):
        z = m.bias + sum(m.weights.get(g, 0.0) for g in features(folded))
        assert m.score(folded) == 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
