"""The condition and dialogue eval metrics, on tiny hand-made corpora, cases and turn results."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from core.evidence import Citation
from core.result import Outcome, TurnResult
from runners.evals import condition as cond
from runners.evals import dialogues as dlg
from runners.evals.dialogues import Dialogue, LabelledTurn, Played

ROOT = Path(__file__).resolve().parents[2]
RECORDS = [
    {"drug_id": "amlodipine", "drug_name": "Amlodipin", "section_key": "chi_dinh",
     "text": "- Tăng huyết áp.\n- Đau thắt ngực ổn định."},
    {"drug_id": "heparin", "drug_name": "Heparin", "section_key": "chi_dinh",
     "text": "- Dự phòng huyết khối ở người bệnh nằm lâu."},
    {"drug_id": "ceftriaxone", "drug_name": "Ceftriaxon", "section_key": "chi_dinh",
     "text": "- Lậu (liều duy nhất)."},
    {"drug_id": "amlodipine", "drug_name": "Amlodipin", "section_key": "thoi_ky_mang_thai",
     "text": "Chỉ dùng khi không có lựa chọn an toàn hơn."},
]  # fmt: skip


@pytest.fixture
def corpus(tmp_path: Path) -> cond.Corpus:
    path = tmp_path / "mini.jsonl"
    path.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in RECORDS), "utf-8")
    return cond.Corpus([path])


def result(
    reason: str = "condition_to_drug",
    *,
    outcome: Outcome = Outcome.ANSWERABLE,
    state: str = "answering",
    cites: Sequence[tuple[str, str]] = (),
    patient: dict[str, Any] | None = None,
    rule: int | None = 7,
    streak: int = 0,
    **frame: Any,
) -> TurnResult:
    return TurnResult(
        conversation_id="c",
        turn=1,
        state=state,
        outcome=outcome,
        reason=reason,
        message="",
        citations=[
            Citation(drug_id=d, drug_name=d, section_key=s, section_title=s, chunk_id=f"{d}{s}")
            for d, s in cites
        ],
        route_rule=rule,
        frame={"turn_type": "condition_to_drug", "patient": patient, **frame},
        clarify_streak=streak,
    )


def case(*turns: dict[str, Any], slice_: str = "tuning") -> Dialogue:
    return Dialogue(
        id="x",
        slice=slice_,
        tag="condition",
        turns=tuple(LabelledTurn(f"turn {i}", e) for i, e in enumerate(turns, 1)),
    )


def score(corpus: cond.Corpus, dialogue: Dialogue, *results: TurnResult) -> cond.ConditionSlice:
    report = cond.score_all([Played(dialogue, list(results))], corpus)
    return report.slices[dialogue.slice]


def test_names_term_keeps_accents() -> None:
    """'lậu' (gonorrhoea) is not found in 'nằm lâu' (lying long)."""
    assert cond.names_term("Lậu (liều duy nhất).", "lậu")
    assert not cond.names_term("người bệnh nằm lâu", "lậu")


def test_names_term_reads_unaccented_terms_through_aliases() -> None:
    """'viem xoang' finds 'Viêm xoang'; 'ho' (cough) does not find 'hô hấp'."""
    assert cond.names_term("- Viêm xoang cấp.", "viem xoang")
    assert not cond.names_term("nhiễm khuẩn hô hấp dưới", "ho")


def test_labels_agree_with_the_corpus(corpus: cond.Corpus) -> None:
    """A correct label passes; a wrong or missing drug is named."""
    good = case({"candidates": ["ceftriaxone"], "indication_terms": ["lậu"]})
    wrong = case({"candidates": ["heparin"], "indication_terms": ["lậu"]})
    assert cond.check_labels([good], corpus) == []
    problems = cond.check_labels([wrong], corpus)
    assert any("'heparin' indication names none" in p for p in problems)
    assert any("'ceftriaxone' names ['lậu'] but is not labelled" in p for p in problems)


def test_repository_labels_agree_with_the_demo_corpus() -> None:
    """Every expected drug in evals/condition_to_drug*.jsonl is named by its indication section."""
    cases = dlg.load_sets(cond.TUNING_SET, cond.HELDOUT_SET)
    assert len(cases) >= 60
    assert cond.check_labels(cases, cond.Corpus()) == []


def test_unsupported_drug_is_counted(corpus: cond.Corpus) -> None:
    """A cited drug whose indication does not name the condition is unsupported and gates."""
    dialogue = case({"candidates": ["ceftriaxone"], "indication_terms": ["lậu"]})
    shown = result(cites=[("ceftriaxone", "chi_dinh"), ("heparin", "chi_dinh")])
    sl = score(corpus, dialogue, shown)
    assert sl.shown == 2
    assert [u.split(":")[1].split()[0] for u in sl.unsupported] == ["heparin"]
    assert cond.ConditionReport({"tuning": sl}).gate_failures()


def test_engine_condition_supports_its_own_list(corpus: cond.Corpus) -> None:
    """Without labelled terms, the engine's own condition decides support."""
    dialogue = case({})
    shown = result(cites=[("amlodipine", "chi_dinh")], condition={"text": "tăng huyết áp"})
    assert score(corpus, dialogue, shown).unsupported == []


