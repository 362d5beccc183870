"""Recording a table's video from the live feed (a real video source through the real app):
the switch, the files and their frame times, the review data, clips, exports, deleting a
session whole, retention, and a folder that cannot be written."""

from __future__ import annotations

import os
import time
from itertools import pairwise

import av
import pympi
import pytest
from fastapi.testclient import TestClient

from api.app import create_app
from api.recording import recorder as recorder_module
from api.recording.manifest import segments
from api.settings import Settings
from api.vision_feed import RawVideo
from tests.api.clips import write_clip
from tests.api.polling import wait_for
from tests.api.table_examples import SEATS
from vision.capture.sources import ReconnectPolicy
from vision.config.pipeline_settings import default_vision_settings


@pytest.fixture
def clip(tmp_path):
    return write_clip(tmp_path / "table.mp4", frames=60, fps=20.0, size=(320, 240))


def app_over(tmp_path, clip, **settings):
    settings = Settings(data_dir=tmp_path / "data", source=str(clip), **settings)
    reconnect = ReconnectPolicy.from_settings(default_vision_settings().sources)
    return create_app(
        settings, pipeline_factory=lambda: RawVideo(str(clip), loop=True, reconnect=reconnect)
    )


def new_table(client) -> int:
    response = client.post("/api/tables", json={"name": "Txoko", "seats": SEATS})
    assert response.status_code == 201, response.text
    return response.json()["table"]["id"]


def recorded_frames(client, table_id):
    status = client.get("/api/recording").json()["tables"][str(table_id)]
    return sum(c["frames"] for c in status["cameras"].values())


def frame_times(path):
    with av.open(str(path)) as container:
        return [int(frame.time * 1000) for frame in container.decode(video=0)]


def test_a_table_is_recorded_only_once_its_switch_is_on(tmp_path, clip):
    with TestClient(app_over(tmp_path, clip), base_url="http://127.0.0.1") as client:
        table_id = new_table(client)
        time.sleep(0.5)
        status = client.get("/api/recording").json()["tables"][str(table_id)]
        assert (status["on"], status["recording"]) == (False, False)
        assert not (tmp_path / "data" / "recordings" / f"table-{table_id}").exists()
        switched = client.put(f"/api/tables/{table_id}/recording", json={"on": True}).json()
        assert switched["on"] is True
        assert wait_for(lambda: recorded_frames(client, table_id) >= 30, timeout=10)
        assert client.get("/api/recording").json()["tables"][str(table_id)]["recording"]
        client.put(f"/api/tables/{table_id}/recording", json={"on": False})
    segment = segments(tmp_path / "data", f"table-{table_id}")[0]
    times = frame_times(segment.path)
    assert len(times) >= 20 and times[0] == 0
    # the pipeline's 20 fps clock (the clip's loop starts the next segment)
    assert {b - a for a, b in pairwise(times)} == {50}
    assert segment.width == 320 and segment.height == 240


