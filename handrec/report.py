"""`handrec report`: the ruling report (`projections.report`) written as one HTML document that
prints whole on A4 or US Letter, or as its PDF, printed by Chromium (the browser's own print, run
headless: no other PDF library to install); with the fingerprint of the record it rests on.

The fingerprint is the SHA-256 of the record's transcript as `handrec export-pbn ID --transcript`
prints it (every event's line, in order, each ended by a newline), so that a committee can check
that the record did not change after the ruling with `handrec export-pbn ID --transcript | sha256sum`.
"""

from __future__ import annotations

import base64
import contextlib
import fcntl
import hashlib
import json
import os
import select
import shutil
import stat
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any, Sequence

from bridge.cards import SEAT_NAMES, SUIT_NAMES
from bridge.rulesets import RULESETS
from projections.codes import code_of
from projections.report import printable, report
from projections.rulings.state import RevokeStatus

from .review.page import ENV, csp_sha256, static_text
from . import chromium_switches, wording, written
from .double_dummy import transfer_equity, unavailable
from .views import ruling_words, score_words

PAPERS = {"a4": "A4", "letter": "letter"}
PDF_SECONDS = 120


class ReportError(ValueError):
    """The report cannot be written: one sentence."""


def fingerprint(events: Sequence[Any]) -> dict[str, Any]:
    """A record's number of events and the SHA-256 of its transcript (each event's line and a newline:
    what `handrec export-pbn ID --transcript` prints, docs/report.md)."""
    text = "".join(e.line + "\n" for e in events)
    return {"events": len(events), "sha256": hashlib.sha256(text.encode("utf-8")).hexdigest()}


def report_html(events: Sequence[Any], n: int | None = None, paper: str = "a4",
                others: Sequence[tuple[str, Sequence[Any]]] = ()) -> str:
    r = printable(report(events, n, others))  # (bounded for print, whatever the record holds)
    if code_of(r["ruleset"]).equity_law:  # L64C: where the transfer may fall short, the aid double dummy gives
        shown = list(events)[:n] if n is not None else list(events)
        for v in r["revokes"]:
            if v["status"] == RevokeStatus.ESTABLISHED and v.get("transfer"):
                # (a filed document says nothing to the program's user: where the solver is not
                # here, the aid was not computed, and the report says only that)
                v["l64c_aid"] = {"left_out": "not computed for this report"} if unavailable() else \
                    transfer_equity(shown, v)
    style = static_text("report.css") + f"\n@page {{ size: {PAPERS[paper]}; }}\n"
    ruleset = RULESETS.get(r["ruleset"])
    return ENV.get_template("report.html").render(
        r=r, style=style, style_hash=csp_sha256(style),
        # each account's fingerprint, the report's record first: the report quotes them all
        fingerprints=[(r["hand"], fingerprint(events)), *((account, fingerprint(e)) for account, e in others)],
        code_name=getattr(ruleset, "title", None) or r["ruleset"],
        seat_names=SEAT_NAMES, suit_names=SUIT_NAMES, symbols=wording.SYMBOLS, words=wording,
        ruling_words=ruling_words, ranks=wording.ranks, card=wording.card_text, bid=wording.call_text, act_said=wording.act_said, alert_said=wording.alert_said, score_words=score_words,
        who_said=_who_said, sheet=_sheet, appealable=code_of(r["ruleset"]).family.rulings_appealable)


def _who_said(by: str, players: dict[str, str]) -> str:
    """Who made a statement, with his seat where the record says it (a player's name, a seat)."""
    if not by:
        return "A note"
    seat = next((s for s, name in players.items() if name and name == by), None)
    if seat is None and by in SEAT_NAMES.values():
        return by
    return f"{by} ({SEAT_NAMES[seat]})" if seat else by


def _sheet(score: dict[str, Any], side: str) -> str:
    if "score" in score:  # a duplicate board: one number a side
        return f"{score['score'][side]:+d}"
    col = score[side]
    return f"trick {col['trick']}, honor {col['honor']}"


