"""The LIN reader (`formats.lin`): small inline records, then the real BBO files of ../shared/realdata."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from projections.moment import rulings_at
from projections.score import tricks_won
from projections.moment import at
from formats import lin
from formats.archive import Board
from bridge.cards import side_of
from recorder.domainmodel import Hand

FILE = "/clubs/wronie/t1.lin"  # names the hands "wronie/t1.lin/..."

# Board 15 of forrestrice/bridge-bots sample.lin: dealer South; East's hand left empty.
DEAL = "md|1SQ982HQ82DKQ763CT,SJ643HKJ7653DCAQ4,SK5HADAJT52CJ9762,|"
# The same deal's hands by seat (East is the rest of the pack).
SOUTH, WEST, NORTH = "Q982.Q82.KQ763.T", "J643.KJ7653..AQ4", "K5.A.AJT52.J9762"
EAST = "AT7.T94.984.K853"


def read(text: str, file: str = FILE) -> list[Board]:
    return list(lin.boards(text, file))


def one(text: str) -> Board:
    [b] = read(text)
    return b


def texts(b: Board, kind: str | None = None) -> list[str]:
    return [line.text for line in b.lines if kind is None or line.kind == kind]


def record(b: Board) -> Hand:
    """The board's lines through the real aggregate (raises TranscriptError on an impossibility)."""
    h = Hand.open(b.lines[0])
    for line in b.lines[1:]:
        h.record(line)
    return h


# ---------------------------------------------------------------- the deal


@pytest.mark.parametrize("digit, seat", [("1", "S"), ("2", "W"), ("3", "N"), ("4", "E")])
def test_dealer_digit(digit, seat):
    b = one(f"md|{digit}{DEAL[4:]}ah|Board 1|")
    assert b.problem is None
    assert texts(b, "dealer") == [f"dealer {seat}"]
    assert texts(b, "deal")[0].startswith(f"deal {seat}:")


def test_hands_are_south_west_north_east_and_the_empty_fourth_is_the_rest():
    b = one(DEAL + "ah|Board 15|")
    assert texts(b, "deal") == [f"deal S:{SOUTH} {WEST} {NORTH} {EAST}"]
    h = record(b)
    assert all(len(held) == 13 for held in h.pack.held.values())


def test_fourth_hand_given_is_kept_and_ranks_are_read_in_any_order():
    b = one("md|3SKH4579QKAD69C58K,S569QAH3D5TJQAC69,S47H8TD248KC347QA,S2J3T8HJ26D73CT2J|")
    assert b.problem is None
    assert texts(b, "deal") == ["deal N:74.T8.K842.AQ743 JT832.J62.73.JT2 K.AKQ9754.96.K85 AQ965.3.AQJT5.96"]


@pytest.mark.parametrize("md, reason", [
    ("md|SQ982HQ82DKQ763CT,SJ643HKJ7653DCAQ4,SK5HADAJT52CJ9762,|", "dealer"),
    ("md|5SQ982HQ82DKQ763CT,SJ643HKJ7653DCAQ4,SK5HADAJT52CJ9762,|", "dealer"),
    ("md|1SQ982HQ82DKQ763CT,SJ643HKJ7653DCAQ4,SK5HADAJT52CJ9762,SK|", "twice"),
    ("md|1SQ982HQ82DKQ763CZ,SJ643HKJ7653DCAQ4,SK5HADAJT52CJ9762,|", "'Z'"),
    ("md|1Q982HQ82DKQ763CT,SJ643HKJ7653DCAQ4,SK5HADAJT52CJ9762,|", "'Q'"),
    ("md|1SAKQJT98765432H2,,,|", "14 cards"),
    ("md|1a,b,c,d,e|", "5 hands"),
])
def test_a_deal_that_does_not_parse_is_refused_on_its_line(md, reason):
    b = one(f"pn|a,b,c,d|st||\n{md}ah|Board 1|mb|p|")
    assert b.problem is not None and reason in b.problem
    assert b.problem_line == 2
    assert texts(b)[0].startswith("hand wronie/t1.lin/1")


