"""The walkthrough's smaller defects of the recorder and the command line (issue 38, section 6),
each with its test: a claim of more tricks than remain, a read command naming a store that is not
there, the reason a refused election is given, words separated by a tab, the nearest kind of line
by meaning, the output folder that does not exist, a second account recorded under the first's
id, and `double-dummy` without its solver. Each command is run as users run it (a subprocess, a
real SQLite store)."""

from __future__ import annotations

import json
import os
import subprocess

import pytest
from exam_board import T1_S, head
from expectations import EXAMPLES
from test_cli import HANDREC, run

from bridge.lines import parse_line
from bridge.messages import TranscriptError
from formats.transcript import parse

# 3NT by South: the first seven tricks (events 5-32), six left to play; South won trick 7 and leads.
R01 = EXAMPLES / "review-r01-nt-trick12-partner-leads-13.hand"
SEVEN_TRICKS = "".join(line.split("#", 1)[0].rstrip() + "\n" for line in R01.read_text().splitlines()[3:35])
HAND = "r01-nt-trick12"


def _recorded(tmp_path, text: str, name: str = "t.hand") -> str:
    store = str(tmp_path / "hands.db")
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    run("record", str(path), store=store)
    return store


def one_sentence(p: subprocess.CompletedProcess) -> str:
    assert p.returncode == 1 and p.stdout == "" and "Traceback" not in p.stderr, (p.returncode, p.stdout, p.stderr)
    lines = p.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("handrec: "), p.stderr
    return lines[0]


# ---------------------------------------------------------------- 1. a claim of more tricks than remain


def test_a_claim_of_more_tricks_than_remain_is_refused_saying_how_many_remain(tmp_path):
    assert SEVEN_TRICKS.count("\nplay ") == 28 and SEVEN_TRICKS.startswith("hand r01-nt-trick12")
    store = _recorded(tmp_path, SEVEN_TRICKS)
    said = one_sentence(run("add", HAND, "claim S 9", store=store, ok=False))
    assert said == ("handrec: South claims 9 tricks, but 6 remain to be played: a claim counts the tricks not yet "
                    "played (claim S 6 claims them all)."), said
    # In a transcript: refused with its file and line, nothing of it stored.
    whole = tmp_path / "whole.hand"
    whole.write_text(SEVEN_TRICKS + "claim S 9\n", encoding="utf-8")
    p = run("record", str(whole), store=str(tmp_path / "other.db"), ok=False)
    assert p.returncode == 1 and f"{whole}, line 33 'claim S 9': South claims 9 tricks, but 6 remain" in p.stderr
    assert run("list", store=str(tmp_path / "other.db")).stdout == ""
    # The trick in progress is one of those that remain; all of them may be claimed, or none.
    run("add", HAND, "play S D2", store=store)
    said = one_sentence(run("add", HAND, "claim W 7", store=store, ok=False))
    assert "West claims 7 tricks, but 6 remain to be played" in said and "claim W 6" in said
    run("add", HAND, "claim S 6", store=store)
    score = json.loads(run("score", HAND, "--json", store=store).stdout)
    assert score["tricks"] == {"NS": 13, "EW": 0}


def test_a_claim_of_more_tricks_than_remain_made_by_a_correction_is_refused(tmp_path):
    store = _recorded(tmp_path, SEVEN_TRICKS + "claim S 6\n")
    said = one_sentence(run("amend", HAND, "33", "claim S 8", "--reason", "typed the total", store=store, ok=False))
    assert "South claims 8 tricks, but 6 remain to be played" in said, said


# ---------------------------------------------------------------- 2. a read command makes no store


READS = [["list"], ["show", "x"], ["rulings", "x"], ["rulings", "x", "--json"], ["timeline", "x"], ["score", "x"],
         ["export-pbn", "x"], ["report", "x", "-o", "r.html"], ["review", "x", "-o", "x.html"], ["scan"],
         ["compare", "x", "y"], ["rubber", "club"], ["export", "analysis.db"], ["double-dummy", "x"]]


@pytest.mark.parametrize("args", READS, ids=lambda a: a[0] + ("-json" if "--json" in a else ""))
def test_a_read_command_naming_a_store_that_is_not_there_makes_none_and_says_so(tmp_path, args):
    store = tmp_path / "typo.db"
    said = one_sentence(run(*args, store=str(store), cwd=tmp_path, ok=False))
    assert said == (f"handrec: the store {store} holds no hands yet (there is no such file): 'handrec record' or "
                    "'handrec import' makes it."), said
    assert sorted(os.listdir(tmp_path)) == [], os.listdir(tmp_path)


