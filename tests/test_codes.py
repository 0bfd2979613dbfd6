"""The code of laws is one value (`projections.codes`), chosen once from the ruleset: every
ruleset names one, the table holds the one its hand line names, and nothing else in the house
tells the codes apart by their names."""

from __future__ import annotations

import copy
import pickle
import re
from pathlib import Path

from conftest import events_of

from bridge.rulesets import RULESETS
from projections.codes import CODES, Code, LawFamily, code_of
from projections.codes.duplicate_2017 import Duplicate2017
from projections.moment import at

ROOT = Path(__file__).resolve().parent.parent


def test_every_ruleset_names_one_code_and_every_code_one_ruleset():
    assert set(CODES) == set(RULESETS)
    for name, code in CODES.items():
        assert code.name == name and code.ruleset is RULESETS[name]
        assert code.summaries_from[0] == name
        assert isinstance(code.family, LawFamily)  # (the laws of its family, an object: tests/test_law_family.py)


def test_a_code_is_a_value_copied_and_pickled_as_itself():
    for code in CODES.values():
        assert copy.deepcopy(code) == code and copy.copy(code) is code
        assert pickle.loads(pickle.dumps(code)) == code
    assert code_of("duplicate-2017") != code_of("duplicate-2007")


def test_the_table_holds_the_code_its_hand_line_names():
    for name in RULESETS:
        table = at(events_of(f"hand codes ruleset={name}\ndealer N\n")).table
        assert table.code is CODES[name]


def test_a_revision_is_a_subclass_that_changes_what_it_changed():
    # The 2007 and 1997 codes are the 2017 code's rulings but where 2017 changed them.
    for name in ("duplicate-2007", "duplicate-1997"):
        assert isinstance(code_of(name), Duplicate2017)
    older = {k: v for k, v in vars(type(code_of("duplicate-2007"))).items() if not k.startswith("_")}
    assert set(older) <= set(Code.__annotations__), "an answer the base does not ask"


def test_no_module_tells_the_codes_apart_by_their_names():
    # The choice is made once: a module that compared a hand's ruleset with a code's name would
    # be a second place choosing the code (bridge.rulesets names them; projections.codes answers).
    asked = re.compile(r"\.ruleset\s*(==|!=|in\b|not in\b)|\[\"ruleset\"\]\s*(==|!=|in\b|not in\b)")
    for package in ("bridge", "formats", "recorder", "projections", "handrec"):
        for path in sorted((ROOT / package).rglob("*.py")):
            text = path.read_text(encoding="utf-8")
            for n, line in enumerate(text.splitlines(), start=1):
                assert not asked.search(line), f"{path.relative_to(ROOT)}:{n} asks the ruleset by name: {line.strip()}"


def test_the_duplicate_codes_choices_are_no_election_under_the_1912_code():
    # L76-L78 rule a lead out of turn under the 1912 code (the card exposed, or a suit called), and
    # L65-L68 an exposed card: accept, retract, none and substitute are recorded and flagged.
    from projections.moment import rulings_at

    head = ("hand c\ndealer S\ndeal N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432\n"
            "contract 4H by S\nplay E CA\n")
    for choice, law in (("accept", "76"), ("retract", "76"), ("none", "67"), ("substitute", "67")):
        out = rulings_at(events_of(head + f"elect S {choice}\n"))
        lead, flagged = out["irregularities"]
        assert lead["kind"] == "lead-out-of-turn" and lead["laws"] == ["76", "78"]
        assert lead["penalty"]["elected"] is None
        assert (flagged["kind"], flagged["laws"]) == ("election-without-penalty", [law]), choice


def test_every_law_a_duplicate_example_cites_has_a_summary_under_its_code():
    # The report prints what each law a ruling cites requires (projections.rulings.summaries):
    # the duplicate codes' rulings of the play cite none it has no words for.
    from conftest import example
    from expectations import EXAMPLES

    from projections.moment import rulings_at
    from projections.rulings.summaries import irregularity_summaries, revoke_summaries

    names = sorted(p.stem for p in EXAMPLES.glob("dup*.hand"))
    assert names
    for name in names:
        out = rulings_at(events_of(example(name)))
        for v in out["revokes"]:
            assert all(s["summary"] for s in revoke_summaries(out["ruleset"], v)), (name, v["laws"])
        for i in out["irregularities"]:
            missing = [s["law"] for s in irregularity_summaries(out["ruleset"], i) if not s["summary"]]
            assert not missing, (name, i["kind"], missing)
