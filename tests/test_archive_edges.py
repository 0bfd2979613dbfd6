"""Nothing lost at the edges of the archives and transcripts (issue 13, items 2, 4 and 10).

- A comment that is never closed (PBN `{`, a LIN value without its closing `|`) is an error at its
  opening line; the boards after it are still read, and the exit status says something was refused.
- Lines, notes, games and boards have stated bounds (formats.files.LINE_MAX, bridge.lines.NOTE_MAX,
  formats.archive.BOARD_MAX, formats.archive.SECTION_MAX); beyond them the line or board is
  refused in one sentence that quotes a short excerpt, and memory stays small.
- A UTF-16 archive (with its byte-order mark, or plainly UTF-16 without it) is read; a file that
  holds no board says so.
"""

from __future__ import annotations

import os
import random
import subprocess
from pathlib import Path
from typing import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridge.lines import NOTE_MAX, parse_line
from bridge.messages import TranscriptError
from formats import lin, pbn, pbn_games
from recorder.application import HandRecorder
from formats.archive import BOARD_MAX, SECTION_MAX
from formats.files import LINE_MAX, archive_lines
from recorder.importer import ARCHIVES, ArchiveError, Refusal, archive_format, import_files
from test_cli import HANDREC

DEAL = "N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432"
# The same deal as LIN writes it: the dealer (3 = North), then South, West, North; East the rest.
MD = "md|3S76543HAKQJTD76C5,SAKQJH32D5432C432,ST98H9876DT98C876,|"
SHORT = 300  # what a message may take at most, its excerpt included


def game(n: int, extra: str = "") -> str:
    """A PBN game of 8 lines (7 tags and `extra`, one line)."""
    return (f'[Event "club"]\n[Board "{n}"]\n[Dealer "N"]\n[Deal "{DEAL}"]\n[Declarer "S"]\n'
            f'[Contract "4H"]\n[Result "10"]\n{extra}\n')


def games(n: int, broken: dict[int, str] | None = None) -> str:
    return "\n".join(game(i, (broken or {}).get(i, "")) for i in range(1, n + 1))


def lin_board(n: int, extra: str = "") -> str:
    return f"pn|s,w,n,e|st||{MD}ah|Board {n}|mb|p|mb|p|mb|4H|mb|p|mb|p|mb|p|{extra}\n"


def handrec(tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "HANDREC_STORE": str(tmp_path / "h.db")}
    return subprocess.run([HANDREC, *args], capture_output=True, text=True, env=env, timeout=120)


def one_sentence(message: str) -> None:
    assert message and "\n" not in message.strip() and "Traceback" not in message, message
    assert len(message) <= SHORT, f"{len(message)} characters: {message[:200]}"


def line_of(text: str, needle: str) -> int:
    return text[:text.index(needle)].count("\n") + 1


# ---------------------------------------------------------------- item 2: comments never closed


