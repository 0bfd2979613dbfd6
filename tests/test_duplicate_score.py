"""Duplicate scoring (L77) for the rulesets duplicate-2017 and duplicate-1997: the scoring table,
the vulnerability from the board, the ruleset an import chooses, and the agreement with the
archives' own [Score] (issue 12, part 2)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from test_cli import run
from test_pbn import GAME

from bridge.cards import contract
from bridge.rulesets import archive_ruleset, duplicate_code
from projections import duplicate_score
from projections.duplicate_score import items, under_tricks
from projections.moment import at
from projections.score import CannotScore, score
from recorder.application import HandRecorder
from recorder.importer import import_files

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "store-v1.db"
DEAL = "N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432"


def ns(bid: str, tricks: int, vulnerable: bool) -> int:
    """The board's score for NS when North declares `bid` and his side wins `tricks`."""
    c = contract([bid, "by", "N"])
    return sum(i["points"] if i["side"] == "NS" else -i["points"] for i in items(c, tricks, vulnerable))


# ---------------------------------------------------------------- the L77 table


@pytest.mark.parametrize("bid, tricks, vul, expected", [
    ("2H", 8, False, 110), ("2H", 9, False, 140), ("1C", 7, True, 70), ("3D", 10, False, 130),  # part-scores
    ("1NT", 8, False, 120), ("2NT", 8, True, 120),
    ("3NT", 9, False, 400), ("3NT", 9, True, 600), ("4S", 10, False, 420), ("4H", 11, True, 650),  # games
    ("5C", 11, False, 400), ("5D", 11, True, 600),
    ("6S", 12, True, 1430), ("6NT", 12, False, 990), ("6C", 13, False, 940),  # small slams
    ("7NT", 13, True, 2220), ("7C", 13, False, 1440),  # grand slams
])
def test_law77_contracts_made(bid, tricks, vul, expected):
    assert ns(bid, tricks, vul) == expected


@pytest.mark.parametrize("bid, tricks, vul, expected", [
    ("1HX", 7, False, 160), ("1HX", 8, False, 260), ("1HX", 8, True, 360),  # part-score doubled, insult 50
    ("2HX", 8, False, 470), ("2HX", 8, True, 670), ("2SX", 9, True, 870),  # doubled into game
    ("1NTXX", 7, True, 760), ("1NTXX", 8, True, 1160), ("1NTXX", 8, False, 760),  # redoubled, insult 100
    ("6SX", 12, True, 1660), ("7NTXX", 13, True, 2980),
])
def test_law77_doubled_and_redoubled_contracts_made(bid, tricks, vul, expected):
    assert ns(bid, tricks, vul) == expected


@pytest.mark.parametrize("bid, short, vul, expected", [
    ("4S", 1, False, -50), ("4S", 3, True, -300),  # undoubled
    ("4SX", 1, False, -100), ("4SX", 2, False, -300), ("4SX", 3, False, -500), ("4SX", 4, False, -800),
    ("4SX", 5, False, -1100),  # doubled, not vulnerable: 100, 200, 200, then 300 each
    ("4SX", 1, True, -200), ("4SX", 2, True, -500), ("4SX", 4, True, -1100),  # doubled vulnerable
    ("4SXX", 1, False, -200), ("4SXX", 4, False, -1600), ("4SXX", 3, True, -1600),  # redoubled: twice
    ("7NTXX", 13, True, -7600),
])
def test_law77_under_tricks(bid, short, vul, expected):
    c = contract([bid, "by", "N"])
    assert ns(bid, 6 + c.level - short, vul) == expected
    assert under_tricks(short, c.doubling, vul) == -expected


def test_law77_each_item_names_its_law_and_column():
    its = items(contract(["2HX", "by", "E"]), 9, False)
    assert [(i["side"], i["column"], i["points"]) for i in its] == [
        ("EW", "trick", 120), ("EW", "premium", 100), ("EW", "premium", 300), ("EW", "premium", 50)]
    assert all(i["laws"] == ["77"] for i in its)


def test_the_1997_and_2017_codes_score_alike():
    # L77 is the same table in 1997, 2007 and 2017: one function serves both rulesets.
    a = score(at(_events("d1", "duplicate-1997", "tag Vulnerable EW")))
    b = score(at(_events("d1", "duplicate-2017", "tag Vulnerable EW")))
    assert a["score"] == b["score"] == {"NS": 420, "EW": -420}


# ---------------------------------------------------------------- hands recorded


