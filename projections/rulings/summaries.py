"""What each law a ruling cites requires, in our own words (never a copy of a published text):
the summary a ruling report prints beside the law's number. One or two sentences a law, present
tense, saying who may or must do what and what follows.

- `auction-1912`: the Whist Club of New York's Laws of Auction Bridge, November 1912, as printed in
  M. C. Work, *Auction of To-day* (1913), checked against ../shared/docs/laws-1912.md and the seed
  excerpt of Laws 81-85.
- `duplicate-2017`: the Laws of Duplicate Bridge 2017 (WBF; the ACBL edition reads the same here).
- `duplicate-2007`, `duplicate-1997`: only the laws whose text differs in substance from 2017's (or
  has another number); every other law falls back to 2017 (the code's `summaries_from`,
  `projections.codes`). Where a paragraph 2017 has does not exist in the older code, the older
  code says so, so that no 2017 text is shown for it.

`summary(code, law)` finds a law as the rulings cite it ('83', '84b', '64A1'); a paragraph with no
summary of its own gets its law's ('64A1' -> '64A' -> '64').
"""

# The 1912 numbers: every number the code cites is in laws-1912.md (Law 68 only inside the range
# "L67-69"); none was left out. Beside the list asked for, 12, 13 (rubber.py) and 64 (irregularities.py)
# are covered because the code cites them too. By the 1912 text Law 7 is slam (40) and Law 8 little
# slam (20), and Law 5 only names the honors while Law 6 values them, in suit and no trump alike.
#
# Not covered, no source confirming the older wording was found: 1997 L61 (who may ask), L62 (its C3
# and D2), L64A1 (whether a trick won in dummy counts as won by declarer), L64B2-B3 and L77; 2007 L12C
# and L62D2. Those fall back to 2017.

from __future__ import annotations

from typing import Any, Sequence

from ..codes import code_of
from .state import RevokeStatus

