"""The ruling as filed is made from the whole dispute (issue 38, section 1): whichever account the
report is asked of, it prints every account's statements under the account that tells them, the
auction as a bidding diagram, the acts in dispute in a committee's words (each account's where they
part), the finding recorded on one account and the appeal recorded on the other; and an ordinary
board of two accounts prints on two pages, A4 or Letter. Read back from the PDF, as a committee
reads it."""

from __future__ import annotations

import re
import subprocess
from html import unescape

import pytest

from test_cli import run
from test_report import _pdf_tools
from test_review_browser import browser_type_launch_args  # noqa: F401  (Debian's Chromium, offline)

NS = """hand board-14 ruleset=duplicate-2017
tag Event Tuesday pairs
tag Board 14
tag Vulnerable None
tag Director A.Whitfield
tag North M. Okafor
tag East J. Lindqvist
tag South P. Duval
tag West R. Marsh
tag Account North-South's account
dealer S
deal N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432
auction 1H pass 4H pass pass pass
play W SA
play N S8
play E C9
play S S3
quit EW
note by=North The trick was turned and quitted before anyone said a word
note by=South West asked only after the next trick was played
play W SK
play N S9
play E S2
play S S4
quit EW
ask W E
answer E holds
find by=TD North-South's account: the trick was quitted before West asked (East agrees it was turned)
"""
EW = """hand board-14-ew branch=board-14@16
tag Account East-West's account
ask W E
answer E holds
note by=West I asked as soon as East discarded, before the trick was turned
note by=East I said I had a spade and put it right at once
withdraw E C9
play E S2
appeal by=AC East-West's appeal dismissed: the Director's finding stands
"""


def _store(tmp_path) -> str:
    store = str(tmp_path / "h.db")
    (tmp_path / "ns.hand").write_text(NS)
    (tmp_path / "ew.hand").write_text(EW)
    run("record", str(tmp_path / "ns.hand"), store=store)
    run("record", str(tmp_path / "ew.hand"), store=store)
    return store


WHOLE = [
    # the auction, as a bidding diagram (columns by seat, the dealer's call under his name)
    "West North East South", "1♥ Pass 4♥ Pass Pass Pass", "Dealer South · vulnerable: None",
    # both sides' statements, each under the account that tells it
    "North-South's account (the account board-14)", "The trick was turned and quitted before anyone said a word",
    "West asked only after the next trick was played",
    "East-West's account (the account board-14-ew)", "I asked as soon as East discarded, before the trick was turned",
    "I said I had a spade and put it right at once",
    # the acts in dispute, in words, each account's
    "26 West asked East 'having none?' after trick 2 was quitted",
    "18 East-West turned and quitted trick 1",
    "18 West asked East 'having none?' during trick 1", "22 East took back ♣9, during trick 1",
    # the finding (recorded on NS's account) and the appeal (on EW's)
    "Event 28, TD: North-South's account: the trick was quitted before West asked",
    "Event B24 of the account board-14-ew, AC: East-West's appeal dismissed",
]


@pytest.mark.parametrize("asked", ["board-14", "board-14-ew"])
def test_the_report_holds_the_whole_dispute_whichever_account_it_is_asked_of(tmp_path, asked):
    store = _store(tmp_path)
    out = tmp_path / "r.html"
    run("report", asked, "-o", str(out), store=store)
    text = " ".join(unescape(re.sub(r"<[^>]+>", " ", out.read_text())).split())
    for words in WHOLE:
        assert words in text, words
    assert "No appeal is recorded" not in text
    for notation in ("ask W E", "quit EW", "answer E holds", "withdraw E C9", "tag Account"):
        assert notation not in text, notation


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_board_of_two_accounts_prints_on_two_pages(tmp_path, paper):
    _pdf_tools()
    store = _store(tmp_path)
    out = tmp_path / "r.pdf"
    run("report", "board-14-ew", "-o", str(out), "--paper", paper, store=store)
    info = subprocess.run(["pdfinfo", str(out)], capture_output=True, text=True, check=True).stdout
    assert int(info.split("Pages:")[1].split()[0]) <= 2, info
    text = " ".join(subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True,
                                   check=True).stdout.split())
    for words in ("I asked as soon as East discarded, before the trick was turned",
                  "Event B24 of the account board-14-ew, AC: East-West's appeal dismissed",
                  "26 West asked East 'having none?' after trick 2 was quitted"):
        assert words in text, words


