"""A club's load and faults: simulated tables posting calls and señas to several `keinu serve
--db` processes on one PostgreSQL, all on this machine's loopback, for a bounded time.

    python -m benchmarks.club_load [--tables 50] [--servers 3] [--seconds 120] [--rate 0.5]
                                   [--kill-at S] [--outage-at S] [--outage-s 10]

PostgreSQL is started here from Debian's packaged binaries on a temporary folder (as the tests
do) and removed at the end. Each table plays DESIGN's worked example hand again and again (28
calls, one of them a seña, turned round to each hand's mano; then the cards shown and the next
hand dealt), one request every 1/--rate seconds on average, spaced at random. A table whose
match ends starts a new table.

``--kill-at S`` kills the first server with SIGKILL S seconds in and starts it again: each of
its tables must resume with exactly the calls it had. ``--outage-at S`` stops PostgreSQL for
``--outage-s`` seconds: the servers must refuse calls (503) meanwhile and take them again once
it is back, on their own.

Prints the calls accepted, refused and unanswered, p50/p99 latency of an accepted call, and the
check against the database: every accepted call stored exactly once (a call whose answer was
lost with a killed server is "in doubt": it may be stored or not, and is counted apart).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import cast

import httpx

from benchmarks.docs_section import WRITE_DOCS_HELP, run_main
from tests.api.table_examples import EXAMPLE_CALLS, EXAMPLE_HANDS, SEATS
from tests.keinu_server import KeinuServer
from tests.postgres_server import PostgresServer

MAX_SECONDS = 900


def turned(seat: int, mano: int) -> int:
    """The seat that plays ``seat``'s part of the example (dealt with mano 1) when ``mano``
    is mano."""
    return (seat - 1 + mano - 1) % 4 + 1


@dataclass
class SimTable:
    server: int
    table_id: int = 0
    hand_id: int = 0
    mano: int = 1
    step: int = 0  # the next of EXAMPLE_CALLS; past them: show the cards, then deal
    in_doubt: bool = False


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    accepted: Counter[int] = field(default_factory=Counter)  # hand id -> calls accepted
    in_doubt: Counter[int] = field(default_factory=Counter)  # hand id -> answers lost
    outcomes: Counter[str] = field(default_factory=Counter)
    first_after_outage: float | None = None


class Club:
    def __init__(self, args: argparse.Namespace, postgres: PostgresServer, url: str) -> None:
        self.args = args
        self.postgres = postgres
        self.db_url = url
        self.servers: list[KeinuServer] = []
        self.tally = Tally()
        self.outage_over_at: float | None = None
        self.resumed: list[bool] = []

    def start_server(self) -> KeinuServer:
        data = Path(self.postgres.root) / f"serve-{len(self.servers)}"
        return KeinuServer("--no-live", "--db", self.db_url, "--data-dir", str(data))

    async def new_table(self, client: httpx.AsyncClient, table: SimTable) -> None:
        url = self.servers[table.server].url
        response = await client.post(f"{url}/api/tables", json={"name": "Mesa", "seats": SEATS})
        response.raise_for_status()
        state = response.json()
        table.table_id = state["table"]["id"]
        table.hand_id = state["current"]["hand"]["id"]
        table.mano, table.step = 1, 0

    async def play(self, client: httpx.AsyncClient, table: SimTable, until: float) -> None:
        await self.new_table(client, table)
        while time.monotonic() < until:
            await asyncio.sleep(random.expovariate(self.args.rate))
            try:
                await self.one_step(client, table)
            except httpx.TransportError:
                self.tally.outcomes["unanswered"] += 1

    async def one_step(self, client: httpx.AsyncClient, table: SimTable) -> None:
        url = self.servers[table.server].url
        if table.in_doubt:  # the server went away mid-request: read where the hand is
            hand = (await client.get(f"{url}/api/hands/{table.hand_id}")).json()
            table.step = len(hand["view"]["calls"])
            table.in_doubt = False
        if table.step < len(EXAMPLE_CALLS):
            seat, text = EXAMPLE_CALLS[table.step]
            # each of the example's calls is [seat, text]: a list of int and str to mypy
            body = {"seat": turned(cast(int, seat), table.mano), "text": text}
            started = time.perf_counter()
            try:
                response = await client.post(f"{url}/api/hands/{table.hand_id}/calls", json=body)
            except httpx.TransportError:
                table.in_doubt = True
                self.tally.in_doubt[table.hand_id] += 1
                raise
            if response.status_code == 200:
                self.tally.latencies.append(time.perf_counter() - started)
                self.tally.accepted[table.hand_id] += 1
                table.step += 1
                if self.outage_over_at is not None and self.tally.first_after_outage is None:
                    self.tally.first_after_outage = time.monotonic() - self.outage_over_at
            self.tally.outcomes[f"call {response.status_code}"] += 1
        elif table.step == len(EXAMPLE_CALLS):
            hands = {str(turned(int(s), table.mano)): c for s, c in EXAMPLE_HANDS.items()}
            response = await client.put(
                f"{url}/api/hands/{table.hand_id}/shown", json={"hands": hands}
            )
            if response.status_code == 200:
                table.step += 1
        else:
            response = await client.post(f"{url}/api/tables/{table.table_id}/hands")
            if response.status_code == 201:
                state = response.json()
                table.hand_id = state["current"]["hand"]["id"]
                table.mano = state["current"]["hand"]["mano"]
                table.step = 0
            elif response.status_code == 409:  # the match is over
                await self.new_table(client, table)

    async def kill_and_restart(self, at: float, tables: list[SimTable]) -> None:
        await asyncio.sleep(at)
        victim = self.servers[0]
        mine = [t for t in tables if t.server == 0]
        victim.kill()
        self.servers[0] = await asyncio.to_thread(self.start_server)
        async with httpx.AsyncClient(timeout=10) as client:
            for table in mine:
                hand = (await client.get(f"{self.servers[0].url}/api/hands/{table.hand_id}")).json()
                stored = len(hand["view"]["calls"])
                accepted = self.tally.accepted[table.hand_id]
                doubt = self.tally.in_doubt[table.hand_id]
                self.resumed.append(accepted <= stored <= accepted + doubt)

    async def outage(self, at: float, seconds: float) -> None:
        await asyncio.sleep(at)
        await asyncio.to_thread(self.postgres.stop)
        await asyncio.sleep(seconds)
        await asyncio.to_thread(self.postgres.start_again)
        self.outage_over_at = time.monotonic()

    async def run(self) -> None:
        args = self.args
        tables = [SimTable(server=i % args.servers) for i in range(args.tables)]
        until = time.monotonic() + args.seconds
        limits = httpx.Limits(max_connections=args.tables + 10)
        async with httpx.AsyncClient(timeout=10, limits=limits) as client:
            jobs = [self.play(client, table, until) for table in tables]
            if args.kill_at is not None:
                jobs.append(self.kill_and_restart(args.kill_at, tables))
            if args.outage_at is not None:
                jobs.append(self.outage(args.outage_at, args.outage_s))
            await asyncio.gather(*jobs)

    def stored_calls(self) -> Counter[int]:
        import psycopg

        with psycopg.connect(self.db_url) as conn:
            rows = conn.execute("SELECT hand_id, COUNT(*) FROM calls GROUP BY hand_id").fetchall()
        return Counter(dict(rows))


def report(club: Club, elapsed: float) -> bool:
    tally = club.tally
    stored = club.stored_calls()
    exact = doubtful = lost = extra = 0
    for hand_id in set(stored) | set(tally.accepted):
        accepted, kept, doubt = tally.accepted[hand_id], stored[hand_id], tally.in_doubt[hand_id]
        if kept == accepted:
            exact += 1
        elif accepted < kept <= accepted + doubt:
            doubtful += kept - accepted
        elif kept < accepted:
            lost += accepted - kept
        else:
            extra += kept - accepted - doubt
    latencies = sorted(tally.latencies)
    p50 = statistics.median(latencies) * 1000 if latencies else float("nan")
    p99 = latencies[int(0.99 * (len(latencies) - 1))] * 1000 if latencies else float("nan")
    print(
        f"{club.args.tables} tables on {club.args.servers} servers, {elapsed:.0f} s: "
        f"{sum(tally.accepted.values())} calls accepted "
        f"({sum(tally.accepted.values()) / elapsed:.1f}/s), p50 {p50:.1f} ms, p99 {p99:.1f} ms"
    )
    print("outcomes: " + ", ".join(f"{k} x{v}" for k, v in sorted(tally.outcomes.items())))
    print(
        f"database: {exact} hands exactly as accepted; lost {lost}, stored twice or unasked "
        f"{extra}; in doubt and stored {doubtful} of {sum(tally.in_doubt.values())}"
    )
    if club.resumed:
        print(f"killed server: {sum(club.resumed)} of {len(club.resumed)} tables resumed intact")
    if club.outage_over_at is not None:
        after = tally.first_after_outage
        print(
            "PostgreSQL outage: "
            + (f"first call accepted {after:.2f} s after it was back" if after else "no recovery")
        )
    return lost == 0 and extra == 0 and all(club.resumed)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--servers", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=120)
    parser.add_argument("--rate", type=float, default=0.5, help="requests a second per table")
    parser.add_argument("--kill-at", type=float)
    parser.add_argument("--outage-at", type=float)
    parser.add_argument("--outage-s", type=float, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--write-docs", action="store_true", help=WRITE_DOCS_HELP)
    args = parser.parse_args()
    if not (0 < args.seconds <= MAX_SECONDS and 1 <= args.tables <= 200 and args.servers >= 1):
        parser.error(f"--seconds up to {MAX_SECONDS}, --tables 1..200, --servers 1 or more")
    random.seed(args.seed)
    postgres = PostgresServer().start()
    try:
        club = Club(args, postgres, postgres.new_database())
        try:
            for _ in range(args.servers):
                club.servers.append(club.start_server())
            started = time.monotonic()
            asyncio.run(club.run())
            ok = report(club, time.monotonic() - started)
        finally:
            for server in club.servers:
                server.stop()
    finally:
        postgres.remove()
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(run_main(main, "club_load", "A club on one PostgreSQL"))
