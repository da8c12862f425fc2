#!/usr/bin/env python3
"""Opens every page of a rendered memlab-site and every slide deck in ONE headless Chromium
session (Selenium through chromedriver), saves what each view shows and has page_judge.py judge
it. browser_check.sh calls this after it has found the programs and checked the fonts.

  browser_session.py SITE_DIR SCREENSHOT_DIR CHROMIUM CHROMEDRIVER

Exit status: 0 all pages pass, 1 a page fails.

A start of Chromium costs seconds on a small machine, and the site has over a hundred views
(a deck has three: the key walk, the last slide, the print), so the browser starts once and
loads one view after another. Each view is a fresh document, as it was with a start per view:
the browser goes to about:blank before it loads the next one, so that a URL that differs only
in its hash (#12) loads the page anew instead of scrolling the page that is already there.
"""
import base64
import collections
import concurrent.futures
import os
import re
import subprocess
import sys
import tempfile

from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.print_page_options import PrintOptions

# page_judge is imported from the source tree, which a test run leaves as it found it.
sys.dont_write_bytecode = True
import page_judge

HERE = os.path.dirname(os.path.abspath(__file__))
VIEW_WIDTH, VIEW_HEIGHT = 1280, 800  # the view each page is judged in, as a reader's window
LOAD_SECONDS = 120  # one page that never finishes loading fails alone
CHROMIUM_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--hide-scrollbars", f"--window-size={VIEW_WIDTH},{VIEW_HEIGHT}",
]
# What Chromium's --dump-dom wrote: the doctype, then the live document.
DUMP_DOM = """
var doctype = document.doctype ? new XMLSerializer().serializeToString(document.doctype) : "";
return doctype + "\\n" + document.documentElement.outerHTML;
"""


class Browser:
    """One headless Chromium for all the pages; its chatter (D-Bus, GPU) goes to a log."""

    def __init__(self, chromium, chromedriver, log_path):
        self.chromium, self.chromedriver, self.log_path = chromium, chromedriver, log_path
        with open(os.path.join(HERE, "print_size.js"), encoding="utf-8") as f:
            self.print_size_script = f.read()
        self.driver = None
        self.start()

    def start(self):
        options = webdriver.ChromeOptions()
        options.binary_location = self.chromium
        for flag in CHROMIUM_FLAGS:
            options.add_argument(flag)
        # --enable-chrome-logs: chromedriver passes on what Chromium writes, into the log.
        self.log = open(self.log_path, "ab")
        service = Service(self.chromedriver, service_args=["--enable-chrome-logs"], log_file=self.log)
        self.driver = webdriver.Chrome(service=service, options=options)
        self.driver.set_page_load_timeout(LOAD_SECONDS)
        self.fit_view()

    def fit_view(self):
        """--window-size sets the window, and the window of this headless Chromium keeps room for
        a toolbar that is not drawn, so the window grows by that room: the page's view (and the
        screenshot) is then VIEW_WIDTH x VIEW_HEIGHT, as it was with a start per view."""
        view = self.driver.execute_script("return [window.innerWidth, window.innerHeight]")
        window = self.driver.get_window_size()
        self.driver.set_window_size(window["width"] + VIEW_WIDTH - view[0],
                                    window["height"] + VIEW_HEIGHT - view[1])
        view = self.driver.execute_script("return [window.innerWidth, window.innerHeight]")
        if view != [VIEW_WIDTH, VIEW_HEIGHT]:
            raise WebDriverException(f"the page view is {view[0]}x{view[1]}, not {VIEW_WIDTH}x{VIEW_HEIGHT}")

    def stop(self):
        if self.driver is not None:
            self.driver.quit()
            self.driver = None
        self.log.close()

    def restart(self):
        """After an error the browser may be gone; the pages still to come get a new one."""
        try:
            self.stop()
        except WebDriverException:
            pass  # it had already gone
        self.start()

    def open(self, url):
        """Loads url as a fresh document (see the top of this file), waiting for its load event."""
        self.driver.get("about:blank")
        self.driver.get(url)

    def save_view(self, shot, dom):
        with open(shot, "wb") as f:
            f.write(self.driver.get_screenshot_as_png())
        with open(dom, "w", encoding="utf-8") as f:
            f.write(self.driver.execute_script(DUMP_DOM) + "\n")

    def save_pdf(self, path):
        options = PrintOptions()
        size = self.driver.execute_script(self.print_size_script)
        if size:
            options.page_width = size[0] / 96 * 2.54  # CSS pixels to centimetres
            options.page_height = size[1] / 96 * 2.54
        with open(path, "wb") as f:
            f.write(base64.b64decode(self.driver.print_page(options)))

    def version(self):
        result = subprocess.run([self.chromium, "--version"], capture_output=True, text=True)
        return (result.stdout.splitlines() or ["Chromium, version unknown"])[0]


