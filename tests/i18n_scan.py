"""What of ``web/`` a person reads, found in the sources, for tests/test_i18n.py.

A *visible string* is a string or template literal (the template's own text, outside its
``${…}``) with a letter in it that the page shows as it is, instead of asking the catalog
(``t(key, params)``, web/i18n/i18n.js):

* in a script: a literal that is the value given to a text sink — ``.textContent``,
  ``.innerText``, ``.innerHTML``, ``.title``, ``.placeholder``, ``.label`` or ``document.title``
  assigned; ``setAttribute`` of ``aria-label``, ``aria-valuetext``, ``title``, ``placeholder``
  or ``alt``; an argument of ``append``, ``prepend``, ``replaceChildren``, ``createTextNode``,
  ``showError``, ``makeButton``, ``makeOption``, ``note``, ``say`` — directly, or as a branch of
  ``?:``/``||``/``+`` (the literal at the sink's own level, not inside a nested call);
  and, anywhere, a literal that reads as prose (two words with a space between), unless it is a
  ``console.*`` message, a ``TypeError``/``RangeError`` (a programmer's slip, never a reader's),
  an import, a catalog key, a CSS selector or class list, a comparison, or a literal on a line
  marked ``// @i18n-ignore`` (or after the marker alone on the line before: programmers'
  text, Python code, e.g. the bot API's errors in English);
* in a page: a text node with a letter, outside ``<script>``/``<style>``, whose element (or an
  ancestor) carries no ``data-i18n`` key and no ``lang`` of its own (a language's own name);
  a ``title``, ``aria-label``, ``placeholder`` or ``alt`` with a letter and no
  ``data-i18n-<attribute>`` key. The product's name, ``Boardwright``, is the one word left as it is.
"""
from __future__ import annotations

import re
from html.parser import HTMLParser

from test_import_cycles import strip_js_comments

BRAND = {"Boardwright"}
LETTER = re.compile(r"[A-Za-z]")
PROSE = re.compile(r"[A-Za-z]{2,}[,.:;!?']*\s+[A-Za-z(]")
ASSIGN_SINK = re.compile(r"(?:\.(?:textContent|innerText|innerHTML|title|placeholder|label)|\bdocument\.title)\s*=(?!=)")
ATTR_SINK = re.compile(r"\.setAttribute\(\s*([\"'])(?:aria-label|aria-valuetext|title|placeholder|alt)\1\s*,")
CALL_SINK = re.compile(r"(?:\.(?:append|prepend|replaceChildren)|\bcreateTextNode|\bshowError|\bmakeButton|\bmakeOption|\bnote|\bsay)\(")
SKIP_CALL = re.compile(r"(?:\bconsole\.\w+|\bimport|\bt|\bhasKey|\bquerySelector(?:All)?|\bclosest|\bmatches|\bmatchMedia"
                       r"|\bcreateElement(?:NS)?|\bclassList\.\w+|\bnew (?:Type|Range)Error)\(\s*$")
# not text: a class list (a scene item's `cls` too), a data attribute, a comparison with a literal
SKIP_BEFORE = re.compile(r"(?:\bclassName\s*\+?=|\b(?:class|cls)\s*:[^,{}]*|\.dataset\.\w+\s*=|setAttribute\(\s*[\"'](?:class|role|data-[\w-]+)[\"']\s*,|[=!]==?)\s*$")
SKIP_AFTER = re.compile(r"^\s*(?:[=!]==?)")


def literals(code: str):
    """(start, end, text, kind) of each string and template literal of comment-free ``code``;
    a template's text is its own text (``${…}`` blanked, literals inside them listed too)."""
    out = []
    i, n = 0, len(code)
    last = ""
    while i < n:
        c = code[i]
        if c in "\"'":
            j = i + 1
            while j < n and code[j] != c and code[j] != "\n":
                j += 2 if code[j] == "\\" else 1
            out.append((i, j + 1, code[i + 1:j], "string"))
            i, last = j + 1, c
            continue
        if c == "`":
            i, last = _template(code, i, out), "`"
            continue
        if c == "/" and (last == "" or last in "(,=:[!&|?{};+-*%<>~^\n"):
            j = i + 1
            in_class = False
            while j < n and code[j] != "\n":
                if code[j] == "\\":
                    j += 2
                    continue
                if code[j] == "[":
                    in_class = True
                elif code[j] == "]":
                    in_class = False
                elif code[j] == "/" and not in_class:
                    break
                j += 1
            i, last = j + 1, "/"
            continue
        if not c.isspace():
            last = c
        i += 1
    return out


