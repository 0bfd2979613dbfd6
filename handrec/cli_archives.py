"""The `handrec` commands of archives: import, scan, the analysis database, a hand back as PBN, double dummy."""

from __future__ import annotations

import fnmatch
import json
import re
import sys
import time
from typing import Any, Callable, Sequence

import click

from projections import moment as moment_projection
from projections.rulings.state import RevokeKind
from formats.files import FileError
from recorder.store import Store

from . import views
from .cli_common import UserError, app_of, events_at, json_option, sentence


@click.command(name="import")
@click.argument("files", nargs=-1, required=True, type=click.Path())
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=1, show_default=True,
              help="Processes importing files side by side (each file in one process).")
@click.option("--ruleset", "ruleset", default=None, metavar="NAME",
              help="The ruleset of every new board (default: what the archive says; docs/archives.md).")
@click.pass_context
@sentence
def import_(ctx: click.Context, files: tuple[str, ...], jobs: int, ruleset: str | None) -> None:
    """Import recorded hands from PBN and LIN archives (files, or folders of them): each board a
    hand, refused boards named."""
    from bridge.rulesets import RULESETS
    from recorder.importer import archives_in, import_files, import_root

    if ruleset is not None:
        if ruleset.lower() not in RULESETS:
            raise UserError(f"--ruleset {ruleset}: not a known ruleset (known: {', '.join(RULESETS)}).")
        ruleset = ruleset.lower()
    try:
        root = import_root(files)  # (the folder the hands name their files from, said in the summary)
        files = tuple(archives_in(files))  # (a folder: its archives)
    except FileError as e:
        raise UserError(f"{e}.") from None
    app = app_of(ctx, writes=True)
    terminal = sys.stderr.isatty()  # a progress bar on a terminal; quiet otherwise
    progress = Progress(files if terminal else ())
    bar = click.progressbar(length=max(round(progress.work_total), 1), label="importing", file=sys.stderr,
                            hidden=not terminal, show_percent=False, show_pos=False, show_eta=False,
                            item_show_func=lambda _: progress.text())
    reading = [0]  # one process: the file being read, by its place in `files` (read in that order)

    def shown(board: Any) -> None:  # one process: as each board is read
        if terminal and board.lines and reading[0] < len(files):
            progress.board(files[reading[0]], max(line.lineno for line in board.lines),
                           counted=bool(board.hand_id))  # (a problem outside any board is no board)
            bar.update(round(progress.work_done) - bar.pos)

    def done(path: str) -> None:  # as each file is done (several processes: its boards too)
        if terminal:
            if jobs > 1:
                progress.files_done(path)
            else:
                progress.file_done(path)
                reading[0] += 1
            bar.update(round(progress.work_done) - bar.pos)

    try:
        with bar:
            report = import_files(app, list(files), on_board=shown if terminal else None, jobs=jobs,
                                  on_file=done if terminal else None, ruleset=ruleset, root=root)
            if terminal:  # (the boards counted ahead were a count, not a reading: the last says what was)
                progress.finish(report.boards)
                bar.update(bar.length - bar.pos)
    except FileError as e:
        raise UserError(f"{e}.") from None
    for refusal in report.refused:
        click.echo(f"handrec: {refusal}", err=True)
    click.echo(report.summary())
    if report.refused:
        ctx.exit(1)


