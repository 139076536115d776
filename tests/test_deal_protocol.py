"""The deal protocol (pygame_core/deal): honest deals between players that exchange only bytes,
what a player's view lets it open, every kind of cheating named, and malformed messages."""
from __future__ import annotations

import base64
import copy
import hashlib
import itertools
import random
import time

import pytest

from pygame_core.deal import ristretto as r
from pygame_core.deal.messages import DealError, Message, Play, Setup, Unlock, parse, serialize
from pygame_core.deal.players import DealPlayer, Table
from pygame_core.deal.proofs import dleq_prove
from pygame_core.deal.protocol import unlock_context

TRIOMINOS = Setup("test-game", players=2, tiles=56, bag="triominos")


def seeds(n, salt=b""):
    return [hashlib.sha256(salt + bytes([i])).digest() for i in range(n)]


def randbytes_from(seed):
    rng = random.Random(seed)
    return lambda n: bytes(rng.getrandbits(8) for _ in range(n))


@pytest.fixture(scope="module")
def honest():
    """A two-player Triominos deal: nine tiles each, some draws and plays, then the audit."""
    table = Table(TRIOMINOS, randbytes=randbytes_from(1))
    table.deal_hands(9)
    a, b = table.players
    snapshot = copy.deepcopy(table)              # after the deal, before any play
    table.send(1, draw=9, offer={0: 3}, play=[sorted(b.hand.values())[0]])
    table.send(0, draw=2, offer={1: 3}, play=[a.drawn_tiles()[0]])
    table.send(1, draw=1, offer={0: 3})
    reports = table.finish()
    return table, snapshot, reports


def test_an_honest_deal_gives_each_player_its_own_tiles(honest):
    table, _, reports = honest
    a, b = table.players
    assert len(a.deal.drawn[0]) == 11 and len(b.deal.drawn[1]) == 10
    assert not set(a.hand) & set(b.hand) and not set(a.hand.values()) & set(b.hand.values())
    for report in reports:
        assert report.ok, report.problems
        assert sorted(report.tiles) == list(range(56))          # each tile exactly once
        assert report.hands == {0: a.drawn_tiles(), 1: b.drawn_tiles()}
    assert reports[0].tiles == reports[1].tiles


def test_three_hops_deal_two_hands_and_links_stay_under_8_kb(honest):
    table, _, _ = honest
    assert table.players[0].deal.setup_hops() == 3
    sizes = [size for _, size in table.sent]
    assert max(sizes) < 5000 and max(len(base64.b64encode(b"x" * s)) for s in sizes) < 8192


@pytest.mark.parametrize("players,tiles,hand", [(3, 24, 4), (4, 20, 3)])
def test_three_and_four_players(players, tiles, hand):
    table = Table(Setup("g", players, tiles, "cards"), seeds=seeds(players))
    table.deal_hands(hand)
    assert table.players[0].deal.setup_hops() == 2 * players - 1
    for p in table.players:       # everyone has been offered its hand; the rest draw now
        if len(p.deal.drawn[p.index]) < hand:
            table.send(p.index, draw=hand - len(p.deal.drawn[p.index]))
    hands = [set(p.drawn_tiles()) for p in table.players]
    assert all(len(h) == hand for h in hands) and len(set().union(*hands)) == players * hand
    for p in table.players:
        assert set(p.hand) == set(p.deal.drawn[p.index])        # it opened only its own
    reports = table.finish()
    assert all(rep.ok for rep in reports), [rep.problems for rep in reports]


def test_no_key_a_player_holds_opens_a_tile_of_the_others_hand():
    """Everything player 1 received, and all its own secrets: no element at a position of
    player 2's hand opens to a tile with any one key or pair of keys it holds. (Player 1's
    own shuffle output opens with its bag key, but player 2 shuffled after it: the positions
    there say nothing about the final ones.)"""
    table = Table(Setup("view", 2, 12, "small"), seeds=seeds(2, b"view"))
    table.deal_hands(3)
    table.send(1, draw=3)
    a, b = table.players
    deal = a.deal
    tile_encodings = set(deal.tiles[1])
    own = [a.secrets.bag_key] + [a.secrets.key(i) for i in range(12)]
    received = [key for (pos, who), (key, _) in deal.keys.items() if who == 1]
    singles = own + received
    keys = singles + [x * y % r.L for x, y in itertools.combinations(singles, 2)]
    arrays = [deal.shuffled[1][0], deal.relocked[1][0], deal.relocked[0][0]]
    for pos in deal.drawn[1]:
        for array in arrays:
            for k in keys:
                opened = r.encode(r.mul(r.scalar_inverse(k), array[pos]))
                assert opened not in tile_encodings, (pos, k)
    assert set(a.hand) == set(deal.drawn[0]) and not set(a.hand) & set(deal.drawn[1])


def test_no_message_carries_an_unlocked_tile(honest):
    _, snapshot, _ = honest
    a = snapshot.players[0]
    encodings = list(a.deal.tiles[1])
    blob = b"".join(e for arr in (a.deal.shuffled + a.deal.relocked) for e in arr[1])
    assert not any(e in blob for e in encodings)


