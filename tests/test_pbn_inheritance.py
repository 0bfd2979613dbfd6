"""PBN `#` inheritance, bounded (issue 42, item 7). PBN 2.1 §3.4: a tag value "#" is the previous
game's value; a game that gives no deal is read as another table of the previous board and takes
its tags. What a game takes so is not in its own text, and each board stores it again: nine
60,000-byte tags taken by games of eleven short lines made a 1 MB archive a 3.9 GB store, with exit
status 0 and not a word. A game may take at most `formats.pbn_games.INHERITED_MAX` bytes of tag
values; beyond, its board is refused whole in one sentence (file, line, what is wrong), as any
faulty board is, and the rest of the file is imported. No real game comes near it.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from realdata import realdata, realdata_more
from formats.files import archive_lines
from recorder.importer import archive_format
from formats import pbn
from formats.pbn import boards
from formats.pbn_games import INHERITED_MAX, read_games
from test_archive_edges import one_sentence
from test_cli import HANDREC

DEAL = "N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432"
NINE = ("Event", "Site", "Date", "Director", "North", "East", "South", "West", "Scoring")
BIG = 60_000


def handrec(tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    """The command run in `tmp_path` (files named as a user names them), its store there."""
    env = {**os.environ, "HANDREC_STORE": str(tmp_path / "h.db")}
    return subprocess.run([HANDREC, *args], capture_output=True, text=True, env=env, cwd=tmp_path, timeout=300)


def store_size(tmp_path: Path) -> int:
    """The store's bytes on disk: the SQLite file and its journal, if any is left."""
    return sum(p.stat().st_size for p in tmp_path.glob("h.db*"))


def hostile(games: int) -> str:
    """A first game of nine 60,000-byte tags; then games of eleven short lines that take them all
    ('#'); then a game that gives its own."""
    first = "\n".join(['[Board "1"]', f'[Deal "{DEAL}"]', *(f'[{n} "{n[0] * BIG}"]' for n in NINE)])
    taking = ("\n".join([f'[Board "{b}"]', '[Deal "#"]', *(f'[{n} "#"]' for n in NINE)])
              for b in range(2, games + 2))
    own = "\n".join([f'[Board "{games + 2}"]', '[Event "club"]', f'[Deal "{DEAL}"]'])
    return "\n\n".join([first, *taking, own]) + "\n"


def test_a_hostile_archive_of_inherited_tags_stores_what_its_file_holds_and_says_each_board_refused(tmp_path):
    n = 40
    path = tmp_path / "hostile.pbn"
    path.write_text(hostile(n))
    size = path.stat().st_size  # 545,651 bytes; with its boards stored whole: 47 MB
    p = handrec(tmp_path, "import", path.name)
    assert p.returncode == 1, p.stdout + p.stderr  # something was refused
    assert "Traceback" not in p.stderr
    assert store_size(tmp_path) < 4 * size, f"{store_size(tmp_path):,} bytes stored from a file of {size:,}"
    assert p.stdout.strip() == (f"{n + 2} boards read from 1 file, 2 hands added (16 events), 0 already stored, "
                                f"{n} refused")
    refusals = p.stderr.splitlines()
    assert len(refusals) == n  # one sentence a board
    for message in refusals:
        one_sentence(message)
    first_taker = 13  # (the first game: 11 lines and a blank; [Event "#"] is the third line of the next)
    assert refusals[0] == (
        f"handrec: hostile.pbn, line {first_taker + 2}: board {tmp_path.name}/hostile.pbn/2 refused: the game takes "
        "540,069 bytes of tag values from the game before it ([Event] 60,000, [Site] 60,000 and 8 more; PBN 2.1 "
        f"§3.4), and a game may take at most {INHERITED_MAX // 1024} KiB.")
    # Nothing of a refused board is stored; the boards that take nothing are, whole.
    listed = handrec(tmp_path, "list").stdout
    stored = [word for word in listed.split() if "hostile.pbn/" in word]
    assert stored == [f"{tmp_path.name}/hostile.pbn/1", f"{tmp_path.name}/hostile.pbn/{n + 2}"], listed
    shown = handrec(tmp_path, "show", stored[0]).stdout
    assert "E" * BIG in shown  # its own tags whole, never cut


