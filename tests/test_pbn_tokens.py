"""PBN's section tokens that are not calls or cards (formats.pbn_tokens; PBN 2.1 §3.5 to §3.9): each
is kept for what it says, as a call, an explanation or a note, and a call that does not read keeps the
auction before it. Cases written from the standard's text and its reference implementation's test
games (../shared/realdata-3/timheilman__bridge-pbn, whose spec says what each token means)."""

from __future__ import annotations

import sqlite3
from typing import NamedTuple

import pytest

from formats import pbn
from handrec.export import export
from projections.moment import at
from formats.pbn_tokens import annotation_words, glyph, split_glued
from handrec.views import pbn_text
from realdata import realdata, realdata_3, realdata_more
from recorder.application import HandRecorder
from recorder.importer import import_files

DEAL = '[Deal "N:AKJT986.QJ3.4.Q6 32.K7654.T93.AJ5 ..AKQJ87652.K943 Q754.AT982..T872"]\n'


def board(auction: str = "", play: str = "", dealer: str = "N", first: str = "N", contract: str = "6S",
          declarer: str = "N", extra: str = ""):
    text = (f'[Board "1"]\n[Dealer "{dealer}"]\n{DEAL}'
            + (f'[Declarer "{declarer}"]\n[Contract "{contract}"]\n' if contract else "") + extra
            + (f'[Auction "{first}"]\n{auction}\n' if auction else "")
            + (f'[Play "E"]\n{play}\n' if play else ""))
    [b] = pbn.boards(text, "/x/tokens.pbn")
    assert b.problem is None, b.problem
    return b


def texts(b, kind: str | None = None) -> list[str]:
    return [line.text for line in b.lines if kind is None or line.kind == kind]


AUCTION = "1S Pass 2D Pass\n3S Pass 4NT Pass\n5D Pass 6D Pass\n6S Pass Pass Pass"
AUCTION_READ = "auction 1S pass 2D pass 3S pass 4NT pass 5D pass 6D pass 6S pass pass pass"


class Back(NamedTuple):
    """A PBN text imported, written back by export-pbn and imported again (as a user would)."""

    app: HandRecorder  # the first store
    hand_id: str
    written: str  # what export-pbn wrote
    first: list[str]  # the hand's events, its opening line left out (the id differs)
    again: list[str]  # the events of the hand the written text made


def imported_and_back(tmp_path, text: str) -> Back:
    source = tmp_path / "source.pbn"
    source.write_text(text)
    app = HandRecorder(str(tmp_path / "a.db"))
    assert import_files(app, [str(source)]).hands_added == 1
    [hand_id] = app.hand_ids()
    written = pbn_text(app.hand_events(hand_id))
    (tmp_path / "again.pbn").write_text(written)
    other = HandRecorder(str(tmp_path / "b.db"))
    report = import_files(other, [str(tmp_path / "again.pbn")])
    assert report.hands_added == 1 and not report.refused, report.refused
    return Back(app, hand_id, written, [e.line for e in app.hand_events(hand_id)][1:],
                [e.line for e in other.hand_events(other.hand_ids()[0])][1:])
def real_board_and_back(tmp_path, source, ending: str) -> tuple[list[str], list[str]]:
    """A real archive imported, its board whose id ends so written back by export-pbn and imported
    again: the board's events and those of the hand the written text made, their openings left out."""
    app = HandRecorder(str(tmp_path / "a.db"))
    import_files(app, [str(source)])
    [hand_id] = [h for h in app.hand_ids() if h.endswith(ending)]
    events = app.hand_events(hand_id)
    (tmp_path / "again.pbn").write_text(pbn_text(events))
    other = HandRecorder(str(tmp_path / "b.db"))
    assert import_files(other, [str(tmp_path / "again.pbn")]).hands_added == 1
    return [e.line for e in events][1:], [e.line for e in other.hand_events(other.hand_ids()[0])][1:]


PLAY = "D3 DA S5 D4\nHK D2 H2 HQ\nH7 D5 H8 HJ"


def test_the_tokens_words():
    assert split_glued("4S!") == ["4S", "!"] and split_glued("SA?!") == ["SA", "?!"]
    assert split_glued("!!!") == ["!!!"] and split_glued("4S") == ["4S"] and split_glued("SK!!!") == ["SK", "!!", "!"]
    assert glyph("$0") == 0 and glyph("$255") == 255 and glyph("$256") is None and glyph("$A") is None
    assert annotation_words("!") == "! (good)" and annotation_words("$4") == "$4 (very poor)"
    assert annotation_words("$13") == "$13"  # (PBN gives no meaning here: the glyph as written)


# ---------------------------------------------------------------- the auction section


def test_seats_before_the_dealer_are_hyphens_and_a_plus_leaves_the_auction_to_be_continued():
    """PBN 2.1 §3.5: [Auction "S"] with dealer E: South, West and North are '-'; '+': to be continued
    (the reference tests' game 32, a bidding problem)."""
    b = board("-  -  -  1C\n+", dealer="E", first="S", contract="")
    assert texts(b, "auction") == ["auction 1C"]
    assert "note the record's auction is to be continued here ('+'): the rest is not recorded" in texts(b)
    assert not texts(b, "contract")  # (an auction not over gives none)


def test_a_call_after_the_plus_is_not_read_and_said():
    b = board("1S Pass 2D Pass\n3S Pass + Pass")
    assert texts(b, "auction") == ["auction 1S pass 2D pass 3S pass"]
    assert "note the auction's tokens after its '+' (to be continued) are not read: Pass" in texts(b)
    assert texts(b, "contract") == ["contract 6S by N"]  # (the game's [Contract])


