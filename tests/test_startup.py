"""Answers at the speed of thought: a read command on an SQLite store imports neither PostgreSQL's
client nor eventsourcing nor the domain model (their imports were most of its time), nor the
commands of archives and of the review room, nor, for a hand of the 1912 code, the duplicate
family's laws (issue 41, figure a); and the events it reads straight from the store's rows are the
application's, to the order of their arguments. bench/startup.py measures the time."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from bridge.lines import KINDS
from expectations import EXAMPLES
from handrec import cli, cli_common
from projections.events import as_events
from recorder import domainmodel
from recorder import store as store_module
from recorder.application import HandRecorder
from recorder.importer import import_files
from recorder.store import Store

FIXTURE_V1 = Path(__file__).resolve().parent / "fixtures" / "store-v1.db"
HAND = "law83-quit-by-winners"
# Every kind of line the examples do not have: notes with and without an author, honors, void,
# an auction, options and a rubber on the hand line, a rubber's correction and agreement.
KINDS_HAND = """hand kinds-1 quitting=strict rubber=club-night
dealer S
deal N:T98.9876.T98.876 - - -
note by=director a quiet table
auction 1H pass 4H pass pass pass
contract 4H by S
honors S HA HK HQ
void W H
play W SA
play N S8
play E C9
play S S3
ask W E
answer E yes
withdraw E C9
play E S2
quit EW
note trick over
play W SK
play N S9
inspect
attention E mine
claim S 10
correct kinds-1 NS honor +10
find by=TD the facts as recorded, on the balance of probabilities
appeal by=AC the ruling stands
agree
cut
"""
PBN = """[Event "startup"]
[Board "1"]
[Dealer "N"]
[Deal "N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432"]
[Contract "4H"]
[Declarer "S"]
[Result "10"]
"""
# The command in a new interpreter, as the installed script runs it; then the modules it imported.
RUN = """
import json, sys
from handrec.cli import main
try:
    main(sys.argv[1:], prog_name="handrec")
    code = 0
except SystemExit as e:
    code = e.code