# ---------------------------------------------------------------- the auction


def test_calls_make_the_auction_and_the_contract():
    b = one(DEAL + "ah|Board 15|mb|p|mb|1H|mb|2N!|an|both minors|mb|d|mb|3c|mb|r|mb|p|mb|P|mb|p|")
    # The alerted 2NT (`!`) and its explanation (`an|`) are the auction's, tied to the call (issue 38).
    assert texts(b, "auction") == ['auction pass 1H 2NT!"both minors" X 3C XX pass pass pass']
    # South deals: S pass, W 1H, N 2NT, E X, S 3C, W XX.
    assert texts(b, "contract") == ["contract 3CXX by S"]
    assert texts(b, "note") == []
    assert b.problem is None


def test_declarer_is_the_first_of_the_side_to_name_the_strain():
    b = one(DEAL + "mb|1S|mb|p|mb|2S|mb|p|mb|4S|mb|p|mb|p|mb|p|")
    assert texts(b, "contract") == ["contract 4S by S"]


def test_a_passed_out_board_has_no_contract_and_no_play():
    b = one(DEAL + "mb|p|mb|p|mb|p|mb|p|pg||")
    assert b.problem is None
    assert texts(b, "auction") == ["auction pass pass pass pass"]
    assert texts(b, "contract") == [] and texts(b, "play") == []
    record(b)
    b = one(DEAL + "mb|p|mb|p|mb|p|mb|p|pc|HA|")
    assert b.problem is not None and "no contract" in b.problem


def test_a_call_that_is_not_a_call_is_refused():
    b = one(DEAL + "mb|p|\nmb|8H|")
    assert b.problem is not None and "8H" in b.problem and b.problem_line == 2


def test_a_board_with_no_auction_is_only_the_deal():
    b = one("pn|a,b,c,d|st||" + DEAL + "rh||ah|Board 18|sv|n|pg||")
    assert b.problem is None
    assert [line.kind for line in b.lines if line.kind != "tag"] == ["hand", "dealer", "deal"]
    # The players and the board, after the rest (so that a board stored before them is only extended).
    assert [line.canonical for line in b.lines if line.kind == "tag"] == [
        "tag Board 18", "tag South a", "tag West b", "tag North c", "tag East d", "tag Vulnerable NS"]


# ---------------------------------------------------------------- the play


PLAYED = DEAL + "ah|Board 15|mb|p|mb|1H|mb|2N|mb|p|mb|3N|mb|p|mb|p|mb|p|pg||"


def test_each_card_is_played_by_the_seat_that_holds_it():
    b = one(PLAYED + "pc|H4|pc|H2|pc|HJ|pc|HA|pg||pc|DA|pc|d4|pc|D3|pc|S3|pg||")
    assert texts(b, "contract") == ["contract 3NT by N"]
    assert texts(b, "play") == [
        "play E H4", "play S H2", "play W HJ", "play N HA",
        "play N DA", "play E D4", "play S D3", "play W S3",
    ]
    h = record(b)
    assert rulings_at(h.collect_events())["revokes"] == []


def test_a_claim_gives_declarers_side_the_rest_it_says():
    # North wins the first trick, then claims: mc| is declarer's side's total (10).
    b = one(PLAYED + "pc|H4|pc|H2|pc|HJ|pc|HA|pg||mc|10|pg||")
    assert texts(b, "claim") == ["claim N 9"]
    won, done = tricks_won(at(record(b).collect_events()).table)
    assert done and won == {"NS": 10, "EW": 3}


def test_a_claim_that_does_not_fit_is_noted_and_kept_within_the_tricks_left():
    b = one(PLAYED + "pc|H4|pc|H2|pc|HJ|pc|HA|pg||mc|0|")
    assert texts(b, "claim") == ["claim N 0"]
    assert any("does not fit" in t for t in texts(b, "note"))