class Progress:
    """What the import's progress bar says: the boards done and left, and the time left.

    Each file is read ahead once, a MiB at a time: its lines, its boards (a LIN file's deals,
    `md|`; a PBN file's games, each a block of tags after a blank line, the file's first with or
    without one: a game that gives no [Deal] takes the one before it, as a second table's does),
    and its work, what its boards cost to import: a PBN file's lines (a tag, four calls, four
    cards each), a LIN file's items (`pc|SA|`: a call, a card, a name each; a vugraph board with
    its play has five times the items of a robot's bidding set with none). The time left is the
    time so far scaled by the work left, at the pace of the work done: with lines alone, the
    bidding sets read first made the 9,000 vugraph boards of ../shared/realdata-3 look a quarter
    of their time (7 s said left where 40 s were)."""

    def __init__(self, files: Sequence[str], clock: Callable[[], float] = time.monotonic):
        self.lines: dict[str, int] = {}
        self.deals: dict[str, int] = {}
        self.work: dict[str, float] = {}
        for path in files:
            try:
                self.lines[path], self.deals[path], self.work[path] = _read_ahead(path)
            except OSError:
                pass
        self.lines_total = sum(self.lines.values())
        self.boards_total = sum(self.deals.values())
        self.work_total = sum(self.work.values())
        self.boards_done = 0
        self.work_done = 0.0
        self.finished = 0.0  # the work of the files read to their end
        self.clock = clock
        self.start = clock()

    def board(self, path: str, line: int, counted: bool = True) -> None:
        """A board read (one process) from `path`, up to its line `line`: the work done is the
        files before it, and this one's in the part of its lines read."""
        self.boards_done += counted
        lines = self.lines.get(path, 0)
        if lines:
            self.work_done = self.finished + self.work[path] * min(line / lines, 1.0)

    def file_done(self, path: str) -> None:
        """A file read to its end: its work done (and, several processes, its boards as counted
        ahead; one process counts them as they are read)."""
        self.finished += self.work.get(path, 0.0)
        self.work_done = self.finished

    def files_done(self, path: str) -> None:
        """A file imported by another process (several processes): its boards and work done."""
        self.boards_done += self.deals.get(path, 0)
        self.file_done(path)

    def finish(self, boards: int) -> None:
        """Every file read: the boards read, none left, no time left."""
        self.boards_done = self.boards_total = boards
        self.work_done = self.work_total

    def text(self) -> str:
        return progress_text(self.boards_done, max(self.boards_total - self.boards_done, 0),
                             self.seconds_left())

    def seconds_left(self) -> float | None:
        if not self.work_done or not self.work_total:
            return None
        done = min(self.work_done / self.work_total, 1.0)
        return (self.clock() - self.start) * (1 - done) / done


def _read_ahead(path: str) -> tuple[int, int, float]:
    """A file's lines, boards and work, as `Progress` counts them ahead (its docstring)."""
    lin = path.lower().endswith(".lin")
    lines = deals = items = games = 0
    tail = b""
    first_game = None  # (a PBN file: whether a tag stood before the first blank line then a tag)
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            lines += chunk.count(b"\n")
            if lin:
                both = (tail + chunk).lower()
                deals += both.count(b"md|") - tail.lower().count(b"md|")
                items += chunk.count(b"|")
                tail = chunk[-2:]
                continue
            both = tail + chunk.replace(b"\r", b"")
            games += both.count(b"\n\n[") - tail.count(b"\n\n[")
            if first_game is None:
                blank = both.find(b"\n\n[")
                head = both if blank < 0 else both[:blank + 1]
                if head.startswith(b"[") or b"\n[" in head:
                    first_game = True
                elif blank >= 0:
                    first_game = False
            tail = both[-2:]
    if lin:
        return lines, deals, items / 2
    return lines, games + bool(first_game), float(lines)


def progress_text(done: int, left: int, seconds: float | None) -> str:
    """`1,234 boards done, 11,766 left, 0:00:12 left` (the time left not yet known: no time)."""
    said = f"{done:,} board{'s' if done != 1 else ''} done, {left:,} left"
    if seconds is None:
        return said
    s = int(seconds + 0.5)
    return f"{said}, {s // 3600}:{s // 60 % 60:02}:{s % 60:02} left"


# `handrec list` with its filters.
@click.command(name="list")
@click.option("--like", "like", metavar="PATTERN",
              help="Only the ids that hold PATTERN (46850.lin/31), or match it with * and ? (*/31/Closed); "
                   "a space is written '_', as in the ids.")
@click.option("--file", "file", metavar="PATTERN",
              help="Only the hands whose archive file (as the import named it) holds or matches PATTERN.")
@click.option("--board", "board", metavar="N", help="Only the hands of that board (the archive's own number).")
@click.pass_context
@sentence
def list_hands(ctx: click.Context, like: str | None, file: str | None, board: str | None) -> None:
    """The ids of the stored hands (--like, --file, --board: only those that match)."""
    app = app_of(ctx)
    if file is None and board is None:
        ids = (hand_id for hand_id in app.iter_hand_ids() if like is None or matches(hand_id, id_pattern(like)))
    else:
        ids = (e.hand_id for e in app.opened_events()
               if (like is None or matches(e.hand_id, id_pattern(like)))
               and (file is None or matches(str((getattr(e, "source", None) or {}).get("file", "")), file))
               and (board is None or str((getattr(e, "source", None) or {}).get("board", "")).strip() == board.strip()))
    n = 0
    for hand_id in ids:
        n += 1
        click.echo(hand_id)
    if not n and (like, file, board) != (None, None, None):
        asked = " ".join(f"--{name} '{value}'" for name, value in (("like", like), ("file", file), ("board", board))
                         if value is not None)
        raise UserError(f"no stored hand matches {asked} (an archive's hand id is its file's folder and name, board "
                        "and room, each character other than a letter, a digit, '-', '_' and '.' written '_').")