def _template(code: str, start: int, out: list) -> int:
    """Read the template literal at ``start``; returns the index after it."""
    i, n = start + 1, len(code)
    text = []
    while i < n and code[i] != "`":
        if code[i] == "\\":
            text.append(code[i:i + 2])
            i += 2
            continue
        if code.startswith("${", i):
            depth, j = 1, i + 2
            inner_start = j
            while j < n and depth:
                if code[j] in "\"'`":
                    sub = literals(code[j:])
                    j += sub[0][1] if sub else 1
                    continue
                depth += {"{": 1, "}": -1}.get(code[j], 0)
                j += 1
            for s, e, t, k in literals(code[inner_start:j - 1]):
                out.append((inner_start + s, inner_start + e, t, k))
            text.append(" ")
            i = j
            continue
        text.append(code[i])
        i += 1
    out.append((start, i + 1, "".join(text), "template"))
    return i + 1


def _sink_literals(code: str, spans: dict[int, tuple], start: int, stop_at_statement: bool) -> list[int]:
    """Starts of the literals at the sink's own level from ``start`` (inside the call's
    parentheses, or to the end of the assigned expression)."""
    found, depth, i, n = [], 0, start, len(code)
    while i < n:
        if i in spans:
            if depth == 0:
                found.append(i)
            i = spans[i][1]
            continue
        c = code[i]
        if c in "([{":
            depth += 1
        elif c in ")]}":
            if depth == 0:
                break
            depth -= 1
        elif depth == 0 and (c == ";" or (stop_at_statement and c == "\n" and not code[i + 1:].lstrip(" ").startswith(("?", ":", "+", "|")))):
            break
        elif depth == 0 and c == "," and stop_at_statement:
            break
        i += 1
    return found


def script_problems(text: str) -> list[tuple[int, str]]:
    """(line, literal) of each visible string of a script."""
    ignored_lines = set()
    for m in re.finditer(r"//\s*@i18n-ignore", text):
        line = text.count("\n", 0, m.start()) + 1
        alone = not text[text.rfind("\n", 0, m.start()) + 1:m.start()].strip()
        ignored_lines.add(line + 1 if alone else line)  # a marker alone on its line: the next line
    code = strip_js_comments(text)
    lits = literals(code)
    spans = {s: (s, e, t, k) for s, e, t, k in lits}
    flagged: set[int] = set()
    for m in ASSIGN_SINK.finditer(code):
        flagged.update(_sink_literals(code, spans, m.end(), True))
    for m in ATTR_SINK.finditer(code):
        flagged.update(_sink_literals(code, spans, m.end(), True))
    for m in CALL_SINK.finditer(code):
        flagged.update(_sink_literals(code, spans, m.end(), False))
    problems = []
    for s, e, text, _kind in lits:
        line = code.count("\n", 0, s) + 1
        if line in ignored_lines or not LETTER.search(text):
            continue
        before = code[max(0, s - 80):s]
        if SKIP_CALL.search(before) or SKIP_BEFORE.search(before) or SKIP_AFTER.search(code[e:e + 8]) \
                or re.search(r"\bfrom\s*$", before):
            continue
        words = set(re.findall(r"[A-Za-z]+", text))
        if words <= BRAND:
            continue
        if s in flagged or PROSE.search(text):
            problems.append((line, text.strip()[:60]))
    return problems


class _PageScan(HTMLParser):
    VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, bool]] = []  # (tag, its text is the catalog's or exempt)
        self.problems: list[tuple[int, str]] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        for attr in ("title", "aria-label", "placeholder", "alt"):
            value = a.get(attr)
            if value and LETTER.search(value) and f"data-i18n-{attr}" not in a:
                self.problems.append((self.getpos()[0], f"{tag} {attr}={value[:50]!r}"))
        covered = "data-i18n" in a or "lang" in a and tag != "html" or tag in ("script", "style")
        if tag not in self.VOID:
            self.stack.append((tag, covered or (bool(self.stack) and self.stack[-1][1])))

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in self.VOID and self.stack:
            self.stack.pop()

    def handle_endtag(self, tag):
        while self.stack:
            if self.stack.pop()[0] == tag:
                break

    def handle_data(self, data):
        if self.stack and self.stack[-1][1]:
            return
        words = set(re.findall(r"[A-Za-z]+", data))
        if words - BRAND:
            self.problems.append((self.getpos()[0], " ".join(data.split())[:60]))


def page_problems(html: str) -> list[tuple[int, str]]:
    """(line, text) of each visible text of a page that is not the catalog's."""
    scan = _PageScan()
    scan.feed(html)
    return scan.problems