def test_a_claim_in_the_middle_of_a_trick_counts_that_trick_among_the_rest():
    b = one(PLAYED + "pc|H4|pc|H2|pc|HJ|pc|HA|pg||pc|DA|pc|D4|mc|10|")
    assert texts(b, "claim") == ["claim N 9"]


def test_a_mid_trick_claim_scores_the_records_total():
    b = one(PLAYED + "pc|H4|pc|H2|pc|HJ|pc|HA|pg||pc|DA|pc|D4|mc|10|")
    won, _ = tricks_won(at(record(b).collect_events()).table)
    assert won["NS"] == 10


def test_bad_cards_are_refused_on_their_line():
    head = PLAYED + "\n"
    b = one(head + "pc|H4|pc|H2|\npc|HZ|pc|HA|")
    assert b.problem is not None and "HZ" in b.problem and "not a card" in b.problem
    assert b.problem_line == 3
    b = one(head + "pc|H4|\npc|H4|")  # a card twice: kept up to the fault (tests/test_archive_faults.py)
    assert b.problem is None and b.fault is not None and "H4 is played a second time" in b.fault
    assert [line.lineno for line in b.lines if line.kind == "tag" and line.args["name"] == "Fault"] == [3]
    b = one(head + "pc|H4|pc|H2|pc|HJ|pc|HA|mc|10|\n\npc|S2|")
    assert b.problem is not None and "after the claim" in b.problem and b.problem_line == 4


def test_a_card_not_in_the_deal_ends_the_play_kept():
    # Only South's and West's hands are given: a card of neither cannot be placed; the board is kept
    # up to it, marked faulty (issue 12 part 3).
    b = one("md|1SQ982HQ82DKQ763CT,SJ643HKJ7653DCAQ4,,|mb|1S|mb|p|mb|p|mb|p|\npc|HA|")
    assert b.problem is None and b.fault is not None and "HA is not in the deal" in b.fault
    assert not [line for line in b.lines if line.kind == "play"]


# ---------------------------------------------------------------- notes


def test_commentary_and_explanations_are_notes_where_they_come():
    b = one("pn|a,b,c,d|\nnt|hello|\n" + PLAYED.replace("mb|2N|", "mb|2N!|\nnt|unusual?|\nan|minors|")
            + "\npc|H4|nt|lead   of the\n4|pc|H2|an||an|in play|")
    kinds = [(line.kind, line.text) for line in b.lines if line.kind != "tag"]
    notes = [(line.text, line.lineno) for line in b.lines if line.kind == "note"]
    assert notes == [
        ("note hello", 2),
        ("note unusual?", 4),
        ("note lead of the 4", 6),
        ("note alert: in play", 7),
    ]
    # Said during the auction: after the auction line, before the contract; in play: between the cards.
    order = [k for k, _ in kinds]
    assert order[:7] == ["hand", "dealer", "deal", "note", "auction", "note", "contract"]
    assert [text for k, text in kinds if k == "auction"] == ['auction pass 1H 2NT!"minors" pass 3NT pass pass pass']
    assert kinds[-4:] == [("play", "play E H4"), ("note", "note lead of the 4"), ("play", "play S H2"),
                          ("note", "note alert: in play")]
    assert b.problem is None


def test_an_alert_with_no_explanation_is_still_the_auctions():
    b = one(DEAL + "mb|1C!|mb|p|mb|p|mb|p|")
    assert texts(b, "auction") == ["auction 1C! pass pass pass"]
    assert texts(b, "note") == []
    [auction] = [line for line in b.lines if line.kind == "auction"]
    assert auction.args["alerts"] == [{"call": 1, "text": ""}]


