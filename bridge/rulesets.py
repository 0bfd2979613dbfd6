"""The rulesets a hand can be judged by, and their options.

A ruleset is data: a name and the choices it makes where its code of laws is silent. For the
1912 code those are the product decisions of laws-1912.md §2K, each a named option whose first
value is the default. What each code of laws answers where the codes differ is
`projections.codes`' (one module a code); the functions that apply them are in
`projections.rulings` and (for the score) `projections.score`.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Option:
    name: str
    values: tuple[str, ...]  # the first is the default
    law: str
    meaning: str

    @property
    def default(self) -> str:
        return self.values[0]


@dataclass(frozen=True)
class Ruleset:
    name: str
    title: str
    options: tuple[Option, ...] = field(default_factory=tuple)

    def option(self, name: str) -> Option:
        for o in self.options:
            if o.name == name:
                return o
        raise KeyError(name)

    def settings(self, chosen: dict[str, str]) -> dict[str, str]:
        """Every option's value: the chosen ones, the defaults for the rest."""
        return {o.name: chosen.get(o.name, o.default) for o in self.options}


AUCTION_1912 = Ruleset(
    name="auction-1912",
    title="Whist Club of New York, Laws of Auction Bridge, November 1912",
    options=(
        Option(
            "wrong-no", ("at-answer", "next-trigger"), "85",
            "§2K.1: a wrong 'no' to 'having none?' establishes the revoke at the answer; "
            "option: only at the next L83 trigger",
        ),
        Option(
            "called-card", ("not-revoke", "revoke"), "73",
            "§2K.2: not playing a called exposed card when able is not a revoke (L73 does not list it); "
            "option: a deemed revoke",
        ),
        Option(
            "short-penalty-tricks", ("take-all",), "84b",
            "§2K.3: when declarer elects three tricks and the revoking side holds fewer, he takes all "
            "they hold and the ruling says so",
        ),
        Option(
            "one-spade-cap", ("under-tricks", "all"), "48",
            "§2K.4: the L48 cap on a one-spade loss applies to under-tricks only, never to revoke penalties",
        ),
        Option(
            "claim-deadline", ("cut", "never"), "88",
            "§2K.5: the recorded cut for the next deal (or the hand being closed) ends the right to claim "
            "a revoke; option 'never': no deadline is applied",
        ),
        Option(
            "leftover-card", ("short-trick",), "81",
            "§2K.6: the leftover card of L81 counts as played to the short trick and does not change who "
            "won it; a missed trick by dummy is flagged with no penalty",
        ),
        Option(
            "both-revoke", ("cancel-first",), "89",
            "§2K.7: when both sides revoke, each side's first revoke cancels out and each further one gives "
            "the other side 100",
        ),
        Option(
            "doubled-bonus", ("play-only",), "56",
            "§2K.8: the L56 bonus is earned only on tricks won in play, never on penalty tricks",
        ),
        Option(
            "quitting", ("implicit", "strict"), "83",
            "§2K.9: a trick with no recorded quit counts as turned and quitted by its rightful winners just "
            "before the next lead (or the end of the play); option 'strict': absent means not quitted",
        ),
    ),
)

# Where the Laws of Duplicate Bridge leave the record's reading open. L63A4 (2017; 2007 L63A3
# "agrees to", 1997 L63A3 "acquiesces") makes the opponents' claim establish a revoke once agreed
# (L69A: no objection before the round ends or the next board's call), and a record does not say
# when a claim was agreed.
OPPONENTS_CLAIM = Option(
    "opponents-claim", ("agreed-at-claim", "agreed-at-cut"), "63A4",
    "the opponents' claim establishes the offending side's revoke at the claim, taken as agreed (an archive's "
    "claim is the board's accepted end); option 'agreed-at-cut': only when the board ends (the cut) with no "
    "objection recorded",
)

# L62C2: "After a non-offender so withdraws a card, the player of the offending side next in rotation
# may withdraw his played card, which becomes a penalty card if the player is a defender." The text
# does not say whether he then plays another card to the trick (as the non-offenders do under L62C1),
# or must play the penalty card to it at once (L50D1(a): "at the first legal opportunity"), which
# leaves the right it gives him empty. The default keeps the right meaningful: his substitute stands
# and the withdrawn card is a penalty card from the next trick on; 'literal' reads the words alone.
L62C2 = Option(
    "l62c2", ("substitute", "literal"), "62C2",
    "the offending side's player who takes his card back after a non-offender did (L62C2) plays another card to "
    "the trick in its place, and the card withdrawn, a penalty card, is to be played from the next trick on; "
    "option 'literal': a penalty card at once, to be played to the same trick if he can legally (L50D1(a))",
)

