"""A hand id's length, bounded (issue 42, the family of item 7). An archive's board names its hand
by its file's folder and name, board and room: a `[Board]` (or `[Room]`, `[Table]`, LIN's `qx|`,
`ah|`) of 60,000 characters made a hand id of that length, printed whole in every sentence about
the board (a refusal of 60,117 characters) and stored with it. A hand id is at most
`bridge.hand_ids.HAND_ID_MAX` characters, in a transcript as from an archive; an archive's board
makes at most `formats.archive.OWN_ID_MAX` of them from its own values, its file's name
(`archive_names`) at most `NAME_MAX`, so that the file's longer names keep its ids in the bound too.
Beyond, the board is refused whole in one sentence that shows its id shortened, and the rest of the
file is imported. No real id comes near it.
"""

from __future__ import annotations

from pathlib import Path

from bridge.hand_ids import HAND_ID_MAX, check_hand_id
from bridge.cards import NotationError
from realdata import all_archive_files
from formats import lin, pbn
from formats.archive import NAME_MAX, OWN_ID_MAX, archive_names
from formats.files import archive_lines
from recorder.importer import archive_format
from test_archive_edges import one_sentence
from test_pbn_inheritance import DEAL, handrec, store_size

import pytest

BIG = 60_000
MD = "1S9743H74DQJ32CJ95,SJ865HAQ92DKT8CT4,SKQT2H8653DA7CK32,"


def pbn_game(board: str, room: str = "") -> str:
    return "\n".join([f'[Board "{board}"]', *([f'[Room "{room}"]'] if room else []), f'[Deal "{DEAL}"]']) + "\n"


def test_a_hostile_pbn_archive_of_long_boards_and_rooms_is_refused_board_by_board(tmp_path):
    path = tmp_path / "ids.pbn"
    texts = [pbn_game("1"), pbn_game("2" + "B" * BIG), pbn_game("3", "R" * BIG), pbn_game("4", "Open")]
    path.write_text("\n".join(texts))
    size = path.stat().st_size
    p = handrec(tmp_path, "import", path.name)
    assert p.returncode == 1, p.stdout + p.stderr
    assert "Traceback" not in p.stderr
    assert p.stdout.strip() == "4 boards read from 1 file, 2 hands added (6 events), 0 already stored, 2 refused"
    refusals = p.stderr.splitlines()
    assert len(refusals) == 2
    for message in refusals:
        one_sentence(message)
    name = f"{tmp_path.name}/ids.pbn"
    assert refusals == [
        f"handrec: ids.pbn, line 4: board {name}/2{'B' * 59}… refused: its [Board] ({BIG + 1:,} characters) makes a "
        f"hand id of {len(name) + BIG + 2:,} characters, and a board's own values may make at most {OWN_ID_MAX:,} of "
        "them.",
        f"handrec: ids.pbn, line 8: board {name}/3/{'R' * 60}… refused: its [Room] ({BIG:,} characters) makes a hand "
        f"id of {len(name) + BIG + 3:,} characters, and a board's own values may make at most {OWN_ID_MAX:,} of them.",
    ]
    assert store_size(tmp_path) < 3 * size
    listed = handrec(tmp_path, "list").stdout
    assert [w for w in listed.split() if "ids.pbn/" in w] == [f"{name}/1", f"{name}/4/Open"]


def test_hostile_lin_archives_of_long_board_names_are_refused_board_by_board(tmp_path):
    vugraph = [f"qx|o1|md|{MD}|sv|o|mb|p|mb|p|mb|p|mb|p|",
               f"qx|o{'9' * BIG}|md|{MD}|sv|o|mb|p|mb|p|mb|p|mb|p|",  # a board number of 60,000 digits
               f"qx|{'c' * BIG}7|md|{MD}|sv|o|mb|p|mb|p|mb|p|mb|p|",  # a room of 60,000 letters
               f"qx|c1|md|{MD}|sv|o|mb|p|mb|p|mb|p|mb|p|"]
    single = [f"pn|S,W,N,E|st||md|{MD}|rh||ah|Board {n}|sv|o|mb|p|mb|p|mb|p|mb|p|" for n in ("1", "5" * BIG, "3")]
    (tmp_path / "vugraph.lin").write_text("\n".join(vugraph) + "\n")
    (tmp_path / "single.lin").write_text("\n".join(single) + "\n")
    p = handrec(tmp_path, "import", "vugraph.lin", "single.lin")
    assert p.returncode == 1, p.stdout + p.stderr
    assert p.stdout.strip() == "7 boards read from 2 files, 4 hands added (32 events), 0 already stored, 3 refused"
    refusals = p.stderr.splitlines()
    assert len(refusals) == 3
    for message in refusals:
        one_sentence(message)
    v, s = f"{tmp_path.name}/vugraph.lin", f"{tmp_path.name}/single.lin"
    tail = f"and a board's own values may make at most {OWN_ID_MAX:,} of them."
    assert refusals == [
        f"handrec: vugraph.lin, line 2: board {v}/{'9' * 60}…/Open refused: its qx| ({BIG + 1:,} characters) makes a "
        f"hand id of {len(v) + BIG + 6:,} characters, {tail}",
        f"handrec: vugraph.lin, line 3: board {v}/7/{'c' * 60}… refused: its qx| ({BIG + 1:,} characters) makes a "
        f"hand id of {len(v) + BIG + 3:,} characters, {tail}",
        f"handrec: single.lin, line 2: board {s}/{'5' * 60}… refused: its ah| ({BIG + 6:,} characters) makes a hand "
        f"id of {len(s) + BIG + 1:,} characters, {tail}",
    ]
    listed = handrec(tmp_path, "list").stdout
    assert [w for w in listed.split() if ".lin/" in w] == [f"{v}/1/Open", f"{v}/1/Closed", f"{s}/1", f"{s}/3"]


