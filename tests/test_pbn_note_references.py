"""PBN note references, bounded (issue 42, the family of item 7: what a board copies counts
against what a board may be). A `=n=` token of a play section stands for the text of the game's
`[Note "n:TEXT"]`, and each reference stores that text again as a note of its own: a 60 KB game
whose 60,000-byte note was referenced 71 times stored 4.26 MB of notes (8.6 MB of store), and at the
1,000 notes a board may become, one 64 KB game stored 60 MB of notes (a store of 120 MB). A game's
references may copy at most `formats.pbn_games.COPIED_MAX` bytes of note text in all; beyond, its
board is refused whole in one sentence (file, line, what is wrong), as any faulty board is, and the
rest of the file is imported. No real game comes near it, and at the bound a file stores about what
any file of references does.
"""

from __future__ import annotations

from pathlib import Path

from realdata import all_archive_files
from formats.files import archive_lines
from recorder.importer import archive_format
from formats import pbn
from formats.pbn import boards
from formats.pbn_games import COPIED_MAX, copied, read_games
from test_archive_edges import one_sentence
from test_pbn_inheritance import DEAL, handrec, store_size

BIG = 60_000
PLAY_LINE = 10  # the line of the play section's cards and references in `write`


def game(board: int, note: str, references: int) -> str:
    """A game of one trick played, whose first card is followed by `references` references to its
    note 1 (each stored after that trick), then a claim of the rest."""
    return "\n".join([
        '[Event "club"]', f'[Board "{board}"]', '[Dealer "S"]', f'[Deal "{DEAL}"]', '[Declarer "S"]',
        '[Contract "4H"]', '[Result "10"]', f'[Note "1:{note}"]', '[Play "W"]',
        " ".join(["SA", *["=1="] * references, "S8", "S2", "S3"]), "*"])


def notes_of(board) -> list[str]:
    return [line.args["text"] for line in board.lines if line.kind == "note"]


def test_a_hostile_archive_of_note_references_stores_what_its_file_holds_and_says_each_board_refused(tmp_path):
    path = tmp_path / "notes.pbn"
    texts = [
        game(1, "n" * BIG, 71),  # the game: 4.26 MB of notes from a 60 KB game
        game(2, "a good lead", 3),  # as real games refer to their notes
        game(3, "o" * 16_000, 1),  # a long note referred to once
        game(4, "p" * BIG, 500),  # 30 MB of notes
        game(5, "q" * 50, 300),  # 15,000 bytes: within the bound
    ]
    path.write_text("\n\n".join(texts) + "\n")
    size = path.stat().st_size  # 140,570 bytes; every note stored, a store of 69 MB (before the bound)
    p = handrec(tmp_path, "import", path.name)
    assert p.returncode == 1, p.stdout + p.stderr  # something was refused
    assert "Traceback" not in p.stderr
    assert store_size(tmp_path) < 4 * size, f"{store_size(tmp_path):,} bytes stored from a file of {size:,}"
    assert p.stdout.strip().startswith("5 boards read from 1 file, 3 hands added (")
    assert p.stdout.strip().endswith(", 0 already stored, 2 refused")
    refusals = p.stderr.splitlines()
    assert len(refusals) == 2  # one sentence a board
    for message in refusals:
        one_sentence(message)
    starts = [1 + sum(t.count("\n") + 2 for t in texts[:i]) for i in range(len(texts))]  # each game's first line
    assert refusals == [
        f"handrec: notes.pbn, line {starts[0] + PLAY_LINE - 1}: board {tmp_path.name}/notes.pbn/1 refused: the game's "
        f"=n= references copy 4,260,000 bytes of [Note] text (=1= 71 times, {BIG:,} bytes), and a game's references "
        f"may copy at most {COPIED_MAX // 1024} KiB.",
        f"handrec: notes.pbn, line {starts[3] + PLAY_LINE - 1}: board {tmp_path.name}/notes.pbn/4 refused: the game's "
        f"=n= references copy 30,000,000 bytes of [Note] text (=1= 500 times, {BIG:,} bytes), and a game's references "
        f"may copy at most {COPIED_MAX // 1024} KiB.",
    ]
    # Nothing of a refused board is stored; the others are, whole, each note as often as referred to.
    listed = handrec(tmp_path, "list").stdout
    stored = [word for word in listed.split() if "notes.pbn/" in word]
    assert stored == [f"{tmp_path.name}/notes.pbn/{n}" for n in (2, 3, 5)], listed
    assert handrec(tmp_path, "show", stored[0]).stdout.count("a good lead") == 3
    assert handrec(tmp_path, "show", stored[1]).stdout.count("o" * 16_000) == 1
    assert handrec(tmp_path, "show", stored[2]).stdout.count("q" * 50) == 300


