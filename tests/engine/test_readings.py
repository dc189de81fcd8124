"""Decomposition: every split of a hand into sets and a pair, each exactly once."""

from __future__ import annotations

from collections import Counter

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from scorer.engine.hand import Shape, readings, standard_partitions
from scorer.engine.request import parse_request


def brute_force(counts: list[int]) -> set[tuple[int, tuple[tuple[Shape, int], ...]]]:
    """Every (pair, sorted sets) split, found the slow and obvious way."""
    found: set[tuple[int, tuple[tuple[Shape, int], ...]]] = set()

    def sets_of(rest: list[int], acc: list[tuple[Shape, int]], pair: int) -> None:
        i = next((k for k in range(34) if rest[k]), None)
        if i is None:
            found.add((pair, tuple(sorted(acc))))
            return
        if rest[i] >= 3:
            rest[i] -= 3
            sets_of(rest, [*acc, (Shape.TRIPLET, i)], pair)
            rest[i] += 3
        if i < 27 and i % 9 <= 6 and rest[i + 1] and rest[i + 2]:
            for k in (i, i + 1, i + 2):
                rest[k] -= 1
            sets_of(rest, [*acc, (Shape.SEQUENCE, i)], pair)
            for k in (i, i + 1, i + 2):
                rest[k] += 1

    for pair in range(34):
        if counts[pair] >= 2:
            counts[pair] -= 2
            sets_of(counts, [], pair)
            counts[pair] += 2
    return found


# Complete hands made of random sets and a pair, crowded into few kinds so that they often
# split in several ways (1112345678999 and the like).
kinds = st.sampled_from([*range(0, 9), *range(9, 12), 27, 31])
blocks = st.tuples(st.sampled_from([Shape.TRIPLET, Shape.SEQUENCE]), kinds)


def counts_of(pair: int, sets: list[tuple[Shape, int]]) -> list[int] | None:
    counts = [0] * 34
    counts[pair] += 2
    for shape, first in sets:
        if shape is Shape.SEQUENCE:
            if first >= 27 or first % 9 > 6:
                return None
            for k in (first, first + 1, first + 2):
                counts[k] += 1
        else:
            counts[first] += 3
    return counts if max(counts) <= 4 else None


@given(kinds, st.lists(blocks, min_size=0, max_size=4))
@settings(max_examples=600)
def test_partitions_match_brute_force_once_each(pair, sets):
    counts = counts_of(pair, sets)
    assume(counts is not None)
    assert counts is not None
    ours = standard_partitions(list(counts))
    normalised = [(p, tuple(sorted(s))) for p, s in ours]
    assert len(normalised) == len(set(normalised)), "a split was found twice"
    assert set(normalised) == brute_force(list(counts))
    assert (pair, tuple(sorted(sets))) in set(normalised)


def test_four_of_a_kind_beside_a_run_is_one_split():
    # 6666 78m: 666 + 678 and 678 + 666 are the same split, read once.
    request = parse_request({"hand": "666678m3344406s", "win": "4s", "tsumo": True})
    shapes = Counter(
        (r.wait, tuple(sorted((b.shape, b.first) for b in r.blocks))) for r in readings(request)
    )
    assert all(n == 1 for n in shapes.values()), shapes


def test_split_order_follows_the_pair_then_the_suits():
    # 111222333m: three triplets or three identical runs, with the pair in souzu.
    request = parse_request({"hand": "111222333m456p5s", "win": "5s"})
    found = [[(b.shape.value, b.first) for b in r.blocks] for r in readings(request)]
    assert found == [
        [("triplet", 0), ("triplet", 1), ("triplet", 2), ("sequence", 12)],
        [("sequence", 0), ("sequence", 0), ("sequence", 0), ("sequence", 12)],
    ]
