"""Where a card played goes: to the trick in progress, to the trick whose card it replaces (L86),
to the trick its player missed (L81), to a trick of its own; when a trick counts as turned and
quitted without a word (§2K.9) or is open again (a claim played out); and what the laws' decisions
do to a premature card (taken up, put back at its turn, made the next trick's lead: L57, L60A2).
The table's fold of a card played (`projections.table`) asks here; nothing here judges the card.
"""

from __future__ import annotations

from bridge.cards import UNKNOWN_CARD, Card, side_of
from bridge.play import CLOCKWISE

from .codes.family import PlayAfterClaim
from .tricks import Play, Trick

# (`Table` in the annotations is `projections.table.Table`, which imports this module: named, not imported.)


def quit_implicitly(table: Table, event: int, end_of_play: bool = False) -> None:
    """§2K.9 default: a trick not recorded as quitted counts as turned and quitted by its rightful
    winners just before the next lead (or the end of the play)."""
    # (A ruleset without the option, a duplicate code's, reads the record's quits as implicit.)
    if table.kept_settings().get("quitting", "implicit") != "implicit" or not table.tricks:
        return
    t = table.tricks[-1]
    if not t.quitted and (t.complete or (end_of_play and t.cards)):
        w = t.winner(table.trump)
        if w:
            t.quitted_by, t.quitted_at, t.quit_implicit = side_of(w), event, True


def put_cards(table: Table, seat: str, played: list[Card], event: int) -> None:
    hand = table.hands[seat]
    shown = table.shown[seat]
    for c in played:
        if hand is not None:
            hand.discard(c)
        if c is not UNKNOWN_CARD:
            shown.append(c)
    t = table.current
    owed = None if table.all_plain else owes_card_to(table, seat)  # (none is owed while all are plain)
    if owed is not None and table.owed_to.get(seat) == owed.number:
        del table.owed_to[seat]  # (the card put in place of the one withdrawn: owed no longer)
    if owed is None and t is not None and t.plain and len(played) == 1:
        # Most cards: one card to the plain trick in progress (the loop below, for that case).
        already = seat in t.seats
        t.add(Play(seat, played[0], event, already, not t.plays))  # (surplus, led)
        if already:
            not_plain(table, t)
        return
    if owed is not None:
        # L86: the card that replaces a withdrawn one goes to the same trick, quitted or not.
        t = owed
    if t is None and len(played) == 1:
        missed = just_missed(table, seat)
        if missed is not None:
            # L81: the player who missed the trick just quitted puts it right before anyone plays
            # to the next: his card goes to it (he is not its winner, so this is no lead).
            missed.add(Play(seat, played[0], event, put_right=True))
            return
    if t is None:
        short = missed_trick_of(table, seat)
        if short is not None:
            # L81: the card left over at the end counts as played to the short trick.
            for c in played:
                short.add(Play(seat, c, event, leftover=True))
            return
        quit_implicitly(table, event)
        t = Trick(len(table.tricks) + 1)
        table.tricks.append(t)
    for i, c in enumerate(played):
        replaces = t is owed and i == 0
        already = (seat in t.seats and not replaces) or i > 0
        # the first live card of the trick (every card of a plain trick is live)
        led = not t.plays if t.plain else not any(p.live for p in t.plays)
        t.add(Play(seat, c, event, surplus=already, led=led, replaces=replaces))
        if already or replaces:
            not_plain(table, t)


def claim_played_out(table: Table) -> None:
    """A card played after a claim: the claim was not accepted, the hand is being played out
    (L72), and the play decides. Under a duplicate code, a card played once the board is over (the
    cut) with a claim standing plays nothing out: no one objected to the claim before the board
    ended, so it is agreed (L69A) and stands, and the card is no play of the board (`after_the_board`)."""
    if not table.claims_played_out or table.claims_played_out[-1] != table.claim:
        table.claims_played_out.append(table.claim)  # type: ignore[arg-type]
    c = table.last_claim
    if c is not None and c.event == table.claim[2] and c.played_on_at is None:  # type: ignore[index]
        c.played_on_at = table.at
    if after_the_board(table) or _stands_over_play(table):
        return
    claim_set_aside(table)