SUMMARIES: dict[str, dict[str, str]] = {
    "auction-1912": {
        # Scoring
        "4": ("When declarer makes his bid, each trick he wins over six counts toward game: 2 points in spades, 6 in "
              "clubs, 7 in diamonds, 8 in hearts, 9 in royal spades and 10 at no trump."),
        "5": "The honors are the ace, king, queen, jack and ten of trumps; at no trump they are the four aces.",
        "6": ("Honors score in the honor column for the side that held them, contract or defence: in a suit from twice "
              "to ten times the trick value, by how many are held and how they lie; at no trump 30 or 40 for three or "
              "four aces between partners, 100 for four in one hand."),
        "7": ("A side that wins all thirteen tricks (seven by cards) scores slam, 40 in the honor column; tricks taken "
              "as a revoke penalty do not count toward it, and a revoking side cannot score it."),
        "8": ("A side that wins twelve tricks (six by cards) scores little slam, 20 in the honor column, on the same "
              "terms as slam: no penalty tricks count, and a revoking side cannot score it."),
        "9": ("Chicane, a hand with no trumps, is worth simple honors: added to its side's honors, or taken off the "
              "opponents' if they score honors. Double chicane is worth four honors, taken off the opponents' score."),
        "12": ("A proven error in the honor score may be corrected until the rubber's score has been made up and "
               "agreed."),
        "13": ("A proven error in the trick score may be corrected until its game is over, that is until a bid is made "
               "in the next game (for the rubber's last game, until the score is agreed)."),
        "38": ("If three hands are right and the fourth finds he is short only after he has played, the deal stands; "
               "unless he is dummy he answers for any established revoke as if he held the missing cards, which any "
               "player may look for in the other pack."),
        "47": ("A declarer who wins at least the tricks he bid scores every trick over six toward game. If he falls "
               "short no one scores toward game, and the adversaries score 50 in the honor column for each trick short "
               "(100 doubled, 200 redoubled)."),
        "48": ("The dealer's opening bid of one spade, left to stand, can lose him at most 100 points, doubled or not, "
               "but the limit goes if it is redoubled; honors are scored as held."),
        "53": ("Doubling doubles and redoubling quadruples the value of each trick over six; neither changes which bid "
               "outranks which."),
        "56": ("A doubled declarer who makes his bid scores 50 in the honor column, plus 50 for each trick over it; if "
               "his side redoubled, these amounts are doubled."),
        # Dummy
        "60": ("Once his hand is down, dummy takes no part in the play except to ask declarer if he has none of a suit "
               "he renounced, point out a wrong number of cards in a trick or a trick taken by the wrong side, correct "
               "an undue penalty claim or a wrong score, and join a dispute of fact."),
        "61": ("If dummy draws attention to any other incident of the play for which a penalty could have been "
               "exacted, declarer loses the right to that penalty."),
        "63": ("Dummy is never penalised for a revoke. If his revoke is not noticed before the trick is turned and "
               "quitted, by either side, the trick stands as played."),
        "64": ("A card from declarer's own hand is played only when he lets go of it; a dummy card is played once "
               "declarer names or touches it, unless he says he is arranging. Touching two or more of dummy's cards at "
               "once, he chooses which is played."),
        # Exposed cards
        "65": ("A card led or exposed after the deal but before the final bid is settled may be called, and the "
               "offender's partner may not bid or double again that hand; if that partner leads first, declarer may "
               "forbid the opening lead of its suit."),
        "66": ("A card exposed after the final bid and before the opening lead may be called; if the opening leader's "
               "partner exposed it, declarer may also forbid the lead of its suit."),
        "67": ("Any card an adversary exposes after the opening lead may be called by declarer, and must be left face "
               "up on the table."),
        "68": ("A card is exposed when played at the same time as another, dropped face up on the table (even if "
               "snatched back at once), held so that partner sees any part of its face, or named by an adversary as "
               "held by himself or his partner."),
        "70": ("If an adversary plays two or more cards at once, declarer chooses which of them belongs to the current "
               "trick, and the others are exposed cards."),
        "72": ("Cards an adversary throws face up are exposed and may be called, but a player who keeps his hand "
               "cannot be made to give it up. A claiming declarer may be made to face his hand, and cards the "
               "adversaries then show cannot be called."),
        "73": ("A player who, when able, fails to obey a penalty direction (highest or lowest, a suit to lead or not "
               "to lead, win or lose the trick) is liable to the revoke penalty, unless he corrects it before the "
               "trick is turned and quitted."),
        "74": "No penalty can make a player play a card that would cause him to revoke; following suit comes first.",
        "75": "Declarer may call an exposed card again at each turn until it has been played.",
        # Leads out of turn
        "76": ("If an adversary leads out of turn, declarer may treat the card led as exposed, or, when either "
               "adversary next has the lead, name the suit he must lead."),
        "77": ("Declarer may lead out of turn from his own hand or from dummy without penalty, but may not correct the "
               "lead once second hand has played to it."),
        "78": ("A lead out of turn stands once the other three have played to it; if only second hand, or second and "
               "third, have played, they take their cards back. Only the player who led wrongly can be penalised, and "
               "only if he is an adversary (Law 76)."),
        # Cards played in error
        "80": ("If fourth hand, not dummy or declarer, plays before second hand, second hand may be required to play "
               "his highest or lowest card of the suit led, or to win or lose the trick."),
        "81": ("If a player other than dummy misses a trick and does not put it right before playing to the next, his "
               "opponents may demand a new deal; if the deal stands, his card left over at the end counts as played to "
               "the short trick and is no revoke there."),
        "82": ("A player other than dummy who puts two or more cards in one trick and is not corrected answers for the "
               "revokes that follow. Noticed during play, the tricks may be counted face down and any extra card goes "
               "back to its owner, who answers for revokes made meanwhile."),
        # The revoke
        "83": ("A revoke is a player other than dummy playing another suit while holding a card of the suit led. It is "
               "established once the trick is turned and quitted by the side that won it, or once the revoker or his "
               "partner leads or plays to the next trick, in turn or not."),
        "84": ("Each established revoke is penalised: declarer's side pays 150 to the adversaries, an adversary's "
               "revoke gives declarer 150 or three tricks at his choice, and each later revoke of the same side costs "
               "100. The revoking side scores only honors and chicane."),
        "84a": ("When declarer revokes, the adversaries add 150 to their honor score, besides whatever they score for "
                "tricks by which he fails his bid."),
        "84b": ("When an adversary revokes, declarer either adds 150 to his honor score or takes three of the "
                "adversaries' tricks; the tricks may help him make his bid but earn no bonus for a doubled or "
                "redoubled contract."),
        "84c": ("Each revoke after the first by the same side in one hand costs 100 in the honor column, with no "
                "choice of tricks."),
        "85": ("A player may ask his partner who renounced whether he has none of the suit. Asked before the trick is "
               "turned and quitted, the quitting no longer establishes a revoke, and it may still be corrected unless "
               "he answers that he has none or his side has played to the next trick."),
        "86": ("When a revoke is corrected in time, those who played after the offender may take back their cards "
               "unexposed. If the offender is an adversary, declarer either treats the wrong card as exposed, to call "
               "at will, or has him play his highest or lowest of the suit to the trick."),
        "87": ("At the end of the hand the side claiming a revoke may examine all the tricks. If the cards are mixed "
               "the claim may still be proved; if the accused side mixes them after the claim, before they are "
               "examined, the claim stands without proof."),
        "88": "A revoke must be claimed before the cards are cut for the next deal; after that no penalty is due.",
        "89": ("When both sides revoke, each may score only honors in trumps or chicane; a side that revoked more than "
               "once gives the other side 100 for each extra revoke."),
        # General rules
        "90": ("A trick once turned and quitted may not be looked at again until the end of the hand, except for the "
               "count of cards allowed by Law 82."),
        "92": ("If an adversary draws attention to the trick before his partner has played (claiming it, naming his "
               "card unasked, or drawing it toward him), declarer may make the partner play highest or lowest of the "
               "suit led, or win or lose the trick."),
        "93": ("An adversary may warn his partner that he is about to lead or play out of turn; any other "
               "unauthorised remark about the play or the earlier bidding lets declarer call a suit from the "
               "adversary next to lead."),
    },
}


