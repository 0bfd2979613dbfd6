"""How far to believe a failure to follow suit in an imported record: a real revoke, or a slip of
the operator who recorded the play.

The law rules on the record as it stands (`projections.rulings`); this judges the record. For each
failure to follow suit it gathers named evidence, each item checkable against the record, and
gives a verdict:

- `likely-revoke`: only evidence that the failure happened at the table;
- `likely-recording-slip`: only evidence that the record is wrong;
- `undecided`: both, or neither.

The evidence, and why each item points where it does:

| item | points to | why |
|---|---|---|
| `several-in-one-trick` | slip | two players renouncing in one trick is far likelier a misplaced column |
| `transposition-between-tricks` | slip (tricks next to each other), else neither | swapping the card with another of the same player's makes the whole play legal; tricks apart, a revoke the player later followed in would look the same |
| `transposition-in-trick` | slip | swapping two players' cards of the trick makes the whole play legal |
| `dummy` | slip | dummy's cards lie face up: a failure of dummy's is seen by all four |
| `follows-at-next-opportunity` | slip | the player's very next card is of the suit he renounced: the record's order, not the play |
| `marked-in-record` | revoke | the record marks the revoker's card of the trick `^R` (by the trick alone in a store written before marks were kept by their card) |
| `note-speaks-of-revoke` | revoke | the record's commentary speaks of a revoke |
| `result-agrees-with-transfer` | revoke | the source's result is the play's after the trick transfer of the Laws of Duplicate Bridge (L64) |
| `result-agrees-with-play` | slip | the source's result is the play's, with no transfer, though the revoke was established |
| `result-agrees-with-neither` | neither | said, for the analyst |
| `contract-not-the-auctions` | neither | the record's contract is not its own auction's: with another trump or declarer another player may win a trick and lead the next, and a play read in that order finds failures that were not there; said, for the analyst |
| `same-at-other-table` | slip | the same failure on the same deal at the other table: a copied slip |

A result is judged only where it is the source's own: a play recorded to the end, or a source
result the record keeps because it differs from the play (`tag Result`); a claim made from the
source's result agrees with it by construction and says nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from bridge.cards import SUIT_BITS, SUIT_NAMES, Card, bits, contract_from_auction, side_of
from bridge.play import follows
from bridge.tags import FAULT_TAG, record_marks

from .moment import Moment
from .rulings.state import RevokeKind, RevokeStatus
from .table import Table
from .tricks import Trick

SLIP, REVOKE, NEITHER = "slip", "revoke", "neither"
REVOKE_WORDS = ("revok", "renonc", "renounce", "revoc", "^r")


@dataclass(frozen=True)
class Evidence:
    name: str
    points_to: str  # slip · revoke · neither
    detail: str

    def as_json(self) -> dict[str, str]:
        return {"name": self.name, "points_to": self.points_to, "detail": self.detail}


def verdict(evidence: Iterable[Evidence]) -> str:
    towards = {e.points_to for e in evidence}
    if SLIP in towards and REVOKE not in towards:
        return "likely-recording-slip"
    if REVOKE in towards and SLIP not in towards:
        return "likely-revoke"
    return "undecided"


# ---------------------------------------------------------------- the play as the record gives it


def _played(t: Trick) -> list[tuple[str, Card]]:
    """The trick's cards in law, in the order played: (seat, card)."""
    return [(p.seat, p.card) for p in t.cards]