def test_two_explanations_of_one_call_are_one_and_an_explanation_in_play_a_note():
    b = one(DEAL + "mb|1C|an|strong|an|16+|mb|p|mb|p|mb|p|pc|H4|an|count|")
    assert texts(b, "auction") == ['auction 1C!"strong 16+" pass pass pass']
    assert texts(b, "note") == ["note alert: count"]


# ---------------------------------------------------------------- boards, ids, source, lines


VUGRAPH = (
    "vg|Test Cup,Final,I,1,2,Home,0,Away,0|\n"
    "pn|Os,Ow,On,Oe,Cs,Cw,Cn,Ce|pg||\n"
    "qx|o1|st||" + DEAL + "sv|o|mb|p|mb|1H|nt|hi|pg||\n"
    "mb|2N|mb|p|mb|3N|mb|p|mb|p|mb|p|pc|H4|pc|H2|pc|HJ|pc|HA|mc|9|pg||\n"
    "qx|c1|st||" + DEAL + "sv|o|mb|p|mb|p|mb|p|mb|p|pg||\n"
)


def test_two_boards_in_one_vugraph_text():
    o, c = read(VUGRAPH)
    assert (o.hand_id, c.hand_id) == ("wronie/t1.lin/1/Open", "wronie/t1.lin/1/Closed")
    assert o.source == {"file": FILE, "board": "1", "room": "Open", "format": "lin", "event": "Test Cup",
                        "south": "Os", "west": "Ow", "north": "On", "east": "Oe", "vulnerable": "None"}
    assert (c.source["room"], c.source["south"], c.source["east"]) == ("Closed", "Cs", "Ce")
    assert [line.lineno for line in o.lines if line.kind in ("hand", "deal", "auction", "contract", "claim")] == \
        [3, 3, 3, 4, 4]
    assert texts(o, "claim") == ["claim N 8"]
    assert texts(c, "contract") == [] and c.lines[0].lineno == 5
    assert o.lines[0].args["source"] == o.source
    for b in (o, c):
        assert b.problem is None
        record(b)


def test_a_vugraph_board_without_a_deal_is_refused():
    [b] = read("qx|o3|\nmb|p|")
    assert b.problem is not None and "no deal" in b.problem and b.problem_line == 1


def test_single_board_files_hold_one_or_more_boards_each_with_its_names():
    text = ("pn|a,b,c,d|st||" + DEAL + "rh||ah|Board 15|sv|b|mb|p|mb|p|mb|p|mb|p|pg||"
            "pn|e,f,g,h|st||" + DEAL + "rh||ah|Board 15|sv|e|mb|p|mb|p|mb|p|mb|p|pg||")
    b1, b2 = read(text)
    assert b1.hand_id == "wronie/t1.lin/15" and b2.hand_id == "wronie/t1.lin/15/2"
    assert b1.source == {"file": FILE, "board": "15", "room": "", "format": "lin",
                         "south": "a", "west": "b", "north": "c", "east": "d", "vulnerable": "All"}
    assert (b2.source["south"], b2.source["vulnerable"]) == ("e", "EW")


def test_ids_are_deterministic_and_distinct():
    text = VUGRAPH + VUGRAPH.split("\n", 2)[2]  # the same two tables again
    first = [b.hand_id for b in read(text)]
    assert first == [b.hand_id for b in read(text)]
    assert first == ["wronie/t1.lin/1/Open", "wronie/t1.lin/1/Closed",
                     "wronie/t1.lin/1/Open/2", "wronie/t1.lin/1/Closed/2"]
    assert [b.hand_id for b in read(text, "/elsewhere/wronie/t1.lin")] == first
    assert read(DEAL, "/x/my board #3.lin")[0].hand_id == "x/my_board_3.lin/1"


