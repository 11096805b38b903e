"""The real-text eval: labels, scripted user, scorer and gate, on hand-made results."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from core.result import ClaimView, Outcome, TurnResult
from runners.evals import realtext as rt
from states.messages import ATTRIBUTE_REPLIES, POPULATION_REPLIES

SECTION_KEYS = {
    "chi_dinh", "chong_chi_dinh", "lieu_luong_cach_dung", "qua_lieu_xu_tri",
    "tuong_tac_thuoc", "thoi_ky_mang_thai", "thoi_ky_cho_con_bu", "than_trong",
}  # fmt: skip


def question(**over: Any) -> rt.Question:
    base: dict[str, Any] = {
        "id": "q1", "slice": "heldout", "corpus": "dtqg2018", "kind": "dose_age",
        "answerable": True, "question": "liều cho bé 3 tuổi", "patient": {"age_years": 3},
        "expect": (("180 mg",),), "forbid": ("0,5 - 1 g", "240 mg"),
    }  # fmt: skip
    return rt.Question(**{**base, **over})


def result(
    outcome: Outcome = Outcome.ANSWERABLE,
    reason: str = "single_drug",
    claims: Sequence[str] = (),
    message: str = "",
    replies: Sequence[str] = (),
) -> TurnResult:
    bullets = "\n".join(f"- {c} [1]" for c in claims)
    return TurnResult(
        conversation_id="c",
        turn=1,
        state="answering",
        outcome=outcome,
        reason=reason,
        message=message or f"Liều theo Dược thư:\n{bullets}\nNguồn:\n[1] X",
        claims=[ClaimView(text=c, citations=[0]) for c in claims],
        quick_replies=list(replies),
    )


PERFECT = result(claims=["Trẻ em 2 - 4 tuổi: 180 mg."])
DUMP = result(
    claims=["Người lớn: 0,5 - 1 g/lần.", "Trẻ em 2 - 4 tuổi: 180 mg.", "4 - 6 tuổi: 240 mg"]
)
REFUSAL = result(Outcome.ABSTAIN, "no_evidence", message="Không tìm thấy thông tin phù hợp.")


def test_perfect_answer_scores_full_marks() -> None:
    """The applicable row alone: row present, nothing non-applicable, no refusal."""
    s = rt.score(question(), [PERFECT], [])
    figures = rt.summarize([s], {"q1": True})
    assert (s.row_present, s.wrong_rows, s.missing) == (True, [], [])
    assert figures["row_present"] == 1.0 and figures["wrong_row"] == 0.0
    assert figures["wrongful_refusal"] == 0.0 and figures["unsupported"] == 0


def test_dump_scores_as_non_applicable_row() -> None:
    """A section dump holds the right row but shows the adult and neighbouring rows too."""
    s = rt.score(question(), [DUMP], [])
    assert s.row_present and s.wrong_rows == ["0,5 - 1 g", "240 mg"]
    assert rt.summarize([s], {"q1": True})["wrong_row"] == 1.0


def test_refusal_on_answerable_question_is_wrongful() -> None:
    """`no_evidence` on a question the book answers counts as wrongful, and no row is present."""
    s = rt.score(question(), [REFUSAL], [])
    figures = rt.summarize([s], {"q1": True})
    assert figures["wrongful_refusal"] == 1.0 and figures["row_present"] == 0.0
    assert figures["median_chars"] is None and figures["wrong_row"] is None


def test_refusal_on_unanswerable_question_is_honest() -> None:
    """Refusing what the book does not say is honest and leaves the answerable figures alone."""
    q = question(answerable=False, expect=(), forbid=())
    figures = rt.summarize([rt.score(q, [REFUSAL], [])], {"q1": False})
    assert figures["honest_refusal"] == 1.0 and figures["answerable"] == 0
    assert figures["wrongful_refusal"] is None


def test_missing_figure_and_alternatives() -> None:
    """Every expected item must appear; an item with alternatives needs any one of them."""
    q = question(expect=(("180 mg",), ("4 - 6 giờ",)))
    assert rt.score(q, [PERFECT], []).missing == ["4 - 6 giờ"]
    q = question(expect=(("150 mg", "5 - 10 mg/kg"),))
    assert rt.score(q, [result(claims=["sốt: 5–10 mg/kg"])], []).row_present


def test_figures_match_by_value_and_unit_terms_by_words() -> None:
    """ "10–15 mg/kg" matches "10 - 15 mg/kg", not "10 - 15 mg/kg/ngày"; terms ignore case."""
    assert rt.contains("uống 10–15 mg/kg mỗi lần", "10 - 15 mg/kg")
    assert not rt.contains("uống 10 - 15 mg/kg/ngày", "10 - 15 mg/kg")
    assert rt.contains("250 mg/lần, 3 - 4 lần/ngày", "250 mg")
    assert not rt.contains("250 mg/ngày", "250 mg")
    assert rt.contains("Dùng N-ACETYLCYSTEIN ngay", "N-acetylcystein")
    assert not rt.contains("Dùng methionin", "N-acetylcystein")
    assert rt.contains("Người có tiền sử bệnh hen.", "hen")
    assert not rt.contains("Dùng phenytoin", "hen")


def test_length_counts_what_the_page_shows() -> None:
    """Length is the lead plus the claims; the bullet copies and the sources are not counted."""
    shown = rt.shown_text(PERFECT)
    assert shown == "Liều theo Dược thư:\nTrẻ em 2 - 4 tuổi: 180 mg."
    assert rt.score(question(), [PERFECT], []).chars == len(shown)
    assert rt.shown_text(REFUSAL) == REFUSAL.message


def test_lines_after_the_claims_are_shown_after_them() -> None:
    """The "other bands" line the message has after its claims is shown below them."""
    answer = result(claims=["Trẻ em 2 - 4 tuổi: 180 mg."]).model_copy(
        update={
            "message": "Liều theo Dược thư:\n- Trẻ em 2 - 4 tuổi: 180 mg. [1]\n"
            "Dược thư còn ghi liều cho: người lớn.\nNguồn:\n[1] X — Liều"
        }
    )
    assert rt.shown_text(answer) == (
        "Liều theo Dược thư:\nTrẻ em 2 - 4 tuổi: 180 mg.\nDược thư còn ghi liều cho: người lớn."
    )


def test_unsupported_claims_are_summed() -> None:
    """Every grounding violation found in a slice is counted."""
    s = rt.score(question(), [PERFECT], ["999 mg in “…”", "7 g in “…”"])
    assert rt.summarize([s], {"q1": True})["unsupported"] == 2


def test_gate_names_each_missed_target() -> None:
    """Passing figures pass; each missed or unmeasured target is named."""
    good = {"row_present": 0.95, "wrong_row": 0.0, "median_chars": 420,
            "unsupported": 0, "wrongful_refusal": 0.02, "errors": 0}  # fmt: skip
    assert rt.gate_failures(good) == []
    bad = {**good, "row_present": 0.5, "median_chars": 1200, "unsupported": 1, "wrong_row": None}
    names = [f.split()[0] for f in rt.gate_failures(bad)]
    assert names == ["row_present", "wrong_row", "median_chars", "unsupported"]
    assert rt.gate_failures({**good, "errors": 1}) == ["errors 1 (target ≤ 0)"]


def test_engine_error_is_scored_and_counted() -> None:
    """An engine that raises leaves an `error` score, counted apart from refusals."""

    class Broken(_Clarifier):
        def handle(self, conversation_id: str, text: str) -> TurnResult:
            raise RuntimeError("boom")

    runtime = type("Runtime", (), {"engine": Broken(), "retriever": None})()
    scores = rt.run([question()], lambda _corpus: runtime)
    figures = rt.summarize(scores, {"q1": True})
    assert scores[0].outcome == "error" and figures["errors"] == 1
    assert figures["wrongful_refusal"] == 0.0 and figures["row_present"] == 0.0


@pytest.mark.parametrize(
    ("patient", "reason", "replies", "said"),
    [
        ({"age_years": 5, "weight_kg": 18}, "missing_population", POPULATION_REPLIES, "Trẻ em"),
        ({"population": "adult", "age_years": 80}, "missing_population", POPULATION_REPLIES,
         "Người lớn"),
        ({"route": "đặt trực tràng"}, "ambiguous_route", ("Đường uống", "Đặt trực tràng"),
         "Đặt trực tràng"),
        ({"age_years": 3, "weight_kg": 14, "route": "uống", "indication": "sốt"},
         "missing_pediatric_age_or_weight", (), "bé 3 tuổi, nặng 14 kg, đường uống, bị sốt"),
        ({"population": "adult", "clcr": 20}, "needs_more_info", (),
         "người lớn, ClCr 20 ml/phút"),
        ({"population": "adult", "crcl": 30}, "needs_more_info", (),
         "người lớn, ClCr 30 ml/phút"),
        ({"age_days": 10, "weight_kg": 3}, "missing_pediatric_age_or_weight", (),
         "bé sơ sinh 10 ngày tuổi, nặng 3 kg"),
        ({}, "ambiguous_route", ("Đường uống", "Tiêm tĩnh mạch"), "Đường uống"),
        ({"indication": "sốt"}, "needs_more_info", ("Đau sau phẫu thuật", "Đau, sốt"),
         "Đau, sốt"),
        ({}, "needs_more_info", ("Giảm đau, hạ sốt", "Viêm khớp"), "Giảm đau, hạ sốt"),
        ({"route": "uống", "indication": "sốt"}, "ambiguous_route",
         ("Tiêm tĩnh mạch", "Đường uống – Đau sau phẫu thuật", "Đường uống – Đau, sốt"),
         "Đường uống – Đau, sốt"),
        ({"route": "đặt trực tràng"}, "ambiguous_route",
         ("Đường uống – Đau, sốt", "Đặt trực tràng – Đau, sốt"), "Đặt trực tràng – Đau, sốt"),
    ],
)  # fmt: skip
def test_scripted_user_answers_from_the_line_facts(
    patient: dict[str, Any], reason: str, replies: Sequence[str], said: str
) -> None:
    """The scripted user picks the offered reply that fits its facts, else states the facts."""
    asked = result(Outcome.CLARIFY, reason, message="?", replies=replies)
    assert rt.follow_up(question(patient=patient), asked) == said


def test_scripted_user_names_the_attribute_asked_about() -> None:
    """Asked what to look up, the user names the line's kind (contraindication here)."""
    asked = result(Outcome.CLARIFY, "missing_attribute", message="?", replies=ATTRIBUTE_REPLIES)
    assert rt.follow_up(question(kind="salt_contra_age"), asked) == "Chống chỉ định"
    assert rt.follow_up(question(kind="brand_renal"), asked) == "Liều dùng"


