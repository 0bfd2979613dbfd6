"""What each law of the Laws of Duplicate Bridge a ruling cites requires, in our own words (never a
copy of a published text): the 2017 code's, and the 2007 and 1997 codes' where their text differs
in substance or has another number (`projections.rulings.summaries`, which reads them, says how a
law falls back to its code's elder paragraph and to 2017)."""

DUPLICATE: dict[str, dict[str, str]] = {
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
        # (2017 L53A: "Prior to the thirteenth trick": at the thirteenth no lead out of turn is accepted)
        "55A": ("Before the thirteenth trick, either defender may treat declarer's lead out of turn as a correct lead "
                "(L53A) or require its retraction; if they choose differently, the choice of the player next in turn "
                "to the irregular lead prevails. At the thirteenth trick it is retracted."),
        "55B1": ("Declarer required to retract a lead made when a defender was to lead restores the card to his hand; "
                 "no further rectification applies."),
        "55B2": ("Declarer required to retract a lead from the wrong one of his two hands withdraws it and leads from "
                 "the correct hand."),
        "55C": ("When declarer's later play could have been based on information the infraction gave, the Director "
                "may award an adjusted score."),
        "56": ("A defender's lead out of turn: before the thirteenth trick declarer may treat it as a correct lead "
               "(L53A) or require its retraction, at the thirteenth he requires it; retracted, the card is a major "
               "penalty card (L54D, L50)."),
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
        "45D": ("A card dummy placed in the played position that declarer did not name is withdrawn if attention is "
                "drawn before each side has played to the next trick; a defender may then take back a card he played "
                "after it, and declarer, once his right-hand opponent changes his play, a card he played after it."),
        "47F2": ("Except as L47 allows (to comply with a rectification, to correct an illegal play, after a permitted "
                 "change of designation or an opponent's change of play, after misinformation), a card once played "
                 "may not be withdrawn: it stays played."),
        "47E1": ("A lead or play out of turn made because an opponent mistakenly told the player it was his turn is "
                 "taken back without further rectification; his left-hand opponent may not accept it, and it does not "
                 "establish a revoke (L63A1 does not apply)."),
        "47E2": ("A card played because of a mistaken explanation of an opponent's call or play may be taken back, "
                 "without further rectification, before the explanation is corrected and only if no card has been "
                 "played after it; too late, the Director may award an adjusted score."),
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
        "45E1": ("A card a defender contributes to a trick all four have played to becomes a penalty card (L50), "
                 "unless the Director deems that it was led: then it is a lead out of turn (L53, L56)."),
        "45E2": ("A card declarer contributes, from his hand or dummy, to a trick all four have played to carries no "
                 "rectification, unless the Director deems that it was led: then L55 applies."),
        "48A": ("Declarer is not subject to rectification for exposing a card, and no card of declarer's or dummy's "
                "hand ever becomes a penalty card."),
        "58B4": ("Cards played at once from one hand and undiscovered until both sides have played to the next trick "
                 "are dealt with under L67."),
        "69A": ("A claim or concession is agreed when the side raises no objection to it before making a call on a "
                "later board or before the round ends; the board is scored as though the tricks claimed or conceded "
                "had been won or lost in play."),
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
        "68D": ("After any claim or concession play is suspended: agreed, it is scored (L69); doubted, the Director "
                "is called (L68D2)."),
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
        # (no thirteenth-trick exception in the 2007 L53A: "Any lead faced out of turn may be treated as a
        # correct lead")
        "55A": ("Either defender may accept declarer's lead out of turn or require its retraction; if they choose "
                "differently, the choice of the player next in turn to the irregular lead prevails."),
        "56": ("A defender's lead out of turn: declarer may accept it (L53) or require its retraction, the card then "
               "a major penalty card (L54D, L50)."),
        "9A3": ("Dummy may not draw attention to an irregularity during the play period, but may after the play of the "
                "hand is over."),
        "68D": ("After a claim or concession play ceases; if any player doubts it the Director is called at once and "
                "adjudicates it (L70)."),
        "70D3": ("Play should have ceased at the claim; any play after it may be taken by the Director as evidence in "
                 "clarifying the claim."),
        "47E1": ("A lead or play out of turn made because an opponent mistakenly told the player it was his turn may be "
                 "taken back without further rectification; his left-hand opponent may not accept it."),
        "47E2": ("A card played because of a mistaken explanation of an opponent's call or play may be taken back, "
                 "without further rectification, before the explanation is corrected and only if no card has been "
                 "played to that trick after it."),
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
        "56": ("A defender's lead out of turn: declarer may accept it (L53) or require its retraction, the card then "
               "a major penalty card (L54D, L50)."),
        "67B1": ("Once both sides have played to the following trick, the Director has the player who missed the trick "
                 "place a card among his played cards, without changing who won it: one of the suit led if he holds "
                 "one, with no penalty; any card if he holds none, and he is then deemed to have revoked on it (L64)."),
        "68D": ("After a claim or concession play ceases, and any play after it is voided by the Director, who "
                "adjudicates the claim (L70)."),
        "47E1": ("A lead or play out of turn made because an opponent mistakenly told the player it was his turn may be "
                 "taken back without further rectification. (The 1997 text was not found: read as the 2007 code's.)"),
        "47E2": ("A card played because of a mistaken explanation of an opponent's call or play may be taken back "
                 "only if no card has been played to that trick after it. (The 1997 text was not found: read as the "
                 "2007 code's.)"),
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