def _stands_over_play(table: Table) -> bool:
    """Whether the claim stands though cards were played after it, by the code's laws: 2017, no one
    having doubted it before ("After any claim or concession, play is suspended", L68D; no play
    continued by agreement, L68D2(b)); 2007, play having to cease, the play after it evidence
    (L68D, L70D3). The board is then scored on the claim (L69A) unless the Director adjudicates it."""
    c, mode = table.last_claim, table.code.play_after_claim
    return mode == PlayAfterClaim.EVIDENCE or (
        mode == PlayAfterClaim.VOID_IF_DOUBTED and c is not None and not c.void_by_play(table.code))


def after_the_board(table: Table) -> bool:
    """Whether a card played now is played after the board ended with a claim standing (the cut,
    duplicate L69A: the claim is agreed once no one objected before the board's end): no play of the
    board, nothing of it ruled, the claim deciding the tricks."""
    return table.claim is not None and table.cut_at is not None and table.code.family.claim_agreed_when_board_ends


def claim_set_aside(table: Table) -> None:
    """The claim no longer stands (played out, or void: duplicate L68B2): the trick in progress at
    it, which it had quitted, is open again."""
    at = table.claim[2]  # type: ignore[index]
    table.claim = None
    last = table.tricks[-1] if table.tricks else None
    if last is not None and last.quit_implicit and last.quitted_at == at and not last.complete:
        last.quitted_by, last.quitted_at, last.quit_implicit = None, None, False


def not_plain(table: Table, t: Trick) -> None:
    """A card taken back from the trick, or added by a seat that had played to it: no longer plain."""
    t.plain = False
    table.all_plain = False


def owes_card_to(table: Table, seat: str) -> Trick | None:
    """The trick this seat withdrew a card from (not a lead) and has not yet replaced, while
    neither he nor his partner has played to a later trick; or the trick the laws send his next
    card to in place of one he withdrew to correct a revoke after later plays (L62C3, L62D1:
    `Table.owed_to`)."""
    owed = table.owed_to.get(seat)
    if owed is not None:
        return table.tricks[owed - 1]
    mate = CLOCKWISE[seat][2]  # his partner
    for t in reversed(table.tricks):
        if t.plain:
            # Every card of a plain trick is live and none was taken back: only its seats count.
            seats = t.seats
            if seat in seats or mate in seats:
                return None
            continue
        if any(p.live and p.seat == seat for p in t.plays):
            return None
        if any(p.seat == seat and p.withdrawn_at is not None and not p.led and p.substitute_owed for p in t.plays):
            return t
        if mate in t.seats:
            return None
    return None


def just_missed(table: Table, seat: str) -> Trick | None:
    """The last trick, quitted short without a card of this seat's, before the next is begun."""
    if not table.tricks or len(table.tricks) >= 13 or table.play_over:
        return None
    t = table.tricks[-1]
    if t.quitted and not t.complete and t.cards and seat not in t.seats:
        return t
    return None


def missed_trick_of(table: Table, seat: str) -> Trick | None:
    """The quitted trick this seat contributed no card to, once all thirteen tricks are played."""
    if len(table.tricks) < 13 or not (table.tricks[-1].quitted or table.tricks[-1].complete):
        return None
    for t in table.tricks:
        if t.quitted and seat not in t.seats and t.cards:
            return t
    return None


def put_right_to(table: Table, t: Trick, seat: str, c: Card, n: int) -> None:
    """The card a player who missed trick `t` adds to it. Under a code whose Director places it
    once both sides have played on (duplicate L67B1) it does not affect who won the trick."""
    hand = table.hands[seat]
    if hand is not None:
        hand.discard(c)
    table.shown[seat].append(c)
    placed = table.code.placed_card_owns_nothing and both_sides_played_on(table, t)
    t.add(Play(seat, c, n, put_right=True, placed=placed))


def both_sides_played_on(table: Table, t: Trick) -> bool:
    """Whether a player of each side has played to the trick after `t` (duplicate L67: the line
    between the defective trick put right, A, and the Director's rectification, B), cards put to it
    to right a trick missed apart."""
    if len(table.tricks) <= t.number:
        return False
    sides = {side_of(p.seat) for p in table.tricks[t.number].plays if not (p.put_right or p.leftover)}
    return len(sides) == 2


