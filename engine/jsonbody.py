"""A request body read as JSON only after a flat scan has bounded its shape.

`json.loads` recurses once per nesting level, so a body of a few thousand brackets
raises `RecursionError` deep inside the parser. The scan here walks the bytes once,
without recursion, and refuses a body nested deeper than `max_depth` or holding more
than `max_members` values before the parser ever sees it.
"""

from __future__ import annotations

import json
from typing import Any

MAX_DEPTH = 32
MAX_MEMBERS = 1000


class BodyRejected(ValueError):
    """The body is not JSON, or is JSON of a shape no request of ours has."""


def shape_problem(raw: bytes, *, max_depth: int, max_members: int) -> str | None:
    """Why `raw` is too deep or too wide, or None; strings are skipped, escapes included."""
    opening = raw.count(b"[") + raw.count(b"{")
    if opening <= max_depth and raw.count(b",") + opening <= max_members:
        return None  # cannot be too deep or too wide, whatever its strings hold: skip the walk
    depth = members = 0
    in_string = escaped = False
    for byte in raw:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x22:  # closing quote
                in_string = False
            continue
        if byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):  # [ {
            depth += 1
            members += 1
            if depth > max_depth:
                return f"nested deeper than {max_depth} levels"
            if members > max_members:
                return f"more than {max_members} values"
        elif byte in (0x5D, 0x7D):  # ] }
            depth -= 1
        elif byte == 0x2C:  # a comma starts another member
            members += 1
            if members > max_members:
                return f"more than {max_members} values"
    return None


def parse_json_body(
    raw: bytes, *, max_depth: int = MAX_DEPTH, max_members: int = MAX_MEMBERS
) -> Any:
    """The decoded body; `BodyRejected` names the problem for anything else."""
    problem = shape_problem(raw, max_depth=max_depth, max_members=max_members)
    if problem is not None:
        raise BodyRejected(problem)
    try:
        return json.loads(raw)
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
        raise BodyRejected("not valid JSON") from exc


__all__ = ["MAX_DEPTH", "MAX_MEMBERS", "BodyRejected", "parse_json_body", "shape_problem"]
