"""Issue 40, the readings kept (part 3) and the messages (part 6): records that are clear are kept,
each irregular thing said in the record as what it is; what a refusal quotes is what the file has.
The real boards are read from ../shared/realdata-3 and realdata-more (skipped, saying why, when absent);
the rest are small generated files. Stores are real SQLite files."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
from pathlib import Path

import pytest

from projections.moment import at, rulings_at
from formats import lin, pbn
from recorder.application import HandRecorder
from recorder.importer import import_files

from realdata import realdata_3, realdata_more
from test_cli import HANDREC

MD = "md|3S76543HAKQJTD76C5,SAKQJH32D5432C432,ST98H9876DT98C876,|"  # North deals


def lines_of(app: HandRecorder, hand_id: str) -> list[str]:
    return [e.line for e in app.hand_events(hand_id)]


# ---------------------------------------------------------------- 3a: a call after the auction's end

ALPHA = "eduucaldas__AlphaBridge/BBO/raw_lin_data"
EXTRA_PASS = [("468/46850.lin", "31/Closed"), ("505/50500.lin", "8/Closed"), ("510/51000.lin", "33/Open"),
              ("514/51450.lin", "20/Closed"), ("515/51500.lin", "8/Open")]


def test_the_five_vugraph_boards_with_a_pass_after_the_auction_are_kept_the_pass_said_as_such(tmp_path):
    files = [str(realdata_3(*ALPHA.split("/"), *f.split("/"))) for f, _ in EXTRA_PASS]
    app = HandRecorder(str(tmp_path / "h.db"))
    report = import_files(app, files)
    assert [r for r in report.refused if "auction" in r.reason] == []
    for f, board in EXTRA_PASS:
        hand_id = f"{f}/{board}"
        stored = lines_of(app, hand_id)
        extra = [line for line in stored if "a call after the auction's end" in line]
        assert extra == [f"note a call after the auction's end: mb|p| (pass) comes after the auction's last pass; it "
                         "is not part of the auction (L39A: a call after the final pass is cancelled)"], hand_id
        [auction] = [line for line in stored if line.startswith("auction ")]
        assert auction.endswith("pass pass pass")
        assert any(line.startswith("contract ") for line in stored)
        assert sum(line.startswith("play ") for line in stored) > 0  # the rest of the board, kept
        assert not any(line.startswith("tag Fault") for line in stored)


def test_a_call_after_the_auction_or_during_the_play_is_a_note_and_the_board_is_stored(tmp_path):
    f = tmp_path / "extra.lin"
    f.write_text(f"pn|s,w,n,e|st||{MD}ah|Board 1|mb|p|mb|p|mb|4H|mb|p|mb|p|mb|p|mb|p|pc|SA|pc|S8|pc|S2|pc|S3|\n"
                 f"pn|s,w,n,e|st||{MD}ah|Board 2|mb|p|mb|p|mb|4H|mb|p|mb|p|mb|p|pc|SA|pc|S8|mb|d|pc|S2|pc|S3|\n")
    app = HandRecorder(str(tmp_path / "h.db"))
    report = import_files(app, [str(f)])
    assert report.refused == [] and report.hands_added == 2
    one = lines_of(app, f"{tmp_path.name}/extra.lin/1")
    assert "auction pass pass 4H pass pass pass" in one
    assert one.index("contract 4H by S") < one.index(next(x for x in one if "after the auction's end" in x))
    two = lines_of(app, f"{tmp_path.name}/extra.lin/2")
    assert any("mb|d| (X) comes after the play began" in x for x in two)
    assert sum(x.startswith("play ") for x in two) == 4


def test_a_call_after_the_auction_that_is_no_call_is_still_refused():
    [b] = lin.boards(f"{MD}ah|Board 1|mb|p|mb|p|mb|4H|mb|p|mb|p|mb|p|mb|9Z|", "/x/y.lin")
    assert b.problem is not None and "mb|9Z| is not a call" in b.problem


# ---------------------------------------------------------------- 3b: a contract taken from the auction

GIB = ("ThorvaldAagaard__Bridge-Robot-Utilities", "Example", "Match- GIBNS v GIBEW.pbn")


def test_the_gib_match_table_2_keeps_its_play_with_the_auctions_contract_said_as_such(tmp_path):
    """Table 2 of boards 1-4: an unclosed '{' comment swallows [Contract] and [Result] (it closes at
    the next comment's '}'); the auction outside it gives the contract, and each play is a legal
    52-card play with it. handrec stored no card and a result of 0."""
    app = HandRecorder(str(tmp_path / "h.db"))
    report = import_files(app, [str(realdata_3(*GIB))])
    assert report.refused == []
    expected = {1: ("2S by E", 8), 2: ("1NT by W", 10), 3: ("2NT by E", 8), 4: ("6H by E", 11)}
    for board, (contract, tricks) in expected.items():
        hand_id = f"Example/Match-_GIBNS_v_GIBEW.pbn/{board}/2"
        stored = lines_of(app, hand_id)
        assert f"contract {contract}" in stored
        assert sum(line.startswith("play ") for line in stored) == 52
        assert ("note a contract taken from the auction: the game gives no [Contract], and its auction ends in "
                f"{contract}") in stored
        assert not any(line.startswith(("tag Fault", "claim")) for line in stored)
        table = at(app.hand_events(hand_id)).table
        declaring = "NS" if contract[-1] in "NS" else "EW"
        assert table.won()[declaring] == tricks, hand_id


def test_a_game_with_no_contract_tag_takes_its_auctions_and_says_so():
    deal = '[Deal "N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432"]\n'
    text = (f'[Board "1"]\n[Dealer "N"]\n{deal}[Auction "N"]\nPass Pass 1H Pass\n2H Pass 4H AP\n'
            '[Play "W"]\nS2 ST S3 SA\n')
    [b] = pbn.boards(text, "/x/y.pbn")
    assert b.problem is None
    assert [line.canonical for line in b.lines if line.kind == "contract"] == ["contract 4H by S"]
    assert any("a contract taken from the auction" in line.canonical for line in b.lines)
    # An auction not over, or a [Contract] given, is not taken so.
    [b] = pbn.boards(text.replace("2H Pass 4H AP", "2H Pass 4H"), "/x/y.pbn")
    assert [line.canonical for line in b.lines if line.kind == "contract"] == []
    [b] = pbn.boards(text.replace('[Play "W"]', '[Contract "3H"]\n[Declarer "S"]\n[Play "W"]'), "/x/y.pbn")
    assert [line.canonical for line in b.lines if line.kind == "contract"] == ["contract 3H by S"]
    assert not any("a contract taken from the auction" in line.canonical for line in b.lines)


# ---------------------------------------------------------------- 6: what a refusal quotes


def test_a_rank_before_any_suit_letter_is_said_so():
    [b] = lin.boards("md|1JT,SAKQJT98765432,,|ah|Board 1|", "/x/y.lin")
    assert b.problem == "South's hand 'JT' in md| has the rank 'J' before any suit letter (S, H, D, C)"
    [b] = lin.boards("md|1SAKZ,,,|ah|Board 1|", "/x/y.lin")
    assert b.problem == "South's hand 'SAKZ' in md| has 'Z', which is not a suit or a rank"


def test_the_real_md_with_a_rank_before_its_suits_is_said_so(tmp_path):
    path = realdata_3("Anakin100100__zaobridge", "example.lin")
    problems = {b.hand_id: b.problem for b in import_boards(path)}
    assert problems["Anakin100100__zaobridge/example.lin/2/A"] == ("East's hand 'JT' in md| has the rank 'J' before any suit "
                                                     "letter (S, H, D, C)")
    assert problems["Anakin100100__zaobridge/example.lin/43/E"] == ("South's hand 'aA92H64C2' in md| has the rank 'a' before any "
                                                      "suit letter (S, H, D, C)")


def import_boards(path: Path) -> list:
    from recorder.importer import boards_of

    return list(boards_of(str(path)))


def test_a_character_that_is_no_rank_is_quoted_as_the_file_has_it():
    text = '[Board "1"]\n[Dealer "N"]\n[Deal "W:vKQT2.AT.J6542.85 - - -"]\n'
    [b] = pbn.boards(text, "/x/y.pbn")
    assert b.problem == "[Deal] West's hand 'vKQT2.AT.J6542.85' has 'v', which is not a rank"


def test_the_real_deal_with_a_lower_case_letter_is_quoted_in_lower_case():
    path = realdata_3("timheilman__bridge-pbn", "spec", "resource", "reference_impl_tests", "errors_10.pbn")
    problems = {b.hand_id: b.problem or b.fault for b in import_boards(path)}
    assert problems["reference_impl_tests/errors_10.pbn/g10"] == ("[Deal] West's hand 'vKQT2.AT.J6542.85' has 'v', "
                                                                  "which is not a rank")
    assert problems["reference_impl_tests/errors_10.pbn/g45"].startswith(
        "trick 1: [Play] '!!!' is not a card (suit S H D C, then rank, e.g. SA or H10);")
    # '{F1} ! {F2} $2 {F3} =3= {F4} D4 ...': the '!' and '$2' after D3, tokens of their own, are the
    # writer's annotations on D3 (PBN 2.1 §3.8), kept as notes, and the play is read on
    # (formats.pbn_tokens); the '!' was a card not read before, and cut the play at trick 2.
    assert problems["reference_impl_tests/errors_10.pbn/1/5"] is None
    board = next(b for b in import_boards(path) if b.hand_id == "reference_impl_tests/errors_10.pbn/1/5")
    # (at the record's end, naming their card: `pbn._after_the_play`)
    assert [line.text for line in board.lines][-2:] == [
        "note the record's annotation on D3 (trick 5): ! (good)",
        "note the record's annotation on D3 (trick 5): $2 (poor)"]
    assert sum(line.kind == "play" for line in board.lines) == 25


def test_a_play_token_of_suffixes_only_is_quoted_whole():
    text = ('[Board "1"]\n[Dealer "N"]\n[Deal "W:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. '
            '...AKQJT98765432"]\n[Declarer "S"]\n[Contract "7NT"]\n[Play "W"]\nSK !!!\n')
    [b] = pbn.boards(text, "/x/y.pbn")
    assert b.fault is not None and b.fault.startswith("trick 1: [Play] '!!!' is not a card (suit S H D C")
    assert "''" not in b.fault


# ---------------------------------------------------------------- 3c: a trick whose winner is not known


def test_r16fin2_board_9_open_keeps_its_second_trick_whole_wests_club_on_the_spade_lead_with_it():
    """1998 World Championships R16FIN2.PBN board 9 Open: trick 2 'C4 C5 S9 -' (columns W N E S),
    led by East's S9; South's card not known could have been his SJ. The trick was cut at South's
    '-', and West's C4 on the spade lead (West holding spades) with it."""
    path = realdata_more("ContractBridge__pbn-files", "1998-World_Bridge_Championships", "R16FIN2.PBN")
    board = next(b for b in import_boards(path) if b.hand_id.endswith("R16FIN2.PBN/9/Open"))
    played = [line.canonical for line in board.lines if line.kind in ("play", "unknown")]
    assert played == ["play W SQ", "unknown N", "play E SA", "unknown S",
                      "play E S9", "unknown S", "play W C4", "play N C5"]
    [note] = [line.args["text"] for line in board.lines if line.kind == "note" and "winner" in line.args["text"]]
    assert note == ("trick 2's winner is not known: South's card, not known ('-'), could have beaten East's S9, and who "
                    "led trick 3 is not known; the play is recorded up to trick 2, read to its end: E S9, S -, W C4, N C5")


