"""The tournament desk: what the desk's buttons do, over the store and the referee.

Drawing a round asks the pure modules (:mod:`api.tournament.swiss`, :mod:`.knockout`,
:mod:`.standings`); each board gets a table made by the referee exactly as the dashboard makes
one, so the table's own page and its acta work as for any table. A game that ends on such a
table fills its board's result at once (:meth:`Desk.follow`, fed by the hub with every hand
message of this server), and every server does so for the games it referees, with or without
``--desk``.
"""

from __future__ import annotations

import csv
import io
import random
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from api.db.errors import IntegrityError
from api.game_choices import profile_games
from api.hub import Hub
from api.referee import NotFound, Referee, StateError, profile_named
from api.store import SeatRow
from api.tournament import knockout, swiss
from api.tournament.checks import check_players, check_result
from api.tournament.clock import sanction_for
from api.tournament.records import (
    LatenessRow,
    NewPairing,
    PairingRow,
    RoundRow,
    TeamRow,
    TournamentRecords,
    TournamentRow,
)
from api.tournament.rules import checked_options, rules_out, table_rules
from api.tournament.settings import TournamentSettings, parse_settings, settings_with
from api.tournament.standings import TIE_BREAKS, Result, Standing, Winner, standings, unranked
from engine.errors import Refusal
from engine.rules import Rules
from engine.senas import ProfileError

#: The hand messages after which a game may have ended, or its end changed.
GAME_MESSAGES = frozenset({"call", "shown", "undo"})
#: The refusals of a next round that say the tournament is over.
OVER = frozenset({"rounds_all_drawn", "final_played", "knockout_not_needed"})
#: Which side of a board sits at which seats: team a at the odd seats, team b at the even
#: (a table's pairs are named by their seats, "1-3" or "1-3-5" at a table of six).
SIDE_OF_PAIR = {"1-3": "a", "2-4": "b", "1-3-5": "a", "2-4-6": "b"}


