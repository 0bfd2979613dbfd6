"""The `handrec` command: it parses, calls the recorder or a projection, and prints.

Each command is a new process, and a director runs the read commands one after another: what is
imported here at the top is what every command needs. The recorder application (eventsourcing,
the domain model) is imported by the commands that write or walk the store; `show`, `rulings`,
`timeline` and `score` read a hand's rows from an SQLite store directly (`_read`).
"""

from __future__ import annotations

import codecs
import functools
import json
import os
import sys
from typing import TYPE_CHECKING, Any, Callable

import click

from bridge.lines import TranscriptError
from projections import moment as moment_projection
from projections import score as score_projection
from projections import timeline as timeline_projection
from recorder.files import FileError, read_transcript
from recorder.errors import StoreError, UnknownHand
from recorder.store import Store

from . import views
from . import reading

if TYPE_CHECKING:
    from recorder.application import HandRecorder


class UserError(click.ClickException):
    """One sentence on standard error, exit status 1."""

    def show(self, file: Any = None) -> None:
        click.echo(f"handrec: {self.format_message()}", err=True)


def sentence(f: Callable) -> Callable:
    """Turn the errors a user can cause into one sentence, never a traceback."""

    @functools.wraps(f)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return f(*args, **kwargs)
        except (TranscriptError, StoreError) as e:
            raise UserError(str(e).rstrip(".") + ".") from None
        except UnknownHand as e:
            raise UserError(f"{e}; record it first with 'handrec record FILE', or start it with "
                            f"'handrec add {e.hand_id} \"hand {e.hand_id}\"'.") from None
        except score_projection.CannotScore as e:
            raise UserError(f"{e}.") from None
        except UnicodeEncodeError as e:  # bytes in an argument that are not UTF-8 (a lone surrogate)
            raw = e.object[e.start:e.end].encode("utf-8", "surrogateescape")
            shown = "".join(f"\\x{b:02x}" for b in raw)
            raise UserError(f"the command line holds the byte{'s' if len(raw) > 1 else ''} {shown}, which "
                            f"{'are' if len(raw) > 1 else 'is'} not UTF-8 text.") from None
        except Exception as e:
            # eventsourcing's PersistenceError, when the store failed under us (the server went
            # away, a lock; only a command that imported eventsourcing can meet one), or sqlite3's
            # own error from a store read straight (a corrupt file, met by scan's reader).
            persistence = sys.modules.get("eventsourcing.persistence")
            sqlite = sys.modules.get("sqlite3")
            if not ((persistence is not None and isinstance(e, persistence.PersistenceError))
                    or (sqlite is not None and isinstance(e, sqlite.Error))):
                raise
            obj = click.get_current_context().obj
            store = obj["app"].store if obj.get("app") else _store_of(obj.get("store"))
            raise UserError((store.explain(e) if store else str(e)) + ".") from None

    return wrapper


def _store_of(url: str | None) -> Any:
    """The store named on the command line, to say its failure in its words (None if it has none)."""
    from recorder.store import Store

    try:
        return Store.parse(url)
    except StoreError:
        return None


@click.group()
@click.option("--store", envvar="HANDREC_STORE", default=None, metavar="URL",
              help="The event store: a path or sqlite:///PATH (default hands.db here). Also HANDREC_STORE.")
@click.version_option(package_name="handrec")
@click.pass_context
def main(ctx: click.Context, store: str | None) -> None:
    """Record bridge hands act by act and read the 1912 laws' rulings on revokes at any event."""
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


def _app(ctx: click.Context, writes: bool = False) -> HandRecorder:
    """The recorder on the store. A command that only reads makes nothing in the store (a
    PostgreSQL role that may only read runs it); one that `writes` makes the tables on first use."""
    if "app" not in ctx.obj:
        from recorder.application import HandRecorder

        ctx.obj["app"] = HandRecorder(ctx.obj["store"], reads_only=not writes)
    return ctx.obj["app"]


def at_option(help: str = "After events 1..N (default: all).") -> Callable:
    """--at N: the one option of every command that reads a hand at a moment."""
    return click.option("--at", "at", type=int, default=None, help=help)


def json_option(help: str = "As JSON (docs/json.md).") -> Callable:
    """--json: the one option of every command that can answer in JSON."""
    return click.option("--json", "as_json", is_flag=True, help=help)


