"""The ingest command (`duocthu ingest`): its options, settings, the index it writes and
its exit codes. The ingest itself is `retrieval.ingest`; this module wires it to `Settings`.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from core.errors import DuocthuError
from retrieval import ingest
from retrieval.build import build_embedder, build_index
from retrieval.ingest import RejectedLines, ingest_files, validate_files
from retrieval.ingest_lock import hold_ingest_lock, release_ingest_lock
from retrieval.vector_cache import CachedEmbedder, resumable


def _one_line(exc: BaseException) -> str:
    # Client libraries put status lines and bodies in their messages; keep one line.
    return " ".join(str(exc).split())


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="duocthu ingest", description=ingest.__doc__)
    add_ingest_arguments(parser)
    return parser


def add_ingest_arguments(parser: argparse.ArgumentParser) -> None:
    """The ingest options, shared by `duocthu ingest` and `main`."""
    parser.add_argument(
        "files", nargs="+", type=Path, help="corpus JSON Lines file(s) (docs/corpus-format.md)"
    )
    parser.add_argument(
        "--replace",
        action="store_true",
        help="make the files the whole corpus, atomically (default: add to it)",
    )
    parser.add_argument(
        "--skip-bad-lines",
        action="store_true",
        help="load the good lines when some are bad (default: refuse and change nothing)",
    )
    parser.add_argument(
        "--dry-run",
        action="store_true",
        help="validate and report only; write nothing (default: off)",
    )
    parser.add_argument(
        "--no-progress", action="store_true", help="no progress bar (default: shown)"
    )


def main(argv: Sequence[str] | None = None) -> int:
    """CLI entry: 0 when everything loaded; 1 when lines were bad (refused, or skipped with
    --skip-bad-lines); 2 on a failure (missing or empty file, index or settings);
    130 when interrupted. Every failure is one line on stderr; the index is unchanged."""
    args = _parser().parse_args([str(a) for a in argv] if argv is not None else None)
    return run(args)


def run(args: argparse.Namespace) -> int:
    """`main` on parsed arguments (see `add_ingest_arguments`)."""
    from core.settings import load_settings  # noqa: PLC0415 - keep import light for library users

    paths = [Path(f) for f in args.files]
    try:
        if args.dry_run:
            _, report = validate_files(paths)
            print(report.summary())
            print("dry run: nothing was written")
            return 1 if report.rejected else 0
        settings = load_settings()
        lock = hold_ingest_lock(settings.duocthu_data_dir)
        try:
            index = build_index(settings)
            # Vectors computed before an interruption are kept for the rerun (vector_cache.Journal).
            embedder = resumable(
                build_embedder(settings, None if args.replace else index),
                settings.duocthu_data_dir,
            )
            try:
                report = ingest_files(
                    paths,
                    index,
                    embedder,
                    replace=args.replace,
                    skip_bad_lines=args.skip_bad_lines,
                    progress=not args.no_progress,
                )
                if isinstance(embedder, CachedEmbedder):
                    embedder.finish()
                    if embedder.hits:
                        reused = embedder.hits
                        print(f"passage vectors reused (interrupted run, same text): {reused}")
            finally:
                if isinstance(embedder, CachedEmbedder):
                    embedder.close()
                index.close()
        finally:
            release_ingest_lock(lock)
    except RejectedLines as exc:
        print(exc.report.summary())
        print("refused: nothing was written")
        print(f"ingest refused: {exc}", file=sys.stderr)
        return 1
    except DuocthuError as exc:
        print(f"ingest failed: {_one_line(exc)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("ingest interrupted: the previous index is unchanged", file=sys.stderr)
        return 130
    print(report.summary())
    return 1 if report.rejected else 0


__all__ = ["add_ingest_arguments", "main", "run"]