def test_an_insufficient_bid_accepted_stands_and_is_said():
    """PBN 2.1 §3.5 '^I' before a call: an insufficient bid, accepted (L27A1): the call stands."""
    b = board("1D ^I 1C Pass Pass\nPass", contract="1C", declarer="E")
    assert texts(b, "auction") == ["auction 1D 1C pass pass pass"]
    assert ("note the record marks call 2 (1C) an insufficient bid that was accepted (^I): it stands"
            in texts(b))


def test_a_player_skipped_keeps_the_auction_before_it_and_the_rest_as_recorded():
    """'^S' before a call: the player before its caller was skipped. An auction stored in rotation from
    the dealer cannot say who made the calls after it: kept up to the call before, the rest in a note;
    the contract is the game's [Contract], never one taken from a cut auction."""
    b = board("1S Pass ^S 2D 3S\nPass Pass Pass", contract="", declarer="")
    assert texts(b, "auction") == ["auction 1S pass"]
    [note] = [t for t in texts(b, "note") if "^S" in t]
    assert note == ("note the auction is recorded up to call 2: the record marks a player skipped (^S): its next "
                    "call was made out of rotation and accepted, which an auction kept in rotation cannot say; "
                    "the rest as recorded: ^S 2D 3S Pass Pass Pass")
    assert not texts(b, "contract")


def test_a_call_that_does_not_read_keeps_the_calls_before_it_never_the_auction_dropped():
    b = board("1S Pass 2D Pass\n3S 4NT/5D Pass Pass")
    assert texts(b, "auction") == ["auction 1S pass 2D pass 3S"]
    [note] = [t for t in texts(b, "note") if "4NT/5D" in t]
    assert note.startswith("note the auction is recorded up to call 5: '4NT/5D' is not a bid (")
    assert note.endswith("the rest as recorded: 4NT/5D Pass Pass")
    first = board("____ Pass 1S Pass")
    assert not texts(first, "auction")
    assert any(t.startswith("note no call of the auction is recorded: '____' is not a bid") for t in texts(first))


def test_a_call_after_the_auctions_end_is_a_note_not_a_call():
    """L39A: a call after the final pass is cancelled (as formats.lin reads its extra pass)."""
    b = board(AUCTION + " Pass")
    assert texts(b, "auction") == [AUCTION_READ]
    assert any(t.startswith("note a call after the auction's end: 'Pass'") for t in texts(b))


def test_annotations_on_calls_are_notes_at_the_records_end_naming_their_call():
    """At the end (`pbn._after_the_play`), as the tags: a board stored before the reader kept them is
    extended by them, never refused; each note names its call."""
    b = board("1S $13 Pass 2D! Pass\n3S ! Pass 4NT?! Pass\n5D Pass 6D Pass\n6S Pass Pass Pass")
    assert texts(b, "auction") == [AUCTION_READ]
    assert texts(b)[-4:] == [
        "note the record's annotation on call 1 (1S): $13",
        "note the record's annotation on call 3 (2D): ! (good)",
        "note the record's annotation on call 5 (3S): ! (good)",
        "note the record's annotation on call 7 (4NT): ?! (questionable)"]


def test_an_auction_not_read_is_said_never_dropped():
    no_dealer = pbn.boards(f'[Board "1"]\n{DEAL}[Auction "N"]\n1S Pass Pass Pass\n', "/x/t.pbn")
    [b] = list(no_dealer)
    assert not texts(b, "auction")
    assert texts(b, "note") == ["note the auction is recorded but not read: the game gives no [Dealer]; as "
                                "recorded, from N: 1S Pass Pass Pass"]
    other_seat = board("1S Pass Pass Pass", dealer="N", first="E")
    assert not texts(other_seat, "auction")
    assert ("note the auction is recorded but not read: [Auction \"E\"] puts its first call at E, and the dealer "
            "is N; as recorded: 1S Pass Pass Pass") in texts(other_seat)


def test_the_sample_with_a_suffix_of_its_own_keeps_its_auction():
    """forrestrice/bridge-bots' sample.pbn writes '2C ! Pass': its auction was dropped whole."""
    path = realdata("forrestrice__bridge-bots", "bridgebots", "tests", "resources", "sample.pbn")
    [first, *_] = [b for b in pbn.load(str(path))]
    assert texts(first, "auction")[0].startswith("auction 1H pass 1S")
    assert "note the record's annotation on call 5 (2C): ! (good)" in texts(first)


def test_the_reference_games_skipped_player_and_insufficient_bids():
    """The reference tests' game 3 ('- ^S 1D ^I 1C 4S ^I 3NT ^S ^S X 5H X AP', dealer N, [Auction
    "W"]): West's '-' is the seat before the dealer, and North was skipped before the first call."""
    path = realdata_3("timheilman__bridge-pbn", "spec", "resource", "reference_impl_tests", "correct_10.pbn")
    b = next(b for b in pbn.load(str(path)) if b.hand_id.endswith("correct_10.pbn/g3"))
    assert not texts(b, "auction")
    assert any(t.startswith("note no call of the auction is recorded: the record marks a player skipped (^S)")
               and t.endswith("the rest as recorded: ^S 1D ^I 1C 4S ^I 3NT ^S ^S X 5H X AP") for t in texts(b))
    assert texts(b, "contract") == ["contract 5HX by S"]


# ---------------------------------------------------------------- the play section


