"""A card played that the record does not know (issue 23, part 2): the `unknown SEAT` line, the
table's and the judge's reading of it, and the PBN reader's '-' read on as one.

The rules, from docs/transcripts.md and docs/archives.md: a card not known is played in its turn;
its player's hand holds one card fewer, which one is not said; it follows no suit and is ruled on
for nothing but being played (a play to the next trick establishes a revoke, L83); a later failure
to follow suit of its player is sure only when he holds more cards of the suit than the cards not
known he played (else suspected, L83's "holding a card of the suit"); a trick holding one is won by
its best card known unless a card not known could have beaten it, and then by whichever of those
players leads the next trick. In a PBN play section every '-' is such a card, but for those after
the last card of the last row (the play stopped there, PBN 2.1 §3.6); a trick whose winner is not
known is recorded up to the card before its first card not known, its cards kept in a note.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from realdata import realdata, realdata_more
from test_pbn import GAME, board_list, events
from test_pbn_export import lines_of, round_trip

from bridge.messages import TranscriptError
from projections.moment import at, rulings_at
from recorder.application import HandRecorder
from recorder.importer import import_files
from recorder.domainmodel import Hand
from formats.pbn import boards
from formats.transcript import parse

DEAL = "deal N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432"
# North T98.9876.T98.876, East 2.54.AKQJ.AKQJT9, South 76543.AKQJT.76.5, West AKQJ.32.5432.432
HEAD = f"hand u\ndealer S\n{DEAL}\ncontract 4H by S\n"
TRICK_1 = "play W SA\nplay N S8\nunknown E\nplay S S3\n"  # East's card not known: his one spade or not, no match for the SA


def fold(text: str):
    """The events of a transcript as the aggregate records them (a physical fault refused)."""
    lines = parse(text)
    hand = Hand.open(lines[0])
    hand.record_lines(lines[1:])
    return list(hand.collect_events())


def irregularities(evs) -> list:
    return rulings_at(evs).get("irregularities", [])


def test_a_card_not_known_is_played_in_turn_and_wins_nothing_it_could_not():
    evs = fold(HEAD + TRICK_1 + "play W D2\n")
    table = at(evs).table
    t = table.tricks[0]
    assert t.complete and t.winner(table.trump) == "W"  # East held spades: his card could not beat the ace
    assert table.won() == {"NS": 0, "EW": 1}
    assert [p.card.show() for p in t.cards] == ["♠A", "♠8", "?", "♠3"]
    assert table.unknown == {"E": 1} and len(table.hands["E"]) == 13  # his hand keeps its cards, one of them gone
    assert irregularities(evs) == [] and rulings_at(evs)["revokes"] == []


def test_a_trick_a_card_not_known_could_have_won_is_won_by_the_next_lead():
    # Trick 2: West's D2, North's D8, East's card not known (he holds AKQJ of diamonds), South's D6.
    trick_2 = "play W D2\nplay N D8\nunknown E\nplay S D6\n"
    for leader, won in (("E", {"NS": 0, "EW": 2}), ("N", {"NS": 1, "EW": 1})):
        card = {"E": "CA", "N": "C6"}[leader]
        evs = fold(HEAD + TRICK_1 + trick_2 + f"play {leader} {card}\n")
        table = at(evs).table
        assert table.tricks[1].may_win == frozenset({"N", "E"})
        assert table.won() == won, leader
        assert irregularities(evs) == [], leader  # whichever of them leads, he is taken to have won it
    # Before the next lead, who is to lead is not known.
    table = at(fold(HEAD + TRICK_1 + trick_2)).table
    assert table.tricks[1].winner(table.trump) is None and table.next_leader() is None


def test_a_failure_to_follow_after_a_card_not_known_is_sure_only_with_more_of_the_suit():
    # East's card not known at trick 1 (his one spade, or not): on a spade at trick 2 he plays a
    # club, his S2 perhaps gone already: suspected, not a revoke on record (L83 needs the suit held).
    text = HEAD + TRICK_1 + "play W SK\nplay N S9\nplay E C9\n"
    revokes = rulings_at(fold(text))["revokes"]
    assert [(r["seat"], r["card"], r["status"]) for r in revokes] == [("E", "C9", "suspected")]
    # His S2 played later shows he held it: a revoke (L83), established by that play to the next trick.
    text += "play S S4\nplay W SQ\nplay N ST\nplay E S2\n"
    revokes = rulings_at(fold(text))["revokes"]
    assert [(r["seat"], r["card"], r["status"]) for r in revokes] == [("E", "C9", "established")]
    # North, with no card not known, holding diamonds, is sure to revoke on a diamond he does not follow.
    revokes = rulings_at(fold(HEAD + TRICK_1 + "play W D2\nplay N H6\n"))["revokes"]
    assert [(r["seat"], r["card"], r["status"]) for r in revokes] == [("N", "H6", "correctable")]


def test_a_card_not_known_played_to_the_next_trick_establishes_a_revoke():
    # (duplicate-2017 L63A1: established when the offender or his partner plays to the next trick;
    # under the 1912 code the lead to it would establish it already, trick 1 counted as quitted)
    text = HEAD.replace("hand u", "hand u ruleset=duplicate-2017") + \
        "play W SA\nplay N H6\nplay E S2\nplay S S3\nplay W D2\nunknown N\n"
    revokes = rulings_at(fold(text))["revokes"]
    assert [(r["seat"], r["status"], r["status_event"]) for r in revokes] == [("N", "established", 10)]


def test_a_card_not_known_is_one_of_its_players_cards():
    west = "".join(f"play W {c}\n" for c in "SA SK SQ SJ H3 H2 D5 D4 D3 D2 C4 C3".split())
    with pytest.raises(TranscriptError, match="West has no card left to play .his last card was played unknown.: "
                                              "C2 was one of them"):
        fold(HEAD + west + "unknown W\nplay W C2\n")
    with pytest.raises(TranscriptError, match="West has no card left to play"):
        fold(HEAD + west + "play W C2\nunknown W\n")


# ---------------------------------------------------------------- PBN: '-' read on

def plays(board) -> list[str]:
    return [line.canonical for line in board.lines if line.kind in ("play", "unknown")]


def notes(board) -> list[str]:
    return [line.args["text"] for line in board.lines if line.kind == "note"]


def test_pbn_a_dash_before_a_card_is_a_card_not_known_never_a_card_skipped():
    """R16FIN2.PBN board 9 Open wrote 'SQ - SA -': East's SA was read as played before North."""
    board = board_list(GAME.replace("h2 H6 h4 ha", "h2 - h4 ha"))[0]
    assert plays(board)[4:] == ["play W H2", "unknown N", "play E H4", "play S HA"]
    evs = events(board)
    assert irregularities(evs) == []  # no card out of turn
    assert [(r["seat"], r["trick"]) for r in rulings_at(evs)["revokes"]] == [("E", 1)]  # trick 1's, as ever
    assert [line.canonical for line in board.lines if line.kind == "claim"] == ["claim S 9"]  # South won trick 2


