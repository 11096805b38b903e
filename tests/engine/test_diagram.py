"""The committed state diagram matches the code, and the renderings carry every edge."""

from __future__ import annotations

import html
import re
import struct
from pathlib import Path
from xml.etree import ElementTree

import pytest

from core.catalog import DrugCatalog
from core.frame import QueryFrame
from core.ports import AnswerMode, AnswerRequest
from engine.diagram import ANY_TURN_END, as_json, edges, mermaid
from engine.diagram_routes import GROUNDED_ANSWER_CHECKS, answer_routes
from engine.routing import ROUTING_TABLE
from engine.svg import _wrap, svg
from grounding.verify import default_checks
from runners.statedoc import render_state_machine_doc
from states import TRANSITIONS, TURN_END_STATES, State

DOCS = Path(__file__).resolve().parents[2] / "docs"
SVG_NS = "{http://www.w3.org/2000/svg}"


def test_committed_doc_matches_definition() -> None:
    """docs/state-machine.md is exactly what `duocthu diagram --doc` generates now."""
    assert (DOCS / "state-machine.md").read_text(encoding="utf-8") == render_state_machine_doc(), (
        "docs/state-machine.md is stale: run `duocthu diagram --doc > docs/state-machine.md`"
    )


def test_doc_picture_exists_and_has_the_svgs_size() -> None:
    """The picture the doc references is committed beside it, drawn from an SVG of today's
    size (a layout change that moves the size without a redraw fails here)."""
    assert "(state-machine.png)" in render_state_machine_doc()
    png = (DOCS / "state-machine.png").read_bytes()
    assert png.startswith(b"\x89PNG")
    size = re.search(r'<svg [^>]*width="(\d+)" height="(\d+)"', svg())
    assert size is not None
    assert struct.unpack(">II", png[16:24]) == (int(size.group(1)), int(size.group(2)))


def test_edges_from_every_turn_end_state_are_drawn_once_from_the_composite() -> None:
    """A trigger that leaves every turn-end state is one edge from any_turn_end, not six."""
    drawn = edges()
    for spec in TRANSITIONS:
        mine = [e for e in drawn if e.trigger == spec.trigger.value and e.dest == spec.dest.value]
        if set(TURN_END_STATES) <= set(spec.sources):
            assert [e.source for e in mine if e.source in {s.value for s in TURN_END_STATES}] == []
            assert sum(e.source == ANY_TURN_END for e in mine) == 1
    assert len(drawn) < 20


def test_mermaid_labels_every_transition_with_guard_reason_and_rule() -> None:
    """Every edge line carries its trigger, its guards, its reasons and its routing rules."""
    text = mermaid()
    for e in edges():
        line = next(
            ln
            for ln in text.splitlines()
            if ln.strip().startswith(f"{e.source} --> {e.dest}:") and e.trigger in ln
        )
        assert all(g in line for g in e.guards)
        assert all(r in line for r in e.reasons)
        if e.rules:
            assert "rule " + ", ".join(map(str, e.rules)) in line


def test_static_mermaid_marks_no_state() -> None:
    """The static Mermaid diagram highlights nothing; `current` adds exactly one mark."""
    assert not re.search(r"^\s*class \w+ current$", mermaid(), re.MULTILINE)
    assert ":::" not in mermaid() and "s_active" not in mermaid()
    assert re.findall(r"^\s*class (\w+) current$", mermaid("answering"), re.MULTILINE) == [
        "answering"
    ]


def test_rule_numbers_sit_beside_the_transitions_they_choose() -> None:
    """Safety triage (rule 0) is on refuse_for_safety and start_retrieval; smalltalk is rule 11."""
    by_trigger = {(e.source, e.trigger): e.rules for e in edges()}
    assert 0 in by_trigger[(ANY_TURN_END, "refuse_for_safety")]
    assert 0 in by_trigger[(ANY_TURN_END, "start_retrieval")]
    assert by_trigger[(ANY_TURN_END, "reply_smalltalk")] == (11,)
    assert by_trigger[(ANY_TURN_END, "ask_population")] == (2,)
    assert by_trigger[("retrieving", "answer_from_evidence")] == ()
    chosen = {n for e in edges() for n in e.rules}
    assert chosen == {r.number for r in ROUTING_TABLE}


