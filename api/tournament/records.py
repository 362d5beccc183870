"""The tournament desk's rows in the store's database (migration 5), beside the tables.

The same SQL runs on SQLite and PostgreSQL (:mod:`api.db.connection`). Every write is one
transaction and tells the other servers on a shared PostgreSQL database (``{"what":
"tournament"}``), so a desk on another machine follows a result written by a table's server.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, cast

from api.db.connection import Database
from api.store import _row_of, now_ms
from api.tournament.standings import Winner


@dataclass(frozen=True, slots=True)
class TournamentRow:
    id: int
    name: str
    settings: dict[str, Any]
    #: The rule options of its boards' tables not at their default (api/tournament/rules.py).
    rules: dict[str, Any]
    created_ms: int


@dataclass(frozen=True, slots=True)
class TeamRow:
    id: int
    tournament_id: int
    seed: int
    name: str
    players: list[str]
    grp: int | None
    #: The first round the team no longer plays (None: still in the tournament).
    withdrawn_round: int | None
    created_ms: int

    def plays_in(self, round_number: int) -> bool:
        return self.withdrawn_round is None or round_number < self.withdrawn_round


@dataclass(frozen=True, slots=True)
class RoundRow:
    tournament_id: int
    number: int
    stage: str
    random_seed: int | None
    drawn_ms: int
    started_ms: int | None


@dataclass(frozen=True, slots=True)
class PairingRow:
    id: int
    tournament_id: int
    round: int
    board: int
    team_a: int
    team_b: int | None
    table_id: int | None
    winner: Winner | None
    stones_a: int
    stones_b: int
    source: str | None
    reason: str
    result_ms: int | None


@dataclass(frozen=True, slots=True)
class LatenessRow:
    id: int
    pairing_id: int
    team_id: int
    minutes_late: float
    sanction: str
    stones: int
    created_ms: int


@dataclass(frozen=True, slots=True)
class NewPairing:
    """A board of a round being drawn; a bye (``team_b`` None) comes with its result."""

    team_a: int
    team_b: int | None
    winner: str | None = None
    stones_a: int = 0
    stones_b: int = 0


class TournamentRecords:
    def __init__(self, db: Database) -> None:
        self._db = db

    @contextmanager
    def _tx(self, tournament_id: int) -> Iterator[Database]:
        """One transaction, announced to the other servers at its commit."""
        with self._db.transaction() as db:
            yield db
            db.notify({"what": "tournament", "tournament_id": tournament_id})

    # tournaments and teams

    def create_tournament(
        self, name: str, settings: dict[str, Any], rules: dict[str, Any]
    ) -> TournamentRow:
        with self._db.transaction() as db:
            ((tournament_id,),) = db.execute(
                "INSERT INTO tournaments (name, settings, rules, created_ms) VALUES (?, ?, ?, ?)"
                " RETURNING id",
                (name, json.dumps(settings), json.dumps(rules, sort_keys=True), now_ms()),
            )
            db.notify({"what": "tournament", "tournament_id": tournament_id})
        return cast(TournamentRow, self.tournament(tournament_id))  # just stored

    def tournament(self, tournament_id: int) -> TournamentRow | None:
        rows = self._db.execute("SELECT * FROM tournaments WHERE id = ?", (tournament_id,))
        if not rows:
            return None
        return _tournament_row(rows[0])

    def tournaments(self) -> list[TournamentRow]:
        rows = self._db.execute("SELECT * FROM tournaments ORDER BY id")
        return [_tournament_row(r) for r in rows]

    def add_team(
        self,
        tournament_id: int,
        name: str,
        players: list[str],
        check: Callable[[list[TeamRow]], None] | None = None,
    ) -> TeamRow:
        """The team, last in the seeding. ``check`` sees the teams already registered, read
        under the tournament's lock (a desk on another server registering at the same moment
        waits), and refuses by raising: nothing is stored then."""
        with self._tx(tournament_id) as db:
            db.lock_row("tournaments", tournament_id)
            if check is not None:
                rows = db.execute(
                    "SELECT * FROM teams WHERE tournament_id = ? ORDER BY seed", (tournament_id,)
                )
                check([_team_row(r) for r in rows])
            ((seed,),) = db.execute(
                "SELECT COALESCE(MAX(seed), 0) + 1 FROM teams WHERE tournament_id = ?",
                (tournament_id,),
            )
            ((team_id,),) = db.execute(
                "INSERT INTO teams (tournament_id, seed, name, players, created_ms)"
                " VALUES (?, ?, ?, ?, ?) RETURNING id",
                (tournament_id, seed, name, json.dumps(players, ensure_ascii=False), now_ms()),
            )
        return cast(TeamRow, self.team(team_id))  # just stored

    def team(self, team_id: int) -> TeamRow | None:
        rows = self._db.execute("SELECT * FROM teams WHERE id = ?", (team_id,))
        return _team_row(rows[0]) if rows else None

    def teams(self, tournament_id: int) -> list[TeamRow]:
        rows = self._db.execute(
            "SELECT * FROM teams WHERE tournament_id = ? ORDER BY seed", (tournament_id,)
        )
        return [_team_row(r) for r in rows]

    def delete_team(self, team: TeamRow) -> bool:
        """Delete the team while no round is drawn (its boards would go with it), the teams
        after it moving up one place in the seeding; whether it was deleted."""
        with self._tx(team.tournament_id) as db:
            db.lock_row("tournaments", team.tournament_id)  # add_round takes it too
            if db.execute("SELECT 1 FROM rounds WHERE tournament_id = ?", (team.tournament_id,)):
                return False
            gone = db.execute("DELETE FROM teams WHERE id = ? RETURNING seed", (team.id,))
            if not gone:
                return False
            later = db.execute(
                "SELECT id FROM teams WHERE tournament_id = ? AND seed > ? ORDER BY seed",
                (team.tournament_id, gone[0][0]),
            )
            for (team_id,) in later:  # one by one, upwards: each seed stays unique
                db.execute("UPDATE teams SET seed = seed - 1 WHERE id = ?", (team_id,))
        return True

    def withdraw(self, team: TeamRow, from_round: int) -> None:
        with self._tx(team.tournament_id) as db:
            db.execute("UPDATE teams SET withdrawn_round = ? WHERE id = ?", (from_round, team.id))

    def set_groups(self, tournament_id: int, groups: list[list[int]]) -> None:
        with self._tx(tournament_id) as db:
            for number, group in enumerate(groups, start=1):
                for team_id in group:
                    db.execute("UPDATE teams SET grp = ? WHERE id = ?", (number, team_id))

    # rounds and pairings

    def add_round(
        self,
        tournament_id: int,
        number: int,
        stage: str,
        random_seed: int | None,
        boards: list[NewPairing],
    ) -> None:
        drawn = now_ms()
        with self._tx(tournament_id) as db:
            db.lock_row("tournaments", tournament_id)  # no team deleted while it is drawn
            db.execute(
                "INSERT INTO rounds (tournament_id, number, stage, random_seed, drawn_ms)"
                " VALUES (?, ?, ?, ?, ?)",
                (tournament_id, number, stage, random_seed, drawn),
            )
            for board, pairing in enumerate(boards, start=1):
                bye = pairing.team_b is None
                db.execute(
                    "INSERT INTO pairings (tournament_id, round, board, team_a, team_b, winner,"
                    " stones_a, stones_b, source, result_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        tournament_id,
                        number,
                        board,
                        pairing.team_a,
                        pairing.team_b,
                        pairing.winner,
                        pairing.stones_a,
                        pairing.stones_b,
                        "bye" if bye else None,
                        drawn if bye else None,
                    ),
                )

    def rounds(self, tournament_id: int) -> list[RoundRow]:
        rows = self._db.execute(
            "SELECT * FROM rounds WHERE tournament_id = ? ORDER BY number", (tournament_id,)
        )
        return [_row_of(RoundRow, r) for r in rows]

    def start_round(self, tournament_id: int, number: int) -> int:
        started = now_ms()
        with self._tx(tournament_id) as db:
            db.execute(
                "UPDATE rounds SET started_ms = ? WHERE tournament_id = ? AND number = ?",
                (started, tournament_id, number),
            )
        return started

    def pairings(self, tournament_id: int) -> list[PairingRow]:
        rows = self._db.execute(
            "SELECT * FROM pairings WHERE tournament_id = ? ORDER BY round, board",
            (tournament_id,),
        )
        return [_row_of(PairingRow, r) for r in rows]

    def pairing(self, pairing_id: int) -> PairingRow | None:
        rows = self._db.execute("SELECT * FROM pairings WHERE id = ?", (pairing_id,))
        return _row_of(PairingRow, rows[0]) if rows else None

    def pairing_at_table(self, table_id: int) -> PairingRow | None:
        rows = self._db.execute("SELECT * FROM pairings WHERE table_id = ?", (table_id,))
        return _row_of(PairingRow, rows[0]) if rows else None

    def table_names(self, tournament_id: int) -> dict[int, str]:
        """The name of every table the tournament's boards are played at, by its id."""
        rows = self._db.execute(
            "SELECT id, name FROM tables WHERE id IN"
            " (SELECT table_id FROM pairings WHERE tournament_id = ?)",
            (tournament_id,),
        )
        return {row["id"]: row["name"] for row in rows}

    def set_table(self, pairing: PairingRow, table_id: int) -> None:
        with self._tx(pairing.tournament_id) as db:
            db.execute("UPDATE pairings SET table_id = ? WHERE id = ?", (table_id, pairing.id))

    def set_result(
        self,
        pairing: PairingRow,
        *,
        winner: str,
        stones_a: int,
        stones_b: int,
        source: str,
        reason: str = "",
    ) -> bool:
        """Write the pairing's result; one from the table only over none or the table's own
        (it never replaces one the desk, a forfeit or a bye wrote). Whether it was written."""
        condition = " AND (winner IS NULL OR source = 'table')" if source == "table" else ""
        with self._tx(pairing.tournament_id) as db:
            written = db.execute(
                "UPDATE pairings SET winner = ?, stones_a = ?, stones_b = ?, source = ?,"
                f" reason = ?, result_ms = ? WHERE id = ?{condition} RETURNING id",
                (winner, stones_a, stones_b, source, reason, now_ms(), pairing.id),
            )
        return bool(written)

    def clear_table_result(self, pairing: PairingRow) -> bool:
        """Take back the pairing's result if it came from its table. Whether it did."""
        with self._tx(pairing.tournament_id) as db:
            cleared = db.execute(
                "UPDATE pairings SET winner = NULL, stones_a = 0, stones_b = 0, source = NULL,"
                " reason = '', result_ms = NULL WHERE id = ? AND source = 'table' RETURNING id",
                (pairing.id,),
            )
        return bool(cleared)

    # lateness

    def add_lateness(
        self, pairing: PairingRow, team_id: int, minutes_late: float, sanction: str, stones: int
    ) -> LatenessRow:
        with self._tx(pairing.tournament_id) as db:
            ((event_id,),) = db.execute(
                "INSERT INTO lateness_events (pairing_id, team_id, minutes_late, sanction, stones,"
                " created_ms) VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
                (pairing.id, team_id, minutes_late, sanction, stones, now_ms()),
            )
        rows = self._db.execute("SELECT * FROM lateness_events WHERE id = ?", (event_id,))
        return _row_of(LatenessRow, rows[0])

    def lateness(self, tournament_id: int) -> list[LatenessRow]:
        rows = self._db.execute(
            "SELECT lateness_events.* FROM lateness_events JOIN pairings ON pairings.id ="
            " pairing_id WHERE pairings.tournament_id = ? ORDER BY lateness_events.id",
            (tournament_id,),
        )
        return [_row_of(LatenessRow, r) for r in rows]


def _tournament_row(row: Any) -> TournamentRow:
    return _row_of(
        TournamentRow, row, settings=json.loads(row["settings"]), rules=json.loads(row["rules"])
    )


def _team_row(row: Any) -> TeamRow:
    return _row_of(TeamRow, row, players=json.loads(row["players"]))
