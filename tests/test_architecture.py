"""The shape of the house: the arrows between our modules run one way, and a kind of line is one
entry of the table that every side reads.

    bridge (the vocabulary)  <-  formats (transcript, PBN, LIN)  <-  recorder (write side)  <-  handrec (the faces)
                                                                 <-  projections (read side)  <-

The arrows are import-linter's layers contract (pyproject.toml, [tool.importlinter]) on grimp's
graph of every import, at a module's top or inside a function; no cycle is found on that graph.
"""

from __future__ import annotations

from pathlib import Path

import grimp
from importlinter.cli import lint_imports

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("bridge", "formats", "recorder", "projections", "handrec")
# pyproject.toml's contract as grimp takes it: "recorder | projections" are independent siblings
LAYERS = ["handrec", grimp.Layer("recorder", "projections", independent=True), "formats", "bridge"]


def _graph() -> grimp.ImportGraph:
    return grimp.build_graph(*PACKAGES, cache_dir=None)


def test_the_arrows_run_one_way(monkeypatch):
    import tomllib

    (contract,) = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]
    assert contract["type"] == "layers" and contract["layers"] == ["handrec", "recorder | projections", "formats", "bridge"]
    monkeypatch.chdir(ROOT)
    assert lint_imports(config_filename=str(ROOT / "pyproject.toml"), no_cache=True, no_logo=True) == 0


def test_the_contract_sees_an_arrow_the_wrong_way_and_an_import_inside_a_function():
    # The contract itself: a test that could not fail would prove nothing.
    graph = _graph()
    assert not graph.find_illegal_dependencies_for_layers(layers=LAYERS)
    # recorder.rows imports the domain model inside a function only (its upcasters, when needed)
    assert graph.direct_import_exists(importer="recorder.rows", imported="recorder.domainmodel")
    assert "import domainmodel" not in "".join(
        line for line in (ROOT / "recorder" / "rows.py").read_text().splitlines(True) if not line.startswith(" "))
    graph.add_import(importer="bridge.cards", imported="projections.table")
    graph.add_import(importer="recorder.store", imported="projections.moment")
    graph.add_import(importer="formats.pbn", imported="projections.table")  # (a writer taking the table)
    wrong = {(d.importer, d.imported) for d in graph.find_illegal_dependencies_for_layers(layers=LAYERS)}
    assert {("bridge", "projections"), ("recorder", "projections"), ("formats", "projections")} <= wrong


def find_cycle(graph: grimp.ImportGraph) -> list[str] | None:
    """A cycle of the import graph, as the chain that closes it, or None."""
    for module in sorted(graph.modules):
        for imported in sorted(graph.find_modules_directly_imported_by(module)):
            back = graph.find_shortest_chain(importer=imported, imported=module)
            if back is not None:
                return [module, *back]
    return None


def test_the_import_graph_has_no_cycle():
    cycle = find_cycle(_graph())
    assert cycle is None, "an import cycle: " + " -> ".join(cycle or [])


def test_a_cycle_is_found_when_there_is_one():
    graph = _graph()
    assert graph.direct_import_exists(importer="projections.moment", imported="projections.table")
    graph.add_import(importer="projections.table", imported="projections.moment")
    assert find_cycle(graph) is not None


def test_every_kind_of_line_is_one_entry_read_by_every_side():
    from bridge.lines import KINDS
    from projections.rulings.judge import STEPS
    from projections.table import FOLD
    from recorder.domainmodel import EVENT_OF_KIND, Hand

    for kind in KINDS.values():
        assert getattr(Hand, kind.event).__qualname__ == f"Hand.{kind.event}", kind.name  # the stored topic
        assert kind.name in FOLD, f"the table has no fold for '{kind.name}'"
        assert kind.name == "hand" or EVENT_OF_KIND[kind.name] is getattr(Hand, kind.event)
    assert set(FOLD) == set(KINDS)
    assert set(STEPS) == {kind.name for kind in KINDS.values() if kind.ruled}
