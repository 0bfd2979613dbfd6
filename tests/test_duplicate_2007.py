"""The Laws of Duplicate Bridge 2007 as a ruleset of its own (`duplicate-2007`, issue 12 part 2).

The 2007 code has the 2017 L64A (no 1997 additional trick) and the same L77, but not what 2017
added to the revoke laws. Read from the 2007 text (the WBF's, in the Norwegian translation of
lovboka.org §62-§64, and the ACBL's summary of the 2008 changes):
- L64B2 "a subsequent revoke in the same suit by the same player" (2017 adds "the first revoke
  having been established");
- L64B7 "when both sides have revoked on the same board" (2017: "and both revokes have become
  established");
- no L62C3 on both sides revoking on one trick (the 2007 L62C3 is about inspecting quitted
  tricks), hence no L64B8; L63B excepts only L62D;
- L63A has three items, A3 "a member of the offending side makes or agrees to a claim or
  concession": no L63A4.
Each case runs the same transcript under 2017 and under 2007; the expected rulings and scores
were worked out from those texts before the code was run. The deal and the helpers are those of
tests/test_duplicate_examination.py: 4H by South, neither side vulnerable, West leads.
"""

from __future__ import annotations

from conftest import events_of
from expectations import EXAMPLES
from test_duplicate_examination import (
    BOTH_ON_ONE_TRICK,
    BOTH_SIDES,
    EAST_REVOKES_DUMMY_WINS,
    EAST_REVOKES_SOUTH_WINS,
    board,
    exposed,
    moved,
    plays,
    revoke,
    rule,
    state,
)
from test_duplicate_score import DATED, _import

from bridge.rulesets import RULESETS, archive_ruleset, duplicate_code
from projections.moment import at, rulings_at
from projections.score import score
from formats import lin
from recorder.application import HandRecorder

D07, D17 = "duplicate-2007", "duplicate-2017"


def test_the_2007_code_is_a_ruleset_of_its_own():
    r = RULESETS[D07]
    assert "2007" in r.title and "Duplicate" in r.title
    assert [o.name for o in r.options] == ["opponents-claim", "l62c2"]


# ---------------------------------------------------------------- L64B2


# East revokes in diamonds at trick 2 and corrects it (14, 15: the DJ wins the trick); at trick 5
# he revokes in diamonds again (the CT, holding DAKQ), established when he plays to trick 6 (29).
SECOND_IN_THE_SUIT = (EAST_REVOKES_DUMMY_WINS + "withdraw E C9\nplay E DJ\n"
                      + plays("E C9 S C5 W C2 N C6  E S2 S S3 W SJ N S8  W D3 N DT E CT S D7  N H9 E H5 S HK W H3")
                      + "claim S 6\n")


def test_law64b2_2007_a_subsequent_revoke_in_the_suit_transfers_nothing_even_after_a_corrected_first():
    # 2017: the first revoke was corrected, not established, so B2 does not apply: one trick
    # (L64A2), 9 + 1 tricks, 4H made (420).
    second = revoke(rule(SECOND_IN_THE_SUIT, D17), "E", 5)
    assert moved(second) == (1, "64A2", ["claimed"], None)
    assert board(SECOND_IN_THE_SUIT, D17)["score"] == {"NS": 420, "EW": -420}
    # 2007: "a subsequent revoke in the same suit by the same player", the first corrected or not:
    # no transfer (the Director may still adjust, L64C); 9 tricks, 4H one down (-50).
    out = rule(SECOND_IN_THE_SUIT, D07)
    first, second = revoke(out, "E", 2), revoke(out, "E", 5)
    assert first["status"] == "corrected"
    assert state(second) == ("established", 29, ["63A1"])
    assert moved(second)[::3] == (0, "64B2") and second["transfer"]["equity"]["law"] == "64C"
    assert "corrected" in second["transfer"]["why"]
    assert out["transfer"] == {"NS": 0, "EW": 0}
    assert board(SECOND_IN_THE_SUIT, D07)["score"] == {"NS": -50, "EW": 50}


# ---------------------------------------------------------------- L64B7


