"""The scan's walk over a store (issue 9, part 4): the hands read over one connection where the
store allows it, and `scan --jobs N`: the same output, byte for byte, as one process reading
through the application, on SQLite and on PostgreSQL."""

from __future__ import annotations

import json
import sqlite3

import pytest

from bench.generate_archive import write
from conftest import POSTGRESQL_SLOW
from expectations import EXAMPLES
from handrec.scanning import scan_rows
from projections.scan import findings
from recorder.application import HandRecorder
from recorder.importer import import_files
from recorder.store import Store
from test_cli import run


def through_the_application(store: str, irregularities: bool) -> list[dict]:
    app = HandRecorder(store)
    return [row for hand_id in app.iter_hand_ids()
            for row in findings(app.hand_events(hand_id), irregularities, app.stored_events)]


def filled(store: str, tmp_path) -> None:
    archive = tmp_path / "archive.pbn"
    write(str(archive), 60, seed=11, revoke_rate=0.2)
    app = HandRecorder(store)
    import_files(app, [str(archive)])
    for name in ("law83-quit-by-winners", "law85-answer-no", "law81-missed-trick"):
        app.record((EXAMPLES / f"{name}.hand").read_text(encoding="utf-8"))


def test_the_walk_gives_what_the_application_gives_in_its_order(store, tmp_path):
    filled(store, tmp_path)
    for irregularities in (False, True):
        expected = through_the_application(store, irregularities)
        assert expected, "the store has revokes to find"
        assert list(scan_rows(store, irregularities)) == expected
        assert list(scan_rows(store, irregularities, jobs=3)) == expected


@pytest.mark.parametrize("store", POSTGRESQL_SLOW, indirect=True)  # four handrec runs, two with --jobs 2 (many processes); on PostgreSQL: slow
def test_scan_jobs_prints_the_same_bytes(store, tmp_path):
    filled(store, tmp_path)
    one = run("scan", "--json", "--irregularities", store=store).stdout
    two = run("scan", "--json", "--irregularities", "--jobs", "2", store=store).stdout
    assert one == two and json.loads(one)
    assert run("scan", store=store).stdout == run("scan", "-j", "2", store=store).stdout


def test_an_sqlite_store_is_read_over_one_connection_in_the_order_hands_were_opened(tmp_path):
    store = str(tmp_path / "hands.db")
    app = HandRecorder(store)
    for name in ("law85-answer-no", "law83-quit-by-winners"):
        app.record((EXAMPLES / f"{name}.hand").read_text(encoding="utf-8"))
    app.add("law85-answer-no", "note added after the other hand was opened")
    with Store.parse(store).reader() as reader:
        assert list(reader.hand_ids()) == ["law85-answer-no", "law83-quit-by-winners"] == app.hand_ids()
        rows = reader.read("law85-answer-no")
        assert [line for _, _, _, line in rows] == [e.line for e in app.hand_events("law85-answer-no")]
        assert reader.read("not-stored") == []


def test_a_store_with_a_row_of_another_program_is_refused_in_one_sentence(tmp_path):
    store = str(tmp_path / "hands.db")
    HandRecorder(store).record((EXAMPLES / "law85-answer-no.hand").read_text(encoding="utf-8"))
    with sqlite3.connect(store) as conn:
        conn.execute("UPDATE stored_events SET state = X'7b7d' WHERE originator_version = 3")
    p = run("scan", store=store, ok=False)
    assert p.returncode == 1 and "Traceback" not in p.stderr
    assert "law85-answer-no" in p.stderr and "event 3" in p.stderr, p.stderr


def test_a_second_account_is_scanned_with_its_first_account_s_events(tmp_path):
    """A second account stores only its own rows (`hand east branch=FIRST@8` and its acts): the
    straight reader leaves it to the application, which assembles it with its first account's
    shared events (`recorder.rows._whole`). Its rows alone would look played in order; scanned
    whole, its revoke is found, as the application finds it."""
    store = str(tmp_path / "hands.db")
    app = HandRecorder(store)
    first = "law83-quit-by-winners"
    app.record((EXAMPLES / f"{first}.hand").read_text(encoding="utf-8"))
    app.record(f"hand east branch={first}@8\n")
    rows = [r for r in scan_rows(store) if r["hand"] == "east"]
    assert rows and rows == [r for r in through_the_application(store, False) if r["hand"] == "east"]
    assert [r["seat"] for r in rows] == [r["seat"] for r in scan_rows(store) if r["hand"] == first]


def test_the_scan_s_words_say_dummy_s_revoke_and_what_was_looked_for(tmp_path):
    store = str(tmp_path / "hands.db")
    app = HandRecorder(store)
    app.record((EXAMPLES / "law63-dummy-fails-to-follow.hand").read_text(encoding="utf-8"))
    lines = run("scan", store=store).stdout.splitlines()
    assert any(" (dummy) revoked in trick " in line for line in lines), lines
    clean = str(tmp_path / "clean.db")
    HandRecorder(clean).record("hand c\ndealer S\ndeal N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 "
                               "AKQJ.32.5432.432\ncontract 4H by S\nplay W H2\n")
    assert run("scan", store=clean).stdout == "no revoke found\n"
    assert run("scan", "--irregularities", store=clean).stdout == "no revoke and no other irregularity found\n"
