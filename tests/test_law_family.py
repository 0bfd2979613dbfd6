"""The law family is resolved once (issue 41, part 2): a code names its family, an object whose
parts are the judge's steps under that family's laws (`projections.codes.family.LawFamily`), and
the judge, the table and the faces ask the code's family, never a name. A new code with a family
of its own is then a module and its ruleset: shown here by a code defined in this test alone (a
minimal 'Laws of Rubber Bridge', the duplicate family's laws but for one), registered, under which
a hand is ruled with nothing else in the project touched."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import events_of, example

from bridge.rulesets import RULESETS, Ruleset
from projections.codes import CODES, Code, LawFamily, code_of, register
from projections.codes.family import ClaimLaws
from projections.events import Event
from projections.moment import at, rulings_at
from projections.rulings.laws_1912 import LAWS_1912
from projections.rulings.laws_duplicate import DUPLICATE_LAWS, DuplicateLaws
from projections.rulings import sentences
from projections.rulings.sentences import said
from projections.rulings.state import Irregularity, Judge
from projections.table import Table

ROOT = Path(__file__).resolve().parent.parent


# ---------------------------------------------------------------- a code of this test's own


def _no_director(judge: Judge, table: Table, e: Event) -> None:
    """At a rubber bridge table there is no Director to adjudicate a claim: an adjudication is
    recorded and changes nothing (this test's law, standing for one a new family rules otherwise)."""
    judge.irregularities.append(Irregularity(
        "adjudication-not-in-code", None, e.number, ["70"], said("adjudication-not-in-code.rubber-test")))


# What this code's own law says (`sentences.register`: each sentence where every one is).
RUBBER_SENTENCES = {
    "adjudication-not-in-code.rubber-test":
        "No Director adjudicates a claim at a rubber bridge table: the adjudication is recorded and changes nothing."}


class RubberLaws(DuplicateLaws):
    """The duplicate family's laws, but for the adjudication of a claim (and the answer that goes
    with it: no one adjudicates, so the claim as stated decides)."""

    claims = ClaimLaws(DuplicateLaws.claims.doubt, _no_director, DuplicateLaws.claims.played_on)
    director_adjudicates_claims = False


RUBBER = Ruleset(name="rubber-test", title="Laws of Rubber Bridge (this test's)")


class RubberBridge(Code):
    ruleset = RUBBER
    family = RubberLaws()
    transfers_tricks = True  # (as the duplicate codes: L64A)
    summaries_from = ("duplicate-2017",)


@pytest.fixture
def rubber():
    """The test's code registered, and the registries as they were after the test."""
    codes, rulesets, words = dict(CODES), dict(RULESETS), dict(sentences.SENTENCES)
    code = register(RubberBridge())
    sentences.register(RUBBER_SENTENCES)
    try:
        yield code
    finally:
        CODES.clear()
        CODES.update(codes)
        RULESETS.clear()
        RULESETS.update(rulesets)
        sentences.SENTENCES.clear()
        sentences.SENTENCES.update(words)


def _under(name: str) -> str:
    return example("dup17-l70-doubted-claim-adjudicated").replace("ruleset=duplicate-2017", f"ruleset={name}")


def test_a_hand_is_ruled_under_a_code_defined_and_registered_in_a_test(rubber):
    assert code_of("rubber-test") is rubber and RULESETS["rubber-test"] is RUBBER
    events = events_of(_under("rubber-test"))
    moment = at(events)
    assert moment.table.code is rubber and moment.table.code.family is rubber.family
    out = rulings_at(events)
    assert out["ruleset"] == "rubber-test"
    doubted, adjudication = out["irregularities"]
    # The duplicate family's doubt, which the family shares (L68D2, L70) ...
    assert (doubted["kind"], doubted["laws"]) == ("claim-doubted", ["68D2", "70"])
    assert doubted["judgment"]["given"] is None  # (no adjudication given it)
    # ... and the one law it rules otherwise.
    assert (adjudication["kind"], adjudication["event"]) == ("adjudication-not-in-code", 12)
    # The claim as stated decides the tricks, no one adjudicating (its named answer).
    assert moment.table.code.family.director_adjudicates_claims is False


def test_the_same_hand_under_the_duplicate_code_is_ruled_by_its_own_family(rubber):
    # (registering a code changes no other code's rulings)
    out = rulings_at(events_of(_under("duplicate-2017")))
    (doubted,) = out["irregularities"]
    assert doubted["judgment"]["given"]["tricks"] == 10


def test_the_registries_are_one_and_hold_no_test_code_after_it():
    assert "rubber-test" not in CODES and "rubber-test" not in RULESETS
    assert list(CODES) == list(RULESETS)
    for code in CODES.values():
        assert code.ruleset is RULESETS[code.name]


def test_a_ruleset_of_a_known_name_is_not_taken_for_another():
    with pytest.raises(ValueError):
        register(type("Impostor", (RubberBridge,), {"ruleset": Ruleset("duplicate-2017", "another")})())
    assert code_of("duplicate-2017").ruleset is RULESETS["duplicate-2017"]


def test_each_code_names_its_family():
    assert code_of("auction-1912").family is LAWS_1912
    for name in ("duplicate-2017", "duplicate-2007", "duplicate-1997"):
        assert code_of(name).family is DUPLICATE_LAWS
    for family in (LAWS_1912, DUPLICATE_LAWS):
        assert isinstance(family, LawFamily)
    # What the table, the claims and the report ask of a family, named from the laws.
    assert DUPLICATE_LAWS.claim_suspends_play and not LAWS_1912.claim_suspends_play  # L68D; 1912 L72
    assert DUPLICATE_LAWS.director_adjudicates_claims and not LAWS_1912.director_adjudicates_claims  # L70
    assert DUPLICATE_LAWS.claim_agreed_when_board_ends and not LAWS_1912.claim_agreed_when_board_ends  # L69A
    assert DUPLICATE_LAWS.rulings_appealable and not LAWS_1912.rulings_appealable  # L92A


def test_no_module_tells_the_families_apart_by_a_name():
    # The family is chosen once, by the code: no string key into a table of laws, no getattr by a
    # part's name, no comparison with a family's name.
    named = re.compile(r"""(==|!=)\s*["'](1912|duplicate)["']|\.(revoke_laws|play_laws|claim_laws)\b"""
                       r"""|\b(REVOKE_LAWS|PLAY_LAWS|TRICK_LAWS|CLAIM_LAWS)\b|getattr\([^)]*\bfamily\b""")
    for package in ("bridge", "formats", "recorder", "projections", "handrec"):
        for path in sorted((ROOT / package).rglob("*.py")):
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
                code = line.split("#", 1)[0]
                assert not named.search(code), f"{path.relative_to(ROOT)}:{n} names a family: {line.strip()}"