class Desk:
    def __init__(self, records: TournamentRecords, referee: Referee, hub: Hub, profile: str):
        self.records = records
        self.referee = referee
        self.hub = hub
        #: The house profile of the tables the desk makes (``keinu serve --profile``).
        self.profile = profile

    # tournaments and teams

    def create(
        self, name: str, changes: dict[str, Any], options: dict[str, Any] | None = None
    ) -> dict[str, Any]:
        """A tournament of the default settings with ``changes``, its boards' tables played
        under the rule ``options`` (api/tournament/rules.py), each refused naming its field."""
        settings = settings_with(changes)
        rules = checked_options(options or {}, team_size=settings.team_size, target=settings.target)
        row = self.records.create_tournament(name, settings.model_dump(), rules)
        return self._changed(row.id)

    def summaries(self) -> list[dict[str, Any]]:
        return [{"id": t.id, "name": t.name} for t in self.records.tournaments()]

    def settings_of(self, tournament_id: int) -> TournamentSettings:
        return parse_settings(self._tournament(tournament_id).settings)

    def register(self, tournament_id: int, name: str, players: list[str]) -> dict[str, Any]:
        settings = self.settings_of(tournament_id)
        if self.records.rounds(tournament_id):
            raise StateError(
                "the first round is drawn: teams are registered before it", code="register_drawn"
            )
        if len(players) != settings.team_size:
            raise StateError(
                f"a team of this tournament has {settings.team_size} players, not {len(players)}",
                code="team_size_wrong",
                params={"team_size": settings.team_size, "given": len(players)},
            )
        if any(team.name == name for team in self.records.teams(tournament_id)):
            raise StateError(
                f"a team named {name!r} is already registered",
                code="team_name_taken",
                params={"team": name},
            )

        def nobody_twice(teams: list[TeamRow]) -> None:  # read under the tournament's lock
            with refused():
                check_players(players, [(team.name, team.players) for team in teams])

        try:
            self.records.add_team(tournament_id, name, players, check=nobody_twice)
        except IntegrityError:  # registered a moment before, from another desk
            raise StateError(
                f"a team named {name!r} is already registered",
                code="team_name_taken",
                params={"team": name},
            ) from None
        return self._changed(tournament_id)

    def delete(self, tournament_id: int, team_id: int) -> dict[str, Any]:
        """A team registered by mistake, deleted outright: only before the first round is
        drawn (then it has boards, and can only withdraw)."""
        team = self._team(tournament_id, team_id)
        if not self.records.delete_team(team):
            raise StateError(
                f"the first round is drawn: {team.name} can withdraw, no longer be deleted",
                code="team_delete_drawn",
                params={"team": team.name},
            )
        return self._changed(tournament_id)

    def withdraw(self, tournament_id: int, team_id: int) -> dict[str, Any]:
        """The team plays no round drawn from now on (the games it has played stay)."""
        team = self._team(tournament_id, team_id)
        if team.withdrawn_round is not None:
            raise StateError(
                f"{team.name} has already withdrawn",
                code="team_withdrawn",
                params={"team": team.name},
            )
        self.records.withdraw(team, len(self.records.rounds(tournament_id)) + 1)
        return self._changed(tournament_id)

    # rounds

    def draw(self, tournament_id: int) -> dict[str, Any]:
        """Draw the next round; the one before must have every result."""
        settings = self.settings_of(tournament_id)
        rounds = self.records.rounds(tournament_id)
        number = len(rounds) + 1
        pairings = self.records.pairings(tournament_id)
        waiting = [p for p in pairings if p.winner is None]
        if waiting:
            unplayed = [p.board for p in waiting]
            raise StateError(
                f"round {number - 1} still waits for the result of board(s)"
                f" {', '.join(map(str, unplayed))}",
                code="round_waits_results",
                params={"round": number - 1, "boards": unplayed},
            )
        teams = self.records.teams(tournament_id)
        stage, seed, boards = self._next_round(settings, number, teams, pairings)
        bye = settings.bye
        new = [
            NewPairing(a, b)
            if b is not None
            else NewPairing(a, None, "a", bye.stones_won, bye.stones_lost)
            for a, b in boards
        ]
        try:
            self.records.add_round(tournament_id, number, stage, seed, new)
        except IntegrityError:  # another desk drew it a moment before
            raise StateError(
                f"round {number} was drawn meanwhile: reload the tournament",
                code="round_drawn_meanwhile",
                params={"round": number},
            ) from None
        return self._changed(tournament_id)

    def _next_round(
        self,
        settings: TournamentSettings,
        number: int,
        teams: list[TeamRow],
        pairings: list[PairingRow],
    ) -> tuple[str, int | None, list[knockout.Board]]:
        """Round ``number``'s stage, random seed and boards, or the refusal of drawing it."""
        playing = [t for t in teams if t.plays_in(number)]
        if len(playing) < 2:
            raise StateError(
                "at least two teams must be playing to draw a round",
                code="draw_too_few_teams",
                params={"playing": len(playing)},
            )
        if settings.format == "swiss":
            return self._swiss(settings, number, playing, pairings)
        return self._groups_knockout(settings, number, teams, pairings)

    def _finished(
        self, settings: TournamentSettings, teams: list[TeamRow], pairings: list[PairingRow]
    ) -> str | None:
        """Why the tournament is over (the code that refuses its next round: every round of
        a Swiss drawn, the final played, the group stage deciding it), once the last round
        drawn has every result; None while it goes on."""
        if not pairings or any(p.winner is None for p in pairings):
            return None
        try:
            self._next_round(settings, pairings[-1].round + 1, teams, pairings)
        except StateError as exc:
            return exc.code if exc.code in OVER else None
        return None

    def _swiss(
        self,
        settings: TournamentSettings,
        number: int,
        playing: list[TeamRow],
        pairings: list[PairingRow],
    ) -> tuple[str, int | None, list[knockout.Board]]:
        if number > settings.rounds:
            raise StateError(
                f"the tournament has {settings.rounds} rounds: all are drawn",
                code="rounds_all_drawn",
                params={"rounds": settings.rounds},
            )
        byes = _byes(pairings)
        ids = [t.id for t in playing]
        seed = None
        if number == 1:
            if settings.first_round == "random":
                seed = random.SystemRandom().randrange(2**31)
                ids = swiss.shuffled(ids, seed)
            draw = swiss.first_round(ids, byes)
        else:
            deducted = lateness_deductions(self.records.lateness(playing[0].tournament_id))
            ranked = [row.team for row in self._standings(ids, pairings, deducted)]
            met = {frozenset((p.team_a, p.team_b)) for p in pairings if p.team_b is not None}
            draw = swiss.next_round(ranked, met, byes)
        boards: list[knockout.Board] = list(draw.boards)
        if draw.bye is not None:
            boards.append((draw.bye, None))
        return "swiss", seed, boards

    def _groups_knockout(
        self,
        settings: TournamentSettings,
        number: int,
        teams: list[TeamRow],
        pairings: list[PairingRow],
    ) -> tuple[str, int | None, list[knockout.Board]]:
        if number == 1:
            groups = knockout.snake_groups(
                [t.id for t in teams if t.plays_in(1)], settings.groups.size
            )
            self.records.set_groups(teams[0].tournament_id, groups)
        else:
            groups = _groups_of(teams)
        group_rounds = knockout.group_stage_rounds(groups)
        playing = {t.id for t in teams if t.plays_in(number)}
        if number <= group_rounds:
            boards = knockout.group_round(groups, number)
            return "group", None, _without_withdrawn(boards, playing)
        if number == group_rounds + 1:
            seeds = self._qualifiers(settings, groups, playing, pairings)
            if len(seeds) < 2:
                raise StateError(
                    "the group stage decided the tournament: no knockout to draw",
                    code="knockout_not_needed",
                )
            group_of = {team: n for n, group in enumerate(groups) for team in group}
            boards = knockout.across_groups(knockout.bracket(seeds), group_of)
            return "knockout", None, _without_withdrawn(boards, playing)
        last = [p for p in pairings if p.round == number - 1]
        if len(last) == 1:
            raise StateError("the final is played: the tournament is over", code="final_played")
        winners = [_winner_of(p) for p in last]
        return "knockout", None, _without_withdrawn(knockout.following_round(winners), playing)

    def _qualifiers(
        self,
        settings: TournamentSettings,
        groups: list[list[int]],
        playing: set[int],
        pairings: list[PairingRow],
    ) -> list[int]:
        """The best ``advance`` of each group, seeded by their place, then their record."""
        group_results = [p for p in pairings if p.round <= knockout.group_stage_rounds(groups)]
        deducted = lateness_deductions(self.records.lateness(pairings[0].tournament_id))
        places: list[list[int]] = [[] for _ in range(settings.groups.advance)]
        for group in groups:
            table = self._standings(group, group_results, deducted)
            ranked = [r.team for r in table if r.team in playing]
            for place, team in enumerate(ranked[: settings.groups.advance]):
                places[place].append(team)
        table = self._standings(sorted(playing), group_results, deducted)
        overall = {r.team: r.rank for r in table}
        return [team for place in places for team in sorted(place, key=overall.__getitem__)]

    def assign_tables(self, tournament_id: int, number: int) -> dict[str, Any]:
        """A table for every board of the round that has none (and is not a bye)."""
        tournament = self._tournament(tournament_id)
        rules = self._rules(tournament)
        self._round(tournament_id, number)
        self._check_profile()
        teams = {t.id: t for t in self.records.teams(tournament_id)}
        # a new table becomes the active one: this server's cameras go back to theirs after
        active = self.referee.active_table_id
        for pairing in self.records.pairings(tournament_id):
            if pairing.round != number or pairing.team_b is None or pairing.table_id is not None:
                continue
            seats = seats_of(teams[pairing.team_a], teams[pairing.team_b])
            name = f"{tournament.name[:24]} R{number} M{pairing.board}"
            state = self.referee.create_table(name=name, rules=rules, mano=1, seats=seats)
            self.records.set_table(pairing, state["table"]["id"])
        if active is not None and active != self.referee.active_table_id:
            self.referee.activate(active)
        return self._changed(tournament_id)

    def _rules(self, tournament: TournamentRow) -> Rules:
        """The rules of the tournament's tables: its own options and target, six seats for
        teams of three, this server's house profile."""
        settings = parse_settings(tournament.settings)
        return table_rules(
            tournament.rules,
            team_size=settings.team_size,
            target=settings.target,
            profile=self.profile,
        )

    def _check_profile(self) -> None:
        """The house profile of the desk's tables reads and is one for Mus: Encaje's, which
        lists no seña, would make every seña at a table of the tournament a cheat."""
        try:
            profile = profile_named(self.profile)
        except ProfileError as exc:
            raise StateError(
                f"the house profile cannot be read: {exc}",
                code="desk_profile_unreadable",
                params={"profile": self.profile},
            ) from exc
        if "mus" not in profile_games(profile):
            raise StateError(
                f"the house profile {self.profile!r} is not one for Mus: serve the desk with"
                " a profile of señas",
                code="desk_profile_not_for_mus",
                params={"profile": self.profile},
            )

    def start(self, tournament_id: int, number: int) -> dict[str, Any]:
        """Start the round's clock: the courtesy wait and the lateness count from now."""
        row = self._round(tournament_id, number)
        if row.started_ms is not None:
            raise StateError(
                f"round {number} started already", code="round_started", params={"round": number}
            )
        self.records.start_round(tournament_id, number)
        return self._changed(tournament_id)

    # the clock and results

    def arrival(
        self, tournament_id: int, pairing_id: int, team_id: int, minutes_late: float | None
    ) -> dict[str, Any]:
        """A team sat down at its table ``minutes_late`` after the start (now, if None): the
        sanction follows the tournament's lateness settings."""
        pairing = self._pairing(tournament_id, pairing_id)
        team = self._team(tournament_id, team_id)
        if team_id not in (pairing.team_a, pairing.team_b) or pairing.team_b is None:
            raise StateError(
                f"{team.name} does not play board {pairing.board} of round {pairing.round}",
                code="team_not_on_board",
                params={"team": team.name, "board": pairing.board, "round": pairing.round},
            )
        if pairing.winner is not None and pairing.source != "forfeit":
            raise StateError(
                f"board {pairing.board} has its result already",
                code="board_has_result",
                params={"board": pairing.board},
            )
        started = self._round(tournament_id, pairing.round).started_ms
        if started is None:
            raise StateError(
                f"round {pairing.round} has not started: start its clock first",
                code="round_not_started",
                params={"round": pairing.round},
            )
        if any(
            e.pairing_id == pairing_id and e.team_id == team_id
            for e in self.records.lateness(tournament_id)
        ):
            raise StateError(
                "that team's arrival at this board is already recorded",
                code="arrival_recorded",
                params={"board": pairing.board},
            )
        if minutes_late is None:
            minutes_late = max(0.0, (time.time() * 1000 - started) / 60_000)
        verdict = sanction_for(minutes_late, self.settings_of(tournament_id).lateness)
        self.records.add_lateness(
            pairing, team_id, round(minutes_late, 2), verdict.sanction, verdict.stones
        )
        if verdict.sanction == "forfeit":
            self._forfeit(pairing, team_id)
        return self._changed(tournament_id)

    def _forfeit(self, pairing: PairingRow, late_team: int) -> None:
        score = self.settings_of(pairing.tournament_id).forfeit
        other_forfeited = pairing.source == "forfeit"
        if other_forfeited:
            winner, stones_a, stones_b = "none", 0, 0
        elif late_team == pairing.team_a:
            winner, stones_a, stones_b = "b", score.stones_lost, score.stones_won
        else:
            winner, stones_a, stones_b = "a", score.stones_won, score.stones_lost
        # no reason of its own: the source says it, in the words of each page and export
        self.records.set_result(
            pairing, winner=winner, stones_a=stones_a, stones_b=stones_b, source="forfeit"
        )

    def override(
        self,
        tournament_id: int,
        pairing_id: int,
        *,
        winner: Winner,
        stones_a: int,
        stones_b: int,
        reason: str,
    ) -> dict[str, Any]:
        """The desk writes (or corrects) a board's result, with the reason it gives."""
        pairing = self._pairing(tournament_id, pairing_id)
        if pairing.team_b is None:
            raise StateError("a bye's result is set by the settings", code="bye_result_fixed")
        names = {t.id: t.name for t in self.records.teams(tournament_id)}
        with refused():
            check_result(
                winner,
                stones_a,
                stones_b,
                self.settings_of(tournament_id).target,
                (names[pairing.team_a], names[pairing.team_b]),
            )
        self.records.set_result(
            pairing, winner=winner, stones_a=stones_a, stones_b=stones_b, source="desk",
            reason=reason,
        )  # fmt: skip
        return self._changed(tournament_id)

    def follow(self, type_: str, data: dict[str, Any]) -> None:
        """A hub message about a hand of a table's first game, at a table that plays a board
        of a tournament: the board's result follows that game as the table now has it (won,
        won otherwise after a correction, or not over after a Deshacer; given to a side by its
        acta's sanction, a ``table`` message), unless the desk, a forfeit or a bye wrote it.
        Once the game's acta is signed its hands no longer change."""
        if type_ == "table":
            hand = (data.get("current") or {}).get("hand") or {}
        elif type_ in GAME_MESSAGES:
            hand = (data.get("state") or {}).get("hand") or {}
        else:
            return  # the camera's messages have a "state" of their own: a word, no hand
        if hand.get("game") != 1:
            return
        pairing = self.records.pairing_at_table(hand["table_id"])
        if pairing is None or pairing.source not in (None, "table"):
            return
        result, reason = self._table_result(hand["table_id"], pairing.tournament_id)
        if result == _table_result_of(pairing):
            return
        if (
            self.records.set_result(pairing, **result, source="table", reason=reason)
            if result is not None
            else self.records.clear_table_result(pairing)
        ):
            self.hub.publish("tournament", {"tournament_id": pairing.tournament_id})

    def _table_result(self, table_id: int, tournament_id: int) -> tuple[dict[str, Any] | None, str]:
        """The board's result as the table's first game gives it (None while not won), and
        its reason: the sanction that gave it to a side, scored as a forfeit, else none."""
        won = self.referee.game_won(table_id, 1)
        if won is None or won.winner not in SIDE_OF_PAIR:
            return None, ""
        winner = SIDE_OF_PAIR[won.winner]
        if won.awarded is not None:
            score = self.settings_of(tournament_id).forfeit
            stones = {
                side: score.stones_won if side == winner else score.stones_lost
                for side in ("a", "b")
            }
        else:
            stones = {SIDE_OF_PAIR[p]: n for p, n in won.score.items() if p in SIDE_OF_PAIR}
        result = {"winner": winner, "stones_a": stones["a"], "stones_b": stones["b"]}
        return result, won.awarded or ""

    # what the desk shows

    def state(self, tournament_id: int) -> dict[str, Any]:
        tournament = self._tournament(tournament_id)
        settings = parse_settings(tournament.settings)
        teams = self.records.teams(tournament_id)
        names = {t.id: t.name for t in teams}
        pairings = self.records.pairings(tournament_id)
        lateness = self.records.lateness(tournament_id)
        tables = self.records.table_names(tournament_id)
        rounds = []
        for row in self.records.rounds(tournament_id):
            boards = [
                {
                    "id": p.id,
                    "board": p.board,
                    "team_a": {"id": p.team_a, "name": names[p.team_a]},
                    "team_b": None
                    if p.team_b is None
                    else {"id": p.team_b, "name": names[p.team_b]},
                    "table": None
                    if p.table_id is None
                    else {"id": p.table_id, "name": tables.get(p.table_id, "")},
                    "result": None
                    if p.winner is None
                    else {
                        "winner": p.winner,
                        "stones_a": p.stones_a,
                        "stones_b": p.stones_b,
                        "source": p.source,
                        "reason": p.reason,
                    },
                    "lateness": [
                        {
                            "team_id": e.team_id,
                            "minutes_late": e.minutes_late,
                            "sanction": e.sanction,
                            "stones": e.stones,
                        }
                        for e in lateness
                        if e.pairing_id == p.id
                    ],
                }
                for p in pairings
                if p.round == row.number
            ]
            rounds.append(
                {
                    "number": row.number,
                    "stage": row.stage,
                    "random_seed": row.random_seed,
                    "drawn_ms": row.drawn_ms,
                    "started_ms": row.started_ms,
                    "boards": boards,
                }
            )
        withdrawn = {t.id: t.withdrawn_round for t in teams if t.withdrawn_round is not None}
        apart = unranked(withdrawn, (_result_of(p) for p in pairings))
        table = self._standings(
            [t.id for t in teams if t.id not in apart], pairings, lateness_deductions(lateness)
        )
        over = self._finished(settings, teams, pairings)
        return {
            "tournament": {
                "id": tournament.id,
                "name": tournament.name,
                "created_ms": tournament.created_ms,
            },
            "settings": settings.model_dump(),
            "rules": rules_out(self._rules(tournament)),
            "tie_breaks": list(TIE_BREAKS),
            "teams": [
                {
                    "id": t.id,
                    "seed": t.seed,
                    "name": t.name,
                    "players": t.players,
                    "group": t.grp,
                    "withdrawn_round": t.withdrawn_round,
                }
                for t in teams
            ],
            "rounds": rounds,
            "standings": [standing_out(row, names, withdrawn.get(row.team)) for row in table],
            #: Once over (docs/tournament.md): why, and its winner (None: a final both lost).
            "finished": None
            if over is None
            else {"why": over, "winner": _champion(over, pairings, table, names)},
            #: Teams that withdrew before any result: not ranked (docs/tournament.md).
            "withdrawn": [
                {"team_id": t.id, "name": t.name, "withdrawn_round": t.withdrawn_round}
                for t in teams
                if t.id in apart
            ],
            "now_ms": int(time.time() * 1000),
        }

    def _standings(
        self,
        team_ids: list[int],
        pairings: list[PairingRow],
        deducted: dict[int, int] | None = None,
    ) -> list[Standing]:
        return standings(team_ids, [_result_of(p) for p in pairings], deducted)

    def export_json(self, tournament_id: int) -> dict[str, Any]:
        return self.state(tournament_id)

    def export_csv(self, tournament_id: int) -> str:
        """One line per board: round, board, the teams, the table, the result and its source."""
        state = self.state(tournament_id)
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow(
            ["round", "board", "team_a", "team_b", "table", "winner", "stones_a", "stones_b",
             "source", "reason"]
        )  # fmt: skip
        for row in state["rounds"]:
            for board in row["boards"]:
                result = board["result"] or {}
                winner = {"a": board["team_a"]["name"], "none": "none"}.get(
                    result.get("winner", ""), ""
                )
                if result.get("winner") == "b":
                    winner = board["team_b"]["name"]
                writer.writerow(
                    [
                        row["number"],
                        board["board"],
                        board["team_a"]["name"],
                        board["team_b"]["name"] if board["team_b"] else "(bye)",
                        board["table"]["name"] if board["table"] else "",
                        winner,
                        result.get("stones_a", ""),
                        result.get("stones_b", ""),
                        result.get("source", ""),
                        result.get("reason", ""),
                    ]
                )
        return out.getvalue()

    # lookups

    def _changed(self, tournament_id: int) -> dict[str, Any]:
        self.hub.publish("tournament", {"tournament_id": tournament_id})
        return self.state(tournament_id)

    def _tournament(self, tournament_id: int) -> TournamentRow:
        row = self.records.tournament(tournament_id)
        if row is None:
            raise NotFound(
                f"no tournament {tournament_id}",
                code="no_tournament",
                params={"tournament": tournament_id},
            )
        return row

    def _team(self, tournament_id: int, team_id: int) -> TeamRow:
        """The team ``team_id`` of the tournament; a refusal names the tournament and, when the
        team plays in another, the team and that one, as the desk shows them (their names)."""
        tournament = self._tournament(tournament_id)
        team = self.records.team(team_id)
        if team is None:
            raise NotFound(
                f"no team {team_id} in tournament {tournament.name!r}",
                code="no_team",
                params={"tournament": tournament.name},
            )
        if team.tournament_id != tournament_id:
            other = self._tournament(team.tournament_id)
            raise NotFound(
                f"{team.name} plays in tournament {other.name!r}, not in {tournament.name!r}",
                code="team_elsewhere",
                params={"team": team.name, "tournament": tournament.name, "other": other.name},
            )
        return team

    def _round(self, tournament_id: int, number: int) -> RoundRow:
        tournament = self._tournament(tournament_id)
        row = next((r for r in self.records.rounds(tournament_id) if r.number == number), None)
        if row is None:
            raise NotFound(
                f"no round {number} in tournament {tournament.name!r}",
                code="no_round",
                params={"round": number, "tournament": tournament.name},
            )
        return row

    def _pairing(self, tournament_id: int, pairing_id: int) -> PairingRow:
        """The board ``pairing_id`` (its row's id) of the tournament; a refusal names the
        tournament and, when the board is another's, its round and board number there."""
        tournament = self._tournament(tournament_id)
        pairing = self.records.pairing(pairing_id)
        if pairing is None:
            raise NotFound(
                f"no board {pairing_id} in tournament {tournament.name!r}",
                code="no_board",
                params={"tournament": tournament.name},
            )
        if pairing.tournament_id != tournament_id:
            other = self._tournament(pairing.tournament_id)
            raise NotFound(
                f"board {pairing.board} of round {pairing.round} is one of tournament"
                f" {other.name!r}, not of {tournament.name!r}",
                code="board_elsewhere",
                params={
                    "round": pairing.round,
                    "board": pairing.board,
                    "tournament": tournament.name,
                    "other": other.name,
                },
            )
        return pairing


