"""``python -m puzzlelab app TOPIC``: each topic's dashboard opens in Voila with its live widget
on screen and working, and the page asks no host but the app's own for anything (no CDN: Voila's
lab template links Font Awesome from one; puzzlelab's template does not).

The time from the request to the widget on screen is printed, for two visits: the first, sent
as soon as the server answers (Voila is still running the dashboard in its kept kernel, so the
visit waits for the rest of that), and a later one, which Voila serves from the kernel it has
run the dashboard in again meanwhile (a second student, a reload). The issue's target is 3 s on
a quiet machine; on a loaded CI machine it is much longer, so the asserts are generous.
"""

from __future__ import annotations

import time
from urllib.parse import urlsplit

import pytest
from drive import MAIN_WIDGET
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

REFILL = 8  # seconds for Voila to start a kernel and run a dashboard in it again (a few on a quiet machine)
APPS = {"play": "play", "shuffles": "shuffling", "parity": "parity", "search": "search", "weights": "weights"}


def visit(page, url, app):
    """Open the app's page: (seconds from the request to its live widget on screen, the widget)."""
    began = time.perf_counter()
    page.goto(url)
    widget = page.locator(f".{MAIN_WIDGET[APPS[app]][0]}").first
    expect(widget).to_be_visible(timeout=120_000)
    return time.perf_counter() - began, widget


@pytest.mark.parametrize("app", list(APPS))
def test_the_app_shows_its_live_widget_and_asks_no_other_host(app, voila_app, page, browser_context, shot):
    server = voila_app(app)
    outside = []
    host = urlsplit(server.url).netloc

    def note(request):  # anywidget loads each module from a blob: URL of the page's own origin
        url = request.url.removeprefix("blob:")
        if not url.startswith("data:") and urlsplit(url).netloc != host:
            outside.append(request.url)

    page.on("request", note)
    first, widget = visit(page, server.url, app)
    print(f"app {app}: live widget on screen {first:.1f} s after the request")
    respond = MAIN_WIDGET[APPS[app]][1]
    respond(widget)
    expect(page.locator("body")).not_to_contain_text("There was an error when executing cell")
    expect(page.locator(".jp-CodeCell .jp-InputArea")).to_have_count(0)  # code hidden
    shot(f"app_{app}")
    assert outside == [], f"the app asked other hosts: {outside[:3]}"
    assert first < 60
    time.sleep(REFILL)  # Voila runs the dashboard in a fresh kernel for the next visitor
    later = browser_context.new_page()
    try:
        again, widget = visit(later, server.url, app)
        print(f"app {app}: a later visit has its live widget on screen {again:.1f} s after the request")
        respond(widget)  # its own kernel: the widget answers there too
        assert again < 60
    finally:
        later.close()