def test_r16fin2_board_9_open_stored_shows_wests_failure_to_follow(tmp_path):
    path = realdata_more("ContractBridge__pbn-files", "1998-World_Bridge_Championships", "R16FIN2.PBN")
    app = HandRecorder(str(tmp_path / "h.db"))
    report = import_files(app, [str(path)])
    assert report.refused == []
    events = app.hand_events("1998-World_Bridge_Championships/R16FIN2.PBN/9/Open")
    assert [(r["seat"], r["trick"], r["card"]) for r in rulings_at(events)["revokes"]] == [("W", 2, "C4")]


# ---------------------------------------------------------------- 5: the year of a vugraph hand

VUGRAPH = ("vg|Polish First Division 2003,Round 1,I,1,2,A,0,B,0|rs|,|pn|s1,w1,n1,e1,s2,w2,n2,e2|pg||\n"
           f"qx|o1|{MD}sv|o|mb|p|mb|p|mb|4H|mb|p|mb|p|mb|p|pg||\n")


def test_a_vugraph_hand_has_its_titles_year_as_its_date(tmp_path):
    f = tmp_path / "vg.lin"
    f.write_text(VUGRAPH)
    [b] = lin.boards(VUGRAPH, str(f))
    tags = [line.canonical for line in b.lines if line.kind == "tag"]
    assert tags[-2:] == ["tag Vulnerable None", "tag Date 2003.??.??"]  # after every other tag
    [b] = lin.boards(VUGRAPH.replace(" 2003", ""), str(f))
    assert not any(line.canonical.startswith("tag Date") for line in b.lines)


