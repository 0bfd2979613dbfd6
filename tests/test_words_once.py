"""The words once, in Python (issue 19, part 5): the room's script composes no ruling's words and
writes no transcript line; it draws what `handrec.wording` gives it, the same words the CLI prints
and the report prints. Checked on the script's text, and in Chromium on every example."""

from __future__ import annotations

import re

from conftest import events_of, example
from handrec import wording
from handrec.report import report_html
from handrec.views import rulings_text
from projections.moment import rulings_at
from review_room import serving  # noqa: F401
from test_review_browser import NAMES, browser_type_launch_args, examples_store, room  # noqa: F401

from handrec.review.page import static_text


def test_the_script_holds_no_names_and_writes_no_line_of_its_own():
    js = static_text("review.js")
    code = "\n".join(line.split("//")[0] for line in js.splitlines())  # (its comments aside)
    for name in ("North", "East", "South", "West", "spades", "hearts", "diamonds", "clubs", "♠", "♥"):
        assert name not in code, name
    for start in ("play ", "quit ", "elect ", "ask ", "answer ", "strike ", "withdraw ", "claim ", "Penalty",
                  "Transfer", "No trick", "barred by", "elects", "struck", "amended"):
        assert not re.search(r"[\"']" + re.escape(start), code), start


def test_the_words_of_the_cli_the_room_and_the_report_are_one(page, room):
    for name in NAMES:
        events = events_of(example(name))
        r = rulings_at(events)
        said = [w for v in r["revokes"] for w in (wording.revoke(v)["penalty"], wording.revoke(v)["transfer"]) if w]
        said += [wording.irregularity(i)["penalty"] for i in r["irregularities"] if i.get("penalty")]
        if not said:
            continue
        text = rulings_text(r)
        html = report_html(events)
        page.goto(f"{room}hands/{events[0].hand_id}")
        page.wait_for_function(f"window.handrecReview && window.handrecReview.at() === {len(events)}")
        panel = page.inner_text("#rulings") + "\n" + page.inner_text("#irregularities")
        for words in said:
            assert words in text, (name, words)
            assert words in panel, (name, words)
            assert words.rstrip(".").replace("'", "&#39;") in html, (name, words)