class _Play:
    """The play as `tricks` give it, from the deal: its failures to follow suit, (trick, seat), or
    None when a hand is not known or a card is not in its player's hand (the swap cannot be); and
    each hand as it was before each trick, kept so that a swap of cards is judged by playing again
    only the tricks it changes. A hand is a bit set of its cards (`bridge.cards.bits`): kept for
    every trick at the cost of four ints."""

    def __init__(self, table: Table, tricks: list[list[tuple[str, Card]]]) -> None:
        self.failures: list[tuple[int, str]] | None = None
        self.before: list[dict[str, int]] = []
        if any(h is None for h in table.dealt.values()):
            return
        held = {s: bits(h) for s, h in table.dealt.items()}  # type: ignore[arg-type]
        failures: list[tuple[int, str]] = []
        for n, cards in enumerate(tricks, start=1):
            self.before.append(dict(held))
            failed = _play_trick(held, cards)
            if failed is None:
                return
            failures += [(n, seat) for seat in failed]
        self.failures = failures

    def legal_with(self, swapped: list[list[tuple[str, Card]]], lo: int, hi: int) -> bool:
        """Whether the whole play is legal with `swapped` played instead, which differs from it in
        tricks lo..hi alone, each seat playing in them the cards he played there (a swap between
        tricks; a swap in a trick puts a card in a hand that does not hold it, and is never legal).
        The tricks before lo and after hi are played from the same hands, and fail where they failed."""
        if self.failures is None:
            return False
        for t, _ in self.failures:
            if t < lo or t > hi:
                return False
        if lo < hi < len(self.before):
            # Trick hi first: each seat plays in lo..hi the cards he played there, so he holds after
            # hi what he held after it (`before[hi]`), and before it that and his cards of hi. The
            # swapped card mostly fails there (the revoke trick, after the tricks before it): no
            # need to play those. (Played in order below, the tricks reach hi so or fail earlier.)
            held = dict(self.before[hi])
            for seat, card in swapped[hi - 1]:
                held[seat] |= card.bit
            if _play_trick(held, swapped[hi - 1]) != []:
                return False
        held = dict(self.before[lo - 1])
        for n in range(lo, hi + 1):
            if _play_trick(held, swapped[n - 1]) != []:
                return False
        return True


def _play_trick(held: dict[str, int], cards: list[tuple[str, Card]]) -> list[str] | None:
    """The seats that fail to follow suit (`bridge.play.follows`) in a trick of these cards, played
    from these hands (the cards then leave them); None, nothing played, when a card is not in its
    player's hand."""
    if not cards:
        return []
    for seat, card in cards:
        if not held[seat] & card.bit:
            return None
    led = cards[0][1].suit
    of_led = SUIT_BITS[led]  # (the lead follows its own suit: every card is asked, the lead too)
    failed = [seat for seat, card in cards if not follows(card, led, held[seat] & of_led)]
    for seat, card in cards:
        held[seat] &= ~card.bit
    return failed


def _place(cards: list[tuple[str, Card]], seat: str) -> int | None:
    """Where the seat's first card is among a trick's cards (None: he has none in it)."""
    for i, (s, _) in enumerate(cards):
        if s == seat:
            return i
    return None


def _swaps_between_tricks(tricks: list[list[tuple[str, Card]]], n: int, seat: str) -> Iterable[tuple[int, list]]:
    """The play with the seat's card in trick n swapped with his card in each other trick: each a
    new list whose two changed tricks are copies, the others the play's own (to be read only)."""
    mine = _place(tricks[n - 1], seat)
    if mine is None:
        return
    for m, cards in enumerate(tricks, start=1):
        if m == n:
            continue
        other = _place(cards, seat)
        if other is None:
            continue
        swapped = list(tricks)  # (the other tricks as they are: only these two are copied to change)
        swapped[n - 1], swapped[m - 1] = list(tricks[n - 1]), list(cards)
        a, b = swapped[n - 1][mine][1], swapped[m - 1][other][1]
        swapped[n - 1][mine] = (seat, b)
        swapped[m - 1][other] = (seat, a)
        yield m, swapped


def _swaps_in_trick(tricks: list[list[tuple[str, Card]]], n: int, seat: str) -> Iterable[tuple[str, list]]:
    """The play with the seat's card in trick n swapped with each other player's card of it."""
    cards = tricks[n - 1]
    mine = _place(cards, seat)
    if mine is None:
        return
    for i, (other, _) in enumerate(cards):
        if i == mine:
            continue
        swapped = list(tricks)  # (the other tricks as they are: only this one is copied to change)
        swapped[n - 1] = changed = list(cards)
        changed[mine] = (seat, cards[i][1])
        changed[i] = (other, cards[mine][1])
        yield other, swapped


