"""Each failure to follow suit of a record judged as evidence (issue 12 part 1): every rule on a
small record made for it, and the verdict kept apart from the law's status."""

from __future__ import annotations


from bench.generate_archive import games
from conftest import events_of, example
from projections.evidence import judged, transfer, twin_ids, verdict, Evidence
from projections.moment import at
from recorder.domainmodel import Hand
from formats.pbn import boards


def moment_of_text(text: str):
    return at(events_of(text))


def moment_of_board(b):
    hand = Hand.open(b.lines[0])
    hand.record_lines(b.lines[1:])
    return at(list(hand.collect_events()))


def names(found: dict) -> list[str]:
    return [e["name"] for e in found["evidence"]]


def test_the_verdict_weighs_the_two_kinds_of_evidence():
    slip, revoke = Evidence("dummy", "slip", ""), Evidence("marked-in-record", "revoke", "")
    assert verdict([slip]) == "likely-recording-slip"
    assert verdict([revoke]) == "likely-revoke"
    assert verdict([slip, revoke]) == verdict([]) == "undecided"


def test_two_cards_of_one_player_swapped_between_tricks_make_the_play_legal():
    # East's C9 in trick 1 (spades led, holding the S2) and his S2 in trick 2: swapped, all follow.
    (found,) = judged(moment_of_text(example("law83-quit-by-winners")))
    assert names(found) == ["transposition-between-tricks", "follows-at-next-opportunity"]
    assert found["verdict"] == "likely-recording-slip"


def test_a_contract_not_its_auctions_is_said_and_weighs_nothing():
    # The record's contract (4S by S) is not its auction's (1H P 2H P 4H P P P: 4H by S, dealer
    # South): an archive's [Contract] or [Auction] written wrong, and another trump may change who
    # wins and leads each trick. Said for the analyst; the verdict is as before.
    text = example("law83-quit-by-winners").replace("contract 4H by S", "auction 1H P 2H P 4H P P P\ncontract 4S by S")
    (found,) = judged(moment_of_text(text))
    assert names(found)[-1] == "contract-not-the-auctions" and found["evidence"][-1]["points_to"] == "neither"
    assert "4S by S, is not its auction's, 4H by S" in found["evidence"][-1]["detail"]
    assert found["verdict"] == "likely-recording-slip"
    # The auction's own contract said again by the contract line: nothing to say.
    same = example("law83-quit-by-winners").replace("contract 4H by S", "auction 1H P 2H P 4H P P P\ncontract 4H by S")
    (found,) = judged(moment_of_text(same))
    assert "contract-not-the-auctions" not in names(found)


def test_dummys_failure_is_seen_by_all_four():
    (found,) = judged(moment_of_text(example("law63-dummy-fails-to-follow")))
    assert "dummy" in names(found) and found["verdict"] == "likely-recording-slip"


def test_two_players_failing_in_one_trick():
    found = judged(moment_of_text(example("review-r03-both-adversaries-same-trick")))
    assert len(found) == 2 and all("several-in-one-trick" in names(f) for f in found)


def _generated_with_a_revoke():
    for text in games(40, 7, 1.0):
        (b,) = list(boards(text, "gen/archive.pbn"))
        moment = moment_of_board(b)
        revokes = [r for r in moment.rulings()["revokes"] if r["kind"] == "revoke" and r["status"] == "established"]
        if revokes and "^R" in text and "*" not in text.split("[Play")[1]:
            return text, moment, revokes[0]
    raise AssertionError("no generated game with a marked, established revoke and a full play")


