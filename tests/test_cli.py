"""The installed `handrec` command, run as a subprocess the way users run it."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import POSTGRESQL_SLOW
from expectations import EXAMPLES

HANDREC = shutil.which("handrec", path=str(Path(sys.executable).parent) + os.pathsep + os.environ.get("PATH", ""))


def run(*args: str, store: str, cwd: Path | None = None, ok: bool = True) -> subprocess.CompletedProcess:
    assert HANDREC, "the handrec command is installed (pip install .)"
    env = {**os.environ, "HANDREC_STORE": store}
    p = subprocess.run([HANDREC, *args], capture_output=True, text=True, env=env, cwd=cwd, timeout=120)
    if ok:
        assert p.returncode == 0, p.stderr
    return p


def test_record_then_rulings_json_in_another_process(store):
    ex = str(EXAMPLES / "law83-quit-by-winners.hand")
    out = run("record", ex, store=store).stdout
    assert "law83-quit-by-winners: recorded 14 events" in out
    # A second process reads what the first recorded.
    r = json.loads(run("rulings", "law83-quit-by-winners", "--at", "9", "--json", store=store).stdout)
    v = r["revokes"][0]
    assert (r["at"], v["status"], v["status_event"], v["laws"], v["penalty"]["law"]) == (9, "established", 9, ["83"], "84b")
    r = json.loads(run("rulings", "law83-quit-by-winners", "--at", "8", "--json", store=store).stdout)
    assert r["revokes"][0]["status"] == "correctable"


@pytest.mark.parametrize("store", POSTGRESQL_SLOW, indirect=True)  # several handrec processes; on PostgreSQL: slow
def test_show_draws_the_table(store):
    run("record", str(EXAMPLES / "law85-answer-yes-corrected.hand"), store=store)
    out = run("show", "law85-answer-yes-corrected", "--at", "12", store=store).stdout
    lines = out.splitlines()
    north = next(i for i, line in enumerate(lines) if "North" in line)
    west = next(i for i, line in enumerate(lines) if line.startswith("West"))
    south = next(i for i, line in enumerate(lines) if "South" in line and "declarer" in line)
    assert north < west < south and "East" in lines[west]
    assert "♠" in out and "corrected at event 12" in out and "to play: East" in out


@pytest.mark.parametrize("store", POSTGRESQL_SLOW, indirect=True)  # several handrec processes; on PostgreSQL: slow
def test_timeline_lists_every_event_and_what_changed(store):
    run("record", str(EXAMPLES / "law83-quit-by-winners.hand"), store=store)
    out = run("timeline", "law83-quit-by-winners", store=store).stdout
    assert "   7  play E C9" in out and "correctable [L83]" in out and "correctable → established" in out
    rows = json.loads(run("timeline", "law83-quit-by-winners", "--json", store=store).stdout)
    assert [row["event"] for row in rows] == list(range(1, 15))


@pytest.mark.parametrize("store", POSTGRESQL_SLOW, indirect=True)  # several handrec processes; on PostgreSQL: slow
def test_add_records_live(store, tmp_path):
    head = tmp_path / "live.hand"
    head.write_text("hand live\ndealer S\ndeal N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432\ncontract 4H by S\n")
    run("record", str(head), store=store)
    run("add", "live", "play W SA", store=store)
    run("add", "live", "play N S8", store=store)
    run("add", "live", "play E C9", store=store)
    r = json.loads(run("rulings", "live", "--json", store=store).stdout)
    assert r["revokes"][0]["status"] == "correctable"


@pytest.mark.parametrize("store", POSTGRESQL_SLOW, indirect=True)  # several handrec processes; on PostgreSQL: slow
@pytest.mark.parametrize("args, message", [
    (("rulings", "nope"), "no hand 'nope' is stored"),
    (("rulings", "law83-quit-by-winners", "--at", "99"), "--at 99 is outside"),
    (("record", "missing.hand"), "missing.hand: no such file"),
    (("add", "law83-quit-by-winners", "play W HA"), "West does not hold HA"),
])
def test_errors_are_one_sentence_and_no_traceback(store, tmp_path, args, message):
    run("record", str(EXAMPLES / "law83-quit-by-winners.hand"), store=store)
    p = run(*args, store=store, cwd=tmp_path, ok=False)
    assert p.returncode != 0
    assert message in p.stderr and "Traceback" not in p.stderr
    assert len(p.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("store", POSTGRESQL_SLOW, indirect=True)  # several handrec processes; on PostgreSQL: slow
def test_a_refused_transcript_names_file_line_text_and_reason(store, tmp_path):
    bad = tmp_path / "bad.hand"
    bad.write_text((EXAMPLES / "law83-quit-by-winners.hand").read_text().replace("play S S4", "play S DA"))
    p = run("record", str(bad), store=store, ok=False)
    assert p.returncode != 0 and "Traceback" not in p.stderr
    assert f"{bad}, line" in p.stderr and "'play S DA'" in p.stderr and "South does not hold DA; it is East's" in p.stderr
    assert run("list", store=store).stdout == ""  # nothing of it was stored


def test_default_store_is_hands_db_in_the_current_folder(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "HANDREC_STORE"}
    p = subprocess.run([HANDREC, "record", str(EXAMPLES / "law83-quit-by-winners.hand")],
                       capture_output=True, text=True, env=env, cwd=tmp_path, timeout=120)
    assert p.returncode == 0, p.stderr
    assert (tmp_path / "hands.db").exists()


def test_ci_runs_the_readme_test_command():
    root = Path(__file__).resolve().parent.parent
    readme = (root / "README.md").read_text()
    lines = readme.splitlines()
    marker = next(i for i, line in enumerate(lines) if "test-command" in line)
    command = next(line for line in lines[marker:] if line.startswith("python3 "))
    assert "pytest" in command and "pip install '.[test]'" in command
    assert "test-command" in (root / ".ci" / "run").read_text()


@pytest.mark.parametrize("store", POSTGRESQL_SLOW, indirect=True)  # several handrec processes; on PostgreSQL: slow
def test_record_goes_on_past_a_refused_file_and_says_so(store, tmp_path):
    bad = tmp_path / "bad.hand"
    bad.write_text("hand bad\nplay Q SA\n")
    good = str(EXAMPLES / "law83-quit-by-winners.hand")
    p = run("record", "-v", str(bad), good, store=store, ok=False)
    assert p.returncode == 1 and "Traceback" not in p.stderr
    assert p.stderr.strip() == f"handrec: {bad}, line 2 'play Q SA': 'Q' is not a seat (one of N E S W)."
    assert "law83-quit-by-winners: recorded 14 events" in p.stdout
    assert run("list", store=store).stdout.split() == ["law83-quit-by-winners"]


def test_export_pbn_writes_notes_exactly_escape_sequences_included(tmp_path):
    store = str(tmp_path / "h.db")
    (tmp_path / "arch").mkdir()
    pbn = tmp_path / "arch" / "odd.pbn"
    pbn.write_text('[Board "1"]\n[Dealer "N"]\n[Deal "N:AKQJ.AKQ.AKQ.AKQ - - -"]\n[Contract "7NT"]\n[Declarer "N"]\n'
                   '[Result "13"]\n{red \x1b[31m text\x1b[0m, a tab\there}\n', encoding="utf-8")
    run("import", str(pbn), store=store)
    out = run("export-pbn", "arch/odd.pbn/1", "--transcript", store=store).stdout
    assert "note red \x1b[31m text\x1b[0m, a tab here" in out  # whitespace runs are one space in a note


def test_an_argument_that_is_not_utf8_is_one_sentence(tmp_path):
    store = str(tmp_path / "h.db")
    run("record", str(EXAMPLES / "law83-quit-by-winners.hand"), store=store)
    env = {**os.environ, "HANDREC_STORE": store}
    for args in ([b"add", b"law83-quit-by-winners", b"note bad \xff"], [b"show", b"\xff"]):
        p = subprocess.run([HANDREC.encode(), *args], capture_output=True, env=env, timeout=60)
        assert p.returncode == 1
        assert p.stderr.decode() == "handrec: the command line holds the byte \\xff, which is not UTF-8 text.\n"


def test_a_transcript_saved_with_a_byte_order_mark_is_read_as_a_pbn_with_one_is(tmp_path):
    store = str(tmp_path / "hands.db")
    text = (EXAMPLES / "law83-quit-by-winners.hand").read_bytes()
    bom = tmp_path / "bom.hand"
    bom.write_bytes(b"\xef\xbb\xbf" + text)
    assert "law83-quit-by-winners: recorded 14 events" in run("record", str(bom), store=store).stdout
    # The same transcript without it is the same record: nothing new.
    assert "already stored, nothing new" in run("record", str(EXAMPLES / "law83-quit-by-winners.hand"), store=store).stdout


@pytest.mark.parametrize("encoding, mark", [("utf-16-le", ""), ("utf-16-be", ""), ("utf-16", "(its mark)"),
                                            ("utf-32", "(its mark)")])
def test_a_transcript_saved_as_utf16_with_or_without_its_mark_is_the_same_record(tmp_path, encoding, mark):
    store = str(tmp_path / "hands.db")
    text = (EXAMPLES / "law83-quit-by-winners.hand").read_text(encoding="utf-8") + "note Köln ♣\n"
    wide = tmp_path / "wide.hand"
    wide.write_bytes(text.encode(encoding))
    assert "law83-quit-by-winners: recorded 15 events" in run("record", str(wide), store=store).stdout
    narrow = tmp_path / "narrow.hand"
    narrow.write_text(text, encoding="utf-8")
    assert "already stored, nothing new" in run("record", str(narrow), store=store).stdout


def test_a_transcript_that_is_not_utf8_is_refused_with_its_line(tmp_path):
    store = str(tmp_path / "hands.db")
    bad = tmp_path / "latin.hand"
    bad.write_bytes(b"hand latin-1\ndealer S\nnote caf\xe9\n")
    p = run("record", str(bad), store=store, ok=False)
    assert p.returncode == 1
    assert p.stderr == f"handrec: {bad}, line 3: not UTF-8 text (byte 30).\n"
    assert run("list", store=store).stdout == ""  # nothing stored
    missing = run("record", str(tmp_path / "none.hand"), store=store, ok=False)
    assert missing.returncode != 0 and "Traceback" not in missing.stderr


def test_store_after_the_command_and_how_to_start_a_hand(tmp_path):
    store = str(tmp_path / "after.db")
    env = {k: v for k, v in os.environ.items() if k != "HANDREC_STORE"}
    p = subprocess.run([HANDREC, "record", str(EXAMPLES / "law83-quit-by-winners.hand"), "--store", store],
                       capture_output=True, text=True, env=env, cwd=tmp_path, timeout=120)
    assert p.returncode == 0 and not (tmp_path / "hands.db").exists()
    p = subprocess.run([HANDREC, "rulings", "law83-quit-by-winners", "--json", "--store", store],
                       capture_output=True, text=True, env=env, cwd=tmp_path, timeout=120)
    assert json.loads(p.stdout)["revokes"][0]["status"] == "established"
    p = run("add", "dispute-9", "play W SA", store=store, ok=False)
    assert p.stderr == (f"handrec: no hand 'dispute-9' is stored in {store}; record it first with 'handrec record "
                        "FILE', or start it with 'handrec add dispute-9 \"hand dispute-9\"'.\n")


def test_output_a_terminal_cannot_hold_is_still_written_with_suit_letters(tmp_path):
    store = str(tmp_path / "hands.db")
    run("record", str(EXAMPLES / "law83-quit-by-winners.hand"), store=store)
    env = {**os.environ, "HANDREC_STORE": store, "PYTHONIOENCODING": "latin-1"}
    p = subprocess.run([HANDREC, "show", "law83-quit-by-winners", "--at", "9"], capture_output=True, env=env, timeout=120)
    assert p.returncode == 0, p.stderr
    out = p.stdout.decode("latin-1")
    assert "S 10 9" in out and "H 9 8 7 6" in out and "♠" not in out and p.stderr == b""


def test_recording_many_transcripts_says_it_in_one_line(tmp_path):
    store = str(tmp_path / "hands.db")
    files = sorted(str(p) for p in EXAMPLES.glob("law8*.hand"))
    out = run("record", *files, store=store).stdout.splitlines()
    assert len(out) == 2 and out[0].startswith(f"{len(files)} transcripts read: {len(files)} hands recorded, 0 extended, "
                                               f"0 already stored, 0 refused; ")
    # (and under which code the new hands are ruled, never silent: issue 38, section 3)
    assert out[1].startswith("the new hands are ruled under auction-1912 (") and "the default" in out[1], out[1]
    again = run("record", *files, store=store).stdout
    assert again == (f"{len(files)} transcripts read: 0 hands recorded, 0 extended, {len(files)} already stored, "
                     f"0 refused; 0 events added (-v names each)\n")
    assert len(run("record", "-v", *files, store=store).stdout.splitlines()) == len(files)


def test_recording_a_hand_without_a_contract_or_with_a_short_hand_says_so_then(tmp_path):
    store = str(tmp_path / "hands.db")
    hand = tmp_path / "no-contract.hand"
    hand.write_text("hand no-contract\ndealer S\n"
                    "deal N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432\nplay W SA\n",
                    encoding="utf-8")
    out = run("record", str(hand), store=store).stdout
    assert "no-contract: recorded 4 events" in out and "note: A card is played at event 4 but no contract is recorded" in out
    short = tmp_path / "short.hand"
    short.write_text("hand short\ndealer S\n"
                     "deal N:T98.9876.T98.87 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432\ncontract 4H by S\n",
                     encoding="utf-8")
    assert "note: North was dealt 12 cards" in run("record", str(short), store=store).stdout


def test_rulings_say_who_elects_an_irregularitys_penalty(tmp_path):
    """Issue 19, 4.10: the JSON had the elector of a lead out of turn's penalty; the text did not."""
    (tmp_path / "lead.hand").write_text("hand lead-out\ndealer S\ndeal N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 "
                                        "76543.AKQJT.76.5 AKQJ.32.5432.432\ncontract 4H by W\nplay S S3\n")
    store = str(tmp_path / "h.db")
    run("record", str(tmp_path / "lead.hand"), store=store)
    text = run("rulings", "lead-out", store=store).stdout
    assert "lead-out-of-turn by South at event 5 [L76, L78]" in text
    assert "  Penalty: the card treated as exposed, liable to be called or a suit called from the adversary who next leads — West elects" in text