# ---------------------------------------------------------------- the result


def _declarer_tricks(table: Table) -> int | None:
    contract = table.contract
    if contract is None:
        return None
    won = table.won()
    side = side_of(contract.declarer)
    if table.claim is not None:
        seat, n, _ = table.claim
        return won[side] + (n if side_of(seat) == side else (13 - sum(won.values()) - n))
    return won[side] if sum(won.values()) == 13 else None


def transfer(table: Table, revoke: dict[str, Any]) -> int:
    """The tricks the Laws of Duplicate Bridge (2017, L64A) transfer for an established revoke:
    two when the offender won the revoke trick and his side won a later one, one when his side won
    the revoke trick or a later one, else none."""
    side = side_of(revoke["seat"])
    trump = table.trump
    winners = [t.winner(trump) for t in table.tricks if t.complete]
    n = revoke["trick"]
    if len(winners) < n:
        return 0
    revoke_winner = winners[n - 1]
    later = [w for w in winners[n:] if w and side_of(w) == side]
    if revoke_winner == revoke["seat"]:
        return 1 + (1 if later else 0)
    if (revoke_winner and side_of(revoke_winner) == side) or later:
        return 1
    return 0


def _result(table: Table, revoke: dict[str, Any]) -> Evidence | None:
    played = _declarer_tricks(table)
    if played is None or table.contract is None or table.tags.get(FAULT_TAG):
        return None  # (a faulty record holds the play only up to its fault: the source's result is the whole's)
    said = table.tags.get("Result", "").strip()
    if said.isdigit():
        source = int(said)  # the source's own, kept because it differs from the record
    elif table.claim is None and table.source.get("file"):
        source = played  # the play recorded to the end: the record is the source's result
    else:
        return None
    if revoke["status"] != RevokeStatus.ESTABLISHED or revoke["kind"] != RevokeKind.REVOKE:
        return None
    moved = transfer(table, revoke)
    offending_is_declarer = side_of(revoke["seat"]) == side_of(table.contract.declarer)
    after = played - moved if offending_is_declarer else played + moved
    if moved and source == after:
        return Evidence("result-agrees-with-transfer", REVOKE,
                        f"the source's result, {source} tricks, is the play's {played} after a transfer of {moved} (L64)")
    if source == played:
        return Evidence("result-agrees-with-play", SLIP,
                        f"the source's result, {source} tricks, is the play's, with no trick transferred")
    return Evidence("result-agrees-with-neither", NEITHER,
                    f"the source's result, {source} tricks, is neither the play's {played} nor {after} after a transfer")


def _contract_not_the_auctions(table: Table) -> Evidence | None:
    """The record's contract, when it is not the one its own auction ends in (its level, trump or
    declarer): an archive's `[Contract]` written wrong, or its auction. Which is right the record
    does not say; the failure may be the other's reading of the play."""
    if not table.calls or table.dealer is None or table.contract is None:
        return None
    bid, c = contract_from_auction(table.dealer, table.calls), table.contract
    if bid is None or (bid.level, bid.trump, bid.declarer) == (c.level, c.trump, c.declarer):
        return None
    return Evidence("contract-not-the-auctions", NEITHER,
                    f"the record's contract, {c}, is not its auction's, {bid}: with another trump or declarer "
                    f"another player may win a trick and lead the next")


# ---------------------------------------------------------------- the evidence


