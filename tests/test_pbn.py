"""PBN import: the reader on small texts written for each rule of the standard, then the real
championship and BBO files of ../shared/realdata."""

from __future__ import annotations

import json
import subprocess

import pytest

from projections.moment import rulings_at
from realdata import realdata
from recorder.application import HandRecorder
from bridge.cards import card, read_deal
from bridge.tags import record_marks
from recorder.domainmodel import Hand
from recorder.importer import import_files
from formats.pbn import boards
from formats.pbn_games import read_games
from test_cli import HANDREC

GAME = """% PBN 2.1
% EXPORT
[Event "Club night"]
[Board "1"]
[Room "Open"]
[Dealer "S"]
[Deal "N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432"]
[Declarer "S"]
[Contract "4H"]
[Result "10"]
[Auction "S"]
1H Pass 4H Pass
Pass Pass
[Play "W"]
SA S8 c9 S3 {East discards} ; a revoke
h2 H6 h4 ha
- H7 - -
*

[Event "#"]
[Board "2"]
[Room "Open"]
[Dealer "S"]
[Deal "N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432"]
[Declarer "S"]
[Contract "4H"]
[Result "10"]
[Note "1:a good lead"]
[Play "W"]
SA =1= S8 S2 S3 $1
SK S9 ^R C9 S4
- - - -
"""


def board_list(text: str = GAME, file: str = "club/night.pbn") -> list:
    return list(boards(text, file))


def events(board) -> list:
    hand = Hand.open(board.lines[0])
    for line in board.lines[1:]:
        hand.record(line)
    return list(hand.collect_events())


def test_pbn_games_tags_and_inheritance():
    games = list(read_games(GAME))
    assert len(games) == 2
    assert games[1].tags["Event"] == "Club night"  # "#": the previous game's value


def test_pbn_ids_are_deterministic_and_name_file_board_room():
    a, b = board_list()
    assert (a.hand_id, b.hand_id) == ("club/night.pbn/1/Open", "club/night.pbn/2/Open")
    assert a.source["board"] == "1" and a.source["room"] == "Open"
    assert [x.hand_id for x in board_list()] == [a.hand_id, b.hand_id]


def test_pbn_play_columns_become_play_order():
    a = board_list()[0]
    plays = [line.canonical for line in a.lines if line.kind == "play"]
    # Trick 1 is led by West (the [Play] seat), trick 2 by West again (his SA won): columns W N E S.
    assert plays[:8] == ["play W SA", "play N S8", "play E C9", "play S S3",
                         "play W H2", "play N H6", "play E H4", "play S HA"]
    # Trick 3 is led by South (HA won), whose card is not known ('-'): North's H7 is no lead, so
    # the trick is not recorded and the H7 is kept in a note (issue 11: an unknown card never
    # shifts who led).
    assert plays[8:] == []
    assert any("trick 3's lead (S) is not known" in line.args["text"] and "N H7" in line.args["text"]
               for line in a.lines if line.kind == "note")
    claim = [line.canonical for line in a.lines if line.kind == "claim"]
    assert claim == ["claim S 9"]  # Result 10: South's side won one of the first two tricks


def test_pbn_commentary_notes_and_marks_are_kept():
    a, b = board_list()
    notes_a = [line.args["text"] for line in a.lines if line.kind == "note"]
    assert "East discards" in notes_a and "a revoke" in notes_a
    # ... right after the card they follow (South's S3, the fourth card of trick 1)
    kinds = [(line.kind, line.args.get("text")) for line in a.lines]
    s3 = next(i for i, line in enumerate(a.lines) if line.canonical == "play S S3")
    assert kinds[s3 + 1:s3 + 3] == [("note", "East discards"), ("note", "a revoke")]
    notes_b = [line.args["text"] for line in b.lines if line.kind == "note"]
    assert "a good lead" in notes_b
    assert b.source["marks"] == "^R@2.E"  # (before East's C9: the mark's trick and the seat of its card)
    assert [line.canonical for line in b.lines if line.kind == "claim"] == ["claim S 10"]  # '- - - -'


def test_pbn_revoke_found_in_the_record():
    a, b = board_list()
    r = rulings_at(events(a))["revokes"]
    assert [(x["seat"], x["trick"], x["card"], x["status"]) for x in r] == [("E", 1, "C9", "established")]
    # Board 2: East, with no spade left, discards on the second spade: no revoke, though marked.
    assert rulings_at(events(b))["revokes"] == []


def test_pbn_a_board_with_a_card_its_player_does_not_hold_is_kept_up_to_the_fault(tmp_path):
    bad = GAME.replace("SA S8 c9 S3", "SA S8 c9 SK")  # SK is West's: South cannot play it
    f = tmp_path / "bad.pbn"
    f.write_text(bad)
    app = HandRecorder(str(tmp_path / "h.db"))
    report = import_files(app, [str(f)])  # (issue 12 part 3; tests/test_archive_faults.py)
    assert report.hands_added == 2 and report.faulty == 1 and report.refused == []
    faulty = next(h for h in app.iter_hand_ids() if any(line.startswith("tag Fault") for line in app.hand(h).lines))
    fault = next(line for line in app.hand(faulty).lines if line.startswith("tag Fault"))
    assert fault.startswith("tag Fault trick 1: South does not hold SK; it is West's; no card of the play is recorded")
    assert not any(line.startswith(("play", "claim")) for line in app.hand(faulty).lines)
    again = import_files(app, [str(f)])
    assert again.hands_added == 0 and again.already == 2


