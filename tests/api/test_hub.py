"""The hub's delivery rules: events in order and never dropped, samples coalesced, a client
that stops reading is cut off rather than silently missing señas."""

import asyncio
import json

from api.hub import Hub


def run(coroutine):
    return asyncio.run(coroutine)


async def settle():
    for _ in range(3):
        await asyncio.sleep(0)


def test_events_keep_order_and_samples_keep_only_the_newest():
    async def scenario():
        hub = Hub()
        client = hub.connect()
        hub.publish("gesture", {"n": 1})
        for n in range(10):
            hub.publish("scores", {"n": n})
        hub.publish("sena", {"n": 2})
        await settle()
        batch = [json.loads(text) for text in await client.next_batch()]
        return [(m["type"], m["data"]["n"]) for m in batch], client.overflowed

    messages, overflowed = run(scenario())
    assert messages == [("gesture", 1), ("sena", 2), ("scores", 9)]
    assert not overflowed


def test_a_client_that_stops_reading_overflows_instead_of_losing_events():
    async def scenario():
        hub = Hub(max_events=3)
        slow, fast = hub.connect(), hub.connect()
        got = []
        for n in range(5):
            hub.publish("call", {"n": n})
            await settle()
            got += await fast.next_batch()
        return slow.overflowed, len(slow.events), fast.overflowed, len(got)

    slow_overflowed, kept, fast_overflowed, fast_got = run(scenario())
    assert slow_overflowed and kept == 3
    assert not fast_overflowed and fast_got == 5


def test_sequence_numbers_grow_across_types():
    async def scenario():
        hub = Hub()
        client = hub.connect()
        for kind in ("gesture", "stats", "sena"):
            hub.publish(kind, {})
        await settle()
        return [json.loads(t)["seq"] for t in await client.next_batch()]

    assert sorted(run(scenario())) == [1, 2, 3]