def _in_a_store(store: str, cwd: Path) -> Callable[..., subprocess.CompletedProcess]:
    """`handrec --store STORE ARGS...` run from `cwd`, its output kept (the refusals' commands run as said)."""
    def handrec(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([HANDREC, "--store", store, *args], capture_output=True, text=True, cwd=cwd)
    return handrec


def test_an_unclosed_brace_refuses_its_game_at_its_line_and_every_game_after_it_is_read(tmp_path):
    # The attack: a '{' left open in game 5 of 1,000 read "5 boards ... 0 refused", exit 0.
    text = games(1000, {5: "{ East thought for a long time"})
    f = tmp_path / "night.pbn"
    f.write_text(text)
    opened = line_of(text, "{ East")
    p = handrec(tmp_path, "import", str(f))
    assert p.returncode == 1, p.stdout + p.stderr
    assert "1000 boards read from 1 file, 999 hands added" in p.stdout and "1 refused" in p.stdout
    [said] = p.stderr.strip().splitlines()
    one_sentence(said)
    assert said.startswith(f"handrec: {f}, line {opened}: board ")
    assert f"the comment opened with '{{' at line {opened} is not closed" in said


def test_a_brace_that_runs_to_the_end_of_the_file_is_an_error_at_its_opening_line(tmp_path):
    text = games(3, {3: "SA {the last card"})
    f = tmp_path / "end.pbn"
    f.write_text(text)
    app = HandRecorder(str(tmp_path / "h.db"))
    report = import_files(app, [str(f)])
    assert report.hands_added == 2
    [refusal] = report.refused
    assert refusal.line == line_of(text, "SA {the")
    assert "runs to the end of the file" in refusal.reason and refusal.hand_id.endswith("/3")


def test_a_comment_before_the_first_game_that_is_never_closed_is_said_and_the_games_are_read(tmp_path):
    text = "{ written by the club's scorer\n\n" + games(2)
    [problem, *read] = pbn.boards(text, str(tmp_path / "x.pbn"))
    assert (problem.hand_id, problem.problem_line) == ("", 1)
    assert "is not closed before line 3" in problem.problem
    assert [b.hand_id.rsplit("/", 1)[1] for b in read] == ["1", "2"] and not any(b.problem for b in read)
    assert str(Refusal("x.pbn", 1, "", problem.problem)).startswith("x.pbn, line 1: the comment opened")


def test_a_comment_longer_than_a_note_may_be_is_an_error_and_the_next_game_is_read(tmp_path):
    long = "{" + "\n".join(["an endless comment " * 40] * (NOTE_MAX // 700 + 2)) + "}"
    text = games(3, {2: long})
    a, b, c = pbn.boards(text, str(tmp_path / "x.pbn"))
    assert not a.problem and not c.problem and c.hand_id.endswith("/3")
    assert b.problem_line == line_of(text, "{an endless")
    assert f"runs past {NOTE_MAX // 1024} KiB" in b.problem


def test_a_closed_comment_over_several_lines_is_still_one_note():
    text = games(1, {1: "{East thought\nfor a long time}"})
    [b] = pbn.boards(text, "x.pbn")
    assert not b.problem
    assert [line.args["text"] for line in b.lines if line.kind == "note"] == ["East thought for a long time"]


def test_a_lin_value_without_its_closing_bar_refuses_its_board_and_the_next_board_is_read(tmp_path):
    text = lin_board(1) + lin_board(2, "nt|North hesitated") + lin_board(3)
    f = tmp_path / "t.lin"
    f.write_text(text)
    app = HandRecorder(str(tmp_path / "h.db"))
    report = import_files(app, [str(f)])
    assert report.boards == 3 and report.hands_added == 2
    [refusal] = report.refused
    assert refusal.line == 2 and refusal.hand_id.endswith("/2")
    assert "nt| opened at line 2 has no closing '|'" in refusal.reason
    one_sentence(str(refusal))


def test_a_lin_value_that_runs_to_the_end_of_the_file_is_an_error_at_its_line():
    text = lin_board(1) + lin_board(2, "nt|North hesitated\nfor ever")
    a, b = lin.boards(text, "t.lin")
    assert not a.problem
    assert b.problem_line == 2 and "runs to the end of the file" in b.problem


def test_a_lin_value_over_lines_is_still_read_when_it_closes():
    text = lin_board(1, "nt|North\nhesitated|")
    [b] = lin.boards(text, "t.lin")
    assert not b.problem and "North\nhesitated" in " ".join(line.args.get("text", "") for line in b.lines) \
        or any("North hesitated" == line.args.get("text") for line in b.lines)


# ---------------------------------------------------------------- item 4: bounded lines and notes


def test_a_pbn_line_over_the_bound_refuses_its_game_in_one_short_sentence(tmp_path):
    f = tmp_path / "long.pbn"
    with open(f, "w") as out:
        out.write(game(1, '[Play "W"]\n' + "SA HK D2 C3 " * (LINE_MAX // 12 + 1)) + "\n" + game(2))
    app = HandRecorder(str(tmp_path / "h.db"))
    report = import_files(app, [str(f)])
    assert report.hands_added == 1 and report.boards == 2
    [refusal] = report.refused
    assert refusal.line == 9 and "a line of an archive is at most 1 MiB" in refusal.reason
    assert "'SA HK D2 C3" in refusal.reason and "…" in refusal.reason
    one_sentence(str(refusal))


def test_a_pbn_tag_value_over_the_bound_refuses_its_game(tmp_path):
    f = tmp_path / "tag.pbn"
    f.write_text('[Event "' + "x" * (LINE_MAX + 1) + '"]\n' + game(1)[len('[Event "club"]\n'):] + "\n" + game(2))
    a, b = pbn.boards(archive_lines(str(f)), str(f))
    assert a.problem_line == 1 and "is at most 1 MiB" in a.problem and not b.problem
    one_sentence(a.problem)


def test_a_long_tag_value_within_the_bound_is_read():
    value = "x" * (LINE_MAX - 100)
    [g] = pbn_games.read_games('[Event "' + value + '"]\n[Deal "' + DEAL + '"]\n')
    assert g.tags["Event"] == value


def test_a_play_section_of_more_tokens_than_a_hand_has_is_refused():
    [b] = pbn.boards(game(1, '[Play "W"]\n' + "SA HK D2 C3\n" * (SECTION_MAX // 4 + 1)), "x.pbn")
    assert f"more than {SECTION_MAX:,} tokens" in b.problem


def test_a_game_over_the_bound_is_refused_and_the_next_is_read():
    many = "\n".join("; " + "a remark " * 1000 for _ in range(BOARD_MAX // 9000 + 2))
    a, b = pbn.boards(games(2, {1: many}), "x.pbn")
    assert "runs past 1 MiB" in a.problem and not b.problem


def test_a_lin_line_over_the_bound_refuses_its_board(tmp_path):
    f = tmp_path / "long.lin"
    f.write_text(lin_board(1, "pc|SA|" * (LINE_MAX // 6 + 1)) + lin_board(2))
    report = import_files(HandRecorder(str(tmp_path / "h.db")), [str(f)])
    assert report.hands_added == 1
    [refusal] = report.refused
    assert refusal.line == 1 and "a line of an archive is at most 1 MiB" in refusal.reason
    one_sentence(str(refusal))


def test_a_lin_board_of_more_pairs_than_a_hand_has_is_refused():
    [b] = lin.boards(lin_board(1, "pg||" * (SECTION_MAX + 1)), "t.lin")
    assert f"more than {SECTION_MAX:,} pairs" in b.problem


def test_a_refused_lin_value_is_quoted_as_an_excerpt():
    [b] = lin.boards(lin_board(1, "pc|" + "Z" * 10_000 + "|"), "t.lin")
    message = str(Refusal("t.lin", 1, b.hand_id, b.problem))
    one_sentence(message)
    assert "ZZZ…" in message


def test_a_transcript_line_over_the_bound_is_refused_in_one_short_sentence(tmp_path):
    f = tmp_path / "long.hand"
    f.write_text(f"hand long\ndeal {DEAL}\nplay W " + "SA " * (LINE_MAX // 3 + 1) + "\n")
    p = handrec(tmp_path, "record", str(f))
    assert p.returncode == 1
    one_sentence(p.stderr)
    assert f"{f}, line 3: the line is 1.0 MiB long, and a line of a transcript is at most 1 MiB" in p.stderr


def test_a_line_that_cannot_be_read_is_quoted_as_an_excerpt(tmp_path):
    f = tmp_path / "bad.hand"
    f.write_text(f"hand bad\ndeal {DEAL}\nplay W " + "SA " * 50_000 + "\n")
    p = handrec(tmp_path, "record", str(f))
    assert p.returncode == 1
    one_sentence(p.stderr)
    assert "'play W SA SA SA" in p.stderr and "…" in p.stderr


def test_transcript_errors_quote_at_most_an_excerpt():
    e = TranscriptError("'" + "x" * 5000 + "' is not a kind of line (one of hand, ...)", file="f.hand", lineno=3,
                        text="x" * 5000)
    one_sentence(str(e))
    assert str(e).endswith("is not a kind of line (one of hand, ...).")


def test_a_note_over_the_bound_is_refused_and_one_at_the_bound_is_kept(tmp_path):
    assert parse_line("note " + "x" * NOTE_MAX).args["text"] == "x" * NOTE_MAX
    with pytest.raises(TranscriptError) as e:
        parse_line("note " + "x" * (NOTE_MAX + 1))
    assert f"a note is at most {NOTE_MAX // 1024} KiB" in e.value.reason
    one_sentence(str(e.value))
    f = tmp_path / "note.hand"
    f.write_text("hand noted\nnote " + "word " * (NOTE_MAX // 5 + 10) + "\n")
    p = handrec(tmp_path, "record", str(f))
    assert p.returncode == 1 and f"{f}, line 2" in p.stderr and "a note is at most" in p.stderr
    one_sentence(p.stderr)


def test_an_archive_note_over_the_bound_refuses_its_board():
    [b] = lin.boards(lin_board(1, "nt|" + "x" * (NOTE_MAX + 1) + "|"), "t.lin")
    assert f"a note is at most {NOTE_MAX // 1024} KiB" in b.problem
    [g] = pbn.boards(game(1, "; " + "x" * (NOTE_MAX + 1)), "x.pbn")
    assert f"a note is at most {NOTE_MAX // 1024} KiB" in g.problem


@pytest.mark.slow
@pytest.mark.parametrize("case", ["pbn-play", "pbn-tag", "lin-line", "hand-line", "hand-note"])
def test_a_50_MB_line_is_refused_in_little_memory_and_one_short_sentence(case):
    from bench.long_lines import measure

    r = measure(case, 50_000_000)
    assert r["exit"] == 1, r
    assert r["peak MB"] < 150, r  # a 50 MB play line took 11.6 GB
    assert r["stderr bytes"] < 2 * SHORT, r  # the refusal once repeated the whole line
    if case.startswith(("pbn", "lin")):
        assert "1 hand added" in r["summary"], r  # the board after the long line


# ---------------------------------------------------------------- item 10: files with no board


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be"])
def test_a_utf16_pbn_with_its_byte_order_mark_is_read(tmp_path, encoding):
    f = tmp_path / "wide.pbn"
    f.write_bytes("\ufeff".encode(encoding) + games(2).replace("club", "Club ♣").encode(encoding))
    p = handrec(tmp_path, "import", str(f))
    assert p.returncode == 0, p.stderr
    assert "2 boards read from 1 file, 2 hands added" in p.stdout


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be"])
def test_a_utf16_pbn_without_its_byte_order_mark_is_read_as_with_it(tmp_path, encoding):
    """Saved as UTF-16 with no mark (some Windows programs): its first bytes say so, a NUL at every
    other byte; it imports as the same archive in UTF-8 does."""
    text = games(2).replace("club", "Club ♣ Köln")
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    wide, narrow = tmp_path / "a" / "x.pbn", tmp_path / "b" / "x.pbn"
    wide.write_bytes(text.encode(encoding))
    narrow.write_bytes(text.encode("utf-8"))
    p, q = handrec(tmp_path / "a", "import", str(wide)), handrec(tmp_path / "b", "import", str(narrow))
    assert p.returncode == q.returncode == 0, p.stderr
    # (each says its own root, the folder its file is named from)
    assert p.stdout.replace(str(tmp_path / "a"), "ROOT") == q.stdout.replace(str(tmp_path / "b"), "ROOT")
    assert "2 boards read from 1 file, 2 hands added" in p.stdout
    said = [handrec(tmp_path / d, "timeline", f"{d}/x.pbn/1").stdout.replace(f"{d}/x.pbn", "x.pbn") for d in "ab"]
    assert said[0] == said[1] and "Köln" in said[0]


def test_a_utf16_lin_with_its_byte_order_mark_is_read(tmp_path):
    f = tmp_path / "wide.lin"
    f.write_text(lin_board(1) + lin_board(2), encoding="utf-16")
    report = import_files(HandRecorder(str(tmp_path / "h.db")), [str(f)])
    assert (report.boards, report.hands_added, report.refused) == (2, 2, [])


@pytest.mark.parametrize("name", ["noise.pbn", "noise.lin"])
def test_random_bytes_hold_no_board_and_the_import_says_so(tmp_path, name):
    f = tmp_path / name
    f.write_bytes(random.Random(13).randbytes(1 << 20))
    p = handrec(tmp_path, "import", str(f))
    assert p.returncode == 1, p.stdout
    assert "Traceback" not in p.stderr
    assert f"handrec: {f}: holds no board" in p.stderr
    assert all(len(line) <= SHORT for line in p.stderr.splitlines())


def test_an_empty_archive_holds_no_board(tmp_path):
    f = tmp_path / "empty.pbn"
    f.write_text("% a PBN file with no game\n")
    p = handrec(tmp_path, "import", str(f))
    assert p.returncode == 1
    [said] = p.stderr.strip().splitlines()
    one_sentence(said)
    assert said.startswith(f"handrec: {f}: holds no board")
    assert "0 boards read from 1 file" in p.stdout


def test_the_import_chooses_a_format_by_its_table(tmp_path):
    """A file's format is its module in the importer's table (`ARCHIVES`): by the suffix of its name
    in any case, whatever it holds; else the first whose beginning it looks like, PBN before LIN
    (a LIN pair after a PBN tag is PBN's); else one sentence."""
    assert ARCHIVES == {".pbn": pbn, ".lin": lin}
    for name, text, archive in (("a.PBN", lin_board(1), pbn), ("b.Lin", game(1), lin),
                                ("c.txt", "\n  " + game(1), pbn), ("lin_data_7", lin_board(1), lin),
                                ("d", '[Event "club"]\n' + lin_board(1), pbn), ("e", "% written by hand\n", pbn)):
        (tmp_path / name).write_text(text)
        assert archive_format(str(tmp_path / name)) is archive, name
    (tmp_path / "f").write_text("hello world\n")
    with pytest.raises(ArchiveError, match="f: neither PBN nor LIN"):
        archive_format(str(tmp_path / "f"))


# ---------------------------------------------------------------- the file read as its text is

PIECES = ["|", "md|", "mb|", "pc|", "nt|", "qx|o1|", "\n", "\r\n", "{", "}", ";", "[", '"]', "\n\n",
          '[Board "1"]', f'[Deal "{DEAL}"]', '[Play "W"]', "SA HK", MD, "é", " "]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(parts=st.lists(st.sampled_from(PIECES), max_size=40))
def test_a_file_read_line_by_line_gives_the_boards_its_text_gives(tmp_path, parts):
    text = "".join(parts)
    for name, reader in (("f.pbn", pbn.boards), ("f.lin", lin.boards)):
        f = tmp_path / name
        f.write_bytes(text.encode("utf-8"))
        from_text = [(b.hand_id, b.problem, b.problem_line, [x.canonical for x in b.lines]) for b in reader(text, str(f))]
        from_file = [(b.hand_id, b.problem, b.problem_line, [x.canonical for x in b.lines])
                     for b in reader(archive_lines(str(f)), str(f))]
        assert from_file == from_text


def test_a_board_of_many_comments_is_refused_and_the_next_is_read(tmp_path):
    """100,000 comments in 400 KB became 100,061 events (gigabytes for a few such boards): a board
    becomes at most NOTES_MAX notes, refused beyond in one sentence (issue 20, 9)."""
    from formats.archive import NOTES_MAX

    f = tmp_path / "comments.pbn"
    f.write_text(game(1, '[Play "W"]\nSA S8 S2 S3 ' + "{c} " * 100_000) + "\n" + game(2, "{a real comment}")
                 + "\n" + game(3, "{c}\n" * NOTES_MAX))
    app = HandRecorder(str(tmp_path / "h.db"))
    report = import_files(app, [str(f)])
    assert report.boards == 3 and report.hands_added == 2
    [refusal] = report.refused
    assert refusal.hand_id.endswith("/1") and f"more than {NOTES_MAX:,} comments" in refusal.reason
    one_sentence(str(refusal))
    assert len(app.hand_events(refusal.hand_id.replace("/1", "/3"))) < NOTES_MAX + 20


def _imported(tmp_path, data: bytes) -> tuple:
    f = tmp_path / "a.pbn"
    f.write_bytes(data)
    app = HandRecorder(str(tmp_path / "h.db"))
    return app, import_files(app, [str(f)])


def test_two_pbn_files_joined_without_a_blank_line_are_every_game_read(tmp_path):
    """The second file's first game right after the first's last play (no blank line): its tags
    start a game of their own (1,998 of 1,999 boards were read, the joined game lost) (issue 20, 10)."""
    first = "".join(game(n, '[Play "E"]\nS2 S3 S4 S5') + "\n" for n in (1, 2))
    joined = first.rstrip("\n") + "\n" + game(3) + "\n" + game(4)
    app, report = _imported(tmp_path, joined.encode())
    assert (report.boards, report.hands_added, report.refused) == (4, 4, [])
    assert sorted(app.hand_ids()) == [f"{tmp_path.name}/a.pbn/{n}" for n in (1, 2, 3, 4)]


def test_text_after_the_games_that_is_not_pbn_is_said_to_be_skipped(tmp_path):
    """A good game, then random bytes: said to be skipped, with where (it was "1 board read, 0
    refused" and exit 0) (issue 20, 10)."""
    data = game(1).encode() + b"\n" + random.Random(3).randbytes(3000).replace(b"[", b"(").replace(b"{", b"(")
    app, report = _imported(tmp_path, data)
    assert report.hands_added == 1
    [said] = report.refused
    assert said.hand_id == "" and said.line == 10 and "not PBN" in said.reason and "skipped" in said.reason
    one_sentence(str(said))
    p = subprocess.run([HANDREC, "--store", str(tmp_path / "h2.db"), "import", str(tmp_path / "a.pbn")],
                       capture_output=True, text=True)
    assert p.returncode == 1 and "not PBN" in p.stderr and "Traceback" not in p.stderr


def test_a_game_with_unquoted_tag_values_is_read(tmp_path):
    data = ('[Event club]\n[Board 7]\n[Dealer N]\n[Deal "' + DEAL + '"]\n[Declarer S]\n[Contract 4H]\n'
            '[Result 10]\n').encode()
    app, report = _imported(tmp_path, data)
    assert (report.hands_added, report.refused) == (1, [])
    [hand_id] = app.hand_ids()
    assert hand_id.endswith("/7")
    lines = [e.line for e in app.hand_events(hand_id)]
    assert "contract 4H by S" in lines and "tag Event club" in lines


def test_a_utf16_game_after_a_utf8_one_is_said_to_be_skipped(tmp_path):
    data = game(1).encode() + b"\n" + game(2).encode("utf-16-le")
    app, report = _imported(tmp_path, data)
    assert report.hands_added == 1
    [said] = report.refused
    assert "not PBN" in said.reason and "UTF-16" in said.reason
    one_sentence(str(said))


def test_windows_1252_text_is_read_as_written(tmp_path):
    """`“Smart” – Bob €5` in Windows-1252 was stored as `Smart  Bob 5` (C1 controls) (issue 20, 10)."""
    data = game(1, '[North "“Smart” – Bob €5"]').encode("cp1252") + b'[South "\x81\x8d"]\n'
    app, report = _imported(tmp_path, data)
    [hand_id] = app.hand_ids()
    lines = [e.line for e in app.hand_events(hand_id)]
    assert "tag North “Smart” – Bob €5" in lines
    assert "tag South \x81\x8d" in lines  # (the bytes Windows-1252 leaves undefined: as ISO-8859-1 reads them)


def test_a_folder_imports_its_archives_at_any_depth_and_one_without_any_is_one_sentence(tmp_path):
    """`handrec import FOLDER`: its PBN and LIN files at any depth, in the order of their paths, as
    if each were named (the same ids: a file's folder and name); other files and hidden folders
    are left aside. A folder with no archive is one sentence, and nothing is stored."""
    from bench.generate_archive import write

    root = tmp_path / "archives"
    (root / "1997" / "nested").mkdir(parents=True)
    (root / ".git").mkdir()
    write(str(root / "1997" / "a.pbn"), 2, seed=1)
    write(str(root / "1997" / "nested" / "b.PBN"), 3, seed=2)
    write(str(root / ".git" / "c.pbn"), 4, seed=3)
    (root / "1997" / "readme.txt").write_text("not an archive\n")
    p = handrec(tmp_path, "import", str(root))
    assert p.returncode == 0 and "5 hands added" in p.stdout, (p.stdout, p.stderr)
    ids = HandRecorder(str(tmp_path / "h.db")).hand_ids()
    assert {i.split("/")[0] + "/" + i.split("/")[1] for i in ids} == {"1997/a.pbn", "nested/b.PBN"}, ids
    empty = tmp_path / "empty"
    (empty / "sub").mkdir(parents=True)
    (empty / "sub" / "notes.txt").write_text("x\n")
    q = handrec(tmp_path, "import", str(empty))
    assert q.returncode == 1 and q.stdout == ""
    assert q.stderr == f"handrec: {empty}: a folder that holds no PBN or LIN archive (.pbn, .lin).\n", q.stderr


def test_an_empty_path_is_refused_not_read_as_the_current_folder(tmp_path):
    """`handrec import ""` (a shell variable not set): pathlib reads '' as the current folder, and
    the import read every archive under it. It is refused in one sentence, the store not made."""
    from bench.generate_archive import write

    write(str(tmp_path / "a.pbn"), 2, seed=1)
    env = {**os.environ, "HANDREC_STORE": str(tmp_path / "h.db")}
    p = subprocess.run([HANDREC, "import", ""], capture_output=True, text=True, env=env, timeout=120, cwd=tmp_path)
    assert p.returncode == 1 and p.stdout == ""
    assert p.stderr == "handrec: '': an empty path names no archive or folder (the current folder is '.').\n"
    assert not (tmp_path / "h.db").exists()


def test_a_board_that_differs_from_the_stored_one_is_refused_with_the_commands_that_correct_it(tmp_path):
    """An archive's board that now tells the hand otherwise than the store (a card changed, a
    comment gone) is refused with the commands that bring the stored record to it, not with a
    transcript's `record --amend`, which reads no archive; run as said, the board is then stored."""
    import shlex

    deal = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"
    head = f'[Event "x"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{deal}"]\n[Declarer "N"]\n' \
           '[Contract "1S"]\n[Result "7"]\n[Play "E"]\n'
    archive = tmp_path / "club" / "night.pbn"
    archive.parent.mkdir()
    archive.write_text(head + "S7 S3 S2 SJ {a comment}\nH9 H8 H5 HA\n*\n")
    handrec = _in_a_store(str(tmp_path / "hands.db"), tmp_path)

    first = handrec("import", "club/night.pbn")
    assert first.returncode == 0 and "1 hand added" in first.stdout and "fault" not in first.stdout, first.stdout
    archive.write_text(head + "S7 S3 S2 SJ\nH9 H8 H5 HK\n*\n")
    refused = handrec("import", "club/night.pbn")
    assert refused.returncode != 0 and "record --amend" not in refused.stderr
    said = refused.stderr.split("stored events are never changed: ")[1].split(" bring the store to the board")[0]
    assert said == "strike 9; amend 10 'play N HK'" and ("'handrec strike ID N' for each event struck and "
                                                         "'handrec amend ID N LINE [N LINE ...]'") in \
        refused.stderr, refused.stderr
    strikes, amends = [], []
    for correction in said.split("; "):
        kind, *words = shlex.split(correction)
        (strikes if kind == "strike" else amends).extend(words)
    for n in strikes:
        assert handrec("strike", "club/night.pbn/1", n, "--reason", "the archive was corrected").returncode == 0
    done = handrec("amend", "club/night.pbn/1", *amends, "--reason", "the archive was corrected")
    assert done.returncode == 0, done.stderr
    again = handrec("import", "club/night.pbn")
    assert again.returncode == 0 and "1 already stored" in again.stdout, (again.stdout, again.stderr)


def corrections_in(refusal: str) -> tuple[list[str], list[list[str]]]:
    """The events to strike and the amends (N, LINE, ...) an archive's refusal names, read as a
    shell reads them: 'strike 11 to 34' is events 11 to 34."""
    import shlex

    said = refusal.split("stored events are never changed: ", 1)[1].split(" bring the store to the board")[0]
    words = list(shlex.shlex(said, posix=True, punctuation_chars=";"))
    strikes: list[str] = []
    amends: list[list[str]] = []
    while words:
        item = words[:words.index(";")] if ";" in words else words
        words = words[len(item) + 1:]
        if item[0] == "strike":
            last = item[3] if len(item) == 4 and item[2] == "to" else item[1]
            strikes.extend(str(n) for n in range(int(item[1]), int(last) + 1))
        else:
            assert item[0] == "amend" and len(item) == 3, item
            amends.append(item[1:])
    return strikes, amends


def test_a_refusal_whose_corrections_amend_a_fault_says_them_whole_and_they_correct_the_store(tmp_path):
    """A LIN board stored whole that the archive now gives with a card out of turn (BBO's table
    lets none be played: the deal does not fit the play, `tag Fault`) is refused with the amend to
    that fault's line and the play after it struck. The message bound cut the sentence in the middle
    ('... a LIN record holds no card played … 'handrec strike ID N' and ...'): the fault's line and
    every strike were lost. They are said whole (the strikes one run; the line quoted as a shell reads
    it, the fault saying "East's"), and made as said, the board is then stored."""
    lin = (Path(__file__).resolve().parent / "fixtures" / "faults" / "faults.lin").read_text().splitlines()[0]
    archive = tmp_path / "club" / "night.lin"
    archive.parent.mkdir()
    archive.write_text(lin + "\n")
    handrec = _in_a_store(str(tmp_path / "hands.db"), tmp_path)

    assert handrec("import", "club/night.lin").returncode == 0
    archive.write_text(lin.replace("pc|DK|pc|D7|pc|D4|", "pc|DK|pc|D4|pc|D7|") + "\n")  # East's D4 before North
    refused = handrec("import", "club/night.lin")
    message = refused.stderr.splitlines()[0]
    assert refused.returncode == 1 and len(refused.stderr.splitlines()) == 1 and "…" not in message, message
    fault = ("tag Fault trick 2: pc|D4|: D4 is East's, and it is North's turn to play: a LIN record holds no card "
             "played out of turn (its deal does not fit its play); the play is recorded up to trick 1; trick 2 as "
             "recorded: W DK, E D4")
    assert message == (
        "handrec: club/night.lin, line 1: board club/night.lin/1 refused: it differs from event 10 stored "
        "('play W DK'); stored events are never changed: amend 10 \"" + fault + "\"; strike 11 to 34 bring the "
        "store to the board (made with 'handrec strike ID N' for each event struck and 'handrec amend ID N LINE "
        "[N LINE ...]', --reason TEXT).")
    strikes, amends = corrections_in(message)
    assert strikes == [str(n) for n in range(11, 35)] and amends == [["10", fault]]
    for n in strikes:
        assert handrec("strike", "club/night.lin/1", n, "--reason", "the archive was corrected").returncode == 0
    done = handrec("amend", "club/night.lin/1", *amends[0], "--reason", "the archive was corrected")
    assert done.returncode == 0, done.stderr
    again = handrec("import", "club/night.lin")
    assert again.returncode == 0 and "1 already stored" in again.stdout, (again.stdout, again.stderr)


def test_corrections_are_said_every_one_whole_however_long():
    """Corrections however long (a long note amended, many amends) are said every one, whole:
    said in part, the director was told to make part of a group of amends the store checks
    together, which it refused, and one longer than the bound could not be made from the refusal
    at all (a review of da8923b). The head before them is shortened as any reason is, never them."""
    from recorder.application import _corrections_said
    from recorder.corrections import RecordDiffers
    from recorder.importer import Refusal

    note = "x" * 700
    fixes = [f"amend {n} note {note} -- REASON" for n in (5, 6, 7, 8)] + ["strike 9 REASON", "strike 10 REASON"]
    said = _corrections_said(fixes)
    assert said == ("; ".join(f"amend {n} 'note {note}'" for n in (5, 6, 7, 8)) + "; strike 9; strike 10 bring the "
                    "store to the board (made with 'handrec strike ID N' for each event struck and 'handrec amend ID "
                    "N LINE [N LINE ...]', --reason TEXT)"), said
    head = f"it differs from event 5 stored ('note {'y' * 400}'); stored events are never changed"
    refusal = Refusal("a.pbn", 3, "a.pbn/1", f"{head}: {said}", said)
    assert str(refusal) == f"a.pbn, line 3: board a.pbn/1 refused: it differs from event 5 stored " \
                           f"('note {'y' * 55}…'); stored events are never changed: {said}."  # (the head's quote cut)
    e = RecordDiffers(f"{head}: {said}", fixes, 4, whole=said, file="a.pbn", lineno=3)
    assert str(e).endswith(f"stored events are never changed: {said}.") and "…" in str(e).split(said)[0]
    first = _corrections_said([f"amend 5 note {'z' * 10_000} -- REASON", "strike 6 REASON"])
    assert first.startswith(f"amend 5 'note {'z' * 10_000}'; strike 6 bring")
    assert _corrections_said(["strike 3 R", "strike 4 R", "strike 5 R", "strike 7 R", "strike 8 R"]).startswith(
        "strike 3 to 5; strike 7; strike 8 bring the store")
