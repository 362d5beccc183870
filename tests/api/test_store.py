import pytest

from api.db.errors import IntegrityError
from api.store import HandStart, SeatRow, Store

SEATS = [SeatRow(1, "Ane"), SeatRow(2, "Bego"), SeatRow(3, "Koldo"), SeatRow(4, "Iñaki", "cam1")]


@pytest.fixture
def store(store_location):
    store = Store(store_location)
    yield store
    store.close()


def make_table(store):
    return store.create_table(
        name="Bar Txoko", profile="standard", target=40, reyes=8, first_mano=1, seats=SEATS
    )


def test_table_keeps_seats_names_and_sources(store):
    table = make_table(store)
    again = store.get_table(table.id)
    assert [(s.seat, s.name, s.source) for s in again.seats] == [
        (1, "Ane", ""),
        (2, "Bego", ""),
        (3, "Koldo", ""),
        (4, "Iñaki", "cam1"),
    ]
    assert (again.game, again.players, again.captains) == ("mus", 4, False)
    assert store.get_table(table.id + 1) is None


def test_a_table_keeps_its_game_and_options(store):
    seats = [SeatRow(seat, f"P{seat}") for seat in range(1, 6)]
    table = store.create_table(
        name="Encaje", profile="encaje", target=40, reyes=8, first_mano=5, seats=seats,
        game="encaje", players=5, stones=21, deal="five_discard_one",
    )  # fmt: skip
    again = store.get_table(table.id)
    assert (again.game, again.players, again.stones, again.deal, again.first_mano) == (
        "encaje",
        5,
        21,
        "five_discard_one",
        5,
    )
    assert [s.seat for s in again.seats] == [1, 2, 3, 4, 5]


def test_calls_are_numbered_in_order_and_survive_reopening(store_location):
    store = Store(store_location)
    table = make_table(store)
    hand = store.create_hand(table.id, game=1, hand_in_game=1, mano=1, score={"1-3": 0, "2-4": 0})
    store.append_call(hand.id, 1, "mus")
    store.append_call(hand.id, 2, "no hay mus", t_ms=1200)
    gesture = {"seat": 3, "kind": "lip_bite", "side": "center", "start_ms": 1300, "end_ms": 1700}
    store.append_call(hand.id, 3, "sena lip_bite center", t_ms=1700, gesture=gesture)
    # no close(): a killed server never gets to close its connection
    reopened = Store(store_location)
    calls = reopened.get_hand(hand.id).calls
    assert [(c.idx, c.seat, c.text, c.t_ms) for c in calls] == [
        (0, 1, "mus", None),
        (1, 2, "no hay mus", 1200),
        (2, 3, "sena lip_bite center", 1700),
    ]
    assert calls[2].gesture == gesture
    reopened.close()
    store.close()


def test_undo_removes_only_the_last_call_and_its_review(store):
    table = make_table(store)
    hand = store.create_hand(table.id, game=1, hand_in_game=1, mano=2, score={"1-3": 3, "2-4": 5})
    store.append_call(hand.id, 2, "mus")
    store.append_call(hand.id, 3, "sena wink left", t_ms=10)
    store.review_sena(hand.id, 1, "overruled", "he was sneezing")
    removed = store.delete_last_call(hand.id)
    assert removed.text == "sena wink left"
    assert [c.text for c in store.get_hand(hand.id).calls] == ["mus"]
    assert store.reviews_of(hand.id) == {}
    store.delete_last_call(hand.id)
    assert store.delete_last_call(hand.id) is None


def test_hands_are_numbered_per_table_and_carry_score_and_shown_cards(store):
    table = make_table(store)
    first = store.create_hand(table.id, game=1, hand_in_game=1, mano=1, score={"1-3": 0, "2-4": 0})
    second = store.create_hand(table.id, game=1, hand_in_game=2, mano=2, score={"1-3": 4, "2-4": 1})
    store.set_shown(second.id, {"1": ["R", "R", "S", "1"]})
    assert (first.number, second.number) == (1, 2)
    assert store.last_hand(table.id).id == second.id
    assert store.get_hand(second.id).shown == {"1": ["R", "R", "S", "1"]}
    assert store.get_hand(second.id).score == {"1-3": 4, "2-4": 1}


def test_cards_replaced_are_kept_in_order_with_the_next_hand_restarted_or_removed(store):
    table = make_table(store)
    zero = {"1-3": 0, "2-4": 0}
    first = store.create_hand(table.id, game=1, hand_in_game=1, mano=1, score=zero)
    wrong, right = {"1": ["R", "R", "R", "1"]}, {"1": ["R", "R", "7", "1"]}
    store.set_shown(first.id, wrong)
    second = store.create_hand(table.id, game=2, hand_in_game=1, mano=2, score=zero)
    start = HandStart(game=1, hand_in_game=2, mano=2, score={"1-3": 12, "2-4": 30})
    store.replace_shown(
        first.id,
        right,
        None,
        how="corrected",
        referee="Maite",
        note="a 7",
        restart=(second.id, start),
    )
    assert store.get_hand(first.id).shown == right
    again = store.get_hand(second.id)
    assert (again.game, again.hand_in_game, again.mano, again.score) == (1, 2, 2, start.score)
    store.replace_shown(first.id, None, None, how="undo", drop=second.id)
    assert store.get_hand(first.id).shown is None
    assert store.get_hand(second.id) is None
    kept = store.corrections_of(first.id)
    assert [(c.shown, c.wild, c.how, c.referee, c.note) for c in kept] == [
        (wrong, None, "corrected", "Maite", "a 7"),
        (right, None, "undo", "", ""),
    ]
    assert kept[0].created_ms <= kept[1].created_ms