def test_lines_are_where_each_pair_starts():
    text = ("pn|a,b,c,d|\n\n" + DEAL + "  \r\n  sv|o|nt|two\nlines|mb|1S|mb|p|\nmb|p|\n"
            "mb|p|pc|HK\n|pc|HA|\n\npc|H4|")
    b = one(text)
    assert [(line.kind, line.lineno) for line in b.lines if line.kind != "tag"] == [
        ("hand", 1), ("dealer", 3), ("deal", 3), ("note", 4), ("auction", 5), ("contract", 7),
        ("play", 7), ("play", 8), ("play", 10)]
    assert texts(b, "note") == ["note two lines"]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(["|", "md|", "mb|", "pc|", "mc|", "qx|o1|", "an|", "nt|", "\n", "p", "1N",
                                 "HA", "S", "2", "13", ",", DEAL, "pn|a,b|", "ah|Board x|", "!"]), max_size=40))
def test_no_input_makes_the_reader_raise(parts):
    for b in read("".join(parts)):
        if not b.hand_id:  # a problem outside any board (a value never closed before the first)
            assert b.problem
            continue
        assert b.lines[0].kind == "hand"
        if b.problem is None:
            record(b)


@settings(max_examples=100, deadline=None)
@given(st.text(alphabet=st.sampled_from("|mdbpcqxant1234SHDCAKQJT98765432NWEor!,\n ²٣"), max_size=80))
def test_no_text_makes_the_reader_raise(text):
    for b in read("md|1" + text):
        if not b.hand_id:  # a problem outside any board (a value never closed before the first)
            assert b.problem
            continue
        assert b.lines[0].kind == "hand"


# ---------------------------------------------------------------- the real files

from realdata import REALDATA  # noqa: E402
needs_realdata = pytest.mark.skipif(not REALDATA.is_dir(), reason=f"no real LIN files: {REALDATA} is absent")

WRONIE = "jarekczek__pbntools/test/test_8_bbo_wronie_20130824"
SKYCLUB = "jarekczek__pbntools/test/test_6_bbo_skyclub_20130810"
USBF = "forrestrice__bridge-bots/bridgebots/tests/resources/usbf_sf_14502.lin"
SAMPLE = "forrestrice__bridge-bots/bridgebots/tests/resources/sample.lin"
POLISH = "eitazhou__bridge_played_hands/lin_data/000/00035"
ENDPLAY = "dominicprice__endplay/tests/lin/example1.lin"
BBO = {"wronie": WRONIE, "skyclub": SKYCLUB, "sample": SAMPLE, "endplay": ENDPLAY}  # played on BBO
VUGRAPH_FILES = {"usbf": USBF, "polish": POLISH}  # entered by vugraph operators


def files_of(where: str) -> list[Path]:
    p = REALDATA / where
    return sorted(p.glob("**/*.lin")) if p.is_dir() else [p]


_cache: dict[str, list[tuple[Path, list[Board]]]] = {}


def boards_of(where: str) -> list[tuple[Path, list[Board]]]:
    if where not in _cache:
        _cache[where] = [(f, list(lin.boards(f.read_text(encoding="utf-8"), str(f)))) for f in files_of(where)]
    return _cache[where]


def tally(where: str) -> Counter:
    c: Counter = Counter()
    for _, bs in boards_of(where):
        for b in bs:
            kinds = Counter(line.kind for line in b.lines)
            c["boards"] += 1
            c["problems"] += b.problem is not None
            c["with play"] += kinds["play"] > 0
            c["all 52"] += kinds["play"] == 52
            c["claims"] += kinds["claim"] > 0
            c["passed out"] += kinds["auction"] == 1 and kinds["contract"] == 0
    return c


@needs_realdata
@pytest.mark.parametrize("name, where", [
    # wronie under `slow`: a real-archive-wide sweep (736 BBO boards recorded and ruled on, most of this module's time)
    pytest.param(name, where, marks=pytest.mark.slow) if name == "wronie" else (name, where)
    for name, where in [*BBO.items(), *VUGRAPH_FILES.items()]])
