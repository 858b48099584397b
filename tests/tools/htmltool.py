#!/usr/bin/env python3
"""Looks into an HTML page (a browser's --dump-dom of the replay or report
pages) for the shell tests, with Python's own HTML parser.

    htmltool.py FILE count TAG [FILTER]...        elements that match
    htmltool.py FILE attr NAME TAG [FILTER]...    NAME of each match, a line each
    htmltool.py FILE text TAG [FILTER]...         text of each match, a line each
    htmltool.py FILE data [GAME]                  the page's data (JSON), or
                                                  that of GAME on a page of
                                                  replays

TAG is an element name or '*'.  A FILTER is NAME=VALUE (the attribute
equals VALUE), NAME~=WORD (one of its space-separated words is WORD) or
NAME (the attribute is there).
"""

import base64
import html.parser
import json
import sys
import zlib

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link",
        "meta", "source", "track", "wbr"}


class Page(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.elements = []  # [tag, attrs, text parts]
        self.open = []

    def handle_starttag(self, tag, attrs):
        element = [tag, dict(attrs), []]
        self.elements.append(element)
        if tag not in VOID:
            self.open.append(element)

    def handle_startendtag(self, tag, attrs):
        self.elements.append([tag, dict(attrs), []])

    def handle_endtag(self, tag):
        for i in range(len(self.open) - 1, -1, -1):
            if self.open[i][0] == tag:
                del self.open[i:]
                break

    def handle_data(self, data):
        for element in self.open:
            element[2].append(data)


def matches(element, tag, filters):
    name, attrs, _ = element
    if tag != "*" and name != tag:
        return False
    for f in filters:
        if "~=" in f:
            key, word = f.split("~=", 1)
            if word not in (attrs.get(key) or "").split():
                return False
        elif "=" in f:
            key, value = f.split("=", 1)
            if attrs.get(key) != value:
                return False
        elif f not in attrs:
            return False
    return True


def main(argv):
    with open(argv[1], encoding="utf-8") as f:
        text = f.read()
    page = Page()
    page.feed(text)
    what = argv[2]
    if what == "data":
        for element in page.elements:
            if element[0] == "script" and (element[1].get("data-game") == argv[3]
                                           if len(argv) > 3 else
                                           element[1].get("id") == "data"):
                # deflate (zlib) in base64, as referee/report/html_page.c writes it
                packed = base64.b64decode("".join(element[2]))
                print(json.dumps(json.loads(zlib.decompress(packed))))
                return 0
        return 1
    if what == "attr":
        name, tag, filters = argv[3], argv[4], argv[5:]
    else:
        name, tag, filters = None, argv[3], argv[4:]
    found = [e for e in page.elements if matches(e, tag, filters)]
    if what == "count":
        print(len(found))
    elif what == "attr":
        for e in found:
            print(e[1].get(name, ""))
    else:
        for e in found:
            print("".join(e[2]).strip())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
