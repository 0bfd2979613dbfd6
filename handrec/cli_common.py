"""What every `handrec` command shares: one sentence for a user's error (`sentence`, `UserError`),
the recorder on the store (`app_of`), a hand's events read for the folds (`read_hand`,
`events_at`), and the options every reading command takes the same way (`at_option`,
`json_option`)."""

from __future__ import annotations

import errno
import functools
import os
import re
import sys
from typing import TYPE_CHECKING, Any, Callable

import click

from bridge.messages import TranscriptError
from recorder.errors import StoreError, UnknownHand
from recorder.store import Store

from . import reading

if TYPE_CHECKING:
    from recorder.application import HandRecorder


class UserError(click.ClickException):
    """One sentence on standard error, exit status 1."""

    def show(self, file: Any = None) -> None:
        click.echo(f"handrec: {self.format_message()}", err=True)


# The errors of a write that found no room: the disk full, the file too large, the quota spent.
_FULL = frozenset({errno.ENOSPC, errno.EFBIG, errno.EDQUOT})


def sentence(f: Callable) -> Callable:
    """Turn the errors a user can cause into one sentence, never a traceback."""

    @functools.wraps(f)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return f(*args, **kwargs)
        except (TranscriptError, StoreError) as e:
            raise UserError(str(e).rstrip(".") + ".") from None
        except UnknownHand as e:
            meant = stored_as(e.hand_id)
            if meant is not None:
                raise UserError(f"{e}{in_store()}; did you mean '{meant}'? (an id is matched exactly as "
                                f"stored, its letters' case too).") from None
            raise UserError(f"{e}{in_store()}; {unknown_hand_advice(e.hand_id)}.") from None
        except OSError as e:
            if e.errno not in _FULL:
                raise
            # The output could not be written (a full disk, `> /dev/full`): said once; what is
            # still buffered is dropped, not flushed again at exit to fail a second time.
            sys.stdout = open(os.devnull, "w", encoding="utf-8")
            raise UserError(f"the output cannot be written ({e.strerror or e}).") from None
        except UnicodeEncodeError as e:  # bytes in an argument that are not UTF-8 (a lone surrogate)
            raw = e.object[e.start:e.end].encode("utf-8", "surrogateescape")
            shown = "".join(f"\\x{b:02x}" for b in raw)
            raise UserError(f"the command line holds the byte{'s' if len(raw) > 1 else ''} {shown}, which "
                            f"{'are' if len(raw) > 1 else 'is'} not UTF-8 text.") from None
        except Exception as e:
            # A hand the score cannot be made of (only a command that imported the score can meet it).
            scoring = sys.modules.get("projections.score")
            if scoring is not None and isinstance(e, scoring.CannotScore):
                raise UserError(f"{e}.") from None
            # eventsourcing's PersistenceError, when the store failed under us (the server went
            # away, a lock; only a command that imported eventsourcing can meet one), or sqlite3's
            # own error from a store read straight (a corrupt file, met by scan's reader).
            persistence = sys.modules.get("eventsourcing.persistence")
            sqlite = sys.modules.get("sqlite3")
            if not ((persistence is not None and isinstance(e, persistence.PersistenceError))
                    or (sqlite is not None and isinstance(e, sqlite.Error))):
                raise
            obj = click.get_current_context().obj
            store = obj["app"].store if obj.get("app") else store_of(obj.get("store"))
            raise UserError((store.explain(e) if store else str(e)) + ".") from None

    return wrapper


def in_store() -> str:
    """' in STORE': the store the command looked in, as the user is told of it ('' if it cannot be named)."""
    obj = click.get_current_context().obj or {}
    store = obj["app"].store if obj.get("app") else store_of(obj.get("store"))
    return f" in {store.shown}" if store is not None else ""


# An archive's hand id: a part of it its file's name (`x/Fnoito25.pbn/17/Open`, BBO's lin_data files
# have no suffix but the id's shape), or a character an id never holds (a space: the file's name as
# written, which the id writes '_').
_ARCHIVE_ID = re.compile(r"(?i)\.(pbn|lin)(/|$)|[^A-Za-z0-9_./-]")


def as_an_id(hand_id: str) -> str:
    """A hand id as an import spells an archive's (`formats.archive.id_part`): each character other
    than a letter, a digit, '-', '_' and '.' written '_'."""
    from formats.archive import id_part  # (asked only of an id not stored: no import at start-up)

    return "/".join(id_part(part) for part in hand_id.split("/"))


def stored_as(hand_id: str) -> str | None:
    """The stored hand this id names but for its letters' case, or its spelling as an id
    (`as_an_id`), when an SQLite store holds one; None otherwise, or when the store cannot say."""
    try:
        obj = click.get_current_context().obj or {}
        store = obj["app"].store if obj.get("app") else store_of(obj.get("store"))
        reader = store.reader() if store is not None else None
        if reader is None:
            return None
        wanted = {hand_id.lower(), as_an_id(hand_id).lower()}
        with reader:
            return next((h for h in reader.hand_ids() if h.lower() in wanted and h != hand_id), None)
    except Exception:  # (the error being said is the unknown hand: no second one in its place)
        return None


def unknown_hand_advice(hand_id: str) -> str:
    """What to do about a hand id not stored: for an archive's id, import the archive, its id
    spelt as the import spells it (`formats.archive.id_part`: a space written '_'), and `handrec
    list --like` to find it; else record or start a transcript."""
    if _ARCHIVE_ID.search(hand_id):
        spelt = as_an_id(hand_id)
        as_spelt = f" (as an id spells it: '{spelt}')" if spelt != hand_id else ""
        return (f"an archive's board is stored by 'handrec import FILE', its id its file's folder and name, board "
                f"and room, each character other than a letter, a digit, '-', '_' and '.' written '_'{as_spelt}; "
                f"'handrec list --like PART' finds a stored one")
    return (f"record it first with 'handrec record FILE', or start it with "
            f"'handrec add {hand_id} \"hand {hand_id}\"'")


def store_of(url: str | None) -> Any:
    """The store named on the command line, to say its failure in its words (None if it has none)."""
    from recorder.store import Store

    try:
        return Store.parse(url)
    except StoreError:
        return None


def app_of(ctx: click.Context, writes: bool = False) -> HandRecorder:
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


def read_hand(ctx: click.Context, hand_id: str) -> list[Any]:
    """The hand's events for the folds. From an SQLite store, its rows read and made into the
    folds' events directly (`Store.read_hand`): eventsourcing and the domain model, whose imports
    were most of a read command's time, are not needed. Otherwise, or when the rows are not read
    so, the application's events (the folds make them into the same)."""
    read = Store.parse(ctx.obj["store"]).read_hand if "app" not in ctx.obj else None
    return reading.hand_events(read, hand_id, lambda h: app_of(ctx).hand_events(h))


def events_at(ctx: click.Context, hand_id: str, at: int | None) -> list[Any]:
    events = read_hand(ctx, hand_id)
    if at is not None and not 1 <= at <= len(events):
        raise UserError(f"--at {at} is outside hand '{hand_id}', which has events 1 to {len(events)}.")
    return events
