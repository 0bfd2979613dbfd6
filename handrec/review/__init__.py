"""The review room: a hand stepped through in a browser, event by event, with the rulings beside
the table (`page.py` renders it; `server.py` serves the store's hands and records from the page;
`handrec review` writes one self-contained file). One template, one style sheet and one script
serve both; the page gets every moment of the hand at once (`projections.replay`), so stepping
asks nothing of the server."""
