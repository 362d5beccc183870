"""Hands the API tests play: DESIGN.md's worked example and four named seats."""

SEATS = [
    {"seat": 1, "name": "Ane"},
    {"seat": 2, "name": "Bego"},
    {"seat": 3, "name": "Koldo"},
    {"seat": 4, "name": "Iñaki"},
]
# DESIGN.md's worked example: final score 10-10.
EXAMPLE_HANDS = {
    "1": ["7", "7", "2", "1"],
    "2": ["3", "3", "S", "2"],
    "3": ["R", "R", "S", "1"],
    "4": ["C", "C", "C", "6"],
}
EXAMPLE_CALLS = [
    [1, "mus"], [2, "no hay mus"],
    [3, "sena lip_bite center"],
    [1, "paso"], [2, "paso"], [3, "paso"], [4, "envido 5"], [1, "quiero"],
    [1, "envido"], [2, "sube 4"], [3, "ordago"], [2, "no quiero"], [4, "no quiero"],
    [1, "pares si"], [2, "pares si"], [3, "pares si"], [4, "pares si"],
    [1, "paso"], [2, "paso"], [3, "paso"], [4, "paso"],
    [1, "juego no"], [2, "juego si"], [3, "juego si"], [4, "juego si"],
    [2, "paso"], [3, "paso"], [4, "paso"],
]  # fmt: skip