class _Clarifier:
    """An engine that asks for the route forever."""

    def __init__(self) -> None:
        self.heard: list[str] = []

    def create_conversation(self) -> Any:
        return type("Created", (), {"conversation_id": "c"})()

    def handle(self, conversation_id: str, text: str) -> TurnResult:
        self.heard.append(text)
        return result(Outcome.CLARIFY, "ambiguous_route", message="?", replies=("Đường uống",))


def test_play_stops_after_three_follow_ups() -> None:
    """The question plus at most three scripted replies, then the last result is final."""
    engine = _Clarifier()
    played = rt.play(engine, question(patient={"route": "uống"}))
    assert len(played) == 4 and engine.heard[1:] == ["Đường uống"] * 3
    assert rt.score(question(), played, []).outcome == "clarify"


def test_earlier_turns_are_played_first_and_not_judged() -> None:
    """A line's `before` turns go to the same conversation ahead of its question; only the
    question's results (and its scripted replies) come back to be scored."""
    engine = _Clarifier()
    played = rt.play(engine, question(before=("bà tôi 80 tuổi", "suy thận"), patient={}))
    assert engine.heard[:3] == ["bà tôi 80 tuổi", "suy thận", "liều cho bé 3 tuổi"]
    assert len(played) == len(engine.heard) - 2


