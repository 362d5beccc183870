"""``keinu serve`` where a user meets it: a club's profile file, a seat map per camera, and one
clear line with exit status 2 for every mistake (nothing here starts the server)."""

from __future__ import annotations

import socket

import pytest
from fastapi.testclient import TestClient

from api.app import create_app
from api.cli import UserError, build_parser, main
from api.commands.serve import _lan_address, _what_runs, settings_from
from api.vision_feed import vision_pipeline_factory
from engine.gesture import Gesture
from engine.senas import profile_names
from tests.api.clips import write_clip
from tests.api.table_examples import SEATS
from vision.seats import parse_seat_map

BAD_CLUB = 'extends = "standard"\n\n[senas]\n"lip_bite up" = "dos_reyes"\n'


def serve(*argv: str) -> int:
    return main(["serve", *argv])


def one_line(err: str) -> str:
    assert err.count("\n") == 1 and "Traceback" not in err, err
    assert err.startswith("keinu serve: ")
    return err


def test_a_clubs_profile_file_is_the_house_profile(tmp_path, monkeypatch):
    (tmp_path / "club.toml").write_text('extends = "navarra"\n\n[senas]\n"shrug" = "punto_30"\n')
    monkeypatch.chdir(tmp_path)
    args = build_parser().parse_args(
        ["serve", "--profile", "club.toml", "--no-live", "--data-dir", str(tmp_path / "d")]
    )
    settings = settings_from(args)
    assert settings.profile == str(tmp_path / "club.toml")  # absolute: found from anywhere
    app = create_app(settings)
    assert app.state.practice.profile.name == "club"
    meanings = {entry.meaning for entry in app.state.practice.profile.entries}
    assert "punto_30" in meanings


def test_a_table_set_up_on_the_dashboard_uses_the_clubs_file(tmp_path):
    club = tmp_path / "club.toml"
    club.write_text('extends = "standard"\n\n[senas]\n"shrug" = "punto_30"\n')
    parse = build_parser().parse_args
    settings = settings_from(
        parse(["serve", "--profile", str(club), "--no-live", "--data-dir", str(tmp_path / "d")])
    )
    with TestClient(create_app(settings), base_url="http://127.0.0.1") as client:
        offered = client.get("/api/profiles").json()
        assert offered == {
            "profiles": [*profile_names(), str(club)],
            "default": str(club),
            "labels": {**{name: name for name in profile_names()}, str(club): "club (club.toml)"},
            # a profile that lists señas is offered for Mus, Encaje's (none) for the Encaje
            "games": {
                **{name: ["encaje" if name == "encaje" else "mus"] for name in profile_names()},
                str(club): ["mus"],
            },
            # the reyes each reads its señas under: Navarra's 4, and the club's its parent's
            "reyes": {
                **{name: 4 if name == "navarra" else 8 for name in profile_names()},
                str(club): 8,
            },
        }
        other = tmp_path / "other.toml"
        other.write_text(club.read_text())
        body = {"seats": SEATS, "profile": str(other)}
        assert client.post("/api/tables", json=body).status_code == 422
        body["profile"] = str(club)
        table = client.post("/api/tables", json=body).json()
        hand_id = table["current"]["hand"]["id"]
        client.app.state.referee.observe(Gesture(1, "shrug", "both", 100, 500), "cam1")
        senas = client.get(f"/api/hands/{hand_id}").json()["senas"]
    assert [(s["meaning"], s["verdict"]) for s in senas] == [("punto_30", "legal")]


def test_a_broken_profile_file_names_its_file_line_and_reason(tmp_path, capsys):
    club = tmp_path / "club.toml"
    club.write_text(BAD_CLUB)
    assert serve("--profile", str(club), "--no-live", "--data-dir", str(tmp_path)) == 2
    err = one_line(capsys.readouterr().err)
    assert f"--profile: {club}, line 4: seña 'lip_bite up': gesture 'lip_bite' takes" in err


