"""Names and statements as people type them (issue 38, section 2).

- `by=` takes a name of several words, quoted (`by="Margaret Ellison"`). An unquoted name followed
  by a capitalised word (`find by=Margaret Ellison West asked first`) was read as author
  "Margaret", text "Ellison West asked first", and printed "Margaret: Ellison West asked first";
  it is refused, in one sentence with the line written right, wherever a line is typed: a
  transcript, `handrec add`, the review room. A seat or a role (`by=East I thought...`,
  `by=TD East's account`) and the word "I" after a name are not ambiguous.
- A `#` inside a statement (a note, a finding, a tag's value, a reason...) is kept: `parse_line`
  cut every line at its first `#`, so "Board #14" became "Board". A comment after a statement is
  written as the transcripts write theirs: two spaces or more, `#`, a space.
- The canonical form writes a name of several words quoted, and reads back whole: parse(canonical
  (parse(x))) == parse(x), over names and texts holding '#', quotes and capitals.
- A hand id is ASCII, and the refusal says so.
"""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from bridge.lines import KINDS, Line, parse_line
from bridge.messages import TranscriptError
from expectations import EXAMPLES
from recorder.application import HandRecorder
from formats.transcript import parse
from review_room import Client, serving
from test_cli import run

AMBIGUOUS = "find by=Margaret Ellison West asked first"
WRITTEN_RIGHT = 'find by="Margaret Ellison" West asked first'


def typed(text: str):
    """A line as a person types it (a transcript's line, `handrec add`, the room)."""
    return parse_line(text, 0)


def refusal(text: str) -> str:
    with pytest.raises(TranscriptError) as e:
        typed(text)
    return str(e.value)


# ---------------------------------------------------------------- by=NAME


def test_a_name_of_several_words_is_quoted_and_read_whole():
    line = typed('note by="Margaret Ellison" I asked at once')
    assert line.args == {"author": "Margaret Ellison", "text": "I asked at once"}
    assert line.canonical == 'note by="Margaret Ellison" I asked at once'
    line = typed('find by="A. Whitfield" the trick was quitted')
    assert (line.args["author"], line.args["text"]) == ("A. Whitfield", "the trick was quitted")
    assert line.canonical == 'find by="A. Whitfield" the trick was quitted'
    # Spaces inside the quotes are words' spaces; a name of one word quoted is written back bare.
    assert typed('appeal by="Margaret   Ellison" upheld').args["author"] == "Margaret Ellison"
    assert typed('note by="TD" the ace').canonical == "note by=TD the ace"
    # Every kind that takes by=: strike, amend, adjust, adjudicate.
    assert typed('strike 5 by="Margaret Ellison" typed twice').args["author"] == "Margaret Ellison"
    amend = typed('amend 7 by="Margaret Ellison" play E S2 -- the operator wrote the club')
    assert (amend.args["author"], amend.args["replacement"]) == ("Margaret Ellison", "play E S2")
    assert amend.canonical == 'amend 7 by="Margaret Ellison" play E S2 -- the operator wrote the club'
    assert typed('adjust 64C NS+100 by="Margaret Ellison" equity').args["author"] == "Margaret Ellison"
    assert typed('adjudicate 8 by="Margaret Ellison" trumps drawn').args["author"] == "Margaret Ellison"


def test_an_unquoted_name_followed_by_a_capitalised_word_is_refused_with_the_line_written_right():
    said = refusal(AMBIGUOUS)
    assert WRITTEN_RIGHT in said and said.count(". ") == 0 and said.endswith("."), said
    assert "by=Margaret" in said and "Ellison" in said
    for line, right in (("note by=Priya West revoked", 'note by="Priya West" revoked'),
                        ("strike 5 by=Ann Smith typed twice", 'strike 5 by="Ann Smith" typed twice'),
                        ("amend 7 by=Ann Smith play E S2", 'amend 7 by="Ann Smith" play E S2'),
                        ("adjust 64C NS+100 by=Ann Smith equity", 'adjust 64C NS+100 by="Ann Smith" equity'),
                        ("adjudicate 8 by=Ann Smith trumps drawn", 'adjudicate 8 by="Ann Smith" trumps drawn'),
                        ("appeal by=Ann Émile upheld", 'appeal by="Ann Émile" upheld')):
        assert right in refusal(line), line
    # Quoted, either way the line means it, it is read.
    assert typed('find by="Margaret" Ellison West asked first').args == {
        "author": "Margaret", "text": "Ellison West asked first"}


