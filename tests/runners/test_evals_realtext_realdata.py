"""The real-text eval against ../shared/corpus-candidates: labels match the book, scoring mechanics.

Skipped when ../shared is absent. Sparse only (EMBEDDING_PROVIDER=disabled). Answers are
built at run time from the retrieved evidence, so no book sentence lives in the repo.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from core.evidence import Citation, Evidence
from core.result import ClaimView, Outcome, TurnResult
from retrieval.candidates import inn_owners, map_candidate
from retrieval.corpus import section_key_for
from runners.evals import realtext as rt

FILES = {name: rt.CANDIDATES / f for name, f in rt.CORPUS_FILES.items()}
pytestmark = [
    pytest.mark.realdata,
    pytest.mark.slow,
    pytest.mark.skipif(
        not all(f.is_file() for f in FILES.values()), reason="../shared/corpus-candidates is absent"
    ),
]
# Tuning lines whose applicable row is one line of the dosing text: adult paracetamol,
# adult cetirizine, adult loratadine.
HANDFUL = ("rt-t004", "rt-t024", "rt-t041")


def _section_texts() -> dict[tuple[str, str, str], str]:
    texts: dict[tuple[str, str, str], str] = {}
    for corpus, path in FILES.items():
        objs = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
        owners = inn_owners(objs)
        for obj in objs:
            m = map_candidate(obj, inn_owner=owners)
            section = section_key_for(m["section_key"])
            key = (corpus, m["drug_id"], section.value if section else m["section_key"])
            texts[key] = texts.get(key, "") + "\n" + m["text"]
    return texts


def test_every_labelled_figure_is_in_the_book() -> None:
    """Each expected item (one alternative) and each forbidden figure is in the line's sections."""
    texts = _section_texts()
    for q in rt.load_questions(rt.SETS):
        text = "\n".join(
            texts.get((q.corpus, d, s), "") for d in q.drug_ids for s in q.section_keys
        )
        assert bool(text.strip()) == q.answerable, q.id
        for alternatives in q.expect:
            assert any(rt.contains(text, a) for a in alternatives), (q.id, alternatives)
        for figure in q.forbid:
            assert rt.contains(text, figure), (q.id, figure)


@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    built = rt.corpus_runtime(
        FILES["dtqg2018"], tmp_path_factory.mktemp("realtext"), sparse_only=True
    )
    yield built
    built.close()


@pytest.fixture(scope="module")
def handful() -> list[rt.Question]:
    chosen = [q for q in rt.load_questions(rt.SETS) if q.id in HANDFUL]
    assert len(chosen) == len(HANDFUL)
    return chosen


def _answer(claims: list[tuple[str, Evidence]]) -> TurnResult:
    cites = list(dict.fromkeys(Citation.from_evidence(ev) for _, ev in claims))
    return TurnResult(
        conversation_id="c", turn=1, state="answering", outcome=Outcome.ANSWERABLE,
        reason="single_drug", message="Theo Dược thư:",
        claims=[ClaimView(text=t, citations=[cites.index(Citation.from_evidence(ev))])
                for t, ev in claims],
        citations=cites,
    )  # fmt: skip


class _Scripted:
    """An engine that answers each question with a result made from the real evidence."""

    def __init__(self, answer_for: Callable[[str], TurnResult]) -> None:
        self._answer_for = answer_for

    def create_conversation(self) -> Any:
        return SimpleNamespace(conversation_id="c")

    def handle(self, conversation_id: str, text: str) -> TurnResult:
        return self._answer_for(text)


def _evidence(runtime: Any, q: rt.Question) -> list[Evidence]:
    found: list[Evidence] = runtime.retriever.find_by_section(q.drug_ids[0], q.section_keys[0])
    return found


def _scores(runtime: Any, handful: list[rt.Question], make: Callable[..., TurnResult]) -> Any:
    by_text = {q.question: q for q in handful}
    engine = _Scripted(lambda text: make(by_text[text], _evidence(runtime, by_text[text])))
    scores = rt.run(
        handful, lambda _corpus: SimpleNamespace(engine=engine, retriever=runtime.retriever)
    )
    return rt.summarize(scores, {q.id: bool(q.forbid) for q in handful})