def test_a_trick_quitted_by_the_wrong_side_names_the_side(tmp_path):
    """Issue 19, 4.12: "wrong-side-quit by the table"; the side that quitted it is known."""
    store = str(tmp_path / "h.db")
    run("record", str(EXAMPLES / "law83-quit-by-wrong-side.hand"), store=store)
    assert "wrong-side-quit by NS at event 9 [L83]" in run("rulings", "law83-quit-by-wrong-side", store=store).stdout
    [irregularity] = json.loads(run("rulings", "law83-quit-by-wrong-side", "--json", store=store).stdout)["irregularities"]
    assert irregularity["side"] == "NS" and irregularity["seat"] is None


def test_rulings_mention_a_question_asked_too_late_and_the_revoke_claimed(tmp_path):
    """Issue 19, 4.13: a late "having none?" and a `claim-revoke` were recorded and never said.
    L85: the question suspends only when asked before the trick is quitted; L88: a revoke is
    claimed before the cut for the next deal."""
    store = str(tmp_path / "h.db")
    run("record", str(EXAMPLES / "law83-quit-by-winners.hand"), store=store)  # established at event 9
    run("add", "law83-quit-by-winners", "ask W E", store=store)
    run("add", "law83-quit-by-winners", "claim-revoke NS E", store=store)
    text = run("rulings", "law83-quit-by-winners", store=store).stdout
    assert ("  West asked 'having none?' at event 15, after the revoke was established at event 9: too late to "
            "correct it (L85).") in text
    assert "  NS claimed the revoke at event 16, before the cut for the next deal (L88)." in text
    [revoke] = json.loads(run("rulings", "law83-quit-by-winners", "--json", store=store).stdout)["revokes"]
    assert [r["event"] for r in revoke["remarks"]] == [15, 16] and revoke["status_event"] == 9
    run("add", "law83-quit-by-winners", "cut", store=store)
    run("add", "law83-quit-by-winners", "claim-revoke NS E", store=store)
    [revoke] = json.loads(run("rulings", "law83-quit-by-winners", "--json", store=store).stdout)["revokes"]
    assert len(revoke["remarks"]) == 2  # (claimed once: the second claim is not the first)