@pytest.mark.parametrize("line, author, text", [
    ("note by=East I thought the ace had won", "East", "I thought the ace had won"),
    ("find by=TD East's account, on the balance of probabilities", "TD", "East's account, on the balance of probabilities"),
    ("note by=South East threw a club", "South", "East threw a club"),
    ("appeal by=AC The committee upholds the ruling", "AC", "The committee upholds the ruling"),
    ("note by=director The ace", "director", "The ace"),
    ("note by=Priya I said wait", "Priya", "I said wait"),
    ("note by=Priya I'm sure of it", "Priya", "I'm sure of it"),
    ("note by=Priya the ace had won", "Priya", "the ace had won"),
    ("note by=A.Whitfield 3 tricks", "A.Whitfield", "3 tricks"),
    ("note by=O'Neil (East) spoke", "O'Neil", "(East) spoke"),
    ("amend 7 by=Priya Play E S2", "Priya", None),  # (the word after it is a kind of line: the line amended)
])
def test_what_is_not_ambiguous_stays_valid(line, author, text):
    parsed = typed(line)
    assert parsed.args["author"] == author
    if text is not None:
        assert parsed.args["text"] == text
    assert typed(parsed.canonical).args == parsed.args


def test_a_quote_that_is_not_closed_or_holds_nothing_is_refused():
    assert "not closed" in refusal('find by="Margaret Ellison West asked first')
    assert "names no one" in refusal('find by="" West asked first')
    assert "cannot hold" in refusal('find by="Ann "the Sphinx" Smith" asked')


def test_a_line_stored_before_reads_back_as_it_was_stored():
    """A stored line is the recorder's own writing, read back as every version wrote it: a line
    stored before names were quoted (`note by=Priya West revoked`) is read as it was then."""
    stored = parse_line("note by=Priya West revoked")  # (no line number: a stored line)
    assert stored.args == {"author": "Priya", "text": "West revoked"}
    assert stored.canonical == 'note by="Priya" West revoked'  # (as this version writes it)
    assert typed(stored.canonical).args == stored.args
    # A quote typed before quotes held a name, not closed: read as stored, written back as stored.
    stored = parse_line('note by="Ann said so')
    assert stored.args == {"author": '"Ann', "text": "said so"} and stored.canonical == 'note by="Ann said so'


def test_a_hand_stored_before_with_a_bare_name_before_a_capital_is_read_and_corrected(tmp_path):
    """The line as an earlier version stored it (`note by=Priya West revoked`, its canonical form
    then): the hand reads, and a correction, which reads every stored line again to rebuild the
    cards, is made."""
    store = str(tmp_path / "h.db")
    hand = "law83-quit-by-winners"
    app = HandRecorder(store)
    app.record((EXAMPLES / f"{hand}.hand").read_text())
    old = "note by=Priya West revoked"
    app.record_lines([*parse((EXAMPLES / f"{hand}.hand").read_text()),
                      Line("note", {"text": "West revoked", "author": "Priya"}, 0, old, old)])
    assert HandRecorder(store).hand(hand).lines[-1] == old
    HandRecorder(store).add(hand, "note a slip")
    HandRecorder(store).add(hand, "strike 16 by=TD recorded in error")
    events = HandRecorder(store).hand_events(hand)
    assert len(events) == 17 and (events[14].author, events[14].text) == ("Priya", "West revoked")
    r = json.loads(run("rulings", hand, "--json", store=store).stdout)
    assert r["statements"] == [{"event": 15, "by": "Priya", "text": "West revoked"}], r["statements"]


