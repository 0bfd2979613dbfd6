"""The rubber's score sheet (L1, L2, L11) and the L12/L13 windows for correcting a score.

Deal A again: in hearts South holds five honors in one hand (80 to North-South); at no trump
East-West hold three aces (30); in spades West holds four honors in one hand (8 x 2 = 16).
"""

from __future__ import annotations

import json
import subprocess

import pytest

from conftest import POSTGRESQL_SLOW
from projections.rubber import rubber
from projections.moment import at
from recorder.application import HandRecorder
from test_cli import HANDREC

DEAL = "dealer S\ndeal N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432\n"


def hand(hand_id: str, body: str, rubber_name: str = "night") -> str:
    return f"hand {hand_id} rubber={rubber_name}\n{DEAL}{body}"


H1 = hand("h1", "contract 4H by S\nclaim S 10\n")  # NS 32 below, 80 above: game 1 to NS
H2 = hand("h2", "contract 3NT by E\nclaim E 9\n")  # EW 30 below, 30 above: game 2 to EW
H3 = hand("h3", "contract 2S by W\nclaim W 8\n")  # EW 4 below, 16 above
H4 = hand("h4", "contract 4H by S\nclaim S 10\n")  # NS 32 below, 80 above: game 3 and the rubber to NS
H5 = hand("h5", "contract 1NT by N\nclaim N 7\n")  # after the rubber: not counted


def sheet(store: str, name: str = "night") -> dict:
    app = HandRecorder(store)
    return rubber(name, [at(app.hand_events(i)) for i in app.rubber_hands(name)])


def record(store: str, *texts: str) -> None:
    app = HandRecorder(store)
    for t in texts:
        app.record(t)


def test_law1_law2_law11_a_rubber_of_three_games(store):
    record(store, H1, H2, H3, H4, H5, hand("other", "contract 1NT by N\nclaim N 7\n", "another"))
    r = sheet(store)
    assert [h["hand"] for h in r["hands"]] == ["h1", "h2", "h3", "h4"]
    assert [(g["game"], g["won_by"]) for g in r["games"]] == [(1, "NS"), (2, "EW"), (3, "NS")]
    assert r["games_won"] == {"NS": 2, "EW": 1} and r["winner"] == "NS" and r["bonus"] == 250
    # NS: 32 + 80 + 32 + 80 + 250 = 474; EW: 30 + 30 + 4 + 16 = 80.
    assert r["totals"] == {"NS": 474, "EW": 80} and r["value"] == 394
    assert r["hands_after_the_rubber"] == ["h5"]


def test_law2_trick_points_below_thirty_carry_within_the_game(store):
    # Two part scores: 2S (4) then 3S made with 9 (3 x 2 = 6): no game yet.
    record(store, hand("p1", "contract 2S by W\nclaim W 8\n"), hand("p2", "contract 3S by W\nclaim W 9\n"))
    r = sheet(store)
    assert r["games"] == [] and not r["finished"] and r["bonus"] == 0


def test_law12_an_honor_error_may_be_corrected_until_the_rubber_is_agreed(store):
    h3 = H3.replace("contract 2S", "correct h1 NS honor +10\ncontract 2S")
    h4 = H4 + "agree\ncorrect h2 EW honor +10\n"
    record(store, H1, H2, h3, h4)
    r = sheet(store)
    assert r["hands"][0]["NS"]["honor"] == 90
    assert r["hands"][1]["EW"]["honor"] == 30  # refused: after the agreement
    assert [c["hand"] for c in r["corrections_refused"]] == ["h2"]
    assert "agreed" in r["corrections_refused"][0]["why"]


def test_law13_a_trick_error_only_until_a_bid_in_the_next_game(store):
    # h2 opens game 2: a trick correction of h1 before h2's bid is in time, after it too late.
    h2 = H2.replace("contract 3NT", "correct h1 NS trick +8\ncontract 3NT") + "correct h1 NS trick +2\n"
    record(store, H1, h2, H3, H4)
    r = sheet(store)
    assert r["hands"][0]["NS"]["trick"] == 40
    refused = r["corrections_refused"]
    assert len(refused) == 1 and refused[0]["points"] == 2 and "L13" in refused[0]["why"]


@pytest.mark.parametrize("store", POSTGRESQL_SLOW, indirect=True)  # several handrec processes; on PostgreSQL: slow
def test_handrec_rubber_draws_a_score_pad(store):
    record(store, H1, H2, H3, H4)
    env = {"HANDREC_STORE": store, "PATH": "/usr/bin:/bin"}
    out = subprocess.run([HANDREC, "rubber", "night"], capture_output=True, text=True, env=env, check=True).stdout
    assert "game 1 to NS" in out and "rubber (L11)" in out and "NS win the rubber, 2 games to 1" in out
    data = json.loads(subprocess.run([HANDREC, "rubber", "night", "--json"], capture_output=True, text=True,
                                     env=env, check=True).stdout)
    assert data["totals"] == {"NS": 474, "EW": 80}
    p = subprocess.run([HANDREC, "rubber", "nope"], capture_output=True, text=True, env=env)
    assert p.returncode == 1 and "names the rubber 'nope'" in p.stderr
    assert p.stderr.startswith("handrec: no hand stored in ")  # (the store looked in: its path, or its URL)