def test_serve_record_records_reviews_clips_exports_and_deletes_a_session(tmp_path, clip):
    with TestClient(app_over(tmp_path, clip, record=True), base_url="http://127.0.0.1") as client:
        table_id = new_table(client)
        hand_id = client.get(f"/api/tables/{table_id}").json()["current"]["hand"]["id"]
        assert wait_for(lambda: recorded_frames(client, table_id) >= 20, timeout=10)
        client.post(f"/api/hands/{hand_id}/calls", json={"seat": 1, "text": "mus"})
        client.post(f"/api/hands/{hand_id}/calls", json={"seat": 2, "text": "sena wink left"})
        assert wait_for(lambda: recorded_frames(client, table_id) >= 50, timeout=10)
        name = f"table-{table_id}"
        review = client.get(f"/api/review/{name}").json()
        (video,) = [v for v in review["videos"] if v["camera"] == "cam1"][:1]
        assert client.get(video["url"]).content[4:8] == b"ftyp"
        (sena,) = review["timeline"]["senas"]
        assert sena["gestures"] == ["wink left"] and sena["start_ms"] >= 0
        noted = client.post(
            f"/api/review/{name}/senas/0/review", json={"action": "overruled", "note": "tos"}
        ).json()
        assert noted["timeline"]["senas"][0]["review"] == "overruled"
        made = client.post(f"/api/review/{name}/clip", json={"start_ms": 0, "end_ms": 1500})
        assert made.status_code == 200, made.text
        clip_file = client.get(made.json()["url"])
        assert clip_file.status_code == 200 and clip_file.content[4:8] == b"ftyp"
        eaf_response = client.get(f"/api/review/{name}/export/eaf")
        assert eaf_response.status_code == 200
        path = tmp_path / "export.eaf"
        path.write_bytes(eaf_response.content)
        eaf = pympi.Elan.Eaf(str(path))
        assert eaf.media_descriptors[0]["MEDIA_URL"].endswith(video["name"])
        (verdict,) = [a[2] for a in eaf.get_ref_annotation_data_for_tier("verdicts")]
        assert verdict.endswith("[overruled: tos]")
        assert client.get(f"/api/review/{name}/captions.vtt").text.startswith("WEBVTT")

        deleted = client.delete(f"/api/sessions/{name}").json()
        assert deleted == {"deleted": name, "video": True}
        assert not (tmp_path / "data" / "recordings" / name).exists()
        assert client.get(f"/api/tables/{table_id}").status_code == 404
        assert client.get(f"/api/review/{name}").status_code == 404
        assert client.delete("/api/sessions/..%2F..%2Fetc").status_code in (404, 422)


def test_an_unwritable_recordings_folder_says_so_and_the_table_goes_on(tmp_path, clip):
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "recordings").write_text("a file where the folder should be")
    with TestClient(app_over(tmp_path, clip, record=True), base_url="http://127.0.0.1") as client:
        table_id = new_table(client)

        def error():
            return client.get("/api/recording").json()["tables"][str(table_id)]["error"]

        assert wait_for(error, timeout=10)
        assert error().startswith("video recording stopped: cannot write")
        assert "\n" not in error()
        hand_id = client.get(f"/api/tables/{table_id}").json()["current"]["hand"]["id"]
        response = client.post(f"/api/hands/{hand_id}/calls", json={"seat": 1, "text": "mus"})
        assert response.status_code == 200
        assert not client.get("/api/recording").json()["tables"][str(table_id)]["recording"]


def test_a_full_disk_stops_the_video_with_a_message(tmp_path, clip, monkeypatch):
    monkeypatch.setattr(recorder_module, "MIN_FREE_BYTES", 1 << 62)  # no disk is that large
    with TestClient(app_over(tmp_path, clip, record=True), base_url="http://127.0.0.1") as client:
        table_id = new_table(client)
        status = lambda: client.get("/api/recording").json()["tables"][str(table_id)]  # noqa: E731
        assert wait_for(lambda: status()["error"], timeout=10)
        assert "No space left on device" in status()["error"]
        assert client.get(f"/api/tables/{table_id}").status_code == 200
    segment = segments(tmp_path / "data", f"table-{table_id}")[0]
    assert len(frame_times(segment.path)) == 50  # what was written before is kept


def test_retention_deletes_old_videos_only(tmp_path):
    recorder = recorder_module.Recorder(
        tmp_path,
        default_on=True,
        active_table=lambda: None,
        publish=lambda *a: None,
        retention_days=7,
    )
    for name, age_days in (("table-1", 8), ("table-2", 1)):
        folder = tmp_path / "recordings" / name
        folder.mkdir(parents=True)
        video = folder / "cam1-1.mp4"
        video.write_bytes(b"x")
        old = time.time() - age_days * 86400
        os.utime(video, (old, old))
    assert recorder.apply_retention() == ["table-1"]
    assert sorted(p.name for p in (tmp_path / "recordings").iterdir()) == ["table-2"]