def test_what_each_player_said_is_shown_with_the_ruling(tmp_path):
    """Issue 19, part 2: `note by=NAME` was shown only in the events list; the rulings and the
    table view say it, and the JSON has it."""
    store = str(tmp_path / "h.db")
    run("record", str(EXAMPLES / "law83-quit-by-winners.hand"), store=store)
    run("add", "law83-quit-by-winners", "note by=East I did not see I still had the two", store=store)
    run("add", "law83-quit-by-winners", "note by=South the trick was turned at once", store=store)
    said = ["Statements:", "  event 15, East: I did not see I still had the two",
            "  event 16, South: the trick was turned at once"]
    assert run("rulings", "law83-quit-by-winners", store=store).stdout.splitlines()[-3:] == said
    assert run("show", "law83-quit-by-winners", store=store).stdout.splitlines()[-3:] == said
    assert run("rulings", "law83-quit-by-winners", "--at", "15", store=store).stdout.splitlines()[-2:] == said[:2]
    r = json.loads(run("rulings", "law83-quit-by-winners", "--json", store=store).stdout)
    assert r["statements"][1] == {"event": 16, "by": "South", "text": "the trick was turned at once"}


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full on this machine to write into")
def test_output_with_no_room_to_be_written_is_one_sentence(store):
    """Output into a full disk (`> /dev/full`) is said once, in one sentence, never a traceback."""
    run("record", str(EXAMPLES / "law83-quit-by-winners.hand"), store=store)
    for args in (("export-pbn", "law83-quit-by-winners"), ("timeline", "law83-quit-by-winners"), ("scan",)):
        with open("/dev/full", "w") as full:
            p = subprocess.run([HANDREC, *args], stdout=full, stderr=subprocess.PIPE, text=True, timeout=120,
                               env={**os.environ, "HANDREC_STORE": store})
        assert p.returncode == 1 and p.stderr == "handrec: the output cannot be written (No space left on device).\n", \
            (args, p.stderr)