def take_up(table: Table, event: int, seat: str) -> None:
    """The laws say the card played at this event is no card of its trick but a penalty card
    lying face up before its player (a defender's premature lead or play, L57A, L57D, L60B): it
    is back among the cards he holds, and he owes the trick no card in its place but his own
    at his turn. The rulings decide it (`Decided.taken_up`); `projections.moment` carries it out here."""
    for t in reversed(table.tricks):
        for p in t.plays:
            if p.event == event and p.seat == seat and p.live:
                p.withdrawn_at, p.substitute_owed = event, False
                not_plain(table, t)
                t.reread()
                held = table.hands[p.seat]
                if held is not None:
                    held.add(p.card)
                return


def put_back(table: Table, event: int) -> None:
    """The laws say the card taken up at this event counts in its trick now, at its player's
    proper turn (L57D "played at his proper turn"; a major penalty card at the first legal
    opportunity, L50D1): played after the cards played since. The rulings decide it
    (`Decided.put_back`); `projections.moment` carries it out."""
    for t in reversed(table.tricks):
        for i, p in enumerate(t.plays):
            if p.event == event and p.withdrawn_at == event:
                p.withdrawn_at, p.substitute_owed = None, True
                t.plays.append(t.plays.pop(i))
                p.led = not any(q.live for q in t.plays[:-1])
                t.reread()
                held = table.hands[p.seat]
                if held is not None:
                    held.discard(p.card)
                return


def lead_next(table: Table, lead: int, seat: str, event: int) -> None:
    """The laws say the card led prematurely to the next trick at event `lead` is treated as
    though led in turn, the opponent's (`seat`) play at `event` having forfeited its rectification
    (L60A1, L60A2): the two make the next trick, played to while the trick they were put to is
    finished (`Table.open_before`). The rulings decide it (`Decided.lead_next`); `projections.moment`
    carries it out."""
    t = table.tricks[-1]
    led = next((p for p in t.plays if p.event == lead), None)
    if led is None or led.lifted_at is not None:
        return  # (a card the record took back to its player's hand is in no trick: one card, one place)
    moved = [p for p in t.plays if p.event == event and p.seat == seat]
    t.plays = [p for p in t.plays if p is not led and p not in moved]
    t.reread()
    led.withdrawn_at, led.substitute_owed, led.led, led.surplus = None, True, True, False
    held = table.hands[led.seat]
    if held is not None:
        held.discard(led.card)
    for p in moved:
        p.surplus, p.led = False, False
    table.tricks.append(Trick(t.number + 1, [led, *moved]))
    table.open_before = t.number


def name_surplus(table: Table, seat: str, c: Card) -> None:
    """`c`, one of the seat's cards in one trick, is the surplus one (L70, L82): his first other card
    there counts."""
    for t in reversed(table.tricks):
        mine = [p for p in t.plays if p.live and p.seat == seat]
        if any(p.card == c for p in mine):
            if len(mine) < 2:
                return  # his only card there: nothing is surplus
            counted = False
            for p in mine:
                p.surplus = p.card == c or counted
                counted = counted or not p.surplus
            not_plain(table, t)
            t.reread()
            return


def places(table: Table) -> list[tuple[Card, tuple]]:
    """Where each card is as the record last put it, one entry a place it lies in (a card in two
    places appears twice): in a hand, `("hand", seat)` (a card exposed or taken back in it); in
    a trick, `("trick", number, seat)` (a live card: played, not taken back); face up before its
    player, `("before", seat)` (a premature card the rulings took up from its trick, which the
    record has not moved since: `Play.taken_up`). A card the laws keep in a trick after it was
    taken back (L63B, L47F2, L52A) is in its player's hand or wherever he played it next, the law
    counting it where it kept it; a card not known is nowhere. The recorder's `Pack` holds the same
    places: a trick's and the card before its player are its cards on the table."""
    out: list[tuple[Card, tuple]] = []
    before = {(p.seat, p.card) for t in table.tricks for p in t.plays if p.taken_up}
    for s, held in table.hands.items():
        for c in held or ():
            out.append((c, ("before", s) if (s, c) in before else ("hand", s)))
    for t in table.tricks:
        for p in t.plays:
            if p.live and p.card is not UNKNOWN_CARD:
                out.append((p.card, ("trick", t.number, p.seat)))
    for s, c in before:
        if table.hands[s] is None:
            out.append((c, ("before", s)))
    return out
