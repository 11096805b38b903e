"""`duocthu`: serve, chat, ingest, diagram, eval — one console script, one set of settings."""

from __future__ import annotations

import argparse
import importlib
import json
import logging
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from core.errors import ConfigError, DuocthuError
from core.settings import Settings, load_settings
from core.startup import announce, check_data_dir, checked
from states.definition import State

EVAL_SETS = {
    "understanding": "runners.evals.understanding",
    "retrieval": "runners.evals.retrieval",
    "answers": "runners.evals.answers",
    "condition": "runners.evals.condition",
    "dialogues": "runners.evals.dialogues",
    "safety": "runners.evals.safety",
    "people-safety": "runners.evals.people_safety",
    "realtext": "runners.evals.realtext",
    "people-facts": "runners.evals.people_facts",
    "doses": "runners.evals.doses",
}


# The settings each command reads (all of them read every setting; these are the ones
# that change what it does). Names are core/settings.py fields; docs/settings.md says
# what each one means.
_ENGINE_SETTINGS = (
    "duocthu_data_dir",
    "redis_url",
    "qdrant_url",
    "embedding_provider",
    "local_embedding_runtime",
    "understanding_provider",
    "answer_provider",
    "aws_region",
    "bedrock_model_id",
)
_COMMAND_SETTINGS: dict[str, tuple[str, ...]] = {
    "serve": (
        *_ENGINE_SETTINGS,
        "turn_threads",
        "pin_cpu",
        "rate_limit_per_minute",
        "rate_limit_burst",
        "cors_allow_origins",
        "forwarded_allow_ips",
        "log_user_text",
        "log_level",
        "log_format",
        "demo_corpus",
        "emergency_contacts",
    ),
    "chat": (*_ENGINE_SETTINGS, "emergency_contacts"),
    "ingest": (
        "duocthu_data_dir",
        "qdrant_url",
        "qdrant_collection",
        "embedding_provider",
        "local_embedding_runtime",
    ),
    "diagram": ("max_consecutive_clarify",),
    "eval": (
        "duocthu_data_dir",
        "embedding_provider",
        "local_embedding_runtime",
        "understanding_provider",
    ),
}

_EVAL_SUMMARY = {
    "understanding": "query frames from the rules understander (held-out gate)",
    "retrieval": "recall@1/@5 and MRR of sparse, dense and hybrid search",
    "answers": "grounded answers on the demo corpus (grounding-violation gate)",
    "condition": "condition → medication conversations end to end (zero gates)",
    "dialogues": "whole conversations checked after every turn (invariant gate)",
    "safety": "safety triage, routing rule 0 (safety gate)",
    "people-safety": "ingestion and self-harm as people type them (floor gate; blind set)",
    "realtext": "the real formulary text from ../shared (held-out gate; skips without it)",
    "people-facts": "patient facts and how-to-take answers as people type them (floor gate)",
    "doses": "worked-out amounts in whole conversations (floor gate; real lines need ../shared)",
}

_EVAL_OPTIONS = """\
options after SET go to that set's runner (`duocthu eval SET --help` lists them):
  PATH                  a labelled JSONL set (default: the set's tuning and held-out files)
  --heldout / --tuning  only that slice
  --data-dir DIR        reuse this data dir (default: a temporary one)
  --show-misses N       print up to N misses (default: 0)
  --no-progress         no progress bar
  retrieval also: --set FILE, --index-dir DIR, --misses N, --json FILE
  realtext also:  --corpus-dir DIR, --json FILE, --no-gate
  people-safety:  --set FILE, --floor FILE, --summary-only
  understanding also: --demo-catalog
  people-facts also: --set FILE (repeatable), --floor FILE, --summary-only
  doses also:     --set FILE (repeatable), --floor FILE, --summary-only, --json FILE"""


def _default_text(name: str) -> str:
    from core.settings import Settings  # noqa: PLC0415 - pydantic only when help is built

    field = Settings.model_fields[name]
    value = field.get_default(call_default_factory=True)
    if value is None or value == []:
        return "unset"
    return str(value.value if hasattr(value, "value") else value)


