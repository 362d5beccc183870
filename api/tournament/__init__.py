"""The tournament desk: pairs or teams, rounds drawn by the Swiss system (or groups then a
knockout), tables, the clock, results from the tables and standings (docs/tournament.md)."""
