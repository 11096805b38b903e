"""Our own SVG drawing of the dialogue machine: a fixed, deterministic layout in pure Python.

The graph is small and its shape is known, so a two-row layout reads better than a
general layout engine: the composite "any turn-end state" spans the top; the states
stand below it in definition order, each fed by one straight arrow carrying the
labels of every trigger that enters it from the composite; self-loops hang under
their state; the edges out of the transient `retrieving` run in lanes beneath the
row. Text widths are estimated from a monospace font, so the output depends only on
the edge list.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape

from engine.diagram import ANY_TURN_END, DEFAULT_MAX_CLARIFY, Edge, check_current, edges
from states.definition import TRANSIENT_STATES, TURN_END_STATES, State

_FONT = 11
_CHAR_W = 6.7  # advance of an 11 px monospace glyph
_LINE_H = 14
_COL_W = 250
_MARGIN = 20
_START_W = 50  # room for the initial pseudo-state left of the first column
_ANY_Y = 40
_ANY_H = 54
_BOX_H = 44
_MAX_CHARS = int((_COL_W - 44) / _CHAR_W)
_INK = "#222"
_FIXED = "#c55a11"  # fixed-text (not evidence) edges
_EVIDENCE = "#2e7d32"
_MARKERS = {_INK: "ink", _FIXED: "fixed", _EVIDENCE: "evidence"}


def _wrap(line: str, limit: int = _MAX_CHARS) -> list[str]:
    """Break after ", " or ": " or before " [", so no name is ever split; continuation
    lines are indented."""
    if len(line) <= limit:
        return [line]
    tokens = [t for t in re.split(r"(?<=, )|(?<=: )|(?= \[)", line) if t]
    out: list[str] = []
    current = ""
    for token in tokens:
        if current.strip() and len(current.rstrip()) + len(token.rstrip()) > limit:
            out.append(current.rstrip())
            current = "  " + token.lstrip()
        else:
            current += token
    out.append(current.rstrip())
    return out


def _block(group: Sequence[Edge]) -> list[tuple[str, str]]:
    """(text, css class) lines for the edges of one arrow, a blank line between edges."""
    rows: list[tuple[str, str]] = []
    for i, edge in enumerate(group):
        if i:
            rows.append(("", "gap"))
        for j, line in enumerate(edge.label_lines()):
            kind = "trigger" if j == 0 else "detail"
            if line.startswith("fixed text"):
                kind = "fixed"
            elif line.startswith("route dose"):
                kind = "route"  # the dose route, bold: its own way into `answering`
            rows += [(w, kind) for w in _wrap(line)]
    return rows


@dataclass
class _Canvas:
    parts: list[str]

    def text_block(self, x: float, y: float, rows: list[tuple[str, str]], color: str) -> float:
        """Lines from baseline `y` on a white backing; returns the y below the block."""
        width = max((len(t) for t, _ in rows), default=0) * _CHAR_W + 8
        height = len(rows) * _LINE_H + 6
        self.parts.append(
            f'<rect class="label-bg" x="{x - 4:.0f}" y="{y - _FONT - 2:.0f}" '
            f'width="{width:.0f}" height="{height:.0f}" fill="white" fill-opacity="0.92"/>'
        )
        for i, (text, kind) in enumerate(rows):
            if not text:
                continue
            weight = ' font-weight="bold"' if kind in ("trigger", "route") else ""
            fill = _FIXED if kind == "fixed" else color
            # A continuation line's indent is a shift, not spaces: keeping spaces needs the
            # `white-space` style, which our CSP (style-src 'self') does not allow inline.
            indent = (len(text) - len(text.lstrip(" "))) * _CHAR_W
            self.parts.append(
                f'<text class="label {kind}" x="{x + indent:.0f}" y="{y + i * _LINE_H:.0f}" '
                f'fill="{fill}"{weight}>{escape(text.strip())}</text>'
            )
        return y + height

    def path(self, d: str, edge_class: str, color: str, dashed: bool = False) -> None:
        dash = ' stroke-dasharray="7 4"' if dashed else ""
        self.parts.append(
            f'<path class="{edge_class}" d="{d}" fill="none" stroke="{color}" '
            f'stroke-width="1.6"{dash} marker-end="url(#arrow-{_MARKERS[color]})"/>'
        )


def _color(group: Sequence[Edge]) -> tuple[str, bool]:
    if any(e.dest == State.ANSWERING and not e.evidence for e in group):
        return _FIXED, True
    if any(e.evidence for e in group):
        return _EVIDENCE, False
    return _INK, False


def _state_box(canvas: _Canvas, s: State, x: int, y: float, is_current: bool) -> None:
    fill = "#f4b183" if is_current else ("#fffbe6" if s in TRANSIENT_STATES else "white")
    stroke = ' stroke-width="3" stroke="#c0504d"' if is_current else f' stroke="{_INK}"'
    dash = ' stroke-dasharray="3 3"' if s in TRANSIENT_STATES else ""
    klass = "state current" if is_current else "state"
    mid = x + (_COL_W - 30) / 2
    canvas.parts.append(
        f'<g id="state-{s.value}" class="{klass}"><rect x="{x}" y="{y}" '
        f'width="{_COL_W - 30}" height="{_BOX_H}" rx="8" fill="{fill}"{stroke}{dash}/>'
        f'<text x="{mid:.0f}" y="{y + 27}" text-anchor="middle" '
        f'font-weight="bold" font-size="13">{s.value}</text>'
        + (
            f'<text x="{mid:.0f}" y="{y - 6}" text-anchor="middle" '
            f'fill="#c0504d" font-weight="bold">▼ current</text>'
            if is_current
            else ""
        )
        + "</g>"
    )


def _lanes(
    canvas: _Canvas,
    groups: dict[tuple[str, str], list[Edge]],
    col_x: dict[str, int],
    box_bottom: float,
    lane_y: float,
) -> tuple[float, float]:
    """Edges out of the transient state, in lanes below the row: leftward ones share the
    first level; rightward ones nest, the nearest destination highest, so none cross."""
    transient = {s.value for s in TRANSIENT_STATES}
    order = {s.value: i for i, s in enumerate(State)}
    outgoing = [(k, g) for k, g in groups.items() if k[0] in transient and k[0] != k[1]]
    rightward = sorted(
        (item for item in outgoing if order[item[0][1]] > order[item[0][0]]),
        key=lambda item: order[item[0][1]],
    )
    leftward = [item for item in outgoing if order[item[0][1]] < order[item[0][0]]]
    final = lane_y
    for (src, dest), group in leftward:
        color, _ = _color(group)
        sx, dx = col_x[src] + 40, col_x[dest] + _COL_W - 60
        canvas.path(f"M{sx},{box_bottom} V{lane_y} H{dx} V{box_bottom + 2}", "edge lane", color)
        final = max(final, canvas.text_block(col_x[dest] + 14, lane_y + 20, _block(group), color))
    level = lane_y
    for i, ((src, dest), group) in enumerate(rightward):
        color, _ = _color(group)
        shift = 24 * (len(rightward) - 1 - i)
        sx = col_x[src] + _COL_W - 60 - shift
        dx = col_x[dest] + 40
        canvas.path(f"M{sx},{box_bottom} V{level} H{dx} V{box_bottom + 2}", "edge lane", color)
        end = canvas.text_block(sx + 14 + shift, level + 20, _block(group), color)
        final = max(final, end)
        level = end + 12
    return final, level


def render(edges: Sequence[Edge], current: str | None = None) -> str:
    """The SVG document; `current`, when given, is filled and tagged as the current state."""
    states = list(State)
    col_x = {s.value: _MARGIN + _START_W + i * _COL_W for i, s in enumerate(states)}
    groups: dict[tuple[str, str], list[Edge]] = {}
    for edge in edges:
        groups.setdefault((edge.source, edge.dest), []).append(edge)

    from_any = {dest: g for (src, dest), g in groups.items() if src == ANY_TURN_END}
    band = max(len(_block(g)) for g in from_any.values()) * _LINE_H + 40
    box_y = _ANY_Y + _ANY_H + band
    box_bottom = box_y + _BOX_H
    width = _MARGIN * 2 + _START_W + len(states) * _COL_W
    canvas = _Canvas([])
    draw = canvas.parts

    # The composite source.
    any_w = len(states) * _COL_W - 20
    members = " · ".join(s.value for s in TURN_END_STATES)
    draw.append(
        f'<g id="state-{ANY_TURN_END}" class="composite"><rect x="{col_x[states[0]] + 4}" '
        f'y="{_ANY_Y}" width="{any_w}" height="{_ANY_H}" rx="10" fill="#f6f6f6" '
        f'stroke="{_INK}" stroke-dasharray="6 4"/>'
        f'<text x="{col_x[states[0]] + 20}" y="{_ANY_Y + 22}" font-weight="bold" '
        f'font-size="13">any turn-end state</text>'
        f'<text x="{col_x[states[0]] + 20}" y="{_ANY_Y + 40}">= {escape(members)}; '
        "each arrow below leaves every one of them</text></g>"
    )

    # One arrow per destination from the composite, its labels to the right of the shaft.
    for dest, group in from_any.items():
        x = col_x[dest] + 22
        color, dashed = _color(group)
        canvas.path(f"M{x},{_ANY_Y + _ANY_H} V{box_y - 2}", "edge from-any", color, dashed)
        canvas.text_block(x + 10, _ANY_Y + _ANY_H + 22, _block(group), color)

    for s in states:
        _state_box(canvas, s, col_x[s.value] + 10, box_y, s.value == current)

    # The initial pseudo-state.
    cy = box_y + _BOX_H / 2
    draw.append(f'<circle id="initial" cx="{_MARGIN + 10}" cy="{cy}" r="7" fill="{_INK}"/>')
    canvas.path(f"M{_MARGIN + 17},{cy} H{col_x[states[0]] + 8}", "edge initial", _INK)

    # Self-loops hang under their state.
    bottom = box_bottom + 20.0
    for (src, dest), group in groups.items():
        if src != dest:
            continue
        x = col_x[src] + 30
        color, dashed = _color(group)
        canvas.path(
            f"M{x},{box_bottom} V{box_bottom + 18} H{x + 36} V{box_bottom + 2}",
            "edge loop",
            color,
            dashed,
        )
        end = canvas.text_block(x - 16, box_bottom + 36, _block(group), color)
        bottom = max(bottom, end)

    final, level = _lanes(canvas, groups, col_x, box_bottom, bottom + 16)

    legend_y = max(final, level) + 24
    draw.append(
        f'<text class="legend" x="{_MARGIN}" y="{legend_y}">Labels: trigger [guards] · '
        "reason codes · routing rules (rule 0 = safety triage). "
        f'<tspan fill="{_FIXED}">Dashed orange: fixed text, NOT an evidence answer.</tspan> '
        f'<tspan fill="{_EVIDENCE}">Green: answered from checked evidence.</tspan></text>'
    )
    height = legend_y + 20
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height:.0f}" '
        f'viewBox="0 0 {width} {height:.0f}" font-family="DejaVu Sans Mono, monospace" '
        f'font-size="{_FONT}" role="img" '
        'aria-label="duocthu dialogue state machine">'
        "<title>duocthu dialogue state machine</title>"
        "<defs>"
        + "".join(
            f'<marker id="arrow-{name}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" '
            f'markerHeight="8" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="{color}"/>'
            "</marker>"
            for color, name in _MARKERS.items()
        )
        + "</defs>"
        f'<rect width="{width}" height="{height:.0f}" fill="white"/>'
    )
    return head + "".join(draw) + "</svg>\n"


def svg(current: str | None = None, max_clarify: int = DEFAULT_MAX_CLARIFY) -> str:
    """The SVG picture (pure Python layout), `current` marked when given; the guard labels
    name the breaker limit `max_clarify` (the service passes MAX_CONSECUTIVE_CLARIFY)."""
    check_current(current)
    return render(edges(max_clarify), current=current)


__all__ = ["render", "svg"]