def write_report(events: Sequence[Any], n: int | None, output: str, paper: str = "a4",
                 others: Sequence[tuple[str, Sequence[Any]]] = (), store: str | None = None) -> str:
    """Write the report to `output` (.html or .pdf) whole, or nothing (`handrec.written`: never
    through a link, onto a FIFO, onto `store` — the SQLite file the command reads — or onto any
    database; an earlier report kept until the new one is whole); what was written, in one sentence.
    `others`: the hand's other accounts (id, events), shown beside it."""
    if not output.lower().endswith((".html", ".htm", ".pdf")):
        raise ReportError(f"{output}: a report is written as HTML or as PDF: name the file .html or .pdf")
    try:
        written.check_target(output, store)  # (before Chromium is started for nothing)
        html = report_html(events, n, paper, others)
        data = _pdf(html, output) if output.lower().endswith(".pdf") else html.encode("utf-8")
        done = written.write_whole(output, data, store)
    except written.NotWritten as e:
        raise ReportError(str(e)) from None
    return f"{output}: the ruling on the record up to event {n or len(events)} of {len(events)}{done.said()}"


def chromium() -> str | None:
    return os.environ.get("HANDREC_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")


FOLDER_PREFIX = "handrec-report-"  # (in the temporary folder: the page printed, Chromium's profile)
FOLDER_LOCK = ".lock"
STALE_SECONDS = 60


@contextlib.contextmanager
def _print_folder() -> Any:
    """A new folder in the temporary folder for one print (the page, Chromium's profile), removed
    after it. The print holds the lock of its `.lock` (flock) while it lives, and writes its pid
    there once it holds it; the kernel frees the lock when the process dies, however it dies
    (SIGKILL included), so that the folder of a print killed before it could remove it is removed
    by the next print (`_remove_stale_folders`)."""
    _remove_stale_folders()
    tmp = tempfile.mkdtemp(prefix=FOLDER_PREFIX)
    lock = None
    try:
        lock = os.open(os.path.join(tmp, FOLDER_LOCK), os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
        fcntl.flock(lock, fcntl.LOCK_EX)
        os.write(lock, f"{os.getpid()}\n".encode())
        yield tmp
    finally:
        shutil.rmtree(tmp, ignore_errors=True)  # (the lock still held: no other print removes it meanwhile)
        if lock is not None:
            os.close(lock)


def _remove_stale_folders() -> None:
    """Remove, of this user's print folders, those whose print is gone: a free lock over a pid (its
    print died), or no lock taken yet a minute after the folder was made (its print died before it
    took it). The folders of prints running, and other users', are left."""
    root = tempfile.gettempdir()
    try:
        names = [n for n in os.listdir(root) if n.startswith(FOLDER_PREFIX)]
    except OSError:
        return
    for name in names:
        folder = os.path.join(root, name)
        try:
            st = os.lstat(folder)
            if st.st_uid != os.geteuid() or not stat.S_ISDIR(st.st_mode):
                continue
            if _print_gone(folder, time.time() - st.st_mtime > STALE_SECONDS):
                shutil.rmtree(folder, ignore_errors=True)
        except OSError:
            continue


def _print_gone(folder: str, old: bool) -> bool:
    try:
        lock = os.open(os.path.join(folder, FOLDER_LOCK), os.O_RDWR | os.O_CLOEXEC | os.O_NOFOLLOW)
    except FileNotFoundError:
        return old
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)  # (BlockingIOError while its print runs)
        return bool(os.read(lock, 32)) or old
    except BlockingIOError:
        return False
    finally:
        os.close(lock)


def _pdf(html: str, output: str) -> bytes:
    """The report's PDF, as Chromium prints it."""
    browser = chromium()
    if browser is None:
        raise ReportError(f"{output}: a PDF is printed by Chromium, which is not on this machine (apt-get install "
                          "chromium, or set HANDREC_CHROMIUM); write the report as .html and print it from a browser")
    with _print_folder() as tmp:
        page = Path(tmp) / "report.html"
        page.write_text(html, encoding="utf-8")
        try:
            return _print(browser, page.as_uri(), tmp)
        except (OSError, ValueError, KeyError, TimeoutError) as e:
            raise ReportError(f"{output}: Chromium could not print the report ({str(e)[:200] or type(e).__name__})") \
                from None