# East's revoke (trick 2, North wins with the D8) is established when he plays the CA to trick 3
# (15); South ruffs that trick with the HT holding the C5 and corrects it at once (18, 19): East
# wins trick 3. East then claims 2 of the last 10 tricks.
ONE_ESTABLISHED_ONE_CORRECTED = (EAST_REVOKES_DUMMY_WINS + plays("N C8 E CA S HT W C2")
                                 + "withdraw S HT\nplay S C5\nclaim E 2\n")


def test_law64b7_2007_both_sides_have_revoked_though_only_one_is_established():
    # 2017: South's revoke was corrected, so not "both revokes have become established": East's
    # transfers one trick (L64A2: the revoke trick was North's, East-West won trick 3): 10 + 1.
    east = revoke(rule(ONE_ESTABLISHED_ONE_CORRECTED, D17), "E")
    assert moved(east) == (1, "64A2", [3], None)
    assert board(ONE_ESTABLISHED_ONE_CORRECTED, D17)["score"] == {"NS": 450, "EW": -450}
    # 2007: "when both sides have revoked on the same board": nothing moves; 10 tricks, 4H (420).
    out = rule(ONE_ESTABLISHED_ONE_CORRECTED, D07)
    east, south = revoke(out, "E"), revoke(out, "S")
    assert state(east) == ("established", 15, ["63A1"])
    assert state(south) == ("corrected", 18, ["62A", "62B2"])
    assert moved(east)[::3] == (0, "64B7") and east["transfer"]["equity"]["law"] == "64C"
    assert out["transfer"] == {"NS": 0, "EW": 0}
    assert board(ONE_ESTABLISHED_ONE_CORRECTED, D07)["score"] == {"NS": 420, "EW": -420}


def test_law64b7_2007_both_established_reads_as_2017():
    for ruleset in (D07, D17):
        out = rule(BOTH_SIDES, ruleset)
        for seat in "ES":
            r = revoke(out, seat)
            assert r["status"] == "established" and moved(r)[::3] == (0, "64B7")
        assert board(BOTH_SIDES, ruleset)["score"] == {"NS": 450, "EW": -450}


# ---------------------------------------------------------------- L62C3, L64B8


def test_law62c3_2007_has_no_correction_of_both_sides_revokes_on_one_trick():
    # South (ruffing the DA with the HT) and West (the C3, holding diamonds) revoke on trick 2;
    # South leads trick 3 (14). 2017: both must be corrected (L62C3) and neither transfers (L64B8).
    out17 = rule(BOTH_ON_ONE_TRICK, D17)
    assert [moved(revoke(out17, s))[3] for s in "SW"] == ["64B8", "64B8"]
    # 2007: South's revoke is established at 14 and may no longer be corrected (L63B excepts only
    # L62D); West's is corrected under L62A, its card a major penalty card (L62B1). South's
    # established revoke transfers nothing: both sides have revoked on the board (L64B7), not B8.
    out = rule(BOTH_ON_ONE_TRICK, D07)
    assert state(revoke(out, "S")) == ("established", 14, ["63A1"])
    assert ("late-correction", ["63B"]) in [(i["kind"], i["laws"]) for i in out["irregularities"]]
    assert state(revoke(out, "W")) == ("corrected", 17, ["62A", "62B1"])
    assert exposed(out) == [("W", "C3", "62B1")]
    assert moved(revoke(out, "S"))[::3] == (0, "64B7")
    assert moved(revoke(out, "W"))[3] is None
    assert "62C3" not in str(out) and "64B8" not in str(out)


# ---------------------------------------------------------------- L63A3 (2017: L63A4)


