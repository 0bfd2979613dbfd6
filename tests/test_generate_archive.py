"""The benchmark archive generator (bench/generate_archive.py): repeatable, well formed, legally
played except for the revokes it marks, results that fit the play, and written as a stream."""

from __future__ import annotations

import inspect
import os
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
from bench import generate_archive as ga

from bridge.cards import (
    SEATS, Card, Contract, call, card, contract_from_auction, next_seat, partner, read_deal, side_of,
)
from bridge.play import beats


# ---------------------------------------------------------------- reading a generated game back


@dataclass
class Game:
    tags: dict[str, str]
    auction: list[str] = field(default_factory=list)  # the calls, as written
    play: list[list[str]] = field(default_factory=list)  # each trick line's words, as written
    claimed: bool = False


def read_game(text: str) -> Game:
    game = Game({})
    section = None
    for line in text.splitlines():
        assert line.strip(), "a game holds no blank line"
        if line.startswith("["):
            name, value = line[1:-1].split(" ", 1)
            assert value.startswith('"') and value.endswith('"'), line
            game.tags[name] = value[1:-1]
            section = name
        elif line == "*":
            assert section == "Play" and not game.claimed, "'*' closes the play, once"
            game.claimed = True
        elif section == "Auction":
            game.auction += line.split()
        elif section == "Play":
            assert not game.claimed, "no trick after the '*'"
            game.play.append(line.split())
        else:
            raise AssertionError(f"a line outside any section: {line!r}")
    return game


def trick_line(words: list[str]) -> tuple[list[Card], int | None]:
    """A play line's four cards in column order, and the column marked ^R (or None): the mark
    stands before the card it marks, as real PBN files write it."""
    cards_: list[Card] = []
    marked = None
    for i, w in enumerate(words):
        if w == "^R":
            assert marked is None and i + 1 < len(words) and words[i + 1] != "^R", f"^R before one card, once: {words}"
            marked = len(cards_)
        else:
            cards_.append(card(w))
    assert len(cards_) == 4, f"a trick line gives four cards: {words}"
    return cards_, marked


@dataclass
class Replay:
    declarer_tricks: int
    tricks_played: int
    revokes: list[tuple[int, str]]  # (trick, seat) of each ^R-marked card


def replay(game: Game) -> Replay:
    """Plays the game's tricks again from its deal, checking every card as it goes."""
    tags = game.tags
    hands = {s: set(h) for s, h in read_deal(tags["Deal"]).items()}
    declarer = tags["Declarer"]
    strain = tags["Contract"].rstrip("X")
    trump = None if strain.endswith("NT") else strain[-1]
    dummy = partner(declarer)
    play_seat = tags["Play"]
    assert play_seat == next_seat(declarer), "the opening lead is declarer's left's"
    leader = play_seat
    won = 0
    revokes = []
    for t, words in enumerate(game.play):
        column_cards, marked = trick_line(words)
        by_seat = {next_seat(play_seat, i): c for i, c in enumerate(column_cards)}
        if marked is not None:
            revokes.append((t, next_seat(play_seat, marked)))
        order = [next_seat(leader, i) for i in range(4)]  # column order → play order
        led = by_seat[leader].suit
        for s in order:
            c = by_seat[s]
            assert c in hands[s], f"trick {t + 1}: {s} plays {c}, which {s} does not hold"
            could_follow = any(x.suit == led for x in hands[s])
            is_marked = marked is not None and next_seat(play_seat, marked) == s
            if is_marked:
                assert s != leader, f"trick {t + 1}: the ^R card {c} is the lead"
                assert s != dummy, f"trick {t + 1}: dummy ({s}) revokes"
                assert c.suit != led and could_follow, \
                    f"trick {t + 1}: {s}'s ^R card {c} is no failure to follow {led}"
            elif could_follow:
                assert c.suit == led, f"trick {t + 1}: {s} plays {c} holding {led}, unmarked"
            hands[s].remove(c)
        best_seat = leader
        for s in order[1:]:
            c, best = by_seat[s], by_seat[best_seat]
            if beats(c, best, trump):
                best_seat = s
        won += side_of(best_seat) == side_of(declarer)
        leader = best_seat
    return Replay(won, len(game.play), revokes)


