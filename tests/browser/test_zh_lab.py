"""A Chinese lesson in JupyterLab with the Chinese language pack, as ``python -m puzzlelab lessons
--lang zh-CN`` opens it: JupyterLab's menus are Chinese (the settings override the CLI passes), the
lesson runs from top to bottom through the Chinese menus, and its figures with Chinese titles are
drawn (no missing-glyph warning anywhere). Screenshots: ``artifacts/screenshots/zh_lab_*.png``.
"""

from __future__ import annotations

import os
import re
import time

import pytest
from conftest import LAB_URL, isolated_env, shut_down_kernels, start_server
from drive import ROOT, RUN_ALL_TIMEOUT, TOKEN, TRACEBACK, open_notebook, screenshot_dir
from playwright.sync_api import expect

from puzzlelab import __main__ as cli
from puzzlelab.lessons import copy_lessons, list_lessons

pytestmark = pytest.mark.browser
LESSON = "00_play"  # the shortest lesson; it draws boards with Chinese titles
HAN = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture(scope="module")
def zh_lab(tmp_path_factory):
    """JupyterLab started as the CLI starts it for ``--lang zh-CN``, serving the Chinese teacher's
    edition (which runs to the end)."""
    pytest.importorskip("jupyterlab_language_pack_zh_CN", reason='the language pack is in the "zh" extra')
    if LESSON not in {lesson.name for lesson in list_lessons(source=ROOT / "notebooks", lang="zh-CN")}:
        pytest.fail(f"notebooks/zh-CN/{LESSON}.ipynb is not built (make notebooks-zh LESSONS=00)")
    tmp = tmp_path_factory.mktemp("zh-lab")
    root = tmp / "lessons"
    copy_lessons(root, source=ROOT / "notebooks", edition="teacher", lang="zh-CN")
    settings = cli.lab_settings("zh-CN")
    assert settings is not None  # the language pack is installed: the CLI shows Lab in Chinese
    command = cli.lab_command(root, ip=cli.LOCALHOST, port=None, open_browser=False,
                              as_root=os.geteuid() == 0, settings=settings)  # fmt: skip
    command.append("--FileContentsManager.delete_to_trash=False")
    env = isolated_env(tmp) | {"JUPYTER_TOKEN": TOKEN}
    server = start_server(command, env=env, cwd=root, log=tmp / "lab.log", announced=LAB_URL,
                          probe=f"/api/status?token={TOKEN}")  # fmt: skip
    yield server
    server.stop()


def test_a_chinese_lesson_runs_in_a_chinese_jupyterlab_and_draws_chinese_figures(zh_lab, page):
    t0 = time.perf_counter()
    try:
        open_notebook(page, zh_lab, f"{LESSON}.ipynb", TOKEN)
        menu = page.locator("#jp-MainMenu")
        expect(menu).to_contain_text("编辑")  # Edit
        expect(menu).to_contain_text("运行")  # Run
        expect(menu).not_to_contain_text("Kernel")
        page.screenshot(path=str(screenshot_dir() / "zh_lab_menu.png"))

        page.click("#jp-MainMenu >> text=运行")  # Run > Run All Cells, in Chinese
        page.click(".lm-Menu-itemLabel:text-is('运行所有单元格')")
        page.wait_for_selector(".jp-InputArea-prompt:text-is('[*]:')", timeout=30_000)
        busy = page.locator(".jp-InputArea-prompt:text-is('[*]:')")
        expect(busy).to_have_count(0, timeout=RUN_ALL_TIMEOUT)
        outputs = page.locator(".jp-OutputArea-output")
        expect(outputs.filter(has_text=TRACEBACK)).to_have_count(0)
        expect(outputs.filter(has_text=re.compile(r"Glyph \d+|missing from (the )?font"))).to_have_count(0)

        # a figure whose title the lesson writes in Chinese, drawn again by this run
        cell = page.locator(".jp-CodeCell", has=page.locator(".jp-InputArea", has_text="初始局面"))
        figure = cell.locator(".jp-OutputArea-output img").first
        figure.scroll_into_view_if_needed()
        expect(figure).to_be_visible()
        assert figure.evaluate("img => img.complete && img.naturalWidth > 300")
        figure.screenshot(path=str(screenshot_dir() / "zh_lab_figure.png"))
        # the library speaks Chinese too: printed outputs (boards' captions, checks) hold Chinese
        texts = page.locator(".jp-OutputArea-output pre").all_inner_texts()
        assert any(HAN.search(text) for text in texts), texts[:5]
        page.screenshot(path=str(screenshot_dir() / "zh_lab_00_play.png"), full_page=True)
        print(f"zh lab {LESSON}: {time.perf_counter() - t0:.1f}s")
    finally:
        shut_down_kernels(zh_lab)