def test_a_game_may_copy_up_to_the_bound_in_bytes_of_utf8():
    at = "é" * (COPIED_MAX // 8)  # 2 bytes a character, referenced 4 times: the bound exactly
    over = at + "é"  # one character more: 8 bytes over, though far fewer characters than the bound
    for text, refused in ((at, False), (over, True)):
        [board] = boards(game(1, text, 4), "club/night.pbn")
        if refused:
            assert board.problem == (
                f"the game's =n= references copy {4 * len(over.encode()):,} bytes of [Note] text (=1= 4 times, "
                f"{len(over.encode()):,} bytes), and a game's references may copy at most {COPIED_MAX // 1024} KiB")
            assert board.problem_line == PLAY_LINE and board.lines[1:] == []
        else:
            assert board.problem is None
            assert notes_of(board) == [text] * 4


def test_each_reference_counts_where_it_stands():
    # One note referred to from two rows, and a number no [Note] gives (it copies nothing).
    text = "\n".join([
        '[Board "1"]', f'[Deal "{DEAL}"]', '[Declarer "S"]', '[Contract "4H"]', '[Result "10"]',
        f'[Note "1:{"x" * 6_000}"]', '[Play "W"]', "SA =1= =2= S8 S2 S3", "H2 =1= H6 H4 HA", "*"])
    [within] = read_games(text)
    assert within.problem is None
    assert copied(within) == [("1", 6_000, 8), ("1", 6_000, 9)]
    [board] = boards(text, "club/night.pbn")
    assert board.problem is None and notes_of(board) == ["x" * 6_000] * 2
    # A third reference passes the bound: the sentence names its line.
    [board] = boards(text.replace("H2 =1=", "H2 =1= =1="), "club/night.pbn")
    assert (board.problem, board.problem_line) == (
        "the game's =n= references copy 18,000 bytes of [Note] text (=1= 3 times, 6,000 bytes), and a game's "
        f"references may copy at most {COPIED_MAX // 1024} KiB", 9)


def test_no_real_game_comes_near_the_bound():
    """Every PBN game of ../shared/realdata, realdata-more and realdata-3: what its references copy,
    in its auction (each call's explanation) and its play (the most, 997 bytes, is a robot match's
    game of twelve explained calls, Cappalletti-Brill.pbn; 2,881 games copy anything, nearly all
    of them their auction's explanations, and the longest [Note] is 424 bytes), and none refused
    for it."""
    most = games = copying = 0
    for path in all_archive_files():
        if archive_format(path) is not pbn:
            continue
        for g in read_games(archive_lines(path)):
            games += 1
            total = sum(size for _, size, _ in copied(g))
            copying += total > 0
            most = max(most, total)
            assert not (g.problem and "references copy" in g.problem[0]), (path, g.problem)
    assert games > 64_000
    assert (most, copying) == (997, 2881)
    assert most * 16 < COPIED_MAX


def test_at_the_bound_a_file_stores_about_what_any_file_of_references_does(tmp_path):
    """Games that each copy all they may (a note of 128 bytes referred to 128 times) store some 90
    times their file, as games of 1,000 references to a note of one character do (some 70 times:
    each reference is an event of its own, whatever its note; NOTES_MAX bounds them)."""
    for name, note, references in (("bound.pbn", "b" * 128, COPIED_MAX // 128), ("tiny.pbn", "t", 1000)):
        path = tmp_path / name
        path.write_text("\n\n".join(game(b, note, references) for b in range(1, 21)) + "\n")
        p = handrec(tmp_path, "import", name)
        assert p.returncode == 0, p.stdout + p.stderr
        assert p.stdout.startswith("20 boards read from 1 file, 20 hands added (")
        size, stored = path.stat().st_size, store_size(tmp_path)
        assert stored < 120 * size, f"{stored:,} bytes stored from {name} of {size:,}"
        for f in tmp_path.glob("h.db*"):
            f.unlink()
