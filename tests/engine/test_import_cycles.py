"""No module of the product imports itself back through other modules (no import cycles)."""

from __future__ import annotations

import grimp

PACKAGES = (
    "core",
    "engine",
    "safety",
    "states",
    "understanding",
    "retrieval",
    "grounding",
    "web",
    "runners",
)


def _cycles(imports: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(imports):
        if root in index:
            continue
        work = [(root, iter(sorted(imports[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(imports[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return found


def test_cycle_finder_finds_a_cycle() -> None:
    """The finder reports a three-module loop and ignores a chain."""
    loop = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _cycles(loop) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def _ancestors(module: str) -> set[str]:
    parts = module.split(".")
    return {".".join(parts[:i]) for i in range(1, len(parts))}


def _with_package_inits(imports: dict[str, set[str]]) -> dict[str, set[str]]:
    """Importing `a.b` first runs `a/__init__.py`: each import of a module in another package
    also imports that module's packages, which is where a package-level loop shows."""
    return {
        module: targets | {p for t in targets for p in _ancestors(t) - _ancestors(module)}
        for module, targets in imports.items()
    }


def test_package_inits_count_as_imports() -> None:
    """b.x importing a.y and a/__init__ importing b.x is a loop through the package a."""
    imports = {"a": {"a.y", "b.x"}, "a.y": set(), "b": set(), "b.x": {"a.y"}}
    assert _cycles(imports) == []
    assert _cycles(_with_package_inits(imports)) == [["a", "b.x"]]


def test_no_module_import_cycles() -> None:
    """No module imports itself back, through package inits too, including imports made only
    for type checking."""
    graph = grimp.build_graph(*PACKAGES, include_external_packages=False)
    imports = {m: set(graph.find_modules_directly_imported_by(m)) for m in graph.modules}
    assert _cycles(_with_package_inits(imports)) == []
