"""Play by web in a real browser: headless Chromium (Debian's, through Selenium) against a
real `galbatch serve`, driven with the keyboard as a player would.

The rule book (Galac-Tac, PLAY BY WEB): "Each time you go to the action page on the web
site, it will show you all of the actions that you have submitted for this turn. If you
find an error, you can edit and re-save your actions. However, once the turn begins
processing, your submission can no longer be changed." And (EMPIRE RELATIONS):
"Diplomatic messages may be sent via the website".

The tests share one server and one browser (a module's worth), and follow one player
through a turn in the order written. Without chromium and chromium-driver they fail,
saying how to install them; GALBATCH_NO_BROWSER=1 skips them instead.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from tests import browser
from tests.bundled import shipped
from tests.test_web_messages import met

if TYPE_CHECKING:
    from selenium.webdriver.remote.webdriver import WebDriver
    from selenium.webdriver.remote.webelement import WebElement

pytestmark = [pytest.mark.browser, pytest.mark.slow]

P1 = "arcturus-1313"  # games/galaxy13/PASSWORDS.txt
P2 = "polaris-1313"
BAD = "MISILES 27-94 5"  # a misspelt action word
GOOD = "MISSILES 27-94 5"
SECRET = "Meet us at 25-98 <b>soon</b>"


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """galaxy13 at turn 1, Grand Fenwick (1) and Polaris Combine (2) having met."""
    root = tmp_path_factory.mktemp("browser") / "games"
    root.mkdir()
    shutil.copytree(shipped("galaxy13"), root / "galaxy13")
    met(root / "galaxy13")
    return root


@pytest.fixture(scope="module")
def site(games: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with browser.serving(games, tmp_path_factory.mktemp("serve")) as base:
        yield base


@pytest.fixture(scope="module")
def driver() -> Iterator[WebDriver]:
    if browser.skipped():
        pytest.skip(f"{browser.NO_BROWSER}=1: the browser tests are skipped")
    why = browser.missing()
    if why is not None:
        pytest.fail(why, pytrace=False)
    with browser.chromium() as chrome:
        yield chrome


def text_of(driver: WebDriver, css: str = "main") -> str:
    from selenium.webdriver.common.by import By

    return str(driver.find_element(By.CSS_SELECTOR, css).text)


def orders_box(driver: WebDriver) -> WebElement:
    from selenium.webdriver.common.by import By

    return driver.find_element(By.NAME, "orders")


def retype(driver: WebDriver, text: str) -> None:
    """Select all of the text area and type `text` over it, key by key."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    box = driver.find_element(By.NAME, "orders")
    box.click()
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys(Keys.DELETE)
    box.send_keys(text)


def test_a_player_logs_in_with_the_keyboard(driver: WebDriver, site: str) -> None:
    browser.log_in(driver, site, "GT13", "1", P1)
    assert driver.current_url == site + "/turn"
    page = text_of(driver)
    assert "you owe orders for turn 2" in page and "Grand Fenwick" in page  # his printout


def test_orders_typed_checked_fixed_and_saved(driver: WebDriver, site: str, games: Path) -> None:
    driver.get(site + "/action")
    orders = f"NAME EMPIRE Free Fenwick\n{BAD}\nMAP PV\nEND"
    retype(driver, orders)
    browser.press(driver, "check")
    findings = text_of(driver, "table.findings")
    assert "MISILES" in findings and "error" in findings  # the bad line's diagnostic
    assert orders_box(driver).get_attribute("value").startswith("NAME EMPIRE Free Fenwick")
    retype(driver, orders.replace(BAD, GOOD))
    browser.press(driver, "check")
    assert "No diagnostics." in text_of(driver)
    browser.press(driver, "save")
    assert "Saved for turn 2." in text_of(driver, "p.message")
    saved = (games / "galaxy13" / "orders" / "1.txt").read_text(encoding="utf-8")
    assert GOOD in saved and BAD not in saved
    driver.get(site + "/action")  # what was saved, shown again
    assert GOOD in str(orders_box(driver).get_attribute("value"))
    driver.get(site + "/turn")
    assert "your order file was received" in text_of(driver)  # and when