def _events(hand_id: str, ruleset: str, *extra: str, contract_line: str = "contract 4S by N",
            tricks: int = 10) -> list:
    from conftest import events_of

    text = "\n".join([f"hand {hand_id} ruleset={ruleset}", "dealer N", f"deal {DEAL}", contract_line,
                      "play E S2", "play S S7", "play W SA", "play N S8", f"claim N {tricks}", *extra])
    return events_of(text)


def test_a_duplicate_hand_scores_under_law77_with_its_items():
    s = score(at(_events("d2", "duplicate-2017", "tag Vulnerable All", tricks=11)))
    assert (s["ruleset"], s["contract"], s["tricks"]) == ("duplicate-2017", "4S", {"NS": 11, "EW": 2})
    assert s["score"] == {"NS": 650, "EW": -650}
    assert s["NS"] == {"trick": 120, "honor": 0, "premium": 530, "total": 650}
    assert s["vulnerable"] == {"NS": True, "EW": True}
    assert any("Vulnerable tag" in n for n in s["notes"])


def test_the_1912_score_of_the_same_hand_is_unchanged():
    s = score(at(_events("a1", "auction-1912", tricks=10)))
    assert "score" not in s and s["NS"]["trick"] == 8  # L4: four odd tricks at 2 in spades


def test_vulnerability_from_the_board_number_by_the_standard_rotation():
    # Board 7: both vulnerable (the rotation repeats every 16 boards: board 23 is board 7).
    for board in ("7", "23"):
        s = score(at(_events("d3", "duplicate-2017", f"tag Board {board}")))
        assert s["vulnerable"] == {"NS": True, "EW": True} and s["score"]["NS"] == 620
        assert any(f"derived from board {board} by the standard rotation" in n for n in s["notes"])
    s = score(at(_events("d3", "duplicate-2017", "tag Board 3")))  # EW vulnerable
    assert s["vulnerable"] == {"NS": False, "EW": True} and s["score"]["NS"] == 420


def test_a_vulnerability_tag_wins_over_the_board_number():
    s = score(at(_events("d4", "duplicate-2017", "tag Board 1", "tag Vulnerable Both")))
    assert s["score"]["NS"] == 620


def test_without_vulnerability_or_board_number_the_score_cannot_be_given():
    with pytest.raises(CannotScore, match="neither its vulnerability .* nor a board number"):
        score(at(_events("d5", "duplicate-2017")))


def test_a_passed_out_board_scores_zero():
    from conftest import events_of

    s = score(at(events_of(f"hand p1 ruleset=duplicate-2017\ndealer N\ndeal {DEAL}\nauction pass pass pass pass\n")))
    assert (s["contract"], s["declarer"], s["score"], s["items"]) == ("Pass", None, {"NS": 0, "EW": 0}, [])


def test_royal_spades_has_no_meaning_under_a_duplicate_code():
    with pytest.raises(CannotScore, match="royal spades"):
        score(at(_events("d6", "duplicate-2017", "tag Vulnerable None", contract_line="contract 4R by N")))


def test_handrec_score_json_for_a_duplicate_hand(tmp_path):
    store = str(tmp_path / "h.db")
    f = tmp_path / "d.hand"
    f.write_text(f"hand dup-1 ruleset=duplicate-2017\ndealer S\ndeal {DEAL}\ncontract 3NTX by S\n"
                 "play W SA\nclaim S 8\ntag Vulnerable NS\n")
    run("record", str(f), store=store)
    s = json.loads(run("score", "dup-1", "--json", store=store).stdout)
    assert s["score"] == {"NS": -200, "EW": 200}  # 3NTX by S, 8 tricks: down one doubled, vulnerable
    assert s["items"] == [{"side": "EW", "column": "premium", "points": 200, "laws": ["77"],
                           "why": "1 under-trick doubled, vulnerable"}]
    text = run("score", "dup-1", store=store).stdout
    assert "score: NS" in text and "[L77]" in text


# ---------------------------------------------------------------- the ruleset an import chooses


def test_the_code_by_the_year():
    # The 2007 code from 2008 (its own ruleset since it differs from 2017 in L64B2/B7, L62C3,
    # L63A4: tests/test_duplicate_2007.py), the 2017 code from 2017 (WBF March 2017).
    assert duplicate_code(1997) == duplicate_code(2007) == "duplicate-1997"
    assert duplicate_code(2008) == duplicate_code(2016) == "duplicate-2007"
    assert duplicate_code(2017) == duplicate_code(2021) == "duplicate-2017"
    assert archive_ruleset("IMP", 1997) == "duplicate-1997"
    assert archive_ruleset("MP", None) == "duplicate-2017"
    assert archive_ruleset("", 2013) == "duplicate-2007"
    assert archive_ruleset("Rubber", 2013) == archive_ruleset("", None) == "auction-1912"