def test_pbn_a_trick_a_card_not_known_could_have_won_is_read_to_its_end_and_the_play_stops_after_it():
    # Trick 2 led by West (his SA won trick 1): D2, North's D8, East's card not known (he holds AKQJ
    # of diamonds: it could beat the D8), South's D6: who won it, and so who led trick 3, is not known.
    # The trick is kept whole (issue 40: nothing of it dropped), the play stops after it.
    board = board_list(GAME.replace("h2 H6 h4 ha", "d2 d8 - d6"))[0]
    assert plays(board)[4:] == ["play W D2", "play N D8", "unknown E", "play S D6"]
    assert ("trick 2's winner is not known: East's card, not known ('-'), could have beaten North's D8, and who led "
            "trick 3 is not known; the play is recorded up to trick 2, read to its end: W D2, N D8, E -, S D6"
            ) in notes(board)
    # The claim from [Result] counts the trick whose winner is not known among the tricks it claims.
    assert [line.canonical for line in board.lines if line.kind == "claim"] == ["claim S 10"]
    table = at(events(board)).table
    assert table.won() == {"NS": 0, "EW": 1} and table.claim[:2] == ("S", 10)
    assert irregularities(events(board)) == []


def test_pbn_the_dashes_after_the_last_card_are_cards_not_played():
    board = board_list()[0]  # trick 3: '- H7 - -', the lead not known, as ever: recorded up to trick 2
    assert "unknown" not in " ".join(plays(board))
    text = GAME.replace("- H7 - -", "- - - D6")  # South (his HA won) leads D6, then the play stops
    board = board_list(text)[0]
    assert plays(board)[8:] == ["play S D6"]