# --------------------------------------------------------------------------- cheating
def message(data, tiles=56):
    return parse(data, tiles)


def test_a_tampered_relock_is_named_when_its_key_is_given():
    table = Table(TRIOMINOS, seeds=seeds(2))
    a, b = table.players
    table.deliver(0, a.send())
    msg = message(b.send(offer={0: 9}))
    msg.relocked[3] = r.encode(r.double(r.decode(msg.relocked[3])))
    with pytest.raises(DealError, match=r"step 1, player 2: the key for position 3 does not "
                                        r"fit the relock"):
        a.receive(serialize(msg))
    assert a.deal.step == 1                       # refused: the deal is as it was


def test_a_wrong_key_is_named():
    class WrongKey(DealPlayer):
        def unlock_key(self, pos):
            return super().unlock_key(pos) + (pos == 5)

    a, b = DealPlayer(0, seeds(2)[0]), WrongKey(1, seeds(2)[1])
    a.start(TRIOMINOS)
    b.receive(a.send())
    with pytest.raises(DealError, match=r"step 1, player 2: the key for position 5 does not fit"):
        a.receive(b.send(offer={0: 9}))


class Swapper(DealPlayer):
    """Locks honestly but shuffles with another permutation than the one it committed to."""

    def lock_and_shuffle(self, source):
        out = super().lock_and_shuffle(source)
        return out[1:] + out[:1]


class Substitute(DealPlayer):
    """Puts a tile of its choosing (locked with its bag key) in place of another."""

    def lock_and_shuffle(self, source):
        out = super().lock_and_shuffle(source)
        out[7] = r.mul(self.secrets.bag_key, r.from_uniform_bytes(b"\1" * 64))
        return out


class Duplicate(DealPlayer):
    def lock_and_shuffle(self, source):
        out = super().lock_and_shuffle(source)
        out[7] = out[8]
        return out


def play_with(cls, seat, hand=9):
    players = [DealPlayer(i, s) for i, s in enumerate(seeds(2))]
    players[seat] = cls(seat, seeds(2)[seat])
    table = Table(TRIOMINOS)
    table.players = players
    players[0].start(TRIOMINOS)
    live = None
    try:
        table.deal_hands(hand)
        table.send(1, draw=hand)
    except DealError as exc:
        live = str(exc)
    honest = players[1 - seat]
    for p in players:          # the game stops; both reveal their seeds for the audit
        data = p.send(reveal=True)
        players[1 - p.index].receive(data)
    return live, honest.audit()


@pytest.mark.parametrize("seat", [0, 1])
def test_an_altered_shuffle_is_named_by_the_audit(seat):
    live, report = play_with(Swapper, seat)
    assert live is None
    assert report.cheaters == {seat}
    assert f"player {seat + 1}: its shuffle (step {seat}) is not the permutation it committed " \
           "to" in report.problems


def test_a_substituted_tile_is_named_by_the_audit():
    live, report = play_with(Substitute, 0, hand=20)
    assert live is None or "opens to no tile" in live
    assert report.cheaters == {0}
    assert "player 1: its lock (step 0) was tampered with at position 7" in report.problems
    assert any("opens to no tile" in p for p in report.problems)


def test_a_duplicated_tile_is_refused_at_once():
    a, b = Duplicate(0, seeds(2)[0]), DealPlayer(1, seeds(2)[1])
    a.start(TRIOMINOS)
    with pytest.raises(DealError, match=r"step 0, player 1: the shuffle repeats an element"):
        b.receive(a.send())


def test_the_neutral_element_is_refused_at_once():
    class Neutral(DealPlayer):
        def lock_and_shuffle(self, source):
            out = super().lock_and_shuffle(source)
            out[3] = r.IDENTITY
            return out

    a, b = Neutral(0, seeds(2)[0]), DealPlayer(1, seeds(2)[1])
    a.start(TRIOMINOS)
    with pytest.raises(DealError, match=r"step 0, player 1: the shuffle holds the neutral"):
        b.receive(a.send())


def test_replayed_messages_and_keys_are_refused():
    table = Table(TRIOMINOS, seeds=seeds(2))
    table.deal_hands(9)
    a, b = table.players
    first_b = serialize(Message(step=1, sender=1))
    with pytest.raises(DealError, match=r"step 1, player 2: expected step 3 \(a replayed"):
        a.receive(first_b)
    # a key given again for a position it already unlocked
    data = b.send(offer={0: 10})
    msg = message(data)
    pos = a.deal.reserved_for(0)[0]
    key = b.secrets.key(pos)
    msg.unlocks.append(Unlock(0, pos, key, dleq_prove(
        b.secrets.bag_key, r.mul(r.scalar_inverse(key), b.deal.relocked[1][0][pos]),
        unlock_context(TRIOMINOS, 3, 1, 0, pos), b.seed)))
    with pytest.raises(DealError, match=rf"step 3, player 2: a replayed key for position {pos}"):
        a.receive(serialize(msg))
    # a proof made for another step does not fit
    msg = message(data)
    u = msg.unlocks[0]
    key = b.secrets.key(u.position)
    stale = dleq_prove(b.secrets.bag_key,
                       r.mul(r.scalar_inverse(key), b.deal.relocked[1][0][u.position]),
                       unlock_context(TRIOMINOS, 1, 1, 0, u.position), b.seed)
    msg.unlocks[0] = Unlock(0, u.position, u.key, stale)
    with pytest.raises(DealError, match=rf"step 3, player 2: the key for position {u.position}"):
        a.receive(serialize(msg))
    a.receive(data)                                # the honest message still goes through
    assert a.deal.step == 4


