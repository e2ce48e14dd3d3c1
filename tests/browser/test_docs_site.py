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


def test_api_reference_has_a_page_per_module(site_url, page):
    page.goto(f"{site_url}/api.html")
    links = page.locator("article a[href^='api/puzzlelab.']")
    assert links.count() >= 15, "one page per module, listed by topic"
    for module, name in (
        ("search", "astar"),
        ("search", "ida_star"),
        ("parity", "is_solvable"),
        ("board", "Board"),
    ):
        page.goto(f"{site_url}/api/puzzlelab.{module}.html")
        assert page.locator(f"dt[id$='.{name}']").count() >= 1, f"{name} missing from the {module} page"


def test_the_published_site_holds_no_answer_and_no_guide(site_url):
    """The site shows the student edition: no solution, hidden test or nbgrader mark on a lesson
    page, no teacher's guide, and each lesson listed once (one title per page)."""
    import json

    for page in sorted((SITE / "lessons").glob("[0-9][0-9]_*.html")):
        text = page.read_text(encoding="utf-8")
        for mark in ("BEGIN SOLUTION", "END SOLUTION", "HIDDEN TESTS", "nbgrader"):
            assert mark not in text, f"{page.name}: {mark}"
    assert not (SITE / "lessons" / "teachers_guide.html").exists()
    for listing in ("index.html", "lessons.html"):  # a lesson's "Going further" is not a page of its own
        assert "Going further" not in (SITE / listing).read_text(encoding="utf-8")
    # the solutions really are in the teacher's edition (so the check above is not vacuous)
    source = json.loads((ROOT / "notebooks" / "01_shuffling.ipynb").read_text(encoding="utf-8"))
    assert any("BEGIN SOLUTION" in "".join(cell["source"]) for cell in source["cells"])
