"""Issue 40, the readings kept (part 3) and the messages (part 6): records that are clear are kept,
each irregular thing said in the record as what it is; what a refusal quotes is what the file has.
The real boards are read from ../shared/realdata-3 and realdata-more (skipped, saying why, when absent);
the rest are small generated files. Stores are real SQLite files."""

from __future__ import annotations

from pathlib import Path

import pytest

from recorder import lin, pbn
from recorder.application import HandRecorder
from recorder.importer import import_files

from realdata import realdata_3, realdata_more

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
    assert problems["reference_impl_tests/errors_10.pbn/1/5"].startswith("trick 2: [Play] '!' is not a card")


def test_a_play_token_of_suffixes_only_is_quoted_whole():
    text = ('[Board "1"]\n[Dealer "N"]\n[Deal "W:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. '
            '...AKQJT98765432"]\n[Declarer "S"]\n[Contract "7NT"]\n[Play "W"]\nSK !!!\n')
    [b] = pbn.boards(text, "/x/y.pbn")
    assert b.fault is not None and b.fault.startswith("trick 1: [Play] '!!!' is not a card (suit S H D C")
    assert "''" not in b.fault
