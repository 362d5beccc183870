"""`keinu serve`'s options become Settings; beyond loopback a token is required."""

import argparse

import pytest

from api.cli import UserError, build_parser
from api.commands.serve import settings_from
from tests.api.clips import write_clip


def parse(*argv: str) -> argparse.Namespace:
    return build_parser().parse_args(["serve", *argv])


def test_options_override_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("KEINU_PORT", "9000")
    monkeypatch.setenv("KEINU_PROFILE", "navarra")
    settings = settings_from(parse("--port", "9100", "--data-dir", str(tmp_path), "--no-live"))
    assert (settings.port, settings.profile, settings.data_dir) == (9100, "navarra", tmp_path)
    assert settings.needs_token is False


def test_several_cameras_are_cam1_cam2(tmp_path):
    a, b = write_clip(tmp_path / "a.mp4", frames=2), write_clip(tmp_path / "b.mp4", frames=2)
    settings = settings_from(parse("--source", str(a), "--source", str(b)))
    assert settings.source_specs == [str(a), str(b)]
    assert settings.source_ids == ["cam1", "cam2"]


def test_beyond_loopback_a_token_is_made_and_printed_once(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv("KEINU_TOKEN", raising=False)
    settings = settings_from(parse("--host", "0.0.0.0", "--no-live", "--data-dir", str(tmp_path)))
    assert settings.needs_token and len(settings.token) >= 24
    assert capsys.readouterr().out.count(settings.token) == 1


def test_beyond_loopback_the_environment_token_is_used(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("KEINU_TOKEN", "from-the-environment")
    settings = settings_from(parse("--host", "0.0.0.0", "--no-live", "--data-dir", str(tmp_path)))
    assert settings.token == "from-the-environment"
    assert "from-the-environment" not in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("--profile", "../etc"), "--profile"),
        (("--profile", "nosuch"), "no profile 'nosuch'"),
        (("--port", "70000"), "--port"),
    ],
)
def test_bad_options_are_user_errors(tmp_path, argv, message):
    with pytest.raises(UserError, match=message):
        settings_from(parse(*argv, "--no-live", "--data-dir", str(tmp_path)))


def test_mirrored_cameras_are_flipped_back_before_the_pipeline_reads_them(tmp_path):
    from api.vision_feed import vision_pipeline_factory
    from vision.capture.sources import UnmirroredSource

    a, b = write_clip(tmp_path / "a.mp4", frames=2), write_clip(tmp_path / "b.mp4", frames=2)
    settings = settings_from(parse("--source", str(a), "--source", str(b), "--mirrored"))
    assert settings.mirrored
    with vision_pipeline_factory(settings)() as pipeline:
        assert all(isinstance(s, UnmirroredSource) for s in pipeline.sources)
        assert [s.source_id for s in pipeline.sources] == ["cam1", "cam2"]
    plain = settings_from(parse("--source", str(a)))
    with vision_pipeline_factory(plain)() as pipeline:
        assert not any(isinstance(s, UnmirroredSource) for s in pipeline.sources)