def test_no_hand_stored_names_the_store_it_looked_in(tmp_path):
    store = str(tmp_path / "hands.db")
    run("record", str(EXAMPLES / "law83-quit-by-winners.hand"), store=store)
    for args in (["show", "X"], ["rulings", "X", "--json"], ["export-pbn", "X"], ["timeline", "X"]):
        said = one_sentence(run(*args, store=store, ok=False))
        assert said == (f"handrec: no hand 'X' is stored in {store}; record it first with 'handrec record FILE', or "
                        "start it with 'handrec add X \"hand X\"'."), said
    said = one_sentence(run("rubber", "club", store=store, ok=False))
    assert said == (f"handrec: no hand stored in {store} names the rubber 'club' (write it on the hand line: hand ID "
                    "rubber=club)."), said


# ---------------------------------------------------------------- 3. the reason that applies


@pytest.mark.parametrize("choice, missing", [
    ("retract", "no lead out of turn"), ("accept", "no lead out of turn"), ("spread", "no lead out of turn"),
    ("substitute", "no penalty card"), ("none", "no penalty card"),
    ("highest", "no premature lead or play"), ("lead H", "no penalty card nor a premature lead or play"),
])
def test_an_election_the_code_gives_with_nothing_to_answer_says_so(tmp_path, choice, missing):
    store = _recorded(tmp_path, head("duplicate-2017") + T1_S + f"elect S {choice}\n")
    out = json.loads(run("rulings", "exam", "--json", store=store).stdout)
    (said,) = [i for i in out["irregularities"] if i["event"] == 10]
    assert said["kind"] == "election-without-penalty", said
    assert missing in said["explanation"] and "give no penalty election" not in said["explanation"], said
    assert "recorded and has no effect" in said["explanation"]
    text = run("rulings", "exam", store=store).stdout
    assert missing in text


def test_an_election_the_code_does_not_give_still_says_so(tmp_path):
    store = _recorded(tmp_path, head("duplicate-2017") + T1_S + "elect S tricks\n")
    out = json.loads(run("rulings", "exam", "--json", store=store).stdout)
    (said,) = [i for i in out["irregularities"] if i["event"] == 10]
    assert said["kind"] == "election-not-in-code" and "give no penalty election" in said["explanation"]


# ---------------------------------------------------------------- 4. words separated by a tab


@pytest.mark.parametrize("spaced, tabbed", [
    ("play W SA", "play\tW\tSA"),
    ("hand x ruleset=duplicate-2017", "hand\tx\truleset=duplicate-2017"),
    ("note Board 14 was fouled", "note\tBoard\t14 was\tfouled"),
    ("find by=TD the ace won", "find\tby=TD\tthe ace won"),
    ("ask W E", "ask \t W\t\tE"),
    ("deal N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432",
     "deal\tN:T98.9876.T98.876\t2.54.AKQJ.AKQJT9\t76543.AKQJT.76.5\tAKQJ.32.5432.432"),
    ("note Board #14", "note\tBoard #14"),
    ("play W SA", "play\tW SA\t# a comment"),
])
def test_words_separated_by_a_tab_read_as_by_a_space(spaced, tabbed):
    a, b = parse_line(spaced, 1), parse_line(tabbed, 1)
    assert (b.kind, b.args, b.canonical) == (a.kind, a.args, a.canonical)
    again = parse_line(b.canonical, 1)
    assert (again.kind, again.args) == (b.kind, b.args)


def test_every_example_reads_the_same_with_tabs_between_its_words():
    for path in sorted(EXAMPLES.glob("*.hand")):
        text = path.read_text(encoding="utf-8")
        tabbed = "\n".join(line if "#" in line.split("  #")[0] else "\t".join(line.split(" "))
                           for line in text.splitlines())
        assert [(x.kind, x.args) for x in parse(tabbed)] == [(x.kind, x.args) for x in parse(text)], path.name


def test_a_transcript_written_with_tabs_is_recorded_and_written_back_with_spaces(tmp_path):
    text = (EXAMPLES / "law83-quit-by-winners.hand").read_text(encoding="utf-8")
    tabbed = "\n".join("\t".join(line.split("#", 1)[0].split()) for line in text.splitlines()) + "\n"
    store = _recorded(tmp_path, tabbed)
    back = run("export-pbn", "law83-quit-by-winners", "--transcript", store=store).stdout
    assert "\t" not in back and "play E C9" in back
    assert "already stored, nothing new" in run("record", str(EXAMPLES / "law83-quit-by-winners.hand"),
                                                store=store).stdout


# ---------------------------------------------------------------- 5. the nearest kind, by meaning


