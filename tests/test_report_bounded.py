"""What one report costs is bounded whatever the record holds (issue 42, item 6): 500 statements of
the largest size (a note is at most 64 KiB) took Chromium to 5 GB, 1,500 past 6 GiB. Now each text
prints whole up to TEXT_PRINTED characters and all of them up to TEXTS_PRINTED, the rulings first,
and the report says what was cut or left out; an ordinary report is printed whole, unchanged."""

from __future__ import annotations

import re
import shutil
import subprocess
from html import unescape
from pathlib import Path

import pytest

from projections.report import TEXT_PRINTED, TEXTS_PRINTED, printable
from test_cli import run
from test_report import DISPUTE, HAND, _pdf_tools, _store

EXAMPLE = Path(__file__).resolve().parent.parent / "data" / "examples" / "law83-quit-by-winners.hand"


def _text(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def test_an_ordinary_report_is_printed_whole_and_says_nothing_was_left_out(tmp_path):
    store = _store(tmp_path, "duplicate-2017")
    out = tmp_path / "r.html"
    run("report", HAND, "-o", str(out), store=store)
    text = _text(out.read_text())
    assert "Not printed whole" not in text and "not printed" not in text
    assert "East threw a club on the first spade; the trick was turned before anyone spoke" in text


def test_five_hundred_statements_of_the_largest_size_print_within_the_bound_and_say_so(tmp_path):
    store = str(tmp_path / "h.db")
    big = "word " * (64 * 1024 // 5 - 10)  # (64 KiB less a little: the largest note)
    lines = EXAMPLE.read_text() + "".join(f"note by=East statement {i} {big}\n" for i in range(500))
    (tmp_path / "long.hand").write_text(lines)
    run("record", str(tmp_path / "long.hand"), store=store)
    out = tmp_path / "r.html"
    run("report", "law83-quit-by-winners", "-o", str(out), store=store)
    html = out.read_text()
    text = _text(html)
    # The record holds 500 × 64 KiB = 32 MB of statements; the report prints about TEXTS_PRINTED.
    assert len(html) < TEXTS_PRINTED + 400_000, len(html)
    assert "Not printed whole: this report prints at most 6,000 characters of any one text and 200,000 in all" in text
    assert "texts cut" in text and "texts left out" in text
    assert text.count("more characters not printed; the record holds them") >= 30
    assert "past what one report prints; the record holds them" in text
    # The rulings come first: the revoke's ruling is printed, whole.
    assert "Trick 1 was turned and quitted by EW at event 9, its rightful winners (L83)" in text
    if shutil.which("pdftotext") and shutil.which("chromium"):
        pdf = tmp_path / "r.pdf"
        run("report", "law83-quit-by-winners", "-o", str(pdf), store=store)
        assert "Not printed whole" in " ".join(subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True,
                                                               text=True, check=True).stdout.split())


def test_the_bound_cuts_a_text_at_a_word_and_counts_what_it_left_out():
    r = {"facts": [{"said": "a " * TEXT_PRINTED}, {"said": "short"}], "revokes": [], "irregularities": []}
    p = printable(r)
    said = p["facts"][0]["said"]
    assert said.endswith("more characters not printed; the record holds them]") and len(said) < TEXT_PRINTED + 100
    assert p["facts"][1]["said"] == "short"
    assert p["left_out"]["cut"] == 1 and p["left_out"]["left_out"] == 0
    assert printable({"facts": [{"said": "short"}]})["left_out"] is None