def browser_error(error):
    """The first line of what chromedriver said, without its stack trace."""
    text = (error.msg or str(error)).strip()
    return text.splitlines()[0] if text else "no message"


def failed(message):
    """A judgement that has already failed: the browser could not make what it judges."""
    raise page_judge.Failure(message)


def judge_page(checks):
    """Runs a page's judgements in order; returns the lines they print and how many failed."""
    lines, failures = [], 0
    for function, *arguments in checks:
        try:
            line = function(*arguments)
        except page_judge.Failure as failure:
            line = f"FAIL: {failure}"
            failures += 1
        except Exception as error:  # a file it cannot read: this page fails, the others are judged
            line = f"FAIL: {function.__name__}{tuple(arguments)} could not judge: {error!r}"
            failures += 1
        if line:
            lines.append(line)
    return lines, failures


class Site:
    """Walks the site's pages. The browser makes the files; a second thread judges them while the
    browser goes on to the next page: decoding a screenshot takes Python about a quarter of a
    second, about as long as the browser takes to make it, and the thread runs while this one
    waits for chromedriver (on a second core where there is one). Each page's lines are printed
    in page order."""

    def __init__(self, site, shots, browser, scratch):
        self.site, self.shots, self.browser, self.scratch = site, shots, browser, scratch
        self.judge = concurrent.futures.ThreadPoolExecutor(max_workers=1)
        self.waiting = collections.deque()  # the pages' judgements, in page order
        self.failures = 0

    def view(self, checks, page, name, suffix="", slide=1, copy=None):
        """Opens the page (or its copy) with the URL suffix and saves its screenshot and DOM;
        adds the screenshot and DOM judgements to checks. False when the browser failed."""
        shot = os.path.join(self.shots, name + ".png")
        dom = os.path.join(self.shots, name + ".dom.html")
        try:
            self.browser.open("file://" + (copy or os.path.join(self.site, page)) + suffix)
            self.browser.save_view(shot, dom)
        except WebDriverException as error:
            checks.append((failed, f"{page}{suffix}: Chromium showed no page: {browser_error(error)} "
                                   "(see the log below)"))
            self.browser.restart()
            return False
        checks.append((page_judge.judge_screenshot, shot))
        checks.append((page_judge.judge_dom, dom, os.path.join(self.site, page), slide))
        return True

    def deck(self, checks, page, name, text):
        found = re.search(r'data-slide-count="([0-9]*)"', text)
        slides = int(found.group(1)) if found and found.group(1) else 0
        dom = os.path.join(self.shots, name + ".dom.html")
        if slides > 1:
            # The deck is one file, so a copy with the key walk appended behaves like the original.
            # The walk ends on the first slide (Home), which the first view expects.
            keys = os.path.join(self.scratch, name + ".keys.html")
            with open(os.path.join(HERE, "key_walk.html"), encoding="utf-8") as f:
                walk = f.read()
            with open(keys, "w", encoding="utf-8") as f:
                f.write(text + walk)
            if self.view(checks, page, name, slide=1, copy=keys):
                checks.append((page_judge.judge_keys, dom, slides))
            self.view(checks, page, name + "-last", suffix=f"#{slides}", slide=slides)
        else:
            self.view(checks, page, name)
        pdf = os.path.join(self.shots, name + ".pdf")
        try:
            self.browser.open("file://" + os.path.join(self.site, page))
            self.browser.save_pdf(pdf)
        except WebDriverException as error:
            checks.append((failed, f"{page}: printing failed: {browser_error(error)} (see the log below)"))
            self.browser.restart()
            return
        if os.path.getsize(pdf) > 0:
            checks.append((page_judge.judge_pdf, pdf, slides))
        else:
            checks.append((failed, f"{page}: printing to PDF produced nothing"))

    def page(self, page):
        """Opens the page's views, then hands their judgements to the judging thread."""
        checks = []
        if os.path.isfile(os.path.join(self.site, page)):
            self.views(checks, page)
        else:
            checks.append((failed, f"{page}: the site lists it, and the file is missing"))
        self.waiting.append(self.judge.submit(judge_page, checks))
        self.print_judged(wait=False)

    def views(self, checks, page):
        name = page[:-len(".html")].replace("/", "_")
        path = os.path.join(self.site, page)
        with open(path, encoding="utf-8") as f:
            text = f.read()
        if '<body class="deck"' in text:
            self.deck(checks, page, name, text)
        elif "<table" in text:
            # A wide table must fit the text column or scroll in its box, never be cut. The copy
            # that measures them looks as the page does: one view gives all three judgements.
            copy = os.path.join(self.scratch, name + ".tables.html")
            page_judge.write_tables_page(path, os.path.join(HERE, "table_measure.html"), copy)
            if self.view(checks, page, name, copy=copy):
                checks.append((page_judge.judge_tables, os.path.join(self.shots, name + ".dom.html"), page))
        else:
            self.view(checks, page, name)

    def print_judged(self, wait):
        """Prints the judged pages at the front of the queue; with wait, all of them."""
        while self.waiting and (wait or self.waiting[0].done()):
            lines, failures = self.waiting.popleft().result()
            for line in lines:
                print(line, flush=True)
            self.failures += failures