def test_the_transcript_refuses_the_ambiguous_name_with_its_file_and_line(tmp_path):
    store = str(tmp_path / "h.db")
    f = tmp_path / "t.hand"
    f.write_text((EXAMPLES / "law83-quit-by-winners.hand").read_text() + AMBIGUOUS + "\n")
    p = run("record", str(f), store=store, ok=False)
    assert p.returncode != 0 and "t.hand, line" in p.stderr and WRITTEN_RIGHT in p.stderr, p.stderr
    assert len(p.stderr.strip().splitlines()) == 1
    f.write_text((EXAMPLES / "law83-quit-by-winners.hand").read_text() + WRITTEN_RIGHT + "\n")
    run("record", str(f), store=store)
    # Every place that prints by= prints the whole name.
    out = run("rulings", "law83-quit-by-winners", store=store).stdout
    assert "Finding of fact by Margaret Ellison at event 15: West asked first" in out, out
    timeline = run("timeline", "law83-quit-by-winners", store=store).stdout
    assert WRITTEN_RIGHT in timeline
    r = json.loads(run("rulings", "law83-quit-by-winners", "--json", store=store).stdout)
    assert r["findings"] == [{"event": 15, "by": "Margaret Ellison", "text": "West asked first"}]
    # Written back, it records again as it is.
    back = run("export-pbn", "law83-quit-by-winners", "--transcript", store=store).stdout
    assert WRITTEN_RIGHT in back.splitlines()
    (tmp_path / "back.hand").write_text(back)
    run("record", str(tmp_path / "back.hand"), store=store)
    assert len(HandRecorder(store).hand_events("law83-quit-by-winners")) == 15


def test_handrec_add_refuses_the_ambiguous_name_and_records_it_quoted(tmp_path):
    store = str(tmp_path / "h.db")
    run("record", str(EXAMPLES / "law83-quit-by-winners.hand"), store=store)
    p = run("add", "law83-quit-by-winners", "note by=Margaret Ellison West asked first", store=store, ok=False)
    assert p.returncode != 0 and 'note by="Margaret Ellison" West asked first' in p.stderr, p.stderr
    assert len(HandRecorder(store).hand_events("law83-quit-by-winners")) == 14
    run("add", "law83-quit-by-winners", 'note by="Margaret Ellison" West asked first', store=store)
    out = run("rulings", "law83-quit-by-winners", store=store).stdout
    assert "event 15, Margaret Ellison: West asked first" in out, out
    # The CLI's --by is written as by= takes it, whatever the reason's first word.
    run("strike", "law83-quit-by-winners", "15", "--reason", "West asked nothing", "--by", "J.Smith", store=store)
    assert HandRecorder(store).hand("law83-quit-by-winners").lines[-1] == 'strike 15 by="J.Smith" West asked nothing'


def test_the_room_refuses_the_ambiguous_name_and_records_it_quoted(tmp_path):
    store = str(tmp_path / "h.db")
    hand = "law83-quit-by-winners"
    run("record", str(EXAMPLES / f"{hand}.hand"), store=store)
    with serving(store) as base:
        c = Client(base)
        token = c.csrf(f"/hands/{hand}")
        status, text, _ = c.post(f"/record/{hand}", {"line": "note by=Margaret Ellison West asked first",
                                                     "expected": "14", "csrftoken": token})
        assert status == 400, (status, text)
        assert 'note by="Margaret Ellison" West asked first' in json.loads(text)["error"], text
        assert len(HandRecorder(store).hand_events(hand)) == 14
        status, text, _ = c.post(f"/record/{hand}", {"line": 'note by="Margaret Ellison" Board #14 was fouled',
                                                     "expected": "14", "csrftoken": token})
        assert status == 200, text
    note = HandRecorder(store).hand_events(hand)[-1]
    assert (note.author, note.text) == ("Margaret Ellison", "Board #14 was fouled")


# ---------------------------------------------------------------- '#' in a statement


@pytest.mark.parametrize("line, key, value", [
    ("note Board #14 was fouled", "text", "Board #14 was fouled"),
    ("note by=TD Board # 14, table #3", "text", "Board # 14, table #3"),
    ("find by=TD the C# was not played", "text", "the C# was not played"),
    ("appeal by=AC case #7 upheld", "text", "case #7 upheld"),
    ("attention W #2 was mine", "text", "#2 was mine"),
    ("adjudicate 8 by=TD #1: trumps drawn", "text", "#1: trumps drawn"),
    ("adjust 64C NS+100 by=TD see #3", "text", "see #3"),
    ("strike 5 by=TD Board #14 typed twice", "reason", "Board #14 typed twice"),
    ("amend 7 by=TD play E S2 -- Board #14 swapped", "reason", "Board #14 swapped"),
    ("amend 7 note Board #14 -- typed #13", "replacement", "note Board #14"),
    ("tag Event Monday Pairs #3", "value", "Monday Pairs #3"),
    ("note #", "text", "#"),
])
def test_a_hash_inside_a_statement_is_kept(line, key, value):
    parsed = typed(line)
    assert parsed.args[key] == value
    assert parse_line(parsed.canonical).args == parsed.args == typed(parsed.canonical).args