DATED = GAME.replace('[Event "Club night"]', '[Event "Club night"]\n[Date "1999.05.04"]\n[Vulnerable "EW"]')


def _import(tmp_path: Path, text: str, *args: str, store: str | None = None, name: str = "night.pbn"):
    folder = tmp_path / "club"
    folder.mkdir(exist_ok=True)
    f = folder / name
    f.write_text(text)
    store = store or str(tmp_path / "h.db")
    return run("import", str(f), *args, store=store, ok=False), store


def test_import_default_from_the_date_and_the_ruleset_option(tmp_path):
    p, store = _import(tmp_path, DATED)
    assert p.returncode == 0, p.stderr
    app = HandRecorder(store)
    first = at(app.hand_events("club/night.pbn/1/Open")).table
    assert first.ruleset == "duplicate-1997" and first.tags["Vulnerable"] == "EW"
    second = at(app.hand_events("club/night.pbn/2/Open")).table  # "#": the previous game's date
    assert second.ruleset == "duplicate-1997"
    p, store2 = _import(tmp_path, DATED, "--ruleset", "duplicate-2017", store=str(tmp_path / "h2.db"))
    assert at(HandRecorder(store2).hand_events("club/night.pbn/1/Open")).table.ruleset == "duplicate-2017"
    p, _ = _import(tmp_path, DATED, "--ruleset", "bridge-1066", store=str(tmp_path / "h3.db"))
    assert p.returncode != 0 and "--ruleset bridge-1066: not a known ruleset" in p.stderr
    assert "Traceback" not in p.stderr


def test_a_lin_record_is_read_as_duplicate():
    from formats import lin

    text = ("pn|a,b,c,d|st||md|3SKH4579QKAD69C58K,S569QAH3D5TJQAC69,S47H8TD248KC347QA,|ah|Board 6|sv|e|"
            "mb|p|mb|p|mb|p|mb|p|pg||")
    b = next(lin.boards(text, "club/t.lin"))
    assert b.lines[0].args["ruleset"] == "duplicate-2017"
    assert "tag Vulnerable EW" in [line.canonical for line in b.lines]
    assert lin.event_ruleset("Polish First Division 2003") == "duplicate-1997"


def test_a_board_stored_under_the_old_default_keeps_its_ruleset_and_its_id(tmp_path):
    # Stored as before this change (auction-1912), then imported again under the new default.
    p, store = _import(tmp_path, DATED, "--ruleset", "auction-1912")
    assert p.returncode == 0
    ids = HandRecorder(store).hand_ids()
    p, _ = _import(tmp_path, DATED, store=store)
    assert p.returncode == 0, p.stderr
    assert "refused" in p.stdout and "0 refused" in p.stdout
    assert "2 kept under auction-1912, the ruleset they were stored with" in p.stdout
    app = HandRecorder(store)
    assert app.hand_ids() == ids
    assert at(app.hand_events(ids[0])).table.ruleset == "auction-1912"


def test_reimporting_into_a_store_written_before_gives_the_same_ids(tmp_path):
    # tests/fixtures/store-v1.db holds tests/test_pbn.GAME imported as fixtures/night.pbn
    # (make_store_v1.py), before the Vulnerable tag and the duplicate codes.
    store = tmp_path / "store.db"
    shutil.copy(FIXTURE, store)
    before = HandRecorder(str(store)).hand_ids()
    folder = tmp_path / "fixtures"
    folder.mkdir()
    (folder / "night.pbn").write_text(GAME)
    p = run("import", str(folder / "night.pbn"), "--ruleset", "duplicate-2017", store=str(store), ok=False)
    assert "0 hands added" in p.stdout
    assert "1 kept under auction-1912, the ruleset it was stored with" in p.stdout
    # Board 2 is kept under its stored ruleset. Board 1 was read, when the fixture was written,
    # with a card of a trick whose lead is not known ('- H7 - -'), which the reader now keeps as a
    # note: that refusal is older than the duplicate codes, and never about the hand line.
    assert "night.pbn/2/Open refused" not in p.stderr
    assert "event 1 " not in p.stderr and "hand line" not in p.stderr
    assert HandRecorder(str(store)).hand_ids() == before
    assert at(HandRecorder(str(store)).hand_events("fixtures/night.pbn/2/Open")).table.ruleset == "auction-1912"


