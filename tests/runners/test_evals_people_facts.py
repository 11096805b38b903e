"""The people-facts eval: labels read from a set, frames and answers judged, the floor held."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from core.evidence import Citation
from core.result import ClaimView, Outcome, TurnResult
from runners.evals import people_facts as pf


def result(
    outcome: str = "answerable",
    reason: str = "single_drug",
    frame: dict[str, Any] | None = None,
    claims: tuple[str, ...] = (),
    cites: tuple[tuple[str, str], ...] = (),
) -> TurnResult:
    return TurnResult(
        conversation_id="c",
        turn=1,
        state="answering",
        outcome=Outcome(outcome),
        reason=reason,
        message="Lead:\n" + "\n".join(f"- {c} [1]" for c in claims),
        claims=[ClaimView(text=c, citations=[0]) for c in claims],
        citations=[
            Citation(drug_id=d, drug_name=d, section_key=s, section_title=s, chunk_id="k")
            for d, s in cites
        ],
        frame=frame or {},
    )


def line(kind: str, **expect: Any) -> pf.Line:
    return pf.Line(id="x", kind=kind, text="t", set="s", **expect)


def test_facts_map_to_frame_fields_and_null_means_absent() -> None:
    """Neutral keys read the frame and its patient; a null fact must be cleared."""
    frame = {"population": "adult", "age_months": None, "patient": {"breastfeeding": True}}
    ok = line(
        "patient_fact", facts={"population": "adult", "age_months": None, "breastfeeding": True}
    )
    assert pf.fact_problems(ok, frame) == []
    kept = line("patient_fact", facts={"weight_kg": None})
    assert pf.fact_problems(kept, {"weight_kg": 14.0}) == ["weight_kg: got 14.0, want None"]


def test_ages_are_compared_with_a_tolerance() -> None:
    """20 days read as 0.66 month matches a label of 0.7; 2 months does not."""
    facts = {"age_months": 0.7}
    assert pf.fact_problems(line("patient_fact", facts=facts), {"age_months": 0.66}) == []
    assert pf.fact_problems(line("patient_fact", facts=facts), {"age_months": 2.0})


def test_an_infants_age_is_held_to_days() -> None:
    """Below three months a tenth of a month: "10 ngày" is not 25 days; older, half a month."""
    newborn = line("patient_fact", facts={"age_months": 0.3})
    assert pf.fact_problems(newborn, {"age_months": 0.33}) == []
    assert pf.fact_problems(newborn, {"age_months": 0.8})
    older = line("patient_fact", facts={"age_months": 14})
    assert pf.fact_problems(older, {"age_months": 14.4}) == []


def test_a_near_fact_must_read_no_age_weight_or_pregnancy() -> None:
    """ "uống 7 ngày" read as an age is a miss."""
    assert pf.fact_problems(line("near_fact"), {"age_months": 7.0}) == ["age_months read as 7.0"]
    assert pf.fact_problems(line("near_fact"), {"patient": {"pregnant": True}}) == [
        "pregnancy read"
    ]
    assert pf.fact_problems(line("near_fact"), {"population": "adult"}) == []


def test_how_to_take_needs_the_cited_sentence_short_and_unasked() -> None:
    """Answered, citing the drug's section, every word group in it, short, no clarify."""
    good = result(
        claims=("Không uống gấp đôi liều.",), cites=(("warfarin", "lieu_luong_cach_dung"),)
    )
    want = line(
        "how_to_take",
        drug_id="warfarin",
        section_keys=("lieu_luong_cach_dung",),
        has=(("gap doi",), ("lieu", "viên")),
    )
    assert pf.howto_problems(want, [good]) == []
    long = result(claims=("gấp đôi liều " * 40,), cites=(("warfarin", "lieu_luong_cach_dung"),))
    assert any("chars" in p for p in pf.howto_problems(want, [long]))
    asked = result("clarify", "missing_population")
    assert "asked a clarifying question" in pf.howto_problems(want, [asked])


def test_a_reaction_must_be_an_emergency_quoting_adr_management() -> None:
    """Triaged emergency and a huong_dan_xu_tri_adr citation of the drug."""
    want = line("reaction", drug_id="amoxicillin")
    good = result(reason="emergency", cites=(("amoxicillin", "huong_dan_xu_tri_adr"),))
    assert pf.reaction_problems([good], want) == []
    overdose = result(reason="emergency", cites=(("amoxicillin", "qua_lieu_xu_tri"),))
    assert pf.reaction_problems([overdose], want) == ["no huong_dan_xu_tri_adr citation"]


def test_load_reads_expect_and_names_the_blind_set(tmp_path: Path) -> None:
    """`expect` holds the labels; a *.blind.jsonl file is the `blind` set; bad kinds fail."""
    path = tmp_path / "people_facts.blind.jsonl"
    row = {
        "id": "b1",
        "kind": "how_to_take",
        "before": ["a"],
        "text": "b",
        "expect": {"drug_id": "d", "section_key": "s", "has": [["x", "y"], "z"]},
        "style": ["slang"],
    }
    path.write_text(json.dumps(row) + "\n", encoding="utf-8")
    (got,) = pf.load([path])
    assert (got.set, got.before, got.section_keys, got.has) == (
        "blind",
        ("a",),
        ("s",),
        (("x", "y"), ("z",)),
    )
    path.write_text(json.dumps(row | {"kind": "other"}) + "\n", encoding="utf-8")
    with pytest.raises(ValueError, match="kind"):
        pf.load([path])


class ScriptedEngine:
    """Answers every turn with one fixed result."""

    def __init__(self, reply: TurnResult) -> None:
        self.reply = reply
        self.turns: list[str] = []

    def create_conversation(self) -> Any:
        return type("Created", (), {"conversation_id": "c"})()

    def handle(self, conversation_id: str, text: str) -> TurnResult:
        self.turns.append(text)
        return self.reply


def test_play_all_reports_kinds_and_styles_and_the_floor_fails_below(tmp_path: Path) -> None:
    """Before-turns are played; a mid-conversation line is reported under its style."""
    engine = ScriptedEngine(result(frame={"age_months": 1.0, "population": "child"}))
    lines = [
        pf.Line(
            id="1", kind="patient_fact", text="b", set="s", before=("a",), facts={"age_months": 1}
        ),
        pf.Line(id="2", kind="patient_fact", text="c", set="s", facts={"age_months": 5}),
    ]
    reports = pf.play_all(engine, lines)
    assert engine.turns == ["a", "b", "c"]
    assert reports["s"].kinds["patient_fact"].rate == 0.5
    assert reports["s"].styles["mid_conversation"]["patient_fact"].rate == 1.0
    floor = tmp_path / "floor.json"
    floor.write_text(json.dumps({"s": {"patient_fact": 0.6}, "absent": {"x": 1}}), encoding="utf-8")
    assert pf.floor_failures(pf.figures(reports), floor) == ["s/patient_fact 0.500 < floor 0.600"]


def test_an_elderly_label_is_an_adult_of_sixty_or_more() -> None:
    """Population "elderly" holds for an adult frame aged 60+, not for a younger adult."""
    line = pf.Line(id="x", kind="patient_fact", text="t", set="s", facts={"population": "elderly"})
    assert pf.fact_problems(line, {"population": "adult", "age_months": 65 * 12}) == []
    assert pf.fact_problems(line, {"population": "adult", "age_months": 40 * 12}) != []
    assert pf.fact_problems(line, {"population": "child", "age_months": None}) != []
