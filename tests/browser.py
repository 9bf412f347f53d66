"""A real browser on a real server, for tests/test_browser.py and tests/screenshots.py:
`galbatch serve` started as a subprocess on a free port, and Debian's headless Chromium
driven by Selenium through Debian's chromedriver.

Chromium is Debian's `chromium` and `chromium-driver` (Playwright's or Selenium
Manager's own downloads are not used: they need the network). The README's test
command installs them with apt-get when they are missing; set GALBATCH_NO_BROWSER=1 to
skip the browser tests where they cannot be had.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # selenium is imported when a browser runs: its absence is a message
    from selenium.webdriver.remote.webdriver import WebDriver
    from selenium.webdriver.remote.webelement import WebElement

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
NO_BROWSER = "GALBATCH_NO_BROWSER"  # =1: skip the browser tests
INSTALL = (
    "the browser tests need Debian's chromium and chromium-driver "
    f"({CHROMIUM}, {CHROMEDRIVER}): install them with "
    "`sudo apt-get install -y chromium chromium-driver` (the README's test command does "
    f"so when it may), or set {NO_BROWSER}=1 to skip these tests"
)
FLAGS = (
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
)
WINDOW = (1280, 1600)
GM_PASSWORD = "the-gm-of-the-browser-tests"
GAMES = {  # bundled game -> its id (games/*/game.yaml)
    "conflict-demo": "conflict-demo",
    "gc16": "GC16",
    "galaxy13": "GT13",
    "spiral6": "SP6",
    "nebula4": "IC4",
}


def missing() -> str | None:
    """Why no browser can run here (with how to install one), or None if one can."""
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install -e '.[test]'); " + INSTALL
    for path in (CHROMIUM, CHROMEDRIVER):
        if not os.access(path, os.X_OK):
            return f"{path} is missing: " + INSTALL
    return None


def skipped() -> bool:
    return os.environ.get(NO_BROWSER, "") == "1"


def passwords(game: Path) -> dict[str, str]:
    """A bundled game's PASSWORDS.txt: player id -> password."""
    lines = game.joinpath("PASSWORDS.txt").read_text(encoding="utf-8").splitlines()
    return dict(line.split(" ", 1) for line in lines if line and not line.startswith("#"))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def galbatch(*args: str) -> subprocess.CompletedProcess[str]:
    """The installed galbatch's command line, as a player's GM would type it."""
    return subprocess.run(
        [sys.executable, "-m", "galbatch.cli", *args], capture_output=True, text=True
    )


@contextmanager
def serving(games: Path, work: Path) -> Iterator[str]:
    """`galbatch serve games` on a free port of 127.0.0.1, with a GM password; its URL."""
    from galbatch.web.config import make_gm_password

    gm = work / "gm-password"
    make_gm_password(gm, GM_PASSWORD)
    port = free_port()
    env = {**os.environ, "GALBATCH_WEB_SECRET": "b" * 40}
    command = [sys.executable, "-m", "galbatch.cli", "serve", str(games), "--port", str(port)]
    server = subprocess.Popen(
        [*command, "--gm-password-file", str(gm)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                with urllib.request.urlopen(base + "/login", timeout=5):
                    break
            except (urllib.error.URLError, ConnectionError):
                if server.poll() is not None:
                    raise RuntimeError(f"galbatch serve ended: {server.stderr}") from None
                time.sleep(0.05)
        else:
            raise RuntimeError("galbatch serve did not start")
        yield base
    finally:
        server.terminate()
        server.wait(timeout=10)


@contextmanager
def chromium() -> Iterator[WebDriver]:
    """Headless Chromium under Selenium, with a profile of its own that goes with it."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="galbatch-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in (*FLAGS, f"--user-data-dir={profile}", f"--window-size={WINDOW[0]},{WINDOW[1]}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
    try:
        driver.set_page_load_timeout(30)
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def log_in(driver: WebDriver, base: str, game: str, player: str, password: str) -> None:
    """Log in as a player would, with the keyboard: the game, Tab, the player, Tab, the
    password, Enter."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    driver.get(base + "/login")
    field = driver.find_element(By.NAME, "game")
    field.click()
    field.send_keys(game, Keys.TAB, player, Keys.TAB, password, Keys.ENTER)
    arrive(driver, "/turn")


def arrive(driver: WebDriver, path: str) -> None:
    """Wait until the browser is at `path` of the site (a click's page is loaded)."""
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(driver, 20).until(lambda d: d.current_url.split("?")[0].endswith(path))


def press(driver: WebDriver, value: str) -> None:
    """Click the button of that value and wait for the page its form brings."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    button = driver.find_element(By.CSS_SELECTOR, f"button[value='{value}']")
    button.click()
    WebDriverWait(driver, 20).until(lambda _: gone(button))


def gone(element: WebElement) -> bool:
    """Whether the page `element` was on has been left. Asked while the next page
    replaces it, chromedriver may answer that the node "does not belong to the
    document" rather than that it is stale (as Selenium's `staleness_of` expects):
    that is the old page gone too."""
    from selenium.common.exceptions import StaleElementReferenceException, WebDriverException

    try:
        element.is_enabled()
    except StaleElementReferenceException:
        return True
    except WebDriverException as error:
        if "does not belong to the document" not in str(error):
            raise
        return True
    return False


def log_out(driver: WebDriver) -> None:
    from selenium.webdriver.common.by import By

    driver.find_element(By.CSS_SELECTOR, "form[action='/logout'] button").click()
    arrive(driver, "/login")