def _perfect(q: rt.Question, evidence: list[Evidence]) -> TurnResult:
    for ev in evidence:
        for line in ev.text.splitlines():
            fits = all(any(rt.contains(line, a) for a in alt) for alt in q.expect)
            if fits and not any(rt.contains(line, f) for f in q.forbid):
                return _answer([(line.strip(), ev)])
    raise AssertionError(f"{q.id}: no single line of the book holds the applicable row")


def test_perfect_answer_from_the_book_scores_full(runtime: Any, handful: list[rt.Question]) -> None:
    """The applicable line quoted with its citation: 100 % rows, no wrong row, grounded."""
    figures = _scores(runtime, handful, _perfect)
    assert figures["row_present"] == 1.0 and figures["wrong_row"] == 0.0
    assert figures["unsupported"] == 0 and figures["wrongful_refusal"] == 0.0


def test_section_dump_scores_as_non_applicable(runtime: Any, handful: list[rt.Question]) -> None:
    """Every line of the section, each cited: the row is there, and so are the wrong ones."""

    def dump(q: rt.Question, evidence: list[Evidence]) -> TurnResult:
        return _answer(
            [(ln.strip(), ev) for ev in evidence for ln in ev.text.splitlines() if ln.strip()]
        )

    figures = _scores(runtime, handful, dump)
    assert figures["row_present"] == 1.0 and figures["wrong_row"] == 1.0
    assert figures["unsupported"] == 0 and figures["p95_chars"] > 600


def test_refusal_scores_as_wrongful(runtime: Any, handful: list[rt.Question]) -> None:
    """`no_evidence` on questions the book answers: 100 % wrongful refusals, no row."""

    def refuse(q: rt.Question, evidence: list[Evidence]) -> TurnResult:
        return TurnResult(
            conversation_id="c", turn=1, state="idle", outcome=Outcome.ABSTAIN,
            reason="no_evidence", message="Không tìm thấy.",
        )  # fmt: skip

    figures = _scores(runtime, handful, refuse)
    assert figures["wrongful_refusal"] == 1.0 and figures["row_present"] == 0.0


def test_invented_figure_counts_as_unsupported(runtime: Any, handful: list[rt.Question]) -> None:
    """A dose the cited chunk does not print is an unsupported claim."""

    def invent(q: rt.Question, evidence: list[Evidence]) -> TurnResult:
        return _answer([("Người lớn: 937 mg mỗi ngày.", evidence[0])])

    assert _scores(runtime, handful, invent)["unsupported"] == len(handful)


def test_real_engine_runs_the_handful(runtime: Any, handful: list[rt.Question]) -> None:
    """The real engine plays each line to a final result without an engine error."""
    scores = rt.run(handful, lambda _corpus: runtime)
    assert [s.id for s in scores] == list(HANDFUL)
    assert all(s.outcome in {"answerable", "abstain", "clarify"} for s in scores)
    assert all(s.turns >= 1 for s in scores)


def test_runner_writes_its_report(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`--json` writes figures per slice and corpus, the gate and every score."""
    monkeypatch.setenv("EMBEDDING_PROVIDER", "disabled")
    one = tmp_path / "one.jsonl"
    line = next(x for x in rt.SETS[0].read_text("utf-8").splitlines() if '"rt-t024"' in x)
    one.write_text(line.replace('"tuning"', '"heldout"') + "\n", encoding="utf-8")
    out = tmp_path / "report.json"
    code = rt.main([str(one), "--json", str(out), "--no-progress", "--no-gate", "--data-dir",
                    str(tmp_path / "data")])  # fmt: skip
    written = json.loads(out.read_text("utf-8"))
    assert code == 0 and set(written["figures"]) == {"heldout", "heldout/dtqg2018"}
    assert [s["id"] for s in written["scores"]] == ["rt-t024"]
    gated = rt.main([str(one), "--no-progress", "--data-dir", str(tmp_path / "data")])
    assert gated == (1 if written["gate"] else 0)