sys.stderr.write("\\nimported " + json.dumps(sorted(sys.modules)) + "\\n")
sys.exit(code)
"""
NOT_FOR_READING = ("psycopg", "psycopg_pool", "psycopg_binary", "eventsourcing", "recorder.domainmodel",
                   "recorder.application", "recorder.persistence", "recorder.persistence_postgres")
# What no read command imports (`handrec.cli.Commands` imports the others' modules when one of
# theirs is named), nor, for a 1912 hand, the duplicate family's steps and its laws' summaries
# (`FamilyWhenAsked`, `summaries._summaries_of`), nor the rulings of premature plays, leads out of
# turn and penalty cards the judge imports where it first needs them; HAND is a 1912 hand.
NOT_FOR_A_1912_READING = ("handrec.cli_archives", "handrec.cli_room", "projections.rulings.laws_duplicate",
                          "projections.rulings.summaries_duplicate", "projections.rulings.duplicate",
                          "projections.rulings.leads", "projections.rulings.premature",
                          "projections.rulings.penalty_cards")
# What the JSON of the rulings needs none of: the words (views), the score, the timeline.
NOT_FOR_THE_RULINGS_JSON = ("handrec.views", "handrec.wording", "projections.score", "projections.duplicate_score",
                            "projections.timeline")
DUPLICATE_HAND = "dup17-l45e-fifth-card-deemed-not-led"
POSTGRES_ONLY = ("psycopg", "psycopg_pool", "psycopg_binary", "eventsourcing.postgres", "recorder.persistence_postgres")


def _clean_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k != "HANDREC_STORE" and not any(k in (s, "HANDREC_" + s) for s in store_module._READ_SETTINGS)}
    return {**env, **extra}


def run(*args: str, **env: str) -> tuple[subprocess.CompletedProcess, set[str]]:
    p = subprocess.run([sys.executable, "-c", RUN, *args], capture_output=True, text=True, timeout=120,
                       env=_clean_env(**env))
    head, _, modules = p.stderr.rpartition("\nimported ")
    p.stderr = head.lstrip("\n")
    return p, set(json.loads(modules))


def among(modules: set[str], names: tuple[str, ...]) -> list[str]:
    return sorted(m for m in modules if any(m == n or m.startswith(n + ".") for n in names))


@pytest.fixture
def sqlite_store(tmp_path: Path) -> str:
    path = str(tmp_path / "hands.db")
    HandRecorder(path).record((EXAMPLES / f"{HAND}.hand").read_text(encoding="utf-8"))
    return path


@pytest.mark.parametrize("command", [["rulings", HAND, "--at", "9", "--json"], ["rulings", HAND],
                                     ["show", HAND], ["show", HAND, "--at", "9"], ["timeline", HAND],
                                     ["timeline", HAND, "--json"], ["score", HAND], ["score", HAND, "--json"]])
def test_a_read_command_on_sqlite_imports_no_postgres_no_eventsourcing_and_says_the_same(sqlite_store, command):
    direct, modules = run("--store", sqlite_store, *command)
    assert direct.returncode == 0, direct.stderr
    assert among(modules, NOT_FOR_READING) == []
    assert among(modules, NOT_FOR_A_1912_READING) == []
    # The application's way (an eventsourcing setting in the environment sends the command there):
    # the same bytes.
    usual, modules = run("--store", sqlite_store, *command, HANDREC_PERSISTENCE_MODULE="eventsourcing.sqlite")
    assert "recorder.domainmodel" in modules
    assert (direct.stdout, direct.stderr, direct.returncode) == (usual.stdout, usual.stderr, usual.returncode)


def test_the_rulings_as_json_import_no_words_no_score_no_timeline(sqlite_store):
    p, modules = run("--store", sqlite_store, "rulings", HAND, "--at", "9", "--json")
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["revokes"][0]["status"] == "established"  # (L83: the trick quitted)
    assert among(modules, NOT_FOR_THE_RULINGS_JSON) == []
    assert "projections.moment" in modules and "click" in modules  # (what the command is made of, imported)


@pytest.mark.parametrize("command", [["rulings", DUPLICATE_HAND], ["show", DUPLICATE_HAND], ["score", DUPLICATE_HAND]])
def test_a_duplicate_hand_is_read_under_its_family_imported_when_asked(tmp_path, command):
    path = str(tmp_path / "hands.db")
    HandRecorder(path).record((EXAMPLES / f"{DUPLICATE_HAND}.hand").read_text(encoding="utf-8"))
    direct, modules = run("--store", path, *command)
    assert direct.returncode == 0, direct.stderr
    assert "projections.rulings.laws_duplicate" in modules
    assert among(modules, ("handrec.cli_archives", "handrec.cli_room", *NOT_FOR_READING)) == []
    usual, _ = run("--store", path, *command, HANDREC_PERSISTENCE_MODULE="eventsourcing.sqlite")
    assert (direct.stdout, direct.stderr, direct.returncode) == (usual.stdout, usual.stderr, usual.returncode)


def test_the_summaries_of_the_duplicate_laws_are_read_when_a_duplicate_code_asks():
    p = subprocess.run([sys.executable, "-c", """
