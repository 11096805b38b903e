"""`duocthu ingest FILE.jsonl [--replace]`: load corpus files into the index, line by line.

Bad lines are reported with their line number and reason while good lines still
load; unchanged chunks are not re-embedded, so re-ingesting a file is a no-op.
"""

from __future__ import annotations

import argparse
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

from engine.errors import CorpusError, DuocthuError
from retrieval.candidates import is_candidate_record, map_candidate
from retrieval.convert import chunk_payloads, content_hash, embed_text, to_point
from retrieval.corpus import CorpusRecord, section_key_for
from retrieval.embed import Embedder
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

    def summary(self) -> str:
        lines = [
            f"drugs={self.drugs} sections={self.sections} chunks={self.chunks} "
            f"embedded={self.embedded} quarantined={self.quarantined} rejected={self.rejected} "
            f"({self.seconds:.1f} s)"
        ]
        if self.flags:
            flags = ", ".join(f"{k}={v}" for k, v in sorted(self.flags.items()))
            lines.append(f"flagged lines={self.flagged_lines}: {flags}")
        lines.extend(f"{e.path}:{e.line}: {e.reason}" for e in self.errors)
        return "\n".join(lines)


def _reason(exc: ValidationError) -> str:
    parts = []
    for err in exc.errors():
        where = ".".join(str(x) for x in err["loc"])
        parts.append(f"{where}: {err['msg']}" if where else str(err["msg"]))
    return "; ".join(parts)


def read_records(path: Path, report: IngestReport) -> Iterator[CorpusRecord]:
    """Valid records of one file; every bad line lands in `report.errors`."""
    seen: set[tuple[str, str, int, str]] = set()
    repeats: Counter[tuple[str, str]] = Counter()
    with path.open(encoding="utf-8") as fh:
        for number, line in enumerate(fh, 1):
            if not line.strip():
                continue
            try:
                obj: Any = json.loads(line)
                if not isinstance(obj, dict):
                    raise ValueError("not a JSON object")
                if is_candidate_record(obj):
                    # Repeated headings and two monographs of one INN become later parts.
                    obj = map_candidate(obj)
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


def _points(
    paths: Sequence[Path],
    index: Index,
    embedder: Embedder,
    encoder: SparseEncoder,
    report: IngestReport,
    *,
    batch_size: int,
    reuse: bool,
    progress: bool,
) -> Iterator[list[IndexPoint]]:
    payloads = corpus_payloads(paths, report)
    bar = tqdm(total=len(payloads), unit="chunk", disable=not progress, file=sys.stderr)
    try:
        for start in range(0, len(payloads), batch_size):
            batch = payloads[start : start + batch_size]
            texts = [embed_text(p) for p in batch]
            for payload, text in zip(batch, texts, strict=True):
                payload["content_hash"] = content_hash(text, embedder.name)
            known = index.content_hashes([p["chunk_id"] for p in batch]) if reuse else {}
            fresh = [
                i for i, p in enumerate(batch) if known.get(p["chunk_id"]) != p["content_hash"]
            ]
            dense: list[list[float] | None] = [None] * len(batch)
            if embedder.dim is not None and fresh:
                for i, vector in zip(
                    fresh, embedder.embed_passages([texts[i] for i in fresh]), strict=True
                ):
                    dense[i] = vector
                report.embedded += len(fresh)
            keep = fresh if reuse else range(len(batch))
            yield [to_point(batch[i], encoder.document(texts[i]), dense[i]) for i in keep]
            bar.update(len(batch))
    finally:
        bar.close()


def ingest_files(
    paths: Sequence[Path],
    index: Index,
    embedder: Embedder,
    *,
    replace: bool = False,
    progress: bool = True,
    batch_size: int = 32,
    encoder: SparseEncoder | None = None,
) -> IngestReport:
    """Load corpus files; with `replace`, the files become the whole corpus atomically.

    Raises `CorpusError` when a file cannot be read or a replace would leave an
    empty corpus; `ConfigError` when the embedder does not fit the live index.
    """
    started = time.perf_counter()
    report = IngestReport()
    encoder = encoder or SparseEncoder()
    spec = IndexSpec(embedder=embedder.name, dense_dim=embedder.dim, sparse=encoder.name)
    for path in paths:
        if not path.is_file():
            raise CorpusError(f"corpus file not found: {path}")
    try:
        if replace:
            batches = _points(
                paths,
                index,
                embedder,
                encoder,
                report,
                batch_size=batch_size,
                reuse=False,
                progress=progress,
            )
            first = next(batches, None)
            if not first:
                raise CorpusError(f"no usable record in {', '.join(map(str, paths))}; corpus kept")
            index.replace(spec, _chain(first, batches))
        else:
            live = index.spec()
            if live is not None:
                spec.check_compatible(live)
            for batch in _points(
                paths,
                index,
                embedder,
                encoder,
                report,
                batch_size=batch_size,
                reuse=True,
                progress=progress,
            ):
                index.upsert(spec, batch)
    except UnicodeDecodeError as exc:
        raise CorpusError(f"corpus file is not UTF-8: {exc}") from exc
    report.seconds = time.perf_counter() - started
    return report


def _chain(first: list[IndexPoint], rest: Iterator[list[IndexPoint]]) -> Iterator[list[IndexPoint]]:
    yield first
    yield from rest


def ingest_file(
    path: Path | Sequence[Path],
    index: Index,
    embedder: Embedder,
    *,
    replace: bool = False,
    progress: bool = True,
) -> IngestReport:
    """`ingest_files` for one path (or several)."""
    paths = [Path(path)] if isinstance(path, str | Path) else [Path(p) for p in path]
    return ingest_files(paths, index, embedder, replace=replace, progress=progress)


def main(argv: Sequence[str] | None = None) -> int:
    """CLI entry: exit 0 when every line loaded, 1 when some were rejected, 2 on failure."""
    from engine.settings import load_settings  # noqa: PLC0415 - keep import light for library users
    from retrieval.build import build_embedder, build_index  # noqa: PLC0415

    parser = argparse.ArgumentParser(prog="duocthu ingest", description=__doc__)
    parser.add_argument("files", nargs="+", type=Path, help="corpus JSON Lines file(s)")
    parser.add_argument("--replace", action="store_true", help="swap the whole corpus atomically")
    parser.add_argument("--no-progress", action="store_true")
    args = parser.parse_args(argv)
    settings = load_settings()
    try:
        index = build_index(settings)
        try:
            report = ingest_files(
                args.files,
                index,
                build_embedder(settings),
                replace=args.replace,
                progress=not args.no_progress,
            )
        finally:
            index.close()
    except DuocthuError as exc:
        print(f"ingest failed: {exc}", file=sys.stderr)
        return 2
    print(report.summary())
    return 1 if report.rejected else 0


__all__ = [
    "IngestReport",
    "LineError",
    "corpus_payloads",
    "ingest_file",
    "ingest_files",
    "main",
    "read_records",
]