def _read(ctx: click.Context, hand_id: str) -> list[Any]:
    """The hand's events for the folds. From an SQLite store, its rows read and made into the
    folds' events directly (`Store.read_hand`): eventsourcing and the domain model, whose imports
    were most of a read command's time, are not needed. Otherwise, or when the rows are not read
    so, the application's events (the folds make them into the same)."""
    read = Store.parse(ctx.obj["store"]).read_hand if "app" not in ctx.obj else None
    return reading.hand_events(read, hand_id, lambda h: _app(ctx).hand_events(h))


def _events(ctx: click.Context, hand_id: str, at: int | None) -> list[Any]:
    events = _read(ctx, hand_id)
    if at is not None and not 1 <= at <= len(events):
        raise UserError(f"--at {at} is outside hand '{hand_id}', which has events 1 to {len(events)}.")
    return events


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

    if amend and not reason:
        raise UserError("record --amend corrects the stored record: say why with --reason TEXT.")
    _check_author(author)
    app = _app(ctx, writes=True)
    refused = new = extended = already = events = 0
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
            continue
        events += r.added
        if r.added == r.total:
            new += 1
        elif r.added:
            extended += 1
        else:
            already += 1
        if not summary:
            if r.added:
                click.echo(f"{r.hand_id}: recorded {r.added} event{'s' if r.added != 1 else ''} ({r.total} in all)")
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
    if refused:
        ctx.exit(1)


@main.command()
@click.argument("hand_id")
@click.argument("line")
@click.pass_context
@sentence
def add(ctx: click.Context, hand_id: str, line: str) -> None:
    """Append one event, written as a transcript line: handrec add dispute-17 'play W SA'."""
    r = _app(ctx, writes=True).add(hand_id, line)
    click.echo(f"{r.hand_id}: event {r.total} recorded")


@main.command()
@click.argument("hand_id")
@click.argument("new_id")
@click.option("--at", "at", type=int, required=True, help="The last event the two accounts share.")
@click.pass_context
@sentence
def branch(ctx: click.Context, hand_id: str, new_id: str, at: int) -> None:
    """A second account of a hand, sharing its events 1..N: handrec branch dispute-17 --at 28 dispute-17-east."""
    r = _app(ctx, writes=True).add(new_id, f"hand {new_id} branch={hand_id}@{at}")
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

    c = compare_projection.compare(_events(ctx, first_id, at), _events(ctx, second_id, at), at)
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
    by = f" by={author}" if author else ""
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
    r = _app(ctx, writes=True).add(hand_id, _correction_line("strike", event, reason, author))
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
    r = _app(ctx, writes=True).correct(hand_id, texts)
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
    moment = moment_projection.at(_events(ctx, hand_id, at), at)
    click.echo(views.show(moment))


@main.command()
@click.argument("hand_id")
@at_option()
@json_option("The rulings as JSON (docs/json.md).")
@click.pass_context
@sentence
def rulings(ctx: click.Context, hand_id: str, at: int | None, as_json: bool) -> None:
    """The rulings at that moment: revokes, their status, laws, penalties; other irregularities."""
    moment = moment_projection.at(_events(ctx, hand_id, at), at)
    r = moment.rulings()
    said = moment_projection.statements(moment)
    if as_json:
        click.echo(json.dumps({**r, "statements": said}, indent=2, ensure_ascii=False))
    else:
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
    rows = timeline_projection.timeline(_events(ctx, hand_id, None))
    if as_json:
        click.echo(json.dumps(rows, indent=2, ensure_ascii=False))
    else:
        click.echo(views.timeline_text(rows))


@main.command()
@click.argument("hand_id")
@at_option()
@json_option("The score as JSON (docs/json.md).")
@click.pass_context
@sentence
def score(ctx: click.Context, hand_id: str, at: int | None, as_json: bool) -> None:
    """The hand's score, item by item with its law, revoke penalties applied (§2I)."""
    from projections.duplicate_score import board_facts

    events = _events(ctx, hand_id, at)
    s = score_projection.score(moment_projection.at(events, at), board_facts(events))
    if as_json:
        click.echo(json.dumps(s, indent=2, ensure_ascii=False))
    else:
        click.echo(views.score_text(s))


