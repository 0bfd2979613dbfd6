"""Random hands for property tests and benchmarks: a real deal, play that follows the
rotation mostly legally, with revokes, questions, quits by either side, corrections and leads
out of turn mixed in. Every act is physically possible, so every transcript records."""

from __future__ import annotations

import random

from bridge.cards import FULL_PACK, SEATS, Card, Contract, next_seat, write_deal, partner, side_of, sorted_hand
from bridge.play import beats


def random_transcript(rng: random.Random, hand_id: str = "prop", irregular: float = 0.15,
                      options: str = "") -> str:
    pack = sorted(FULL_PACK)
    rng.shuffle(pack)
    hands = {s: set(pack[i * 13:(i + 1) * 13]) for i, s in enumerate(SEATS)}
    declarer = rng.choice(SEATS)
    strain = rng.choice(["C", "D", "H", "S", "R", "NT"])
    contract = Contract(rng.randint(1, 7), strain, rng.choice(["", "X", "XX"]), declarer)
    trump = contract.trump
    lines = [f"hand {hand_id} {options}".strip(), f"dealer {rng.choice(SEATS)}",
             "deal " + write_deal({s: frozenset(h) for s, h in hands.items()}),
             f"contract {contract}"]
    leader = next_seat(declarer)
    for _ in range(13):
        trick: list[tuple[str, Card]] = []
        seat = leader
        if rng.random() < irregular / 3:
            seat = rng.choice(SEATS)  # a lead out of turn
        for i in range(4):
            s = next_seat(seat, i)
            held = sorted_hand(hands[s])
            if not held:
                break
            led = trick[0][1].suit if trick else None
            follow = [c for c in held if c.suit == led]
            if follow and rng.random() > irregular:
                c = rng.choice(follow)
            else:
                c = rng.choice(held)
            hands[s].discard(c)
            trick.append((s, c))
            lines.append(f"play {s} {c}")
            if led and c.suit != led and follow:
                # a revoke: sometimes a question, an answer, a correction
                if rng.random() < 0.5:
                    asker = partner(s)
                    if rng.random() < 0.2:
                        asker = rng.choice(SEATS)
                    lines.append(f"ask {asker} {s}")
                    if rng.random() < 0.7:
                        lines.append(f"answer {s} {rng.choice(['yes', 'no'])}")
                if rng.random() < 0.3:
                    lines.append(f"withdraw {s} {c}")
                    hands[s].add(c)
                    c2 = rng.choice(follow)
                    hands[s].discard(c2)
                    trick[-1] = (s, c2)
                    lines.append(f"play {s} {c2}")
        if len(trick) < 4:
            break
        led = trick[0][1].suit
        best = trick[0]
        for s, c in trick[1:]:
            if beats(c, best[1], trump):
                best = (s, c)
        winners = side_of(best[0])
        r = rng.random()
        if r < 0.5:
            lines.append(f"quit {winners}")
        elif r < 0.5 + irregular / 2:
            lines.append(f"quit {'EW' if winners == 'NS' else 'NS'}")
        if rng.random() < irregular / 4:
            lines.append("note trick over")
        leader = best[0]
    if rng.random() < 0.5:
        lines.append(f"elect {declarer} {rng.choice(['points', 'tricks', 'exposed', 'lowest'])}")
    if rng.random() < 0.3:
        lines.append(f"attention {partner(declarer)} who trumped that?")
    if rng.random() < 0.5:
        lines.append("cut")
    return "\n".join(lines) + "\n"