def test_the_vulnerable_tag_extends_a_board_stored_before_it(tmp_path):
    # A board stored before Vulnerable was read is extended by its tag line, its id unchanged.
    p, store = _import(tmp_path, DATED.replace('[Vulnerable "EW"]\n', ""))
    assert p.returncode == 0
    p, _ = _import(tmp_path, DATED, store=store)
    assert p.returncode == 0 and "1 extended" in p.stdout, p.stdout  # (game 2 gives no [Vulnerable])
    assert at(HandRecorder(store).hand_events("club/night.pbn/1/Open")).table.tags["Vulnerable"] == "EW"


# ---------------------------------------------------------------- agreement with the source


def test_the_source_score_read_from_either_side():
    from conftest import events_of

    def table(tags: str, declarer: str = "N"):
        return at(events_of(f"hand s ruleset=duplicate-2017\ndealer N\ndeal {DEAL}\ncontract 4S by {declarer}\n"
                            f"{tags}\n")).table

    assert duplicate_score.source_score(table("tag Score NS 420")) == 420
    assert duplicate_score.source_score(table("tag Score EW -100")) == 100
    assert duplicate_score.source_score(table("tag Score +620", "E")) == -620  # the declaring side's
    assert duplicate_score.source_score(table("tag Score about 400")) is None


def test_agreement_and_the_reasons_for_a_disagreement():
    agree = at(_events("g1", "duplicate-2017", "tag Vulnerable None", "tag Score NS 420"))
    a = duplicate_score.agreement(agree, score(agree))
    assert (a["agrees"], a["reason"], a["computed_ns"], a["source_ns"]) == (True, None, 420, 420)
    other = at(_events("g2", "duplicate-2017", "tag Vulnerable None", "tag Score NS -420"))
    assert duplicate_score.agreement(other, score(other))["reason"] == "other-side"
    result = at(_events("g3", "duplicate-2017", "tag Vulnerable None", "tag Result 11", "tag Score NS 450"))
    assert duplicate_score.agreement(result, score(result))["reason"] == "different-result"
    vul = at(_events("g4", "duplicate-2017", "tag Vulnerable None", "tag Score NS 620"))
    assert duplicate_score.agreement(vul, score(vul))["reason"] == "vulnerability"
    none = at(_events("g5", "duplicate-2017", "tag Vulnerable None"))
    assert duplicate_score.agreement(none, score(none))["agrees"] is None


def test_the_analysis_database_has_the_duplicate_score_and_the_agreement(tmp_path):
    import sqlite3

    clean = ('[Event "Club night"]\n[Date "2019.05.04"]\n[Board "1"]\n[Room "Open"]\n[Vulnerable "EW"]\n'
             f'[Dealer "S"]\n[Deal "{DEAL}"]\n[Declarer "S"]\n[Contract "4H"]\n[Result "10"]\n[Score "NS 420"]\n')
    p, store = _import(tmp_path, clean)
    assert p.returncode == 0, p.stderr
    run("export", str(tmp_path / "a.db"), store=store)
    conn = sqlite3.connect(tmp_path / "a.db")
    row = conn.execute("select duplicate_ns, source_score_ns, score_agrees, score_disagreement from hands "
                       "where id = 'club/night.pbn/1/Open'").fetchone()
    outcomes = dict(conn.execute("select outcome, hands from score_agreement").fetchall())
    conn.close()
    assert row == (420, 420, 1, None)  # 4H by S, ten tricks (its Result: no play), not vulnerable
    assert outcomes == {"agrees": 1}


# ---------------------------------------------------------------- the real archives


@pytest.mark.slow  # a real-archive-wide sweep: every board of a championship's files imported and scored
def test_real_archives_clean_boards_agree_with_their_score(tmp_path):
    from realdata import realdata

    folder = realdata("ContractBridge__pbn-files", "1997-Orbis_Bermuda_Bowl")
    app = HandRecorder(str(tmp_path / "real.db"))
    import_files(app, sorted(str(p) for p in folder.iterdir() if p.suffix.upper() == ".PBN"))
    compared = agreeing = 0
    for hand_id in app.iter_hand_ids():
        moment = at(app.hand_events(hand_id))
        t = moment.table
        if t.contract is None or moment.judge.revokes or t.tags.get("Result"):
            continue  # clean: no failure to follow suit, the source's result the record's
        try:
            s = score(moment)
        except CannotScore:
            continue
        a = duplicate_score.agreement(moment, s)
        if a["agrees"] is not None and s["complete"]:
            compared += 1
            agreeing += a["agrees"]
    # Measured with bench/score_agreement.py: 5,476 of 5,478 clean boards of all the real
    # archives agree (the two others are one deal whose [Score] is a trick less than its play).
    assert compared > 1000 and agreeing / compared >= 0.999, (agreeing, compared)


