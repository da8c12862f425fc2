#!/bin/sh
# docs.browser: opens every page of the rendered site and every slide deck in headless
# Chromium, saves a screenshot of each (decks also as a printed PDF), and fails when a page
# is missing, blank, or does not show its content, or when a table of a page is cut at the
# text column's edge; for decks, also when the keys or the URL hash do not navigate, or
# printing does not give one page per slide.
#
# Usage: browser_check.sh SITE_DIR SCREENSHOT_DIR
# Exit status: 0 all pages pass, 1 a page fails, 77 skipped (no Chromium or python3 here).
# CHROMIUM=/path/to/chromium overrides the browser that is looked up on PATH.
set -u

if [ $# -ne 2 ]; then
    echo "usage: $0 SITE_DIR SCREENSHOT_DIR" >&2
    exit 2
fi
site=$(cd "$1" 2>/dev/null && pwd) || { echo "FAIL: no site folder $1; build the docs target first"; exit 1; }
shots=$2
here=$(cd "$(dirname "$0")" && pwd)
judge="$here/page_judge.py"

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
if ! command -v python3 >/dev/null 2>&1; then
    echo "SKIP: python3 is not installed; it judges the screenshots"
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
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT INT TERM

# Runs Chromium once with a fresh profile; its chatter (D-Bus, GPU) goes to a log.
browse() {
    profile=$(mktemp -d "$scratch/profile.XXXXXX")
    timeout 120 "$browser" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
        --disable-background-networking --disable-component-update --disable-sync \
        --hide-scrollbars --user-data-dir="$profile" --window-size=1280,800 "$@" \
        2>>"$scratch/chromium.log"
}

failures=0
pages=0
fail() {
    echo "FAIL: $1"
    failures=$((failures + 1))
}

# $1 page (site path), $2 name for the outputs, $3 URL suffix, $4 slide to expect, $5 the file to
# open instead of the page (a copy of it with the table measurement), if any
check_view() {
    url="file://${5:-$site/$1}$3"
    shot="$shots/$2.png"
    dom="$shots/$2.dom.html"
    # One start of Chromium for both: a start costs seconds on a small machine, and 81 pages
    # and decks are opened here.
    browse --screenshot="$shot" --dump-dom "$url" >"$dom"
    if [ ! -s "$shot" ]; then
        fail "$1$3: Chromium wrote no screenshot (see the log below)"
        return
    fi
    python3 "$judge" screenshot "$shot" || failures=$((failures + 1))
    python3 "$judge" dom "$dom" "$site/$1" "$4" || failures=$((failures + 1))
}

for page in $(grep '\.html$' "$list"); do
    pages=$((pages + 1))
    name=$(printf '%s' "${page%.html}" | tr '/' '_')
    if grep -q '<body class="deck"' "$site/$page"; then
        slides=$(sed -n 's/.*data-slide-count="\([0-9]*\)".*/\1/p' "$site/$page" | head -n 1)
        if [ "${slides:-0}" -gt 1 ]; then
            # The deck is one file, so a copy with the key walk appended behaves like the original.
            # The walk ends on the first slide (Home), which the first view expects.
            cat "$site/$page" "$here/key_walk.html" >"$scratch/keys.html"
            check_view "$page" "$name" "" 1 "$scratch/keys.html"
            python3 "$judge" keys "$shots/$name.dom.html" "$slides" || failures=$((failures + 1))
            check_view "$page" "$name-last" "#$slides" "$slides"
        else
            check_view "$page" "$name" "" 1
        fi
        browse --no-pdf-header-footer --print-to-pdf="$shots/$name.pdf" "file://$site/$page" >/dev/null
        if [ -s "$shots/$name.pdf" ]; then
            python3 "$judge" pdf "$shots/$name.pdf" "${slides:-0}" || failures=$((failures + 1))
        else
            fail "$page: printing to PDF produced nothing"
        fi
    else
        if grep -q '<table' "$site/$page"; then
            # A wide table must fit the text column or scroll in its box, never be cut. The copy
            # that measures them looks as the page does: one start gives all three judgements.
            python3 "$judge" tables-page "$site/$page" "$here/table_measure.html" "$scratch/tables.html"
            check_view "$page" "$name" "" 1 "$scratch/tables.html"
            python3 "$judge" tables "$shots/$name.dom.html" "$page" || failures=$((failures + 1))
        else
            check_view "$page" "$name" "" 1
        fi
    fi
done

if [ "$pages" -eq 0 ]; then
    fail "$list lists no pages"
fi
if [ "$failures" -gt 0 ]; then
    echo "--- Chromium log (last lines) ---"
    tail -n 20 "$scratch/chromium.log" 2>/dev/null
    echo "$failures problems in $pages pages; screenshots in $shots"
    exit 1
fi
echo "browser: $pages pages opened in $("$browser" --version 2>/dev/null | head -n 1); screenshots in $shots"