def test_smalltalk_is_marked_not_evidence() -> None:
    """The smalltalk edge into answering says it is fixed text; only one edge is evidence."""
    smalltalk = next(e for e in edges() if e.trigger == "reply_smalltalk")
    assert not smalltalk.evidence and "NOT evidence" in " ".join(smalltalk.label_lines())
    assert [e.trigger for e in edges() if e.evidence] == ["answer_from_evidence"]
    assert {s.value for s in State} == {s["name"] for s in as_json()["states"]}


def test_json_carries_routing_table_and_guard_definitions() -> None:
    """The JSON has every routing rule with its triggers and every guard with its meaning."""
    data = as_json()
    assert [r["number"] for r in data["routing_table"]] == [r.number for r in ROUTING_TABLE]
    triage = data["routing_table"][0]
    assert triage["name"] == "safety_triage" and "refuse_for_safety" in triage["triggers"]
    assert {g["name"] for g in data["guards"]} == {
        "can_clarify",
        "breaker_exhausted",
        "has_answer_target",
        "has_grounded_answer",
    }
    assert all(g["holds_when"] for g in data["guards"])
    trip = next(t for t in data["transitions"] if t["trigger"] == "trip_breaker")
    assert trip["guards"] == ["breaker_exhausted"]
    assert trip["reasons"] == ["clarify_loop_exhausted"]
    assert {s["name"] for s in data["states"] if not s["turn_end"]} == {"retrieving"}
    assert data["composite"]["members"] == [s.value for s in TURN_END_STATES]


def _svg_text(doc: str) -> str:
    root = ElementTree.fromstring(doc)  # noqa: S314 - our own generated SVG, not untrusted input
    return "\n".join(t.text or "" for t in root.iter(f"{SVG_NS}text"))


def test_svg_labels_every_edge() -> None:
    """The SVG is well-formed XML and shows every edge's trigger, reasons and rule numbers."""
    text = _svg_text(svg())
    words = set(re.findall(r"[a-z_]+|\d+", text))
    for e in edges():
        assert e.trigger in words
        assert set(e.guards) <= words and set(e.reasons) <= words
        assert {str(n) for n in e.rules} <= words
    assert {s.value for s in State} <= words


def test_static_svg_marks_no_state_and_current_marks_one() -> None:
    """No state is highlighted in the static SVG; `current` fills exactly that state."""
    assert "current" not in svg()
    marked = re.findall(r'<g id="state-(\w+)" class="state current">', svg("retrieving"))
    assert marked == ["retrieving"]


def test_svg_is_deterministic() -> None:
    """The same definition draws byte-identical SVG."""
    assert svg() == svg()


def test_unknown_current_state_is_rejected() -> None:
    """A current state that is not a state name is a ValueError naming it."""
    with pytest.raises(ValueError, match="nowhere"):
        svg("nowhere")


def test_label_wrapping_never_splits_a_name() -> None:
    """Long labels break only between names, and every name survives whole."""
    line = "reason: out_of_scope, unsupported_reverse_relation, drug_not_in_formulary"
    wrapped = _wrap(line, 24)
    assert len(wrapped) > 1
    assert " ".join(w.strip() for w in wrapped).replace(", ", ",").replace(",", ", ") == line


def test_state_columns_match_what_the_chat_page_assumes() -> None:
    """State i's box starts at 80 + 250·i (static/app.js scrolls the picture to the current
    state with these numbers)."""
    for i, state in enumerate(State):
        found = re.search(rf'<g id="state-{state.value}" class="state"><rect x="(\d+)"', svg())
        assert found is not None and int(found.group(1)) == 70 + 250 * i + 10


