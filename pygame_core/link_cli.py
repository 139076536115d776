"""``boardwright link show LINK``: what any share link holds (a shared game, a game with
variations, a move in a game with a friend, with hidden hands too: their public part), as
text or ``--format json``; ``boardwright link verify LINK --state FILE``: a hidden-hand link
checked against one player's record (its deal, its moves) and, at the end, the audit."""

from __future__ import annotations

import json
import sys
from datetime import datetime, timezone

from .core import GameError, InvalidRecordError, quote, replay

MAX_LINK_CHARS = 200_000


def add_parsers(sub) -> None:
    lp = sub.add_parser("link", help="read a share link: boardwright link show LINK")
    lsub = lp.add_subparsers(dest="link_command", required=True)
    sp = lsub.add_parser("show", help="print the game a link holds (a token, a #r=... fragment or a whole URL; - reads stdin)")
    sp.add_argument("link")
    sp.add_argument("--format", choices=("text", "json"), default="text")
    vp = lsub.add_parser("verify", help="check a hidden-hand link against your record (--state FILE: "
                         "the game's record from your export); at the end, the audit names any cheater")
    vp.add_argument("link")
    vp.add_argument("--state", required=True, help="a JSON file: the game's record (HiddenPlayer.to_json)")
    vp.add_argument("--save", action="store_true", help="write the record back with the link taken in")


def _minute(m: int) -> str:
    try:
        return datetime.fromtimestamp(m * 60, tz=timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    except (OverflowError, OSError, ValueError):
        return f"minute {m}"


def describe_hidden(h: dict) -> list[str]:
    """Text lines for a hidden-hand link: its public part (moves, hops, sizes), no tile."""
    seats = [f"Player {k + 1}" + (f" ({name})" if name else "") for k, name in enumerate(h["names"])]
    options = ", ".join(f"{k}={v}" for k, v in h["options"].items())
    out = [f"{h['game']} ({options}) with hidden hands, game id {h['id']}: {' against '.join(seats)}",
           f"sent by {seats[h['sender']]}, started {_minute(h['start'])}; "
           + (f"{seats[h['first_player']]} opened" if h["first_player"] is not None else "nobody has opened yet")]
    for k, (text, seat) in enumerate(zip(h["moves"], h["movers"]), 1):
        out.append(f"{k:4}. {seats[seat]:<12} {text}")
    if h.get("resign"):
        seat = h["resign"][0]
        out.append(f"{seats[seat]} resigned" + (" (its keys shown)" if seat == h["sender"]
                                                 else f"; {seats[h['sender']]} answers with its keys"))
    sizes = ", ".join(f"{len(m):,}" for m in h["hops"])
    out.append(f"deal messages: {len(h['hops'])} ({sizes} bytes); hands and keys stay on each device")
    return out


def describe(link: dict) -> list[str]:
    """Text lines for a decoded link (:func:`pygame_core.records.decode_link`'s result)."""
    if link.get("hidden"):
        return describe_hidden(link["hidden"])
    record = link["record"]
    game = replay(record)
    names = list(game.player_names)
    corr = link.get("corr")
    if corr:
        names = [f"{seat} ({name})" if name else seat for seat, name in zip(names, corr["names"])]
    options = ", ".join(f"{k}={v}" for k, v in record["options"].items())
    out = [f"{game.title} ({options}), seed {record['seed']}, {len(record['moves'])} moves"]
    if corr:
        out.append(f"a game with a friend, id {corr['id']}: {' against '.join(names)}; "
                   f"sent by {names[corr['sender']]} for {names[link['view']] if link['view'] is not None else 'anyone'}")
        out.append(f"started {_minute(corr['start'])}" + (f", last move {_minute(corr['times'][-1])}" if corr["times"] else ""))
    moves = record["moves"]
    seats = []
    walk = replay({**record, "moves": []})
    for text in moves:
        seats.append(walk.current_player)
        walk.play(text)
    for k, (text, seat) in enumerate(zip(moves, seats), 1):
        when = f"  {_minute(corr['times'][k - 1])}" if corr else ""
        out.append(f"{k:4}. {names[seat]:<12} {text}{when}")
    if corr and corr["lines"]:
        out.append("conditional replies of the sender (their move, then the answer):")
        out.extend("      " + " ".join(line) for line in corr["lines"])
    if corr and corr["resigned"] is not None:
        out.append(f"{names[corr['resigned']]} resigned")
    elif game.is_over:
        won = ", ".join(names[w] for w in game.winners) or "nobody"
        out.append(f"game over: {won} won")
    else:
        out.append(f"{names[game.current_player]} to move")
    if link.get("cursor") is not None:
        out.append(f"the link opens at move {link['cursor']}")
    if link.get("players"):
        out.append("seats: " + ", ".join(link["players"]))
    return out


def cmd_verify(args, text: str) -> int:
    """Take a hidden-hand link into a player's record; print what it added, and the audit."""
    from .hidden import load_player
    try:
        with open(args.state, encoding="utf-8") as f:
            state = json.loads(f.read(MAX_LINK_CHARS * 10))
    except (OSError, ValueError) as exc:
        raise GameError(f"cannot read the record {quote(args.state, 60)}: {exc}") from None
    try:
        player = load_player(state)
        got = player.receive(text.strip())
    except InvalidRecordError as exc:
        print(f"refused: {exc}")
        return 1
    print(got["message"])
    print(player.status())
    report = player.audit() if player.finished else None
    if report:
        print(f"audit: {'passed' if report['ok'] else 'FAILED'}; {report['result']}")
        for problem in report["problems"]:
            print("  " + problem)
        if report["cheaters"]:
            print("cheater: " + ", ".join(f"player {p + 1}" for p in report["cheaters"]))
    if args.save:
        with open(args.state, "w", encoding="utf-8") as f:
            json.dump(player.to_json(), f)
    return 0 if report is None or report["ok"] else 1


def cmd_link(args) -> int:
    from .records import decode_link, token_of
    text = sys.stdin.read(MAX_LINK_CHARS + 1) if args.link == "-" else args.link
    if args.link_command == "verify":
        if len(text) > MAX_LINK_CHARS:
            raise GameError(f"the link is longer than {MAX_LINK_CHARS:,} characters")
        return cmd_verify(args, text)
    if len(text) > MAX_LINK_CHARS:
        raise GameError(f"the link is longer than {MAX_LINK_CHARS:,} characters")
    try:
        link = decode_link(token_of(text))
    except InvalidRecordError as exc:
        raise GameError(f"{quote(text.strip(), 30)} is not a link this version reads: {exc}") from None
    if args.format == "json":
        if link.get("hidden"):
            h = link["hidden"]
            link = {**link, "hidden": {**h, "hops": [len(m) for m in h["hops"]],
                                       "resign": h["resign"] and h["resign"][0]}}    # (the seat, not the seed)
        print(json.dumps(link, indent=1, ensure_ascii=False))
    else:
        print("\n".join(describe(link)))
    return 0