@pytest.mark.parametrize("typed, nearest", [
    ("question W E", "ask"), ("questoin W E", "ask"), ("lead W SA", "play"), ("card W SA", "play"),
    ("exposed W SA", "expose"), ("concede W 0", "claim"), ("revoke NS E", "claim-revoke"),
    ("comment the ace won", "note"), ("retract E C9", "withdraw"), ("plya W SA", "play"), ("qiut NS", "quit"),
    ("bidding 1H pass", "auction"), ("object W", "doubt"),
])
def test_did_you_mean_names_the_nearest_kind_by_spelling_or_by_meaning(typed, nearest):
    with pytest.raises(TranscriptError) as e:
        parse_line(typed, 1)
    head_word = typed.split()[0]
    assert f"'{head_word}' is not a kind of line: did you mean '{nearest}'?" in str(e.value), str(e.value)


def test_a_word_near_no_kind_suggests_none():
    with pytest.raises(TranscriptError) as e:
        parse_line("xyzzy W", 1)
    assert "did you mean" not in str(e.value)


def test_handrec_add_suggests_the_kind_by_meaning(tmp_path):
    store = _recorded(tmp_path, SEVEN_TRICKS)
    said = one_sentence(run("add", HAND, "question W E", store=store, ok=False))
    assert "'question' is not a kind of line: did you mean 'ask'?" in said, said


# ---------------------------------------------------------------- 6. an output folder that does not exist


@pytest.mark.parametrize("command", ["report", "review"])
def test_an_output_folder_that_does_not_exist_is_one_sentence_whatever_the_file(tmp_path, command):
    store = _recorded(tmp_path, SEVEN_TRICKS)
    missing = tmp_path / "reports"
    for name in (("r.html", "r.pdf", "r.PDF", "r.htm") if command == "report" else ("r.html",)):
        said = one_sentence(run(command, HAND, "-o", str(missing / name), store=store, ok=False))
        assert said == f"handrec: {missing / name}: cannot be written (the folder {missing} does not exist).", said
    # A file where the folder should be is said as it is, not as a folder that does not exist.
    (tmp_path / "notes").write_text("a file\n")
    for name in (("r.html", "r.pdf") if command == "report" else ("r.html",)):
        target = tmp_path / "notes" / name
        said = one_sentence(run(command, HAND, "-o", str(target), store=store, ok=False))
        assert said == f"handrec: {target}: cannot be written ({tmp_path / 'notes'} is a file, not a folder).", said
    assert not missing.exists()


# ---------------------------------------------------------------- 7. a second account under the first's id


def test_a_second_account_recorded_under_the_first_accounts_id_is_pointed_to_branch(tmp_path):
    store = _recorded(tmp_path, SEVEN_TRICKS)
    other = tmp_path / "east-west.hand"
    lines = SEVEN_TRICKS.splitlines()
    # East-West's account: the same hand line and the first 20 events, then their own play.
    other.write_text("\n".join(lines[:20] + ["play S SQ", "play W ST"]) + "\n", encoding="utf-8")
    p = run("record", str(other), store=store, ok=False)
    assert p.returncode == 1 and "Traceback" not in p.stderr
    said = p.stderr.splitlines()
    assert f"{other}, line 21" in said[0] and "this differs from event 21 already stored" in said[0]
    assert "stored events are never changed" in said[0] and said[1].startswith(("  amend 21 ", "  strike 21 "))
    # Under the corrections that would make the first account say it, how to record it as the second.
    assert said[-1] == ("  or, if it is another account of the hand, open it under an id of its own from the last "
                        f"event both share: hand NEW-ID branch={HAND}@20 as its hand line, then its own lines"), said
    # So written, it is recorded as the second account.
    other.write_text(f"hand {HAND}-ew branch={HAND}@20\nplay S SQ\nplay W ST\n", encoding="utf-8")
    assert f"{HAND}-ew: recorded" in run("record", str(other), store=store).stdout


# ---------------------------------------------------------------- 8. double-dummy without its solver


def _without_endplay(tmp_path, *args: str, store: str) -> subprocess.CompletedProcess:
    shim = tmp_path / "shim" / "endplay"
    shim.mkdir(parents=True, exist_ok=True)
    (shim / "__init__.py").write_text("raise ImportError('no endplay on this machine')\n")
    env = {**os.environ, "HANDREC_STORE": store, "PYTHONPATH": str(tmp_path / "shim")}
    return subprocess.run([HANDREC, *args], capture_output=True, text=True, env=env, timeout=120)


def test_double_dummy_without_its_solver_exits_non_zero_with_one_sentence(tmp_path):
    store = _recorded(tmp_path, SEVEN_TRICKS)
    for args in (["double-dummy", HAND], ["double-dummy", HAND, "--json"]):
        said = one_sentence(_without_endplay(tmp_path, *args, store=store))
        assert said == ("handrec: double dummy cannot be computed here: its solver is not installed (pip install "
                        "'handrec[dds]', which brings endplay)."), said
    # The scan still scans, and says once what it left out.
    p = _without_endplay(tmp_path, "scan", "--double-dummy", store=store)
    assert p.returncode == 0 and "double dummy left out: its solver is not installed" in p.stderr