def test_a_filed_report_says_nothing_to_the_programs_user(tmp_path):
    """Where the double-dummy solver is not installed, the L64C aid was 'not computed for this
    report', never an install hint (pip install ...) in a document a committee reads."""
    store = _store(tmp_path)
    shim = tmp_path / "shim" / "endplay"
    shim.mkdir(parents=True)
    (shim / "__init__.py").write_text("raise ImportError('no endplay on this machine')\n")
    out = tmp_path / "r.html"
    import os

    from test_cli import HANDREC
    env = {**os.environ, "HANDREC_STORE": store, "PYTHONPATH": str(tmp_path / "shim")}
    p = subprocess.run([HANDREC, "report", "board-14", "-o", str(out)], capture_output=True, text=True, env=env,
                       timeout=120)
    assert p.returncode == 0, p.stderr
    text = " ".join(unescape(re.sub(r"<[^>]+>", " ", out.read_text())).split())
    assert "L64C aid: not computed for this report." in text
    assert "pip install" not in text and "handrec[dds]" not in text


def test_the_claim_is_drawn_and_the_appeals_part_filled_or_left_blank(tmp_path):
    """The position at the claim (the cards each player held), and the appeal's part of the form:
    each field the record gives (`tag RulingGiven`, `AppealTold`, `Appellants`, `AppealReasons`,
    `Deposit`, `Committee`), a line to fill on paper where it gives none; the right to appeal and its
    time limit under a duplicate code (L92)."""
    store = _store(tmp_path)
    for line in ("claim S 10", "tag Appellants East-West", "tag Committee J. Smith (chair), A. Jones, B. Brown",
                 "tag RulingGiven 21:40, at the table"):
        run("add", "board-14", line, store=store)
    out = tmp_path / "r.html"
    run("report", "board-14", "-o", str(out), store=store)
    html = out.read_text()
    text = " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())
    assert "The position at the claim South claimed 10 of the remaining tricks at event 29, after trick 2, stating no " \
           "line of play" in text
    assert "South (claimer) ♠ 7 6 5 ♥ A K Q J 10 ♦ 7 6 ♣ 5" in text  # (his hand at the claim)
    for field in ("Ruling given 21:40, at the table", "Appellants East-West",
                  "Committee J. Smith (chair), A. Jones, B. Brown",
                  "Each side may appeal the Director's ruling (L92A) within 30 minutes"):
        assert field in text, field
    form = html[html.index('<dl class="appeal-form">'):html.index("</dl>", html.index('<dl class="appeal-form">'))]
    # (what the record does not give is a line to fill: the right told, the reasons, the deposit)
    assert form.count('class="line') >= 3, form


def test_the_html_report_reads_on_a_phone(tmp_path, page):
    """At 390 px nothing is wider than the screen (a long unbroken token wraps, never clips)."""
    store = _store(tmp_path)
    run("add", "board-14", "note by=North " + "x" * 300, store=store)  # (a long unbroken token)
    out = tmp_path / "r.html"
    run("report", "board-14", "-o", str(out), store=store)
    page.set_viewport_size({"width": 390, "height": 800})
    page.goto(out.as_uri())
    wide = page.evaluate("() => [document.documentElement.scrollWidth, [...document.querySelectorAll('body *')]"
                         ".filter(e => e.getBoundingClientRect().right > 391).map(e => e.tagName)]")
    assert wide == [390, []], wide


def test_the_claimers_statement_is_part_of_the_claims_line(tmp_path):
    """L68C: a claim is accompanied by a statement of the line of play; `claim SEAT N STATEMENT`
    keeps it (a '#' in it kept too), and the report prints it with the position at the claim and
    among the facts; a claim stated with nothing says so."""
    from recorder.application import HandRecorder

    store = _store(tmp_path)
    run("add", "board-14", "claim S 10 drawing trumps, then the clubs #2 and #3 good", store=store)
    assert HandRecorder(store).hand("board-14").lines[-1] == "claim S 10 drawing trumps, then the clubs #2 and #3 good"
    out = tmp_path / "r.html"
    run("report", "board-14", "-o", str(out), store=store)
    text = " ".join(unescape(re.sub(r"<[^>]+>", " ", out.read_text())).split())
    assert "South claimed 10 of the remaining tricks at event 29, after trick 2, stating: “drawing trumps, then the " \
           "clubs #2 and #3 good”" in text
    assert "29 South claimed 10 of the remaining tricks, after trick 2 was quitted, stating: 'drawing trumps" in text
    store2 = str(tmp_path / "h2.db")
    (tmp_path / "ns.hand").write_text(NS + "claim S 10\n")
    run("record", str(tmp_path / "ns.hand"), store=store2)
    run("report", "board-14", "-o", str(out), store=store2)
    text = " ".join(unescape(re.sub(r"<[^>]+>", " ", out.read_text())).split())
    assert "stating no line of play (L68C asks a clear statement of it)" in text
