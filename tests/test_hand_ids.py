"""Issue 23, part 3: an archive's hand ids are its file's folder and name, board and room, so two
files of one folder and name from different archives (`a/x/000/00007`, `b/y/000/00007`) met the
same ids, and the second was refused as differing from what the first stored. A board whose id
holds another deal in the store is another file's: its file takes its next longer name
(`y/000/00007/1`), the stored hands keep theirs, and importing either file again adds nothing.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from recorder.application import HandRecorder
from formats.archive import archive_names
from recorder.importer import import_files

HANDS = ["1S9743H74DQJ32CJ95,SJ865HAQ92DKT8CT4,SKQT2H8653DA7CK32,",
         "1SJ865HAQ92DKT8CT4,S9743H74DQJ32CJ95,SKQT2H8653DA7CK32,",
         "1SKQT2H8653DA7CK32,SJ865HAQ92DKT8CT4,S9743H74DQJ32CJ95,"]


def lin(*deals: str) -> str:
    """A LIN file of passed-out boards, one a deal."""
    return "".join(f"pn|S,W,N,E|st||md|{deal}|rh||ah|Board {n}|sv|o|mb|p|mb|p|mb|p|mb|p|\n"
                   for n, deal in enumerate(deals, 1))


def write(root: Path, where: str, text: str) -> str:
    path = root / where
    path.parent.mkdir(parents=True)
    path.write_text(text)
    return str(path)


@pytest.fixture
def files(tmp_path: Path) -> tuple[str, str]:
    first = write(tmp_path, "a/x/000/00007", lin(HANDS[0], HANDS[1]))
    second = write(tmp_path, "b/y/000/00007", lin(HANDS[2], HANDS[0], HANDS[1]))  # board 2 another deal
    return first, second


def deal_of(app: HandRecorder, hand_id: str) -> str:
    return next(line for line in app.hand(hand_id).lines if line.startswith("deal "))


def test_the_names_of_a_file_grow_by_one_folder_at_a_time(tmp_path: Path) -> None:
    path = write(tmp_path, "a/x/000/00007", "")
    names = archive_names(path)
    assert names[:3] == ["000/00007", "x/000/00007", "a/x/000/00007"]
    assert names[-1].endswith("a/x/000/00007") and len(names) == len(Path(path).resolve().parts) - 2  # (the root and the file aside)


@pytest.mark.parametrize("jobs", [1, 2])
def test_two_files_of_one_folder_and_name_are_both_stored_whole(files: tuple[str, str], tmp_path: Path,
                                                                 jobs: int) -> None:
    app = HandRecorder(str(tmp_path / "h.db"))
    report = import_files(app, list(files), jobs=jobs)
    assert report.refused == [] and report.hands_added == 5
    assert report.renamed == {files[1]: "y/000/00007"}
    assert "1 file named by a longer path" in report.summary() and "as y/000/00007" in report.summary()
    # The first keeps the short ids; the whole of the second file takes the longer name.
    assert sorted(app.hand_ids()) == ["000/00007/1", "000/00007/2", "y/000/00007/1", "y/000/00007/2",
                                      "y/000/00007/3"]
    assert deal_of(app, "y/000/00007/1") != deal_of(app, "000/00007/1")
    assert deal_of(app, "y/000/00007/2") == deal_of(app, "000/00007/1")
    assert deal_of(app, "000/00007/2") != deal_of(app, "y/000/00007/1")


def test_importing_either_file_again_finds_its_own_hands(files: tuple[str, str], tmp_path: Path) -> None:
    app = HandRecorder(str(tmp_path / "h.db"))
    import_files(app, list(files))
    for path in (files[1], files[0], *files):
        again = import_files(app, [path])
        assert (again.hands_added, again.refused) == (0, []), again.summary()
    assert len(app.hand_ids()) == 5


def test_a_copy_of_a_stored_file_from_elsewhere_keeps_its_ids(files: tuple[str, str], tmp_path: Path) -> None:
    app = HandRecorder(str(tmp_path / "h.db"))
    import_files(app, [files[0]])
    copy = tmp_path / "c" / "z" / "000" / "00007"
    copy.parent.mkdir(parents=True)
    shutil.copy(files[0], copy)
    again = import_files(app, [str(copy)])
    assert (again.hands_added, again.already, again.renamed) == (0, 2, {})


def test_a_stored_hand_is_never_renamed(files: tuple[str, str], tmp_path: Path) -> None:
    """The second file imported first keeps the short ids: the first, imported later, takes the
    longer name (which file came first decides, as the store never changes an id)."""
    app = HandRecorder(str(tmp_path / "h.db"))
    import_files(app, [files[1]])
    report = import_files(app, [files[0]])
    assert report.renamed == {files[0]: "x/000/00007"} and report.refused == []
    assert sorted(app.hand_ids()) == ["000/00007/1", "000/00007/2", "000/00007/3", "x/000/00007/1",
                                      "x/000/00007/2"]


def test_a_board_whose_every_name_holds_another_deal_is_refused_as_differing(tmp_path: Path) -> None:
    """No folder left above the file: the board is refused as any differing record is, never
    stored under a name another file's hand holds."""
    from recorder.importer import boards_of

    app = HandRecorder(str(tmp_path / "h.db"))
    last = write(tmp_path, "b/x/000/00007", lin(HANDS[1]))
    other = next(iter(boards_of(write(tmp_path / "o", "000/00007", lin(HANDS[0])))))
    for name in archive_names(last):  # each of the file's names taken by another deal
        app.record_lines(other.under(name).lines)
    report = import_files(app, [last])
    assert report.hands_added == 0 and len(report.refused) == 1
    assert report.refused[0].hand_id == f"{archive_names(last)[-1]}/1"
    assert "differs from event" in report.refused[0].reason and "deal" in report.refused[0].reason