def test_each_camera_gets_its_seat_map_in_the_order_of_the_sources(tmp_path, monkeypatch):
    a = write_clip(tmp_path / "a.mp4", frames=2)
    b = write_clip(tmp_path / "b.mp4", frames=2)
    sources = ["--source", str(a), "--source", str(b)]
    seats = ["--seats", "1,2", "--seats", "3=0,0,80,120;4=80,0,80,120"]
    args = build_parser().parse_args(["serve", *sources, *seats, "--data-dir", str(tmp_path)])
    settings = settings_from(args)
    assert settings.seats == ["1,2", "3=0,0,80,120;4=80,0,80,120"]

    made = {}

    class RecordingPipeline:
        def __init__(self, sources, **options):
            made["sources"] = [source.source_id for source in sources]
            made["seat_maps"] = options["seat_maps"]

    monkeypatch.setattr("api.vision_feed.models_missing", lambda: None)
    monkeypatch.setattr("vision.pipeline.Pipeline", RecordingPipeline)
    monkeypatch.setattr("vision.mediapipe.landmarks.mediapipe_factory", lambda settings, pose: None)
    vision_pipeline_factory(settings)()
    assert made == {
        "sources": ["cam1", "cam2"],
        "seat_maps": {
            "cam1": parse_seat_map("1,2"),
            "cam2": parse_seat_map("3=0,0,80,120;4=80,0,80,120"),
        },
    }


def test_without_seats_the_pipeline_hands_out_seats_itself(tmp_path, monkeypatch):
    clip = write_clip(tmp_path / "a.mp4", frames=2)
    settings = settings_from(build_parser().parse_args(["serve", "--source", str(clip)]))
    made = {}
    monkeypatch.setattr("api.vision_feed.models_missing", lambda: None)
    monkeypatch.setattr("vision.pipeline.Pipeline", lambda sources, **o: made.update(o))
    monkeypatch.setattr("vision.mediapipe.landmarks.mediapipe_factory", lambda settings, pose: None)
    vision_pipeline_factory(settings)()
    assert made["seat_maps"] is None


@pytest.fixture
def busy_port():
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        yield holder.getsockname()[1]


@pytest.fixture
def corrupt_clip(tmp_path):
    path = tmp_path / "corrupt.mp4"
    path.write_bytes(b"\x00not a video" * 50)
    return path


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--source", "{tmp}/missing.mp4"], "--source: no such video, image or folder"),
        (["--source", "{corrupt}"], "not a video OpenCV can read"),
        (["--port", "{busy}", "--no-live"], "is in use (another keinu serve?): try another --port"),
        (["--port", "70000", "--no-live"], "--port: "),
        (["--host", "no-such-host.invalid", "--no-live"], "no such address or host name"),
        (["--host", "192.0.2.1", "--no-live"], "--host 192.0.2.1: not an address of this"),
        (["--data-dir", "{corrupt}/data", "--no-live"], "--data-dir"),
        (["--profile", "nosuch", "--no-live"], "no profile 'nosuch'; known: encaje, extended"),
        (["--profile", "../etc", "--no-live"], "--profile: give a profile name"),
        (["--seats", "7,8"], "--seats 7,8: seat must be 1..6"),
        (["--seats", "1,2", "--seats", "3"], "--seats given 2 times for 1 source(s)"),
    ],
)
def test_each_mistake_is_one_clear_line_and_exit_2(
    tmp_path, capfd, busy_port, corrupt_clip, argv, message
):
    filled = [a.format(tmp=tmp_path, corrupt=corrupt_clip, busy=busy_port) for a in argv]
    if "--data-dir" not in filled:
        filled += ["--data-dir", str(tmp_path / "data")]
    assert serve(*filled) == 2
    captured = capfd.readouterr()  # OpenCV's and FFmpeg's own lines would show here too
    assert message in one_line(captured.err)
    assert captured.out == ""


def test_the_desk_is_not_served_with_encajes_profile(tmp_path):
    """Its tables are Mus tables of pairs: with a profile of no señas every seña would be a
    cheat. Refused at the start, in one line, rather than at the first tables assigned."""
    args = build_parser().parse_args(
        ["serve", "--desk", "--profile", "encaje", "--no-live", "--data-dir", str(tmp_path)]
    )
    with pytest.raises(UserError) as refused:
        settings_from(args)
    assert str(refused.value).startswith("--desk --profile encaje: this profile has no señas")
    assert "\n" not in str(refused.value)


