"""The BORIS tables (``keinu export --format csv``) name each video by its absolute path: BORIS
opens the path a row names as written, from wherever the table is read, so a path relative to
where keinu was run (an analysis folder or a data dir given relative) would not be found from
the export's folder. The ELAN document of the same export links the same file."""

from __future__ import annotations

import json
from pathlib import Path

import pympi

from api.cli import main
from api.recording.manifest import session_folder
from tests.api.test_export_per_file import table_rows, two_files


def named(rows: list[dict[str, str]]) -> set[str]:
    """The files the rows name (a row no file filmed names none)."""
    return {r["Media file path"] for r in rows} - {""}


def test_an_analysis_given_by_a_relative_path_names_its_video_absolute(tmp_path, monkeypatch):
    """``cd /tmp/x && keinu export single --format csv --out ex2b``."""
    folder = tmp_path / "single"
    folder.mkdir()
    gesture = {"seat": 1, "kind": "lip_bite", "side": "center", "start_ms": 500, "end_ms": 800}
    (folder / "gestures.jsonl").write_text(json.dumps(gesture) + "\n")
    summary = {"source": "t.mp4", "frames": 60, "duration_ms": 3000, "profile": "standard"}
    (folder / "summary.json").write_text(json.dumps(summary))
    (folder / "annotated.mp4").write_bytes(b"")
    monkeypatch.chdir(tmp_path)
    argv = ["export", "single", "--format", "csv", "--format", "eaf", "--out", "ex2b"]
    assert main(argv) == 0
    video = (folder / "annotated.mp4").resolve()
    for rows in table_rows(tmp_path / "ex2b", "gestures").values():
        assert len(rows) == 4
        assert named(rows) == {str(video)}
    (linked,) = pympi.Elan.Eaf(str(tmp_path / "ex2b" / "gestures.eaf")).media_descriptors
    assert linked["MEDIA_URL"] == video.as_uri()


def test_a_session_of_a_relative_data_dir_names_its_files_absolute(
    client, settings, tmp_path, monkeypatch
):
    name, _, (first, _), (second, _) = two_files(client, settings)
    monkeypatch.chdir(settings.data_dir.parent)
    data_dir = settings.data_dir.relative_to(settings.data_dir.parent)
    argv = ["export", name, "--format", "csv", "--out", "ex", "--data-dir", str(data_dir)]
    assert main(argv) == 0
    folder = session_folder(settings.data_dir, name).resolve()
    for rows in table_rows(settings.data_dir.parent / "ex", name).values():
        assert named(rows) == {str(folder / first), str(folder / second)}
        assert all(Path(path).is_file() for path in named(rows))
