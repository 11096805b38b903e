"""`duocthu ingest FILE.jsonl …`: load corpus files into the index, all or nothing.

An ingest runs in three steps, and only the last one writes:
1. Validate every line of every file. A bad line is reported with its line number and
   reason; with any bad line the ingest is refused and nothing changes, unless
   `skip_bad_lines` (`--skip-bad-lines`) says to load the good ones. An empty file is an
   error. `--dry-run` stops here.
2. Decide what to write: with `replace`, every chunk; otherwise only the chunks whose
   content hash differs from the live index, so unchanged chunks are not re-embedded
   and re-ingesting a file writes nothing at all.
3. Embed and write into a staging generation through `Index.replace` (with `keep_live`
   for a plain ingest, so staging starts as a copy of the live corpus), which switches
   the alias or pointer only after the last point. Ctrl-C, a crash or a kill at any
   moment leaves the previous index serving, never part of a file; the next ingest
   removes what was left behind. A plain ingest therefore costs a copy of the corpus,
   which is cheap next to embedding and buys the guarantee on every backend.
   `duocthu ingest` keeps every vector it computes in DUOCTHU_DATA_DIR/ingest-vectors/
   until the ingest lands, so the rerun after an interruption embeds only the rest.
"""

from __future__ import annotations

import json
import sys
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError
from tqdm import tqdm

from core.errors import CorpusError
from retrieval.candidates import inn_owners, is_candidate_record, map_candidate
from retrieval.convert import chunk_payloads, content_hash, embed_text, to_point
from retrieval.corpus import CorpusRecord, section_key_for
from retrieval.embed import EachEmbedder, Embedder
from retrieval.index import Index, IndexPoint, IndexSpec
from retrieval.tokenizer import SparseEncoder


@dataclass(frozen=True, slots=True)
class LineError:
    path: str
    line: int
    reason: str


@dataclass(slots=True)
class IngestReport:
    """What one ingest did: counts, rejected lines with reasons, and quality flags seen."""

    drugs: int = 0
    sections: int = 0
    chunks: int = 0
    embedded: int = 0
    rejected: int = 0
    quarantined: int = 0
    errors: list[LineError] = field(default_factory=list)
    flags: Counter[str] = field(default_factory=Counter)
    flagged_lines: int = 0
    seconds: float = 0.0
    refused: bool = False
    """Set when bad lines refused the ingest: the counts are what was read, nothing written."""

    def summary(self) -> str:
        counts = (
            f"drugs={self.drugs} sections={self.sections} chunks={self.chunks} "
            f"embedded={self.embedded} quarantined={self.quarantined} rejected={self.rejected} "
            f"({self.seconds:.1f} s)"
        )
        if self.refused:
            # The first line must not read as a load: written=0, then what the good lines hold.
            counts = (
                f"written=0 (refused: {self.rejected} bad line(s)); the good lines hold "
                f"drugs={self.drugs} sections={self.sections} chunks={self.chunks}"
            )
        lines = [counts]
        if self.flags:
            flags = ", ".join(f"{k}={v}" for k, v in sorted(self.flags.items()))
            lines.append(f"flagged lines={self.flagged_lines}: {flags}")
        lines.extend(f"{e.path}:{e.line}: {e.reason}" for e in self.errors)
        return "\n".join(lines)


# pydantic prefixes the message of an error our validators raise; the line error gives
# the field and our own words only.
_PYDANTIC_PREFIXES = ("Value error, ", "Assertion failed, ")


def _reason(exc: ValidationError) -> str:
    parts = []
    for err in exc.errors():
        where = ".".join(str(x) for x in err["loc"])
        msg = str(err["msg"])
        for prefix in _PYDANTIC_PREFIXES:
            msg = msg.removeprefix(prefix)
        parts.append(f"{where}: {msg}" if where else msg)
    return "; ".join(parts)


class RejectedLines(CorpusError):
    """Some lines are bad and the ingest was not told to skip them: nothing was written."""

    def __init__(self, report: IngestReport) -> None:
        report.refused = True
        self.report = report
        super().__init__(
            f"{report.rejected} bad line(s); nothing was changed "
            "(fix them, or load the good lines with --skip-bad-lines)"
        )


