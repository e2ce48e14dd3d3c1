"""The documentation site in a real browser: the front page links to a lesson, and the lesson
page shows its pictures (the widgets' PNG fallbacks and the figures), with no widget scripts
fetched from a CDN (the site is static and must work offline).

The site is the one ``make docs`` builds (``docs/_build/html``); if it is missing, it is built
here the same way, warnings as errors.
"""

from __future__ import annotations

import subprocess
import sys
import threading
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from drive import ROOT

pytestmark = pytest.mark.browser

SITE = ROOT / "docs" / "_build" / "html"


@pytest.fixture(scope="module")
def site_url():
    if not (SITE / "index.html").is_file():
        subprocess.run(
            [sys.executable, "-m", "sphinx", "-q", "-W", "--keep-going", "-b", "html", "docs", str(SITE)],
            cwd=ROOT, check=True, timeout=600,
        )  # fmt: skip
    handler = partial(SimpleHTTPRequestHandler, directory=str(SITE))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def test_front_page_leads_to_a_lesson_with_its_pictures(site_url, page, shot):
    outside = []
    page.on("request", lambda r: outside.append(r.url) if not r.url.startswith(site_url) else None)
    page.goto(f"{site_url}/index.html")
    assert "puzzlelab" in page.title()
    page.click("text=The lessons")
    page.click("a[href*='01_shuffling']")
    page.wait_for_load_state("load")
    assert "01_shuffling" in page.url
    pictures = page.locator("article img")
    assert pictures.count() >= 5, "the shuffling lesson should show its figures"
    first = pictures.first
    first.scroll_into_view_if_needed()
    assert first.evaluate("img => img.complete && img.naturalWidth > 100")
    shot("docs_01_shuffling")
    assert outside == [], f"the static site fetched from outside: {outside[:3]}"


def test_api_reference_lists_the_search_functions(site_url, page):
    page.goto(f"{site_url}/api.html")
    for name in ("astar", "ida_star", "is_solvable", "Board"):
        assert page.locator(f"dt[id$='.{name}']").count() >= 1, f"{name} missing from the API page"


def test_teachers_guide_is_on_the_site(site_url, page):
    page.goto(f"{site_url}/lessons/teachers_guide.html")
    assert page.locator("h1").first.inner_text().strip().lower().startswith("teacher")
    assert Path(SITE / "lessons" / "teachers_guide.html").is_file()
