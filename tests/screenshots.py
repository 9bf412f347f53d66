"""Screenshots of every page of play by web, for each bundled game, to look at after a
change to the site's layout:

    .venv/bin/python -m tests.screenshots [FOLDER]

Each game is served from a copy (`galbatch serve` on a free port) and visited in
headless Chromium (tests/browser.py): the login page, then as its player 1 the turn,
action (after a check of a bad line), password, history and messages pages, then the GM's login
and page. The PNGs go to FOLDER (a new temporary folder if none is given), named
GAME-PAGE.png; the folder is printed at the end.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from tests import browser
from tests.bundled import shipped
from tests.test_web_messages import met

if TYPE_CHECKING:
    from selenium.webdriver.remote.webdriver import WebDriver

TALLEST = 4000  # pixels of a screenshot: a long printout is cut there
BAD_LINE = "THIS IS NOT AN ORDER 12"


def shoot(driver: WebDriver, path: Path) -> None:
    """The whole page (up to TALLEST pixels) as a PNG."""
    height = int(driver.execute_script("return document.documentElement.scrollHeight"))
    driver.set_window_size(browser.WINDOW[0], min(max(height, 600), TALLEST))
    driver.save_screenshot(str(path))
    driver.set_window_size(*browser.WINDOW)


def game_pages(driver: WebDriver, base: str, name: str, game_id: str, out: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    driver.get(base + "/login")
    shoot(driver, out / f"{name}-login.png")
    password = browser.passwords(shipped(name))["1"]
    browser.log_in(driver, base, game_id, "1", password)
    shoot(driver, out / f"{name}-turn.png")
    driver.get(base + "/action")
    box = driver.find_element(By.NAME, "orders")
    box.click()
    box.send_keys(Keys.CONTROL, Keys.HOME)  # a key held is let go at the end of a call
    box.send_keys(BAD_LINE, "\n")
    browser.press(driver, "check")
    shoot(driver, out / f"{name}-action.png")
    driver.get(base + "/password")
    shoot(driver, out / f"{name}-password.png")
    driver.get(base + "/history")
    shoot(driver, out / f"{name}-history.png")
    driver.get(base + "/messages")
    if driver.find_elements(By.NAME, "text"):
        text = driver.find_element(By.NAME, "text")
        text.click()
        text.send_keys("Greetings <script>alert(1)</script>\nShall we share the rim?")
        browser.press(driver, "send")
    shoot(driver, out / f"{name}-messages.png")
    browser.log_out(driver)
    driver.get(base + "/gm/login")
    shoot(driver, out / f"{name}-gm-login.png")
    field = driver.find_element(By.NAME, "password")
    field.click()
    field.send_keys(browser.GM_PASSWORD, Keys.ENTER)
    browser.arrive(driver, "/gm")
    shoot(driver, out / f"{name}-gm.png")
    browser.log_out(driver)


def main(argv: list[str]) -> int:
    why = browser.missing()
    if why is not None:
        print(why, file=sys.stderr)
        return 2
    out = Path(argv[0]) if argv else Path(tempfile.mkdtemp(prefix="galbatch-shots-"))
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp, browser.chromium() as driver:
        for name, game_id in browser.GAMES.items():
            root = Path(tmp) / name / "games"
            root.mkdir(parents=True)
            shutil.copytree(shipped(name), root / name)
            if name == "galaxy13":
                met(root / name)  # so that its messages page has someone to write to
            with browser.serving(root, Path(tmp) / name) as base:
                game_pages(driver, base, name, game_id, out)
    print(out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
