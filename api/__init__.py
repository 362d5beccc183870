"""The outside world: the FastAPI dashboard, the SQLite store, exports and the ``keinu`` CLI."""