def _settings_epilog(command: str) -> str:
    names = _COMMAND_SETTINGS[command]
    width = max(len(n) for n in names) + 2
    rows = [f"  {n.upper():<{width}}default: {_default_text(n)}" for n in names]
    return "settings (environment variables; every setting is in docs/settings.md):\n" + "\n".join(
        rows
    )


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version  # noqa: PLC0415

    try:
        return version("duocthu")
    except PackageNotFoundError:  # pragma: no cover - running from a tree not installed
        return "unknown"


def _sub(
    sub: argparse._SubParsersAction[argparse.ArgumentParser], name: str, text: str, extra: str = ""
) -> argparse.ArgumentParser:
    epilog = (extra + "\n\n" if extra else "") + _settings_epilog(name)
    return sub.add_parser(
        name,
        help=text,
        description=text,
        epilog=epilog,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="duocthu",
        description=__doc__,
        epilog="`duocthu COMMAND --help` shows a command's options, their defaults and the "
        "environment variables it reads.",
    )
    p.add_argument("--version", action="version", version=f"duocthu {_version()}")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")
    serve = _sub(sub, "serve", "run the chat service and page")
    serve.add_argument(
        "--host",
        default=None,
        help="address to listen on (default: $HOST, else 127.0.0.1)",
    )
    serve.add_argument("--port", type=int, default=None, help="port (default: $PORT, else 8000)")
    serve.add_argument(
        "--workers",
        type=int,
        default=1,
        help="server processes (default: %(default)s; more than one needs REDIS_URL and "
        "QDRANT_URL)",
    )
    chat = _sub(
        sub,
        "chat",
        "a conversation in the terminal",
        "commands inside the chat: /new, /state, /trace, /quit; Ctrl-D or Ctrl-C ends it.\n"
        "The line history and the tokens of the conversations started here are kept under\n"
        "DUOCTHU_DATA_DIR (the token file is readable by its owner only).",
    )
    chat.add_argument(
        "--conversation",
        metavar="ID",
        default=None,
        help="resume a conversation this terminal started (default: start a new one)",
    )
    ingest = _sub(sub, "ingest", "load corpus JSON Lines into the index, all or nothing")
    from retrieval.ingest_command import add_ingest_arguments  # noqa: PLC0415 - argparse only, light

    add_ingest_arguments(ingest)
    diagram = _sub(sub, "diagram", "print the state machine")
    diagram.add_argument(
        "--format",
        choices=["mermaid", "json", "svg"],
        default="mermaid",
        help="output format (default: %(default)s)",
    )
    diagram.add_argument(
        "--current",
        choices=[s.value for s in State],
        default=None,
        metavar="STATE",
        help="mark this state as where the machine is (default: none; the static diagram "
        "marks nothing)",
    )
    diagram.add_argument(
        "--doc",
        action="store_true",
        help="print docs/state-machine.md as generated from the code (default: the diagram alone)",
    )
    sets = "\n".join(f"  {name:<14}{text}" for name, text in _EVAL_SUMMARY.items())
    ev = _sub(
        sub,
        "eval",
        "run an evaluation set (default: every set) and write a JSON report per set",
        f"sets:\n{sets}\n\n{_EVAL_OPTIONS}",
    )
    ev.add_argument(
        "set",
        nargs="?",
        choices=sorted(EVAL_SETS),
        default=None,
        metavar="SET",
        help="one of: " + ", ".join(EVAL_SETS) + " (default: all)",
    )
    ev.add_argument(
        "--report-dir",
        type=Path,
        default=None,
        help="where the JSON reports go (default: DUOCTHU_DATA_DIR/eval-reports)",
    )
    ev.add_argument(
        "--no-report", action="store_true", help="print the table only (default: write the report)"
    )
    ev.add_argument("rest", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s", stream=sys.stderr)
    logging.getLogger("transitions").setLevel(logging.WARNING)  # one line per callback otherwise
    try:
        return _dispatch(args)
    except DuocthuError as exc:
        print(f"duocthu: {exc.code}: {exc}", file=sys.stderr)
        return 2


def _dispatch(args: argparse.Namespace) -> int:
    if args.command == "diagram":
        return _diagram(args)
    if args.command == "ingest":
        from retrieval.ingest_command import run as ingest_run  # noqa: PLC0415

        return ingest_run(args)
    if args.command == "eval":
        return _eval(args)
    if args.command == "serve":
        from web.app import serve  # noqa: PLC0415

        host, port = _listen_address(args)
        settings = load_settings()
        check_data_dir(settings.duocthu_data_dir)  # serve logs it: stdout is log lines only
        serve(settings, host=host, port=port, workers=args.workers)
        return 0
    if args.command == "chat":
        from engine.bootstrap import build_runtime  # noqa: PLC0415
        from runners.chat import close_quietly, run_chat  # noqa: PLC0415

        settings = _settings()
        runtime = checked("the engine", lambda: build_runtime(settings))
        try:
            data_dir = runtime.settings.duocthu_data_dir
            return run_chat(runtime, conversation=args.conversation, data_dir=data_dir)
        finally:
            close_quietly(runtime)
    raise AssertionError(args.command)  # pragma: no cover - argparse rejects others


def _eval(args: argparse.Namespace) -> int:
    from runners.evals.report import run_with_report  # noqa: PLC0415

    # The report flags may also come after SET, among the runner's own options.
    ours = argparse.ArgumentParser(add_help=False)
    ours.add_argument("--report-dir", type=Path, default=args.report_dir)
    ours.add_argument("--no-report", action="store_true", default=args.no_report)
    known, rest = ours.parse_known_args(list(args.rest or []))
    args.report_dir, args.no_report, args.rest = known.report_dir, known.no_report, rest
    report_dir: Path | None = None
    if not args.no_report:
        if args.report_dir is not None:
            report_dir = args.report_dir
        else:
            from core.settings import load_settings  # noqa: PLC0415

            report_dir = load_settings().duocthu_data_dir / "eval-reports"
    worst = 0
    for name in [args.set] if args.set else list(EVAL_SETS):
        main_of = importlib.import_module(EVAL_SETS[name]).main
        if report_dir is None:
            code = int(main_of(list(args.rest or [])))
        else:
            code, path = run_with_report(name, main_of, list(args.rest or []), report_dir)
            print(f"report: {path}", file=sys.stderr)
        worst = max(worst, code)
    return worst


def _listen_address(args: argparse.Namespace) -> tuple[str, int]:
    """`--host`/`--port`, else the HOST and PORT a platform sets (12-factor), else loopback:8000."""
    host = args.host or os.environ.get("HOST", "").strip() or "127.0.0.1"
    if args.port is not None:
        return host, args.port
    raw = os.environ.get("PORT", "").strip()
    if not raw:
        return host, 8000
    if not raw.isdigit() or not 0 < int(raw) < 65536:
        raise ConfigError(f"PORT must be a port number (1-65535), got {raw!r}")
    return host, int(raw)


def _settings() -> Settings:
    """The settings of a command that starts the engine, its data dir checked and printed."""
    settings = load_settings()
    check_data_dir(settings.duocthu_data_dir)
    announce(settings.duocthu_data_dir)
    return settings


def _diagram(args: argparse.Namespace) -> int:
    from engine import diagram  # noqa: PLC0415

    if args.doc:
        from runners.statedoc import render_state_machine_doc  # noqa: PLC0415

        sys.stdout.write(render_state_machine_doc())
        return 0
    limit = load_settings().max_consecutive_clarify  # the diagram names the configured limit
    if args.format == "json":
        print(json.dumps(diagram.as_json(limit), indent=2, ensure_ascii=False))
    elif args.format == "svg":
        from engine.svg import svg  # noqa: PLC0415 - only the svg format needs the layout

        sys.stdout.write(svg(args.current, limit))
    else:
        sys.stdout.write(diagram.mermaid(args.current, limit))
    return 0


__all__ = ["main"]


if __name__ == "__main__":
    raise SystemExit(main())