@main.command(name="double-dummy")
@click.argument("hand_id")
@json_option("As JSON (docs/json.md).")
@click.pass_context
@sentence
def double_dummy_(ctx: click.Context, hand_id: str, as_json: bool) -> None:
    """What the cards allowed, double dummy: each claim's tricks, and what each revoke gained."""
    from . import double_dummy

    events = _events(ctx, hand_id, None)
    why = double_dummy.unavailable()
    out: dict[str, Any] = {"hand": hand_id, "left_out": why, "claim": None, "revokes": []}
    if why is None:
        out["claim"] = double_dummy.claim(events)
        out["revokes"] = [{"seat": r["seat"], "trick": r["trick"], "card": r["card"], "event": r["event"],
                           **double_dummy.revoke_gain(events, r["seat"], r["trick"], r["event"])}
                          for r in moment_projection.at(events).rulings()["revokes"] if r["kind"] == "revoke"]
    if as_json:
        click.echo(json.dumps(out, indent=2, ensure_ascii=False))
    else:
        click.echo(views.double_dummy_text(out))


@main.command(name="rubber")
@click.argument("name")
@json_option("The score sheet as JSON.")
@click.pass_context
@sentence
def rubber_sheet(ctx: click.Context, name: str, as_json: bool) -> None:
    """The score sheet of a rubber: the hands that name it (hand ID rubber=NAME), in order."""
    from projections import rubber as rubber_projection

    app = _app(ctx)
    ids = app.rubber_hands(name)
    if not ids:
        raise UserError(f"no stored hand names the rubber '{name}' (write it on the hand line: hand ID rubber={name}).")
    sheet = rubber_projection.rubber(name, [moment_projection.at(app.hand_events(i)) for i in ids])
    if as_json:
        click.echo(json.dumps(sheet, indent=2, ensure_ascii=False))
    else:
        click.echo(views.rubber_text(sheet))


@main.command(name="import")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=1, show_default=True,
              help="Processes importing files side by side (each file in one process).")
@click.option("--ruleset", "ruleset", default=None, metavar="NAME",
              help="The ruleset of every new board (default: what the archive says; docs/archives.md).")
@click.pass_context
@sentence
def import_(ctx: click.Context, files: tuple[str, ...], jobs: int, ruleset: str | None) -> None:
    """Import recorded hands from PBN and LIN archives: each board a hand, refused boards named."""
    from bridge.rulesets import RULESETS
    from recorder.importer import import_files

    if ruleset is not None:
        if ruleset.lower() not in RULESETS:
            raise UserError(f"--ruleset {ruleset}: not a known ruleset (known: {', '.join(RULESETS)}).")
        ruleset = ruleset.lower()
    app = _app(ctx, writes=True)
    lines: dict[str, int] = {}
    terminal = sys.stderr.isatty()  # a progress bar on a terminal, by lines of the files; quiet otherwise
    if terminal:
        for path in files:
            try:
                with open(path, "rb") as f:
                    lines[path] = sum(chunk.count(b"\n") for chunk in iter(lambda: f.read(1 << 20), b""))
            except OSError:
                pass
    bar = click.progressbar(length=max(sum(lines.values()), 1), label="importing", file=sys.stderr,
                            hidden=not terminal)
    reached: dict[str, int] = {}

    def shown(board: Any) -> None:  # one process: as each board is read
        if terminal and board.lines:
            file, last = board.source.get("file", ""), max(line.lineno for line in board.lines)
            bar.update(max(0, last - reached.get(file, 0)))
            reached[file] = max(last, reached.get(file, 0))

    def done(path: str) -> None:  # several processes: as each file is done
        if terminal and jobs > 1:
            bar.update(lines.get(path, 0))

    try:
        with bar:
            report = import_files(app, list(files), on_board=shown if terminal else None, jobs=jobs,
                                  on_file=done if terminal else None, ruleset=ruleset)
    except FileError as e:
        raise UserError(f"{e}.") from None
    for refusal in report.refused:
        click.echo(f"handrec: {refusal}", err=True)
    click.echo(report.summary())
    if report.refused:
        ctx.exit(1)


@main.command()
@json_option("A JSON list, one object a revoke (docs/json.md).")
@click.option("--irregularities", is_flag=True, help="Also list the other irregularities.")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=1, show_default=True,
              help="Processes folding the hands side by side (the output is the same).")
