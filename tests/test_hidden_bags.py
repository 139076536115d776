"""iwoki Maths and Codex Naturalis played apart by link (pygame_core/hidden_bags.py): whole
games between two players passing only link strings, both audits passed, what each side can
learn (the other's hidden hand stays None, Codex's deck keys travel only in answer to a draw),
tampering refused naming the move, planted cheats named by the audit, the record, the command
line and the link sizes."""
from __future__ import annotations

import base64
import json
import random
import re

import pytest

from pygame_core.__main__ import main
from pygame_core.core import GameError, InvalidRecordError, new_game
from pygame_core.deal.messages import parse, serialize
from pygame_core.games.codex.rules import CodexGame
from pygame_core.games.iwoki.rules import IwokiGame
from pygame_core.hidden import BagsPlayer, HiddenPlayer, load_player, open_link
from pygame_core.records import decode_link
from pygame_core.records.v4 import encode_hidden_link
from test_hidden_links import _inflated, pass_links, randbytes, verify_by_command_line

LIMIT = 12_288     # the largest link of each game is measured and printed; this guards growth


def chooser(game, seed):
    """iwoki: draw whenever the rules allow (the bag runs out, white tokens bring hexagonal
    tiles), else a random move; Codex: a random move."""
    rng = random.Random(seed)
    if game == "iwoki":
        return lambda g, texts: "draw" if "draw" in texts else rng.choice(texts)
    return lambda g, texts: rng.choice(texts)


def play(game, seed, *, stop=None, cheat=None, watch=None, choose=None):
    """A whole game by links: ``(a, b, links)`` (``stop``: after that many links; ``cheat``:
    called on each player before it replies; ``watch(player)``: after each link taken in;
    ``choose``: the players' chooser, :func:`chooser`'s by default)."""
    choose = choose or chooser(game, seed)
    a = HiddenPlayer.invite(game, names=["Ann", ""], start=29_000_000, randbytes=randbytes(seed))
    b = HiddenPlayer.accept(a.last_link, name="Bob", randbytes=randbytes(seed + 1000))
    return pass_links(a, b, choose, stop=stop, cheat=cheat, watch=watch)


@pytest.fixture(scope="module", params=["iwoki", "codex"])
def whole(request):
    return request.param, play(request.param, 4)


def test_a_whole_game_by_links_ends_with_both_audits_passed(whole):
    name, (a, b, links) = whole
    assert isinstance(a, BagsPlayer) and isinstance(b, BagsPlayer)
    ra, rb = a.audit(), b.audit()
    assert ra["ok"] and rb["ok"], (ra, rb)
    assert ra["result"] == rb["result"] and ra["scores"] == rb["scores"] and ra["hands"] == rb["hands"]
    assert a.moves == b.moves and len(a.moves) > 40
    assert a.game.is_over and b.game.is_over
    if name == "iwoki":        # the small bag was emptied and white tokens brought hexagonal tiles
        assert sum(m == "draw" for m in a.moves) == 48 - 18
        assert sum(len(h) for h in a.game.hex_hands) + len(a.game.board.hexes) > 6
    else:                      # decks and face-up cards drawn from, secret objectives kept
        assert {"draw resource-deck", "draw gold-deck"} & set(a.moves)
        assert any(m.startswith("draw ") and m.split()[1].isdigit() for m in a.moves)
        assert sum(m.startswith("objective #") for m in a.moves) == 2


def test_the_largest_link_of_each_game(whole):
    name, (a, b, links) = whole
    sizes = [len(link) for link in links]
    print(f"{name}: largest link {max(sizes):,} characters (link {sizes.index(max(sizes)) + 1}), "
          f"a move's link at most {max(sizes[4:]):,}")
    assert max(sizes) < LIMIT and max(sizes[4:]) < 2_500


def test_no_link_gives_a_key_for_the_other_hidden_hand(whole):
    name, (a, b, links) = whole
    spec = a.spec
    elements = {e for dp in a.dps.values() for e in dp.deal.tiles[1]}
    for k, link in enumerate(links):
        sender = k % 2
        assert not any(e in _inflated(link) for e in elements)      # no unlocked item's element
        for data, bag in zip(decode_link(link)["hidden"]["hops"], spec.bags):
            d = a.dps[bag.name].deal
            for unlock in parse(data, len(bag.items)).unlocks:   # keys only for the receiver's draws
                assert unlock.recipient == 1 - sender
                pos = unlock.position        # (or released by the receiver at the bag's end: it gave its own key)
                assert d.reserved[pos] == 1 - sender or (pos, 1 - sender) in d.keys