def test_a_plus_in_the_play_stops_it_where_it_stands_and_the_cards_before_it_in_play_are_read():
    """PBN 2.1 §3.6 ('+'): 'S3 C3 + SA' with [Play "E"]: North led SA (he won trick 3), East and South
    followed, West is to play (the reference tests' game 27)."""
    b = board(play=PLAY + "\nS3 C3 +  SA")
    assert texts(b, "play")[-3:] == ["play N SA", "play E S3", "play S C3"]
    assert "note the record's play is to be continued here ('+', PBN 2.1 §3.6): the rest is not recorded" in texts(b)
    assert not any(line.kind == "tag" and line.args["name"] == "Fault" for line in b.lines)


def test_a_card_after_the_plus_in_play_is_not_read_and_said():
    """'S3 + S7 SA': South is to play, so West's S7 after him is not read (the reference errors' game 8)."""
    b = board(play=PLAY + "\nS3 +  S7 SA")
    assert texts(b, "play")[-2:] == ["play N SA", "play E S3"]
    assert ("note trick 4's cards after its '+' (the play to be continued at S) are not read: W S7"
            in texts(b))


def test_a_plus_alone_after_whole_tricks_stops_the_play_there():
    b = board(play=PLAY + "\n+")
    assert len(texts(b, "play")) == 12
    assert "note the record's play is to be continued here ('+', PBN 2.1 §3.6): the rest is not recorded" in texts(b)


def test_annotations_on_cards_are_notes_at_the_records_end_naming_their_card():
    b = board(play="D3 $4 DA! S5 D4\nHK D2 H2 HQ\nH7 D5 H8 HJ")
    assert texts(b)[-2:] == ["note the record's annotation on D3 (trick 1): $4 (very poor)",
                             "note the record's annotation on DA (trick 1): ! (good)"]


def test_a_store_written_before_the_annotations_were_kept_is_extended_by_them(tmp_path):
    """tests/test_pbn.GAME's board 2 plays 'S3 $1': a store that holds it without the note (the
    reader before) takes the import again as an extension."""
    from test_pbn import GAME
    source = tmp_path / "night.pbn"
    source.write_text(GAME)
    app = HandRecorder(str(tmp_path / "s.db"))
    [_, second] = list(pbn.load(str(source)))
    assert second.lines[-1].text == "note the record's annotation on S3 (trick 1): $1 (good)"
    app.record("\n".join(line.text for line in second.lines[:-1]) + "\n")  # (as the reader before stored it)
    report = import_files(app, [str(source)])
    assert not report.refused and report.hands_extended == 1, report.summary()


def test_a_glyph_out_of_range_is_said_as_such():
    b = board(play="D3 DA $256 D4")
    assert b.fault.startswith("trick 1: [Play] '$256' is neither a card nor an annotation ($0 to $255)")


# ---------------------------------------------------------------- the store, and back


def test_an_empty_deal_is_said_as_empty():
    [b] = pbn.boards('[Board "1"]\n[Dealer "N"]\n[Deal ""]\n', "/x/t.pbn")
    assert b.problem == "the game's [Deal] is empty"


@pytest.mark.parametrize("last", ["S3 C3 + SA", "+", "S3 C3 - SA\n*", "- - - -"])
def test_a_board_with_every_token_comes_back_from_export_pbn_as_the_same_events(tmp_path, last):
    """Written back, a '+' is a '+' and a play that stops with no [Result] is `[Result "?"]` and '*':
    the reader's notes for them are not written as commentary, which it would read as notes again."""
    text = (f'[Board "1"]\n[Dealer "N"]\n{DEAL}[Declarer "N"]\n[Contract "6S"]\n[Auction "N"]\n'
            "1S $13 Pass 2D! Pass\n3S ^I 2S Pass 4NT Pass\n5D Pass 6D Pass\n6S Pass Pass Pass Pass\n"
            f'[Play "E"]\nD3 $4 DA! S5 D4\nHK D2 H2 HQ\nH7 D5 H8 HJ\n{last}\n')
    back = imported_and_back(tmp_path, text)
    assert back.again == back.first


# ---------------------------------------------------------------- review: tokens with no call to go on


@pytest.mark.parametrize("auction, follows", [
    (AUCTION + " ^I", "the auction's end"),
    ("1S Pass 2D Pass\n3S Pass 4NT Pass\n5D Pass 6D Pass\n6S ^I AP", "'AP'"),
    ("1S Pass 2D Pass\n3S Pass 4NT Pass\n5D Pass 6D Pass\n6S Pass Pass ^I +", "'+'"),
    (AUCTION + " ^I Pass", "'Pass', a call after the auction's end"),
])
def test_a_caret_i_before_no_bid_is_said_never_dropped(auction, follows):
    """'^I' marks the bid after it; with none ('AP', '+', the end, a call after the end) it was
    dropped without a word."""
    b = board(auction)
    assert (f"note the record's '^I' (an insufficient bid accepted) is followed by {follows}, not a bid: it "
            "marks no call of the auction") in texts(b)


def test_a_caret_i_before_a_token_that_cuts_the_auction_is_in_the_rest_as_recorded():
    b = board("1S Pass ^I - Pass")
    assert any(t.endswith("the rest as recorded: ^I - Pass") for t in texts(b))


def test_a_note_or_annotation_after_a_call_after_the_end_is_its_own_never_the_last_calls():
    """'6S Pass Pass Pass Pass =1= !': the note and the '!' follow the fifth pass, cancelled (L39A); they
    were the explanation of, and an annotation on, call 16, the auction's last pass."""
    b = board(AUCTION + ' Pass =1= !\n[Note "1:by mistake"]')
    assert texts(b, "auction") == [AUCTION_READ]  # (no alert on call 16)
    assert "note the auction's note =1= on a call after the auction's end ('Pass'): by mistake" in texts(b)
    assert "note the record's annotation on a call after the auction's end ('Pass'): ! (good)" in texts(b)
    assert not any("call 16" in t for t in texts(b))


