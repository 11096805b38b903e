"""`duocthu`: serve, chat, ingest, diagram, eval — one console script, one set of settings."""

from __future__ import annotations

import argparse
import importlib
import json
import logging
import sys
from collections.abc import Sequence

from engine.errors import DuocthuError
from engine.settings import Settings, load_settings
from engine.startup import announce, check_data_dir, checked

EVAL_SETS = {
    "understanding": "engine.evals.understanding",
    "retrieval": "engine.evals.retrieval",
    "answers": "engine.evals.answers",
    "condition": "engine.evals.condition",
    "dialogues": "engine.evals.dialogues",
    "safety": "engine.evals.safety",
    "realtext": "engine.evals.realtext",
}


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="duocthu", description=__doc__)
    sub = p.add_subparsers(dest="command", required=True)
    serve = sub.add_parser("serve", help="run the chat service and page")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--workers", type=int, default=1)
    sub.add_parser("chat", help="a conversation in the terminal")
    ingest = sub.add_parser("ingest", help="load corpus JSON Lines into the index")
    ingest.add_argument("files", nargs="+")
    ingest.add_argument("--replace", action="store_true")
    diagram = sub.add_parser("diagram", help="print the state machine")
    diagram.add_argument("--format", choices=["mermaid", "json", "svg"], default="mermaid")
    diagram.add_argument(
        "--doc", action="store_true", help="print docs/state-machine.md as generated from the code"
    )
    ev = sub.add_parser("eval", help="run an evaluation set")
    ev.add_argument("set", nargs="?", choices=sorted(EVAL_SETS), default=None)
    ev.add_argument("rest", nargs=argparse.REMAINDER)
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
        from retrieval.ingest import main as ingest_main  # noqa: PLC0415

        return ingest_main([*args.files, *(["--replace"] if args.replace else [])])
    if args.command == "eval":
        sets = [args.set] if args.set else list(EVAL_SETS)
        worst = 0
        for name in sets:
            module = importlib.import_module(EVAL_SETS[name])
            worst = max(worst, int(module.main(list(args.rest or []))))
        return worst
    if args.command == "serve":
        import server  # noqa: PLC0415

        server.serve(_settings(), host=args.host, port=args.port, workers=args.workers)
        return 0
    if args.command == "chat":
        from engine.bootstrap import build_runtime  # noqa: PLC0415
        from engine.chat import run_chat  # noqa: PLC0415

        settings = _settings()
        runtime = checked("the engine", lambda: build_runtime(settings))
        try:
            return int(run_chat(runtime) or 0)
        finally:
            runtime.close()
    raise AssertionError(args.command)  # pragma: no cover - argparse rejects others


def _settings() -> Settings:
    """The settings of a command that starts the engine, its data dir checked and printed."""
    settings = load_settings()
    check_data_dir(settings.duocthu_data_dir)
    announce(settings.duocthu_data_dir)
    return settings


def _diagram(args: argparse.Namespace) -> int:
    from states import diagram  # noqa: PLC0415

    if args.doc:
        from engine.statedoc import render_state_machine_doc  # noqa: PLC0415

        sys.stdout.write(render_state_machine_doc())
    elif args.format == "json":
        print(json.dumps(diagram.as_json(), indent=2, ensure_ascii=False))
    elif args.format == "svg":
        if not diagram.graphviz_available():
            print("duocthu: Graphviz 'dot' is not installed; use --format mermaid", file=sys.stderr)
            return 2
        sys.stdout.write(diagram.svg())
    else:
        sys.stdout.write(diagram.mermaid())
    return 0


__all__ = ["main"]


if __name__ == "__main__":
    raise SystemExit(main())