def seats_of(a: TeamRow, b: TeamRow) -> list[SeatRow]:
    """Team a's players at the odd seats, team b's at the even ones, in their listed order."""
    return [
        SeatRow(seat, team.players[i])
        for i in range(len(a.players))
        for seat, team in ((2 * i + 1, a), (2 * i + 2, b))
    ]


def lateness_deductions(events: Iterable[LatenessRow]) -> dict[int, int]:
    """The stones each team has lost for lateness."""
    deducted: dict[int, int] = {}
    for event in events:
        deducted[event.team_id] = deducted.get(event.team_id, 0) + event.stones
    return deducted


def standing_out(
    row: Standing, names: dict[int, str], withdrawn_round: int | None = None
) -> dict[str, Any]:
    return {
        "rank": row.rank,
        "team_id": row.team,
        "name": names[row.team],
        #: The first round the team no longer plays, when it withdrew (None: still in).
        "withdrawn_round": withdrawn_round,
        "played": row.played,
        "won": row.won,
        "lost": row.lost,
        "byes": row.byes,
        "buchholz": row.buchholz,
        "stones_won": row.stones_won,
        "stones_lost": row.stones_lost,
        "deducted": row.deducted,
        "difference": row.difference,
    }


@contextmanager
def refused() -> Iterator[None]:
    """A refusal of the pure checks (:mod:`api.tournament.checks`) as the API's refusal of
    a request the tournament does not allow (409), its code and params kept for the page."""
    try:
        yield
    except Refusal as exc:
        if isinstance(exc, StateError):
            raise
        raise StateError(str(exc), code=exc.code, params=exc.params) from None


