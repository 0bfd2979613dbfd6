"""The command reference (`docs/commands.md`), made from the click commands themselves, so that it
cannot drift from them: `tests/test_docs.py` fails when the file is not what this writes.

    python -m handrec.commands_doc > docs/commands.md
"""

from __future__ import annotations

import inspect

import click

from .cli import main

HEAD = """# Commands

Every `handrec` command, its arguments and options, as `handrec COMMAND --help` gives them. This
file is written by `python -m handrec.commands_doc > docs/commands.md` and checked by a test: change
the commands, then write it again. The JSON each command prints is `docs/json.md`'s.

`handrec [--store URL] COMMAND ...`: the store is an SQLite file (`hands.db` by default, or
`sqlite:///PATH`) or a PostgreSQL database (`postgresql://USER:PASSWORD@HOST:PORT/DB`); the
environment's `HANDREC_STORE` names it too.
"""


def commands_markdown() -> str:
    out = [HEAD]
    ctx = click.Context(main, info_name="handrec")
    for name in main.list_commands(ctx):  # (every command: those imported only when named too)
        command = main.get_command(ctx, name)
        sub = click.Context(command, info_name=name, parent=ctx)
        pieces = command.collect_usage_pieces(sub)
        out.append(f"## `handrec {name}`\n")
        out.append(f"`handrec {name} {' '.join(pieces)}`\n")
        out.append(" ".join(inspect.cleandoc(command.help or "").split()) + "\n")
        rows = []
        for param in command.get_params(sub):
            record = param.get_help_record(sub)
            if isinstance(param, click.Option) and record is not None and record[0] != "--help":
                rows.append(f"| `{record[0]}` | {record[1].replace('|', '/')} |")
        if rows:
            out.append("| option | what it does |\n|---|---|")
            out.append("\n".join(rows) + "\n")
    return "\n".join(out).rstrip() + "\n"


if __name__ == "__main__":
    click.echo(commands_markdown(), nl=False)