@pytest.mark.parametrize("line, key, value", [
    ("find by=TD declarer named the S9   # 14", "text", "declarer named the S9"),
    ("tag Vulnerable None   # 5", "value", "None"),
    ("note Board #14  # the board the director wrote", "text", "Board #14"),
    ("note Board #14\t# a tab before it", "text", "Board #14"),
    ("amend 7 by=TD play E S2 -- swapped   # 15", "reason", "swapped"),
    ("note the board   #", "text", "the board"),
])
def test_a_comment_after_a_statement_is_two_spaces_a_hash_and_a_space(line, key, value):
    assert typed(line).args[key] == value


def test_other_lines_take_their_comment_from_the_first_hash_as_ever():
    assert typed("play W SA   # 5").args["cards"] == ["SA"]
    assert typed("play W SA #5").args["cards"] == ["SA"]
    assert typed("quit EW# East's").args == {"side": "EW"}
    assert typed("# a comment") is None and typed("   # note Board #14") is None


def test_an_amended_line_that_is_not_a_statement_may_not_hold_a_hash():
    assert "#" in refusal("amend 7 play E S2 # 15 -- swapped")


def test_a_stored_line_holding_a_hash_reads_back_the_same(tmp_path):
    """A stored event's line is re-read (a correction rebuilds the cards from every line; a
    correction's own line; the transcript written back): a '#' in it reads as it was stored."""
    store = str(tmp_path / "h.db")
    hand = "law83-quit-by-winners"
    run("record", str(EXAMPLES / f"{hand}.hand"), store=store)
    app = HandRecorder(store)
    app.add(hand, "tag Event Monday Pairs #3")
    app.add(hand, "note Board #14   # the board")
    app.add(hand, "amend 16 note Board #14, table #2 -- the table #")
    stored = app.hand(hand).lines
    assert stored[-3:] == ["tag Event Monday Pairs #3", "note Board #14", "amend 16 note Board #14, table #2 -- the table #"]
    assert parse_line(stored[-1]).args["replacement"] == "note Board #14, table #2"
    back = run("export-pbn", hand, "--transcript", store=store).stdout
    (tmp_path / "back.hand").write_text(back)
    run("record", str(tmp_path / "back.hand"), store=store)
    assert len(HandRecorder(store).hand(hand).lines) == 17
    r = json.loads(run("rulings", hand, "--json", store=store).stdout)
    assert [s["text"] for s in r["statements"]] == ["Board #14, table #2"], r["statements"]


def test_the_examples_read_as_they_did():
    """Every example's statements followed by a comment (`find by=TD ...   # 14`) read without it."""
    for path in sorted(EXAMPLES.glob("*.hand")):
        for line in parse(path.read_text(encoding="utf-8"), str(path)):
            for key in ("text", "reason", "value"):
                assert "#" not in str(line.args.get(key, "")), (path.name, line.text)


# ---------------------------------------------------------------- the round trip


WORD = st.one_of(
    st.sampled_from(["East", "I", "I'm", "West's", "the", "ace", "#", "#14", "C#", "--", "by=x", '"', '"quoted"',
                     "Board", "play", "O'Neil", "É", "ünï", "3", "#3", "by=", "a#b", "##"]),
    st.text(st.characters(blacklist_categories=("Cs", "Zs", "Zl", "Zp", "Cc")), min_size=1, max_size=6))
SPACE = st.sampled_from([" ", " ", " ", "  ", "   ", "\t"])
NAME = st.lists(st.sampled_from(["Margaret", "Ellison", "A.", "Whitfield", "TD", "East", "van", "O'Neil", "Émile",
                                 "x#1", "AC", "I"]), min_size=1, max_size=3)


