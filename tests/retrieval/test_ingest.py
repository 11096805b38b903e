"""Ingestion: counts, per-line errors, all-or-nothing writes, idempotent re-ingest, the CLI."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

import pytest
from retrieval_support import RECORDS, rec, write_jsonl

from core.errors import ConfigError, CorpusError
from retrieval import ingest as ingest_module
from retrieval.index import QueryFilter
from retrieval.ingest import RejectedLines, ingest_file, ingest_files, validate_files
from retrieval.ingest_command import main
from retrieval.testing import HashEmbedder, MemoryIndex
from retrieval.vector_cache import CachedEmbedder


def test_ingest_counts_drugs_sections_chunks(tmp_path: Path, embedder: HashEmbedder) -> None:
    """A clean file loads fully and the report counts drugs, sections and chunks."""
    index = MemoryIndex()
    report = ingest_file(
        write_jsonl(tmp_path / "c.jsonl", RECORDS), index, embedder, progress=False
    )
    assert (report.drugs, report.sections, report.chunks, report.rejected) == (3, 9, 10, 0)
    assert report.quarantined == 1
    assert index.count() == 10


BAD_ROWS = [
    RECORDS[0],
    "{not json",
    rec("Bad Id", "X", "chi_dinh", "x"),
    rec("ok_drug", "Ok", "muc_la", "x"),
    rec("ok_drug", "Ok", "chi_dinh", ""),
    '["a list"]',
    RECORDS[1],
]


def test_bad_lines_skipped_on_request(tmp_path: Path, embedder: HashEmbedder) -> None:
    """With skip_bad_lines each bad line is reported with number and reason; good ones load."""
    index = MemoryIndex()
    path = write_jsonl(tmp_path / "c.jsonl", BAD_ROWS)
    report = ingest_file(path, index, embedder, skip_bad_lines=True, progress=False)
    assert [e.line for e in report.errors] == [2, 3, 4, 5, 6]
    reasons = [e.reason for e in report.errors]
    assert "invalid JSON" in reasons[0]
    assert "drug_id" in reasons[1]
    assert "unknown section 'muc_la'" in reasons[2]
    assert "text" in reasons[3]
    assert report.rejected == 5
    assert index.count() == 2
    assert "c.jsonl:2:" in report.summary()


def test_reingest_is_noop_and_skips_embedding(tmp_path: Path, embedder: HashEmbedder) -> None:
    """Ingesting the same file twice embeds nothing the second time and changes nothing."""
    path = write_jsonl(tmp_path / "c.jsonl", RECORDS)
    index = MemoryIndex()
    ingest_file(path, index, embedder, progress=False)
    before, calls = index.scroll(QueryFilter()), embedder.calls
    report = ingest_file(path, index, embedder, progress=False)
    assert report.embedded == 0
    assert embedder.calls == calls
    assert index.scroll(QueryFilter()) == before


def test_changed_text_is_reembedded(tmp_path: Path, embedder: HashEmbedder) -> None:
    """Only the chunk whose text changed is embedded again."""
    index = MemoryIndex()
    ingest_file(write_jsonl(tmp_path / "a.jsonl", RECORDS), index, embedder, progress=False)
    changed = [*RECORDS[:-1], {**RECORDS[-1], "text": "Buồn nôn và chóng mặt."}]
    report = ingest_file(
        write_jsonl(tmp_path / "b.jsonl", changed), index, embedder, progress=False
    )
    assert report.embedded == 1
    assert index.count() == 10


@pytest.mark.parametrize("replace", [False, True])
def test_bad_line_refuses_and_changes_nothing(
    tmp_path: Path, embedder: HashEmbedder, replace: bool
) -> None:
    """One bad line refuses the whole ingest (plain or replace): the index is as before."""
    index = MemoryIndex()
    ingest_file(write_jsonl(tmp_path / "a.jsonl", RECORDS[:4]), index, embedder, progress=False)
    before, calls = index.scroll(QueryFilter()), embedder.calls
    rows = [*RECORDS[4:], "{"]
    path = write_jsonl(tmp_path / "b.jsonl", rows)
    with pytest.raises(RejectedLines, match="1 bad line") as caught:
        ingest_file(path, index, embedder, replace=replace, progress=False)
    assert [(e.line, "invalid JSON" in e.reason) for e in caught.value.report.errors] == [
        (len(rows), True)
    ]
    assert index.scroll(QueryFilter()) == before
    assert embedder.calls == calls  # validation comes before any embedding


def test_failed_lines_never_remove_indexed_points(tmp_path: Path, embedder: HashEmbedder) -> None:
    """A later file full of bad lines, even skipped, leaves everything indexed in place."""
    index = MemoryIndex()
    ingest_file(write_jsonl(tmp_path / "a.jsonl", RECORDS), index, embedder, progress=False)
    bad = write_jsonl(tmp_path / "b.jsonl", ["{", "{}"])
    with pytest.raises(CorpusError, match="no usable record"):
        ingest_file(bad, index, embedder, skip_bad_lines=True, progress=False)
    assert index.count() == 10


def test_empty_file_is_corpus_error(tmp_path: Path, embedder: HashEmbedder) -> None:
    """A file with no line (blank lines aside) is an error, with or without replace."""
    empty = tmp_path / "empty.jsonl"
    empty.write_text("\n  \n", encoding="utf-8")
    for replace in (False, True):
        with pytest.raises(CorpusError, match=r"empty: .*empty\.jsonl"):
            ingest_file(empty, MemoryIndex(), embedder, replace=replace, progress=False)


def test_replace_swaps_corpus(tmp_path: Path, embedder: HashEmbedder) -> None:
    """With replace the new file becomes the whole corpus."""
    index = MemoryIndex()
    ingest_file(write_jsonl(tmp_path / "a.jsonl", RECORDS), index, embedder, progress=False)
    new = [rec("deltavir", "Deltavir", "chi_dinh", "- Herpes môi.")]
    ingest_file(
        write_jsonl(tmp_path / "b.jsonl", new), index, embedder, replace=True, progress=False
    )
    assert [d.drug_id for d in index.drugs()] == ["deltavir"]


def test_replace_with_no_usable_line_keeps_corpus(tmp_path: Path, embedder: HashEmbedder) -> None:
    """A replace whose file has no usable line is refused and the old corpus stays."""
    index = MemoryIndex()
    ingest_file(write_jsonl(tmp_path / "a.jsonl", RECORDS), index, embedder, progress=False)
    bad = write_jsonl(tmp_path / "b.jsonl", ["{", "{}"])
    with pytest.raises(CorpusError, match="corpus kept"):
        ingest_file(bad, index, embedder, replace=True, skip_bad_lines=True, progress=False)
    assert index.count() == 10


def test_duplicate_part_is_rejected(tmp_path: Path, embedder: HashEmbedder) -> None:
    """The same drug/section/part twice in one file keeps the first and reports the second."""
    report = ingest_file(
        write_jsonl(tmp_path / "a.jsonl", [RECORDS[0], RECORDS[0]]),
        MemoryIndex(),
        embedder,
        skip_bad_lines=True,
        progress=False,
    )
    assert [(e.line, "duplicate part" in e.reason) for e in report.errors] == [(2, True)]


def test_third_party_shape_is_mapped_and_flags_reported(
    tmp_path: Path, embedder: HashEmbedder
) -> None:
    """Records in the third-party shape load; their quality flags are counted."""
    rows = [
        {
            "drug": "Zetamin (Zeta)",
            "drug_inn": "Zetamine",
            "section": "Chỉ đinh",
            "section_key": "chi_dinh",
            "text": "Viêm mũi dị ứng.",
            "atc": "R06A X13",
            "quality_flags": ["page_header_residue"],
            "page": None,
        },
        {
            "drug": "Zetamin (Zeta)",
            "drug_inn": "Zetamine",
            "section": "Tương tác thuốc",
            "section_key": "tuong_tac_thuoc",
            "text": "Ketoconazol.",
            "quality_flags": ["possible_other_drug_content"],
            "page": None,
        },
    ]
    index = MemoryIndex()
    report = ingest_file(write_jsonl(tmp_path / "t.jsonl", rows), index, embedder, progress=False)
    assert report.flags == {"page_header_residue": 1, "possible_other_drug_content": 1}
    assert report.quarantined == 1
    entry = index.drugs()[0]
    assert (entry.drug_id, entry.aliases) == ("zetamine", ("Zeta", "Zetamine"))


def test_several_files_in_one_ingest(tmp_path: Path, embedder: HashEmbedder) -> None:
    """Several files load in one call and are counted together."""
    a = write_jsonl(tmp_path / "a.jsonl", RECORDS[:4])
    b = write_jsonl(tmp_path / "b.jsonl", RECORDS[4:])
    report = ingest_files([a, b], MemoryIndex(), embedder, progress=False)
    assert report.drugs == 3


def test_missing_file_is_corpus_error(tmp_path: Path, embedder: HashEmbedder) -> None:
    """A path that does not exist is a CorpusError naming it."""
    with pytest.raises(CorpusError, match=r"nope\.jsonl"):
        ingest_file(tmp_path / "nope.jsonl", MemoryIndex(), embedder, progress=False)


def test_other_embedder_than_index_is_config_error(tmp_path: Path, embedder: HashEmbedder) -> None:
    """Ingesting with another dense model than the live index is refused before writing."""
    index = MemoryIndex()
    path = write_jsonl(tmp_path / "a.jsonl", RECORDS)
    ingest_file(path, index, embedder, progress=False)
    with pytest.raises(ConfigError):
        ingest_file(path, index, HashEmbedder(dim=16), progress=False)


def test_main_exit_codes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The CLI exits 0 on a clean file, 1 when lines were rejected, 2 when the file is missing."""
    monkeypatch.setenv("DUOCTHU_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("EMBEDDING_PROVIDER", "disabled")
    monkeypatch.delenv("QDRANT_URL", raising=False)
    good = write_jsonl(tmp_path / "good.jsonl", RECORDS)
    assert main([str(good), "--no-progress"]) == 0
    assert "drugs=3" in capsys.readouterr().out
    bad = write_jsonl(tmp_path / "bad.jsonl", [RECORDS[0], "{"])
    assert main([str(bad), "--no-progress"]) == 1
    out = capsys.readouterr().out
    assert "bad.jsonl:2: invalid JSON" in out
    assert out.rstrip().endswith("refused: nothing was written")
    assert main([str(tmp_path / "missing.jsonl"), "--replace", "--no-progress"]) == 2


@pytest.fixture
def cli_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Settings for the CLI tests: an embedded index under tmp_path, no dense model."""
    data = tmp_path / "data"
    monkeypatch.setenv("DUOCTHU_DATA_DIR", str(data))
    monkeypatch.setenv("EMBEDDING_PROVIDER", "disabled")
    monkeypatch.delenv("QDRANT_URL", raising=False)
    return data


def _live_count(data: Path) -> int:
    from retrieval.qdrant_edge import EdgeIndex

    index = EdgeIndex(data / "qdrant")
    try:
        return index.count()
    finally:
        index.close()


def test_main_refuses_bad_lines_and_changes_nothing(
    tmp_path: Path, cli_env: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The CLI refuses a file with a bad line (exit 1, one summary line); the index stays."""
    assert main([str(write_jsonl(tmp_path / "a.jsonl", RECORDS[:4])), "--no-progress"]) == 0
    capsys.readouterr()
    bad = write_jsonl(tmp_path / "bad.jsonl", [*RECORDS[4:], "{"])
    for extra in ([], ["--replace"]):
        assert main([str(bad), "--no-progress", *extra]) == 1
        out, err = capsys.readouterr()
        assert "bad.jsonl:7: invalid JSON" in out
        assert err.strip().splitlines() == [
            "ingest refused: 1 bad line(s); nothing was changed "
            "(fix them, or load the good lines with --skip-bad-lines)"
        ]
        assert _live_count(cli_env) == 4


def test_main_skip_bad_lines_loads_good_subset(
    tmp_path: Path, cli_env: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--skip-bad-lines loads the good lines, reports the bad ones and exits 1."""
    bad = write_jsonl(tmp_path / "bad.jsonl", BAD_ROWS)
    assert main([str(bad), "--skip-bad-lines", "--no-progress"]) == 1
    out = capsys.readouterr().out
    assert "rejected=5" in out and "bad.jsonl:2: invalid JSON" in out
    assert _live_count(cli_env) == 2


def test_main_empty_file_is_one_line_exit_2(
    tmp_path: Path, cli_env: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An empty file exits 2 with one line naming it, and nothing is created."""
    empty = tmp_path / "empty.jsonl"
    empty.write_text("", encoding="utf-8")
    assert main([str(empty), "--no-progress"]) == 2
    assert capsys.readouterr().err.strip().splitlines() == [
        f"ingest failed: corpus file is empty: {empty}"
    ]
    assert not cli_env.exists()


def test_main_dry_run_writes_and_embeds_nothing(
    tmp_path: Path,
    cli_env: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """--dry-run validates and reports; it opens no index and builds no embedder."""
    import retrieval.build

    def forbidden(*_: object) -> None:
        raise AssertionError("dry run touched the index or the embedder")

    monkeypatch.setattr(retrieval.build, "build_index", forbidden)
    monkeypatch.setattr(retrieval.build, "build_embedder", forbidden)
    good = write_jsonl(tmp_path / "good.jsonl", RECORDS)
    assert main([str(good), "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert "drugs=3 sections=9 chunks=10" in out and "dry run: nothing was written" in out
    bad = write_jsonl(tmp_path / "bad.jsonl", [RECORDS[0], "{"])
    assert main([str(bad), "--dry-run", "--replace"]) == 1
    assert "bad.jsonl:2: invalid JSON" in capsys.readouterr().out
    assert not cli_env.exists()


@pytest.mark.parametrize("url", ["http://127.0.0.1:9", "not a url"])
def test_main_unreachable_qdrant_is_one_line_exit_2(
    tmp_path: Path,
    cli_env: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    url: str,
) -> None:
    """A QDRANT_URL that is wrong or unreachable is one line on stderr and exit 2."""
    monkeypatch.setenv("QDRANT_URL", url)
    good = write_jsonl(tmp_path / "good.jsonl", RECORDS)
    assert main([str(good), "--no-progress"]) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("ingest failed: ") and "qdrant" in lines[0]


def test_main_bad_data_dir_is_one_line_exit_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A DUOCTHU_DATA_DIR that is a plain file is one line on stderr and exit 2."""
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("x")
    monkeypatch.setenv("DUOCTHU_DATA_DIR", str(blocker))
    monkeypatch.setenv("EMBEDDING_PROVIDER", "disabled")
    monkeypatch.delenv("QDRANT_URL", raising=False)
    good = write_jsonl(tmp_path / "good.jsonl", RECORDS)
    assert main([str(good), "--no-progress"]) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and "not a usable directory" in lines[0]


def test_duocthu_ingest_accepts_every_option(
    tmp_path: Path, cli_env: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`duocthu ingest` takes --no-progress, --dry-run, --skip-bad-lines and --replace."""
    from runners.cli import main as duocthu

    good = write_jsonl(tmp_path / "good.jsonl", RECORDS)
    assert duocthu(["ingest", str(good), "--no-progress", "--dry-run"]) == 0
    assert not cli_env.exists()
    assert duocthu(["ingest", "--replace", "--skip-bad-lines", "--no-progress", str(good)]) == 0
    assert "drugs=3" in capsys.readouterr().out
    assert _live_count(cli_env) == 10


class RecordingBar:
    """Stands in for tqdm: records every update."""

    updates: ClassVar[list[int]] = []

    def __init__(self, **_kwargs: object) -> None:
        RecordingBar.updates = []

    def update(self, n: int) -> None:
        RecordingBar.updates.append(n)

    def close(self) -> None:
        pass


def test_progress_moves_once_per_chunk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With an embedder that reports each vector, the bar advances by one chunk at a time."""
    monkeypatch.setattr(ingest_module, "tqdm", RecordingBar)
    path = write_jsonl(tmp_path / "a.jsonl", RECORDS)
    report = ingest_file(path, MemoryIndex(), CachedEmbedder(HashEmbedder(), {}), progress=True)
    assert RecordingBar.updates == [1] * report.chunks + [0]


def test_a_refused_ingest_reports_nothing_written(
    tmp_path: Path, cli_env: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The summary of a refused ingest says written=0 first, never a bare `chunks=N` that
    reads as a load; the good lines' counts follow as what they hold."""
    bad = write_jsonl(tmp_path / "bad.jsonl", [RECORDS[0], "{"])
    assert main([str(bad), "--no-progress"]) == 1
    first = capsys.readouterr().out.splitlines()[0]
    assert first.startswith("written=0 (refused: 1 bad line(s)); the good lines hold drugs=1")
    assert not cli_env.exists()


def test_line_errors_carry_no_pydantic_prefix(tmp_path: Path) -> None:
    """A value our validators refuse is reported as field: our words, without pydantic's
    "Value error," prefix."""
    bad = write_jsonl(tmp_path / "bad.jsonl", [{**RECORDS[0], "drug_id": "Para Cetamol"}])
    _, report = validate_files([bad])
    assert [e.reason for e in report.errors] == [
        "drug_id: drug_id must be lowercase ASCII snake case, got 'Para Cetamol'"
    ]
    assert "Value error" not in report.summary()