def test_recall_counts_missing_candidates(corpus: cond.Corpus) -> None:
    """Recall is found/expected over turns that expect candidates, answered or not."""
    dialogue = case(
        {"candidates": ["amlodipine"], "indication_terms": ["tăng huyết áp"]},
        {"candidates": ["ceftriaxone"], "indication_terms": ["lậu"]},
    )
    sl = score(
        corpus,
        dialogue,
        result(cites=[("amlodipine", "chi_dinh")]),
        result("no_evidence", outcome=Outcome.ABSTAIN, state="abstained"),
    )
    assert (sl.recall_hit, sl.recall_want) == (1, 2)


def test_context_loss_and_wrong_carry_over(corpus: cond.Corpus) -> None:
    """A fact dropped inside a case is lost; a fact kept across a boundary is wrong carry-over."""
    dialogue = case(
        {"patient": {"pregnant": True}},
        {"patient": {"pregnant": True, "current_medicines": ["warfarin"]}},
        {"patient": {"renal_impairment": True}, "not_carried": ["pregnant", "current_medicines"]},
    )
    sl = score(
        corpus,
        dialogue,
        result(patient={"pregnant": True}),
        result(patient={"current_medicines": ["Warfarin"]}),
        result(patient={"renal_impairment": True, "pregnant": True}),
    )
    assert (len(sl.lost), sl.carried) == (1, 1)
    assert sl.boundary_checks == 2
    assert sl.wrong_carry == ["x turn 3: carried pregnant across the case boundary"]


def test_fact_present_matches_list_items_accent_insensitively() -> None:
    """A list fact matches an item whatever its accents or case; booleans need truth."""
    assert cond.fact_present({"current_medicines": ["Warfarin"]}, "current_medicines", "warfarin")
    assert not cond.fact_present({"current_medicines": ["aspirin"]}, "current_medicines", "x")
    assert not cond.fact_present({"pregnant": False}, "pregnant")
    assert cond.fact_present({"egfr": 25.0}, "egfr", 25.0)
    assert not cond.fact_present({"egfr": 25.0}, "egfr", 40.0)


def test_ambiguity_precision_counts_only_flagged_turns(corpus: cond.Corpus) -> None:
    """A turn flagged ambiguous that should not be lowers precision; recall counts the rest."""
    dialogue = case({"ambiguous": True}, {"ambiguous": False})
    sl = score(
        corpus,
        dialogue,
        result("ambiguous_condition", outcome=Outcome.CLARIFY, state="clarifying_query"),
        result("ambiguous_condition", outcome=Outcome.CLARIFY, state="clarifying_query"),
    )
    assert (sl.flagged_right, sl.flagged_ambiguous) == (1, 2)
    assert (sl.expected_ambiguous_found, sl.expected_ambiguous) == (1, 1)


def test_route_accepts_any_listed_rule(corpus: cond.Corpus) -> None:
    """A list of acceptable route rules matches any one of them."""
    dialogue = case({"route_rule": [6, 9], "turn_type": ["condition_relation"]})
    sl = score(corpus, dialogue, result(rule=9, turn_type="condition_relation"))
    assert sl.rate("route") == 1.0


