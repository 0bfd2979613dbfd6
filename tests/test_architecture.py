"""The shape of the house: the arrows between our modules run one way, and a kind of line is one
entry of the table that every side reads.

    bridge (the vocabulary)  <-  recorder (write side, formats)  <-  handrec (the faces)
                             <-  projections (read side)         <-
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("bridge", "recorder", "projections", "handrec")
# What each package may import of ours, besides itself.
ALLOWED = {
    "bridge": set(),
    "recorder": {"bridge"},
    "projections": {"bridge"},
    "handrec": {"bridge", "recorder", "projections"},
}


def _modules() -> dict[str, Path]:
    out = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            out[".".join(parts)] = path
    return out


MODULES = _modules()


def _imports(name: str, path: Path) -> set[str]:
    """Every module of ours that `name` imports, at its top or inside a function."""
    is_package = path.name == "__init__.py"
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".")
                base = base[: len(base) - node.level + (1 if is_package else 0)]
                stem = ".".join(base + ([node.module] if node.module else []))
            else:
                stem = node.module or ""
            targets = [stem] + [f"{stem}.{a.name}" for a in node.names]
        else:
            continue
        for target in targets:
            # the longest of our modules the name starts with (`from x import y` may name a module y)
            while target and target not in MODULES:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


GRAPH = {name: _imports(name, path) for name, path in MODULES.items()}


def test_the_packages_are_all_there():
    assert {m.split(".")[0] for m in MODULES} == set(PACKAGES)
    assert "projections.moment" in MODULES and "bridge.lines" in MODULES and "handrec.cli" in MODULES


@pytest.mark.parametrize("package", PACKAGES)
def test_each_package_imports_only_what_lies_below_it(package):
    wrong = sorted(f"{m} imports {t}" for m, targets in GRAPH.items() if m.split(".")[0] == package
                   for t in targets if t.split(".")[0] not in ALLOWED[package] | {package})
    assert not wrong, "arrows that run the wrong way:\n" + "\n".join(wrong)


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A cycle of the graph as the path that closes it, or None."""
    seen: dict[str, int] = {}  # 1: on the path being walked, 2: done
    path: list[str] = []

    def walk(m: str) -> list[str] | None:
        seen[m] = 1
        path.append(m)
        for t in sorted(graph[m]):
            if seen.get(t) == 1:
                return path[path.index(t):] + [t]
            if t not in seen:
                cycle = walk(t)
                if cycle:
                    return cycle
        seen[m] = 2
        path.pop()
        return None

    for m in sorted(graph):
        if m not in seen:
            cycle = walk(m)
            if cycle:
                return cycle
    return None


def test_the_import_graph_has_no_cycle():
    cycle = find_cycle(GRAPH)
    assert cycle is None, "an import cycle: " + " -> ".join(cycle or [])


def test_the_walker_sees_the_arrows_and_finds_a_cycle_when_there_is_one():
    # The walker itself: a test that could not fail would prove nothing.
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None
    assert _imports("projections.moment", MODULES["projections.moment"]) >= {
        "projections.table", "projections.rulings.judge", "projections.rulings.render"}
    assert _imports("handrec.cli", MODULES["handrec.cli"]) >= {"recorder.application", "projections.moment"}


def test_every_kind_of_line_is_one_entry_read_by_every_side():
    from bridge.lines import KINDS
    from projections.rulings.judge import STEPS
    from projections.table import FOLD
    from recorder.domainmodel import EVENT_OF_KIND, Hand

    for kind in KINDS.values():
        assert getattr(Hand, kind.event).__qualname__ == f"Hand.{kind.event}", kind.name  # the stored topic
        assert kind.name in FOLD, f"the table has no fold for '{kind.name}'"
        assert kind.name == "hand" or EVENT_OF_KIND[kind.name][0] is getattr(Hand, kind.event)
    assert set(FOLD) == set(KINDS)
    assert set(STEPS) | {"play"} <= set(KINDS)