@click.option("--double-dummy", "double_dummy", is_flag=True,
              help="Say what each revoke gained, double dummy (pip install 'handrec[dds]').")
@click.pass_context
@sentence
def scan(ctx: click.Context, as_json: bool, irregularities: bool, jobs: int, double_dummy: bool) -> None:
    """Every revoke in every stored hand, with its source."""
    from .scanning import scan_rows

    store = Store.parse(ctx.obj["store"])
    reader = store.reader()
    if reader is None:  # (the application says what is wrong with a store it cannot open)
        _app(ctx)
    else:
        reader.close()
        store.probe()  # (an SQLite file that is another program's is refused here as everywhere)
    if double_dummy:
        from .double_dummy import unavailable

        why = unavailable()
        if why is not None:
            click.echo(f"handrec: {why}.", err=True)
            double_dummy = False
    rows = scan_rows(ctx.obj["store"], irregularities, jobs, app=ctx.obj.get("app"), double_dummy=double_dummy)
    if as_json:
        click.echo("[", nl=False)
        for i, row in enumerate(rows):
            click.echo(("," if i else "") + "\n  " + json.dumps(row, ensure_ascii=False), nl=False)
        click.echo("\n]")
    else:
        n = 0
        for row in rows:
            n += 1
            click.echo(views.scan_line(row))
        click.echo(f"{n} found" if n else "no revoke found")


@main.command(name="export")
@click.argument("database", type=click.Path(dir_okay=False))
@click.option("--batch", type=click.IntRange(1, 100_000), default=500, show_default=True,
              help="Events read and written a transaction.")
@click.pass_context
@sentence
def export_(ctx: click.Context, database: str, batch: int) -> None:
    """Write the analysis database (SQLite, made with sqlite-utils); a rerun writes only what is new."""
    from .export import ExportError, export

    app = _app(ctx)
    terminal = sys.stderr.isatty()  # a progress bar on a terminal, by events; quiet otherwise
    bar = click.progressbar(length=max(app.recorder.max_notification_id() or 0, 1) if terminal else 1,
                            label="exporting", file=sys.stderr, hidden=not terminal)
    done = {"n": 0}

    def shown(report: Any) -> None:
        bar.update(report.notifications - done["n"])
        done["n"] = report.notifications

    try:
        with bar:
            report = export(app, database, app.store_name, batch=batch, on_batch=shown if terminal else None)
    except ExportError as e:
        raise UserError(f"{e}.") from None
    click.echo(report.summary(database))


@main.command(name="export-pbn")
@click.argument("hand_id")
@click.option("--transcript", is_flag=True, help="The hand as a transcript instead of PBN.")
@click.pass_context
@sentence
def export_pbn(ctx: click.Context, hand_id: str, transcript: bool) -> None:
    """A stored hand back as PBN (^R before an established revoke), or as a transcript."""
    events = _app(ctx).hand_events(hand_id)
    out = views.transcript_text(events) if transcript else views.pbn_text(events)
    # Exactly as stored, escape sequences in notes included (click strips them when not on a terminal).
    click.echo(out, nl=False, color=True)


@main.command(name="list")
@click.pass_context
@sentence
def list_hands(ctx: click.Context) -> None:
    """The ids of the stored hands."""
    for hand_id in _app(ctx).hand_ids():
        click.echo(hand_id)


@main.command()
@click.argument("hand_id")
@click.option("-o", "--output", "output", type=click.Path(dir_okay=False), required=True,
              help="The file to write: FILE.html (prints whole from a browser) or FILE.pdf (printed by Chromium).")
@at_option("The event the ruling is made at (default: the last).")
@click.option("--paper", type=click.Choice(["a4", "letter"], case_sensitive=False), default="a4", show_default=True,
              help="The paper it prints on.")