def test_the_score_counts_the_tricks_the_revoke_laws_transfer():
    # The one count of the transferred tricks is the rulings' (L64A, less the L64B exceptions):
    # the score is L77 on the tricks after it, `as_played` on the tricks as won.
    from conftest import events_of, example

    from projections.moment import rulings_at

    events = events_of(example("dup17-l64a1-offender-wins-the-revoke-trick") + "\ntag Vulnerable None\n")
    moved = rulings_at(events)["transfer"]
    s = score(at(events))
    assert sum(moved.values()) > 0 and s["penalty_tricks"] == sum(moved.values())
    assert s["tricks"]["NS"] - s["as_played"]["tricks"]["NS"] == moved["NS"] - moved["EW"]
    assert s["score"]["NS"] == ns("4H", s["tricks"]["NS"], False)
    assert s["as_played"]["score"]["NS"] == ns("4H", s["as_played"]["tricks"]["NS"], False)
    assert [t["laws"] for t in s["transfers"]] == [["64A1"]]
    assert any(n.startswith("L64C") for n in s["notes"])


def test_the_ruleset_reaches_every_process_and_export_pbn_writes_the_vulnerability(tmp_path):
    _, store = _import(tmp_path, DATED, name="a.pbn")
    second = tmp_path / "club" / "b.pbn"
    second.write_text(DATED)
    store2 = str(tmp_path / "jobs.db")
    run("import", "--jobs", "2", "--ruleset", "duplicate-2017", str(tmp_path / "club" / "a.pbn"), str(second),
            store=store2)
    app = HandRecorder(store2)
    assert {at(app.hand_events(h)).table.ruleset for h in app.hand_ids()} == {"duplicate-2017"}
    assert len(app.hand_ids()) == 4
    pbn = run("export-pbn", "club/a.pbn/1/Open", store=store).stdout
    assert '[Vulnerable "EW"]' in pbn


LATE_VULNERABLE = """hand late-vul ruleset=duplicate-2017
dealer S
deal N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432
contract 4H by S
play W SA
play N S8
play E S2
play S S3
quit EW
tag Vulnerable NS
"""


def test_the_vulnerability_is_a_fact_of_the_board_read_at_every_moment_though_tagged_late():
    """Issue 19, 4.4: a duplicate hand whose `tag Vulnerable` comes last is scored at every
    earlier moment (from its contract on), in the score, the room's replay and the report."""
    from conftest import events_of
    from projections.duplicate_score import board_facts
    from projections.moment import at
    from projections.replay import replay
    from review_room import expand
    from projections.report import report
    from projections.score import score

    events = events_of(LATE_VULNERABLE)
    board = board_facts(events)
    assert board == {"Vulnerable": "NS"}
    for n in range(4, len(events) + 1):
        s = score(at(events, n), board)
        assert s["vulnerable"] == {"NS": True, "EW": False}, n
        assert s == score(at(events[:n]), board_facts(events))  # --at N: a fresh fold of N events, the board's facts
    moments = expand(replay(events))["moments"]
    assert [m["score"] is not None for m in moments] == [False, False, False] + [True] * (len(events) - 3)
    assert report(events, 5)["score"]["vulnerable"] == {"NS": True, "EW": False}
    # Amended, the board's fact is the amended one, at every moment.
    amended = events_of(LATE_VULNERABLE + "amend 10 tag Vulnerable None -- the board says none\n")
    assert score(at(amended, 5), board_facts(amended))["vulnerable"] == {"NS": False, "EW": False}


def test_score_at_an_event_before_a_late_vulnerability_on_the_command_line(tmp_path):
    from test_cli import run

    (tmp_path / "late.hand").write_text(LATE_VULNERABLE)
    store = str(tmp_path / "h.db")
    run("record", str(tmp_path / "late.hand"), store=store)
    out = run("score", "late-vul", "--at", "5", store=store).stdout
    assert "vulnerable: NS (the board's Vulnerable tag, 'NS')" in out