def test_a_vugraph_hand_stored_without_its_date_is_extended_by_it(tmp_path):
    f = tmp_path / "vg.lin"
    f.write_text(VUGRAPH)
    [b] = lin.boards(VUGRAPH, str(f))
    app = HandRecorder(str(tmp_path / "h.db"))
    app.record_lines(b.lines[:-1])  # as a version that did not store the year stored it
    report = import_files(app, [str(f)])
    assert (report.hands_added, report.hands_extended, report.refused) == (0, 1, [])
    assert lines_of(app, b.hand_id)[-1] == "tag Date 2003.??.??"


def test_the_real_vugraph_hands_have_their_year(tmp_path):
    files = [str(realdata_3(*ALPHA.split("/"), *f.split("/"))) for f, _ in EXTRA_PASS[:2]]
    app = HandRecorder(str(tmp_path / "h.db"))
    import_files(app, files)
    dates = {line for hand_id in app.hand_ids() for line in lines_of(app, hand_id) if line.startswith("tag Date")}
    assert dates and all(d.endswith(".??.??") and d[9:13].isdigit() and 2015 <= int(d[9:13]) <= 2017 for d in dates)


# ---------------------------------------------------------------- 5: what an analyst needs

GAME = ('[Event "club"]\n[Board "1"]\n[Room "Open"]\n[Dealer "N"]\n'
        '[Deal "N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432"]\n'
        '[Declarer "S"]\n[Contract "4H"]\n[Result "10"]\n')