@pytest.mark.parametrize("auction, read", [
    ("1S Pass 2D Pass\n3S Pass 4NT Pass\n5D Pass 6D Pass\n6S AP", AUCTION_READ),
    ("1S Pass 2D Pass\n3S Pass 4NT Pass\n5D Pass 6D Pass\n6S Pass AP", AUCTION_READ),
    ("1S Pass 2D Pass\n3S Pass 4NT Pass\n5D Pass 6D Pass\n6S AP!", AUCTION_READ),
    ("AP", "auction pass pass pass pass"),
])
def test_all_pass_is_the_passes_to_the_auctions_end(auction, read):
    """'AP' (all pass) is the passes that end the auction: three were added whatever came before, one
    too many after a pass, one too few for a hand passed out; 'AP!' cut the auction."""
    b = board(auction, contract="")
    assert texts(b, "auction") == [read]
    assert not any("is not a bid" in t for t in texts(b))


def test_hyphens_never_go_past_the_dealer():
    """'- - - - 1S' with [Auction "N"], dealer North: no seat comes before the dealer; four '-' read as
    a turn of the table put 1S at North without a word."""
    b = board("- - - - 1S Pass Pass Pass", contract="")
    assert not texts(b, "auction")
    assert any(t.startswith("note no call of the auction is recorded: a call the record does not give ('-')")
               for t in texts(b))


@pytest.mark.parametrize("last, said", [
    # North, who won trick 3, is to lead ('+' in his column): East's, South's and West's cards after it
    ("S3 C3 S7 +", "note trick 4's cards after its '+' (the play to be continued at N) are not read: E S3 S C3 W S7"),
    # '+' alone on its line, the next row's cards filling its row (read from North, who holds them so)
    ("+\nS3 C3 S7 SA", "note trick 4's cards after its '+' (the play to be continued at N) are not read: E S3 S C3 W S7"),
    # a row after a '+' row that holds no card
    ("+ - - -\nS2 D6 S4 SK", "note the play's tokens after its '+' (to be continued) are not read: S2 D6 S4 SK"),
])
def test_cards_after_a_plus_at_the_lead_are_said_never_dropped(last, said):
    """A '+' where the trick's lead stands stopped the play there, and the cards after it, in its row
    or the next, were dropped without a word."""
    b = board(play=PLAY + "\n" + last)
    assert len(texts(b, "play")) == 12
    assert said in texts(b)


@pytest.mark.parametrize("auction", ["-  -  -  1C\n+", "1S Pass 2D Pass\n3S Pass +", "1S Pass ^S 2D Pass", "1S Pass * 2D"])
def test_an_auction_left_open_comes_back_with_no_contract(tmp_path, auction):
    """A bidding problem (the reference tests' game 32: [Dealer "E"] [Auction "S"] '- - - 1C +') or an
    auction cut short has no contract: export-pbn wrote the last bid as [Contract] and [Declarer]
    ('1C', 'E'), a contract the source never gave, and the hand came back with it."""
    text = f'[Board "1"]\n[Dealer "E"]\n{DEAL}[Auction "{"S" if auction.startswith("-") else "E"}"]\n{auction}\n'
    back = imported_and_back(tmp_path, text)
    assert '[Contract ""]' in back.written and '[Declarer ""]' in back.written
    assert back.again == back.first
    # The table itself takes no contract from an auction still open (L22A: an auction ends with three
    # passes after a bid): the hand's moment, its contracts search and the analysis database say none.
    app, hand_id = back.app, back.hand_id
    assert at(app.hand_events(hand_id)).table.contract is None
    assert hand_id not in app.contracts()
    export(app, str(tmp_path / "analysis.db"), app.store_name)
    assert sqlite3.connect(tmp_path / "analysis.db").execute("select contract, declarer from hands").fetchall() == [
        (None, None)]


def test_a_transcripts_auction_left_open_makes_no_contract(tmp_path):
    """`auction 1H pass 2H` with no `contract` line: the table took the last bid (2H by its bidder)
    for the contract, though the auction was not over (L22A); a `contract` line still sets one."""
    hand = ("hand open-auction\ndealer N\n"
            "deal N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765\n")
    app = HandRecorder(str(tmp_path / "s.db"))
    app.record(hand + "auction 1H pass 2H\n")
    assert at(app.hand_events("open-auction")).table.contract is None
    app.record(hand.replace("open-auction", "closed") + "auction 1H pass 2H pass pass pass\n")
    assert str(at(app.hand_events("closed")).table.contract) == "2H by N"  # (L46: North named hearts first)
    app.record(hand.replace("open-auction", "said") + "auction 1H pass 2H\ncontract 2H by N\n")
    assert str(at(app.hand_events("said")).table.contract) == "2H by N"


def test_the_commentary_after_the_first_card_comes_back(tmp_path):
    """'H4 {Helgemo found the brilliant lead of the H4} H7 HK' (Cap98bu3.pbn, board 15): export-pbn wrote
    no commentary after the play's first card, so the note was lost on the way back."""
    text = (f'[Board "1"]\n[Dealer "N"]\n{DEAL}[Declarer "N"]\n[Contract "6S"]\n[Auction "N"]\n{AUCTION}\n'
            f'[Play "E"]\nD3 {{the lead}} DA S5 D4\nHK D2 H2 HQ\n')
    back = imported_and_back(tmp_path, text)
    assert "D3 {the lead} DA S5 D4" in back.written
    assert back.again == back.first


