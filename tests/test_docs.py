"""The docs a newcomer reads as a reference (issue 21, part 4): the command reference is the
commands' own (written from the click commands), so it cannot drift from them."""

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
