"""Benchmark data: a PBN archive of random, legally played bridge hands, as large as wanted.

Every game is dealt at random (from `random.Random(seed)`, so one seed always gives one file),
bid in the simplest auction that reaches its contract (passes round to the declarer, the
declarer's bid, an optional double, three passes) and played out: each trick led by the last
trick's winner, every player following suit when able. With probability `revoke_rate` a hand
holds one revoke: a player other than dummy once fails to follow suit while holding the suit led;
the card is marked `^R` before it, as real PBN files mark it (realdata's 1997 European Team
Championships Fnoito25.pbn, board 17: `C6 ^R CT S4 SA`, East's CT the revoke). About a third of the hands end in a claim:
the play stops after some tricks, `*` closes it, and [Result] counts the tricks won plus the
claimed rest.

The [Play] section is written as PBN writes it: one line a trick, the cards in SEAT COLUMN
order (the [Play] seat, declarer's left, first, then clockwise), not in the order played.

Games are made and written one at a time; no list of all games is ever built.

    python bench/generate_archive.py OUT.pbn --hands 100000 [--seed 1] [--revoke-rate 0.01]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Iterator

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bridge.cards import FULL_PACK, SEATS, Card, Contract, next_seat, write_deal, side_of  # noqa: E402
from bridge.play import beats  # noqa: E402

HEADER = "% PBN 2.1\n% EXPORT\n"
STRAINS = ("C", "D", "H", "S", "NT")
DOUBLE_RATE = 0.15  # share of contracts that are doubled
CLAIM_RATE = 1 / 3  # share of hands that end early with a claim
MAX_REVOKE_TRIES = 100  # plays tried to place a hand's revoke (one almost always does)

# The pack in a fixed order: a frozenset's order follows the hash seed, a sorted list does not.
PACK: tuple[Card, ...] = tuple(sorted(FULL_PACK))


def _auction(dealer: str, contract: Contract) -> list[str]:
    """Passes round to the declarer, the contract's bid (the only bid, so the declarer is the
    one who first named the strain), a double by the next player if doubled, three passes."""
    calls = ["Pass"] * ((SEATS.index(contract.declarer) - SEATS.index(dealer)) % 4)
    calls.append(f"{contract.level}{contract.strain}")
    if contract.doubling:
        calls.append("X")
    calls += ["Pass"] * 3
    return calls


def _play(rng: random.Random, hands: dict[str, list[Card]], contract: Contract, n_tricks: int,
          revoker: str | None, revoke_from: int) -> tuple[list[dict[str, Card]], list[str], int]:
    """Play `n_tricks` tricks from declarer's left, each led by the last winner.

    `revoker` (or None) revokes once, at the first chance at or after trick `revoke_from`.
    Returns the tricks (seat → card), their winners, and the trick of the revoke (or -1)."""
    trump = contract.trump
    leader = next_seat(contract.declarer)
    tricks: list[dict[str, Card]] = []
    winners: list[str] = []
    revoked_trick = -1
    for t in range(n_tricks):
        trick: dict[str, Card] = {}
        led = None
        best: Card | None = None
        winner = leader
        seat = leader
        for i in range(4):
            held = hands[seat]
            if led is None:
                c = held[rng.randrange(len(held))]
                led = c.suit
            else:
                follow = [x for x in held if x.suit == led]
                if not follow:
                    c = held[rng.randrange(len(held))]
                elif (seat == revoker and revoked_trick < 0 and t >= revoke_from
                      and len(follow) < len(held)):
                    others = [x for x in held if x.suit != led]
                    c = others[rng.randrange(len(others))]
                    revoked_trick = t
                else:
                    c = follow[rng.randrange(len(follow))]
            held.remove(c)
            trick[seat] = c
            if best is None or beats(c, best, trump):
                best, winner = c, seat
            seat = next_seat(seat)
        tricks.append(trick)
        winners.append(winner)
        leader = winner
    return tricks, winners, revoked_trick


def _game(rng: random.Random, board: int, revoke_rate: float) -> str:
    dealer = SEATS[(board - 1) % 4]
    pack = list(PACK)
    rng.shuffle(pack)
    hands = {s: pack[i * 13:(i + 1) * 13] for i, s in enumerate(SEATS)}
    deal = write_deal({s: frozenset(h) for s, h in hands.items()}, "N")

    declarer = rng.choice(SEATS)
    contract = Contract(rng.randint(1, 4), rng.choice(STRAINS),
                        "X" if rng.random() < DOUBLE_RATE else "", declarer)
    n_tricks = rng.randint(1, 12) if rng.random() < CLAIM_RATE else 13
    revoker = None
    if rng.random() < revoke_rate:
        # A player other than dummy revokes once, at his first chance from a random trick on.
        # His chances may never come (his suits run out, the claim comes first): then the
        # play is made again, with another revoker and another trick, until one does revoke.
        for _ in range(MAX_REVOKE_TRIES):
            revoker = rng.choice([s for s in SEATS if s != contract.dummy])
            trial = {s: list(h) for s, h in hands.items()}
            tricks, winners, revoked_trick = _play(rng, trial, contract, n_tricks, revoker,
                                                   rng.randrange(n_tricks))
            if revoked_trick >= 0:
                break
    else:
        tricks, winners, revoked_trick = _play(rng, hands, contract, n_tricks, None, 0)

    declaring = side_of(declarer)
    won = sum(side_of(w) == declaring for w in winners)
    result = won + (rng.randint(0, 13 - n_tricks) if n_tricks < 13 else 0)

    calls = _auction(dealer, contract)
    play_seat = next_seat(declarer)
    columns = [next_seat(play_seat, i) for i in range(4)]
    lines = [
        '[Event "handrec bench"]',
        '[Site "generated"]',
        f'[Board "{board}"]',
        f'[Dealer "{dealer}"]',
        '[Vulnerable "None"]',
        f'[Deal "{deal}"]',
        f'[Declarer "{declarer}"]',
        f'[Contract "{contract.bid}"]',
        f'[Result "{result}"]',
        '[Room "Open"]',
        f'[Auction "{dealer}"]',
    ]
    lines += [" ".join(calls[i:i + 4]) for i in range(0, len(calls), 4)]
    lines.append(f'[Play "{play_seat}"]')
    for t, trick in enumerate(tricks):
        words = []
        for s in columns:
            if t == revoked_trick and s == revoker:
                words.append("^R")
            words.append(str(trick[s]))
        lines.append(" ".join(words))
    if n_tricks < 13:
        lines.append("*")
    return "\n".join(lines) + "\n"


def games(n: int, seed: int = 1, revoke_rate: float = 0.01) -> Iterator[str]:
    """The PBN text of boards 1..n, one game at a time (each ends with a newline)."""
    rng = random.Random(seed)
    for board in range(1, n + 1):
        yield _game(rng, board, revoke_rate)


def write(path: str, n: int, seed: int = 1, revoke_rate: float = 0.01) -> None:
    """Write n games to `path` as a PBN file, each written as soon as it is made."""
    with open(path, "w", encoding="utf-8", newline="\n") as out:
        out.write(HEADER)
        first = True
        for text in games(n, seed, revoke_rate):
            if not first:
                out.write("\n")  # a blank line between games
            out.write(text)
            first = False


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Write a PBN archive of random, legally played hands.")
    parser.add_argument("out", help="the PBN file to write")
    parser.add_argument("--hands", type=int, default=100_000, help="how many hands (default 100000)")
    parser.add_argument("--seed", type=int, default=1, help="the random seed (default 1)")
    parser.add_argument("--revoke-rate", type=float, default=0.01,
                        help="the chance that a hand holds one revoke (default 0.01)")
    args = parser.parse_args(argv)
    if args.hands < 0:
        parser.error("--hands must be at least 0")
    if not 0.0 <= args.revoke_rate <= 1.0:
        parser.error("--revoke-rate must be between 0 and 1")
    start = time.perf_counter()
    write(args.out, args.hands, args.seed, args.revoke_rate)
    print(f"wrote {args.hands} hands to {args.out} in {time.perf_counter() - start:.2f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