@click.pass_context
@sentence
def report(ctx: click.Context, hand_id: str, output: str, at: int | None, paper: str) -> None:
    """The director's ruling report of a hand: the occasion, the deal, the play trick by trick, the
    facts, each ruling with its laws, the score, and the fingerprint of the record it rests on."""
    from .report import ReportError, write_report

    # A hand told as two accounts: the report is on the record the director found (the account
    # holding the latest finding of fact; else the one asked), the other accounts beside it.
    app = _app(ctx)
    family = app.accounts(hand_id)
    found = app.found_account(hand_id) if len(family) > 1 else None
    shown = found[0] if found else hand_id
    events = _events(ctx, shown, at)  # (a number outside the hand is refused here, in one sentence)
    others = [(account, app.hand_events(account)) for account in family if account != shown]
    if shown != hand_id:
        click.echo(f"{hand_id}: the director found the facts as account {shown} tells them (its event "
                   f"{found[1]}): the report is on that record")  # type: ignore[index]
    try:
        click.echo(write_report(events, at, output, paper.lower(), others))
    except ReportError as e:
        raise UserError(f"{e}.") from None


@main.command()
@click.argument("hand_id")
@click.option("-o", "--output", "output", type=click.Path(dir_okay=False, writable=True), required=True,
              help="The HTML file to write.")
@at_option("The event the page opens at (default: the last).")
@click.pass_context
@sentence
def review(ctx: click.Context, hand_id: str, output: str, at: int | None) -> None:
    """One self-contained HTML file of the hand: step through it in a browser, no server, no network."""
    from projections.replay import replay

    from .review.page import hand_page

    events = _events(ctx, hand_id, at)
    html = hand_page(replay(events), at, standalone=True)
    try:
        with open(output, "w", encoding="utf-8") as f:
            f.write(html)
    except OSError as e:
        raise UserError(f"{output}: cannot be written ({e.strerror or e}).") from None
    click.echo(f"{hand_id}: {len(events)} events written to {output} ({len(html.encode('utf-8')) // 1024} KiB)")


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The address to listen on; any but this machine's own needs a token.")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True)
@click.option("--token", default=None,
              help="The secret a browser gives (on /login) before it may record. Every user of this machine "
                   "sees it in the process list: prefer --token-file or HANDREC_TOKEN.")
@click.option("--token-file", type=click.Path(dir_okay=False), default=None,
              help="A file whose first line is the token.")
@click.option("--allow-host", multiple=True, metavar="NAME",
              help="A host name the server answers to besides its numeric addresses and localhost "
                   "(as browsers reach it: club.example.org). Repeatable.")
@click.option("--read-only", is_flag=True, help="Refuse every write: the hands can be looked at, not recorded.")
@click.pass_context
@sentence
def serve(ctx: click.Context, host: str, port: int, token: str | None, token_file: str | None,
          allow_host: tuple[str, ...], read_only: bool) -> None:
    """The store's hands in a browser: step through each, read the rulings, record from the page."""
    import uvicorn

    from .review.connections import BoundedProtocol
    from .review.guard import Hosts
    from .review.server import ReviewRoom, ServeError, check_binding, read_token

    try:
        if token is not None:
            click.echo("handrec: --token shows the token to every user of this machine (in the process list); "
                       "--token-file or HANDREC_TOKEN keeps it out of sight.", err=True)
        token = read_token(token, token_file, os.environ.get("HANDREC_TOKEN"))
        check_binding(host, token)
    except ServeError as e:
        raise UserError(f"{e}.") from None
    room = ReviewRoom(_app(ctx, writes=not read_only), token=token, read_only=read_only, hosts=Hosts.of(host, allow_host))
    shown = f"[{host}]" if ":" in host else host
    # The connections bounded (review/connections.py): how many at once, how long and how large a
    # request's head may be, an idle one kept at most 5 s.
    config = uvicorn.Config(room.asgi(), host=host, port=port, log_level="warning", access_log=False,
                            timeout_keep_alive=5, http=BoundedProtocol)
    server = uvicorn.Server(config)
    mode = "read-only" if read_only else ("writes need the token" if token else "reading and recording")
    click.echo(f"handrec: serving {_app(ctx).store_name} at http://{shown}:{port}/ ({mode}; Ctrl-C stops)")
    server.run()


def _store_after(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    """`--store` given after the command (`handrec rulings X --store db`) counts as given before it."""
    if value is not None:
        ctx.find_root().obj["store"] = value


for _command in main.commands.values():
    _command.params.append(click.Option(["--store"], metavar="URL", default=None, expose_value=False,
                                        callback=_store_after, is_eager=True,
                                        help="The event store (as before the command)."))


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
