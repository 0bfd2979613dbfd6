"""What a LIN board takes from the pairs before it, bounded (issue 42, the family of item 7). A
vugraph file's event (`vg|`) and players (`pn|`, eight names) hold for every board after them, and
each board stores them again (its source and its tags): a 134 KB file whose header named a 60,000-
character event and 7,000-character players made a 54 MB store with 200 boards, with exit 0, and
more with more boards. A board takes at most `formats.pbn_games.INHERITED_MAX` bytes so (the bound
of PBN's `#`); beyond, it is refused whole in one sentence (file, line, what is wrong), and the rest
of the file is imported. No real board comes near it.
"""

from __future__ import annotations

from realdata import all_archive_files
from formats import lin
from formats.files import archive_lines
from recorder.importer import archive_format
from formats.lin_pairs import pairs, segments
from formats.pbn_games import INHERITED_MAX
from test_archive_edges import one_sentence
from test_pbn_inheritance import handrec, store_size

MD = "1S9743H74DQJ32CJ95,SJ865HAQ92DKT8CT4,SKQT2H8653DA7CK32,"
BIG = 60_000


def board(n: int, own: str = "") -> str:
    return f"qx|o{n}|{own}md|{MD}|sv|o|mb|p|mb|p|mb|p|mb|p|"


def test_a_hostile_vugraph_file_stores_what_it_holds_and_says_each_board_refused(tmp_path):
    n = 40
    header = f"vg|{'V' * BIG},x|pn|{','.join(['N' * 7000] * 8)}|"
    own = f"vg|club,x|pn|{','.join(['Ann'] * 8)}|"  # a board that names its own event and players
    path = tmp_path / "vg.lin"
    path.write_text("\n".join([header, *(board(b) for b in range(1, n + 1)), board(n + 1, own)]) + "\n")
    size = path.stat().st_size  # 119,826 bytes; each board stored with what it takes: 10.9 MB
    p = handrec(tmp_path, "import", path.name)
    assert p.returncode == 1, p.stdout + p.stderr
    assert "Traceback" not in p.stderr
    assert store_size(tmp_path) < 3 * size, f"{store_size(tmp_path):,} bytes stored from a file of {size:,}"
    assert p.stdout.strip().startswith(f"{n + 1} boards read from 1 file, 1 hand added (")
    assert p.stdout.strip().endswith(f", 0 already stored, {n} refused")
    refusals = p.stderr.splitlines()
    assert len(refusals) == n
    for message in refusals:
        one_sentence(message)
    assert refusals[0] == (
        f"handrec: vg.lin, line 2: board {tmp_path.name}/vg.lin/1/Open refused: the board takes 88,000 bytes of "
        "values from the pairs before it (vg| 60,000, pn| 28,000: a vugraph file's event and players hold for "
        f"the boards after them), and a board may take at most {INHERITED_MAX // 1024} KiB.")
    listed = handrec(tmp_path, "list").stdout
    assert [w for w in listed.split() if "vg.lin/" in w] == [f"{tmp_path.name}/vg.lin/{n + 1}/Open"]


def test_a_board_may_take_up_to_the_bound_in_bytes_of_utf8():
    names = ",".join(["é" * 10] * 8)  # the four names a board takes: 80 bytes
    at = "é" * ((INHERITED_MAX - 80) // 2)
    for event, refused in ((at, False), (at + "é", True)):
        text = f"vg|{event},x|pn|{names}|\n{board(1)}\n{board(2, f'vg|{event}|pn|{names}|')}\n"
        first, own = lin.boards(text, "club/vg.lin")
        assert own.problem is None  # what a board names itself is its own text
        if refused:
            assert first.problem.startswith(f"the board takes {INHERITED_MAX + 2:,} bytes of values from the pairs "
                                            f"before it (vg| {INHERITED_MAX - 78:,}, pn| 80: ")
            assert first.problem_line == 2 and first.lines[1:] == []
        else:
            assert first.problem is None
            assert ("Event", event) in [(line.args.get("name"), line.args.get("value")) for line in first.lines]


def test_no_real_board_comes_near_the_bound():
    """Every LIN board of ../shared/realdata, realdata-more and realdata-3: what it takes from the
    pairs before it (the most, 85 bytes, its event and its players; the largest event 49 bytes,
    the largest four names 40), and none refused for it."""
    most = boards = 0
    for path in all_archive_files():
        if archive_format(path) is not lin:
            continue
        for b in lin.boards(archive_lines(path), path):
            boards += bool(b.hand_id)
            assert not (b.problem and "from the pairs before it" in b.problem), (path, b.problem)
        names, event, first = [], "", True
        for header, seg in segments(pairs(archive_lines(path))):
            if first:
                names, event, first = *lin._header_names(header), False
            if seg is not None:
                heading = lin._Heading.of(seg, names, event)
                most = max(most, sum(size for _, size in lin.taken(heading)))
                names, event = heading.names, heading.event
    assert boards > 10_000
    assert most == 85
    assert most * 20 < INHERITED_MAX