def check_game(text: str, board: int) -> Game:
    game = read_game(text)
    tags = game.tags
    assert tags["Event"] == "handrec bench" and tags["Site"] == "generated"
    assert tags["Board"] == str(board)
    assert tags["Dealer"] == SEATS[(board - 1) % 4]
    assert tags["Vulnerable"] == "None" and tags["Room"] == "Open"

    deal = read_deal(tags["Deal"])
    assert tags["Deal"].startswith("N:")
    held = [c for h in deal.values() for c in h]
    assert len(held) == 52 and len(set(held)) == 52
    assert all(len(h) == 13 for h in deal.values())

    # the auction: the declarer's bid is its only bid, and it makes the tagged contract
    assert tags["Auction"] == tags["Dealer"]
    calls = [call(w) for w in game.auction]
    assert calls[-3:] == ["pass"] * 3
    assert sum(c not in ("pass", "X", "XX") for c in calls) == 1
    level, strain, doubling = int(tags["Contract"][0]), tags["Contract"][1:].rstrip("X"), ""
    if tags["Contract"].endswith("X"):
        doubling = "X"
    assert 1 <= level <= 4 and strain in ("C", "D", "H", "S", "NT")
    assert contract_from_auction(tags["Dealer"], calls) == Contract(level, strain, doubling, tags["Declarer"])

    # the play, and a result that fits it
    r = replay(game)
    result = int(tags["Result"])
    if game.claimed:
        assert 1 <= r.tricks_played < 13
        assert r.declarer_tricks <= result <= r.declarer_tricks + 13 - r.tricks_played
    else:
        assert r.tricks_played == 13
        assert result == r.declarer_tricks
    assert len(r.revokes) <= 1
    return game


# ---------------------------------------------------------------- the tests


def test_the_same_seed_gives_the_same_text(tmp_path: Path) -> None:
    first = list(ga.games(200, seed=7, revoke_rate=0.2))
    assert list(ga.games(200, seed=7, revoke_rate=0.2)) == first
    assert list(ga.games(200, seed=8, revoke_rate=0.2)) != first
    # and across processes, whatever their hash seed: the CLI writes the same file
    out = tmp_path / "cli.pbn"
    env = dict(os.environ, PYTHONHASHSEED="12345")
    subprocess.run([sys.executable, str(ROOT / "bench" / "generate_archive.py"), str(out),
                    "--hands", "200", "--seed", "7", "--revoke-rate", "0.2"],
                   check=True, env=env, capture_output=True)
    assert out.read_text(encoding="utf-8") == ga.HEADER + "\n".join(first)


@pytest.mark.parametrize("seed,n,revoke_rate", [(1, 600, 0.01), (2, 300, 1.0), (3, 200, 0.0)])
def test_every_game_is_well_formed_and_legally_played(seed: int, n: int, revoke_rate: float) -> None:
    claims = revokes = 0
    for board, text in enumerate(ga.games(n, seed, revoke_rate), start=1):
        game = check_game(text, board)
        claims += game.claimed
        revokes += any(w == "^R" for line in game.play for w in line)
    assert 0.2 * n < claims < 0.45 * n, "about a third of the hands end in a claim"
    if revoke_rate == 1.0:
        assert revokes == n, "every hand holds its one revoke"
    elif revoke_rate == 0.0:
        assert revokes == 0
    else:
        assert revokes < 0.05 * n


def test_the_file_is_pbn_with_a_blank_line_between_games(tmp_path: Path) -> None:
    path = tmp_path / "out.pbn"
    ga.write(str(path), 50, seed=4)
    text = path.read_text(encoding="utf-8")
    assert text.startswith("% PBN 2.1\n% EXPORT\n[Event ")
    body = text[len(ga.HEADER):]
    assert body == "\n".join(ga.games(50, seed=4))
    parts = body.split("\n\n")
    assert len(parts) == 50 and body.endswith("\n") and not body.endswith("\n\n")
    for board, part in enumerate(parts, start=1):
        check_game(part.rstrip("\n") + "\n", board)


def test_write_streams_one_game_at_a_time(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert inspect.isgeneratorfunction(ga.games)
    assert next(ga.games(10**12)).startswith("[Event ")  # lazy: no list of a trillion games

    made = 0
    real_games = ga.games

    def counting_games(*args, **kwargs):
        nonlocal made
        for text in real_games(*args, **kwargs):
            made += 1
            yield text

    made_at_each_game_written: list[int] = []

    class Spy:
        def __init__(self, f):
            self.f = f

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.f.close()

        def write(self, s: str) -> int:
            if s.startswith("[Event "):
                made_at_each_game_written.append(made)
            return self.f.write(s)

    real_open = open
    monkeypatch.setattr(ga, "games", counting_games)
    monkeypatch.setattr(ga, "open", lambda *a, **k: Spy(real_open(*a, **k)), raising=False)

    path = tmp_path / "stream.pbn"
    ga.write(str(path), 2000, seed=5)
    # the k-th game is written before the (k+1)-th is made: never more than one game is held
    assert made_at_each_game_written == list(range(1, 2001))
    assert path.read_text(encoding="utf-8").count("[Event ") == 2000
