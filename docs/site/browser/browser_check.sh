#!/bin/sh
# docs.browser: opens every page of the rendered site and every slide deck in headless
# Chromium, saves a screenshot of each (decks also as a printed PDF), and fails when a page
# is missing, blank, or does not show its content, or when a table of a page is cut at the
# text column's edge; for decks, also when the keys or the URL hash do not navigate, or
# printing does not give one page per slide. One Chromium session, driven by Selenium through
# chromedriver, opens all the pages (browser_session.py); page_judge.py judges them.
#
# Usage: browser_check.sh SITE_DIR SCREENSHOT_DIR
# Exit status: 0 all pages pass, 1 a page fails, 77 skipped (no Chromium, chromedriver, python3
# or Selenium for python3 here).
# CHROMIUM=/path/to/chromium and CHROMEDRIVER=/path/to/chromedriver override the programs that
# are looked up on PATH.
set -u

if [ $# -ne 2 ]; then
    echo "usage: $0 SITE_DIR SCREENSHOT_DIR" >&2
    exit 2
fi
site=$(cd "$1" 2>/dev/null && pwd) || { echo "FAIL: no site folder $1; build the docs target first"; exit 1; }
shots=$2
here=$(cd "$(dirname "$0")" && pwd)

browser=${CHROMIUM:-}
if [ -n "$browser" ] && ! command -v "$browser" >/dev/null 2>&1; then
    echo "FAIL: CHROMIUM=$browser is not a program"
    exit 1
fi
if [ -z "$browser" ]; then
    for candidate in chromium chromium-browser google-chrome; do
        if command -v "$candidate" >/dev/null 2>&1; then browser=$(command -v "$candidate"); break; fi
    done
fi
if [ -z "$browser" ]; then
    echo "SKIP: Chromium is not installed (Debian: apt-get install chromium), so no page was opened"
    exit 77
fi

driver=${CHROMEDRIVER:-}
if [ -n "$driver" ] && ! command -v "$driver" >/dev/null 2>&1; then
    echo "FAIL: CHROMEDRIVER=$driver is not a program"
    exit 1
fi
if [ -z "$driver" ] && command -v chromedriver >/dev/null 2>&1; then
    driver=$(command -v chromedriver)
fi
if [ -z "$driver" ]; then
    echo "SKIP: chromedriver is not installed (Debian: apt-get install chromium-driver), so no page was opened"
    exit 77
fi

if ! command -v python3 >/dev/null 2>&1; then
    echo "SKIP: python3 is not installed; it drives Chromium and judges the screenshots"
    exit 77
fi
# The first python3 on PATH that has Selenium. Debian's python3-selenium is in Debian's own
# python3 (/usr/bin/python3), which a virtual environment or pyenv may put behind another one.
python=
for candidate in python3 /usr/bin/python3; do
    if command -v "$candidate" >/dev/null 2>&1 && "$candidate" -c 'import selenium' >/dev/null 2>&1; then
        python=$(command -v "$candidate")
        break
    fi
done
if [ -z "$python" ]; then
    echo "SKIP: Selenium for python3 is not installed (Debian: apt-get install python3-selenium), so no page was opened"
    exit 77
fi

list="$site/.memlab-site-files"
[ -f "$list" ] || { echo "FAIL: $list is missing; render the site first (memlab-site site)"; exit 1; }

# Chinese pages need a font with Chinese glyphs, or every character is drawn as an empty box
# (the screenshot would still not be blank). Debian's fonts-noto-cjk has one.
if grep -q '\.zh\.html$' "$list"; then
    if ! command -v fc-list >/dev/null 2>&1; then
        echo "FAIL: the site has Chinese pages, and fc-list (fontconfig) is missing, so no font can be checked"
        exit 1
    fi
    cjk=$(fc-list :lang=zh-cn family | head -n 1)
    if [ -z "$cjk" ]; then
        echo "FAIL: the site has Chinese pages, but no installed font has Chinese glyphs (Debian: apt-get install fonts-noto-cjk)"
        exit 1
    fi
    echo "browser: Chinese pages use the font $cjk (fc-list :lang=zh-cn)"
fi

mkdir -p "$shots"
rm -f "$shots"/*.png "$shots"/*.pdf "$shots"/*.dom.html
exec "$python" "$here/browser_session.py" "$site" "$shots" "$browser" "$driver"
