"""The formats a hand is read from and written in, one module each, over the vocabulary only:

- `transcript`: the `.hand` transcript a committee writes (docs/transcripts.md), read into lines
  and written back from stored events;
- `pbn`: PBN 2.1 archives read into boards, and a hand written back as one PBN game from a plain
  value the read side makes of it (`pbn.Record`);
- `lin`: Bridge Base Online's LIN records read into boards.

What the archives' readers share is `archive` (a board, as the transcript lines it becomes, and
the builder that writes them) and `files` (a file opened, decoded and refused in one sentence);
`pbn_games` and `lin_pairs` cut a PBN text into games and a LIN text into pairs. The importer
chooses a format by a table of them (`recorder.importer.ARCHIVES`). Nothing here stores a hand or
judges one: the write side stores what a reader makes, the read side makes what a writer takes.
"""
