"""A real PostgreSQL server for the test session: Debian's ``initdb`` and ``pg_ctl`` on a
temporary folder, listening on a free loopback port only, stopped and removed at the end.

PostgreSQL refuses to run as root, so as root the server runs as the ``postgres`` user that
Debian's package creates (``runuser``). ``scripts/ensure-postgresql`` installs the package.
"""

from __future__ import annotations

import contextlib
import glob
import itertools
import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

USER = "keinu"


class PostgresMissing(RuntimeError):
    pass


def _bin_dir() -> Path:
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parts[-3])
    )
    if not found:
        raise PostgresMissing(
            "PostgreSQL is not installed: run `bash scripts/ensure-postgresql` (Debian's "
            "postgresql package)"
        )
    return Path(found[-1]).parent


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class PostgresServer:
    def __init__(self) -> None:
        self.bin = _bin_dir()
        self.root = Path(tempfile.mkdtemp(prefix="keinu-pg-"))
        self.data = self.root / "data"
        self.port = _free_port()
        self._as_postgres = os.geteuid() == 0
        self._names = itertools.count(1)

    def _run(self, *argv: str) -> None:
        command = [str(self.bin / argv[0]), *argv[1:]]
        if self._as_postgres:
            command = ["runuser", "-u", "postgres", "--", *command]
        subprocess.run(command, check=True, capture_output=True, text=True)

    def start(self) -> PostgresServer:
        if self._as_postgres:
            shutil.chown(self.root, "postgres")
        self._run(
            "initdb", "-D", str(self.data), "-U", USER, "--auth=trust", "-E", "UTF8",
            "--locale=C", "--no-sync",
        )  # fmt: skip
        self.start_again()
        return self

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{USER}@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """The URL of a database of its own, empty, for one test."""
        import psycopg

        name = f"test_{next(self._names)}"
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name} TEMPLATE template0")
        return self.url(name)

    def stop(self, mode: str = "fast") -> None:
        self._run("pg_ctl", "-D", str(self.data), "-m", mode, "-w", "stop")

    def start_again(self) -> None:
        """Start the server on its data folder (after :meth:`stop`), on the same port."""
        options = (
            f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.root} "
            "-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        )
        self._run(
            "pg_ctl", "-D", str(self.data), "-o", options, "-l", str(self.root / "log"),
            "-w", "-t", "30", "start",
        )  # fmt: skip

    def remove(self) -> None:
        with contextlib.suppress(subprocess.CalledProcessError):  # it was not running
            self.stop("immediate")
        shutil.rmtree(self.root, ignore_errors=True)