# The Laws of Duplicate Bridge, under which the archives (championship PBN, BBO LIN) were played.
# Their revoke laws (L61-L64) and duplicate scoring (L77) are applied by `projections.rulings` and
# `projections.score`, as the code of laws each ruleset names answers them (`projections.codes`).
# 1997 differs in L64A2 (a second trick for a card that could have been played to the revoke trick).
# 2007 has the 2017 L64A but not its later refinements: L64B2 bars any subsequent revoke in the same
# suit by the same player (2017: "the first revoke having been established"), L64B7 any board on
# which both sides revoked (2017: "and both revokes have become established"), and there is no
# L62C3/L64B8 (both sides revoking on one trick) and no L63A4 (2007 L63A3: a member of the offending
# side "makes or agrees to" a claim or concession).
DUPLICATE_2017 = Ruleset(
    name="duplicate-2017",
    title="World Bridge Federation, Laws of Duplicate Bridge, 2017",
    options=(OPPONENTS_CLAIM, L62C2),
)
DUPLICATE_2007 = Ruleset(
    name="duplicate-2007",
    title="World Bridge Federation, Laws of Duplicate Bridge, 2007 (in force from 2008)",
    options=(OPPONENTS_CLAIM, L62C2),
)
DUPLICATE_1997 = Ruleset(
    name="duplicate-1997",
    title="World Bridge Federation, Laws of Duplicate Bridge, 1997",
    options=(OPPONENTS_CLAIM, L62C2),
)

# The rulesets a hand line may name, read here by the write side, which never imports the read side:
# each is a code of laws `projections.codes` holds (`CODES`, the one registry of codes, whose
# `register` enters a further code's ruleset here too).
RULESETS = {r.name: r for r in (AUCTION_1912, DUPLICATE_2017, DUPLICATE_2007, DUPLICATE_1997)}
DEFAULT_RULESET = AUCTION_1912.name


# ---------------------------------------------------------------- which code an archive was played under

# The codes of the Laws of Duplicate Bridge by the year they took effect: the 1997 code until the
# 2007 code came into force (its preface: zonal authorities bring it in between 1 January and 30
# September 2008), the 2007 code from 2008, and the 2017 code from 2017 (the WBF's in March 2017,
# its zones in the same year: the ACBL on 25 September 2017; an event of early 2017 played under
# 2007 is read under 2017, as a year cannot tell them apart). An event before 1997 (the 1987 code)
# is read under 1997, the earliest code offered.
DUPLICATE_CODE_FROM = ((2017, DUPLICATE_2017.name), (2008, DUPLICATE_2007.name), (0, DUPLICATE_1997.name))
# What a PBN [Scoring] tag says of the game: the duplicate scorings (IMPs, match points, board-a-
# match, Butler, total points...), against rubber and Chicago.
_NOT_DUPLICATE = ("rubber", "chicago")


def ruleset_words(name: str, options: dict[str, str]) -> str:
    """A ruleset with the options a hand is ruled under, in words: its name, then `OPTION=VALUE`
    for each, in order (`duplicate-2017 opponents-claim=agreed-at-cut`): what a PBN game's
    [Ruleset] says (`formats.pbn.write`, read back by `formats.pbn.ruleset_said`) and what an
    import names a board kept under (`recorder.application`)."""
    return " ".join([name, *(f"{k}={v}" for k, v in sorted(options.items()))])


def duplicate_code(year: int | None) -> str:
    """The duplicate code in force in that year (duplicate-2017 when the year is not known)."""
    if year is None:
        return DUPLICATE_2017.name
    return next(name for since, name in DUPLICATE_CODE_FROM if year >= since)


def archive_ruleset(scoring: str, year: int | None) -> str:
    """The ruleset an archive's game is read under when the import names none: a duplicate code
    when its [Scoring] names a duplicate scoring, or, with no [Scoring], when its [Date] falls in
    the years of the duplicate codes (1928 on: contract bridge, which the 1912 auction code does
    not rule); the code by the year. Else the default ruleset."""
    scoring = scoring.strip().lower()
    if scoring and scoring not in ("?", "#"):
        if any(word in scoring for word in _NOT_DUPLICATE):
            return DEFAULT_RULESET
        return duplicate_code(year)
    if year is not None and year >= 1928:
        return duplicate_code(year)
    return DEFAULT_RULESET