def _hidden_hand_is_none(me):
    """From everything ``me`` received: the other's hidden items it has not placed are None."""
    g, other = me.game, me.other
    if g is None or g.is_over:
        return
    if isinstance(g, IwokiGame):
        assert set(g.small_hands[other]) <= {None}
    else:
        face_up = me._face_up("resource") | me._face_up("gold")
        assert all(c is None or c in face_up for c in g.hands[other])     # (a face-up card taken)
        assert g.dealt[other] == [None, None] and g.secret[other] is None
    for bag in me.spec.bags:
        d, dp = me.dps[bag.name].deal, me.dps[bag.name]
        publics = me._publics(bag.name, other)
        for pos, public in zip(d.drawn[other], publics):
            if not public and pos not in d.played:
                assert pos not in dp.hand and (pos, other) not in d.keys


@pytest.mark.parametrize("name", ["iwoki", "codex"])
def test_mid_game_each_copy_holds_none_for_the_other_hand(name):
    seen = []
    play(name, 6, stop=40, watch=lambda me: seen.append(_hidden_hand_is_none(me)))
    assert len(seen) > 30


def test_three_links_before_both_hands_are_known():
    for name in ("iwoki", "codex"):
        a, b, links = play(name, 8, stop=3)
        assert b.game is None                       # B has sent its reply: nothing shown yet
        b.receive(links[2])
        for me in (a, b):
            assert me.game is not None and me.first_player in (0, 1)
            hand = me.game.small_hands[me.seat] if name == "iwoki" else me.game.hands[me.seat]
            assert None not in hand and len(hand) >= (8 if name == "iwoki" else 3)   # (A may have moved)


def test_codex_deck_keys_travel_only_in_answer_to_a_draw():
    """When a Codex player chooses where to draw, it cannot open any deck card it has not
    drawn: every deck position opened for it answers a draw already made (iwoki's small
    bag, whose keys travel ahead, opens one more)."""
    checked = []

    def watch(me):
        if me.game is None:
            return
        wants = me._wants(me.source)
        for bag in ("resource", "gold"):
            dp = me.dps[bag]
            opened = [pos for pos in dp.hand if pos not in dp.deal.drawn_by]
            assert len(opened) <= wants[bag][me.seat] - len(dp.deal.drawn[me.seat])
            checked.append(bag)
    play("codex", 9, stop=60, watch=watch)
    assert len(checked) > 40
    spec = IwokiGame.hidden_spec({"players": 2})
    assert spec.bag("small").ahead == 1 and CodexGame.hidden_spec({"players": 2}).bag("resource").ahead == 0


def _relinked(link, moves=None, hops=None):
    h = decode_link(link)["hidden"]
    return encode_hidden_link(new_game(h["game"], seed=0, **h["options"]), game_id=h["id"],
                              sender=h["sender"], start=h["start"], moves=h["moves"] if moves is None else moves,
                              hops=h["hops"] if hops is None else hops, first_player=h["first_player"],
                              names=h["names"])


def _at_a_play(name, seed, start=10):
    """A game stopped where the next link places a hidden item: (receiver, link, moves done,
    index of that move among the link's new moves)."""
    a, b, links = play(name, seed, stop=60)
    for n in range(start, len(links)):
        prev = decode_link(links[n - 1])["hidden"]["moves"]
        new = decode_link(links[n])["hidden"]["moves"][len(prev):]
        k = next((i for i, t in enumerate(new) if t.startswith("play ") or re.match(r"\d{3}[+-] @", t)), None)
        if k is not None:
            receiver = play(name, seed, stop=n)[1 - n % 2]
            return receiver, links[n], len(prev), k
    raise AssertionError("no placement")