def _print(browser: str, url: str, tmp: str) -> bytes:
    """The page printed to PDF by Chromium, driven over its DevTools pipe (`--remote-debugging-pipe`:
    JSON messages, each ended by a NUL, on the child's descriptors 3 and 4), so that the page's own
    paper size (its `@page` rule) is the one printed: Chromium's `--print-to-pdf` takes Letter."""
    to_child, commands = os.pipe()
    answers, from_child = os.pipe()
    proc = _headless(browser, tmp, to_child, from_child)
    os.close(to_child)
    os.close(from_child)
    pipe = _DevTools(commands, answers, time.monotonic() + PDF_SECONDS)
    try:
        return _printed(pipe, url)
    finally:
        for fd in (commands, answers):
            try:
                os.close(fd)
            except OSError:
                pass
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def _headless(browser: str, tmp: str, to_child: int, from_child: int) -> subprocess.Popen:
    """Chromium started headless on a blank page, reading its commands on descriptor 3 (`to_child`)
    and writing its answers on 4 (`from_child`); started as every Chromium the project starts
    (`handrec.chromium_switches`: nothing it does leaves the machine)."""
    args = [browser, "--headless", "--no-sandbox", "--disable-gpu", *chromium_switches.switches(),
            "--remote-debugging-pipe", f"--user-data-dir={tmp}/profile", "about:blank"]

    def as_3_and_4() -> None:  # (in the child: its descriptors 3 and 4 are the pipe's ends)
        reading, writing = os.dup(to_child), os.dup(from_child)  # (either may be 3 or 4 already)
        os.dup2(reading, 3)
        os.dup2(writing, 4)

    return subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            pass_fds=(to_child, from_child, 3, 4), preexec_fn=as_3_and_4)


class _DevTools:
    """The parent's ends of the DevTools pipe: commands written to `commands`, answers read from
    `answers`, none waited for past `deadline` (time.monotonic)."""

    def __init__(self, commands: int, answers: int, deadline: float):
        self.commands, self.answers, self.deadline = commands, answers, deadline
        self.buffered = b""
        self.sent = 0

    def send(self, method: str, params: dict[str, Any] | None = None, session: str | None = None) -> int:
        """Send one command; its id."""
        self.sent += 1
        message = {"id": self.sent, "method": method, "params": params or {},
                   **({"sessionId": session} if session else {})}
        os.write(self.commands, json.dumps(message).encode("utf-8") + b"\0")
        return self.sent

    def until(self, wanted: Any) -> dict[str, Any]:
        """The first message read for which `wanted(message)` is true; an error answer raises."""
        while True:
            while b"\0" in self.buffered:
                raw, _, self.buffered = self.buffered.partition(b"\0")
                message = json.loads(raw)
                if "error" in message and message.get("id") is not None:
                    raise ValueError(message["error"].get("message", "an error"))
                if wanted(message):
                    return message
            if time.monotonic() > self.deadline:
                raise TimeoutError(f"no answer within {PDF_SECONDS} s")
            ready, _, _ = select.select([self.answers], [], [], 1.0)
            if ready:
                chunk = os.read(self.answers, 1 << 16)
                if not chunk:
                    raise ValueError("Chromium closed its pipe")
                self.buffered += chunk


def _printed(pipe: _DevTools, url: str) -> bytes:
    """The PDF of the page at `url`, opened in a new target of the browser at the pipe's other end."""
    n = pipe.send("Target.createTarget", {"url": "about:blank"})
    target = pipe.until(lambda m: m.get("id") == n)["result"]["targetId"]
    n = pipe.send("Target.attachToTarget", {"targetId": target, "flatten": True})
    session = pipe.until(lambda m: m.get("id") == n)["result"]["sessionId"]
    n = pipe.send("Page.enable", session=session)
    pipe.until(lambda m: m.get("id") == n)
    pipe.send("Page.navigate", {"url": url}, session)
    pipe.until(lambda m: m.get("method") == "Page.loadEventFired" and m.get("sessionId") == session)
    n = pipe.send("Page.printToPDF", {"preferCSSPageSize": True, "printBackground": True,
                                      "displayHeaderFooter": False}, session)
    data = pipe.until(lambda m: m.get("id") == n)["result"]["data"]
    pipe.send("Browser.close")
    return base64.b64decode(data)
