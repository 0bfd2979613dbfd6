"""The read side: the table, the rulings and the score, folded from a hand's events.

Importing it registers the codes of laws handrec knows (`projections.codes.register`), in this
order: each names its family, whose steps (`projections.rulings`) read the table, so no module
below the table may name one, and they are entered here, before any hand is folded.
"""

from .codes import register
from .codes.auction_1912 import Auction1912
from .codes.duplicate_1997 import Duplicate1997
from .codes.duplicate_2007 import Duplicate2007
from .codes.duplicate_2017 import Duplicate2017

for _code in (Auction1912(), Duplicate2017(), Duplicate2007(), Duplicate1997()):
    register(_code)