def evidence(moment: Moment, revoke: dict[str, Any], rulings: dict[str, Any],
             twins: Iterable[dict[str, Any]] = ()) -> list[Evidence]:
    """The evidence on one failure to follow suit (a revoke of `rulings`, this moment's rulings
    JSON); `twins`: the rulings of the same deal at the other table(s)."""
    table = moment.table
    out: list[Evidence] = []
    n, seat = revoke["trick"], revoke["seat"]
    others = [r for r in rulings["revokes"] if r["trick"] == n and r["seat"] != seat]
    if others:
        out.append(Evidence("several-in-one-trick", SLIP,
                            f"{', '.join(r['seat'] for r in others)} also failed to follow in trick {n}"))
    tricks = [_played(t) for t in table.tricks]
    play = _Play(table, tricks)
    if play.failures:
        for m, swapped in _swaps_between_tricks(tricks, n, seat):
            if play.legal_with(swapped, min(m, n), max(m, n)):
                # Next to each other, a slip of the pen; far apart, a revoke the player later
                # "mended" by following suit would look the same: said, weighing nothing.
                near = abs(m - n) == 1
                out.append(Evidence("transposition-between-tricks", SLIP if near else NEITHER,
                                    f"with {seat}'s cards of tricks {n} and {m} swapped, the whole play is legal"
                                    + ("" if near else " (tricks apart: a revoke would look the same)")))
                break
        for other, swapped in _swaps_in_trick(tricks, n, seat):
            if play.legal_with(swapped, n, n):
                out.append(Evidence("transposition-in-trick", SLIP,
                                    f"with {seat}'s and {other}'s cards of trick {n} swapped, the whole play is legal"))
                break
    if revoke["kind"] == RevokeKind.DUMMY:
        out.append(Evidence("dummy", SLIP, f"the card is dummy's ({seat}), face up for all to see"))
    following = next((card for cards in tricks[n:] for s, card in cards if s == seat), None)
    if following is not None and following.suit == revoke["suit"]:
        out.append(Evidence("follows-at-next-opportunity", SLIP,
                            f"{seat}'s next card, {following}, is a {SUIT_NAMES[revoke['suit']][:-1]}"))
    # (The revoker's card of the trick the record marks; by the trick alone where a store written
    # before kept no seat: a `^R` before another player's card is no evidence of this revoke.)
    if any(m.token == "^R" and m.trick == n and m.seat in (None, seat) for m in record_marks(table.source)):
        out.append(Evidence("marked-in-record", REVOKE, f"the record marks trick {n} with ^R"))
    spoken = [text for _, text, _ in table.notes if any(w in text.lower() for w in REVOKE_WORDS)]
    if spoken:
        out.append(Evidence("note-speaks-of-revoke", REVOKE, f"the record's commentary: '{spoken[0][:80]}'"))
    result = _result(table, revoke)
    if result is not None:
        out.append(result)
    contract = _contract_not_the_auctions(table)
    if contract is not None:
        out.append(contract)
    for twin in twins:
        same = [r for r in twin["revokes"] if (r["seat"], r["trick"], r["card"]) == (seat, n, revoke["card"])]
        if same:
            out.append(Evidence("same-at-other-table", SLIP,
                                f"{twin['hand']} records the same failure ({seat}'s {revoke['card']} in trick {n})"))
            break
    return out


def judged(moment: Moment, twins: Iterable[Moment] = (), rulings: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """Every failure to follow suit of the record with its verdict and evidence (the dummy's too);
    `rulings`: the moment's rulings JSON when the caller has it already (`Moment.rulings`)."""
    twin_rulings = [twin.rulings() for twin in twins]
    rulings = moment.rulings() if rulings is None else rulings
    out = []
    for r in rulings["revokes"]:
        if r["kind"] == RevokeKind.DEEMED:
            continue  # a direction not obeyed is no failure to follow suit
        found = evidence(moment, r, rulings, twin_rulings)
        out.append({"seat": r["seat"], "trick": r["trick"], "card": r["card"], "verdict": verdict(found),
                    "evidence": [e.as_json() for e in found]})
    return out


def twin_ids(hand_id: str, source: dict[str, str]) -> list[str]:
    """The ids the same deal has at the other table of an imported match (Open and Closed rooms)."""
    room = source.get("room", "")
    other = {"Open": "Closed", "Closed": "Open"}.get(room)
    if not other or not hand_id.endswith("/" + room):
        return []
    return [hand_id[: -len(room)] + other]