def test_pbn_deal_notation_is_lenient():
    hands = read_deal("w:AK10.-.q2.J - - -".replace(".-.", ".."))
    assert card("S10") in hands["W"] and card("DQ") in hands["W"]


def test_handrec_import_and_scan_as_a_user_runs_them(tmp_path):
    f = tmp_path / "night.pbn"
    f.write_text(GAME)
    env = {"HANDREC_STORE": str(tmp_path / "h.db"), "PATH": "/usr/bin:/bin"}
    out = subprocess.run([HANDREC, "import", str(f)], capture_output=True, text=True, env=env)
    assert out.returncode == 0, out.stderr
    assert "2 boards read from 1 file, 2 hands added" in out.stdout
    again = subprocess.run([HANDREC, "import", str(f)], capture_output=True, text=True, env=env)
    assert "0 hands added (0 events), 2 already stored" in again.stdout
    rows = json.loads(subprocess.run([HANDREC, "scan", "--json"], capture_output=True, text=True, env=env,
                                     check=True).stdout)
    assert [(r["hand"], r["seat"], r["trick"], r["card"], r["suit"], r["status"]) for r in rows] == [
        (f"{tmp_path.name}/night.pbn/1/Open", "E", 1, "C9", "S", "established")]
    # The file as named from the import's root (its folder), not this machine's path (issue 40).
    assert rows[0]["source"] == {"file": "night.pbn", "board": "1", "room": "Open"}
    assert out.stdout.strip().endswith(f"; files named relative to {tmp_path}")


# ---------------------------------------------------------------- the real files


def _replay_check(board, found: list[dict]) -> None:
    """Independently of the folds: each revoke found is a failure to follow suit while holding it."""
    hands = {s: set(h) for s, h in read_deal(next(l for l in board.lines if l.kind == "deal").args["deal"]).items()}
    plays = [(l.args["seat"], card(l.args["cards"][0])) for l in board.lines if l.kind == "play"]
    tricks, trick = [], []
    for seat, c in plays:
        trick.append((seat, c, {x.suit for x in hands[seat]}))
        hands[seat].discard(c)
        if len(trick) == 4:
            tricks.append(trick)
            trick = []
    if trick:
        tricks.append(trick)
    for r in found:
        t = tricks[r["trick"] - 1]
        led = t[0][1].suit
        seat, c, suits = next(x for x in t if x[0] == r["seat"] and str(x[1]) == r["card"])
        assert c.suit != led and led in suits, (board.hand_id, r)


@pytest.mark.slow
def test_pbn_championship_files_every_marked_revoke_found_and_nothing_else():
    root = realdata("ContractBridge__pbn-files")
    files = sorted(p for p in root.rglob("*") if p.suffix.lower() == ".pbn")
    assert len(files) == 118
    n_boards = refused = marks = found_marks = revokes = 0
    for path in files:
        for board in boards(path.read_bytes().decode("latin-1"), str(path)):
            n_boards += 1
            if board.problem:
                refused += 1
                assert board.problem_line or "no [Deal]" in board.problem
                continue
            try:
                evs = events(board)
            except Exception as e:  # a data error: a card its player does not hold
                refused += 1
                assert "already on the table" in str(e) or "does not hold" in str(e)
                continue
            found = [r for r in rulings_at(evs)["revokes"]]
            revokes += len(found)
            _replay_check(board, found)
            for m in record_marks(board.source):
                if m.token == "^R":
                    marks += 1
                    found_marks += any(r["trick"] == m.trick and r["seat"] == m.seat for r in found)
    assert n_boards > 5800 and refused < 100
    assert marks == found_marks == 98  # every ^R the championships marked is found, its seat's revoke
    assert revokes >= marks


@pytest.mark.slow  # a real-archive-wide sweep: every board of the BBO files (over 700) folded and ruled on
def test_pbn_bbo_files_give_no_revokes():
    root = realdata("jarekczek__pbntools", "test")
    files = sorted(p for p in root.rglob("*") if p.suffix.lower() == ".pbn")
    assert files
    n = 0
    for path in files:
        for board in boards(path.read_bytes().decode("latin-1"), str(path)):
            if board.problem:
                continue
            n += 1
            assert rulings_at(events(board))["revokes"] == [], board.hand_id
    assert n > 700


def test_pbn_a_stray_bracket_is_read_not_looped_on():
    # Found by the fuzzer: a "[" that opens no tag used to stop the reader from moving on.
    text = GAME.replace('[Room "Open"]', '[Room "Open"] [ oops [', 1)
    assert len(board_list(text)) == 2


def test_pbn_an_unknown_lead_never_shifts_who_led_and_nothing_is_judged_against_it():
    from projections.moment import at

    text = GAME.split("\n\n")[0].replace("h2 H6 h4 ha", "- H6 h4 ha")  # West's lead to trick 2 not known
    (b,) = list(boards(text, "club/night.pbn"))
    assert b.problem is None
    plays = [line.canonical for line in b.lines if line.kind == "play"]
    assert plays == ["play W SA", "play N S8", "play E C9", "play S S3"]  # trick 2 not recorded
    notes = [line.args["text"] for line in b.lines if line.kind == "note"]
    assert any("trick 2's lead (W) is not known" in n and "N H6 E H4 S HA" in n for n in notes)
    hand = Hand.open(b.lines[0])
    hand.record_lines(b.lines[1:])
    revokes = at(list(hand.collect_events())).rulings()["revokes"]
    assert [(r["seat"], r["trick"]) for r in revokes] == [("E", 1)]  # only the failure in a trick whose lead is known
