"""Provenance only (not part of the build): generate pygame_core/data/codex_cards.json from the card
table in the project's Codex rules spec (section 2). Run once from the repository root: python build_scripts/gen_codex_cards.py [path/to/codex.md]"""
import json, re
import sys
text = open(sys.argv[1] if len(sys.argv) > 1 else '../shared/rules/codex.md').read()
block = text.split("```\nResource (id")[1].split("```")[0]
block = "Resource (id" + block
SYM = {"F": "fungi", "P": "plant", "A": "animal", "I": "insect", "Q": "quill", "K": "inkwell", "M": "manuscript", "E": "empty", "X": "hidden"}
COL = {"R": "fungi", "G": "plant", "B": "animal", "U": "insect"}
KEYS = ("UL", "UR", "DL", "DR")
lines = block.splitlines()
res_part = " ".join(l for l in lines if l.startswith("Resource") or re.match(r"^\d+ [RGBU] [A-Z]{4} \d", l) and not l.startswith("Gold"))
cards = []
res_text = block.split("Gold (id")[0].split(":", 1)[1].strip().replace("\n", " | ")
for entry in res_text.split("|"):
    cid, col, corners, pts = entry.split()
    cards.append({"id": int(cid), "type": "resource", "kingdom": COL[col],
                  "front": {"corners": {k: SYM[c] for k, c in zip(KEYS, corners)}, "points": {"kind": "fixed", "value": int(pts)}}})
gold_text = block.split("Gold (id")[1].split("Starter (id")[0].split(":", 1)[1].strip().replace("\n", " | ")
for entry in gold_text.split("|"):
    cid, col, corners, reward, req = entry.split()
    if "/" in reward:
        v, what = reward.split("/")
        pts = {"kind": "per-corner", "value": int(v)} if what == "corner" else {"kind": "per-object", "object": what, "value": int(v)}
    else:
        pts = {"kind": "fixed", "value": int(reward)}
    requires = {}
    for c in req:
        requires[SYM[c]] = requires.get(SYM[c], 0) + 1
    cards.append({"id": int(cid), "type": "gold", "kingdom": COL[col],
                  "front": {"corners": {k: SYM[c] for k, c in zip(KEYS, corners)}, "points": pts, "requires": requires}})
st_text = block.split("Starter (id")[1].split("\n")[0].split(":", 1)[1]
for entry in st_text.split("|"):
    cid, rest = entry.strip().split(" ", 1)
    centre, front, back = [p.replace(" ", "") for p in rest.split("/")]
    cards.append({"id": int(cid), "type": "starter",
                  "front": {"corners": {k: SYM[c] for k, c in zip(KEYS, front)}, "centre": [SYM[c] for c in centre]},
                  "back": {"corners": {k: SYM[c] for k, c in zip(KEYS, back)}, "centre": []}})
objs = []
for row in re.findall(r"^\| (\d+) \| ([^|]+)\|([^|]+)\|([^|]+)\|$", text, re.M):
    cid, kind, pattern, pts = int(row[0]), row[1].strip(), row[2].strip(), row[3].strip()
    value = int(pts.split()[0])
    if kind.startswith("diagonal"):
        colour = {"red": "fungi", "green": "plant", "blue": "animal", "purple": "insect"}[kind.split(", ")[1]]
        o = {"id": cid, "type": "objective", "kind": "diagonal", "kingdom": colour, "rising": "rising" in kind, "points": value}
    elif kind == "L":
        spec = {91: ("fungi", "plant", 2, -6), 92: ("plant", "insect", -2, -6), 93: ("animal", "fungi", 2, 2), 94: ("insect", "animal", -2, 2)}[cid]
        o = {"id": cid, "type": "objective", "kind": "L", "column": spec[0], "foot": spec[1], "foot_at": [spec[2], spec[3]], "points": value}
    else:
        need = {}
        for m in re.finditer(r"(\d) (?:visible )?(fungi|plants?|animals?|insects?|quill|inkwell|manuscripts?|inkwells|quills)", pattern):
            word = m.group(2).rstrip("s") if m.group(2) not in ("fungi",) else "fungi"
            need[word] = int(m.group(1))
        o = {"id": cid, "type": "objective", "kind": "symbols", "symbols": need, "points": value}
    objs.append(o)
cards.extend(objs)
assert len(cards) == 102, len(cards)
data = {"source": "Codex Naturalis rules spec section 2 (card data of the LucaLeonx/ing-sw-2024 repository); unofficial",
        "cards": cards}
with open('pygame_core/data/codex_cards.json', 'w') as f:
    f.write("{\n" + f'"source": {json.dumps(data["source"])},\n"cards": [\n' + ",\n".join(json.dumps(c) for c in cards) + "\n]}\n")
print(len(cards))
