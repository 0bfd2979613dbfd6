"""The rulesets a hand can be judged by, and their options.

A ruleset is data: a name and the choices it makes where its code of laws is silent. For the
1912 code those are the product decisions of laws-1912.md §2K, each a named option whose first
value is the default. The functions that apply them are in `projections.rulings` and (for the
score) `projections.score`.
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

RULESETS = {AUCTION_1912.name: AUCTION_1912}
DEFAULT_RULESET = AUCTION_1912.name
