"""Every ruling the JSON carries is in every view (issue 38, section 4): a defender's exposed card
was a penalty card in `rulings --json`'s `exposed` only, not in the rulings text, the timeline or
the report. For every example hand, at its last event, each revoke, irregularity, card face up,
finding and appeal of the rulings JSON is looked for in the rulings text (`handrec rulings`), the
timeline (`handrec timeline`) and the printed report: a view that drops one fails here."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest

from bridge.cards import SEAT_NAMES
from handrec import wording
from handrec.report import report_html
from handrec.views import rulings_text
from projections.moment import rulings_at
from projections.timeline import timeline
from recorder.application import HandRecorder
from test_report_whole_dispute import EW, NS

EXAMPLES = sorted((Path(__file__).resolve().parent.parent / "data" / "examples").glob("*.hand"))


@pytest.fixture(scope="module")
def recorded(tmp_path_factory):
    app = HandRecorder(str(tmp_path_factory.mktemp("views") / "hands.db"))
    ids = []
    for path in EXAMPLES:
        ids.append(app.record(path.read_text(), file=str(path)).hand_id)
    # A board told twice, with a finding on one account and an appeal on the other.
    for text in (NS, EW):
        ids.append(app.record(text).hand_id)
    return app, ids


def _views(events):
    r = rulings_at(events)
    text = rulings_text(r)
    changes = "\n".join(c for row in timeline(events) for c in row["changes"])
    printed = " ".join(unescape(re.sub(r"<[^>]+>", " ", report_html(events))).split())
    return r, text, changes, printed


def test_every_kind_of_ruling_is_met_by_some_example(recorded):
    """(So that the check below checks something of each kind.)"""
    app, ids = recorded
    kinds = set()
    for hand_id in ids:
        r = rulings_at(app.hand_events(hand_id))
        kinds |= {k for k in ("revokes", "irregularities", "exposed", "findings", "appeals") if r.get(k)}
    assert kinds == {"revokes", "irregularities", "exposed", "findings", "appeals"}, kinds


@pytest.mark.parametrize("index", range(len(EXAMPLES) + 2), ids=[p.stem for p in EXAMPLES] + ["board-14", "board-14-ew"])
def test_each_ruling_of_the_json_is_in_the_text_the_timeline_and_the_report(recorded, index):
    app, ids = recorded
    r, text, changes, printed = _views(app.hand_events(ids[index]))
    for v in r["revokes"]:
        assert f"{SEAT_NAMES[v['seat']]}" in text and v["card"] in text, v
        assert f"{v['seat']}'s {v['card']}" in changes, v
        assert wording.card_text(v["card"]) in printed and SEAT_NAMES[v["seat"]] in printed, v
    for i in r["irregularities"]:
        assert i["kind"] in text, i
        assert i["kind"] in changes, i
        assert wording.kind_title(i["kind"]) in printed, i
    for x in r.get("exposed", []):
        grade = f"{x['penalty_card']} penalty card" if x.get("penalty_card") else "exposed card"
        assert f"{SEAT_NAMES[x['seat']]}'s {x['card']} face up since event {x['event']}" in text and grade in text, x
        assert f"{x['seat']}'s {x['card']}: " in changes, x
        assert f"{SEAT_NAMES[x['seat']]}'s {wording.card_text(x['card'])} face up since event {x['event']}" in printed, x
        assert grade in printed, x
    for key in ("findings", "appeals"):
        for d in r.get(key, []):
            assert d["text"] in text and d["text"] in changes and " ".join(d["text"].split()) in printed, d
