#!/usr/bin/env python3
"""Judges what headless Chromium made of a memlab-site page. Standard library only.
browser_session.py calls these judgements in-process; the command line below runs one of them.

  page_judge.py screenshot SHOT.png
      Fails when the screenshot is (nearly) one colour: a blank page. PNG pixels are
      deflate-compressed and filtered per row, so this decodes them with zlib and undoes the
      five PNG row filters; it reads the 8-bit, non-interlaced images Chromium writes.
  page_judge.py dom DOM.html PAGE.html [SLIDE]
      Site page: the browser's DOM must show the same, non-empty article text as the file.
      Deck: the deck script must have run and show slide SLIDE (default 1) and only that one.
  page_judge.py keys DOM.html SLIDES
      The deck copy with key_walk.html appended must have moved through the slides as
      Right, PageDown, Space, Left, PageUp, Shift+Space, End, Home should.
  page_judge.py pdf DECK.pdf PAGES
      Printing a deck must give one page per slide.
  page_judge.py tables-page PAGE.html MEASURE.html OUT.html
      Writes a copy of a site page that travels alone (its stylesheet inlined) with the script
      MEASURE.html appended, so that it can be opened from another folder.
  page_judge.py tables DOM.html PAGE
      Every table of the article (measured by table_measure.html) sits in its .table-scroll box,
      the box is no wider than the text column, and the table fits the box whenever it can (its
      cells wrapped); a table too wide even then must scroll in its box, never be cut.
"""
import collections
import html.parser
import json
import os
import re
import struct
import sys
import zlib

BLANK_SHARE = 0.995  # a page whose most common colour covers more than this is blank


class Failure(Exception):
    """A judgement that failed; its text says what the page got wrong."""


def fail(message):
    raise Failure(message)


def add_bytes(a, b):
    """a + b byte by byte, modulo 256, for two byte strings of one length. Read as two big
    integers, the strings are added in a few whole-row steps instead of a Python step per byte:
    the low seven bits of each byte are added apart from the top bit, so that their carry stays
    inside the byte, and the top bit of the sum is the exclusive or of the two top bits and
    that carry."""
    low = int.from_bytes(b"\x7f" * len(a), "little")
    high = int.from_bytes(b"\x80" * len(a), "little")
    x, y = int.from_bytes(a, "little"), int.from_bytes(b, "little")
    return bytearray((((x & low) + (y & low)) ^ ((x ^ y) & high)).to_bytes(len(a), "little"))