def test_law63a3_2007_agreeing_to_the_opponents_claim_establishes():
    # South claims 10 of the last 11 with East's revoke uncorrected (14). 2017: L63A4. 2007:
    # "a member of the offending side makes or agrees to a claim or concession" (L63A3).
    body = EAST_REVOKES_SOUTH_WINS + "claim S 10\n"
    assert state(revoke(rule(body, D17), "E")) == ("established", 14, ["63A4"])
    r = revoke(rule(body, D07), "E")
    assert state(r) == ("established", 14, ["63A3"])
    assert moved(r) == (1, "64A2", ["claimed"], None)
    assert board(body, D07)["score"] == {"NS": 510, "EW": -510}
    # The agreement shown only by the board's end (option opponents-claim=agreed-at-cut).
    cut = body + "cut\n"
    assert revoke(rule(cut, D07, 14, "opponents-claim=agreed-at-cut"), "E")["status"] == "correctable"
    assert state(revoke(rule(cut, D07, None, "opponents-claim=agreed-at-cut"), "E")) == ("established", 15, ["63A3"])


# ---------------------------------------------------------------- everything else as 2017


def test_law64a2_2007_has_no_1997_additional_trick():
    # The 1997 example: West later wins a trick with a card he could have played to the revoke
    # trick. 1997 transfers two tricks; 2007 (and 2017) one.
    text = (EXAMPLES / "dup97-l64a2-a-card-legal-to-the-revoke-trick.hand").read_text(encoding="utf-8")
    moved_by = {}
    for ruleset in ("duplicate-1997", D07, D17):
        out = rulings_at(events_of(text.replace("ruleset=duplicate-1997", f"ruleset={ruleset}")))
        moved_by[ruleset] = sum(out["transfer"].values())
    assert moved_by == {"duplicate-1997": 2, D07: 1, D17: 1}


def test_law77_2007_scores_as_2017():
    body = plays("W SA N S8 E S2 S S3") + "claim S 10\n"  # West wins trick 1, South claims 10: 4H made
    a, b = board(body, D07), board(body, D17)
    assert a["ruleset"] == D07 and a["score"] == b["score"] == {"NS": 420, "EW": -420}
    assert [i["laws"] for i in a["items"]] == [["77"]] * len(a["items"])


# ---------------------------------------------------------------- the import default


def test_the_2007_code_from_2008_until_2017():
    assert duplicate_code(2007) == "duplicate-1997"
    assert duplicate_code(2008) == duplicate_code(2010) == duplicate_code(2016) == D07
    assert duplicate_code(2017) == duplicate_code(2018) == D17
    assert archive_ruleset("IMPs", 2010) == archive_ruleset("", 2010) == D07
    assert lin.event_ruleset("Polish First Division 2012") == D07
    assert lin.event_ruleset("Spingold 2017") == D17


DATED_2010 = DATED.replace('[Date "1999.05.04"]', '[Date "2010.06.12"]')


def test_a_pbn_dated_2010_imports_under_2007_and_a_board_stored_before_keeps_its_ruleset(tmp_path):
    p, store = _import(tmp_path, DATED_2010)
    assert p.returncode == 0, p.stderr
    app = HandRecorder(store)
    ids = app.hand_ids()
    assert {at(app.hand_events(h)).table.ruleset for h in ids} == {D07}
    # The same file stored earlier under the old default (duplicate-2017), imported again: the
    # same ids (a hand id never depends on the ruleset), each kept under its stored ruleset.
    p, old = _import(tmp_path, DATED_2010, "--ruleset", D17, store=str(tmp_path / "old.db"))
    assert p.returncode == 0 and HandRecorder(old).hand_ids() == ids
    p, _ = _import(tmp_path, DATED_2010, store=old)
    assert p.returncode == 0, p.stderr
    assert f"2 kept under {D17}, the ruleset they were stored with" in p.stdout
    assert {at(HandRecorder(old).hand_events(h)).table.ruleset for h in ids} == {D17}


# ---------------------------------------------------------------- the example


def test_the_2007_example_rules_as_2007_and_not_as_2017():
    path = EXAMPLES / "dup07-l64b7-both-sides-have-revoked.hand"
    text = path.read_text(encoding="utf-8")
    assert f"ruleset={D07}" in text
    as_2017 = rulings_at(events_of(text.replace(f"ruleset={D07}", f"ruleset={D17}")))
    assert sum(as_2017["transfer"].values()) == 1
    assert sum(rulings_at(events_of(text))["transfer"].values()) == 0
    assert score(at(events_of(text)))["ruleset"] == D07