import json, sys
from projections.rulings.summaries import summary
said = [summary("auction-1912", "L83")]
loaded = "projections.rulings.summaries_duplicate" in sys.modules
said += [summary("duplicate-2007", "53A"), summary("duplicate-2007", "14B4"), summary("duplicate-1997", "0")]
print(json.dumps([loaded, said]))
"""], capture_output=True, text=True, timeout=60, env=_clean_env())
    loaded, said = json.loads(p.stdout)
    from projections.rulings.summaries import SUMMARIES
    from projections.rulings.summaries_duplicate import DUPLICATE

    assert not loaded and said[0] == SUMMARIES["auction-1912"]["83"]
    # 2007's own paragraph; one 2007 does not have, 2017's (`summaries_from`); a law no code has, none.
    assert said[1:] == [DUPLICATE["duplicate-2007"]["53A"], DUPLICATE["duplicate-2017"]["14B4"], None]


def test_the_commands_of_archives_and_of_the_room_are_imported_when_named_and_listed(sqlite_store):
    from handrec import cli_archives, cli_room

    p, modules = run("--store", sqlite_store, "list")
    assert (p.returncode, p.stdout) == (0, f"{HAND}\n")
    assert "handrec.cli_archives" in modules
    p, _ = run("list", "--store", sqlite_store)  # (--store after a command imported when named)
    assert (p.returncode, p.stdout) == (0, f"{HAND}\n")
    p, modules = run("--help")
    listed = {line.split()[0] for line in p.stdout.split("\nCommands:\n")[1].splitlines()}
    theirs = {c.name for c in (*cli_archives.COMMANDS, *cli_room.COMMANDS)}
    assert theirs <= listed and {"record", "rulings", "show", "timeline", "score"} <= listed
    assert {"handrec.cli_archives", "handrec.cli_room"} <= modules
    p, _ = run("no-such-command")
    assert p.returncode == 2 and "No such command 'no-such-command'" in p.stderr


@pytest.mark.parametrize("command,message", [
    (["rulings", "no-such-hand"], "handrec: no hand 'no-such-hand' is stored in {store}; record it first with 'handrec "
                                  "record FILE', or start it with 'handrec add no-such-hand \"hand no-such-hand\"'.\n"),
    (["rulings", HAND, "--at", "15"], f"handrec: --at 15 is outside hand '{HAND}', which has events 1 to 14.\n"),
])
def test_a_read_command_says_what_is_wrong_as_before_without_importing_more(sqlite_store, command, message):
    p, modules = run("--store", sqlite_store, *command)
    assert (p.returncode, p.stdout, p.stderr) == (1, "", message.replace("{store}", sqlite_store))
    assert among(modules, NOT_FOR_READING) == []


def test_a_write_command_on_sqlite_imports_no_postgres(tmp_path):
    p, modules = run("--store", str(tmp_path / "hands.db"), "record", str(EXAMPLES / f"{HAND}.hand"))
    assert p.returncode == 0, p.stderr
    assert "eventsourcing.sqlite" in modules and "recorder.persistence" in modules
    assert among(modules, POSTGRES_ONLY) == []


def test_the_postgresql_recorder_lives_apart_and_is_named_for_a_postgresql_store():
    from eventsourcing.postgres import PostgresApplicationRecorder
    from eventsourcing.utils import resolve_topic

    env = Store.parse("postgresql://someone@db.invalid/club").env
    recorder = resolve_topic(env["APPLICATION_RECORDER_TOPIC"])
    assert recorder.__module__ == "recorder.persistence_postgres"
    assert issubclass(recorder, PostgresApplicationRecorder)
    assert "postgres" not in Store.parse("hands.db").env["APPLICATION_RECORDER_TOPIC"]
    p = subprocess.run([sys.executable, "-c", "import sys, recorder.persistence, recorder.store; "
                        "print(sorted(m for m in sys.modules if 'psycopg' in m or 'postgres' in m))"],
                       capture_output=True, text=True, timeout=60, env=_clean_env())
    assert p.stdout.strip() == "[]", p.stderr


def _folded(events: list) -> list[tuple]:
    return [(e.number, e.kind, list(e.args.items()), e.line) for e in as_events(events)]


def test_the_rows_read_directly_are_the_events_the_application_reads(tmp_path):
    path = str(tmp_path / "hands.db")
    app = HandRecorder(path)
    for f in sorted(EXAMPLES.glob("*.hand")):
        app.record(f.read_text(encoding="utf-8"), file=str(f))
    app.record(KINDS_HAND)
    (tmp_path / "board.pbn").write_text(PBN, encoding="utf-8")
    assert not import_files(app, [str(tmp_path / "board.pbn")]).refused
    ids = app.hand_ids()
    assert len(ids) >= 90
    seen: set[str] = set()
    for hand_id in ids:
        direct = cli_common.read_hand(SimpleNamespace(obj={"store": path}), hand_id)
        assert Store.parse(path).read_hand(hand_id) is not None  # read directly, not by the application
        assert _folded(direct) == _folded(app.hand_events(hand_id)), hand_id
        seen.update(e.kind for e in direct)
    # A second account's reference to a correction (`shared`) is never folded: its reader gives the
    # folds the correction it names; and a second account is read by the application, which
    # assembles its record from its first account's (`Store.read_hand` leaves it so).
    assert seen == set(KINDS) - {"shared"}
    app.record(f"hand second branch={ids[0]}@2\n")
    assert Store.parse(path).read_hand("second") is None
    assert _folded(cli_common.read_hand(SimpleNamespace(obj={"store": path}), "second"))[1:] == \
        _folded(app.hand_events(ids[0])[:2])[1:]


def test_old_notes_are_upcast_when_read_directly_and_nothing_is_left_beside_the_store(tmp_path):
    path = tmp_path / "store.db"
    shutil.copy(FIXTURE_V1, path)
    stored = Store.parse(str(path)).read_hand("notes-v1")
    assert stored is not None
    notes = [words for _, kind, words, _ in stored if kind == "note"]
    assert [(n["text"], n["author"]) for n in notes] == [("before the deal: a quiet table", ""),
                                                         ("West thinks for a minute", "")]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["store.db"]
    app = HandRecorder(str(path))
    for hand_id in app.hand_ids():
        assert _folded(cli_common.read_hand(SimpleNamespace(obj={"store": str(path)}), hand_id)) == \
            _folded(app.hand_events(hand_id)), hand_id


def test_what_the_store_knows_of_the_domain_model_is_the_domain_model():
    from eventsourcing.utils import get_topic

    from recorder import rows

    assert rows.hand_uuid is domainmodel.hand_uuid  # one id of a hand (recorder.ids), for both
    versions = {}
    for kind in KINDS.values():
        cls = getattr(domainmodel.Hand, kind.event)
        assert get_topic(cls) == rows.HAND_TOPIC + kind.event
        if getattr(cls, "class_version", 1) > 1:
            versions[kind.event] = cls.class_version
    assert rows.CLASS_VERSIONS == versions


def test_a_store_written_another_way_is_read_by_the_application(tmp_path, monkeypatch):
    # eventsourcing takes its settings from the environment too: compressed states, say.
    monkeypatch.setenv("HANDREC_COMPRESSOR_TOPIC", "eventsourcing.compressor:ZlibCompressor")
    path = str(tmp_path / "hands.db")
    app = HandRecorder(path)
    app.record((EXAMPLES / f"{HAND}.hand").read_text(encoding="utf-8"))
    assert Store.parse(path).read_hand(HAND) is None
    assert _folded(cli_common.read_hand(SimpleNamespace(obj={"store": path}), HAND)) == _folded(app.hand_events(HAND))


def test_what_the_direct_read_leaves_to_the_application(tmp_path, sqlite_store):
    assert Store.parse(str(tmp_path / "none-yet.db")).read_hand(HAND) is None  # the application makes it
    assert not (tmp_path / "none-yet.db").exists()
    (tmp_path / "empty.db").write_bytes(b"")
    assert Store.parse(str(tmp_path / "empty.db")).read_hand(HAND) is None  # no table
    (tmp_path / "text.db").write_text("not a database\n" * 20)
    assert Store.parse(str(tmp_path / "text.db")).read_hand(HAND) is None
    assert Store.parse("postgresql://someone@db.invalid/club").read_hand(HAND) is None
    assert Store.parse(sqlite_store).read_hand("no-such-hand") == []
