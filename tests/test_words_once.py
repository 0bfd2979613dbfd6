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
from projections.rulings.summaries import irregularity_summaries
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


def test_every_ruling_s_words_say_what_its_laws_require_as_the_report_does():
    """The words the CLI and the room show under a ruling (`wording.revoke`, `wording.irregularity`)
    carry what each law it cites requires, the summaries the report prints: for an irregularity
    ruled under the hand's own code too (they were left out there, and shown only for one ruled
    under another code)."""
    shown = 0
    for name in NAMES:
        r = rulings_at(events_of(example(name)))
        code = r["ruleset"]
        for i in r["irregularities"]:
            said = wording.irregularity(i, code)["laws"]
            assert said == [[f"L{c['law']}", c["summary"]] for c in irregularity_summaries(code, i)], (name, i["kind"])
            assert [law for law, _ in said] == [f"L{law}" for law in i["laws"]], (name, i["kind"])
            shown += bool(said)
        for v in r["revokes"]:
            said = wording.revoke(v, code)["laws"]  # (with the laws of its transfer and of equity, L64C)
            assert {f"L{law}" for law in v["laws"]} <= {law for law, _ in said}, (name, v["card"])
    assert shown > 40  # (irregularities of both codes among the examples)


def test_the_words_of_the_cli_the_room_and_the_report_are_one(page, room):
    for name in NAMES:
        events = events_of(example(name))
        r = rulings_at(events)
        code = r["ruleset"]
        said = [w for v in r["revokes"] for w in (wording.revoke(v, code)["penalty"], wording.revoke(v, code)["transfer"])
                if w]
        said += [wording.irregularity(i, code)["penalty"] for i in r["irregularities"] if i.get("penalty")]
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
