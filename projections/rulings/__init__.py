"""The rulings (under the `auction-1912` ruleset unless said), split along the law's seams.

- `state`: what the rulings keep beside the table (revokes, irregularities, directions, exposed
  cards, the cards the laws keep in their tricks);
- `judge`: the step after each event, one function a kind of line;
- `revokes`: the revoke's life (L83, L85, L86, L63, L73, L87);
- `penalties`: the penalty a revoke opens and what bars it (L84, L86, L89; L61, L63, L88);
- `irregularities`: the other irregularities of the play;
- `directions`: elections and the penalty directions they give (L73);
- `render`: the rulings as the interface's JSON;
- `duplicate`, `transfer`: the revoke under the Laws of Duplicate Bridge (rulesets `duplicate-2017`,
  `duplicate-2007`, `duplicate-1997`: L61-L63, and the tricks L64 transfers), used instead of
  `revokes` and `penalties` for such a hand.

The one way to the table and the rulings at event N is `projections.moment`.
"""