def id_pattern(pattern: str) -> str:
    """A pattern of ids as the ids are spelt: a space (or any character an id does not hold but
    the wildcards * ? and the '/' between its parts) written '_' (`formats.archive.id_part`)."""
    return re.sub(r"[^A-Za-z0-9_./*?-]", "_", pattern)


def matches(text: str, pattern: str) -> bool:
    """Whether `text` holds `pattern` (its wildcards * ? matching any characters, any one); case aside."""
    text, pattern = text.lower(), pattern.lower()
    if "*" in pattern or "?" in pattern:
        return fnmatch.fnmatchcase(text, f"*{pattern}*")
    return pattern in text


@click.command()
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
        app_of(ctx)
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
        click.echo(f"{n} found" if n else ("no revoke and no other irregularity found" if irregularities
                                           else "no revoke found"))


@click.command(name="export")
@click.argument("database", type=click.Path(dir_okay=False))
@click.option("--batch", type=click.IntRange(1, 100_000), default=10_000, show_default=True,
              help="Events read and written a transaction.")
@click.pass_context
@sentence
def export_(ctx: click.Context, database: str, batch: int) -> None:
    """Write the analysis database (SQLite, made with sqlite-utils); a rerun writes only what is new."""
    from .export import ExportError, export, stopped

    app = app_of(ctx)
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
    except KeyboardInterrupt:  # (Ctrl-C: what the database holds, where click would say "Aborted!")
        click.echo(f"handrec: {stopped(database)}.", err=True)
        ctx.exit(130)
    click.echo(report.summary(database))
    for refusal in report.refusals():  # (a hand not written is named; the others are written)
        click.echo(f"handrec: {refusal}.", err=True)
    if report.not_written:
        ctx.exit(1)


@click.command(name="export-pbn")
@click.argument("hand_id")
@click.option("--transcript", is_flag=True, help="The hand as a transcript instead of PBN.")
@click.pass_context
@sentence
def export_pbn(ctx: click.Context, hand_id: str, transcript: bool) -> None:
    """A stored hand back as PBN (^R before an established revoke, the record's own ^R and ^L before the
    card they stood before), or as a transcript."""
    events = app_of(ctx).hand_events(hand_id)
    out = views.transcript_text(events) if transcript else views.pbn_text(events)
    # Exactly as stored, escape sequences in notes included (click strips them when not on a terminal).
    click.echo(out, nl=False, color=True)


@click.command(name="double-dummy")
@click.argument("hand_id")
@json_option("As JSON (docs/json.md).")
@click.pass_context
@sentence
def double_dummy_(ctx: click.Context, hand_id: str, as_json: bool) -> None:
    """What the cards allowed, double dummy: each claim's tricks, and what each revoke gained."""
    from . import double_dummy

    why = double_dummy.solver_missing()
    if why is not None:  # (its one answer: without the solver, a refusal, as JSON too)
        raise UserError(f"double dummy cannot be computed here: {why}.")
    events = events_at(ctx, hand_id, None)
    out: dict[str, Any] = {"hand": hand_id, "left_out": None, "claim": double_dummy.claim(events), "revokes": []}
    out["revokes"] = [{"seat": r["seat"], "trick": r["trick"], "card": r["card"], "event": r["event"],
                       **double_dummy.revoke_gain(events, r["seat"], r["trick"], r["event"])}
                      for r in moment_projection.at(events).rulings()["revokes"] if r["kind"] == RevokeKind.REVOKE]
    if as_json:
        click.echo(json.dumps(out, indent=2, ensure_ascii=False))
    else:
        click.echo(views.double_dummy_text(out))


COMMANDS = (import_, scan, export_, export_pbn, double_dummy_, list_hands)
