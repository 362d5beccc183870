"""The dashboard's cameras hand out the seats of the table in play: six at a six-player table,
three in an Encaje of three; a camera given its own seat map keeps it."""

from api.hub import Hub
from api.referee import Referee
from api.settings import Settings
from api.store import SeatRow, Store
from api.vision_feed import vision_pipeline_factory
from engine.rules import Rules
from tests.api.clips import write_clip


def table_of(referee: Referee, rules: Rules) -> None:
    seats = [SeatRow(seat, f"P{seat}") for seat in rules.seating.seats]
    referee.create_table(name="Txoko", rules=rules, mano=1, seats=seats)


def test_each_camera_hands_out_the_active_tables_seats(tmp_path):
    referee = Referee(Store(tmp_path / "keinu.sqlite3"), Hub())
    clip = write_clip(tmp_path / "clip.mp4", frames=5)
    spec = f"{clip};{clip}"
    settings = Settings(data_dir=tmp_path, source=spec)
    with vision_pipeline_factory(
        settings, seats_in_play=lambda: referee.active_seats
    )() as pipeline:
        cams = pipeline.seat_trackers.values()
        assert [cam.handed_out for cam in cams] == [(1, 2, 3, 4)] * 2  # no table: one of four
        table_of(referee, Rules(players=6))
        assert [cam.handed_out for cam in cams] == [(1, 2, 3, 4, 5, 6)] * 2
        table_of(referee, Rules(game="encaje", players=3))
        assert [cam.handed_out for cam in cams] == [(1, 2, 3)] * 2
    given = Settings(data_dir=tmp_path, source=spec, seats=["1,2,3", "4,5,6"])
    with vision_pipeline_factory(given, seats_in_play=lambda: referee.active_seats)() as pipeline:
        trackers = pipeline.seat_trackers
        assert (trackers["cam1"].handed_out, trackers["cam2"].handed_out) == ((1, 2, 3), (4, 5, 6))
    referee.store.close()
