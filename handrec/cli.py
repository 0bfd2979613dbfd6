"""The `handrec` command: it parses, calls the recorder or a projection, and prints.

Each command is a new process, and a director runs the read commands one after another: what is
imported here at the top is what every command needs (click, the moment's fold); each command
imports the rest of what it needs when it runs (the words of `views`, the score, the timeline).
The recorder application (eventsourcing, the domain model) is imported by the commands that write
or walk the store; `show`, `rulings`, `timeline` and `score` read a hand's rows from an SQLite
store directly (`cli_common.read_hand`). The commands of archives and of the review room are in
`cli_archives.py` and `cli_room.py`, imported only when one of their commands is named or every
command is listed (`Commands`).
"""

from __future__ import annotations

import codecs
import importlib
import json
import sys
from typing import Any

import click

from bridge.messages import TranscriptError
from bridge.words import written_by
from projections import moment as moment_projection
from formats.files import FileError, read_transcript

from .cli_common import UserError, app_of, at_option, events_at, in_store, json_option, sentence


class Commands(click.Group):
    """The `handrec` group: the commands written here, and those of the modules it names
    (`elsewhere`: the archives', the review room's, each a module whose `COMMANDS` are its
    commands), imported only when a command not written here is named or every command is listed
    (`--help`, the command reference), so that a read command does not import them. Every command
    takes `--store` after its name too (`_store_after`)."""

    def __init__(self, *args: Any, elsewhere: tuple[str, ...] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.elsewhere = list(elsewhere)

    def add_command(self, cmd: click.Command, name: str | None = None) -> None:
        cmd.params.append(click.Option(["--store"], metavar="URL", default=None, expose_value=False,
                                       callback=_store_after, is_eager=True,
                                       help="The event store (as before the command)."))
        super().add_command(cmd, name)

    def _add_the_others(self) -> None:
        while self.elsewhere:
            for command in importlib.import_module(self.elsewhere.pop(0), __package__).COMMANDS:
                if command.name in self.commands:  # (a name is one command's: none replaces another)
                    raise RuntimeError(f"two handrec commands are named {command.name}")
                self.add_command(command)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands:
            self._add_the_others()
        return super().get_command(ctx, cmd_name)

    def list_commands(self, ctx: click.Context) -> list[str]:
        self._add_the_others()
        return super().list_commands(ctx)


def _store_after(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    """`--store` given after the command (`handrec rulings X --store db`) counts as given before it."""
    if value is not None:
        ctx.find_root().obj["store"] = value


@click.group(cls=Commands, elsewhere=(".cli_archives", ".cli_room"))
@click.option("--store", envvar="HANDREC_STORE", default=None, metavar="URL",
              help="The event store: a path or sqlite:///PATH (default hands.db here). Also HANDREC_STORE.")
@click.version_option(package_name="handrec")
@click.pass_context
def main(ctx: click.Context, store: str | None) -> None:
    """Record bridge hands act by act and read, at any event, the rulings on revokes and the rest of the play
    under the 1912 Laws of Auction Bridge or the Laws of Duplicate Bridge of 1997, 2007 and 2017."""
    ctx.obj = {"store": store}
    for stream in (sys.stdout, sys.stderr):
        _write_what_the_terminal_can(stream)


# What a terminal (or a file) in another encoding than UTF-8 gets instead of the symbols.
PLAIN = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "→": "->", "—": "-", "✗": "x", "…": "...", "·": "-", "◀": "<",
         "▶": ">", "§": "S."}


def _plain(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    text = error.object[error.start:error.end]
    return "".join(PLAIN.get(ch, "?") for ch in text), error.end


codecs.register_error("handrec-plain", _plain)


def _write_what_the_terminal_can(stream: Any) -> None:
    """Output that the terminal's encoding cannot hold is still written: suit letters for the
    symbols, '?' for the rest (never an error about the command line)."""
    encoding = getattr(stream, "encoding", None) or "utf-8"
    if codecs.lookup(encoding).name in ("utf-8", "utf-16", "utf-32"):
        return
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(errors="handrec-plain")


@main.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--amend", "amend", is_flag=True,
              help="A transcript that differs from the store: record the corrections (amend, strike) that "
                   "bring the store to it, then what it adds. Needs --reason.")
@click.option("--reason", default=None, help="Why the record is corrected (with --amend).")
@click.option("--by", "author", default="", help="Who corrects the record (with --amend; one word).")
@click.option("-v", "--verbose", is_flag=True, help="A line for each transcript (the default for one).")
@click.pass_context
@sentence
def record(ctx: click.Context, files: tuple[str, ...], amend: bool, reason: str | None, author: str,
           verbose: bool) -> None:
    """Append each transcript's events to the store (only what is new when it is stored already).

    Each transcript is stored whole or not at all; a refused one is named with its line and
    reason, the others are still recorded, and the exit status says something was refused. A
    transcript edited after it was recorded is refused with the corrections that would bring the
    store to it; --amend records them, in one act, and nothing stored is changed."""
    from recorder.corrections import Amending, RecordDiffers

    from . import views

    if amend and not reason:
        raise UserError("record --amend corrects the stored record: say why with --reason TEXT.")
    _check_author(author)
    app = app_of(ctx, writes=True)
    refused = new = extended = already = events = 0
    codes: dict[tuple[str, str], int] = {}  # (ruleset, whence): the hands opened under it
    summary = len(files) > 1 and not verbose
    for path in files:
        try:
            r = app.record(read_transcript(path), file=path,
                           amend=Amending(reason or "", author) if amend else None)
        except (TranscriptError, FileError) as e:
            refused += 1
            click.echo(f"handrec: {str(e).rstrip('.')}.", err=True)
            if isinstance(e, RecordDiffers):
                for line in e.corrections:
                    click.echo(f"  {line}", err=True)
                if e.account:  # (a second account written under the first's id: how to open it)
                    click.echo(f"  {e.account}", err=True)
            continue
        events += r.added
        if r.ruleset:  # (a hand this act opened: the code it is ruled under, and whence)
            codes[(r.ruleset, r.ruleset_from)] = codes.get((r.ruleset, r.ruleset_from), 0) + 1
        if r.added == r.total:
            new += 1
        elif r.added:
            extended += 1
        else:
            already += 1
        if not summary:
            if r.added:
                click.echo(f"{r.hand_id}: recorded {r.added} event{'s' if r.added != 1 else ''} ({r.total} in all)"
                           f"{views.ruled_under(r)}")
                # What the record itself lacks or holds amiss, said now rather than later by `score`.
                said = moment_projection.rulings_at(app.hand_events(r.hand_id))["irregularities"]
                for i in said:
                    if i["kind"] in RECORD_NOTICES:
                        click.echo(f"  note: {i['explanation']}")
            else:
                click.echo(f"{r.hand_id}: already stored, nothing new ({r.total} events)")
    if summary:
        click.echo(f"{len(files)} transcripts read: {new} hand{'s' if new != 1 else ''} recorded, {extended} "
                   f"extended, {already} already stored, {refused} refused; {events} "
                   f"event{'s' if events != 1 else ''} added (-v names each)")
        if codes:  # (the code of every hand opened, never silent)
            click.echo("the new hands are ruled under " + views.codes_said(codes))
    if refused:
        ctx.exit(1)


@main.command()
@click.argument("hand_id")
@click.argument("line")
@click.pass_context
@sentence
def add(ctx: click.Context, hand_id: str, line: str) -> None:
    """Append one event, written as a transcript line: handrec add dispute-17 'play W SA'."""
    from . import views

    r = app_of(ctx, writes=True).add(hand_id, line)
    click.echo(f"{r.hand_id}: event {r.total} recorded{views.ruled_under(r)}")


@main.command()
@click.argument("hand_id")
@click.argument("new_id")
@click.option("--at", "at", type=int, required=True, help="The last event the two accounts share.")
@click.pass_context
@sentence
def branch(ctx: click.Context, hand_id: str, new_id: str, at: int) -> None:
    """A second account of a hand, sharing its events 1..N: handrec branch dispute-17 --at 28 dispute-17-east."""
    r = app_of(ctx, writes=True).add(new_id, f"hand {new_id} branch={hand_id}@{at}")
    click.echo(f"{r.hand_id}: a second account of {hand_id}, sharing its events 1 to {at}; its own events "
               f"are numbered from {at + 1}")


@main.command()
@click.argument("first_id")
@click.argument("second_id")
@at_option("Both accounts after events 1..N (default: each whole).")
@json_option("The comparison as JSON (docs/json.md).")
@click.pass_context
@sentence
def compare(ctx: click.Context, first_id: str, second_id: str, at: int | None, as_json: bool) -> None:
    """Two accounts of one hand: where they part, and each ruling and the score under each."""
    from projections import compare as compare_projection

    from . import views

    app = app_of(ctx)
    refused = views.not_accounts_of_one_hand(first_id, second_id, app.accounts(first_id), app.accounts(second_id))
    if refused:  # (two unrelated hands, or one named twice, are not two accounts: the room says the same)
        raise UserError(f"{refused}.")
    c = compare_projection.compare(events_at(ctx, first_id, at), events_at(ctx, second_id, at), at)
    if as_json:
        click.echo(json.dumps(c, indent=2, ensure_ascii=False))
    else:
        click.echo(views.compare_text(c))


# The irregularities that say something of the record itself, told when it is recorded.
RECORD_NOTICES = ("no-contract", "short-hand")


def _check_author(author: str) -> None:
    """--by: who corrects the record, one word as a line's by=NAME is."""
    if author and len(author.split()) != 1:
        raise UserError(f"--by names the one who corrects in one word (e.g. TD or J.Smith), not '{author}'.")


def _correction_line(kind: str, event: int, reason: str, author: str, replacement: str = "") -> str:
    _check_author(author)
    if kind == "amend" and " -- " in reason:
        raise UserError("the reason of an amend cannot hold ' -- ', which ends the line it amends.")
    by = f" {written_by(author, reason if kind == 'strike' else replacement)}" if author else ""  # (as by= reads it)
    if kind == "strike":
        return f"strike {event}{by} {reason}"
    return f"amend {event}{by} {replacement} -- {reason}"


@main.command()
@click.argument("hand_id")
@click.argument("event", type=int)
@click.option("--reason", required=True, help="Why the event was recorded in error.")
@click.option("--by", "author", default="", help="Who corrects the record (one word: TD, J.Smith).")
@click.pass_context
@sentence
def strike(ctx: click.Context, hand_id: str, event: int, reason: str, author: str) -> None:
    """Event N was recorded in error: the rulings read the record without it (nothing is deleted)."""
    r = app_of(ctx, writes=True).add(hand_id, _correction_line("strike", event, reason, author))
    click.echo(f"{r.hand_id}: event {event} struck by event {r.total}")


@main.command()
@click.argument("hand_id")
@click.argument("amends", nargs=-1, required=True, metavar="N LINE [N LINE ...]")
@click.option("--reason", required=True, help="Why the event should have read LINE.")
@click.option("--by", "author", default="", help="Who corrects the record (one word: TD, J.Smith).")
@click.pass_context
@sentence
def amend(ctx: click.Context, hand_id: str, amends: tuple[str, ...], reason: str, author: str) -> None:
    """Event N should have read LINE: the rulings read the record so (nothing stored is changed).
    Several pairs are one act, checked together: two cards swapped between two events."""
    if len(amends) % 2:
        raise UserError("amend takes pairs: the event's number and the line it should have read, e.g. "
                        "handrec amend dispute-17 7 'play E S2' --reason '...'.")
    pairs = list(zip(amends[::2], amends[1::2]))
    for number, _ in pairs:
        if not number.isdigit():
            raise UserError(f"'{number}' is not the number of an event.")
    texts = [_correction_line("amend", int(n), reason, author, line) for n, line in pairs]
    r = app_of(ctx, writes=True).correct(hand_id, texts)
    done = ", ".join(n for n, _ in pairs)
    click.echo(f"{r.hand_id}: event{'s' if len(pairs) > 1 else ''} {done} amended "
               f"(event{'s' if len(pairs) > 1 else ''} {r.total - len(pairs) + 1}"
               f"{'-' + str(r.total) if len(pairs) > 1 else ''})")


@main.command()
@click.argument("hand_id")
@at_option()
@click.pass_context
@sentence
def show(ctx: click.Context, hand_id: str, at: int | None) -> None:
    """The table at that moment: the four hands, the tricks, then the rulings."""
    from . import views

    moment = moment_projection.at(events_at(ctx, hand_id, at), at)
    click.echo(views.show(moment))


@main.command()
@click.argument("hand_id")
@at_option()
@json_option("The rulings as JSON (docs/json.md).")
@click.pass_context
@sentence
def rulings(ctx: click.Context, hand_id: str, at: int | None, as_json: bool) -> None:
    """The rulings at that moment: revokes, their status, laws, penalties; other irregularities."""
    moment = moment_projection.at(events_at(ctx, hand_id, at), at)
    r = moment.rulings()
    said = moment_projection.statements(moment)
    if as_json:
        click.echo(json.dumps({**r, "statements": said}, indent=2, ensure_ascii=False))
    else:
        from . import views

        click.echo(f"hand {r['hand']} after event {r['at']} ({r['ruleset']})")
        click.echo(views.rulings_text(r))
        if said:
            click.echo(views.statements_text(said))


@main.command()
@click.argument("hand_id")
@json_option("The timeline as JSON.")
@click.pass_context
@sentence
def timeline(ctx: click.Context, hand_id: str, as_json: bool) -> None:
    """Every event with its number, and what it changed in the rulings."""
    from projections import timeline as timeline_projection

    rows = timeline_projection.timeline(events_at(ctx, hand_id, None))
    if as_json:
        click.echo(json.dumps(rows, indent=2, ensure_ascii=False))
    else:
        from . import views

        click.echo(views.timeline_text(rows))


@main.command()
@click.argument("hand_id")
@at_option()
@json_option("The score as JSON (docs/json.md).")
@click.pass_context
@sentence
def score(ctx: click.Context, hand_id: str, at: int | None, as_json: bool) -> None:
    """The hand's score, item by item with its law, revoke penalties applied (§2I)."""
    from projections import score as score_projection
    from projections.duplicate_score import board_facts

    from . import views

    events = events_at(ctx, hand_id, at)
    s = score_projection.score(moment_projection.at(events, at), board_facts(events))
    if as_json:
        click.echo(json.dumps(s, indent=2, ensure_ascii=False))
    else:
        click.echo(views.score_text(s))


@main.command(name="rubber")
@click.argument("name")
@json_option("The score sheet as JSON.")
@click.pass_context
@sentence
def rubber_sheet(ctx: click.Context, name: str, as_json: bool) -> None:
    """The score sheet of a rubber: the hands that name it (hand ID rubber=NAME), in order."""
    from projections import rubber as rubber_projection

    from . import views

    app = app_of(ctx)
    ids = app.rubber_hands(name)
    if not ids:
        raise UserError(f"no hand stored{in_store()} names the rubber '{name}' (write it on the hand line: hand ID "
                        f"rubber={name}).")
    sheet = rubber_projection.rubber(name, [moment_projection.at(app.hand_events(i)) for i in ids])
    if as_json:
        click.echo(json.dumps(sheet, indent=2, ensure_ascii=False))
    else:
        click.echo(views.rubber_text(sheet))


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
