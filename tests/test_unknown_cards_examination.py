"""An examination of the card not known (`unknown SEAT`; a PBN `-` in a play row), written from
docs/transcripts.md ("A card not known: `unknown`"), docs/archives.md ("Cards not known: `-` in a
PBN play row"), the 1912 laws (L83; the digest's §2K.9) and the Laws of Duplicate Bridge 2017
(L61, L63A1), without reading the implementation.

Every case goes through the public `handrec` command (record, rulings --json, show, list, import,
export-pbn), a store of its own in tmp_path.

The deal of every case but the no-trump ones: 4H by South, West on lead, rotation W N E S.
  North T98.9876.T98.876   East 2.54.AKQJ.AKQJT9   South 76543.AKQJT.76.5   West AKQJ.32.5432.432
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

HANDREC = shutil.which("handrec", path=str(Path(sys.executable).parent) + os.pathsep + os.environ.get("PATH", ""))
DEAL = "deal N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432"


def head(hand: str, opts: str = "", contract: str = "4H by S") -> list[str]:
    """Events 1-4: the hand line, the dealer, the deal, the contract; the play starts at event 5."""
    return [f"hand {hand} {opts}".strip(), "dealer S", DEAL, f"contract {contract}"]


def run(*args: str, store: str, ok: bool = True) -> subprocess.CompletedProcess:
    assert HANDREC, "the handrec command is installed"
    env = {**os.environ, "HANDREC_STORE": store}
    p = subprocess.run([HANDREC, *args], capture_output=True, text=True, env=env, timeout=120)
    if ok:
        assert p.returncode == 0, p.stdout + p.stderr
    return p


@pytest.fixture
def store(tmp_path: Path) -> str:
    return str(tmp_path / "hands.db")


def record(tmp_path: Path, store: str, lines: list[str], ok: bool = True) -> subprocess.CompletedProcess:
    f = tmp_path / (lines[0].split()[1] + ".hand")
    f.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return run("record", str(f), store=store, ok=ok)


def rulings(store: str, hand: str, at: int | None = None) -> dict:
    args = ["rulings", hand, "--json"] + (["--at", str(at)] if at else [])
    return json.loads(run(*args, store=store).stdout)


def show(store: str, hand: str, at: int | None = None) -> str:
    return run("show", hand, *(["--at", str(at)] if at else []), store=store).stdout


def revokes_of(r: dict, seat: str, trick: int) -> list[dict]:
    return [v for v in r["revokes"] if v["seat"] == seat and v["trick"] == trick]


def east_column(out: str) -> list[str]:
    """The lines `show` prints under East (the right-hand column of the West/East row)."""
    lines = out.splitlines()
    h = next(i for i, line in enumerate(lines) if line.startswith("West") and "East" in line)
    col = lines[h].index("East")
    rows = []
    for line in lines[h + 1:]:
        if not line.strip():
            break
        rows.append(line[col:].strip())
    return rows


def seat_to_play(out: str) -> str | None:
    m = re.search(r"^to play: (North|East|South|West)\b", out, re.M)
    return m.group(1) if m else None


# ------------------------------------------------------------------ in turn, and the player's hand

def test_a_card_not_known_is_played_in_turn_and_the_rotation_goes_on(tmp_path, store):
    """transcripts.md: "`unknown SEAT` says that SEAT played a card to the trick, in its turn".
    After East's card not known, South is to play; his S3 completes the trick, and it is West's
    (East surely held a spade: "taken as a card its player could play by the rules: one of the suit
    led when he surely held one", and none of his beats the SA), so West is to lead, and his lead
    is no irregularity (L76 rules only a lead out of turn)."""
    lines = head("rot") + ["play W SA", "play N S8", "unknown E", "play S S3", "play W SK"]
    record(tmp_path, store, lines)
    assert seat_to_play(show(store, "rot", at=7)) == "South"
    out = show(store, "rot", at=8)
    assert "won by West" in out and seat_to_play(out) == "West"
    assert "tricks won: NS 0, EW 1" in out
    r = rulings(store, "rot")
    assert r["irregularities"] == [] and r["revokes"] == []


def test_the_hand_of_a_card_not_known_keeps_its_cards_and_a_later_card_must_be_held(tmp_path, store):
    """transcripts.md: "the card is one of SEAT's: his hand, as shown, keeps all his cards, and says
    `(one of these played, not known)`; a later card of his must still be one he holds". After his
    card not known East still shows all thirteen, the S2 among them; playing the S2 later is
    recorded; playing South's HA is refused (a physical fact: "a seat plays a card it does not
    hold"), and that transcript is not stored."""
    lines = head("keeps") + ["play W SA", "play N S8", "unknown E", "play S S3"]
    record(tmp_path, store, lines)
    out = show(store, "keeps")
    assert "(one of these played, not known)" in out
    east = east_column(out)
    for suit in ("♠ 2", "♥ 5 4", "♦ A K Q J", "♣ A K Q J 10 9"):
        assert suit in east, (suit, east)
    # The S2 is still his to play.
    record(tmp_path, store, lines + ["play W SK", "play N S9", "play E S2"])
    # A card that is not his is refused, with its line, and nothing of that transcript is stored.
    bad = head("keeps-bad") + ["play W SA", "play N S8", "unknown E", "play S S3",
                               "play W SK", "play N S9", "play E HA"]
    p = record(tmp_path, store, bad, ok=False)
    assert p.returncode != 0 and "line 11" in p.stderr and "play E HA" in p.stderr
    assert "keeps-bad" not in run("list", store=store).stdout.split()


# The whole play of 4H: East's card of trick 1 not known, his other twelve named. After trick 13
# East shows one card left (the CK), which his card not known accounts for.
FULL_PLAY = [
    "play W SA", "play N S8", "unknown E", "play S S3",    # 1 W
    "play W SK", "play N S9", "play E S2", "play S S4",    # 2 W
    "play W SQ", "play N ST", "play E DJ", "play S S5",    # 3 W
    "play W SJ", "play N H6", "play E DQ", "play S S6",    # 4 N (ruff)
    "play N H9", "play E H4", "play S HA", "play W H2",    # 5 S
    "play S HK", "play W H3", "play N H8", "play E H5",    # 6 S
    "play S HQ", "play W D2", "play N H7", "play E DK",    # 7 S
    "play S S7", "play W D3", "play N C6", "play E DA",    # 8 S
    "play S HJ", "play W D4", "play N D8", "play E CT",    # 9 S
    "play S HT", "play W D5", "play N D9", "play E C9",    # 10 S
    "play S D7", "play W C2", "play N DT", "play E CJ",    # 11 N
    "play N C8", "play E CQ", "play S C5", "play W C3",    # 12 E
    "play E CA", "play S D6", "play W C4", "play N C7",    # 13 E
]


def test_a_player_whose_cards_are_all_accounted_for_has_none_left_to_play(tmp_path, store):
    """transcripts.md: "once every card he holds is accounted for by cards not known, he has none
    left to play (refused, a physical fact)"; "A transcript that breaks a physical fact is refused
    whole, with the file, the line, the line's text and the reason, and nothing of it is stored."
    The thirteen tricks record; East's CK played after them is refused (his card not known was it),
    and the transcript holding it is not stored at all."""
    record(tmp_path, store, head("full") + FULL_PLAY)
    out = show(store, "full")
    assert "(one of these played, not known)" in out and any("K" in row for row in east_column(out) if "♣" in row)
    lines = head("full-bad") + FULL_PLAY + ["play E CK"]
    p = record(tmp_path, store, lines, ok=False)
    assert p.returncode != 0
    assert f"line {len(lines)}" in p.stderr and "play E CK" in p.stderr
    assert "full-bad" not in run("list", store=store).stdout.split()


def test_a_card_not_known_is_never_itself_a_failure_to_follow(tmp_path, store):
    """transcripts.md: a card not known "follows no suit and is ruled on for nothing but being
    played". East's card not known on the SA, then his S2 shown at trick 2: his card of trick 1
    was not the S2, yet no revoke is ruled for trick 1 (L83 needs a card of a different suit
    played, and which card it was is not known), even after his side has played on (L83's
    triggers)."""
    lines = head("nothing") + ["play W SA", "play N S8", "unknown E", "play S S3",
                               "play W SK", "play N S9", "play E S2", "play S S4", "play W SQ"]
    record(tmp_path, store, lines)
    r = rulings(store, "nothing")
    assert r["revokes"] == [] and r["irregularities"] == []


# ------------------------------------------------------------------ failures to follow

def test_no_failure_to_follow_is_found_in_a_trick_led_by_a_card_not_known(tmp_path, store):
    """transcripts.md: "a trick led by a card not known has no suit led known: no failure to follow
    is found in it" (L83 defines a revoke by "the suit led"). West leads a card not known; East
    plays the C9 though he holds the S2 (a revoke had spades been led), and shows the S2 at the
    next trick: nothing is ruled, neither established nor suspected. West may lead trick 2: his
    card, any of his (hearts are trumps), could have won trick 1, so no lead out of turn."""
    lines = head("led") + ["unknown W", "play N S8", "play E C9", "play S S3",
                           "play W SK", "play N S9", "play E S2", "play S S4", "play W SQ"]
    record(tmp_path, store, lines)
    r = rulings(store, "led")
    assert r["revokes"] == []
    assert r["irregularities"] == []


def test_a_later_discard_is_a_revoke_when_he_held_more_of_the_suit_than_his_cards_not_known(tmp_path, store):
    """transcripts.md: "a later failure of SEAT to follow suit is a revoke only when he holds more
    cards of the suit led than the cards not known he played"; L83: "A revoke occurs when a player,
    other than dummy, holding one or more cards of the suit led, plays a card of a different suit.
    It becomes an established revoke if the trick in which it occurs is turned and quitted by the
    rightful winners ... or if either the revoking player or his partner ... lead or play to the
    following trick." South played one card not known (trick 1) and holds D76: two diamonds, more
    than one, so his HT on the D2 at trick 2 is a revoke, correctable until he leads to trick 3
    (the trick counts as quitted by its rightful winners, NS, before that lead: §2K.9)."""
    lines = head("sure") + ["play W SA", "play N S8", "play E S2", "unknown S",
                            "play W D2", "play N D8", "play E DA", "play S HT",
                            "play S HA"]
    record(tmp_path, store, lines)
    v = revokes_of(rulings(store, "sure", at=12), "S", 2)
    assert len(v) == 1 and v[0]["status"] == "correctable" and v[0]["card"] == "HT" and v[0]["suit"] == "D"
    v = revokes_of(rulings(store, "sure", at=13), "S", 2)
    assert len(v) == 1 and v[0]["status"] == "established" and "83" in v[0]["laws"]
    assert v[0]["status_event"] == 13


def test_a_later_discard_is_suspected_when_his_card_not_known_may_have_been_his_last_of_the_suit(tmp_path, store):
    """transcripts.md: "...only when he holds more cards of the suit led than the cards not known he
    played (one of which may have been his last of it); else it is a revoke suspected (L83 needs
    the suit held), proven when he shows the suit later"; json.md: "A revoke whose existence is not
    yet proven ... appears with "status": "suspected" until a later event proves or disproves it."
    South played one card not known and holds one club (C5): his HT on the C2 is suspected, and
    stays so while the play goes on; his C5 at trick 4 proves it, and it is then established
    (trick 2 was quitted by its rightful winners and South led to trick 3, L83)."""
    lines = head("susp") + ["play W SA", "play N S8", "play E S2", "unknown S",
                            "play W C2", "play N C6", "play E CA", "play S HT",
                            "play S HA", "play W H2", "play N H6", "play E H4",
                            "play S C5", "play W C3", "play N C7", "play E CK"]
    record(tmp_path, store, lines)
    for at in (12, 13, 16):
        v = revokes_of(rulings(store, "susp", at=at), "S", 2)
        assert len(v) == 1 and v[0]["status"] == "suspected", (at, v)
    v = revokes_of(rulings(store, "susp", at=17), "S", 2)
    assert len(v) == 1 and v[0]["status"] == "established", v
    assert v[0]["card"] == "HT" and v[0]["suit"] == "C"


def test_a_discard_when_he_shows_none_of_the_suit_left_is_no_revoke(tmp_path, store):
    """L83: a revoke needs a player "holding one or more cards of the suit led"; laws.md (a hand not
    known, which transcripts.md's "as for a hand not known" points to): a suspected failure is
    ruled out when "every card of the suit is seen elsewhere". East's one spade, the S2, is seen:
    he played it himself at trick 2, after his card not known at trick 1. His DQ on the SQ at
    trick 3 is no revoke, sure or suspected."""
    lines = head("none") + ["play W SA", "play N S8", "unknown E", "play S S3",
                            "play W SK", "play N S9", "play E S2", "play S S4",
                            "play W SQ", "play N ST", "play E DQ", "play S S5",
                            "play W SJ"]
    record(tmp_path, store, lines)
    assert revokes_of(rulings(store, "none"), "E", 3) == []


# ------------------------------------------------------------------ who won a trick holding one

def test_a_trick_no_card_not_known_could_win_is_won_by_its_best_card_known(tmp_path, store):
    """transcripts.md: "who won a trick holding one: its best card known, unless a card not known
    could have beaten it (taken as a card its player could play by the rules: one of the suit led
    when he surely held one, more of it than the cards not known he had played before)". East's
    first card not known, on the SA, is taken as his spade: West won, and East's lead to trick 2
    is a lead out of turn by an adversary (L76), listed as such."""
    lines = head("best") + ["play W SA", "play N S8", "unknown E", "play S S3", "play E CA"]
    record(tmp_path, store, lines)
    assert "won by West" in show(store, "best", at=8)
    kinds = [(i["kind"], i["seat"]) for i in rulings(store, "best")["irregularities"]]
    assert ("lead-out-of-turn", "E") in kinds


def test_until_the_next_lead_no_winner_and_no_one_to_lead_and_no_lead_is_out_of_turn(tmp_path, store):
    """transcripts.md: "then whichever of those players leads the next trick is taken to have won
    it, and no lead after it is ruled out of turn (nor is one by a player who could not have won
    it: who was to lead is not known). Until that lead, `show` names no winner and nobody is to
    lead." East's second card not known, on the SK, comes after one not known when he held one
    spade: he did not surely hold one, so it is any of his, a trump perhaps, and could have beaten
    the SK. Before the next lead no winner is named and no one is to lead; North (whose S9 could
    not have won) then leads, and that is no lead out of turn."""
    lines = head("open") + ["play W SA", "play N S8", "unknown E", "play S S3",
                            "play W SK", "play N S9", "unknown E", "play S S4",
                            "play N C8"]
    record(tmp_path, store, lines)
    out = show(store, "open", at=12)
    trick_2 = next(line for line in out.splitlines() if line.startswith("trick  2"))
    assert "won by" not in trick_2
    assert seat_to_play(out) is None
    assert rulings(store, "open")["irregularities"] == []


@pytest.mark.parametrize("leader, card, won", [("E", "CA", "tricks won: NS 0, EW 2"),
                                               ("S", "HA", "tricks won: NS 1, EW 1")])
def test_of_the_players_who_could_have_won_it_the_one_who_leads_next_is_taken_to_have_won(tmp_path, store, leader, card, won):
    """transcripts.md: "whichever of those players leads the next trick is taken to have won it".
    Trick 2: West's C2, North's C6, East's C9 (the best card known), South's card not known. South
    holds one club and has played one card not known: he did not surely hold a club, so his card
    may be a trump and could have beaten the C9. East leading trick 3 takes it for EW, South
    leading takes it for NS; neither lead is out of turn."""
    hand = f"who-{leader.lower()}"
    lines = head(hand) + ["play W SA", "play N S8", "play E S2", "unknown S",
                          "play W C2", "play N C6", "play E C9", "unknown S",
                          f"play {leader} {card}"]
    record(tmp_path, store, lines)
    assert won in show(store, hand)
    assert rulings(store, hand)["irregularities"] == []


# ------------------------------------------------------------------ establishing a revoke

# 3NT by South, West on lead (no trumps: a discard never wins).
NT_PLAY = ["play W D2", "play N D8", "play E DA", "play S D6",    # 1: East's DA
           "play E S2", "play S S7", "play W C2", "play N S8"]    # 2: West holds AKQJ of spades: a revoke; North's S8 wins


def test_duplicate_a_card_not_known_played_to_the_next_trick_establishes_its_sides_revoke(tmp_path, store):
    """transcripts.md: a card not known, "played to the trick after a revoke of its side, it
    establishes that revoke as any card does (L83; duplicate L63A1)"; laws.md: "It is established
    ... when the offender or his partner leads or plays to a later trick (`63A1`) ... Quitting a
    trick ... establish[es] nothing." (2017 L63A1: the revoke becomes established when the
    offender or his partner leads or plays to a following trick.) West's C2 at trick 2 (L61A: a
    failure to follow when able) stays correctable after NS quit it and North leads; East's card
    not known to trick 3 establishes it, at its own event."""
    lines = head("dup", "ruleset=duplicate-2017", "3NT by S") + NT_PLAY + ["quit NS", "play N H9", "unknown E"]
    record(tmp_path, store, lines)
    for at in (11, 13, 14):
        v = revokes_of(rulings(store, "dup", at=at), "W", 2)
        assert len(v) == 1 and v[0]["status"] == "correctable", (at, v)
    v = revokes_of(rulings(store, "dup", at=15), "W", 2)
    assert len(v) == 1 and v[0]["status"] == "established" and v[0]["status_event"] == 15
    assert "63A1" in v[0]["laws"]


def test_1912_strict_a_card_not_known_played_to_the_next_trick_establishes_its_sides_revoke(tmp_path, store):
    """L83: "It becomes an established revoke ... if either the revoking player or his partner,
    whether in turn or otherwise, lead or play to the following trick"; transcripts.md: the card
    not known "establishes that revoke as any card does (L83...)"; laws.md `quitting=strict`:
    "absent means not quitted" (§2K.9). No quit recorded, North leads trick 3 (no trigger: he is
    of the other side), then East's card not known establishes West's revoke, by L83."""
    lines = head("strict", "quitting=strict", "3NT by S") + NT_PLAY + ["play N H9", "unknown E"]
    record(tmp_path, store, lines)
    v = revokes_of(rulings(store, "strict", at=13), "W", 2)
    assert len(v) == 1 and v[0]["status"] == "correctable", v
    v = revokes_of(rulings(store, "strict", at=14), "W", 2)
    assert len(v) == 1 and v[0]["status"] == "established" and v[0]["status_event"] == 14
    assert v[0]["laws"] == ["83"]


# ------------------------------------------------------------------ PBN in and out

PBN = """% PBN 2.1
[Event "Examination night"]
[Board "1"]
[Room "Open"]
[Dealer "S"]
[Deal "N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432"]
[Declarer "S"]
[Contract "4H"]
[Play "W"]
SA S8 S2 -
SK - C9 S4
SQ ST - -
*
"""


def play_lines(transcript: str) -> list[str]:
    return [line.split("#")[0].strip() for line in transcript.splitlines()
            if line.split() and line.split()[0] in ("play", "unknown")]


def play_rows(pbn: str) -> list[list[str]]:
    rows, inside = [], False
    for line in pbn.splitlines():
        if line.startswith("[Play "):
            inside = True
            continue
        if inside:
            if not line.strip() or line.startswith("[") or line.strip().startswith("*"):
                break
            rows.append([t.upper() for t in re.sub(r"\{[^}]*\}", " ", line).split()])
    return rows


def test_pbn_a_dash_in_a_row_before_the_last_or_before_a_card_is_a_card_not_known(tmp_path, store):
    """archives.md: "In the last row that holds a card, a `-` after its last card (in the order of
    play) is so [a card not played]: the play stopped there ... Every other `-`, before a card of
    its row or in a row before the last, is a card played that the record does not know: the line
    `unknown SEAT` ... It is never a card skipped: the cards after it are played after it, in
    their turn". Row 1's `-` (South's, a row before the last) is `unknown S`; row 2's `-` (North's,
    before East's C9 and South's S4) is `unknown N`, the C9 and S4 played after it; row 3's two
    `-` after North's ST are not played. Each trick's winner is its best card known (South and
    North surely held a spade, none beating West's): West leads each row, and nothing is out of
    turn."""
    f = tmp_path / "exam.pbn"
    f.write_text(PBN, encoding="utf-8")
    run("import", str(f), store=store)
    (hand,) = run("list", store=store).stdout.split()
    lines = play_lines(run("export-pbn", hand, "--transcript", store=store).stdout)
    assert lines == ["play W SA", "play N S8", "play E S2", "unknown S",
                     "play W SK", "unknown N", "play E C9", "play S S4",
                     "play W SQ", "play N ST"]
    r = rulings(store, hand)
    assert r["revokes"] == [] and r["irregularities"] == []


def test_export_pbn_writes_a_card_not_known_as_a_dash_and_it_reads_back(tmp_path, store):
    """transcripts.md: "`export-pbn` writes a card not known as `-`." A recorded transcript with
    East's card not known at trick 1 is written with `-` in East's column of the first row; the
    file imported into another store gives `unknown E` again (archives.md: a `-` in a row before
    the last is `unknown SEAT`)."""
    lines = head("out") + ["play W SA", "play N S8", "unknown E", "play S S3",
                           "play W SK", "play N S9", "play E S2", "play S S4"]
    record(tmp_path, store, lines)
    pbn = run("export-pbn", "out", store=store).stdout
    assert '[Play "W"]' in pbn
    rows = play_rows(pbn)
    assert rows[:2] == [["SA", "S8", "-", "S3"], ["SK", "S9", "S2", "S4"]], rows
    f = tmp_path / "back" / "out.pbn"
    f.parent.mkdir()
    f.write_text(pbn, encoding="utf-8")
    other = str(tmp_path / "other.db")
    run("import", str(f), store=other)
    (hand,) = run("list", store=other).stdout.split()
    assert play_lines(run("export-pbn", hand, "--transcript", store=other).stdout) == lines[4:]