def test_a_board_may_make_up_to_its_share_of_the_id():
    at = "b" * (OWN_ID_MAX - 1)  # '/' and the board: the share exactly
    for board, refused in ((at, False), (at + "b", True)):
        [b] = pbn.boards(pbn_game(board), "club/night.pbn")
        assert (b.problem is not None) == refused, b.problem
        if refused:
            assert b.hand_id == f"club/night.pbn/{'b' * 60}…" and b.problem_line == 1
        else:
            assert b.hand_id == f"club/night.pbn/{board}" and len(b.hand_id) - len("club/night.pbn") == OWN_ID_MAX
    # A game that repeats a board and room is told apart by a number: counted too.
    [_, again] = pbn.boards(pbn_game(at) + "\n" + pbn_game(at), "club/night.pbn")
    assert again.problem is not None and again.problem.startswith(f"its [Board] ({len(at):,} characters) makes")


def test_a_transcripts_hand_id_is_bounded_as_an_archives(tmp_path):
    check_hand_id("a" * HAND_ID_MAX)
    with pytest.raises(NotationError) as e:
        check_hand_id("a" * (HAND_ID_MAX + 1))
    assert str(e.value) == (f"'{'a' * 60}…' is not a hand id: it is {HAND_ID_MAX + 1:,} characters long, and a hand "
                            f"id is at most {HAND_ID_MAX:,}")
    assert NAME_MAX + OWN_ID_MAX == HAND_ID_MAX
    for n, refused in ((HAND_ID_MAX, False), (HAND_ID_MAX + 1, True), (BIG, True)):
        f = tmp_path / f"h{n}.hand"
        f.write_text(f"hand {'h' * n}\ndealer S\ndeal {DEAL}\n")
        p = handrec(tmp_path, "record", f.name)
        assert p.returncode == int(refused), p.stdout + p.stderr
        if refused:
            [message] = p.stderr.splitlines()
            one_sentence(message)
            assert f"it is {n:,} characters long, and a hand id is at most {HAND_ID_MAX:,}." in message


def test_a_files_names_stay_within_their_share(tmp_path):
    # Folders of 250 characters: a file's longer names (`archive_names`, taken when another file of
    # its folder and name holds other deals) stop at NAME_MAX; its first, its folder and name, is
    # always one (at most 511 characters on a file system of 255-byte names).
    deep = tmp_path.joinpath(*[c * 250 for c in "abcdef"], "x", "000")
    names = archive_names(str(deep / "00007"))
    assert names[0] == "000/00007" and len(names) >= 4
    assert all(len(n) <= NAME_MAX for n in names)
    assert len(names) < len(deep.parts)  # (the folders above were left out)
    assert names[-1] == "/".join(["c" * 250, "d" * 250, "e" * 250, "f" * 250, "x", "000", "00007"])
    # A file's name past its share (a path no common file system gives): its ids past HAND_ID_MAX
    # are refused.
    long_name = "/".join(["n" * 1500, "night.pbn"])
    [b] = pbn.boards(pbn_game("1" * 600), long_name)
    assert b.problem == (f"its file's folder and name ({1510:,} characters) make a hand id of {1510 + 601:,} "
                         f"characters, and a hand id is at most {HAND_ID_MAX:,}")


def test_no_real_id_comes_near_the_bound():
    """Every board of ../shared/realdata, realdata-more and realdata-3: its hand id (the longest,
    572 characters, 2000 China Cup's M1WEICHI.PBN board 18, whose [Board] holds a paragraph of
    commentary, 511 of them its own; every other at most 92), and none refused for it."""
    longest = own = others = boards = 0
    for path in all_archive_files():
        name = archive_names(path)[0]
        for b in archive_format(path).boards(archive_lines(path), path):
            if not b.hand_id:
                continue
            boards += 1
            assert not (b.problem and "makes a hand id" in b.problem), (path, b.problem)
            longest, own = max((longest, own), (len(b.hand_id), len(b.hand_id) - len(name)))
            if len(b.hand_id) < 500:
                others = max(others, len(b.hand_id))
    assert boards > 75_000
    assert (longest, own, others) == (572, 511, 92)
    assert own * 2 <= OWN_ID_MAX and longest * 3 < HAND_ID_MAX
