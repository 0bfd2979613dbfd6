"""The closed sets of the rulings (`bridge.terms.StrEnum`): where a revoke stands (`RevokeStatus`)
and what it is (`RevokeKind`), what an irregularity is (`IrregularityKind`), what was elected
(`Election`), a penalty card's grade (`PenaltyCardGrade`), what a card played after a claim makes
of it (`PlayAfterClaim`), and what the duplicate codes answer of both sides' revokes, a placed
card's revoke and a retraction after misinformation. The rulings and the codes hold members, and
every output reads the word itself: the JSON, the analysis database, f-strings, `%s`, Jinja2 and
`sorted` give the same bytes as the plain string did."""

from __future__ import annotations

import json
import sqlite3

import jinja2
import pytest
from conftest import EXAMPLES, events_of, example

from bridge.terms import StrEnum
from handrec.wording import KIND_TITLES
from projections.codes import CODES
from projections.codes.base import BothSidesRevoked, MisinformedRetractionUntil, PlacedCardRevoke
from projections.codes.family import PlayAfterClaim
from projections.moment import moments, rulings_at
from bridge.lines import CHOICES
from projections.rulings.state import Election, IrregularityKind, PenaltyCardGrade, RevokeKind, RevokeStatus

# A hand of each code whose rulings hold both sets: a revoke established and a penalty card's
# lead (2017); a card exposed before the opening lead with a revoke established (1912).
HANDS = ("dup17-l50d-penalty-card-partner-to-lead", "law66-card-exposed-before-the-opening-lead")


