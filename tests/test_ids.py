"""Identifiers: base32 digits done by the standard library match the digit-by-digit
definition, and ids made in a row sort in the order they were made."""

from __future__ import annotations

import random

from hookline.ids import _ALPHABET, _encode, new_id


def _digits(value: int, length: int) -> str:
    chars = []
    for _ in range(length):
        value, rem = divmod(value, 32)
        chars.append(_ALPHABET[rem])
    return "".join(reversed(chars))


def test_encoding_matches_the_digit_by_digit_definition() -> None:
    rng = random.Random(6)
    for length in (1, 7, 8, 9, 10, 16, 26, 39):
        for bits in (0, 3, 5 * length - 1, 5 * length, 5 * length + 9):  # with bits to drop
            for _ in range(200):
                value = rng.getrandbits(bits) if bits else 0
                assert _encode(value, length) == _digits(value, length)


def test_ids_made_in_a_row_sort_in_that_order() -> None:
    made = [new_id("dlv") for _ in range(5000)]
    assert made == sorted(made)
    assert len(set(made)) == len(made)
    assert all(len(i) == len("dlv_") + 26 for i in made)