@pytest.mark.parametrize("play", [PLAY + "\n*\n{well played}", "D3 $4 {a poor lead} DA S5 D4\nHK D2 H2 HQ"])
def test_what_follows_the_note_on_the_plays_end_comes_back_after_it(tmp_path, play):
    """A play that stops with no [Result]: the reader says so ('the play ends before the thirteenth
    trick...'), and the commentary after the section comes after that note. export-pbn writes the note
    back as '*' and wrote the commentary after the last card, so it came back before the note."""
    text = (f'[Board "1"]\n[Dealer "N"]\n{DEAL}[Declarer "N"]\n[Contract "6S"]\n[Auction "N"]\n{AUCTION}\n'
            f'[Play "E"]\n{play}\n')
    back = imported_and_back(tmp_path, text)
    assert back.again == back.first


@pytest.mark.parametrize("after", ["-", "^S", "4NT/5D"])
def test_a_token_that_stops_the_reading_after_the_auctions_end_leaves_it_whole(after):
    """'6S Pass Pass Pass -': the auction is over when the '-' comes; it was taken as cut, and the game
    with no [Contract] had none, where its auction gives 6S by North (and export-pbn, writing 6S
    from the auction, brought the hand back with a contract line it did not have)."""
    b = board(AUCTION + " " + after, contract="")
    assert texts(b, "auction") == [AUCTION_READ]
    assert texts(b, "contract") == ["contract 6S by N"]


def test_an_auction_not_read_is_quoted_whole():
    """An auction of 40 calls with a note reference after each, under an [Auction] seat that is not
    the dealer's: the note quoted 160 characters of it and an ellipsis, the rest of the calls lost."""
    calls = " ".join(f"{c} =1=" for c in ["1C", "1D", "1H", "1S"] + ["Pass", "X", "XX", "2C"] * 9)
    b = board(calls + ' Pass Pass Pass\n[Note "1:alerted"]', dealer="N", first="E", contract="2C", declarer="W")
    [note] = [t for t in texts(b) if "not read" in t]
    assert note.endswith(calls + " Pass Pass Pass") and "…" not in note


def test_tokens_glued_to_their_call_or_card_are_read_as_their_pieces():
    """PBN 2.1 (as its reference implementation reads it): a call or card ends where a suffix, a glyph
    or a note reference begins: '4NT!$1', '2D=1=', 'D3!$1' (the review's finding 13; they cut the
    auction or the play before)."""
    b = board("1S Pass 2D=1= Pass\n3S Pass 4NT!$1 Pass\n5D Pass 6D Pass\n6S Pass Pass Pass",
              play="D3!$1 DA S5 D4", extra='[Note "1:transfer"]\n')
    assert texts(b, "auction") == ['auction 1S pass 2D!"transfer" pass 3S pass 4NT pass 5D pass 6D pass 6S pass pass '
                                   'pass']
    assert texts(b)[-4:] == ["note the record's annotation on call 7 (4NT): ! (good)",
                             "note the record's annotation on call 7 (4NT): $1 (good)",
                             "note the record's annotation on D3 (trick 1): ! (good)",
                             "note the record's annotation on D3 (trick 1): $1 (good)"]
    assert b.fault is None and len(texts(b, "play")) == 4


def test_a_play_seat_not_declarers_lho_is_said_once_after_the_way_back(tmp_path):
    """[Play "S"] with North declarer: the reader says the lead is taken as played. export-pbn writes
    the same [Play "S"] and not that note as commentary too, so the board read again says it once
    (before, the note came back twice, and once more at every round trip)."""
    text = ('[Event "x"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
            '[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"]\n'
            '[Declarer "N"]\n[Contract "1S"]\n[Result "7"]\n[Play "S"]\nS3 S2 SA S7\n*\n')
    back = imported_and_back(tmp_path, text)
    said = pbn.lead_not_lho("S")
    assert '[Play "S"]' in back.written and said not in back.written
    assert back.first == back.again and back.again.count(f"note {said}") == 1


FAULTY = ('[Event "x"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
          '[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"]\n'
          '[Declarer "N"]\n[Contract "1S"]\n[Result "9"]\n[Play "E"]\nS7 S3 S2 SA\nS8 S4 SK SQ\nCT C8 C2 CA\n*\n')


def test_a_play_kept_up_to_its_fault_comes_back_the_same_record(tmp_path):
    """A board whose play breaks a physical fact (trick 2: West plays SK, which North holds) is
    kept up to trick 1, `tag Fault` saying why, and no claim made of its [Result] (docs/archives.md,
    faults). export-pbn writes that play, a '*' after it and [Fault "TEXT"]: read back, the [Fault]
    is the record's again, so the board imported again is the same record. (Before, the reader did
    not read [Fault]: the fault was dropped without a word, and the '*' and [Result "9"] made a
    claim, 'claim N 8', that no record had given.)"""
    back = imported_and_back(tmp_path, FAULTY)
    fault = [line for line in back.first if line.startswith("tag Fault ")]
    assert len(fault) == 1 and "the play is recorded up to trick 1" in fault[0]
    assert f'[Fault "{fault[0][len("tag Fault "):]}"]' in back.written and "\n*\n" in back.written
    assert back.first == back.again
    assert not any(line.startswith("claim") for line in back.again)


def test_a_fault_said_beside_a_fault_the_reader_finds_is_kept_as_a_note(tmp_path):
    """A game whose [Fault] says one thing while its play breaks a physical fact of its own: the
    fault the reader finds stands (the record stops there), and what the [Fault] said is a note,
    never dropped."""
    text = FAULTY.replace('[Play "E"]', '[Fault "trick 3: something else"]\n[Play "E"]')
    source = tmp_path / "source.pbn"
    source.write_text(text)
    app = HandRecorder(str(tmp_path / "a.db"))
    assert import_files(app, [str(source)]).hands_added == 1
    lines = [e.line for e in app.hand_events(app.hand_ids()[0])]
    assert [x for x in lines if x.startswith("tag Fault ")] == [
        x for x in lines if x.startswith("tag Fault trick 2: ")]
    assert 'note its [Fault "trick 3: something else"] is not kept: the play breaks a physical fact of its own, ' \
           'where the record stops' in lines