def test_a_marked_revoke_whose_result_is_the_plays_is_undecided_and_after_the_transfer_likely():
    text, moment, revoke = _generated_with_a_revoke()
    found = next(f for f in judged(moment) if (f["seat"], f["trick"]) == (revoke["seat"], revoke["trick"]))
    assert "marked-in-record" in names(found) and "result-agrees-with-play" in names(found)
    assert found["verdict"] == "undecided"
    moved = transfer(moment.table, revoke)
    assert moved in (1, 2)
    result = int(text.split('[Result "')[1].split('"')[0])
    offender_declares = moment.table.contract.declarer in ("N", "S") and revoke["seat"] in ("N", "S") or \
        moment.table.contract.declarer in ("E", "W") and revoke["seat"] in ("E", "W")
    adjusted = result - moved if offender_declares else result + moved
    (b,) = list(boards(text.replace(f'[Result "{result}"]', f'[Result "{adjusted}"]'), "gen/archive.pbn"))
    moment = moment_of_board(b)
    found = next(f for f in judged(moment) if (f["seat"], f["trick"]) == (revoke["seat"], revoke["trick"]))
    assert "result-agrees-with-transfer" in names(found) and found["verdict"] == "likely-revoke"
    (b,) = list(boards(text.replace(f'[Result "{result}"]', '[Result "0"]'), "gen/archive.pbn"))
    found = judged(moment_of_board(b))
    assert any("result-agrees-with-neither" in names(f) for f in found)


def test_the_same_failure_at_the_other_table_is_a_copied_slip():
    text, moment, revoke = _generated_with_a_revoke()
    (closed,) = list(boards(text.replace('[Room "Open"]', '[Room "Closed"]'), "gen/archive.pbn"))
    twin = moment_of_board(closed)
    assert twin_ids(moment.table.hand_id, moment.table.source) == [twin.table.hand_id]
    found = next(f for f in judged(moment, [twin]) if (f["seat"], f["trick"]) == (revoke["seat"], revoke["trick"]))
    assert "same-at-other-table" in names(found)


def test_a_note_that_speaks_of_a_revoke():
    text = example("law83-quit-by-winners") + "note East revoked in the first trick, said the director\n"
    (found,) = judged(moment_of_text(text))
    assert "note-speaks-of-revoke" in names(found) and found["verdict"] == "undecided"


def test_scan_and_the_analysis_database_give_the_verdict_beside_the_status(tmp_path):
    import json
    import sqlite3

    from handrec.export import export
    from recorder.application import HandRecorder
    from test_cli import run

    text, _, revoke = _generated_with_a_revoke()
    path = tmp_path / "match.pbn"
    path.write_text(text + "\n" + text.replace('[Room "Open"]', '[Room "Closed"]'), encoding="utf-8")
    store = str(tmp_path / "hands.db")
    run("import", str(path), store=store)
    rows = json.loads(run("scan", "--json", store=store).stdout)
    mine = [r for r in rows if (r["seat"], r["trick"]) == (revoke["seat"], revoke["trick"])]
    assert len(mine) == 2 and all(r["status"] == "established" for r in mine)
    assert all("same-at-other-table" in r["evidence"] and "marked-in-record" in r["evidence"] for r in mine)
    assert all(r["verdict"] == "undecided" for r in mine)
    app = HandRecorder(store)
    export(app, str(tmp_path / "analysis.db"), app.store_name)
    conn = sqlite3.connect(tmp_path / "analysis.db")
    got = conn.execute("select status, verdict, evidence from revokes_with_source where seat = ? and trick = ?",
                       (revoke["seat"], revoke["trick"])).fetchall()
    assert len(got) == 2 and all(g[0] == "established" and g[1] == "undecided" and "same-at-other-table" in g[2]
                                 for g in got)


def test_a_mark_before_another_players_card_is_no_evidence_of_this_revoke():
    """The record keeps its `^R` by the card it stood before (`^R@4.E`): one before another
    player's card of the trick is no evidence of this player's revoke (it counted, by the trick
    alone, before marks were kept by their card); the earlier form, by the trick alone, still is."""
    text, _, revoke = _generated_with_a_revoke()
    (b,) = list(boards(text, "gen/archive.pbn"))
    own = [m for m in b.source["marks"].split() if m.startswith(f"^R@{revoke['trick']}.")]
    assert own == [f"^R@{revoke['trick']}.{revoke['seat']}"]
    other = next(s for s in "NESW" if s != revoke["seat"])
    for marks, counted in ((f"^R@{revoke['trick']}.{other}", False), (f"^R@{revoke['trick']}", True)):
        b.source["marks"] = marks
        found = next(f for f in judged(moment_of_board(b)) if (f["seat"], f["trick"]) == (revoke["seat"], revoke["trick"]))
        assert ("marked-in-record" in names(found)) is counted, marks