def _candidate_objects(path: Path) -> Iterator[dict[str, Any]]:
    """The third-party records of a file (a first pass; bad lines are reported later)."""
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            try:
                obj = json.loads(line) if line.strip() else None
            except ValueError:
                continue
            if isinstance(obj, dict) and is_candidate_record(obj):
                yield obj


def read_records(path: Path, report: IngestReport) -> Iterator[CorpusRecord]:
    """Valid records of one file; every bad line lands in `report.errors`.

    Raises `CorpusError` when the file holds no line at all (blank lines aside).
    """
    seen: set[tuple[str, str, int, str]] = set()
    repeats: Counter[tuple[str, str]] = Counter()
    lines = 0
    owners = inn_owners(_candidate_objects(path))
    with path.open(encoding="utf-8") as fh:
        for number, line in enumerate(fh, 1):
            if not line.strip():
                continue
            lines += 1
            try:
                obj: Any = json.loads(line)
                if not isinstance(obj, dict):
                    raise ValueError("not a JSON object")
                if is_candidate_record(obj):
                    # Repeated headings and two monographs of one INN become later parts.
                    obj = map_candidate(obj, inn_owner=owners)
                    group = (obj["drug_id"], section_key_for(str(obj["section_key"])) or "")
                    obj["part_index"] = repeats[group]
                    repeats[group] += 1
                record = CorpusRecord.model_validate(obj)
            except ValidationError as exc:
                report.errors.append(LineError(str(path), number, _reason(exc)))
                continue
            except ValueError as exc:
                report.errors.append(LineError(str(path), number, f"invalid JSON: {exc}"))
                continue
            key = (record.drug_id, record.section_key.value, record.part_index, record.source)
            if key in seen:
                reason = f"duplicate part {record.drug_id}/{key[1]}/{record.part_index}"
                report.errors.append(LineError(str(path), number, reason))
                continue
            seen.add(key)
            if record.flags:
                report.flagged_lines += 1
                report.flags.update(record.flags)
            yield record
    if not lines:
        raise CorpusError(f"corpus file is empty: {path}")


def corpus_payloads(paths: Sequence[Path], report: IngestReport) -> list[dict[str, Any]]:
    """Every chunk payload of the corpus files, counted into `report` (errors included)."""
    payloads: list[dict[str, Any]] = []
    drugs: set[str] = set()
    sections: set[tuple[str, str]] = set()
    for path in paths:
        for record in read_records(path, report):
            drugs.add(record.drug_id)
            sections.add((record.drug_id, record.section_key.value))
            payloads.extend(chunk_payloads(record))
    report.drugs, report.sections, report.chunks = len(drugs), len(sections), len(payloads)
    report.rejected = len(report.errors)
    report.quarantined = sum(1 for p in payloads if p["quarantined"])
    return payloads


def validate_files(paths: Sequence[Path]) -> tuple[list[dict[str, Any]], IngestReport]:
    """Step 1: every chunk payload of the files and a report; reads nothing but the files.

    Raises `CorpusError` when a file is missing, unreadable, not UTF-8 or empty.
    """
    started = time.perf_counter()
    report = IngestReport()
    for path in paths:
        if not path.is_file():
            raise CorpusError(f"corpus file not found: {path}")
    try:
        payloads = corpus_payloads(paths, report)
    except UnicodeDecodeError as exc:
        raise CorpusError(f"corpus file is not UTF-8: {exc}") from exc
    except OSError as exc:
        raise CorpusError(f"cannot read the corpus file: {exc}") from exc
    report.seconds = time.perf_counter() - started
    return payloads, report