def test_every_real_board_reads_and_records_cleanly(name, where):
    ids: set[str] = set()
    for f, bs in boards_of(where):
        assert bs, f"{f}: no board"
        for b in bs:
            assert b.lines and b.lines[0].kind == "hand", b.hand_id
            assert b.hand_id not in ids
            ids.add(b.hand_id)
            assert b.problem is None, f"{b.hand_id}: {b.problem} (line {b.problem_line})"
            assert b.lines[1].kind == "dealer" and b.lines[2].kind == "deal"
            h = record(b)  # raises TranscriptError on a physical impossibility
            revokes = rulings_at(h.collect_events())["revokes"]
            assert revokes == [], f"{b.hand_id}: {revokes}"


@needs_realdata
def test_real_counts():
    assert tally(WRONIE) == Counter({"boards": 736, "with play": 726, "all 52": 468, "claims": 257,
                                     "passed out": 1})
    assert tally(SKYCLUB) == Counter({"boards": 44, "with play": 44, "all 52": 27, "claims": 15})
    assert tally(USBF) == Counter({"boards": 30, "with play": 30, "claims": 30})
    assert tally(POLISH) == Counter({"boards": 24, "with play": 23, "all 52": 2, "claims": 21})
    assert tally(ENDPLAY) == Counter({"boards": 8, "with play": 8, "all 52": 6, "claims": 2})


@needs_realdata
def test_usbf_names_rooms_and_commentary():
    [(_, bs)] = boards_of(USBF)
    assert [b.source["board"] for b in bs] == [str(n) for n in range(46, 61) for _ in range(2)]
    assert [b.source["room"] for b in bs[:2]] == ["Open", "Closed"]
    assert (bs[0].source["north"], bs[1].source["north"]) == ("Rodwell", "Martel")
    notes = [line for b in bs for line in b.lines if line.kind == "note"]
    assert sum(1 for n in notes if not n.text.startswith("note alert:")) == 549  # every nt| with text


@needs_realdata
@pytest.mark.parametrize("where", VUGRAPH_FILES.values())
def test_vugraph_contracts_agree_with_the_results_line(where):
    """rs| gives each table's contract and declarer (`4HE=`), in qx order."""
    [(f, bs)] = boards_of(where)
    rs = re.search(r"rs\|([^|]*)\|", f.read_text(encoding="utf-8")).group(1).split(",")
    assert len(rs) == len(bs)
    for b, r in zip(bs, rs):
        [contract] = texts(b, "contract") or ["-"]
        if contract == "-":
            assert texts(b, "auction") == [], b.hand_id  # 00035 open room board 1: a deal, no bidding
            continue
        bid, _, declarer = contract.split()[1:]
        assert re.sub(r"NT", "N", bid).replace("XX", "xx").replace("X", "x") == \
            re.sub(r"^(\d[CDHSN])([NESW])(x*).*$", r"\1\3", r), b.hand_id
        assert declarer == re.match(r"^\d[CDHSN]([NESW])", r).group(1), b.hand_id


@needs_realdata
@pytest.mark.parametrize("where", VUGRAPH_FILES.values())
def test_vugraph_results_at_trick_boundaries_agree_with_the_results_line(where):
    """Where the claim comes between tricks, the tricks recorded give rs|'s result."""
    [(f, bs)] = boards_of(where)
    rs = re.search(r"rs\|([^|]*)\|", f.read_text(encoding="utf-8")).group(1).split(",")
    checked = 0
    for b, r in zip(bs, rs):
        if not texts(b, "contract") or len(texts(b, "play")) % 4:
            continue
        t = at(record(b).collect_events()).table
        won, done = tricks_won(t)
        assert done, b.hand_id
        m = re.match(r"^(\d)[CDHSN][NESW]x*([=+-]\d*)$", r)
        assert m, r
        over = 0 if m.group(2) == "=" else int(m.group(2))
        assert won[side_of(t.contract.declarer)] == int(m.group(1)) + 6 + over, b.hand_id
        checked += 1
    assert checked >= 8