def handrec(*args: str, store: Path, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "HANDREC_STORE": str(store)}
    return subprocess.run([HANDREC, *args], capture_output=True, text=True, env=env, cwd=cwd, timeout=120)


def stored_files(store: Path) -> set[str]:
    with sqlite3.connect(store) as db:
        rows = db.execute("select state from stored_events where topic like '%Hand.Opened'").fetchall()
    return {json.loads(state)["source"]["file"] for (state,) in rows}


def test_a_hand_names_its_file_relative_to_the_imports_root_said_once(tmp_path):
    archive = tmp_path / "machine" / "home" / "ann" / "archives"
    (archive / "club").mkdir(parents=True)
    (archive / "club" / "night one.pbn").write_text(GAME)
    (archive / "vg.lin").write_text(VUGRAPH)
    store = tmp_path / "h.db"
    p = handrec("import", str(archive), store=store, cwd=tmp_path)  # by its full path
    assert p.returncode == 0, p.stderr
    assert stored_files(store) == {"club/night one.pbn", "vg.lin"}  # never /…/machine/home/ann/…
    assert p.stdout.strip().endswith(f"; files named relative to {archive}")
    assert p.stdout.count(str(archive)) == 1
    # From the folder itself, the paths are as given: nothing more to say; the hands are the same.
    again = handrec("import", "club", "vg.lin", store=store, cwd=archive)
    assert "0 hands added (0 events), 2 already stored" in again.stdout and "relative to" not in again.stdout
    # The scan and the export read the same source.
    rows = handrec("scan", "--json", "--irregularities", store=store, cwd=tmp_path)
    assert str(tmp_path) not in rows.stdout
    # Several processes name them alike.
    other = tmp_path / "other.db"
    p = handrec("import", "--jobs", "2", str(archive), store=other, cwd=tmp_path)
    assert p.returncode == 0 and stored_files(other) == {"club/night one.pbn", "vg.lin"}


def test_a_hand_stored_with_a_machines_path_is_found_again_by_a_relative_one(tmp_path):
    archive = tmp_path / "a"
    archive.mkdir()
    (archive / "x.pbn").write_text(GAME)
    app = HandRecorder(str(tmp_path / "h.db"))
    first = import_files(app, [str(archive / "x.pbn")])  # as an earlier version: no root, the path as given
    assert first.hands_added == 1
    again = import_files(app, [str(archive / "x.pbn")], root=str(archive))
    assert (again.hands_added, again.already, again.refused) == (0, 1, [])


