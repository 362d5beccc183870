"""The rules of Mus: cards, ranking, betting, scoring, the table state machine and the señas.

Pure: no I/O beyond parsing text handed to it, no numpy, no vision.
"""
