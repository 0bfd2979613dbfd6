"""The kinds table of docs/transcripts.md, written from the kinds' declarations
(`bridge.lines.KINDS`), so that it cannot drift from them: tests/test_docs.py fails when the file's
table is not what this writes. The rest of the file is written by hand.

    python -m handrec.kinds_doc docs/transcripts.md
"""

from __future__ import annotations

import sys
from pathlib import Path

from bridge.lines import KINDS, Kind

BEGIN = "<!-- The kinds table, written from bridge.lines.KINDS by: python -m handrec.kinds_doc docs/transcripts.md -->"
END = "<!-- The end of the kinds table. -->"


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def _physics(kind: Kind) -> str:
    """What a line of the kind is to the cards and to the laws, in a word each."""
    said = [what for what, holds in (("checked", kind.checks), ("changes the pack", kind.moves),
                                     ("ruled on", kind.ruled)) if holds]
    return ", ".join(said)


def kinds_table() -> str:
    """One row a kind of line, in the vocabulary's order: its form, what it records, the event it is
    stored as with its fields in their stored order, what it is to the cards and the laws, and its notes."""
    rows = ["| line | what it records | stored as | cards, laws | notes |", "|---|---|---|---|---|"]
    for kind in KINDS.values():
        fields = ", ".join(kind.fields)
        rows.append(f"| `{_cell(kind.form)}` | {_cell(kind.meaning)} | `{kind.event}` ({fields}) | {_physics(kind)} | "
                    f"{_cell(kind.notes)} |")
    return "\n".join(rows) + "\n"


def with_kinds_table(text: str) -> str:
    """The text of docs/transcripts.md with its kinds table, between `BEGIN` and `END`, as written
    from the declarations."""
    head, begin, rest = text.partition(BEGIN + "\n")
    _, end, tail = rest.partition(END)
    if not begin or not end:
        raise ValueError(f"the file has no kinds table between '{BEGIN}' and '{END}'")
    return head + begin + kinds_table() + end + tail


def main(name: str = "docs/transcripts.md") -> None:
    """Write the kinds table into the file `name`, in place."""
    path = Path(name)
    path.write_text(with_kinds_table(path.read_text(encoding="utf-8")), encoding="utf-8")


if __name__ == "__main__":
    main(*sys.argv[1:2])