def test_safety_facet_coverage_needs_a_citation(corpus: cond.Corpus) -> None:
    """A facet the corpus speaks to is covered only when its section is cited."""
    dialogue = case({"patient": {"pregnant": True}, "indication_terms": ["tăng huyết áp"]})
    bare = score(corpus, dialogue, result(cites=[("amlodipine", "chi_dinh")]))
    cited = score(
        corpus,
        dialogue,
        result(cites=[("amlodipine", "chi_dinh"), ("amlodipine", "thoi_ky_mang_thai")]),
    )
    assert (bare.facets_covered, bare.facets_coverable) == (0, 1)
    assert (cited.facets_covered, cited.facets_coverable) == (1, 1)


def test_dialogue_fields_and_citations() -> None:
    """Expected fields are compared one by one; citations must include every expected pair."""
    got = result("single_drug", cites=[("aspirin", "chong_chi_dinh")], rule=16)
    want = {
        "state": "answering",
        "reason": ["single_drug", "interaction"],
        "route_rule": 15,
        "cites": [{"drug_id": "aspirin", "section_key": "chong_chi_dinh"}],
    }
    assert dlg.field_checks(want, got) == {
        "state": True,
        "reason": True,
        "route_rule": False,
        "cites": True,
    }


def test_invariant_violations_are_named() -> None:
    """Retrieving as an end state, a fifth clarify, an unknown reason and an ungated child
    dose are each reported."""
    bad = result("made_up", state="retrieving", cites=[("x", "y")])
    child = result(
        "single_drug",
        cites=[("paracetamol", "lieu_luong_cach_dung")],
        turn_type="dosing_calc",
        population="child",
        age_months=60,
        weight_kg=None,
    )
    fifth = result("no_drug", outcome=Outcome.CLARIFY, state="clarifying_query", streak=5)
    problems = dlg.violations(bad, 0) + dlg.violations(child, 0) + dlg.violations(fifth, 4)
    assert any("retrieving" in p for p in problems)
    assert any("not a contract reason" in p for p in problems)
    assert any("child dose" in p for p in problems)
    assert any("fifth" in p for p in problems)


@dataclass
class _Created:
    conversation_id: str


class ScriptedEngine:
    """Answers each text with a scripted result; an unknown text raises."""

    def __init__(self, replies: dict[str, TurnResult]) -> None:
        self.replies = replies
        self.count = 0

    def create_conversation(self) -> _Created:
        self.count += 1
        return _Created(f"c{self.count}")

    def handle(self, conversation_id: str, text: str) -> TurnResult:
        return self.replies[text]


def test_engine_error_ends_the_dialogue_and_gates() -> None:
    """An exception is recorded, the remaining turns are unplayed, and the gate fails."""
    dialogue = Dialogue("d", "tuning", "smalltalk", (LabelledTurn("hi", {}), LabelledTurn("?", {})))
    engine = ScriptedEngine({"hi": result("smalltalk", rule=11)})
    played = dlg.play(engine, dialogue)
    assert played.results[1] is None
    assert played.errors == ["KeyError: '?'"]
    report = dlg.score_all([played])
    assert report.gate_failures() == ["tuning: engine error d: KeyError: '?'"]


@pytest.fixture
def one_dialogue(tmp_path: Path) -> Path:
    path = tmp_path / "d.jsonl"
    row = {"id": "d1", "tag": "smalltalk", "turns": [{"text": "xin chào", "expect": {}}]}
    path.write_text(json.dumps(row, ensure_ascii=False), "utf-8")
    return path


def test_dialogue_main_exit_status(one_dialogue: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """main passes with clean turns and fails when a turn breaks an invariant."""
    ok = ScriptedEngine({"xin chào": result("smalltalk", rule=11)})
    bad = ScriptedEngine({"xin chào": result("smalltalk", state="retrieving", rule=11)})
    argv = [str(one_dialogue), "--no-progress"]
    assert dlg.main(argv, engine_factory=lambda _d: ok) == 0
    assert dlg.main(argv, engine_factory=lambda _d: bad) == 1
    assert "invariant gate: FAIL" in capsys.readouterr().out