def png_pixels(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        fail(f"{path} is not a PNG file")
    pos, idat, header = 8, [], None
    while pos + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        pos += 12 + length
    if header is None:
        fail(f"{path} has no IHDR chunk")
    width, height, depth, colour, _, _, interlace = header
    channels = {0: 1, 2: 3, 4: 2, 6: 4}.get(colour)
    if depth != 8 or channels is None or interlace:
        fail(f"{path}: cannot judge PNG with bit depth {depth}, colour type {colour}, interlace {interlace}")
    raw = zlib.decompress(b"".join(idat))
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, row = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        if kind == 2:  # "Up", the filter Chromium picks for most rows: no left-to-right chain
            row = add_bytes(row, previous)
        for i in range(stride if kind in (1, 3, 4) else 0):
            left = row[i - channels] if i >= channels else 0
            up = previous[i]
            if kind == 1:
                row[i] = (row[i] + left) & 255
            elif kind == 3:
                row[i] = (row[i] + ((left + up) >> 1)) & 255
            elif kind == 4:
                up_left = previous[i - channels] if i >= channels else 0
                if up == up_left:
                    # Then p is left, which is nearest to itself. A screenshot's rows are mostly
                    # flat, so this spares most bytes the three distances.
                    predictor = left
                else:
                    p = left + up - up_left
                    pa, pb, pc = abs(p - left), abs(p - up), abs(p - up_left)
                    predictor = left if pa <= pb and pa <= pc else (up if pb <= pc else up_left)
                row[i] = (row[i] + predictor) & 255
        rows.append(bytes(row))
        previous = row
    return width, height, channels, rows


def judge_screenshot(path):
    width, height, channels, rows = png_pixels(path)
    colours = collections.Counter()
    for row in rows:
        # A pixel is its channels' bytes taken together: zip pairs them up without a Python
        # step per pixel (a screenshot has a million pixels).
        colours.update(zip(*(row[channel::channels] for channel in range(channels))))
    share = colours.most_common(1)[0][1] / (width * height)
    if share > BLANK_SHARE:
        fail(f"{path} is blank: one colour covers {share:.1%} of it")
    return f"{path}: {width}x{height}, {len(colours)} colours, most common covers {share:.1%}"


class Page(html.parser.HTMLParser):
    """Collects the article's text, the body's attributes and the slides' classes."""

    def __init__(self):
        super().__init__()
        self.depth_in_article = 0
        self.article_text = []
        self.body = {}
        self.lang = None  # <html lang>
        self.slides = []  # (id, classes)
        self.in_code = 0  # inside <script> or <style>: program text, not text a reader sees

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        classes = (attrs.get("class") or "").split()
        if tag == "html":
            self.lang = attrs.get("lang")
        if tag == "body":
            self.body = attrs
        if tag in ("script", "style"):
            self.in_code += 1
        if tag == "section" and "slide" in classes:
            self.slides.append((attrs.get("id"), classes))
        if self.depth_in_article or (tag == "article" and "markdown-body" in classes):
            self.depth_in_article += 1

    def handle_endtag(self, tag):
        if tag in ("script", "style") and self.in_code:
            self.in_code -= 1
        if self.depth_in_article and tag not in ("br", "img", "hr", "input", "meta", "link"):
            self.depth_in_article -= 1

    def handle_data(self, data):
        if self.depth_in_article and not self.in_code:
            self.article_text.append(data)

    def text(self):
        return " ".join("".join(self.article_text).split())


def parse(path):
    page = Page()
    with open(path, encoding="utf-8") as f:
        page.feed(f.read())
    return page


def judge_dom(dom_path, page_path, slide):
    dom, page = parse(dom_path), parse(page_path)
    # A Chinese page (X.zh.html) must say so, so that the browser picks a CJK font for it.
    want_lang = "zh-Hans" if page_path.endswith(".zh.html") else "en"
    if dom.lang != want_lang:
        fail(f"{page_path}: <html lang> is {dom.lang!r}, want {want_lang!r}")
    if "deck" in (page.body.get("class") or "").split():
        count = len(page.slides)
        if dom.body.get("data-deck-ready") != "1":
            fail(f"{page_path}: the deck script did not run (no data-deck-ready on <body>)")
        if dom.body.get("data-current-slide") != str(slide):
            fail(f"{page_path}: asked for slide {slide}, the deck shows {dom.body.get('data-current-slide')}")
        active = [slide_id for slide_id, classes in dom.slides if "active" in classes]
        if active != [f"slide-{slide}"]:
            fail(f"{page_path}: expected only slide-{slide} active, found {active}")
        return f"{page_path}: deck of {count} slides, slide {slide} shown"
    if not dom.text():
        fail(f"{page_path}: the browser shows an empty article")
    if dom.text() != page.text():
        fail(f"{page_path}: the browser's article text differs from the file's")
    return f"{page_path}: article shown ({len(dom.text())} characters)"


def judge_keys(dom_path, slides):
    steps = [+1, +1, +1, -1, -1, -1, "end", "home"]  # the presses in key_walk.html
    current, expected = 1, []
    for step in steps:
        current = slides if step == "end" else 1 if step == "home" else min(slides, max(1, current + step))
        expected.append(str(current))
    trace = parse(dom_path).body.get("data-key-trace")
    if trace is None:
        fail(f"{dom_path}: the key walk did not run")
    if trace.split(",") != expected:
        fail(f"{dom_path}: keys showed slides {trace}, expected {','.join(expected)}")
    return f"{dom_path}: keys walk the deck as expected ({trace})"


def judge_pdf(path, pages):
    with open(path, "rb") as f:
        data = f.read()
    found = len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", data))
    if found != pages:
        fail(f"{path}: printing gave {found} pages for {pages} slides")
    return f"{path}: {found} printed pages"


def write_tables_page(page_path, measure_path, out_path):
    """A copy of the page with the measuring script appended. A <base> element makes its
    stylesheet, figures and links resolve in the page's own folder, so the copy looks as the
    page does, and one browser start gives the page's screenshot, text and table sizes."""
    with open(page_path, encoding="utf-8") as f:
        text = f.read()
    base = "file://" + os.path.dirname(os.path.abspath(page_path)) + "/"
    text = re.sub(r"<head>", lambda m: m.group(0) + f'\n<base href="{base}">', text, count=1)
    with open(measure_path, encoding="utf-8") as f:
        text += f.read()
    with open(out_path, "w", encoding="utf-8") as f:
        f.write(text)


def judge_tables(dom_path, page):
    trace = parse(dom_path).body.get("data-table-trace")
    if trace is None:
        fail(f"{page}: the table measurement did not run")
    tables = json.loads(trace)
    scrolling = 0
    for n, t in enumerate(tables, 1):
        where = f"{page}: table {n}"
        if not t["inBox"]:
            fail(f"{where} is not in a .table-scroll box (the renderer wraps every table)")
        if t["boxRight"] > t["columnRight"] + 1:
            fail(f"{where}: its box ends at {t['boxRight']:.0f} px, past the text column's {t['columnRight']:.0f} px")
        if t["minimum"] <= t["boxWidth"] + 1:
            if t["used"] > t["boxWidth"] + 1:
                fail(f"{where} is cut: {t['used']:.0f} px wide in a {t['boxWidth']} px column, "
                     f"though it fits in {t['minimum']:.0f} px with its cells wrapped")
        else:
            scrolling += 1
            if t["overflow"] not in ("auto", "scroll"):
                fail(f"{where} needs {t['minimum']:.0f} px of a {t['boxWidth']} px column and its box does not "
                     f"scroll (overflow-x: {t['overflow']})")
    return f"{page}: {len(tables)} tables fit the text column or scroll in it ({scrolling} scroll)"


def main(argv):
    try:
        if len(argv) >= 3 and argv[1] == "screenshot":
            line = judge_screenshot(argv[2])
        elif len(argv) >= 4 and argv[1] == "dom":
            line = judge_dom(argv[2], argv[3], int(argv[4]) if len(argv) > 4 else 1)
        elif len(argv) == 4 and argv[1] == "keys":
            line = judge_keys(argv[2], int(argv[3]))
        elif len(argv) == 4 and argv[1] == "pdf":
            line = judge_pdf(argv[2], int(argv[3]))
        elif len(argv) == 5 and argv[1] == "tables-page":
            line = write_tables_page(argv[2], argv[3], argv[4])
        elif len(argv) == 4 and argv[1] == "tables":
            line = judge_tables(argv[2], argv[3])
        else:
            print(__doc__)
            sys.exit(2)
    except Failure as failure:
        print(f"FAIL: {failure}")
        sys.exit(1)
    if line:  # write_tables_page writes a file and has nothing to say
        print(line)


if __name__ == "__main__":
    main(sys.argv)