def test_the_progress_bar_says_boards_done_and_left_and_the_time_left(tmp_path):
    from handrec.cli_archives import Progress, progress_text

    assert progress_text(1234, 11766, 12.4) == "1,234 boards done, 11,766 left, 0:00:12 left"
    assert progress_text(1, 0, None) == "1 board done, 0 left"
    assert progress_text(0, 5, 3725) == "0 boards done, 5 left, 1:02:05 left"
    # A PBN file's games: a second table's game gives no [Deal] (it takes the one before it), and
    # blank lines, CRLF and a header of comments change nothing.
    second_table = "\n".join(line for line in GAME.replace('"1"', '"2"').splitlines() if not line.startswith("[Deal "))
    pbn = tmp_path / "a.pbn"
    pbn.write_bytes(("% PBN 2.1\n" + GAME + "\n\n\n" + second_table + "\n").replace("\n", "\r\n").encode())
    lin = tmp_path / "b.lin"
    lin.write_text(VUGRAPH * 3)
    now = [100.0]
    progress = Progress([str(pbn), str(lin)], clock=lambda: now[0])
    assert progress.deals == {str(pbn): 2, str(lin): 3} and progress.text() == "0 boards done, 5 left"
    # The work: a PBN file's lines, a LIN file's items; the time left at the pace of the work done.
    assert progress.work == {str(pbn): progress.lines[str(pbn)], str(lin): VUGRAPH.count("|") * 3 / 2}
    now[0] = 110.0
    progress.board(str(pbn), progress.lines[str(pbn)] // 2)
    done = progress.work[str(pbn)] * (progress.lines[str(pbn)] // 2) / progress.lines[str(pbn)]
    assert progress.work_done == done  # (ten seconds for this much: the rest at that pace)
    assert progress.text() == f"1 board done, 4 left, 0:00:{round(10 * (progress.work_total - done) / done):02} left"
    progress.file_done(str(pbn))
    progress.board(str(lin), progress.lines[str(lin)] // 3)  # (the first of three boards alike)
    assert progress.work_done == progress.work[str(pbn)] + progress.work[str(lin)] / 3
    progress.finish(4)  # (the boards read, where the count ahead was another)
    assert progress.text() == "4 boards done, 0 left, 0:00:00 left"


def test_list_finds_a_board_by_a_part_of_its_id_its_file_or_its_board(tmp_path):
    archive = tmp_path / "arch"
    archive.mkdir()
    (archive / "Match- A v B.pbn").write_text(GAME + "\n" + GAME.replace('"1"', '"2"'))
    (archive / "vg.lin").write_text(VUGRAPH)
    store = tmp_path / "h.db"
    assert handrec("import", "arch", store=store, cwd=tmp_path).returncode == 0
    every = handrec("list", store=store, cwd=tmp_path).stdout.split()
    assert every == ["arch/Match-_A_v_B.pbn/1/Open", "arch/Match-_A_v_B.pbn/2/Open", "arch/vg.lin/1/Open"]
    assert handrec("list", "--like", "Match- A v B.pbn/2", store=store, cwd=tmp_path).stdout.split() == [every[1]]
    assert handrec("list", "--like", "arch/*/1/open", store=store, cwd=tmp_path).stdout.split() == [every[0], every[2]]
    assert handrec("list", "--board", "1", store=store, cwd=tmp_path).stdout.split() == [every[0], every[2]]
    assert handrec("list", "--file", "*.lin", store=store, cwd=tmp_path).stdout.split() == [every[2]]
    none = handrec("list", "--like", "nothing", store=store, cwd=tmp_path)
    assert none.returncode == 1 and none.stdout == ""
    assert none.stderr.startswith("handrec: no stored hand matches --like 'nothing' (an archive's hand id is")


def test_an_unknown_archive_id_is_answered_with_advice_for_archives(tmp_path):
    store = tmp_path / "h.db"
    (tmp_path / "x.pbn").write_text(GAME)
    handrec("import", "x.pbn", store=store, cwd=tmp_path)
    p = handrec("show", "Match- GIBNS v GIBEW.pbn/1/2", store=store, cwd=tmp_path)
    assert p.returncode == 1
    assert "handrec import FILE" in p.stderr and "handrec record" not in p.stderr
    assert "(as an id spells it: 'Match-_GIBNS_v_GIBEW.pbn/1/2')" in p.stderr
    assert "handrec list --like" in p.stderr
    p = handrec("show", "club/b7", store=store, cwd=tmp_path)  # a transcript's id: as before
    assert "record it first with 'handrec record FILE'" in p.stderr


# ---------------------------------------------------------------- 5: the encoding found and said

POLISH = ("vg|Polish First Division 2003,Round 1,I,1,2,A,0,B,0|rs|,|"
          "pn|Michał,Łukasz,Moszczyński,Bożena,Kowalski,Nowak,Wójcik,Zieliński|pg||\n"
          f"qx|o1|{MD}sv|o|mb|p|mb|p|mb|4H|mb|p|mb|p|mb|p|pg||\n")


def test_a_central_european_file_not_utf8_is_read_as_windows_1250_and_said(tmp_path):
    f = tmp_path / "pl.lin"
    f.write_bytes(POLISH.encode("cp1250"))
    app = HandRecorder(str(tmp_path / "h.db"))
    report = import_files(app, [str(f)])
    stored = lines_of(app, f"{tmp_path.name}/pl.lin/1/Open")
    assert "tag North Moszczyński" in stored and "tag South Michał" in stored and "tag West Łukasz" in stored
    [opened] = [e for e in app.hand_events(f"{tmp_path.name}/pl.lin/1/Open") if e.line.startswith("hand ")]
    assert opened.source["encoding"] == "Windows-1250 (Central European)"
    assert report.summary().endswith("0 refused, 1 file not UTF-8 read as Windows-1250 (Central European)")
    # Said with the hand by `show` (and in the scan's source: projections.scan.SOURCE_KEYS).
    from handrec import views

    hand_id = f"{tmp_path.name}/pl.lin/1/Open"
    shown = views.show(at(app.hand_events(hand_id))).splitlines()
    assert any(line.startswith("read from ") and line.endswith("pl.lin, not UTF-8, as Windows-1250 (Central European)")
               for line in shown)
    assert views.show(at(app.hand_events(hand_id))).count("not UTF-8") == 1


def test_a_western_file_not_utf8_stays_windows_1252_and_a_utf8_file_says_nothing(tmp_path):
    from formats.files import archive_encoding

    western = tmp_path / "w.pbn"
    western.write_bytes(GAME.replace("club", "Hervé, Søren and “Smart” – £5 for 10³").encode("cp1252"))
    (tmp_path / "u.pbn").write_text(GAME.replace("club", "Moszczyński"), encoding="utf-8")
    assert archive_encoding(str(western)) == "cp1252" and archive_encoding(str(tmp_path / "u.pbn")) is None
    app = HandRecorder(str(tmp_path / "h.db"))
    report = import_files(app, [str(western), str(tmp_path / "u.pbn")])
    assert "tag Event Hervé, Søren and “Smart” – £5 for 10³" in lines_of(app, f"{tmp_path.name}/w.pbn/1/Open")
    assert report.summary().endswith(", 1 file not UTF-8 read as Windows-1252 (Western European)")


@pytest.mark.parametrize("words, encoding", [
    # The issue's own names, with none of the letters only Windows-1250 has (ł ą ż): ń before a
    # consonant or at a word's end, ś before a consonant (Windows-1252 would read ñ and œ).
    ("Moszczyński, Kwiecień, Jaśkiewicz; Poznań 2003", "cp1250"),
    ("ŚWIĄTEK vs ŁOZIŃSKI", "cp1250"),
    ("Wieś", "cp1250"),
    # Spanish ñ is followed by a vowel, French œ by u: Western European.
    ("España: Muñoz, Peña, NUÑEZ", "cp1252"),
    ("Le cœur, la sœur, Œuvres complètes", "cp1252"),
    ("Søren Bækgaard, Hervé, Jørgen", "cp1252"),
])
def test_a_file_not_utf8_is_read_in_the_code_page_its_words_say(tmp_path, words, encoding):
    f = tmp_path / "x.pbn"
    f.write_bytes(GAME.replace("club", words).encode(encoding))
    from formats.files import archive_encoding

    assert archive_encoding(str(f)) == encoding
    app = HandRecorder(str(tmp_path / "h.db"))
    import_files(app, [str(f)])
    assert f"tag Event {words}" in lines_of(app, f"{tmp_path.name}/x.pbn/1/Open")


def test_the_real_archives_not_utf8_are_all_read_as_windows_1252():
    """The 136 real archives that are not UTF-8 (realdata-more's 1990s PBN files, three of the PBN
    specification's test files) read as before: Windows-1252. (charset-normalizer named 112 of them
    wrongly: cp775 on one non-breaking space, cp1250 for Søren, mac_latin2 for Hervé.)"""
    from realdata import all_archive_files
    from formats.files import archive_encoding

    found = {}
    for path in all_archive_files():
        encoding = archive_encoding(path)
        if encoding is not None:
            found[path] = encoding
    assert len(found) == 136 and set(found.values()) == {"cp1252"}


def test_the_vugraph_name_written_by_bbo_with_a_western_letter_is_kept_as_the_file_has_it():
    """sihengz02's 74800.lin is UTF-8 and holds 'Moszczyñsk' as written (BBO's own conversion of a
    Central European byte through a Western table): read as the file has it, nothing guessed."""
    path = realdata_3("sihengz02__bridge-lin2json-parser", "raw_file", "74800.lin")
    from formats.files import archive_encoding

    assert archive_encoding(str(path)) is None
    board = next(b for b in import_boards(path) if any("Moszczy" in line.canonical for line in b.lines))
    assert any(line.canonical.endswith("Moszczyñsk") for line in board.lines if line.kind == "tag")


def test_an_auction_ends_at_three_passes_after_a_call_or_at_four_passes():
    # L22A: the auction ends when all four pass, or when three pass in rotation after any bid,
    # double or redouble; the readers of LIN and PBN ask it of the calls read so far.
    from bridge.cards import auction_over

    assert auction_over(["pass"] * 4)
    assert auction_over(["1NT", "pass", "pass", "pass"])
    assert auction_over(["pass", "1H", "X", "pass", "pass", "pass"])
    assert auction_over(["1S", "X", "XX", "pass", "pass", "pass"])
    assert not auction_over(["pass"] * 3)
    assert not auction_over(["1NT", "pass", "pass"])
    assert not auction_over(["1NT", "pass", "pass", "2H"])
    assert not auction_over([])


def test_an_id_typed_in_another_case_or_spelling_is_answered_with_the_stored_one(tmp_path):
    """The analyst's finding 9: `show 468/46850.lin/31/closed` found nothing and said nothing of
    '.../Closed'; an id differing from a stored one only by its letters' case, or by its spelling
    as an id (a space for '_'), is answered with the stored one."""
    archive = tmp_path / "arch"
    archive.mkdir()
    (archive / "Match- A v B.pbn").write_text(GAME)
    store = tmp_path / "h.db"
    assert handrec("import", "arch", store=store, cwd=tmp_path).returncode == 0
    for typed in ("arch/match-_a_v_b.pbn/1/open", "arch/Match- A v B.pbn/1/Open"):
        p = handrec("show", typed, store=store, cwd=tmp_path)
        assert p.returncode == 1 and p.stderr.strip().endswith(
            "did you mean 'arch/Match-_A_v_B.pbn/1/Open'? (an id is matched exactly as stored, its letters' case too).")
    p = handrec("show", "arch/other.pbn/1/Open", store=store, cwd=tmp_path)
    assert "did you mean" not in p.stderr and "handrec import FILE" in p.stderr


def test_the_summary_names_the_first_board_already_stored(tmp_path):
    """'29 already stored' named none: the first is named, with its file and line (the same board
    read twice in a set, or a set imported again)."""
    game = '[Board "1"]\n[Dealer "N"]\n[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]\n'
    (tmp_path / "a.pbn").write_text(game + "\n" + game.replace('"1"', '"2"'))
    store = str(tmp_path / "s.db")
    first = subprocess.run([HANDREC, "--store", store, "import", str(tmp_path / "a.pbn")], capture_output=True, text=True)
    assert "0 already stored," in first.stdout, first.stdout
    again = subprocess.run([HANDREC, "--store", store, "import", str(tmp_path / "a.pbn")], capture_output=True, text=True)
    assert f"2 already stored (first: {tmp_path.name}/a.pbn/1, {tmp_path / 'a.pbn'} line 1)," in again.stdout, again.stdout