def test_the_real_faulty_boards_come_back_the_same_record_through_export_pbn(tmp_path):
    """Every board of the reference implementation's errors file whose play is kept up to a
    fault, exported and imported again: the same record (its fault, no claim)."""
    source = realdata_3("timheilman__bridge-pbn", "spec", "resource", "reference_impl_tests", "errors_10.pbn")
    app = HandRecorder(str(tmp_path / "a.db"))
    import_files(app, [str(source)])
    faulty = [h for h in app.hand_ids() if any(e.line.startswith("tag Fault ") for e in app.hand_events(h))]
    assert len(faulty) >= 5
    for k, hand_id in enumerate(faulty):
        events = app.hand_events(hand_id)
        (tmp_path / f"{k}.pbn").write_text(pbn_text(events))
        other = HandRecorder(str(tmp_path / f"{k}.db"))
        report = import_files(other, [str(tmp_path / f"{k}.pbn")])
        assert report.hands_added == 1, (hand_id, report.refused)
        again = [e.line for e in other.hand_events(other.hand_ids()[0])][1:]
        first = [e.line for e in events][1:]
        assert [x for x in again if x.startswith("tag Fault ")] == [x for x in first if x.startswith("tag Fault ")]
        assert [x for x in again if x.startswith("claim")] == [x for x in first if x.startswith("claim")], hand_id


def test_a_hand_that_names_no_dealer_comes_back_through_export_pbn(tmp_path):
    """A record of a deal alone names no dealer; export-pbn writes [Dealer "?"], PBN's unknown
    value (§3.4), and the reader takes it as no dealer, as it takes an empty [Dealer]: the hand
    comes back the same (the reader refused it: "'?' is not a seat")."""
    text = ('[Event "x"]\n[Board "1"]\n'
            '[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"]\n')
    back = imported_and_back(tmp_path, text)
    assert '[Dealer "?"]' in back.written
    assert back.first == back.again and not any(line.startswith("dealer") for line in back.again)


def test_a_result_that_does_not_fit_the_play_is_said_once_after_the_way_back(tmp_path):
    """[Result "1"] after declarer has won the first three tricks: the reader says the result does
    not fit the play and records the claim as 0 of the 10 left. export-pbn writes that note as
    commentary after the play and the same [Result]; read back, the note is the record's already
    and is not said again (it came back twice, and once more at every round trip)."""
    text = ('[Event "x"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
            '[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"]\n'
            '[Declarer "N"]\n[Contract "1NT"]\n[Result "1"]\n[Play "E"]\nS7 S3 S2 SA\nS8 S4 H2 SK\nS9 S5 H3 SQ\n*\n')
    back = imported_and_back(tmp_path, text)
    said = "note the record's result (1 tricks) does not fit the play; the claim is recorded as 0 of the 10 remaining tricks"
    assert back.first.count(said) == 1 and "claim N 0" in back.first
    assert back.first == back.again


def test_a_note_holding_a_brace_that_opens_comes_back_as_it_was(tmp_path):
    """Commentary that holds '{' (a writer's nested aside: realdata's forrestrice sample.pbn, board
    1) is read with its '{' as text; export-pbn keeps it (it wrote '(' in its place), so the note
    comes back as it was. A '}' would end the commentary, and only it is written ')'."""
    text = ('[Event "x"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
            '[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"]\n'
            '{The host says {hello} to all}\n[Declarer "N"]\n[Contract "1S"]\n[Result "7"]\n')
    back = imported_and_back(tmp_path, text)
    notes = [line for line in back.first if line.startswith("note ")]
    assert notes and "{hello" in notes[0]
    assert back.first == back.again


def test_a_claim_before_any_card_comes_back_through_export_pbn(tmp_path):
    """A play section of '*' alone (a claim before the opening lead, [Result "10"], as boards of the
    2001 European Team Championships' files hold) is the claim of 10 tricks. export-pbn
    wrote no [Play] of a hand with no card, so the hand came back without its claim; it writes the
    section, '*' alone, and the hand comes back the same."""
    text = ('[Event "x"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
            '[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"]\n'
            '[Declarer "N"]\n[Contract "5D"]\n[Result "10"]\n[Play "E"]\n*\n')
    back = imported_and_back(tmp_path, text)
    assert "claim N 10" in back.first
    assert '[Play "E"]\n*\n' in back.written
    assert back.first == back.again


def test_notes_at_the_records_end_that_name_no_call_or_card_come_back_there(tmp_path):
    """Finding 11. The reader's notes at the record's end, after the tags, that name no call or card
    (an `=n=` that names no [Note], an annotation before any call) among those export-pbn writes as
    tokens: export-pbn wrote them as commentary after the last card, where the reader read them
    before the claim. They are written after [Ruleset], which the reader reads at the record's end,
    in their order (the annotation after them too, else it would come back before them)."""
    text = ('[Event "x"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n' + DEAL
            + '[Declarer "N"]\n[Contract "6S"]\n[Result "12"]\n[Auction "N"]\n'
            "! 1S =0= Pass 2D ! Pass =7=\n3S Pass 4NT Pass\n5D Pass 6D Pass\n6S Pass Pass Pass\n"
            '[Play "E"]\nD3 DA S5 D4\n*\n')
    back = imported_and_back(tmp_path, text)
    end = back.first[back.first.index("tag Vulnerable None") + 1:]
    assert end == ["note the record's annotation on the auction: ! (good)",
                   "note the auction's note reference =0= names no [Note]",
                   "note the record's annotation on call 3 (2D): ! (good)",
                   "note the auction's note reference =7= names no [Note]"]
    assert back.again == back.first


