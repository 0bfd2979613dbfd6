"""The docs a newcomer reads as a reference (issue 21, part 4): the command reference is the
commands' own (written from the click commands), and the kinds table of docs/transcripts.md the
kinds' own (written from their declarations, issue 41, part 1), so neither can drift from them."""

from __future__ import annotations

from pathlib import Path

from handrec.cli import main
from handrec.commands_doc import commands_markdown

DOCS = Path(__file__).resolve().parent.parent / "docs"


def test_the_command_reference_is_what_the_commands_say():
    written = (DOCS / "commands.md").read_text(encoding="utf-8")
    assert written == commands_markdown(), ("docs/commands.md is not the commands' own: write it again with "
                                            "'python -m handrec.commands_doc > docs/commands.md'")
    for name in main.commands:
        assert f"## `handrec {name}`" in written, name


def test_the_kinds_table_is_what_the_kinds_declare():
    from bridge.lines import KINDS
    from handrec.kinds_doc import BEGIN, END, kinds_table, with_kinds_table

    written = (DOCS / "transcripts.md").read_text(encoding="utf-8")
    assert written == with_kinds_table(written), ("docs/transcripts.md's kinds table is not the kinds' own: write "
                                                  "it again with 'python -m handrec.kinds_doc docs/transcripts.md'")
    table = written.split(BEGIN + "\n")[1].split(END)[0]
    assert table == kinds_table() and len(table.splitlines()) == 2 + len(KINDS)
