"""A request body read as JSON only after a flat scan has bounded its shape.

`json.loads` recurses once per nesting level, so a body of a few thousand brackets
raises `RecursionError` deep inside the parser. The scan here walks the bytes once,
without recursion, and refuses a body nested deeper than `max_depth` or holding more
than `max_members` values before the parser ever sees it. Numbers are bounded too: an
integer longer than `MAX_NUMBER_CHARS` digits (Python refuses past 4,300 with a bare
`ValueError`), a float that overflows to infinity, and `NaN` / `Infinity` (not JSON) are
all refused, so no number a client sends can reach the code as a 500.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from typing import Any

MAX_DEPTH = 32
MAX_MEMBERS = 1000
MAX_NUMBER_CHARS = 64


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


def _bounded_int(text: str) -> int:
    if len(text) > MAX_NUMBER_CHARS:
        raise BodyRejected(f"a number longer than {MAX_NUMBER_CHARS} characters")
    return int(text)


def _bounded_float(text: str) -> float:
    if len(text) > MAX_NUMBER_CHARS:
        raise BodyRejected(f"a number longer than {MAX_NUMBER_CHARS} characters")
    value = float(text)
    if not math.isfinite(value):
        raise BodyRejected("a number too large to read")
    return value


def _strings(data: Any) -> Iterator[str]:
    """Every string in a decoded body, keys included (no recursion: the shape is bounded)."""
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            yield item
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


def _lone_surrogate(data: Any) -> bool:
    """True when a string holds half a surrogate pair (`"\\ud800"`): valid JSON, but not
    text, and it would fail later when encoded for Redis or a log line."""
    for text in _strings(data):
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            return True
    return False


def _no_constant(name: str) -> Any:
    raise BodyRejected(f"{name} is not JSON")


def parse_json_body(
    raw: bytes, *, max_depth: int = MAX_DEPTH, max_members: int = MAX_MEMBERS
) -> Any:
    """The decoded body; `BodyRejected` names the problem for anything else."""
    problem = shape_problem(raw, max_depth=max_depth, max_members=max_members)
    if problem is not None:
        raise BodyRejected(problem)
    try:
        data = json.loads(
            raw,
            parse_int=_bounded_int,
            parse_float=_bounded_float,
            parse_constant=_no_constant,
        )
    except BodyRejected:
        raise
    # ValueError covers JSONDecodeError, UnicodeDecodeError and int's digit limit.
    except (ValueError, RecursionError) as exc:
        raise BodyRejected("not valid JSON") from exc
    if _lone_surrogate(data):
        raise BodyRejected("a string with half a surrogate pair")
    return data


__all__ = [
    "MAX_DEPTH",
    "MAX_MEMBERS",
    "MAX_NUMBER_CHARS",
    "BodyRejected",
    "parse_json_body",
    "shape_problem",
]