def test_what_follows_a_claim_comes_back_after_it(tmp_path):
    """Commentary after the play's '*' is kept after the claim the reader makes of it; export-pbn
    wrote it after the last card, where it came back before the claim."""
    text = ('[Event "x"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n' + DEAL
            + '[Declarer "N"]\n[Contract "6S"]\n[Result "12"]\n[Play "E"]\nD3 DA S5 D4\n* {claimed at trick 2}\n')
    back = imported_and_back(tmp_path, text)
    assert back.first[back.first.index("claim N 12") + 1] == "note claimed at trick 2"
    assert back.again == back.first


def test_the_real_boards_notes_at_the_end_come_back_after_the_claim(tmp_path):
    """Finding 11 on realdata's forrestrice sample.pbn, board 14 Open (`=0=` twice, naming no
    [Note], around an annotation, and a claim): exported and imported again, the same record."""
    first, again = real_board_and_back(
        tmp_path, realdata("forrestrice__bridge-bots", "bridgebots", "tests", "resources", "sample.pbn"),
        "sample.pbn/14/Open")
    assert "claim E 7" in first and "note the record's annotation on call 2 (2NT): ! (good)" in first
    assert again == first


def test_an_auction_not_read_and_what_follows_the_contract_come_back_each_in_its_place(tmp_path):
    """An auction not read is said at the record's end, and export-pbn writes no [Auction] of it:
    the note goes after [Ruleset], and the commentary the reader put after the contract goes before
    it (after [Ruleset], the reader would take it for the record's end)."""
    text = ('[Event "x"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n' + DEAL
            + '[Declarer "N"]\n[Contract "6S"] {a slam}\n[Result "12"]\n[Auction "X"]\n1S Pass\n')
    back = imported_and_back(tmp_path, text)
    assert back.first[back.first.index("contract 6S by N") + 1] == "note a slam"
    assert back.first[-1].startswith("note the auction is recorded but not read: [Auction \"X\"] names no seat")
    assert back.again == back.first


def test_a_passed_out_boards_result_comes_back_through_export_pbn(tmp_path):
    """A board passed out whose game says [Result "0"] (BBO's files say so): the record keeps it
    (`tag Result 0`, no contract to give it); export-pbn wrote [Result ""] of a hand with no
    contract, and the hand came back without it."""
    text = ('[Event "x"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n' + DEAL
            + '[Declarer "S"]\n[Contract "Pass"]\n[Result "0"]\n[Auction "N"]\nPass Pass Pass Pass\n')
    back = imported_and_back(tmp_path, text)
    assert "tag Result 0" in back.first and '[Result "0"]' in back.written
    assert back.again == back.first


def test_the_real_passed_out_board_comes_back_through_export_pbn(tmp_path):
    """realdata-more's BBO daylong of 2024-06-05 (lorserker/ben), board 8, passed out, [Result "0"]:
    exported and imported again, the same record (it came back without `tag Result 0`)."""
    first, again = real_board_and_back(
        tmp_path, realdata_more("lorserker__ben", "Boards", "BBO", "Ben & Friends Daily - 2024-06-05 Daylong.pbn"),
        "Daylong.pbn/8")
    assert "tag Result 0" in first
    assert again == first


def test_what_follows_a_claim_before_any_card_comes_back_after_it(tmp_path):
    """A claim before the opening lead, then commentary (1997 Generali Euro Team Championships
    L1L10404.PBN, board 2 Closed, holds its play so): export-pbn wrote the commentary with what
    came before the play, where it came back before the claim; it is the play section's, after '*'."""
    text = ('[Event "x"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n' + DEAL
            + '[Declarer "N"]\n[Contract "5D"]\n[Result "10"]\n[Play "E"]\n* {the play as the room had it}\n')
    back = imported_and_back(tmp_path, text)
    assert back.first[back.first.index("claim N 10") + 1] == "note the play as the room had it"
    assert '*\n{the play as the room had it}' in back.written
    assert back.again == back.first


def test_a_contract_the_record_does_not_state_is_not_written(tmp_path):
    """[Contract "3NX"] is not read (realdata's endplay example3.pbn writes its doubled contracts
    so), and the record holds no contract: export-pbn wrote the contract the auction ends in, which
    came back a contract line the record did not hold (its tag Declarer dropped as the contract's).
    It writes [Contract "?"], PBN's unknown, read as no contract; the note keeps what was written."""
    text = ('[Event "x"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n' + DEAL
            + '[Declarer "N"]\n[Contract "3NX"]\n[Result "9"]\n[Auction "N"]\n3NT X Pass Pass\nPass\n')
    back = imported_and_back(tmp_path, text)
    assert not any(x.startswith("contract ") for x in back.first) and "tag Declarer N" in back.first
    assert '[Contract "?"]' in back.written
    assert back.again == back.first