# -- issue 25: the configured limit, the checks, the dose route, the CSP, the paths --------------


def test_the_svg_has_no_inline_style_our_csp_would_block() -> None:
    """No `style` attribute or element: the CSP (style-src 'self') blocks inline styles."""
    picture = svg()
    assert "style=" not in picture and "<style" not in picture


def test_continuation_lines_keep_their_indent_as_a_shift() -> None:
    """A wrapped label line starts further right instead of with spaces a browser would drop."""
    root = ElementTree.fromstring(svg())  # noqa: S314 - our own SVG
    labels = [t for t in root.iter(f"{SVG_NS}text") if "label" in t.get("class", "")]
    assert labels and all(not (t.text or "").startswith(" ") for t in labels)


def test_every_rendering_names_the_configured_breaker_limit() -> None:
    """With MAX_CONSECUTIVE_CLARIFY=2 the guards read 2 in the SVG, Mermaid and JSON, never 4."""
    for text in (html.unescape(svg(max_clarify=2)), mermaid(max_clarify=2)):
        assert "streak < 2" in text and "streak ≥ 2" in text
        assert "streak < 4" not in text and "streak ≥ 4" not in text
    data = as_json(2)
    assert data["max_consecutive_clarify"] == 2
    guards = {g["name"]: g["holds_when"] for g in data["guards"]}
    assert "(2)" in guards["can_clarify"] and "(4)" not in guards["can_clarify"]
    assert "streak &lt; 4" in svg()  # the default stays 4


def test_the_checks_behind_has_grounded_answer_are_the_ones_grounding_runs() -> None:
    """The diagram's check names are exactly what grounding/verify.py runs in each mode
    (plus the claims requirement the guard itself adds)."""
    named = {name for name, _, _ in GROUNDED_ANSWER_CHECKS}
    frame = QueryFrame(turn_type="drug_attribute", drugs=["paracetamol"])
    ran: set[str] = set()
    for mode in AnswerMode:
        request = AnswerRequest(mode=mode, question="q", frame=frame, evidence=())
        ran |= {c.name for c in default_checks(request, DrugCatalog([]), entailment=_Judge())}
    assert named == ran | {"claims"}
    label = next(e for e in edges() if e.evidence).label_lines()[0]
    assert all(name in label for name in named - {"claims"}), label
    holds = {g["name"]: g["holds_when"] for g in as_json()["guards"]}["has_grounded_answer"]
    assert all(name in holds for name in named)


class _Judge:
    def judge(self, *args: object, **kwargs: object) -> object:  # pragma: no cover - never run
        raise AssertionError("not called")


def test_the_dose_route_is_drawn_as_its_own_way_into_answering() -> None:
    """The evidence arrow names the dose route on its own (population and age/weight rules,
    then single_drug), bold in the SVG; the JSON paths list it first."""
    rules = {r.name: r.number for r in ROUTING_TABLE}
    dose = answer_routes()[0]
    assert dose.name == "dose"
    assert dose.rules == (
        rules["dosing_needs_population"],
        rules["child_dosing_needs_age_and_weight"],
        rules["single_drug"],
    )
    root = ElementTree.fromstring(svg())  # noqa: S314 - our own SVG
    routes = [t for t in root.iter(f"{SVG_NS}text") if "route" in t.get("class", "").split()]
    assert [t.text for t in routes] == ["route dose: rules 2 → 3 → 16"]
    assert routes[0].get("font-weight") == "bold"
    assert as_json()["paths"][0]["route"] == "dose"


def test_the_paths_reach_every_turn_end_outcome_with_every_reason() -> None:
    """Every reason an edge into a turn-end state can end a turn with is on some path."""
    paths = as_json()["paths"]
    on_paths = {r for p in paths for r in p["reasons"]}
    wanted = {r for t in TRANSITIONS if t.dest in TURN_END_STATES for r in t.reasons}
    assert wanted <= on_paths
    assert {p["to"] for p in paths} == {s.value for s in TURN_END_STATES} - {"idle"}