def test_a_short_token_is_refused_and_a_made_up_one_is_not_shown_before_a_failure(
    tmp_path, capsys, monkeypatch
):
    monkeypatch.setenv("KEINU_TOKEN", "abc")
    assert serve("--host", "0.0.0.0", "--no-live", "--data-dir", str(tmp_path)) == 2
    assert "KEINU_TOKEN is too short (3 characters)" in one_line(capsys.readouterr().err)

    monkeypatch.delenv("KEINU_TOKEN")
    with socket.socket() as holder:
        holder.bind(("0.0.0.0", 0))
        holder.listen()
        port = str(holder.getsockname()[1])
        assert serve("--host", "0.0.0.0", "--port", port, "--no-live") == 2
    captured = capsys.readouterr()
    assert "is in use" in one_line(captured.err) and captured.out == ""


def test_the_banner_says_what_is_watched_and_how_to_use_the_webcam(tmp_path, monkeypatch):
    parse = build_parser().parse_args
    monkeypatch.setattr("api.vision_feed.models_missing", lambda: None)
    assert _what_runs(settings_from(parse(["serve"]))) == [
        "video: the bundled sample table (sample_videos/table.mp4, looped); "
        "for your webcam run `keinu serve --source 0`"
    ]
    clip = write_clip(tmp_path / "a.mp4", frames=2)
    assert _what_runs(settings_from(parse(["serve", "--source", str(clip)]))) == [
        f"video: cam1 = {clip}"
    ]
    assert _what_runs(settings_from(parse(["serve", "--no-live"]))) == [
        "no video (--no-live): calls and señas are entered by hand"
    ]
    monkeypatch.setattr("api.vision_feed.models_missing", lambda: "run `keinu models fetch`")
    assert _what_runs(settings_from(parse(["serve"])))[-1] == (
        "showing the video without detection: run `keinu models fetch`"
    )


def test_beyond_loopback_the_address_shown_is_one_this_machine_listens_on():
    shown = _lan_address()
    with socket.socket() as probe:
        probe.bind((shown, 0))  # an address of this machine (or its name), never 0.0.0.0
    assert shown not in ("0.0.0.0", "127.0.0.1")


@pytest.mark.parametrize(
    ("variable", "value", "message"),
    [
        ("KEINU_PORT", "abc", "KEINU_PORT=abc: give a whole number from 0 to 65535"),
        ("KEINU_SEATS", "1,2", 'KEINU_SEATS=1,2: give a JSON list, e.g. ["1,2"]'),
        ("KEINU_DESK", "maybe", "KEINU_DESK=maybe: give true or false (or 1 or 0)"),
        ("KEINU_DB", "mysql://u:secret@h/x", "KEINU_DB=mysql://u:***@h/x: give a postgresql://"),
        ("KEINU_ACTA_SANCTIONS", "[1]", "KEINU_ACTA_SANCTIONS=[1]: give a JSON list of quoted"),
    ],
)
def test_a_bad_environment_variable_is_named(
    tmp_path, capsys, monkeypatch, variable, value, message
):
    monkeypatch.setenv(variable, value)
    assert serve("--no-live", "--data-dir", str(tmp_path)) == 2
    assert message in one_line(capsys.readouterr().err)


@pytest.mark.parametrize(
    "argv",
    [
        ["db", "check"],
        ["calibrate", "--source", "{tmp}/clip.mp4"],
        ["analyze", "{tmp}/clip.mp4", "--player", "Ane", "--out", "{tmp}/out"],
        ["export", "table-1", "--format", "eaf", "--out", "{tmp}/out"],
        ["serve", "--no-live"],
    ],
)
def test_every_command_names_a_bad_environment_variable_and_its_value(
    tmp_path, capsys, monkeypatch, argv
):
    """Pydantic's report of a KEINU_* variable is one line, said the same by every command."""
    write_clip(tmp_path / "clip.mp4", frames=2)
    monkeypatch.setenv("KEINU_PORT", "abc")
    assert main([a.format(tmp=tmp_path) for a in argv]) == 2
    assert capsys.readouterr().err == (
        f"keinu {argv[0]}: KEINU_PORT=abc: give a whole number from 0 to 65535\n"
    )
    assert not (tmp_path / "out").exists()