def test_a_tile_played_that_was_not_drawn_is_named():
    table = Table(TRIOMINOS, seeds=seeds(2))
    table.deal_hands(9)
    a, b = table.players
    tile = sorted(b.hand.values())[0]
    msg = message(b.send(draw=9, play=[tile]))
    other = next(t for t in range(56) if t not in b.hand.values())
    pos = msg.plays[0].position
    lie = copy.deepcopy(msg)
    lie.plays[0] = Play(pos, other, msg.plays[0].key, msg.plays[0].proof)
    with pytest.raises(DealError, match=rf"step 3, player 2: played tile {other}, but position "
                                        rf"{pos} holds tile {tile}"):
        a.receive(serialize(lie))
    lie = copy.deepcopy(msg)
    a_pos = a.deal.drawn[0][0]
    lie.plays[0] = Play(a_pos, a.hand[a_pos], msg.plays[0].key, msg.plays[0].proof)
    with pytest.raises(DealError, match=rf"step 3, player 2: played tile {a.hand[a_pos]} from "
                                        rf"position {a_pos}, which it did not draw"):
        a.receive(serialize(lie))
    lie = copy.deepcopy(msg)
    lie.draws = lie.draws[1:]                     # draws out of order
    with pytest.raises(DealError, match=r"step 3, player 2: drew position"):
        a.receive(serialize(lie))
    a.receive(serialize(msg))
    assert a.deal.played[pos] == (1, tile, 3)


def test_a_wrong_seed_is_refused():
    table = Table(TRIOMINOS, seeds=seeds(2))
    table.deal_hands(9)
    a, b = table.players
    msg = message(b.send(reveal=True))
    msg.seed = bytes(32)
    with pytest.raises(DealError, match="revealed seed does not match its commitment"):
        a.receive(serialize(msg))


# --------------------------------------------------------------------------- malformed input
@pytest.fixture(scope="module")
def setup_messages():
    table = Table(TRIOMINOS, seeds=seeds(2, b"m"))
    a, b = table.players
    first = a.send()
    fresh_b = copy.deepcopy(b)
    b.receive(first)
    second = b.send(offer={0: 9})
    fresh_a = copy.deepcopy(a)
    return (first, fresh_b), (second, fresh_a)


def test_malformed_messages_are_refused_with_a_short_message(setup_messages):
    for data, receiver in setup_messages:
        cases = [data[:n] for n in (0, 1, 4, 5, 6, 40, len(data) // 2, len(data) - 1)]
        cases += [b"\2" + data[1:], data + b"\0", b"\1\x80" + data[2:], "text", None,
                  bytes(random.Random(3).getrandbits(8) for _ in range(3000))]
        for bad in cases:
            player = copy.deepcopy(receiver)
            with pytest.raises(DealError) as exc:
                player.receive(bad)
            assert len(str(exc.value)) < 120
            assert player.deal is None or player.deal.step == receiver.deal.step
    with pytest.raises(DealError, match="unknown deal message version 2"):
        copy.deepcopy(receiver).receive(b"\2" + data[1:])


def test_flipped_bytes_never_crash(setup_messages):
    rng = random.Random(7)
    for data, receiver in setup_messages:
        for _ in range(60):
            bad = bytearray(data)
            for _ in range(rng.choice((1, 3))):
                bad[rng.randrange(len(bad))] ^= 1 << rng.randrange(8)
            player = copy.deepcopy(receiver)
            try:
                player.receive(bytes(bad))
            except DealError:
                pass


def test_refusal_is_fast_for_large_garbage(setup_messages):
    (_, receiver), _ = setup_messages
    huge = [b"\1\x7f" + bytes(199_990), b"\1\x08\0\0\0" + b"\xff" * 150_000,
            bytes(10_000_000)]
    for bad in huge:
        start = time.process_time()
        with pytest.raises(DealError):
            copy.deepcopy(receiver).receive(bad)
        assert time.process_time() - start < 0.5


def test_the_deal_is_a_leaf_package():
    """pygame_core/deal imports only the standard library and itself."""
    import ast
    import sys
    from pathlib import Path
    folder = Path(__file__).resolve().parents[1] / "pygame_core" / "deal"
    for path in folder.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                assert node.level == 1 or node.module.split(".")[0] in sys.stdlib_module_names \
                    or node.module == "__future__", (path.name, node.module)
            elif isinstance(node, ast.Import):
                assert all(a.name.split(".")[0] in sys.stdlib_module_names for a in node.names)