def main(argv):
    if len(argv) != 5:
        print(__doc__)
        return 2
    site, shots, chromium, chromedriver = argv[1:]
    os.makedirs(shots, exist_ok=True)
    with open(os.path.join(site, ".memlab-site-files"), encoding="utf-8") as f:
        pages = [line.strip() for line in f if line.strip().endswith(".html")]
    with tempfile.TemporaryDirectory() as scratch:
        log = os.path.join(scratch, "chromium.log")
        try:
            browser = Browser(chromium, chromedriver, log)
        except WebDriverException as error:
            print(f"FAIL: Chromium did not start through {chromedriver}: {browser_error(error)}")
            print_log_tail(log)
            return 1
        walk = Site(site, shots, browser, scratch)
        try:
            for page in pages:
                walk.page(page)
        except WebDriverException as error:  # a restart after an error failed: no browser left
            print(f"FAIL: Chromium stopped and did not start again: {browser_error(error)}")
            walk.failures += 1
        finally:
            walk.print_judged(wait=True)
            walk.judge.shutdown()
            browser.stop()
        failures = walk.failures
        if not pages:
            print(f"FAIL: {site}/.memlab-site-files lists no pages")
            failures += 1
        if failures:
            print_log_tail(log)
            print(f"{failures} problems in {len(pages)} pages; screenshots in {shots}")
            return 1
    print(f"browser: {len(pages)} pages opened in {browser.version()} (one session); screenshots in {shots}")
    return 0


def print_log_tail(log):
    print("--- Chromium log (last lines) ---")
    if os.path.exists(log):
        with open(log, encoding="utf-8", errors="replace") as f:
            for line in f.readlines()[-20:]:
                print(line, end="")


if __name__ == "__main__":
    sys.exit(main(sys.argv))