def test_pbn_a_board_with_cards_not_known_exports_and_reads_back_the_same(tmp_path):
    f = tmp_path / "night.pbn"
    f.write_text(GAME.replace("h2 H6 h4 ha", "h2 - h4 ha"), encoding="utf-8")
    app = HandRecorder(str(tmp_path / "h.db"))
    import_files(app, [str(f)])
    hand_id = app.hand_ids()[0]
    assert "unknown N" in lines_of(app, hand_id)
    assert round_trip(app, hand_id, tmp_path) == lines_of(app, hand_id)


def test_pbn_a_trick_whose_winner_is_not_known_exports_and_reads_back_the_same(tmp_path):
    """Trick 2 'd2 d8 - d6', its winner not known: export-pbn wrote the reader's note on it as
    commentary after its last card, and the reader, which says it again from the trick, kept it
    twice (realdata's 1999 European Team Championships A1A13636.PBN, board 11 Closed)."""
    f = tmp_path / "night.pbn"
    f.write_text(GAME.replace("h2 H6 h4 ha", "d2 d8 - d6"), encoding="utf-8")
    app = HandRecorder(str(tmp_path / "h.db"))
    import_files(app, [str(f)])
    hand_id = app.hand_ids()[0]
    assert sum(x.startswith("note trick 2's winner is not known: ") for x in lines_of(app, hand_id)) == 1
    assert round_trip(app, hand_id, tmp_path) == lines_of(app, hand_id)


def _board(path: Path, suffix: str):
    return next(b for b in boards(path.read_bytes().decode("latin-1"), str(path)) if b.hand_id.endswith(suffix))


def test_real_a_marked_revoke_beside_two_cards_not_known_is_found_with_no_card_out_of_turn():
    """1997 European Team Championship, round 12, board 7 Open: 'S7 - ^R H5 -', then the claim.
    South's ruff holding spades, marked ^R, was found only by reading East's '-' as no card at all,
    which also made South's H5 a card played out of turn. West's '-', after the last card, is a
    card not played: the play stopped there."""
    board = _board(realdata("ContractBridge__pbn-files", "1997-European_Team_Championship", "O1o11212.pbn"), "/7/Open")
    assert plays(board) == ["play N S7", "unknown E", "play S H5"]
    evs = events(board)
    assert [(r["seat"], r["trick"], r["card"]) for r in rulings_at(evs)["revokes"]] == [("S", 1, "H5")]
    assert irregularities(evs) == []


def test_real_r16fin2_reads_on_past_its_cards_not_known():
    """1998 World Championships R16FIN2.PBN, whose Open room's rows hold many '-': board 3 Open
    kept two cards where it now keeps five tricks. Its trick 5 (N CK, E -, S -, W S5) stops it:
    South's three cards not known before may have been his three clubs, so his card may have been a
    trump (diamonds) that won the trick, and who led trick 6 is not known; the trick is read to its
    end (issue 40), West's S5 on the club lead with it. No board of the file shows a card out of
    turn (there were six)."""
    path = realdata_more("ContractBridge__pbn-files", "1998-World_Bridge_Championships", "R16FIN2.PBN")
    board = _board(path, "/3/Open")
    assert len(plays(board)) == 20 and plays(board)[:4] == ["play N H7", "play E HA", "unknown S", "unknown W"]
    assert plays(board)[-4:] == ["play N CK", "unknown E", "unknown S", "play W S5"]
    assert ("trick 5's winner is not known: South's card, not known ('-'), could have beaten North's CK, and who "
            "led trick 6 is not known; the play is recorded up to trick 5, read to its end: N CK, E -, S -, W S5"
            ) in notes(board)
    for b in boards(path.read_bytes().decode("latin-1"), str(path)):
        if not b.problem:
            assert irregularities(events(b)) == [], b.hand_id