def _candidates(law: str) -> list[str]:
    """`law` and its shorter forms, down to the bare law number: '64A1' -> ['64A1', '64A', '64']."""
    digits = len(law) - len(law.lstrip("0123456789"))
    if digits == 0:
        return [law] if law else []
    return [law[:n] for n in range(len(law), digits - 1, -1)]


def summary(code: str, law: str) -> str | None:
    """The summary of `law` (as the rulings cite it: '83', '84b', '64A1') under `code` (a ruleset
    name); a paragraph's law ('64A1') falls back to its law ('64A', then '64') when it has none of
    its own; None when there is none."""
    law = law.strip()
    if law[:1] in ("L", "l") and law[1:2].isdigit():
        law = law[1:]  # 'L64A1', as the explanations write it
    codes = [laws for laws in map(_summaries_of, code_of(code).summaries_from) if laws is not None]
    for key in _candidates(law):
        for laws in codes:
            text = laws.get(key)
            if text is not None:
                return text
    return None


def _summaries_of(code: str) -> dict[str, str] | None:
    """The summaries of one code (a ruleset name): the 1912 code's here (`SUMMARIES`), the
    duplicate codes' in `summaries_duplicate`, imported when a duplicate code is first asked, so
    that a 1912 hand's rulings in words do not load them."""
    if code in SUMMARIES:
        return SUMMARIES[code]
    from .summaries_duplicate import DUPLICATE

    return DUPLICATE.get(code)


def _penalty_laws(v: dict[str, Any]) -> list[str]:
    """The laws of what a revoke costs: its penalty's, its transfer's (a duplicate code), L64C's
    where the director's judgment of equity is asked for."""
    out = [(v.get("penalty") or {}).get("law")]
    t = v.get("transfer")
    if t and v["status"] == RevokeStatus.ESTABLISHED:
        out.append(t.get("law") if t.get("tricks") else None)
        out.append("64C" if t.get("equity") else None)
    return [law for law in out if law]


def _summaries(code: str, laws: Sequence[str]) -> list[dict[str, str | None]]:
    return [{"law": law, "summary": summary(code, law)} for law in dict.fromkeys(laws)]


def revoke_summaries(code: str, v: dict[str, Any]) -> list[dict[str, str | None]]:
    """What each law a revoke's ruling cites requires (a revoke of the rulings JSON): its own laws,
    then its penalty's, its transfer's and L64C's where they apply."""
    return _summaries(code, [*v["laws"], *_penalty_laws(v)])


def irregularity_summaries(code: str, i: dict[str, Any]) -> list[dict[str, str | None]]:
    """The same for an irregularity, under the code that rules it (a duplicate hand's other
    irregularities are the 1912 code's: its `code`)."""
    return _summaries(i.get("code") or code, i["laws"])