def _result_of(pairing: PairingRow) -> Result:
    return Result(
        pairing.round,
        pairing.team_a,
        pairing.team_b,
        pairing.winner,
        pairing.stones_a,
        pairing.stones_b,
    )


def _champion(
    over: str, pairings: list[PairingRow], table: list[Standing], names: dict[int, str]
) -> dict[str, Any] | None:
    """The winner of a tournament over: the final's, or the first of the standings."""
    first = table[0].team if table else None
    team = _winner_of(pairings[-1]) if over == "final_played" else first
    return None if team is None else {"id": team, "name": names[team]}


def _table_result_of(pairing: PairingRow) -> dict[str, Any] | None:
    """The pairing's result as ``Desk._table_result`` gives one, or None when it has none."""
    if pairing.winner is None:
        return None
    return {"winner": pairing.winner, "stones_a": pairing.stones_a, "stones_b": pairing.stones_b}


def _byes(pairings: list[PairingRow]) -> dict[int, int]:
    byes: dict[int, int] = {}
    for p in pairings:
        if p.team_b is None:
            byes[p.team_a] = byes.get(p.team_a, 0) + 1
    return byes


def _groups_of(teams: list[TeamRow]) -> list[list[int]]:
    numbers = sorted({t.grp for t in teams if t.grp is not None})
    return [[t.id for t in teams if t.grp == n] for n in numbers]


def _winner_of(pairing: PairingRow) -> int | None:
    if pairing.winner == "a":
        return pairing.team_a
    if pairing.winner == "b":
        return pairing.team_b
    return None


def _without_withdrawn(boards: list[knockout.Board], playing: set[int]) -> list[knockout.Board]:
    """A board whose team has withdrawn is a bye of the other (dropped if both have)."""
    kept: list[knockout.Board] = []
    for a, b in boards:
        sides = [t for t in (a, b) if t is not None and t in playing]
        if len(sides) == 2:
            kept.append((sides[0], sides[1]))
        elif sides:
            kept.append((sides[0], None))
    return kept
