"""A kind of line is declared once, and each of its pieces is held by a test (issue 21, part 2;
issue 41, part 1): the vocabulary's declaration (`bridge.lines.Kind`: its words, its event's fields
in stored order, whether it checks or moves the cards, whether the laws rule on it), the stored
event made from it, the table's fold, the judge's step when the laws rule on it, the physics of the
kinds that declare a check or a move, and its row of docs/transcripts.md's kinds table. A new kind
needs two edits, its declaration and its fold with its field (`director-called` below, added to a
scratch copy of the house). And each movement is held by what it does, the same on every path a
record takes: recorded line by line, read back from a store, rebuilt after an unrelated correction,
and an archive's new board recorded whole. (Deleting `pack.PHYSICS["void"]` once let East play a spade
after `void E S` and an unrelated `strike`: that deletion fails here.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from bridge.lines import KINDS, parse_line
from bridge.messages import TranscriptError
from projections.table import FOLD
from bridge import pack
from recorder.application import HandRecorder
from recorder.domainmodel import EVENT_OF_KIND, Hand
from formats.transcript import parse

DEAL = "deal N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432"
SHORT = "deal N:T98.9876.T98.87 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432"  # North dealt 12: C6 missing
OPEN = "dealer S\ncontract 4H by S\n"

# West's cards but the C2, played one by one (the pack checks who holds what, not whose turn it is).
WEST_BUT_ONE = "".join(f"play W {c}\n" for c in "SA SK SQ SJ H3 H2 D5 D4 D3 D2 C4 C3".split())

# kind → (the lines before, the line of that kind, a line after it, whether the record refuses that line)
MOVES = {
    # A card not known is one of West's: with it, his thirteen are played, and the C2 cannot be.
    "unknown": (f"{DEAL}\n{OPEN}{WEST_BUT_ONE}", "unknown W", "play W C2", True),
    "play": (f"{DEAL}\n{OPEN}", "play W SA", "play W SA", True),
    "deal": (OPEN, DEAL, "play N SA", True),
    "withdraw": (f"{DEAL}\n{OPEN}play W SA\nplay N S8\nplay E C9\n", "withdraw E C9", "play E C9", False),
    "restore": (f"{DEAL}\n{OPEN}play W SA\nplay N S8\nplay E C9\n", "restore E C9", "play E C9", False),
    "found": (f"{SHORT}\n{OPEN}", "found N C6", "play N C6", False),
    "put-right": (f"{DEAL}\n{OPEN}", "put-right E C9", "play E C9", True),
    # A fifth card lies on the trick (L45E) until the Director decides: deemed not led, it is back in hand.
    "fifth": (f"{DEAL}\n{OPEN}play W SA\nplay N S8\nplay E S2\nplay S S3\n", "play E CQ fifth", "play E CQ", True),
    "deem": (f"{DEAL}\n{OPEN}play W SA\nplay N S8\nplay E S2\nplay S S3\nplay E CQ fifth\n", "deem 9 not-led",
             "play E CQ", False),
    "honors": (OPEN, "honors S HA", "play N HA", True),
    "void": (OPEN, "void E S", "play E S2", True),
    "contract": ("dealer S\n", "contract 4H by S", "contract 4S by S", True),
    "auction": ("dealer S\n", "auction 1H pass 4H pass pass pass", "auction 1S pass pass pass", True),
}


def missing_pieces() -> list[str]:
    """What each declared kind of line lacks of its pieces, in words (none: the list is empty)."""
    import dataclasses
    import inspect

    from formats.pbn import PBN_KINDS  # (what PBN says; the writer makes any other kind commentary)
    from projections.rulings.judge import REGISTERED

    docs = (Path(__file__).resolve().parent.parent / "docs" / "transcripts.md").read_text(encoding="utf-8")
    out = []
    for kind in KINDS.values():
        cls = getattr(Hand, kind.event, None)
        if cls is None or cls.__qualname__ != f"Hand.{kind.event}":
            out.append(f"'{kind.name}' has no stored event Hand.{kind.event}")
        elif kind.name == "hand":  # (the opening event, made from `Hand.__init__`: its arguments)
            stored = [p for p in inspect.signature(Hand.__init__).parameters if p not in ("self", "line")]
            if stored != list(kind.fields):
                out.append(f"'hand' declares {kind.fields}, where Hand.Opened stores {stored}")
        else:
            stored = [f.name for f in dataclasses.fields(cls)][3:]  # (after the origin's three)
            if EVENT_OF_KIND.get(kind.name) is not cls or cls.kind != kind.name or stored != [*kind.fields, "line"]:
                out.append(f"'{kind.name}' is not stored as it is declared: Hand.{kind.event} holds {stored}")
        if kind.name not in FOLD:
            out.append(f"'{kind.name}' has no fold of the table (projections.table.FOLD)")
        check, move = pack.PHYSICS.get(kind.name, (None, None))
        if kind.checks != (check is not None) or kind.moves != (move is not None):
            out.append(f"'{kind.name}' is not in bridge.pack.PHYSICS as it declares its check and its move")
        if kind.ruled != (kind.name in REGISTERED):
            out.append(f"'{kind.name}' {'has no' if kind.ruled else 'has a'} step of the judge (ruled={kind.ruled})")
        if not kind.meaning:
            out.append(f"'{kind.name}' has no words (its meaning)")
        if f"\n| `{kind.form.replace('|', chr(92) + '|')}` | " not in docs:
            out.append(f"'{kind.name}' has no row in docs/transcripts.md's kinds table (python -m handrec.kinds_doc "
                       f"docs/transcripts.md writes it)")
    out.extend(f"'{name}' is no kind of line" for name in
               sorted((set(FOLD) | set(pack.PHYSICS) | set(REGISTERED) | set(PBN_KINDS)) - set(KINDS)))
    return out


def test_every_kind_declares_each_piece():
    assert missing_pieces() == []
    moving = {k for k, move in pack.MOVES.items() if move is not None}
    assert moving == set(MOVES), "each movement of the cards is held by a case below"


def test_a_kind_that_lacks_a_piece_is_named(monkeypatch):
    # The check itself, on a kind declared here (a real entry of the vocabulary for this test):
    # with no stored event, no fold and no row of the table, each is said.
    from dataclasses import replace

    scratch = replace(KINDS["mix"], name="director-called", event="DirectorCalled", usage="director-called SEAT",
                      meaning="SEAT calls the Director")
    monkeypatch.setitem(KINDS, "director-called", scratch)
    assert missing_pieces() == ["'director-called' has no stored event Hand.DirectorCalled",
                                "'director-called' has no fold of the table (projections.table.FOLD)",
                                "'director-called' has no step of the judge (ruled=True)",
                                "'director-called' has no row in docs/transcripts.md's kinds table (python -m "
                                "handrec.kinds_doc docs/transcripts.md writes it)"]


def test_the_judge_takes_a_step_for_each_kind_the_laws_rule_on_and_none_else(monkeypatch):
    # The judge's table of steps is derived from the declaration: each ruled kind to the step
    # registered for it (`rules`), nothing else; a step registered for a kind not ruled, or for no
    # kind, is said, as a ruled kind with no step is (above).
    from projections.rulings import judge

    assert set(judge.STEPS) == {kind.name for kind in KINDS.values() if kind.ruled}
    assert judge.PLAYED == {"play", "put-right", "fifth"}  # (the kinds `play` rules: a card put to a trick)
    assert all(judge.STEPS[name] is judge.REGISTERED[name] for name in judge.STEPS)
    monkeypatch.setitem(judge.REGISTERED, "note", judge.quit)
    monkeypatch.setitem(judge.REGISTERED, "director-called", judge.quit)
    assert missing_pieces() == ["'note' has a step of the judge (ruled=False)", "'director-called' is no kind of line"]
    with pytest.raises(ValueError, match="two steps of the judge for 'quit'"):
        judge.rules("quit")(judge.withdraw)


def _refused(record) -> bool:
    try:
        record()
    except TranscriptError:
        return True
    return False


def _text(before: str, line: str, after: str = "") -> str:
    return f"hand k\n{before}{line}\n{after}"


@pytest.mark.parametrize("kind", sorted(MOVES))
def test_each_movement_of_the_cards_is_the_same_on_every_path(kind, tmp_path):
    before, line, probe, refused = MOVES[kind]
    # 1. Recorded line by line, as a transcript is.
    lines = parse(_text(before, line))
    hand = Hand.open(lines[0])
    hand.record_lines(lines[1:])
    assert _refused(lambda: hand.record(parse_line(probe))) is refused, "recorded"
    # 2. Read back from the store, then the next line added.
    store = str(tmp_path / "h.db")
    HandRecorder(store).record(_text(before, line))
    assert _refused(lambda: HandRecorder(store).add("k", probe)) is refused, "read back"
    # 3. Rebuilt after a correction of another event (a note struck).
    store2 = str(tmp_path / "h2.db")
    app = HandRecorder(store2)
    app.record(_text(before, line, "note a slip\n"))
    n = len(app.hand_events("k"))
    app.correct("k", [f"strike {n} recorded in error"])
    assert _refused(lambda: HandRecorder(store2).add("k", probe)) is refused, "rebuilt after a correction"
    # 4. An archive's new board, recorded whole in one act: the same record stored, or the same refusal.
    app3 = HandRecorder(str(tmp_path / "h3.db"))
    whole = parse(_text(before, line, probe + "\n"))
    assert _refused(lambda: app3.prepare(whole, new=True)) is refused, "recorded whole"


# ---------------------------------------------------------------- a new kind: two edits

ROOT = Path(__file__).resolve().parent.parent

# The two edits a new kind of line takes (the review's measure, issue 41): its declaration in the
# vocabulary, and its fold with its field in the table. Each is (file, the text it goes before, what
# goes there).
DECLARATION = ("bridge/lines.py", "\n)}\n\nKIND_OF_EVENT", '''
    # The Director called to the table (duplicate L9B1(a): summoned at once when attention is drawn
    # to an irregularity).
    Kind("director-called", "DirectorCalled", "director-called SEAT",
         _words("director-called", 1, ("seat", cards.seat)), lambda a: f"director-called {a['seat']}",
         fields=("seat",), meaning="SEAT calls the Director"),''')
FOLD_AND_FIELD = [
    ("projections/table.py", "    # The settings of the ruleset and its options, made once",
     "    director_calls: list[dict[str, Any]] = kept_acts()  # who called the Director, and when (L9B)\n"),
    ("projections/table.py", "# What each kind of line does to the table: one entry a kind of bridge.lines.KINDS.\n",
     'def _director_called(table: Table, a: dict[str, Any], n: int) -> None:\n'
     '    table.director_calls.append(said("director-called", a, n))\n\n\n'),
    ("projections/table.py", '\n}\n\n\ndef _last_open_trick', '\n    "director-called": _director_called,'),
]

# A kind the laws rule on takes its step besides (its declaration says `ruled=True`): registered
# for its kind (`rules`), the judge's table of steps takes it from the declaration.
RULED = (DECLARATION[0], DECLARATION[1], DECLARATION[2].replace('fields=("seat",),', 'fields=("seat",), ruled=True,'))
STEP = ("projections/rulings/judge.py", "# The judge's table of steps, derived from the declaration", '''@rules("director-called")
def _director_called(judge: Judge, table: Table, e: Event) -> None:
    """(L9B1(a): the Director called; a step of the scratch kind, which rules nothing of it.)"""


''')

_STEPS = '''
import json
from bridge.lines import parse_line
from projections.moment import at
from projections.rulings import judge
from recorder.domainmodel import Hand
from formats.transcript import parse

taken = []
ruling = judge.STEPS["director-called"]
judge.STEPS["director-called"] = lambda *args: taken.append(args[2].number) or ruling(*args)
lines = parse("""hand dc
dealer N
deal N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432
contract 4H by S
play W SA
director-called N
""")
hand = Hand.open(lines[0])
hand.record_lines(lines[1:])
rulings = at(list(hand.collect_events())).rulings()
print(json.dumps({"step": ruling.__name__, "taken": taken, "calls": rulings.get("director_calls")}))
'''

_SHOWS = '''
import json, sqlite3, sys
from handrec import views, wording
from handrec.export import export
from handrec.report import report_html
from projections.analysis import rows as analysis_rows
from projections.moment import at
from projections.timeline import timeline
from recorder.application import HandRecorder

store = sys.argv[1]
HandRecorder(store).record("""hand dc
dealer N
deal N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432
contract 4H by S
play W SA
director-called N
play N S8
""")
events = HandRecorder(store).hand_events("dc")  # (read back from the store)
exported = store + ".analysis.db"
app = HandRecorder(store)
export(app, exported, app.store_name)
rows = timeline(events)
rulings = at(events).rulings()
print(json.dumps({
    "topics": [t for (t,) in sqlite3.connect(store).execute("SELECT topic FROM stored_events ORDER BY rowid")],
    "changes": {row["line"]: row["changes"] for row in rows},
    "rulings": rulings.get("director_calls"),
    "words": [wording.plain(d) for d in wording.rulings(rulings)["decisions"]],
    "timeline": views.timeline_text(rows),
    "report": [line.strip() for line in report_html(events).splitlines() if "calls the Director" in line],
    "analysis": analysis_rows(events)["kept_acts"],
    "exported": sqlite3.connect(exported).execute("SELECT * FROM kept_acts").fetchall(),
}))
'''

_LACKS = '''
import importlib.util, json
spec = importlib.util.spec_from_file_location("kinds_whole", "tests/test_kinds_whole.py")
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
print(json.dumps(module.missing_pieces()))
'''


def _scratch(tmp_path: Path, edits: list[tuple[str, str, str]]) -> Path:
    """A scratch copy of the house (its five packages, its docs, this test), with `edits` made and
    the kinds table of its docs written again (what `python -m handrec.kinds_doc` does)."""
    import shutil

    copy = tmp_path / "house"
    for package in ("bridge", "formats", "recorder", "projections", "handrec", "docs"):
        shutil.copytree(ROOT / package, copy / package, ignore=shutil.ignore_patterns("__pycache__"))
    (copy / "tests").mkdir()
    shutil.copy(Path(__file__), copy / "tests" / "test_kinds_whole.py")
    for name, where, what in edits:
        path = copy / name
        text = path.read_text(encoding="utf-8")
        assert text.count(where) == 1, (name, where)
        path.write_text(text.replace(where, what + where), encoding="utf-8")
    return copy


def _run(copy: Path, script: str, *args: str) -> object:
    import json
    import os
    import subprocess
    import sys

    env = {**os.environ, "PYTHONPATH": str(copy)}
    done = subprocess.run([sys.executable, "-c", script, *args], cwd=copy, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout) if done.stdout else None  # (what the script printed, as JSON)


def test_a_new_kind_takes_its_declaration_and_its_fold(tmp_path):
    copy = _scratch(tmp_path, [DECLARATION])
    _run(copy, "from handrec.kinds_doc import main; main('docs/transcripts.md')")
    # Declared, not folded: the check of the pieces names what it lacks.
    assert _run(copy, _LACKS) == ["'director-called' has no fold of the table (projections.table.FOLD)"]
    copy = _scratch(tmp_path / "both", [DECLARATION, *FOLD_AND_FIELD])
    _run(copy, "from handrec.kinds_doc import main; main('docs/transcripts.md')")
    assert _run(copy, _LACKS) == []
    # Recorded (stored under its topic), read back, folded, and shown: in the timeline, the rulings
    # JSON and the words, ...
    shown = _run(copy, _SHOWS, str(tmp_path / "dc.db"))
    assert shown["topics"][5] == "recorder.domainmodel:Hand.DirectorCalled"
    assert shown["changes"]["director-called N"] == ["N calls the Director"]
    assert shown["rulings"] == [{"event": 6, "kind": "director-called", "seat": "N"}]
    assert shown["words"] == ["event 6: N calls the Director"]
    assert "   6  director-called N\n" in shown["timeline"] and "N calls the Director" in shown["timeline"]
    # ... the printed report's facts, the analysis rows and the exported database's kept_acts table.
    assert shown["report"] == ['<tr><td class="n">6</td><td>N calls the Director.</td></tr>']
    assert shown["analysis"] == [{"hand_id": "dc", "event": 6, "kind": "director-called", "fields": '{"seat": "N"}'}]
    assert shown["exported"] == [["dc", 6, "director-called", '{"seat": "N"}']]


def test_a_new_kind_the_laws_rule_on_takes_its_step_besides(tmp_path):
    copy = _scratch(tmp_path, [RULED, *FOLD_AND_FIELD])
    _run(copy, "from handrec.kinds_doc import main; main('docs/transcripts.md')")
    # Declared ruled and folded, with no step: the check of the pieces names the step it lacks.
    assert _run(copy, _LACKS) == ["'director-called' has no step of the judge (ruled=True)"]
    copy = _scratch(tmp_path / "step", [RULED, *FOLD_AND_FIELD, STEP])
    _run(copy, "from handrec.kinds_doc import main; main('docs/transcripts.md')")
    assert _run(copy, _LACKS) == []
    # Its step is in the judge's table, taken at its event, and the act is kept and shown as before.
    assert _run(copy, _STEPS) == {"step": "_director_called", "taken": [6],
                                  "calls": [{"event": 6, "kind": "director-called", "seat": "N"}]}