def test_a_backslash_in_a_tag_or_note_comes_back_as_it_was(tmp_path):
    """The reader keeps a backslash as written, but for the one before a quote (realdata's endplay
    example2.pbn explains calls with '2\\\\3' and '2\\3'); export-pbn doubled every backslash, as
    PBN 2.1 says, and each way back doubled it again. It writes a value so that the reader reads
    it back as it is."""
    text = ('[Event "a \\\\ b \\"c\\""]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n' + DEAL
            + '[Declarer "N"]\n[Contract "1NT"]\n[Result "7"]\n[Auction "N"]\n1NT =1= 2C =2= Pass Pass\nPass\n'
            '[Note "1:2\\\\3 usually"]\n[Note "2:2\\3, \\"both\\""]\n')
    back = imported_and_back(tmp_path, text)
    assert 'tag Event a \\\\ b "c"' in back.first
    assert back.first[2] == 'auction 1NT!"2\\\\3 usually" 2C!"2\\3, ""both""" pass pass pass'
    assert back.again == back.first


def test_a_game_with_no_board_comes_back_with_none(tmp_path):
    """A game that gives no [Board] (realdata-more's Greg_Foltz-Mini_Movie.pbn): its hand id calls
    it g1, and export-pbn wrote [Board "g1"], which came back a `tag Board g1` the record did not
    hold. It writes [Board "?"], PBN's unknown, which the record keeps no tag of."""
    text = '[Event "x"]\n[Dealer "N"]\n[Vulnerable "None"]\n' + DEAL + '[Declarer "N"]\n[Contract "1NT"]\n[Result "7"]\n'
    back = imported_and_back(tmp_path, text)
    assert back.hand_id.endswith("/g1") and not any(x.startswith("tag Board") for x in back.first)
    assert '[Board "?"]' in back.written
    assert back.again == back.first


def test_the_reference_errors_files_faulty_boards_come_back_line_for_line(tmp_path):
    """Every board of the reference errors file whose play is kept up to a fault, exported and
    imported again, line for line: board 4's fault is after its thirteenth trick, and its commentary
    after the fault came back before it, as the last card's (export-pbn wrote no '*' after thirteen
    tricks)."""
    source = realdata_3("timheilman__bridge-pbn", "spec", "resource", "reference_impl_tests", "errors_10.pbn")
    app = HandRecorder(str(tmp_path / "a.db"))
    import_files(app, [str(source)])
    faulty = [h for h in app.hand_ids() if any(e.line.startswith("tag Fault ") for e in app.hand_events(h))]
    assert any(h.endswith("errors_10.pbn/4") for h in faulty)
    for k, hand_id in enumerate(faulty):
        events = app.hand_events(hand_id)
        (tmp_path / f"{k}.pbn").write_text(pbn_text(events))
        other = HandRecorder(str(tmp_path / f"{k}.db"))
        assert import_files(other, [str(tmp_path / f"{k}.pbn")]).hands_added == 1
        assert [e.line for e in other.hand_events(other.hand_ids()[0])][1:] == [e.line for e in events][1:], hand_id


def test_a_note_on_a_card_after_a_tag_recorded_in_the_play_stays_on_its_card(tmp_path):
    """A tag recorded during the play (the Director called: `tag Director J.Smith`) is no end of the
    play: the note on a card after it is written after that card, and comes back there, where the
    writer took any tag or claim for the play's end and wrote every later note after the play's '*'
    (it came back after the claim: a note's place against the cards is what a ruling reads)."""
    app = HandRecorder(str(tmp_path / "a.db"))
    app.record("hand t\ndealer S\ndeal N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432\n"
               "auction 1H pass 4H pass pass pass\ncontract 4H by S\nplay W SA\ntag Director J.Smith\n"
               "play N S8\nplay E S2\nnote East hesitated before the S2\nplay S S3\nclaim S 10\n")
    written = pbn_text(app.hand_events("t"))
    assert "SA S8 S2 {East hesitated before the S2} S3\n*\n" in written
    (tmp_path / "t.pbn").write_text(written)
    other = HandRecorder(str(tmp_path / "b.db"))
    assert import_files(other, [str(tmp_path / "t.pbn")]).hands_added == 1
    back = [e.line for e in other.hand_events(other.hand_ids()[0])]
    assert back[back.index("play E S2") + 1] == "note East hesitated before the S2"


# A game with no play whose [Result] is kept (the record's tricks so far are no result), and whose
# reader says its annotation last: the made board of a review of 110407d.
NO_PLAY_ANNOTATED = ('[Event "Made"]\n[Board "1"]\n[Dealer "S"]\n[Vulnerable "None"]\n'
                     '[Deal "N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432"]\n'
                     '[Declarer "S"]\n[Contract "4H"]\n[Result "0"]\n[Auction "S"]\n1H! Pass 4H Pass\nPass Pass\n')


def test_a_result_kept_where_the_play_is_not_over_comes_last_of_all(tmp_path):
    """The kept [Result] comes after the reader's notes too: a store that holds the board as an
    earlier version read it (its [Result "0"] dropped, its annotation's note last) is extended by
    it, where it came before the note and the board was refused, and no correction could mend it
    (a line added goes after the note); and the hand comes back the same through export-pbn."""
    f = tmp_path / "made.pbn"
    f.write_text(NO_PLAY_ANNOTATED)
    (b,) = list(pbn.boards(f.read_text(), str(f)))
    lines = [line.text for line in b.lines]
    assert lines[-2:] == ["note the record's annotation on call 1 (1H): ! (good)", "tag Result 0"]
    app = HandRecorder(str(tmp_path / "s.db"))
    app.record("\n".join(lines[:-1]) + "\n")  # (as the reader before stored it)
    report = import_files(app, [str(f)])
    assert not report.refused and report.hands_extended == 1 and report.events_added == 1, report.summary()
    (tmp_path / "rt").mkdir()
    back = imported_and_back(tmp_path / "rt", NO_PLAY_ANNOTATED)
    assert back.again == back.first and back.first[-1] == "tag Result 0"
