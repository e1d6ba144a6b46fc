"""Each cell's peers as the engines take them: what :attr:`Rules.peers
<sudokit.rules.Rules.peers>` says, made from the peers of the houses (kept per set of
houses, which killers share) with the cells of the cages and renban lines added.

Rules of a killer differ from puzzle to puzzle only in their cages, so that building
each engine's peers from the houses again would cost more than solving a typical killer.

>>> from sudokit import Rules
>>> from sudokit.constraints import Cage
>>> rules = Rules(4, constraints=[Cage((0, 5), 3)])
>>> lists, bits = peers_of(rules)
>>> sorted(lists[0]) == list(rules.peers[0]), bin(bits[5] & 1)
(True, '0b1')
"""

from __future__ import annotations

from ..rules import Rules

#: The peers of each cell through the houses alone (as lists and as bits), per set of
#: houses.
_HOUSE_PEERS: dict[tuple[tuple[int, ...], ...],
                   tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]] = {}


def _house_peers(houses: tuple[tuple[int, ...], ...], ncells: int
                 ) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """Per cell, the other cells of its houses, in order and as bits."""
    found = _HOUSE_PEERS.get(houses)
    if found is None:
        if len(_HOUSE_PEERS) >= 64:
            _HOUSE_PEERS.clear()
        bits = [0] * ncells
        sets: list[set[int]] = [set() for _ in range(ncells)]
        for house in houses:
            house_bits = sum(1 << cell for cell in house)
            for cell in house:
                bits[cell] |= house_bits
                sets[cell].update(house)
        lists = tuple(tuple(sorted(s - {cell})) for cell, s in enumerate(sets))
        found = _HOUSE_PEERS[houses] = (lists, tuple(b & ~(1 << cell)
                                                     for cell, b in enumerate(bits)))
    return found


def peers_of(rules: Rules) -> tuple[list[tuple[int, ...]], list[int]]:
    """(per cell its peers, per cell its peers as bits) of ``rules``: the cells of its
    houses, the cells a differ pair joins it to (anti-king, anti-knight), the other cells
    of its cages (whose digits may not repeat) and renban lines."""
    ncells = rules.size * rules.size
    house_lists, house_bits = _house_peers(rules.houses, ncells)
    bits = list(house_bits)
    extra: list[tuple[int, int]] = []
    if rules.anti_king or rules.anti_knight:
        extra += rules.differ
    for group in rules.distinct_groups:
        extra += [(a, b) for a in group for b in group if a < b]
    added: dict[int, list[int]] = {}  # (the few cells that gain a peer get a list of their own)
    for a, b in extra:
        if not bits[a] >> b & 1:
            bits[a] |= 1 << b
            bits[b] |= 1 << a
            added.setdefault(a, []).append(b)
            added.setdefault(b, []).append(a)
    lists = list(house_lists)
    for cell, more in added.items():
        lists[cell] += tuple(more)
    return lists, bits
