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
    "duplicate-2017": {
        # L24, L49-L59: exposed cards, penalty cards, leads out of turn, simultaneous plays (in our words)
        "24": ("A card of the declaring side's partnership exposed during the auction period is dealt with by the "
               "Director as this law says; an opening lead attempted by the declaring side is treated so (L54E)."),
        "49": ("A defender's card held so that his partner could see its face, or named as in his hand, becomes a "
               "penalty card (L50), save in the normal course of play or of an explanation of a claim."),
        "50": ("A card prematurely exposed by a defender is a penalty card, left face up on the table until played or "
               "until another rectification is chosen; it is major or minor."),
        "50B": ("A single card below honour rank exposed by accident is a minor penalty card; an honour, or any card "
                "exposed through deliberate play (a lead out of turn, a corrected revoke), is major, and when a "
                "defender has two or more penalty cards all of them are major."),
        "50C": ("With a minor penalty card the offender may not play another card of its suit below honour rank "
                "before it, but may play an honour instead; his partner's leads are not restricted."),
        "50D": ("A major penalty card restricts both defenders: its holder must play it at the first legal "
                "opportunity, and his partner, when he is to lead, waits for declarer's choice of lead restriction."),
        "50D1": ("A major penalty card must be played at the first legal opportunity, in leading, following, "
                 "discarding or trumping; following suit or another restriction takes precedence."),
        "50D2": ("While a major penalty card lies on the table, the holder's partner may not lead until declarer "
                 "chooses: to require the lead of its suit, or to prohibit that suit for as long as he keeps the lead "
                 "(either way the card is picked up), or neither, the card remaining a penalty card."),
        "51": ("With two or more penalty cards on the table declarer designates which is played when several could "
               "legally be, and chooses the lead restrictions on the partner suit by suit."),
        "51A": ("When a defender to play has two or more penalty cards he could legally play, declarer designates "
                "which he plays."),
        "51B": ("When the partner of a defender with penalty cards is to lead, declarer may require or prohibit the "
                "suits of the penalty cards; the cards of a suit so named are picked up."),
        "51B1": ("Two or more penalty cards in one suit: if declarer requires or prohibits that suit, they are all "
                 "picked up."),
        "51B2": ("Penalty cards in more than one suit: declarer may require one of those suits, or prohibit one or "
                 "more; the penalty cards of the suits named are picked up, the others remain."),
        "52": ("A defender who leads or plays another card when the law required a penalty card: declarer may accept "
               "the card played or require the penalty card in its place."),
        "52A": ("A defender who fails to lead or play a penalty card as the law requires may not withdraw, on his own "
                "initiative, the card he played instead."),
        "52B1": ("Declarer may accept the card illegally played, and must once he has played from his own hand or "
                 "dummy after it; the penalty card then remains a penalty card."),
        "52B2": ("If declarer does not accept it, the penalty card is played in its place, and every card the defender "
                 "illegally led or played becomes a major penalty card."),
        "53": ("A lead out of turn may be accepted as a correct lead, by a statement or by a play from the hand next "
               "in rotation; else the correct hand leads."),
        "53A": ("Before the thirteenth trick, a lead faced out of turn becomes a correct lead if the non-offenders "
                "accept it, by a statement or by the next hand's play to it; if not, the Director has it made from "
                "the correct hand."),
        "53B": ("If the opponent whose lead it was makes his proper lead to the trick of the irregular lead, his lead "
                "stands, and the cards played in error to that trick may be taken back."),
        "53C": ("If declarer leads out of turn and the defender on the irregular lead's right plays to it, the lead "
                "stands and the play is a premature play (L57)."),
        "54": ("A defender who faces the opening lead out of turn: declarer may spread his hand and become dummy, "
               "accept the lead, or refuse it, the card then a major penalty card; he must accept once he could have "
               "seen dummy's cards."),
        "54A": ("Declarer may spread his hand after a faced opening lead out of turn: he becomes dummy and his partner "
                "declarer; having begun to spread, exposing a card, he must spread it all."),
        "54B": ("Declarer may accept the faced opening lead out of turn: dummy is spread and declarer plays the second "
                "card to the trick."),
        "54C": ("Declarer who could have seen any of dummy's cards must accept the opening lead out of turn."),
        "54D": ("Declarer may require the defender to retract the faced opening lead out of turn: the card becomes a "
                "major penalty card, and L50D applies."),
        "54E": ("An opening lead attempted by a player of the declaring side is dealt with under L24."),
        "55": ("Declarer's lead out of turn from his own hand or dummy's: either defender may accept it or require "
               "its retraction."),
        "55A": ("Either defender may accept declarer's lead out of turn or require its retraction; if they choose "
                "differently, the choice of the player next in turn to the irregular lead prevails."),
        "55B1": ("Declarer required to retract a lead made when a defender was to lead restores the card to his hand; "
                 "no further rectification applies."),
        "55B2": ("Declarer required to retract a lead from the wrong one of his two hands withdraws it and leads from "
                 "the correct hand."),
        "55C": ("When declarer's later play could have been based on information the infraction gave, the Director "
                "may award an adjusted score."),
        "56": ("A defender's lead out of turn: declarer may accept it (L53) or require its retraction, the card then "
               "a major penalty card (L54D, L50)."),
        "16": ("Information from a partner's irregular or extraneous act is unauthorised: the partner may not choose "
               "a play it suggests over a logical alternative, and the Director adjusts the score if he did."),
        "57": ("A defender's lead to the next trick, or play, before his partner has played is a major penalty card, "
               "and declarer chooses a restriction on the partner's play to the trick."),
        "57A": ("A defender who leads to the next trick before his partner has played to the current one, or plays "
                "out of turn before his partner, makes the card a major penalty card; declarer may require the "
                "partner to play his highest or his lowest card of the suit led, or a card of another suit he names, "
                "or forbid him a card of another suit he names."),
        "57B": ("A partner unable to comply with the restriction declarer chose may play any card, as L59 provides."),
        "57C1": ("A defender is not rectified for playing before his partner once declarer has played from both "
                 "hands."),
        "57C3": ("Declarer's premature play (not a lead) from either hand is a played card and, if legal, may not be "
                 "withdrawn."),
        "57D": ("A defender who plays at his right-hand opponent's turn plays the card at his proper turn if it can "
                "legally be played to the trick; otherwise it becomes a major penalty card. L16 may apply."),
        "58B2": ("Two or more cards played at once and seen: the player designates the one he plays; a defender's "
                 "other cards become penalty cards."),
        "59": ("A player unable to lead or play as a law or a rectification requires may play any correct card."),
        "60A1": ("A play by the non-offending side after his right-hand opponent's lead or play out of turn or "
                 "premature play, before the rectification is chosen, forfeits the rectification."),
        "60A2": ("Once the rectification is forfeited, the irregular card is treated as though played in turn."),
        "60A3": ("An obligation the offending side already had, to play a penalty card or to follow a lead or play "
                 "restriction, remains at later turns."),
        "60B": ("A defender's card played after declarer was required to retract his lead out of turn, before declarer "
                "led from the correct hand, becomes a major penalty card."),
        "60C": ("A play by the offending side before the rectification is chosen does not affect the opponents' "
                "rights, and may itself be rectified."),
        "12C": ("When the laws let the Director adjust a score, he replaces the table result with an assigned score as "
                "near as he can judge to the probable outcome without the infraction, possibly weighted among legal "
                "outcomes; if that cannot be judged he gives an artificial (average-based) score."),
        # L61: the revoke defined, and who may ask
        "61": ("A revoke is failing, when able, to follow suit, or to lead or play a card or suit the laws or an "
               "opponent's chosen rectification require. Declarer may ask a defender who shows out, dummy only "
               "declarer, and defenders declarer and (unless local regulation forbids) each other."),
        "61A": ("Failing to follow suit when able is a revoke, and so is failing, when able, to lead or play a card "
                "or suit that the laws, or an option an opponent chose in rectification, require."),
        "61B": ("Declarer may ask a defender who has failed to follow whether he has a card of the suit; dummy may ask "
                "declarer but never a defender; defenders may ask declarer and, unless local regulation forbids it, "
                "each other."),
        # L62: correction
        "62": ("A revoke noticed before it is established must be corrected by substituting a legal card; a defender's "
               "withdrawn card from his concealed hand becomes a major penalty card, and later plays may be taken back "
               "as L62C allows. On trick twelve even an established revoke is corrected."),
        "62A": "A player must correct his revoke if attention is drawn to it before it becomes established.",
        "62B": ("To correct a revoke the offender withdraws the card and plays a legal one; what becomes of the "
                "withdrawn card depends on whose hand it came from (L62B1, L62B2)."),
        "62B1": ("The offender withdraws the revoke card and substitutes a legal card; a card so withdrawn from a "
                 "defender's unfaced hand becomes a major penalty card."),
        "62B2": ("A revoke card from declarer's or dummy's hand, or a defender's card already face up, is replaced by "
                 "a legal card with no further rectification."),
        "62C": ("After a corrected revoke the non-offenders may take back cards played after it, and then the next "
                "offender in rotation may take back his; both sides' revokes on one trick are both corrected (L62C3)."),
        "62C1": ("Each non-offender may take back any card he played after the revoke and before attention was drawn "
                 "to it, and play another."),
        "62C2": ("Once a non-offender has taken back a card, the player of the offending side next in rotation may "
                 "take back his card too; if he is a defender, that card becomes a penalty card."),
        "62C3": ("If both sides revoke on the same trick and only one side has played to the next trick, both revokes "
                 "must be corrected, and every card the defenders withdraw becomes a penalty card."),
        "62D": ("A revoke on trick twelve, even established, is corrected if found before all four hands are back in "
                "the board; if a defender revoked before his partner played to that trick, the partner may not use "
                "what the withdrawn card tells him (L16C)."),
        "62D1": ("A revoke on trick twelve must be corrected, even though established, if it is found before all four "
                 "hands have been returned to the board."),
        "62D2": ("If a defender revokes on trick twelve before his partner has played to it, the information from the "
                 "withdrawn card is unauthorised to the partner (L16C)."),
        # L63: establishment
        "63": ("A revoke is established once the offending side plays or names a card to the next trick, claims or "
               "concedes, or lets the opponents' claim stand; it can then no longer be corrected (save on trick twelve "
               "and under L62C3) and the revoke trick stands as played."),
        "63A": ("A revoke becomes established by any of the acts in L63A1-A4, all of them acts of the offending side: "
                "playing to or naming a card for the next trick, claiming or conceding, or agreeing to the opponents' "
                "claim."),
        "16B": ("Information from a partner's remark or mannerism is unauthorized: the partner may not choose from "
                "among logical alternatives one it suggests, and the Director adjusts a score damaged by it."),
        "9A4": ("Dummy may not draw attention to an irregularity until the play of the hand is over; declarer and "
                "the defenders may during the play."),
        "14B": ("A hand found short of a card: the missing card, when found, is restored to it and deemed to have "
                "belonged to it throughout."),
        "14B2": "A missing card found during the play is restored to the deficient hand.",
        "14B4": ("The missing card restored is deemed to have belonged continuously to the deficient hand: a failure "
                 "to have played it to an earlier trick may be a revoke."),
        "43A1": ("Dummy may not call attention to an irregularity during the play, nor take part in it but as the laws "
                 "allow."),
        "43B1": "Dummy who breaks the limitations of L43A is liable to penalty under L90.",
        "90": "The Director may give a procedural penalty for an offence that delays or obstructs the game or breaks "
              "correct procedure.",
        "45C4": ("A card is played once its player names or designates it; declarer may change an unintended "
                 "designation of dummy's card until he next plays a card from either hand."),
        "47F2": ("Except as L47 allows (to comply with a rectification, to correct an illegal play, after a permitted "
                 "change of designation or an opponent's change of play, after misinformation), a card once played "
                 "may not be withdrawn: it stays played."),
        "58A": ("A lead or play made at the same moment as another player's legal lead or play is deemed to come "
                "after it."),
        "65B": ("Each player turns his card of a quitted trick face down, pointed toward his partner if his side won "
                "it, toward the opponents if they did; the pointing records the trick and does not win it."),
        "65B3": ("A player may draw attention to a card pointed incorrectly until his side leads or plays to the "
                 "following trick; done later, the remark may be unauthorized information (L16B)."),
        "65D": ("A player keeps his played cards in order until the number of tricks is agreed; one who disturbs them "
                "jeopardizes his side's right to claim ownership of doubtful tricks and to claim or deny a revoke."),
        "66C": ("Until play ceases, quitted tricks may not be inspected except at the Director's instruction, for "
                "instance to verify a claim of a revoke."),
        "66D": ("After play ceases the cards may be inspected to settle a claim of a revoke or of the tricks won; a "
                "player who then mixes his cards so that the facts cannot be ascertained has it ruled against his "
                "side."),
        "67A2": ("Too many cards played to one trick are put right, if attention is drawn before a player of each side "
                 "has played to the following trick, by L45E (a fifth card) or L58B (cards played at once)."),
        "67B2": ("Found after both sides have played on, the offender's extra cards in a trick go back to his hand, the "
                 "card he faced to it staying and the trick's owner unchanged; a card restored is deemed to have been "
                 "in his hand throughout, so a failure to play it to an earlier trick may be a revoke."),
        "67A1": ("A player who omitted to play to a trick puts it right with a card he can legally play, if attention is "
                 "drawn before a player of each side has played to the following trick."),
        "67B1": ("Once both sides have played to the following trick, the Director has the player who missed the trick "
                 "place a card among his played cards, of the suit led if he holds one; it does not change who won "
                 "the trick, and he is deemed to have revoked on it, one trick being transferred as under L64A2."),
        "68": ("A statement that a side will win a number of tricks is a claim of them, one that it will lose them a "
               "concession; a claim of some tricks concedes the rest."),
        "68B2": ("A defender's attempt to concede, to which his partner objects at once, is neither a concession nor a "
                 "claim: play continues, and what the exposed cards tell his partner is unauthorized information."),
        "68D2": ("After a claim or concession play is suspended; if any player doubts it the Director is called and "
                 "adjudicates. Play may continue only at the non-claimers' request with all four agreeing, and the "
                 "claim is then void."),
        "69": ("A claim or concession agreed, with no objection before the round ends or a call on a later board, is "
               "scored as though its tricks had been won and lost in play."),
        "69B": ("Within the correction period the Director may withdraw a side's agreement to a claim when it agreed to "
                "lose a trick it had won, or would likely have won had play continued; the board is rescored."),
        "70": ("The Director adjudicates a doubted claim as equitably as possible to both sides, any doubtful point "
               "going against the claimer, holding him to the line of play he stated."),
        "71": ("The Director cancels a concession of a trick the side had won, or could not lose by any normal play "
               "of the remaining cards, if he is called within the correction period."),
        "63A1": ("A revoke is established when the offender or his partner leads or plays to the next trick, legally "
                 "or not."),
        "63A2": ("A revoke is established when the offender or his partner names or otherwise designates a card to be "
                 "played to the next trick."),
        "63A3": ("A revoke is established when a member of the offending side claims or concedes tricks, aloud, by "
                 "facing his hand or in any other way."),
        "63A4": ("A revoke is established when the offending side's agreement to the opponents' claim or concession "
                 "becomes final, by raising no objection before the round ends or a call is made on a later board."),
        "63B": ("Once established, a revoke may no longer be corrected, except on trick twelve (L62D) or when both "
                "sides revoked on one trick (L62C3), and the revoke trick stands as played."),
        # L64: after establishment
        "64": ("After an established revoke, one or two tricks go to the non-offending side when play ends (L64A), "
               "except in the cases of L64B; the Director adjusts the score when that does not make good the damage "
               "(L64C)."),
        "64A": ("When play ends after an established revoke, tricks won by the offending side from the revoke trick on "
                "pass to the non-offenders: two if the offender won the revoke trick himself and his side won a later "
                "one, otherwise one."),
        "64A1": ("If the offending player won the revoke trick himself, that trick and one later trick won by his side "
                 "(if any) go to the non-offending side when play ends; a trick won in dummy is not won by declarer."),
        "64A2": ("If the offending player did not win the revoke trick, one trick goes to the non-offending side when "
                 "play ends, provided his side won the revoke trick or any later one."),
        "64B": ("No trick is transferred automatically in the cases L64B1-B8 list; the Director may still adjust the "
                "score under L64C."),
        "64B1": "No trick is transferred if the offending side won neither the revoke trick nor any later trick.",
        "64B2": ("No trick is transferred for a later revoke in the same suit by the same player once his first revoke "
                 "in it was established."),
        "64B3": "No trick is transferred when the revoke was a failure to play a penalty card or any card of dummy's.",
        "64B4": ("No trick is transferred if attention was first drawn to the revoke after a non-offender has made a "
                 "call on the next deal."),
        "64B5": "No trick is transferred if attention was first drawn to the revoke after the round has ended.",
        "64B6": "No trick is transferred for a revoke on trick twelve, which is corrected instead (L62D).",
        "64B7": "No trick is transferred when both sides revoked on the board and both revokes were established.",
        "64B8": "No trick is transferred for a revoke corrected under L62C3 (both sides revoked on one trick).",
        "64C": ("When a revoke, transfer or none, leaves the non-offenders short of the damage done, the Director "
                "assigns an adjusted score; for repeated revokes in one suit by one player, or revokes by both sides, "
                "he judges as if the revokes (or the later ones) had not happened."),
        # L77: the scoring table
        "77": ("Each odd trick bid and made scores 20 in a minor, 30 in a major, 40 then 30 at no trump, doubled or "
               "redoubled as called; 100 such points make game, with premiums for game, part-score, slams and making a "
               "doubled contract, and penalties per undertrick by vulnerability and double."),
    },
    "duplicate-2007": {
        "9A3": ("Dummy may not draw attention to an irregularity during the play period, but may after the play of the "
                "hand is over."),
        "68D": ("After a claim or concession play ceases; if any player doubts it the Director is called at once and "
                "adjudicates it (L70)."),
        "70D3": ("Play should have ceased at the claim; any play after it may be taken by the Director as evidence in "
                 "clarifying the claim."),
        "50D1": ("A major penalty card must be played at the first legal opportunity; when a defender has two or "
                 "more that can legally be played, declarer designates which."),
        "53B": ("If declarer leads out of turn and the defender on the irregular lead's right plays to it, the lead "
                "stands and the play is a premature play (L57)."),
        "53C": ("If the opponent whose lead it was makes his proper lead to the trick of the irregular lead, his lead "
                "stands, and the cards played in error to that trick may be taken back."),
        "53A": ("A lead faced out of turn becomes a correct lead if the non-offenders accept it, by a statement or by "
                "the next hand's play to it; if not, the correct hand leads."),
        "62C3": ("A claim that a revoke occurred does not by itself give any right to inspect quitted tricks (L66C); "
                 "this code has no rule for both sides revoking on one trick."),
        "63": ("A revoke is established once the offending side plays or names a card to the next trick, or makes or "
               "agrees to a claim or concession; it can then no longer be corrected (save on trick twelve) and the "
               "revoke trick stands as played."),
        "63A3": ("A revoke is established when a member of the offending side makes a claim or concession of tricks, "
                 "or agrees to the opponents' one, aloud, by facing his hand or in any other way."),
        "63A4": ("This code has no L63A4: agreeing to the opponents' claim or concession establishes a revoke under "
                 "L63A3."),
        "63B": ("Once established, a revoke may no longer be corrected, except on trick twelve (L62D), and the revoke "
                "trick stands as played."),
        "64B": ("No trick is transferred automatically in the cases L64B1-B7 list; the Director may still adjust the "
                "score under L64C."),
        "64B2": ("No trick is transferred for a later revoke in the same suit by the same player, whether his first "
                 "revoke in it was corrected or established; the Director may still adjust under L64C."),
        "64B3": ("No trick is transferred when the revoke was a failure to play a card faced on the table, or one of a "
                 "hand faced on the table, dummy's included."),
        "64B7": ("No trick is transferred when both sides have revoked on the same board, whether or not both revokes "
                 "were established."),
        "64B8": ("This code has no L64B8, nor the correction of both sides' revokes on one trick (2017 L62C3) it "
                 "refers to."),
        "64C": ("When a revoke, transfer or none, leaves the non-offenders short of the damage done, the Director "
                "assigns an adjusted score."),
    },
    "duplicate-1997": {
        "67B1": ("Once both sides have played to the following trick, the Director has the player who missed the trick "
                 "place a card among his played cards, without changing who won it: one of the suit led if he holds "
                 "one, with no penalty; any card if he holds none, and he is then deemed to have revoked on it (L64)."),
        "68D": ("After a claim or concession play ceases; if any player doubts it the Director is called at once and "
                "adjudicates it (L70). (The 1997 text was not found: read as the 2007 code's.)"),
        "70D3": ("Play should have ceased at the claim; any play after it may be taken by the Director as evidence in "
                 "clarifying the claim. (The 1997 text was not found: read as the 2007 code's.)"),
        "50D1": ("A major penalty card must be played at the first legal opportunity; when a defender has two or "
                 "more that can legally be played, declarer designates which."),
        "53A": ("A lead faced out of turn becomes a correct lead if the non-offenders accept it, by a statement or by "
                "the next hand's play to it; if not, the correct hand leads."),
        "53B": ("If declarer leads out of turn and the defender on the irregular lead's right plays to it, the lead "
                "stands and the play is a premature play (L57)."),
        "53C": ("If the opponent whose lead it was makes his proper lead to the trick of the irregular lead, his lead "
                "stands, and the cards played in error to that trick may be taken back."),
        "55A": ("Either defender may accept declarer's lead out of turn or require its retraction; the first "
                "acceptance makes it a correct lead."),
        "12C": ("The Director gives an artificial adjusted score (average-based) when no result can be obtained "
                "(L12C1); replacing a result obtained, he assigns the non-offenders the most favourable result likely "
                "without the irregularity and the offenders the most unfavourable at all probable (L12C2)."),
        "62C3": ("This code has no rule that both sides' revokes on one trick are both corrected (2017 L62C3): each "
                 "revoke is dealt with on its own."),
        "63": ("A revoke is established once the offending side plays or names a card to the next trick, or makes or "
               "acquiesces in a claim or concession (L63A); one drawn to attention in breach of L61B is corrected but "
               "penalised as established (L63B); once established it stands (L63C)."),
        "63A3": ("A revoke is established when a member of the offending side makes, or acquiesces in, a claim or "
                 "concession of tricks, aloud, by facing his hand or in any other way."),
        "63A4": ("This code has no L63A4: acquiescing in the opponents' claim or concession establishes a revoke under "
                 "L63A3."),
        "63B": ("When attention is drawn to a revoke in breach of L61B, the revoker must substitute a legal card, and "
                "the penalty of L64 applies as if the revoke had been established."),
        "63C": ("Once established, a revoke may no longer be corrected, except on trick twelve (L62D), and the revoke "
                "trick stands as played."),
        "64A2": ("If the offending player did not win the revoke trick, one trick goes to the non-offenders provided "
                 "his side won it or a later one; one more goes if he later won a trick with a card he could legally "
                 "have played to the revoke trick."),
        "64B": "No trick is transferred in the cases L64B1-B6 list; the Director may still restore equity under L64C.",
        "64B7": ("This code has no L64B7: when both sides revoke, the Director restores equity under L64C as though "
                 "neither revoke had happened (WBF Laws Committee, 2001)."),
        "64B8": ("This code has no L64B8, nor the correction of both sides' revokes on one trick (2017 L62C3) it "
                 "refers to."),
        "64C": ("When a revoke, penalised or not, leaves the non-offenders short of the damage done, the Director "
                "assigns an adjusted score."),
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
    codes = [c for c in code_of(code).summaries_from if c in SUMMARIES]
    for key in _candidates(law):
        for c in codes:
            text = SUMMARIES[c].get(key)
            if text is not None:
                return text
    return None


def _penalty_laws(v: dict[str, Any]) -> list[str]:
    """The laws of what a revoke costs: its penalty's, its transfer's (a duplicate code), L64C's
    where the director's judgment of equity is asked for."""
    out = [(v.get("penalty") or {}).get("law")]
    t = v.get("transfer")
    if t and v["status"] == "established":
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