@st.composite
def spaced(draw, min_size: int = 0) -> str:
    words = draw(st.lists(WORD, min_size=min_size, max_size=8))
    return "".join(w + draw(SPACE) for w in words).rstrip()


@st.composite
def written_name(draw) -> tuple[str, str]:
    """by=NAME as typed, and the name."""
    words = draw(NAME)
    if len(words) > 1 or draw(st.booleans()):
        return 'by="' + draw(SPACE).join(words) + '"', " ".join(words)
    return "by=" + words[0], words[0]


@st.composite
def statement_line(draw) -> tuple[str, str]:
    """A line ending in a statement, and the name its by= gives ("" for none)."""
    by, name = draw(st.one_of(st.just(("", "")), written_name()))
    return draw(_statement_line(by)), name


@st.composite
def _statement_line(draw, by: str) -> str:
    text = draw(spaced(1))
    kind = draw(st.sampled_from(["note", "find", "appeal", "strike", "amend", "adjust", "adjudicate", "attention",
                                 "tag"]))
    if kind in ("note", "find", "appeal"):
        return f"{kind} {by} {text}"
    if kind == "strike":
        return f"strike 5 {by} {text}"
    if kind == "amend":
        inner = draw(st.one_of(st.just("play E S2"), st.builds(lambda t: f"note {t}", spaced(0))))
        why = draw(st.one_of(st.just(""), st.builds(lambda t: f" -- {t}", spaced(0))))
        return f"amend 7 {by} {inner}{why}"
    if kind == "adjust":
        return f"adjust 64C NS+100 {by} {text}"
    if kind == "adjudicate":
        return f"adjudicate 8 {by} {text}"
    if kind == "attention":
        return f"attention W {text}"
    return f"tag {draw(st.sampled_from(['Event', 'Site', 'Fault']))} {text}"


ROUND_TRIP = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])


COMMENT = re.compile(r"(?:\s{2,}|\t)#(?=\s|$)")  # (docs/transcripts.md: a comment after a statement)


@ROUND_TRIP
@given(written=statement_line())
def test_a_statement_read_and_written_back_reads_the_same(written):
    line, name = written
    try:
        first = typed(line)
    except TranscriptError:
        assume(False)
        return
    assert first is not None
    if name and first.kind not in ("attention", "tag"):
        assert first.args["author"] == name  # the whole name
    if not COMMENT.search(line):  # every '#' typed is kept
        assert line.count("#") == sum(str(v).count("#") for v in first.args.values()), (line, first.args)
    again = typed(first.canonical)  # typed: the line the recorder writes back records again
    assert (again.kind, again.args) == (first.kind, first.args), (line, first.canonical)
    stored = parse_line(first.canonical)  # stored: read back from the store
    assert (stored.kind, stored.args) == (first.kind, first.args)
    assert again.canonical == first.canonical


# What each kind's statement follows: the words it needs before it.
BEFORE = {"note": "", "find": "by=TD ", "appeal": "by=AC ", "attention": "W ", "tag": "Event ", "strike": "5 ",
          "adjust": "64C NS+100 ", "adjudicate": "8 ", "amend": "7 note "}


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(kind=st.sampled_from(sorted(BEFORE)), rest=st.text(max_size=40))
def test_any_statement_that_reads_writes_back_to_itself(kind, rest):
    try:
        first = typed(f"{kind} {BEFORE[kind]}{rest}")
    except TranscriptError:
        assume(False)
        return
    assume(first is not None)
    if not COMMENT.search(rest) and "\n" not in rest and "\r" not in rest:
        assert rest.count("#") == sum(str(v).count("#") for v in first.args.values()), (rest, first.args)
    again = typed(first.canonical)
    assert (again.kind, again.args) == (first.kind, first.args), (rest, first.canonical)
    assert parse_line(first.canonical).args == first.args


# ---------------------------------------------------------------- hand ids


def test_a_hand_id_is_ascii_and_the_refusal_says_so():
    for bad in ("Zürich-1", "club/ß7", "b٣"):
        said = refusal(f"hand {bad}")
        assert "is not a hand id" in said and "ASCII letters" in said, said
        assert "ASCII letters" in refusal(f"hand ok rubber={bad}")
    assert typed("hand Zurich-1/b7.x_2").args["hand_id"] == "Zurich-1/b7.x_2"
