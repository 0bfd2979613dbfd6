"""The board every examination of the duplicate rulings plays (tests/test_duplicate_*examination.py):
4H by South, neither side vulnerable unless said, West leads; events 1-5 are the head (hand,
dealer, deal, contract, vulnerability), the first card is event 6.
    North (dummy)  S T98     H 9876   D T98   C 876
    East           S 2       H 54     D AKQJ  C AKQJT9
    South          S 76543   H AKQJT  D 76    C 5
    West           S AKQJ    H 32     D 5432  C 432
"""

from __future__ import annotations

DEAL = "N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432"


def head(ruleset: str = "duplicate-2017", contract: str = "4H by S", vul: str = "None", options: str = "") -> str:
    return (f"hand exam ruleset={ruleset}{' ' + options if options else ''}\ndealer S\ndeal {DEAL}\n"
            f"contract {contract}\ntag Vulnerable {vul}\n")


def plays(cards: str) -> str:
    """'W H2 N H6 E H4 S HA' -> four play lines."""
    w = cards.split()
    return "".join(f"play {s} {c}\n" for s, c in zip(w[::2], w[1::2]))


T1_S = plays("W H2 N H6 E H4 S HA")  # events 6-9: South wins trick 1 and is to lead
T1_E = plays("W C2 N C6 E CA S C5")  # events 6-9: East wins trick 1 and is to lead
T1_W = plays("W SA N S8 E S2 S S3")  # events 6-9: West wins trick 1 and is to lead
