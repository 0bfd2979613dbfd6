"""The docs a newcomer reads as a reference (issue 21, part 4): the command reference is the
commands' own (written from the click commands), and the kinds table of docs/transcripts.md the
kinds' own (written from their declarations, issue 41, part 1), so neither can drift from them."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import click

from expectations import EXAMPLES
from handrec.cli import main
from handrec.commands_doc import commands_markdown
from handrec.export import MARK, NOT_WRITTEN, SCHEMA, VIEWS, export
from recorder.application import HandRecorder
from recorder.importer import import_files
from test_export_archive_scale import LIN_BOARD

DOCS = Path(__file__).resolve().parent.parent / "docs"


def test_the_command_reference_is_what_the_commands_say():
    written = (DOCS / "commands.md").read_text(encoding="utf-8")
    assert written == commands_markdown(), ("docs/commands.md is not the commands' own: write it again with "
                                            "'python -m handrec.commands_doc > docs/commands.md'")
    for name in main.list_commands(click.Context(main)):
        assert f"## `handrec {name}`" in written, name


def test_the_kinds_table_is_what_the_kinds_declare():
    from bridge.lines import KINDS
    from handrec.kinds_doc import BEGIN, END, kinds_table, with_kinds_table

    written = (DOCS / "transcripts.md").read_text(encoding="utf-8")
    assert written == with_kinds_table(written), ("docs/transcripts.md's kinds table is not the kinds' own: write "
                                                  "it again with 'python -m handrec.kinds_doc docs/transcripts.md'")
    table = written.split(BEGIN + "\n")[1].split(END)[0]
    assert table == kinds_table() and len(table.splitlines()) == 2 + len(KINDS)


def _documented(page: str) -> dict[str, set[str]]:
    """docs/analysis.md's columns, by the table or view whose section (`### \\`name\\``) names them:
    the backquoted names in the first cell of each row of its tables, and, where the section says
    its columns are "the columns of `T`", those of T's section."""
    out: dict[str, set[str]] = {}
    copies: dict[str, str] = {}
    name = None
    for line in page.splitlines():
        heading = re.fullmatch(r"### `([A-Za-z_]+)`", line.strip())
        if heading:
            name = heading.group(1)
            out[name] = set()
            continue
        if line.startswith("## "):
            name = None
        if name is None:
            continue
        copied = re.search(r"the columns of `([A-Za-z_]+)`", line)
        if copied:
            copies[name] = copied.group(1)
        if line.startswith("| `"):
            out[name] |= set(re.findall(r"`([A-Za-z_]+)`", line.split("|")[1]))
    for name, of in copies.items():
        out[name] |= out[of]
    return out


def test_every_column_of_the_analysis_database_is_documented(tmp_path):
    # A real analysis database, made by a real export of real hands (a transcript with a revoke and
    # irregularities, an archive's board), its tables and views read from SQLite itself: each of
    # their columns is in docs/analysis.md, under its table or view, with nothing there that the
    # database does not have (issue 40, finding 12).
    store = str(tmp_path / "s.db")
    app = HandRecorder(store)
    app.record((EXAMPLES / "dup17-l64a1-offender-wins-the-revoke-trick.hand").read_text())
    archive = tmp_path / "one.lin"
    archive.write_text(LIN_BOARD.format(end="mc|9|"))
    import_files(app, [str(archive)])
    db = str(tmp_path / "a.db")
    export(app, db, app.store_name)
    conn = sqlite3.connect(db)
    try:
        names = [r[0] for r in conn.execute("select name from sqlite_master where type in ('table', 'view') and "
                                            "name not like 'sqlite%' order by type, name")]
        columns = {n: {r[1] for r in conn.execute(f"pragma table_info([{n}])")} for n in names}
    finally:
        conn.close()
    assert set(names) == {*SCHEMA, NOT_WRITTEN, MARK, *VIEWS}
    documented = _documented((DOCS / "analysis.md").read_text(encoding="utf-8"))
    missing = {n: sorted(c - documented.get(n, set())) for n, c in columns.items() if c - documented.get(n, set())}
    assert not missing, f"columns not documented in docs/analysis.md: {missing}"
    extra = {n: sorted(documented[n] - c) for n, c in columns.items() if documented.get(n, set()) - c}
    assert not extra, f"docs/analysis.md documents columns the database does not have: {extra}"
    assert set(documented) == set(names), set(documented) ^ set(names)
    assert "analysis.md" in (DOCS / "archives.md").read_text(encoding="utf-8")