@pytest.mark.parametrize("name", ["iwoki", "codex"])
def test_tampered_links_are_refused_naming_the_move(name):
    receiver, link, done, k = _at_a_play(name, 12)
    saved = receiver.to_json()
    h = decode_link(link)["hidden"]
    moves = list(h["moves"])
    # an item placed that its player did not draw: the deal message shows another one
    if name == "codex":
        placed = {c for f in receiver.game.fields for c in (cell.card.id for cell in f.cards.values())}
        other = next(c for c in range(1, 41) if c not in placed and c not in receiver.game.market
                     and c != int(moves[done + k].split()[1]))
        at = moves[done + k].split(" at ")[1]
        moves[done + k] = f"play {other} back at {at}"
    else:                  # (another tile in the same gap: refused by the rules or the deal)
        tile = moves[done + k].split()[0]
        moves[done + k] = moves[done + k].replace(tile, "333+" if tile[:3] != "333" else "222+", 1)
    shown = "does not show it from a position its player drew" if name == "codex" else ""
    with pytest.raises(InvalidRecordError, match=f"move {done + k + 1}.*{shown}"):
        receiver.receive(_relinked(link, moves=moves))
    if name == "codex":    # a face-up card placed instead (it needs no key): refused by the rules
        face_up = next(c for c in receiver.game.market if isinstance(c, int))
        moves[done + k] = f"play {face_up} back at {at}"
        hops = [serialize(_without_plays(parse(data, len(b.items)))) for data, b in zip(h["hops"], receiver.spec.bags)]
        with pytest.raises(InvalidRecordError, match=f"move {done + k + 1}.*in sight"):
            receiver.receive(_relinked(link, moves=moves, hops=hops))
    # a wrong key: one key of a hop altered
    hops = list(h["hops"])
    j, msg = next((j, parse(data, len(b.items))) for j, (data, b) in enumerate(zip(hops, receiver.spec.bags))
                  if parse(data, len(b.items)).unlocks)
    u = msg.unlocks[0]
    msg.unlocks[0] = type(u)(u.recipient, u.position, u.key + 1, u.proof)
    hops[j] = serialize(msg)
    with pytest.raises(InvalidRecordError, match=f"moves? {done + 1}.*does not fit"):
        receiver.receive(_relinked(link, hops=hops))
    # keys withheld: the hop gives none of the keys it owes
    msg = parse(h["hops"][j], len(receiver.spec.bags[j].items))
    msg.unlocks = []
    hops[j] = serialize(msg)
    with pytest.raises(InvalidRecordError, match=f"moves? {done + 1}.*gives the keys of"):
        receiver.receive(_relinked(link, hops=hops))
    # a replayed hop: the messages of an earlier link
    with pytest.raises(InvalidRecordError, match="replayed or lost"):
        receiver.receive(_relinked(link, hops=receiver.messages[-1]))
    assert receiver.to_json() == saved             # refusals changed nothing
    assert receiver.receive(link)["status"] == "ahead"


def _without_plays(msg):
    msg.plays = []
    return msg


def _cheating_pass(cls, seat):
    """A patch of ``cls._check`` that lets ``seat``'s own copy pass while it could play (the
    other copy cannot tell: the hand is hidden from it)."""
    real = cls._check

    def check(self, move):
        if str(move) == "pass" and self._viewer == seat and self.current_player == seat:
            return None
        return real(self, move)
    return check


@pytest.mark.parametrize("name,cls", [("iwoki", IwokiGame), ("codex", CodexGame)])
def test_a_planted_illegal_move_is_named_by_the_audit(name, cls, monkeypatch):
    cheated = []

    def cheat(player):
        g = player.game
        if player.seat == 1 and not cheated and g is not None and len(player.moves) > 12 \
                and g.current_player == 1 and not g.is_over:
            first = [] if name == "codex" or "draw" not in {g.format_move(m) for m in g.legal_moves()} else ["draw"]
            walk = g.clone()
            for t in first:
                walk.play(t)
            seen = player._face_up("resource") | player._face_up("gold") if name == "codex" else set()
            if any(walk.format_move(m) != "pass" for m in walk.legal_moves()) \
                    and not seen & set(g.hands[1] if name == "codex" else ()):   # (a face-up card taken is known)
                monkeypatch.setattr(cls, "_check", _cheating_pass(cls, 1))
                cheated.append(player.reply(first + ["pass"]))
                raise _Sent()

    class _Sent(Exception):
        pass

    a, b = HiddenPlayer.invite(name, start=1, randbytes=randbytes(21)), None
    b = HiddenPlayer.accept(a.last_link, randbytes=randbytes(22))
    link, players, turn, rng = b.last_link, [a, b], 0, random.Random(21)
    choose = chooser(name, 21) if name == "iwoki" else lambda g, texts: rng.choice(   # (decks only:
        [t for t in texts if not re.fullmatch(r"draw \d+", t)] or texts)           # no known card held)
    while not (a.finished and b.finished):
        players[turn].receive(link)
        if a.finished and b.finished:
            break
        try:
            cheat(players[turn])
            link = players[turn].take_turn(choose)
        except _Sent:
            link = cheated[-1]
        turn = 1 - turn
    assert cheated
    report = a.audit()
    assert not report["ok"] and report["cheaters"] == [1], report
    assert any("pass" in p and "player 2" in p for p in report["problems"])


@pytest.mark.parametrize("name", ["iwoki", "codex"])
def test_a_planted_wrong_key_is_named_by_the_audit(name):
    """A key a player gave for an item the other never placed, altered in that player's own
    record (whose messages are not checked again on loading): its audit names it."""
    me, report = planted_wrong_key(name)
    assert not report["ok"] and report["cheaters"] == [me.seat]
    assert any(f"player {me.seat + 1}: gave a wrong key" in p for p in report["problems"])