def test_a_review_is_replaced_not_duplicated(store):
    table = make_table(store)
    hand = store.create_hand(table.id, game=1, hand_in_game=1, mano=1, score={"1-3": 0, "2-4": 0})
    store.review_sena(hand.id, 0, "acknowledged", "")
    store.review_sena(hand.id, 0, "overruled", "not a seña")
    assert store.reviews_of(hand.id)[0].action == "overruled"
    with pytest.raises(IntegrityError):
        store.review_sena(hand.id, 1, "forgiven", "")


def test_player_sensitivities_and_attempts(store):
    assert store.player("Ane")["sensitivities"] == {}
    store.save_player("Ane", sensitivities={"wink": 1.2}, calibration={"frames": 90})
    store.save_player("Ane", sensitivities={"wink": 0.8})
    assert store.player("Ane") == {
        "name": "Ane",
        "sensitivities": {"wink": 0.8},
        "calibration": {"frames": 90},
    }
    store.add_attempt(
        player="Ane",
        session="s1",
        drill="sena",
        targets=("juego_31",),
        seen="juego_31",
        recognised=True,
        time_ms=900,
        duration_ms=400,
        size=0.3,
    )
    store.add_attempt(
        player="Bea",
        session="s2",
        drill="hand",
        targets=("dos_reyes", "medias"),
        seen=None,
        recognised=False,
        time_ms=None,
        duration_ms=None,
        size=None,
    )
    assert [(a.targets, a.recognised) for a in store.attempts_of("Ane")] == [(("juego_31",), True)]
    assert store.attempts_of("Bea")[0].targets == ("dos_reyes", "medias")
    assert store.list_players() == ["Ane", "Bea"]


def test_an_acta_is_stored_once_as_signed(store):
    table = make_table(store)
    content = {"game": 1, "senas": [{"seat": 1, "verdict": "false", "name": "Iñaki"}]}
    sanctions = [{"seat": 1, "kind": "warning", "reason": "seña falsa"}]
    signed = store.sign_acta(
        table.id, 1, referee="Maite", notes="ok", sanctions=sanctions, content=content
    )
    assert store.sign_acta(table.id, 1, referee="X", notes="", sanctions=[], content={}) is None
    assert store.acta(table.id, 1) == signed
    assert (signed.referee, signed.content, signed.sanctions) == ("Maite", content, sanctions)
    assert store.acta(table.id, 2) is None


def test_two_handles_appending_to_one_hand_at_once_never_take_the_same_index(store_location):
    """As two servers on one database would: each call gets the next index, none is lost."""
    import threading

    first, second = Store(store_location), Store(store_location)
    hand = first.create_hand(
        make_table(first).id, game=1, hand_in_game=1, mano=1, score={"1-3": 0, "2-4": 0}
    )
    failures = []

    def append(store, seat):
        for i in range(40):
            try:
                store.append_call(hand.id, seat, f"sena wink left {i}", t_ms=i)
            except Exception as exc:
                failures.append(exc)

    threads = [threading.Thread(target=append, args=(s, n)) for n, s in ((1, first), (2, second))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    calls = first.get_hand(hand.id).calls
    assert [c.idx for c in calls] == list(range(80))
    assert sorted((c.seat, c.t_ms) for c in calls) == [(s, i) for s in (1, 2) for i in range(40)]
    first.close()
    second.close()


def test_a_table_and_its_first_hand_are_stored_together_or_not_at_all(store):
    table = store.create_table(
        name="Txoko", profile="standard", target=40, reyes=8, first_mano=3, seats=SEATS,
        first_hand_score={"a": 0, "b": 0},
    )  # fmt: skip
    (hand,) = store.hands_of(table.id)
    assert (hand.number, hand.game, hand.hand_in_game, hand.mano) == (1, 1, 1, 3)
    with pytest.raises(TypeError):  # the first hand cannot be stored: neither is the table
        store.create_table(
            name="Roto", profile="standard", target=40, reyes=8, first_mano=1, seats=SEATS,
            first_hand_score={"a": object()},
        )  # fmt: skip
    assert [t.name for t in store.list_tables()] == ["Txoko"]


def test_rows_deleted_while_a_list_is_read_are_left_out(store, monkeypatch):
    table = make_table(store)
    first = store.create_hand(table.id, game=1, hand_in_game=1, mano=1, score={})
    gone = first.id + 100  # listed, then deleted before its row is read
    monkeypatch.setattr(store, "hand_ids_of", lambda table_id: [first.id, gone])
    assert [h.id for h in store.hands_of(table.id)] == [first.id]