def test_the_order_table_filled_with_the_keyboard(
    driver: WebDriver, site: str, games: Path
) -> None:
    """Talisman's table: a row added, its action chosen and its arguments typed key by
    key; the command editor checks as the player types and shows the diagnostic beside
    the row; fixed, the table saved files the lines it shows."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait

    driver.get(site + "/action")
    numbers = _row_numbers(driver)
    end = next(n for n in numbers if _row_text(driver, n) == "END")  # the saved orders' END
    driver.find_element(By.ID, f"remove-{end}").send_keys(Keys.SPACE)  # taken out
    driver.find_element(By.ID, "add-row").send_keys(Keys.ENTER)
    WebDriverWait(driver, 10).until(lambda d: len(_row_numbers(d)) == len(numbers) + 1)
    new = max(_row_numbers(driver))
    driver.find_element(By.ID, f"word-{new}").send_keys("SHUTTLE")
    for column, value in enumerate(("9999", "27-94", "25-98"), start=1):
        cell = driver.find_element(By.ID, f"arg-{new}-{column}")
        cell.click()
        cell.send_keys(value)
    box = orders_box(driver)  # the text box follows the table
    WebDriverWait(driver, 10).until(
        lambda d: "SHUTTLE 9999 27-94 25-98" in str(box.get_attribute("value"))
    )
    check = driver.find_element(By.ID, f"check-{new}")
    WebDriverWait(driver, 10).until(lambda d: "9999" in check.text)  # checked as typed
    first = driver.find_element(By.ID, f"arg-{new}-1")
    first.send_keys(Keys.CONTROL, "a")
    first.send_keys("1012")
    # fixed: the error goes; the file's last line now draws only GB020 (no END: removed)
    WebDriverWait(driver, 10).until(lambda d: "9999" not in check.text)
    assert not check.find_elements(By.CSS_SELECTOR, "span.error"), check.text
    driver.find_element(By.ID, "table-save").click()
    browser.arrive(driver, "/action")
    WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "p.message"))
    assert "Saved for turn 2." in text_of(driver, "p.message")
    saved = (games / "galaxy13" / "orders" / "1.txt").read_text(encoding="utf-8")
    lines = [line for line in saved.splitlines() if line]  # the table's empty row: a blank
    assert lines[-3:] == [GOOD, "MAP PV", "SHUTTLE 1012 27-94 25-98"], saved
    assert "received" in text_of(driver, "#saved")  # what was saved, and when


def _row_numbers(driver: WebDriver) -> list[int]:
    """The numbers of the table's rows, in the page's order."""
    from selenium.webdriver.common.by import By

    rows = driver.find_elements(By.CSS_SELECTOR, "tr.order-row")
    return [int(str(r.get_attribute("id")).removeprefix("row-")) for r in rows]


def _row_text(driver: WebDriver, n: int) -> str:
    """Row n of the table as its line: a raw row's text, else its word and arguments."""
    from selenium.webdriver.common.by import By

    raw = driver.find_elements(By.ID, f"raw-{n}")
    if raw:
        return str(raw[0].get_attribute("value"))
    cells = driver.find_elements(By.CSS_SELECTOR, f"#row-{n} select, #row-{n} input.arg")
    return " ".join(str(c.get_attribute("value")) for c in cells).strip()


def test_a_message_sent_through_the_messages_page(driver: WebDriver, site: str) -> None:
    from selenium.webdriver.common.by import By

    driver.find_element(By.LINK_TEXT, "Messages").click()
    browser.arrive(driver, "/messages")
    to = driver.find_element(By.NAME, "to")
    to.click()
    to.send_keys("Polaris")
    box = driver.find_element(By.NAME, "text")
    box.click()
    box.send_keys("Greetings from Grand Fenwick.\n", SECRET)
    browser.press(driver, "send")
    assert "Message saved in your orders for turn 2." in text_of(driver, "p.message")
    queued = text_of(driver, "ul.messages")
    assert "To Polaris Combine" in queued and SECRET in queued  # as text, not markup
    driver.get(site + "/action")
    value = str(orders_box(driver).get_attribute("value"))
    assert (
        f"MESSAGE TO Polaris Combine\nGreetings from Grand Fenwick.\n{SECRET}\nEND MESSAGE" in value
    )
    assert GOOD in value


def test_after_the_turn_runs_the_sheet_is_empty_and_the_printout_new(
    driver: WebDriver, site: str, games: Path
) -> None:
    done = browser.galbatch("process", "--no-pdf", str(games / "galaxy13"))
    assert done.returncode in (0, 4), done.stdout + done.stderr
    driver.get(site + "/action")
    assert orders_box(driver).get_attribute("value") == ""
    driver.get(site + "/turn")
    page = text_of(driver)
    assert "you owe orders for turn 3" in page
    assert "FREE FENWICK" in text_of(driver, "pre.printout").upper()
    browser.log_out(driver)
    browser.log_in(driver, site, "GT13", "2", P2)
    driver.get(site + "/messages")
    received = text_of(driver)
    assert "Turn 2, from Grand Fenwick" in received and SECRET in received


def test_without_chromium_the_tests_say_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Missing, the browser fails the tests (no silent skip) with the way to install it."""
    monkeypatch.setattr(browser, "CHROMEDRIVER", tmp_path / "chromedriver")
    why = browser.missing()
    assert why is not None and str(tmp_path / "chromedriver") in why
    assert "apt-get install -y chromium chromium-driver" in why and "GALBATCH_NO_BROWSER=1" in why
    monkeypatch.setenv("GALBATCH_NO_BROWSER", "1")
    assert browser.skipped()
