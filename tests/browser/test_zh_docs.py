"""The documentation site in both languages: the English front page links to the Chinese one, which
lists the Chinese lessons (with their pictures, and no answers) and links back to the English.

The site is the one ``make docs`` builds (``docs/_build/html``); if it has no Chinese pages yet (a
site built before they were added), it is built here the same way, warnings as errors.
"""

from __future__ import annotations

import re
import subprocess
import sys
import threading
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

import pytest
from drive import ROOT

from puzzlelab.lessons import list_lessons

pytestmark = pytest.mark.browser
HAN = re.compile(r"[\u4e00-\u9fff]")
SITE = ROOT / "docs" / "_build" / "html"


@pytest.fixture(scope="module")
def site_url():
    front = SITE / "zh-CN" / "index.html"
    if not front.is_file() or 'lang="zh-CN"' not in front.read_text(encoding="utf-8"):
        subprocess.run(
            [sys.executable, "-m", "sphinx", "-q", "-W", "--keep-going", "-b", "html", "docs", str(SITE)],
            cwd=ROOT, check=True, timeout=900,
        )  # fmt: skip
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(SimpleHTTPRequestHandler, directory=str(SITE)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def test_the_language_switch_leads_to_the_chinese_lessons_and_back(site_url, page, shot):
    chinese = list_lessons(source=ROOT / "notebooks", lang="zh-CN")
    assert chinese, "no Chinese lesson built in notebooks/zh-CN"
    outside = []
    page.on("request", lambda r: outside.append(r.url) if not r.url.startswith(site_url) else None)
    page.goto(f"{site_url}/index.html")
    page.click("article a[href='zh-CN/index.html']:has-text('简体中文')")
    page.wait_for_load_state("load")
    assert page.url.endswith("/zh-CN/index.html")
    listed = page.locator("article a[href*='lessons/']")
    hrefs = [href.split("#")[0] for href in listed.evaluate_all("links => links.map(a => a.href)")]
    assert {href.rsplit("/", 1)[-1].removesuffix(".html") for href in hrefs} >= {
        lesson.name for lesson in chinese
    }
    first = chinese[0]
    page.click(f"article a[href*='lessons/{first.name}']")
    page.wait_for_load_state("load")
    assert page.locator("html").get_attribute("lang") == "zh-CN"  # browsers pick a Chinese font
    title = page.locator("article h1").first.inner_text()
    assert HAN.search(title), title
    pictures = page.locator("article img")
    assert pictures.count() >= 1
    pictures.first.scroll_into_view_if_needed()
    assert pictures.first.evaluate("img => img.complete && img.naturalWidth > 100")
    assert "BEGIN SOLUTION" not in page.content()
    shot(f"docs_zh_{first.name}")
    page.go_back()
    page.click("article a[href='../index.html']:has-text('English')")
    page.wait_for_load_state("load")
    assert page.url.endswith("/index.html")
    assert "/zh-CN/" not in page.url
    assert page.locator("html").get_attribute("lang") == "en"
    assert outside == [], f"the static site fetched from outside: {outside[:3]}"
