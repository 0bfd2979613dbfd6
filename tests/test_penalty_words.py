"""An irregularity's penalty is said with what it gives (issue 19: "a ruling's penalty with its
amounts, not only its law"): each option in words, the seat a direction binds named; in the
rulings JSON (`penalty.said`), the CLI, the room (which shows `said`) and the report."""

from __future__ import annotations

from conftest import events_of, example
from handrec.views import rulings_text
from projections.moment import rulings_at

DEAL = "N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432"


def test_a_lead_out_of_turn_s_penalty_in_words():
    r = rulings_at(events_of(example("law76-adversary-leads-out-of-turn")))
    (i,) = r["irregularities"]
    assert i["penalty"]["said"] == ("the card treated as exposed, liable to be called or a suit called from the "
                                   "adversary who next leads")
    assert ("Penalty: the card treated as exposed, liable to be called or a suit called from the adversary who "
            "next leads — South elects; elected: to call a lead (L76)") in rulings_text(r)


def test_a_direction_names_the_seat_it_binds():
    # L92: West draws attention to the trick before his partner East has played to it.
    text = (f"hand l92\ndealer S\ndeal {DEAL}\ncontract 4H by S\nplay W SA\nplay N S8\nattention W mine\n")
    r = rulings_at(events_of(text))
    (i,) = [i for i in r["irregularities"] if i["kind"] == "attention-to-trick"]
    assert i["penalty"]["said"] == ("East to play his highest of the suit led or East to play his lowest of the "
                                   "suit led or East to win the trick or East to lose the trick")


def test_a_duplicate_code_s_options_are_a_rectification_each_plain_where_it_ends():
    # 2017 L54A: West's opening lead out of turn (declarer's partner, North, was not to lead it:
    # East was). Declarer may accept it, have it retracted, or spread his hand. The 2017 Laws call
    # what an irregularity opens to the other side a rectification (L10, L11), and each option's
    # words hold no comma of their own, so that "or" shows where one ends.
    text = (f"hand l54 ruleset=duplicate-2017\ndealer S\ndeal {DEAL}\ncontract 4H by N\nplay W SA\n")
    r = rulings_at(events_of(text))
    (i,) = [i for i in r["irregularities"] if i["penalty"]]
    options = i["penalty"]["options"]
    said = i["penalty"]["said"]
    assert said.count(" or ") == len(options) - 1 and "," not in said, said
    assert "he becomes dummy and his partner declarer" in said or "spread" not in options, said
    words = rulings_text(r)
    assert f"Rectification: {said}" in words and "Penalty:" not in words, words
    # An irregularity a duplicate hand leaves to the 1912 code is said in that code's word.
    assert all(i.get("code") == "auction-1912" for i in r["irregularities"]
               if i["penalty"] and f"Penalty: {i['penalty']['said']}" in words)
