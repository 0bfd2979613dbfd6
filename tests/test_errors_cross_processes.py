"""Every error said to the user crosses from a worker process whole (`scan --jobs N`, `import
--jobs N`): pickled and unpickled, it says the same sentence and keeps what it was made of. An
exception is otherwise remade from its message alone, and one whose constructor takes more could
not be remade: the pool's thread failed and the command hung."""

from __future__ import annotations

import pickle

import pytest

from bridge.cards import NotationError
from bridge.messages import TranscriptError
from recorder.corrections import RecordDiffers
from recorder.errors import CorruptedEvent, HandChanged, StoreError, StoreGone, UnknownHand
from formats.files import FileError
from recorder.importer import ArchiveError
from bridge.pack import PhysicalError

ERRORS = [
    TranscriptError("'x' is not a card", file="f.hand", lineno=3, text="play W x"),
    PhysicalError("West does not hold HA; it is East's", lineno=7, text="play W HA"),
    RecordDiffers("the record differs from event 5", ["amend 5 play W H2"], 5, file="f.hand", lineno=5),
    RecordDiffers("it differs from event 5: amend 5 'play W H2' brings ...", ["amend 5 play W H2"], 5,
                  whole="amend 5 'play W H2' brings ...", file="f.pbn", lineno=5),
    NotationError("'Q' is not a seat"),
    CorruptedEvent("its state is not valid JSON", 9, "club/1"),
    CorruptedEvent("its state is not valid JSON", 9, None, "0f3a"),
    HandChanged("the hand has 12 events, not 11", 12),
    UnknownHand("club/1"),
    StoreError("the store cannot be opened"),
    StoreGone("the store's file is not the one opened"),
    FileError("a.pbn: not a PBN or LIN archive"),
    ArchiveError("a.pbn: board 3: no deal"),
]


@pytest.mark.parametrize("error", ERRORS, ids=lambda e: type(e).__name__)
def test_an_error_pickles_whole(error):
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is type(error) and str(again) == str(error)
    assert vars(again) == vars(error)
