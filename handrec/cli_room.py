"""The `handrec` commands of the review room and the ruling report: report, review, serve."""

from __future__ import annotations

import gc
import os

import click

from recorder.store import Store

from .cli_common import UserError, app_of, at_option, events_at, sentence


@click.command()
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
    # holding the latest finding of fact; else the one asked), the other accounts beside it. A report
    # at an event (--at N) is on the account asked, as it stood at its event N: a finding made later
    # was not there then, and N is that account's own number.
    app = app_of(ctx)
    family = app.accounts(hand_id)
    found = app.found_account(hand_id) if len(family) > 1 and at is None else None
    shown = found[0] if found else hand_id
    events = events_at(ctx, shown, at)  # (a number outside the hand is refused here, in one sentence)
    others = [(account, app.hand_events(account)) for account in family if account != shown]
    if shown != hand_id:
        click.echo(f"{hand_id}: the director found the facts as account {shown} tells them (its event "
                   f"{found[1]}): the report is on that record")  # type: ignore[index]
    try:
        click.echo(write_report(events, at, output, paper.lower(), others, store_file(ctx)))
    except ReportError as e:
        raise UserError(f"{e}.") from None


@click.command()
@click.argument("hand_id")
@click.option("-o", "--output", "output", type=click.Path(dir_okay=False), required=True,
              help="The HTML file to write.")
@at_option("The event the page opens at (default: the last).")
@click.pass_context
@sentence
def review(ctx: click.Context, hand_id: str, output: str, at: int | None) -> None:
    """One self-contained HTML file of the hand: step through it in a browser, no server, no network."""
    from projections.replay import replay
    from projections.report import beside_the_others

    from .review.page import hand_page

    from .written import NotWritten, check_target, write_whole

    try:
        check_target(output, store_file(ctx))
        events = events_at(ctx, hand_id, at)
        app = app_of(ctx)
        accounts = app.accounts(hand_id)  # (the hand's other accounts: named in the file)
        others = [(a, app.hand_events(a)) for a in accounts if a != hand_id]
        data = hand_page(replay(events), at, standalone=True, accounts=accounts,
                         **beside_the_others(hand_id, app.hand_events(hand_id), others)).encode("utf-8")
        done = write_whole(output, data, store_file(ctx))  # (whole or not at all: handrec.written)
    except NotWritten as e:
        raise UserError(f"{e}.") from None
    click.echo(f"{hand_id}: {len(events)} events written to {output} ({done.size // 1024} KiB){done.said()}")


def store_file(ctx: click.Context) -> str | None:
    """The SQLite file the command reads (None for PostgreSQL): a file it writes is never that one."""
    store = Store.parse(ctx.obj["store"])
    return store.env.get("SQLITE_DBNAME") if store.kind == "sqlite" else None


@click.command()
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
@click.option("--officials", "officials_file", type=click.Path(dir_okay=False), default=None,
              help="A file naming the room's officials, one a line: NAME TOKEN. Only an official's own login "
                   "records a finding, an adjudication, an adjusted score or an appeal's decision, in his name.")
@click.pass_context
@sentence
def serve(ctx: click.Context, host: str, port: int, token: str | None, token_file: str | None,
          allow_host: tuple[str, ...], read_only: bool, officials_file: str | None) -> None:
    """The store's hands in a browser: step through each, read the rulings, record from the page."""
    import uvicorn

    from .review.connections import BoundedProtocol
    from .review.guard import Hosts
    from .review.binding import ServeError, check_binding, read_token
    from .review.officials import Officials, OfficialsError
    from .review.server import ReviewRoom

    try:
        if token is not None:
            click.echo("handrec: --token shows the token to every user of this machine (in the process list); "
                       "--token-file or HANDREC_TOKEN keeps it out of sight.", err=True)
        token = read_token(token, token_file, os.environ.get("HANDREC_TOKEN"))
        check_binding(host, token)
        officials = Officials.read(officials_file, token)
    except (ServeError, OfficialsError) as e:
        raise UserError(f"{e}.") from None
    room = ReviewRoom(app_of(ctx, writes=not read_only), token=token, read_only=read_only, hosts=Hosts.of(host, allow_host),
                      officials=officials)
    shown = f"[{host}]" if ":" in host else host
    # The connections bounded (review/connections.py): how many at once, how long and how large a
    # request's head may be, an idle one kept at most 5 s.
    config = uvicorn.Config(room.asgi(), host=host, port=port, log_level="warning", access_log=False,
                            timeout_keep_alive=5, http=BoundedProtocol)
    server = uvicorn.Server(config)
    mode = "read-only" if read_only else ("writes need the token" if token else "reading and recording")
    click.echo(f"handrec: serving {app_of(ctx).store_name} at http://{shown}:{port}/ ({mode}; Ctrl-C stops)")
    # What the room is made of at its start (its modules and settings: some 38,000 objects; its
    # templates are compiled at their first page, after) lives as long as it does: kept out of the
    # collector's sight, a collection while a page is made walks only what the pages made (5,000
    # objects, not 43,000; the collector's time over 150 first views of a hand of 84 events, 0.20 ms
    # a page on average before, 0.11 ms after). (A frozen object that became cyclic garbage would
    # never be freed: the room's own modules and settings do not.)
    gc.collect()
    gc.freeze()
    server.run()


COMMANDS = (report, review, serve)