def test_skips_cleanly_without_the_corpus(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """No corpus files: one clear line and exit 0, gate or not."""
    assert rt.main(["--corpus-dir", str(tmp_path), "--no-progress"]) == 0
    assert "realtext: skipped" in capsys.readouterr().out


def test_labelled_lines_are_well_formed() -> None:
    """Unique ids, known corpora and sections, facts only; ≥ 150 lines, a held-out slice of
    at least 50 (written first and kept as it was while tuning lines were added later)."""
    rows = [json.loads(x) for p in rt.SETS for x in p.read_text("utf-8").splitlines() if x]
    assert len(rows) >= 150 and len({r["id"] for r in rows}) == len(rows)
    heldout = [r for r in rows if r["slice"] == "heldout"]
    assert len(heldout) >= 50
    for r in rows:
        assert r["corpus"] in rt.CORPUS_FILES and set(r["section_keys"]) <= SECTION_KEYS, r["id"]
        assert bool(r["expect"]) == r["answerable"], r["id"]
        items = [a for e in r["expect"] for a in (e if isinstance(e, list) else [e])]
        assert all(len(x) <= 30 for x in items + r["forbid"]), r["id"]
    assert {r["corpus"] for r in rows if not r["answerable"]} == set(rt.CORPUS_FILES)


def test_the_floor_is_a_ratchet_that_keeps_unsupported_claims_at_zero(tmp_path: Path) -> None:
    """Below the committed floor fails, at or above it passes; unsupported claims and errors
    fail at any count even if the file allowed them."""
    floor = tmp_path / "floor.json"
    floor.write_text(
        json.dumps(
            {"row_present": 0.7, "wrong_row": 0.2, "median_chars": 500, "unsupported": 3,
             "wrongful_refusal": 0.1, "errors": 2}
        ),
        encoding="utf-8",
    )  # fmt: skip
    gates = rt.floor_gates(floor)
    good = {"row_present": 0.72, "wrong_row": 0.2, "median_chars": 480, "unsupported": 0,
            "wrongful_refusal": 0.05, "errors": 0}  # fmt: skip
    assert rt.gate_failures(good, gates) == []
    assert rt.gate_failures({**good, "row_present": 0.69}, gates)
    assert rt.gate_failures({**good, "median_chars": 501}, gates)
    assert rt.gate_failures({**good, "unsupported": 1}, gates)
    assert rt.gate_failures({**good, "errors": 1}, gates)


def test_targets_and_floor_both_gate() -> None:
    """A missed target fails even above the floor; a figure under the floor fails too."""
    assert rt.exit_code(["row_present 0.8"], [], enforced=True) == 1
    assert rt.exit_code([], ["wrong_row 0.06"], enforced=True) == 1
    assert rt.exit_code([], [], enforced=True) == 0
    assert rt.exit_code(["row_present 0.8"], ["x"], enforced=False) == 0
