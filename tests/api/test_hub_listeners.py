"""Every listener the app puts on its hub (the tournament desk's among them) takes every
message the live pipeline sends, whatever the message's shape: a listener that failed would
write a traceback to the server's terminal at every message, a few times a second."""

import logging

from api.live import Gap, Health


def test_the_apps_listeners_take_the_cameras_messages(client, caplog):
    hub = client.app.state.hub
    gap = Gap("0", "read_failed", "the camera stopped answering", 1_000)
    health = Health(state="gap", gaps=[gap])
    with caplog.at_level(logging.ERROR):
        hub.publish("stats", health.to_dict())
        hub.publish("source", {"state": "gap", **gap.to_dict()})
        hub.publish("source", {"state": "running", "source": "0"})
        hub.publish("scores", {"seats": [], "unseated": []})
    failed = [r.getMessage() for r in caplog.records if "listener" in r.getMessage()]
    assert failed == []