def test_a_game_may_take_up_to_the_bound_in_bytes_of_utf8():
    at = "é" * (INHERITED_MAX // 2)  # 2 bytes a character: the bound exactly
    over = at + "é"  # one character more: 2 bytes over, though far fewer characters than the bound
    for value, refused in ((at, False), (over, True)):
        text = f'[Event "{value}"]\n[Board "1"]\n[Deal "{DEAL}"]\n\n[Event "#"]\n[Board "2"]\n[Deal "{DEAL}"]\n'
        first, second = boards(text, "club/night.pbn")
        assert first.problem is None
        if refused:
            assert second.problem.startswith(f"the game takes {len(over.encode()):,} bytes of tag values")
            assert second.problem_line == 5 and second.lines[1:] == []
        else:
            assert second.problem is None
            assert ("tag", "Event", value) in [(line.kind, line.args.get("name"), line.args.get("value"))
                                               for line in second.lines]


def test_another_tables_game_that_takes_its_boards_tags_is_bounded_too():
    # A game with no deal is the previous board's other table: it takes Event, Site, Date, Board,
    # Dealer, Vulnerable and Deal without a '#' written.
    big = "S" * INHERITED_MAX
    text = (f'[Event "club"]\n[Site "{big}"]\n[Board "1"]\n[Room "Open"]\n[Deal "{DEAL}"]\n\n'
            '[Room "Closed"]\n[Declarer "S"]\n[Contract "4H"]\n[Result "10"]\n')
    [open_room, closed] = list(read_games(text))
    assert open_room.problem is None
    assert closed.problem == (f"the game takes {INHERITED_MAX + 4 + 1 + len(DEAL):,} bytes of tag values from "
                              f"the game before it ([Site] {INHERITED_MAX:,}, [Deal] {len(DEAL)} and 2 more; PBN 2.1 "
                              f"§3.4), and a game may take at most {INHERITED_MAX // 1024} KiB", 7)
    # Within the bound it is read as before.
    text = text.replace(big, "Bermuda")
    assert [g.problem for g in read_games(text)] == [None, None]


def test_no_real_game_comes_near_the_bound():
    """Every PBN game of ../shared/realdata and realdata-more: what it takes by '#' or as another
    table (the most, 183 bytes, is 1998 Spingold's WAGAR1.PBN; the largest value 76 bytes, a
    [Site]), and none refused for it."""
    most = largest = games = 0
    for root in (realdata(), realdata_more()):
        for p in sorted(root.rglob("*")):
            if not p.is_file() or p.suffix.lower() != ".pbn":
                continue
            assert archive_format(str(p)) is pbn
            for g in read_games(archive_lines(str(p))):
                games += 1
                taken = [size for _, size, _ in g.inherited]
                most, largest = max(most, sum(taken)), max(largest, *taken, 0)
                assert not (g.problem and "tag values from the game before it" in g.problem[0]), (p, g.problem)
    assert games > 60_000
    assert (most, largest) == (183, 76)
    assert most * 10 < INHERITED_MAX


# ---------------------------------------------------------------- "##": a value for the games after


def _tags(b) -> dict[str, str]:
    return {line.args["name"]: line.args["value"] for line in b.lines if line.kind == "tag"}


def test_a_double_hash_value_is_its_games_and_every_later_games_until_a_double_hash_alone():
    """PBN's "##" (the standard's test file correct_20.pbn, 'the "##" feature'): [Event "##Club"] on
    the first game is the event of every later game that gives none; "##" alone ends it. The value
    was stored as '##Club' on the first game and not at all on the others; and a date or scoring
    given so chose no ruleset."""
    text = (f'[Event "##Club night"]\n[Date "##1999.01.29"]\n[Scoring "##IMP"]\n[Board "1"]\n[Dealer "N"]\n'
            f'[Deal "{DEAL}"]\n\n'
            f'[Board "2"]\n[Dealer "E"]\n[Deal "{DEAL}"]\n\n'
            f'[Event "##"]\n[Board "3"]\n[Dealer "S"]\n[Deal "{DEAL}"]\n\n'
            f'[Event "Own"]\n[Board "4"]\n[Dealer "W"]\n[Deal "{DEAL}"]\n')
    one, two, three, four = boards(text, "/x/club.pbn")
    assert _tags(one)["Event"] == _tags(two)["Event"] == "Club night"
    assert _tags(one)["Date"] == _tags(two)["Date"] == _tags(four)["Date"] == "1999.01.29"
    assert "Event" not in _tags(three) and _tags(four)["Event"] == "Own"
    assert one.lines[0].args["ruleset"] == two.lines[0].args["ruleset"] == four.lines[0].args["ruleset"] != "auction-1912"


def test_the_real_files_that_give_their_event_once_with_a_double_hash():
    """ContractBridge/pbn-files' OKbridge comparisons (comparisons/papi/pbn-v2, 26 files): the event,
    round and mode given once, on the first game, as "##"."""
    path = realdata_more("ContractBridge__pbn-files", "comparisons", "papi", "pbn-v2", "imp_08.pbn")
    read = [b for b in pbn.load(str(path)) if b.problem is None]
    assert len(read) > 50
    assert {_tags(b).get("Event") for b in read} == {"OKbridge Tournament"}