def planted_wrong_key(name):
    """A whole game of ``name`` whose seat's own record has one key altered: ``(seat, its audit)``."""
    rng = random.Random(5)
    a, b, links = play(name, 5, choose=lambda g, texts: rng.choice(texts))   # (hands left at the end)

    def kept(me, j, data):
        d = me.dps[me.spec.bags[j].name].deal
        return [i for i, u in enumerate(parse(data, len(me.spec.bags[j].items)).unlocks) if u.position not in d.played]
    me, hop, bag, i = next((me, k, j, kept(me, j, data)[0]) for me in (b, a) for k, hop in enumerate(me.messages)
                           for j, data in enumerate(hop) if k % 2 == me.seat and kept(me, j, data))
    record = me.to_json()
    msg = parse(me.messages[hop][bag], len(me.spec.bags[bag].items))
    u = msg.unlocks[i]
    msg.unlocks[i] = type(u)(u.recipient, u.position, u.key + 1, u.proof)
    record["messages"][hop][bag] = base64.b64encode(serialize(msg)).decode()
    return me, load_player(record).audit()


def test_the_record_stays_home_and_goes_on_after_a_reload():
    for name in ("iwoki", "codex"):
        a, b, links = play(name, 14, stop=11)
        receiver = a if len(links) % 2 == 0 else b
        record = json.loads(json.dumps(receiver.to_json()))
        assert all(record["seed"] not in link for link in links)
        again = load_player(record)
        assert isinstance(again, BagsPlayer) and again.moves == receiver.moves and again.step == receiver.step
        assert again.receive(links[-1])["status"] == "ahead"
        assert open_link(links[-1], [a.to_json(), b.to_json()]).seat == receiver.seat
        with pytest.raises(InvalidRecordError, match="keys are not on this device"):
            open_link(links[-1], [])
        with pytest.raises(InvalidRecordError, match="invitation"):
            open_link(links[0], [])
        for bad in ({**record, "messages": [["!!"]]}, {**record, "messages": [m[:1] for m in record["messages"]]},
                    {**record, "moves": ["pass"]}):
            with pytest.raises(InvalidRecordError):
                load_player(bad)


def test_two_players_only_and_turns_kept():
    with pytest.raises(InvalidRecordError, match="for two players"):
        HiddenPlayer.invite("iwoki", players=3)
    with pytest.raises(InvalidRecordError, match="for two players"):
        HiddenPlayer.invite("codex", players=4)
    a, b, links = play("codex", 3, stop=4)
    with pytest.raises(GameError, match="friend's turn"):
        b.reply()
    a.receive(links[-1])
    mover = a if a.game.current_player == 0 else None
    if mover is not None:
        with pytest.raises(GameError, match="ends your turn"):
            mover.reply([])


def test_link_show_and_verify(whole, tmp_path, capsys):
    name, (a, b, links) = whole
    assert main(["link", "show", links[6]]) == 0
    out = capsys.readouterr().out
    assert "hidden hands" in out and f"deal messages: {len(a.spec.bags)}" in out
    verify_by_command_line(links, play(name, 4, stop=6)[1], a, tmp_path, capsys)


def test_iwoki_items_offered_ahead_are_released_at_the_end_of_a_bag(monkeypatch):
    """The small and hexagonal tiles offered ahead and not drawn go to the other player when a
    bag runs low, so every draw the rules allow can be made; the audits still pass."""
    from pygame_core.deal.players import DealPlayer
    released, real = [], DealPlayer._releases

    def counting(self, *args):
        out = real(self, *args)
        released.extend(out)
        return out
    monkeypatch.setattr(DealPlayer, "_releases", counting)
    a, b, links = play("iwoki", 2)
    assert released and a.audit()["ok"] and b.audit()["ok"]
    assert sum(m == "draw" for m in a.moves) == 30          # the whole small bag was drawn


@pytest.mark.parametrize("name", ["iwoki", "codex"])
def test_damaged_links_raise_one_clear_error_and_change_nothing(name):
    a, b, links = play(name, 16, stop=9)
    receiver = b                                   # link 9 (index 8) is player 1's
    saved = receiver.to_json()
    link, rng = links[8], random.Random(2)
    for _ in range(40):
        k = rng.randrange(2, len(link))
        damaged = rng.choice([link[:k], link[:k] + rng.choice("AZaz09-_") + link[k + 1:]])
        if damaged != link:
            with pytest.raises(InvalidRecordError):
                receiver.receive(damaged)
    h = decode_link(link)["hidden"]
    for hops in (h["hops"][:-1], h["hops"] + h["hops"][:1], [m[:-3] for m in h["hops"]], h["hops"][::-1]):
        with pytest.raises(InvalidRecordError):
            receiver.receive(_relinked(link, hops=hops))
    assert receiver.to_json() == saved
    assert HiddenPlayer(saved).moves == receiver.moves       # (any game's record loads this way)
    assert receiver.receive(link)["status"] == "ahead"