def _plain(value):
    """The value with every string made a plain `str`, as it was before the closed sets."""
    if isinstance(value, dict):
        return {str.__str__(k) if isinstance(k, str) else k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return str.__str__(value) if isinstance(value, str) else value


@pytest.mark.parametrize("name", HANDS)
def test_the_rulings_hold_members_and_their_json_is_the_plain_words_byte_for_byte(name):
    rulings = rulings_at(events_of(example(name)))
    revoke, irregularity = rulings["revokes"][0], rulings["irregularities"][0]
    assert type(revoke["status"]) is RevokeStatus and revoke["status"] == "established"
    assert type(irregularity["kind"]) is IrregularityKind
    said = json.dumps(rulings, ensure_ascii=False)
    assert said == json.dumps(_plain(rulings), ensure_ascii=False)
    assert '"status": "established"' in said and f'"kind": "{irregularity["kind"].value}"' in said
    assert json.loads(said)["revokes"][0]["status"] == RevokeStatus.ESTABLISHED  # a word read back is its member


def test_a_member_is_its_word_in_every_format_the_faces_use():
    s, k = RevokeStatus.ESTABLISHED, IrregularityKind.LEAD_OUT_OF_TURN
    assert (f"{s}", f"{s:>13}", "%s" % s, "{}".format(s), str(s)) == (
        "established", "  established", "established", "established", "established")
    assert f"{k} by West" == "lead-out-of-turn by West"
    assert jinja2.Environment(autoescape=True).from_string("{{ s }}|{{ k }}|{{ k|upper }}").render(s=s, k=k) == \
        "established|lead-out-of-turn|LEAD-OUT-OF-TURN"
    assert sorted([RevokeStatus.SUSPECTED, "correctable", RevokeStatus.ESTABLISHED]) == \
        ["correctable", "established", "suspected"]
    assert {"established": 1}[s] == 1 and s in {"established"}  # hashed as its word: a dict of words finds it


def test_a_member_bound_in_sqlite_is_stored_as_its_text():
    conn = sqlite3.connect(":memory:")
    conn.execute("create table revokes (status, kind)")
    conn.executemany("insert into revokes values (?, ?)", [(RevokeStatus.CORRECTED, IrregularityKind.SHORT_HAND)])
    assert conn.execute("select status, typeof(status), kind, typeof(kind) from revokes").fetchall() == [
        ("corrected", "text", "short-hand", "text")]
    assert conn.execute("select count(*) from revokes where status = ?", (RevokeStatus.CORRECTED,)).fetchone() == (1,)


def test_a_closed_set_made_on_the_base_reads_as_its_words_and_back():
    class Grade(StrEnum):
        MAJOR = "major"

    assert (str(Grade.MAJOR), format(Grade.MAJOR), f"{Grade.MAJOR!s}") == ("major", "major", "major")
    assert repr(Grade.MAJOR) == "<Grade.MAJOR: 'major'>"  # (a member is still told apart where it is debugged)
    assert Grade("major") is Grade.MAJOR


def test_every_revoke_and_irregularity_of_every_example_is_a_member_at_every_event():
    seen_status, seen_kind, seen_revoke_kind, seen_grade, seen_elected = set(), set(), set(), set(), set()
    offered: set[Election] = set()  # what the penalties offer to elect: members, as what is elected
    for path in sorted(EXAMPLES.glob("*.hand")):
        for _, moment in moments(events_of(path.read_text(encoding="utf-8"))):
            for r in moment.rulings()["revokes"]:
                options = (r["penalty"] or {}).get("options", [])
                assert all(type(o) is Election for o in options), (path.stem, options)
                offered.update(options)
            for r in moment.judge.revokes:
                assert type(r.status) is RevokeStatus, (path.stem, r)
                assert r.status != RevokeStatus.SUSPECTED  # (shown, never held: that is `proven`)
                seen_status.add(r.status)
                assert type(r.kind) is RevokeKind, (path.stem, r.kind)
                seen_revoke_kind.add(r.kind)
                assert r.elected is None or type(r.elected) is Election, (path.stem, r.elected)
                seen_elected.add(r.elected)
            for i in moment.judge.irregularities:
                assert type(i.kind) is IrregularityKind, (path.stem, i.kind)
                seen_kind.add(i.kind)
                assert i.elected is None or type(i.elected) is Election, (path.stem, i.kind, i.elected)
                seen_elected.add(i.elected)
                assert all(type(o) is Election for o in i.options), (path.stem, i.kind, i.options)
                offered.update(i.options)
            for x in moment.judge.exposed:
                assert x.grade is None or type(x.grade) is PenaltyCardGrade, (path.stem, x)
                seen_grade.add(x.grade)
    assert seen_status == {RevokeStatus.CORRECTABLE, RevokeStatus.CORRECTED, RevokeStatus.ESTABLISHED}
    assert len(seen_kind) > len(IrregularityKind) / 2  # (the examples make most kinds, each a member)
    assert seen_revoke_kind == set(RevokeKind)
    assert seen_grade == {None, *PenaltyCardGrade}  # (None: an exposed card under the 1912 code)
    assert len(seen_elected - {None}) > len(Election) / 2  # (the examples elect most choices, each a member)
    assert len(offered) > len(Election) / 2  # (and are offered most of them)


def test_a_revoke_kind_is_its_word_in_the_json_the_words_and_the_database():
    k = RevokeKind.DUMMY
    assert (str(k), f"{k}", "%s" % k, json.dumps({"kind": k})) == ("dummy", "dummy", "dummy", '{"kind": "dummy"}')
    assert [RevokeKind(w) for w in ("revoke", "dummy", "deemed")] == list(RevokeKind)
    conn = sqlite3.connect(":memory:")
    conn.execute("create table revokes (kind)")
    conn.execute("insert into revokes values (?)", (k,))
    assert conn.execute("select kind, typeof(kind) from revokes where kind != 'revoke'").fetchall() == [
        ("dummy", "text")]


def test_every_kind_of_irregularity_has_its_title_in_the_printed_report():
    assert [k.value for k in IrregularityKind if k not in KIND_TITLES] == []


def test_what_a_code_rules_itself_is_named_by_kinds_of_irregularity():
    for code in CODES.values():
        if code.own_irregularities is not None:
            assert all(type(k) is IrregularityKind for k in code.own_irregularities), code.name
            assert code.rules("lead-out-of-turn") == code.rules(IrregularityKind.LEAD_OUT_OF_TURN)


def test_what_play_after_a_claim_makes_of_it_is_a_member_the_family_has_words_for():
    for code in CODES.values():
        mode = code.play_after_claim
        assert type(mode) is PlayAfterClaim, code.name
        words = code.family.claims.played_on
        assert all(type(k) is PlayAfterClaim for k in words), code.name
        # The family says what a card after the claim makes of it under each reading the code allows:
        # 2017's claim doubted, or not (UNDOUBTED); every duplicate code's board ended with it standing.
        readings = {mode} | ({PlayAfterClaim.UNDOUBTED} if mode == PlayAfterClaim.VOID_IF_DOUBTED else set())
        if code.family.claim_agreed_when_board_ends:
            readings.add(PlayAfterClaim.AFTER_THE_BOARD)
        assert readings <= set(words), (code.name, readings - set(words))


def test_what_the_duplicate_codes_answer_of_revokes_and_retractions_is_a_member_or_none():
    seen = {BothSidesRevoked: set(), PlacedCardRevoke: set(), MisinformedRetractionUntil: set()}
    for code in CODES.values():
        for answer, closed in ((code.both_sides_revoked, BothSidesRevoked),
                               (code.placed_card_revoke, PlacedCardRevoke),
                               (code.misinformed_retraction_until, MisinformedRetractionUntil)):
            assert answer is None or type(answer) is closed, (code.name, answer)
            seen[closed].add(answer)
    assert {closed: answers - {None} for closed, answers in seen.items()} == {
        closed: set(closed) for closed in seen}  # (every answer some code gives)
    assert CODES["auction-1912"].placed_card_revoke is None and CODES["duplicate-1997"].both_sides_revoked is None
    words = (BothSidesRevoked.ESTABLISHED, PlacedCardRevoke.VOID, MisinformedRetractionUntil.NO_CARD_TO_ITS_TRICK)
    assert [f"{w}" for w in words] == [str(w) for w in words] == ["established", "void", "no-card-to-its-trick"]
    assert BothSidesRevoked("revoked") is BothSidesRevoked.REVOKED and PlacedCardRevoke.ALWAYS == "always"


def test_an_election_is_one_of_the_choices_the_elect_line_reads_and_its_word():
    assert {c.value for c in Election} == set(CHOICES)  # (the vocabulary's words, each a member)
    assert [f"{c}" for c in (Election.SUBSTITUTE, Election.NEW_DEAL)] == ["substitute", "new-deal"]
    assert json.dumps({"elected": Election.NEW_DEAL, "penalty_card": PenaltyCardGrade.MINOR}) == \
        '{"elected": "new-deal", "penalty_card": "minor"}'
    assert (str(PenaltyCardGrade.MAJOR), "%s" % PenaltyCardGrade.MINOR) == ("major", "minor")
    assert Election("accept") is Election.ACCEPT and {"major": 1}[PenaltyCardGrade.MAJOR] == 1


def _words_of_elections(path) -> list[str]:
    """Where a module of the rulings holds an election as a bare word (issue 41, part 6): a word of
    `Election` compared (`==`, `!=`, `in`) with what a penalty offers or elects (an expression that
    reads `options`, `elected` or `choice`), alone or in a list, or a dict keyed by such words."""
    import ast

    words = {c.value for c in Election}

    def bare(node) -> bool:
        if isinstance(node, ast.Constant):
            return node.value in words
        return isinstance(node, (ast.List, ast.Tuple, ast.Set)) and any(bare(x) for x in node.elts)

    def of_an_election(node) -> bool:
        return any(isinstance(n, (ast.Name, ast.Attribute)) and (getattr(n, "id", None) or n.attr) in
                   ("options", "elected", "choice") for n in ast.walk(node))

    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(map(bare, sides)) and any(of_an_election(s) for s in sides if not bare(s)):
                out.append(f"{path.name}:{node.lineno}")
        elif isinstance(node, ast.Dict) and node.keys and all(k is not None and bare(k) for k in node.keys):
            out.append(f"{path.name}:{node.lineno}")
    return out


def test_the_rulings_compare_an_election_with_a_member_never_its_bare_word():
    from pathlib import Path

    rulings = Path(__file__).resolve().parent.parent / "projections" / "rulings"
    assert [where for path in sorted(rulings.glob("*.py")) for where in _words_of_elections(path)] == []


def test_an_election_held_as_a_bare_word_is_found(tmp_path):
    module = tmp_path / "m.py"
    module.write_text('a = "accept" in irr.options\nb = i.options == ["retract"]\nc = {"lead": 1, "forbid": 2}[choice]\n'
                      'd = Election.ACCEPT in irr.options\ne = x == "lead"\n', encoding="utf-8")
    assert _words_of_elections(module) == ["m.py:1", "m.py:2", "m.py:3"]