def _points(
    payloads: Sequence[dict[str, Any]],
    texts: Sequence[str],
    embedder: Embedder,
    encoder: SparseEncoder,
    report: IngestReport,
    *,
    batch_size: int,
    progress: bool,
) -> Iterator[list[IndexPoint]]:
    """Step 3's input: embedded points in batches, produced as the index consumes them.

    The progress bar (chunks, rate, time left) moves as each chunk's vector is done when
    the embedder reports them one by one (`EachEmbedder`), else after each batch.
    """
    bar = tqdm(total=len(payloads), unit="chunk", disable=not progress, file=sys.stderr)

    def one_done(_position: int, _vector: list[float]) -> None:
        bar.update(1)

    try:
        for start in range(0, len(payloads), batch_size):
            batch = payloads[start : start + batch_size]
            batch_texts = texts[start : start + batch_size]
            dense: Sequence[list[float] | None] = [None] * len(batch)
            moved = 0
            if embedder.dim is not None:
                if isinstance(embedder, EachEmbedder):
                    dense = embedder.embed_passages_each(list(batch_texts), one_done)
                    moved = len(batch)
                else:
                    dense = embedder.embed_passages(list(batch_texts))
                report.embedded += len(batch)
            yield [
                to_point(p, encoder.document(t), d)
                for p, t, d in zip(batch, batch_texts, dense, strict=True)
            ]
            bar.update(len(batch) - moved)
    finally:
        bar.close()


def _changed(index: Index, payloads: Sequence[dict[str, Any]], batch_size: int) -> list[int]:
    """Positions of the payloads whose content hash differs from the live index."""
    changed: list[int] = []
    for start in range(0, len(payloads), batch_size):
        batch = payloads[start : start + batch_size]
        known = index.content_hashes([p["chunk_id"] for p in batch])
        changed.extend(
            start + i for i, p in enumerate(batch) if known.get(p["chunk_id"]) != p["content_hash"]
        )
    return changed


def ingest_files(
    paths: Sequence[Path],
    index: Index,
    embedder: Embedder,
    *,
    replace: bool = False,
    skip_bad_lines: bool = False,
    progress: bool = True,
    batch_size: int = 32,
    encoder: SparseEncoder | None = None,
) -> IngestReport:
    """Load corpus files all or nothing; with `replace` they become the whole corpus.

    Raises `RejectedLines` (nothing written) when a line is bad and `skip_bad_lines` is
    off; `CorpusError` when a file cannot be read, is empty or has no usable record;
    `ConfigError` when the embedder does not fit the live index; `IndexUnavailable`
    when the index fails. In every case the live index is as it was.
    """
    started = time.perf_counter()
    payloads, report = validate_files(paths)
    if report.errors and not skip_bad_lines:
        raise RejectedLines(report)
    if not payloads:
        raise CorpusError(f"no usable record in {', '.join(map(str, paths))}; corpus kept")
    encoder = encoder or SparseEncoder()
    spec = IndexSpec(embedder=embedder.name, dense_dim=embedder.dim, sparse=encoder.name)
    texts = [embed_text(p) for p in payloads]
    for payload, text in zip(payloads, texts, strict=True):
        payload["content_hash"] = content_hash(text, embedder.name)
    todo = list(range(len(payloads)))
    if not replace:
        live = index.spec()
        if live is not None:
            spec.check_compatible(live)
        todo = _changed(index, payloads, max(batch_size, 256))
    if todo:
        batches = _points(
            [payloads[i] for i in todo],
            [texts[i] for i in todo],
            embedder,
            encoder,
            report,
            batch_size=batch_size,
            progress=progress,
        )
        index.replace(spec, batches, keep_live=not replace)
    report.seconds = time.perf_counter() - started
    return report


def ingest_file(
    path: Path | Sequence[Path],
    index: Index,
    embedder: Embedder,
    *,
    replace: bool = False,
    skip_bad_lines: bool = False,
    progress: bool = True,
) -> IngestReport:
    """`ingest_files` for one path (or several)."""
    paths = [Path(path)] if isinstance(path, str | Path) else [Path(p) for p in path]
    return ingest_files(
        paths, index, embedder, replace=replace, skip_bad_lines=skip_bad_lines, progress=progress
    )


__all__ = [
    "IngestReport",
    "LineError",
    "RejectedLines",
    "corpus_payloads",
    "ingest_file",
    "ingest_files",
    "read_records",
    "validate_files",
]
