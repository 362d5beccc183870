"""A damaged SQLite file: refused at start with what to do, never a 500 while running; the
backups kept beside it, and ``keinu db check|backup|restore``."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from api.app import create_app
from api.cli import main
from api.db import backups as backups_module
from api.db.errors import StoreCorrupt
from api.db.migrations import LATEST
from api.settings import Settings
from api.store import SeatRow, Store
from tests.api.table_examples import SEATS

PAGE = 4096
HOLD_OPEN = """
import sys
from api.store import Store
store = Store(sys.argv[1])
print("open", flush=True)
sys.stdin.read()
"""


def filled_store(path: Path, tables: int = 40) -> None:
    """A store of many pages: tables, a hand each, players."""
    store = Store(path)
    for i in range(tables):
        table = store.create_table(
            name=f"Mesa {i}",
            profile="standard",
            target=40,
            reyes=8,
            first_mano=1,
            seats=[SeatRow(1, "Ane"), SeatRow(2, "Bego")],
        )
        hand = store.create_hand(table.id, game=1, hand_in_game=1, mano=1, score={"1-3": 0})
        store.append_call(hand.id, 1, "mus")
        store.save_player(f"player {i}", sensitivities={"wink": i / 10})
    store.close()


def damage(path: Path, first_page: int = 2) -> None:
    """Overwrite every page from ``first_page`` on (the header stays: it is still SQLite)."""
    pages = path.stat().st_size // PAGE
    assert pages > first_page + 2, "too small a file to damage only in part"
    with open(path, "r+b") as f:
        f.seek(PAGE * first_page)
        f.write(b"\xff" * PAGE * (pages - first_page - 1))


def db(capsys, *argv: str) -> tuple[int, str, str]:
    status = main(["db", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_a_damaged_file_is_refused_at_start_naming_the_backup_to_restore(tmp_path):
    path = tmp_path / "keinu.sqlite3"
    filled_store(path)
    (daily,) = Store(path).backups.of_kind("daily")
    damage(path)
    with pytest.raises(StoreCorrupt, match=rf"is damaged .*keinu db restore.*{daily.name}"):
        Store(path)


def test_keinu_serve_on_a_damaged_file_says_so_in_one_line(tmp_path, capsys):
    data = tmp_path / "data"
    filled_store(data / "keinu.sqlite3")
    damage(data / "keinu.sqlite3")
    port = _free_port()
    status = main(["serve", "--no-live", "--data-dir", str(data), "--port", str(port)])
    err = capsys.readouterr().err
    assert status == 2
    assert err.count("\n") == 1 and "Traceback" not in err, err
    assert "is damaged" in err and "keinu db restore" in err


def test_damage_found_while_running_answers_503_with_what_to_do_never_500(tmp_path):
    settings = Settings(data_dir=tmp_path / "data", live=False)
    with TestClient(create_app(settings), base_url="http://127.0.0.1") as client:
        table_ids = []
        for i in range(40):
            body = {"name": f"T{i}", "profile": "standard", "target": 40, "mano": 1}
            response = client.post("/api/tables", json=body | {"seats": SEATS})
            table_ids.append(response.json()["table"]["id"])
        hand_id = client.get("/api/tables/active").json()["current"]["hand"]["id"]
        client.app.state.store.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        damage(settings.database)
        # another writer moves the file on, so the server reads its pages again from disk
        other = sqlite3.connect(settings.database)
        other.execute("PRAGMA user_version = 1")
        other.close()
        new_table = {"name": "x", "profile": "standard", "target": 40, "mano": 1, "seats": SEATS}
        for method, url, body in [
            ("GET", "/api/tables/active", None),
            ("GET", f"/api/hands/{hand_id}", None),
            ("GET", f"/api/tables/{table_ids[0]}/report", None),
            ("GET", f"/api/tables/{table_ids[0]}/export", None),
            ("POST", f"/api/tables/{table_ids[0]}/export", {"name": "saved"}),
            ("POST", "/api/tables", new_table),
        ]:
            response = client.request(method, url, json=body)
            assert response.status_code == 503, (url, response.text)
            assert "is damaged" in response.json()["detail"]
            assert "keinu db restore" in response.json()["detail"]


def test_backups_are_kept_daily_and_before_a_schema_change_and_bounded(tmp_path, monkeypatch):
    path = tmp_path / "keinu.sqlite3"
    store = Store(path)
    (first,) = store.backups.of_kind("daily")
    store.save_player("Ane", sensitivities={})
    assert store.backups.of_kind("daily") == [first]  # not again the same day
    day_old = time.time() - backups_module.DAY_S - 60
    os.utime(first, (day_old, day_old))
    store.backups._daily_checked_at = 0  # as if an hour had passed since it last looked
    store.save_player("Bego", sensitivities={})
    assert len(store.backups.of_kind("daily")) == 2
    monkeypatch.setattr(backups_module, "KEEP", 3)
    made = [store.backup("manual") for _ in range(5)]
    assert store.backups.of_kind("manual") == made[-3:]
    assert len(store.backups.of_kind("daily")) == 2
    store.close()


def test_db_check_backup_and_restore_bring_back_a_damaged_store(tmp_path, capsys):
    data = tmp_path / "data"
    path = data / "keinu.sqlite3"
    filled_store(path, tables=30)
    status, out, _ = db(capsys, "check", "--data-dir", str(data))
    assert status == 0
    assert f"ok, schema version {LATEST}, 30 table(s), 30 hand(s)" in out
    status, out, _ = db(capsys, "backup", "--data-dir", str(data))
    assert status == 0 and "-manual.sqlite3" in out

    damage(path)
    status, _, err = db(capsys, "check", "--data-dir", str(data))
    assert status == 2 and err.count("\n") == 1 and "is damaged" in err, err
    status, out, _ = db(capsys, "restore", "--data-dir", str(data))
    assert status == 0 and "-manual.sqlite3" in out and "-replaced.sqlite3" in out

    status, out, _ = db(capsys, "check", "--data-dir", str(data))
    assert status == 0 and "30 table(s)" in out
    store = Store(path)
    assert [t.name for t in store.list_tables()][-1] == "Mesa 29"
    assert len(store.backups.of_kind("replaced")) == 1
    store.close()


def test_db_restore_refuses_while_a_server_has_the_file_open(tmp_path, capsys):
    data = tmp_path / "data"
    filled_store(data / "keinu.sqlite3", tables=3)
    assert db(capsys, "backup", "--data-dir", str(data))[0] == 0
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD_OPEN, str(data / "keinu.sqlite3")],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout.readline() == "open\n"
        status, _, err = db(capsys, "restore", "--data-dir", str(data))
        assert status == 2 and "running keinu serve: stop it" in err, err
    finally:
        holder.communicate("")
    assert db(capsys, "restore", "--data-dir", str(data))[0] == 0


def test_db_refuses_what_it_cannot_do_in_one_line(tmp_path, capsys):
    status, _, err = db(capsys, "restore", "--data-dir", str(tmp_path))
    assert status == 2 and "no backup" in err
    status, _, err = db(capsys, "check", "--data-dir", str(tmp_path))
    assert status == 2 and "no store yet" in err
    garbage = tmp_path / "not-a-backup.sqlite3"
    garbage.write_bytes(b"hello" * 100)
    status, _, err = db(capsys, "restore", str(garbage), "--data-dir", str(tmp_path))
    assert status == 2 and "not a usable backup" in err
    assert not (tmp_path / "keinu.sqlite3").exists()
    status, _, err = db(capsys, "backup", "--db", "postgresql://u@127.0.0.1:1/x")
    assert status == 2 and "pg_dump" in err
    status, _, err = db(capsys, "check", "--db", "mysql://x")
    assert status == 2 and "postgresql://" in err
    assert err.count("\n") == 1 and "Traceback" not in err


def _free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def backed_up(capsys, data: Path) -> Path:
    """``keinu db backup`` of the store in ``data``: the backup it made."""
    status, out, _ = db(capsys, "backup", "--data-dir", str(data))
    assert status == 0
    return Path(out.split(" to ")[-1].strip())


def test_db_check_marks_a_backup_restore_would_refuse(tmp_path, capsys):
    data = tmp_path / "data"
    filled_store(data / "keinu.sqlite3", tables=30)
    good = backed_up(capsys, data)
    garbage = good.with_name("keinu-29990101T000000Z-manual.sqlite3")
    garbage.write_text("garbage\n")
    cut = good.with_name("keinu-29990102T000000Z-manual.sqlite3")
    cut.write_bytes(good.read_bytes()[: PAGE * 3])  # an SQLite header, most pages gone

    status, out, err = db(capsys, "check", "--data-dir", str(data))
    assert status == 0 and err == ""
    assert f"  backup {good}\n" in out
    assert f"  not a usable backup: {garbage} (not an SQLite file): delete it" in out
    assert f"  not a usable backup: {cut} (" in out
    assert sorted(p.name for p in good.parent.iterdir() if "-daily" not in p.name) == sorted(
        [good.name, garbage.name, cut.name]
    )
    status, _, err = db(capsys, "restore", str(garbage), "--data-dir", str(data))
    assert status == 2 and "is not a usable backup (file is not a database)" in err


def test_db_restore_leaves_nothing_beside_the_backup_it_read(tmp_path, capsys):
    data = tmp_path / "data"
    filled_store(data / "keinu.sqlite3", tables=3)
    backup = backed_up(capsys, data)
    assert db(capsys, "restore", str(backup), "--data-dir", str(data))[0] == 0
    assert db(capsys, "check", "--data-dir", str(data))[0] == 0
    assert not list(backup.parent.glob(f"{backup.name}-*")), list(backup.parent.iterdir())


def test_db_says_what_is_wrong_with_a_folder_a_file_or_a_server_it_cannot_reach(tmp_path, capsys):
    status, _, err = db(capsys, "restore", str(tmp_path), "--data-dir", str(tmp_path))
    assert status == 2 and err == (
        f"keinu db: {tmp_path} is a folder: name a backup file in it (keinu db check lists the "
        "backups)\n"
    )
    not_a_folder = tmp_path / "existing.txt"
    not_a_folder.write_text("notes\n")
    for action in ("check", "backup", "restore"):
        status, _, err = db(capsys, action, "--data-dir", str(not_a_folder))
        assert status == 2 and err == (
            f"keinu db: --data-dir {not_a_folder} is a file, not a folder: give the folder "
            "keinu serve keeps its data in\n"
        )
    status, _, err = db(
        capsys, "check", "--db", f"postgresql://nobody:pw@127.0.0.1:{_free_port()}/x"
    )
    assert status == 2 and err.count("\n") == 1, err
    assert err.startswith(
        "keinu db: cannot reach the PostgreSQL server of postgresql://nobody:***@"
    )
    assert err.endswith(
        "check that it is running and that the URL's host, port, user, password and database "
        "are right\n"
    )
    assert "nothing was stored" not in err and ":pw@" not in err


def test_db_restore_passes_over_a_newer_backup_that_does_not_read(tmp_path, capsys):
    data = tmp_path / "data"
    filled_store(data / "keinu.sqlite3", tables=5)
    good = backed_up(capsys, data)
    garbage = good.with_name("keinu-29990101T000000Z-manual.sqlite3")
    garbage.write_text("garbage\n")
    status, out, _ = db(capsys, "restore", "--data-dir", str(data))
    assert status == 0
    assert f"passed over {garbage}: not a usable backup" in out
    assert f"restored {data / 'keinu.sqlite3'} from {good}" in out


def test_the_file_a_restore_replaces_keeps_what_was_only_in_its_wal(tmp_path, capsys):
    """A killed server leaves writes in keinu.sqlite3-wal: the file moved aside holds them, so
    restoring it later (which copies the file alone) loses nothing."""
    data = tmp_path / "data"
    path = data / "keinu.sqlite3"
    filled_store(path, tables=2)
    assert db(capsys, "backup", "--data-dir", str(data))[0] == 0
    live = sqlite3.connect(path)
    live.execute("PRAGMA journal_mode=WAL")
    live.execute("PRAGMA wal_autocheckpoint=0")
    live.execute("CREATE TABLE late (note TEXT)")
    live.execute("INSERT INTO late VALUES ('after the backup')")
    live.commit()
    killed = tmp_path / "killed"
    killed.mkdir()
    for suffix in ("", "-wal"):  # the files as a kill leaves them, the -wal not yet folded in
        (killed / f"keinu.sqlite3{suffix}").write_bytes(Path(f"{path}{suffix}").read_bytes())
    live.close()
    path.unlink()
    for suffix in ("", "-wal"):
        Path(f"{path}{suffix}").write_bytes((killed / f"keinu.sqlite3{suffix}").read_bytes())
    assert Path(f"{path}-wal").stat().st_size > 0

    status, out, _ = db(capsys, "restore", "--data-dir", str(data))
    assert status == 0
    replaced = Path(out.split("kept as ")[-1].strip())
    alone = tmp_path / "alone.sqlite3"
    alone.write_bytes(replaced.read_bytes())  # the file without any -wal
    rows = sqlite3.connect(alone).execute("SELECT note FROM late").fetchall()
    assert rows == [("after the backup",)]
