"""The built wheel carries its grammars, fonts, word list and manual pages: galbatch works
from anywhere, and `man galbatch` finds its page in the environment it is installed in."""

from __future__ import annotations

import email.parser
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests.building import build_wheel
from tests.bundled import copy_shipped

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.slow  # every test here needs the wheel, built in about 5 s


MAN_PAGES = {
    "share/man/man1/galbatch.1": "man/galbatch.1",
    "share/man/man7/galbatch-conflict.7": "man/galbatch-conflict.7",
    "share/man/man7/galbatch-conqueror.7": "man/galbatch-conqueror.7",
    "share/man/man7/galbatch-galactac.7": "man/galbatch-galactac.7",
    "share/man/man7/galbatch-galaktikos.7": "man/galbatch-galaktikos.7",
    "share/man/man7/galbatch-interstellar.7": "man/galbatch-interstellar.7",
}


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_wheel(tmp_path_factory.mktemp("wheel"))


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    work = tmp_path_factory.mktemp("site")
    names = zipfile.ZipFile(wheel).namelist()
    assert "galbatch/grammars/conflict.lark" in names
    assert "galbatch/fonts/DejaVuSansMono.ttf" in names
    assert "galbatch/words/eff_large_wordlist.txt" in names
    assert "galbatch/words/LICENSE-EFF-wordlist.txt" in names
    assert "galbatch/post/mailin.py" in names
    target = work / "site"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--no-deps",
            "-q",
            "--target",
            str(target),
            str(wheel),
        ],
        check=True,
    )
    return target


def run(target: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(target)}
    return subprocess.run(
        [sys.executable, "-m", "galbatch.cli", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
    )


def test_installed_wheel_checks_and_processes_from_elsewhere(
    installed: Path, tmp_path: Path
) -> None:
    game = tmp_path / "demo"
    copy_shipped("conflict-demo", game)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    probe = subprocess.run(
        [sys.executable, "-c", "import galbatch; print(galbatch.__file__)"],
        cwd=elsewhere,
        env={**os.environ, "PYTHONPATH": str(installed)},
        capture_output=True,
        text=True,
    )
    assert probe.stdout.startswith(str(installed)), "the wheel, not the source tree, is used"
    checked = run(
        installed,
        elsewhere,
        "check",
        str(ROOT / "samples/conflict/rejected.txt"),
        "--ruleset",
        "conflict",
    )
    assert checked.returncode == 8 and "[CF100]" in checked.stdout
    processed = run(installed, elsewhere, "process", str(game))
    assert processed.returncode == 8, processed.stdout + processed.stderr
    assert (game / "turns/001/printouts/1.pdf").read_bytes().startswith(b"%PDF")


def test_installed_wheel_generates_passwords_from_its_word_list(
    installed: Path, tmp_path: Path
) -> None:
    made = subprocess.run(
        [
            sys.executable,
            "-c",
            "from galbatch.engine.security import hashes as p; print(p.new_password())",
        ],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(installed)},
        capture_output=True,
        text=True,
    )
    assert made.returncode == 0, made.stderr
    assert len(made.stdout.split("-")) == 5


SERVE_LOGIN_PAGE = """
import sys
from pathlib import Path
from starlette.testclient import TestClient
from galbatch.web.app import create_app
from galbatch.web.config import WebConfig, find_games
found, ids = find_games([Path(sys.argv[1])])
client = TestClient(create_app(WebConfig(found, "w" * 40, ids=ids)))
print(client.get("/login").status_code, client.get("/static/site.css").status_code)
"""


def test_installed_wheel_serves_its_templates_and_style(installed: Path, tmp_path: Path) -> None:
    game = tmp_path / "demo"
    copy_shipped("conflict-demo", game)
    served = subprocess.run(
        [sys.executable, "-c", SERVE_LOGIN_PAGE, str(game)],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(installed)},
        capture_output=True,
        text=True,
    )
    assert served.returncode == 0, served.stderr
    assert served.stdout.split() == ["200", "200"]


def test_the_wheel_carries_the_manual_pages(wheel: Path) -> None:
    archive = zipfile.ZipFile(wheel)
    data = wheel.name.split("-py3")[0] + ".data/data/"
    pages = {n[len(data) :] for n in archive.namelist() if n.startswith(data + "share/man/")}
    assert pages == set(MAN_PAGES)
    assert {source for source in MAN_PAGES.values()} == {
        f"man/{p.name}" for p in (ROOT / "man").iterdir() if p.suffix in (".1", ".7")
    }, "every page in man/ is installed"
    for page, source in MAN_PAGES.items():
        assert archive.read(data + page) == (ROOT / source).read_bytes(), page


def test_the_wheel_carries_the_web_sites_templates_and_style(wheel: Path) -> None:
    """`galbatch serve` reads them as package data: every one of them is in the wheel."""
    names = set(zipfile.ZipFile(wheel).namelist())
    web = ROOT / "galbatch" / "web"
    wanted = sorted(web.glob("templates/*.html")) + sorted(web.glob("static/*.css"))
    assert wanted
    for path in wanted:
        assert path.relative_to(ROOT).as_posix() in names


LICENCES = ("LICENSE", "LICENSES/MPL-2.0.txt")  # MIT; lark's standalone output's MPL-2.0


def test_the_wheel_declares_and_carries_both_licences(wheel: Path) -> None:
    """galbatch is MIT; the parser runtime and tables it ships (galbatch/grammars/) are
    lark's standalone output, under MPL-2.0: the metadata says both, the texts are there,
    and each generated module says its own."""
    archive = zipfile.ZipFile(wheel)
    info = wheel.name.split("-py3")[0] + ".dist-info/"
    metadata = email.parser.Parser().parsestr(archive.read(info + "METADATA").decode("utf-8"))
    assert metadata["License-Expression"] == "MIT AND MPL-2.0"
    assert sorted(metadata.get_all("License-File") or []) == sorted(LICENCES)
    assert not [c for c in metadata.get_all("Classifier") or [] if c.startswith("License ::")]
    for name in LICENCES:
        assert archive.read(info + "licenses/" + name) == (ROOT / name).read_bytes(), name
    mpl = archive.read(info + "licenses/LICENSES/MPL-2.0.txt").decode("utf-8")
    assert mpl.startswith("Mozilla Public License Version 2.0\n")
    assert 'Exhibit B - "Incompatible With Secondary Licenses" Notice' in mpl
    generated = [
        n
        for n in archive.namelist()
        if n.startswith("galbatch/grammars/")
        and (n.endswith("_parser.py") or n.endswith("/lark_runtime.py"))
    ]
    assert len(generated) == len(list((ROOT / "grammars").glob("*.lark"))) + 1
    for name in generated:
        head = archive.read(name).decode("utf-8").split("\nfrom __future__ ")[0]
        assert "# SPDX-License-Identifier: MPL-2.0\n" in head, name


def test_pip_install_puts_the_manual_pages_where_man_finds_them(
    wheel: Path, tmp_path: Path
) -> None:
    """man-db searches <prefix>/share/man for every <prefix>/bin on PATH: a virtual
    environment's bin/ on PATH is enough, no MANPATH."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    pip = [sys.executable, "-m", "pip", "--python", str(python), "install", "-q"]
    result = subprocess.run(
        [*pip, "--no-deps", "--no-index", "--no-cache-dir", str(wheel)],
        capture_output=True,
        text=True,
    )
    if "no such option: --python" in result.stderr:
        pytest.skip("this pip cannot install into another environment (pip 22.3 or later can)")
    assert result.returncode == 0, result.stdout + result.stderr
    assert (venv / "bin" / "galbatch").is_file()
    for page, source in MAN_PAGES.items():
        assert (venv / page).read_bytes() == (ROOT / source).read_bytes(), page
    man = shutil.which("man")
    if man is None or shutil.which("mandb") is None:
        pytest.skip("man-db is not installed here")
    env = {k: v for k, v in os.environ.items() if k != "MANPATH"}
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    for name, page in [
        ("galbatch", "share/man/man1/galbatch.1"),
        ("galbatch-conflict", "share/man/man7/galbatch-conflict.7"),
        ("galbatch-conqueror", "share/man/man7/galbatch-conqueror.7"),
    ]:
        found = subprocess.run([man, "-w", name], env=env, capture_output=True, text=True)
        assert found.returncode == 0, found.stderr
        assert Path(found.stdout.split()[0]).resolve() == (venv / page).resolve(), found.stdout


@pytest.mark.parametrize(
    "pytest_command", [["pytest"], [sys.executable, "-m", "pytest"]], ids=["pytest", "python-m"]
)
def test_the_tests_run_from_the_top_of_the_clone_on_a_plain_install(
    pytest_command: list[str], installed: Path, tmp_path: Path
) -> None:
    """A bare `pytest` (no tests package on the path of its own) and `python -m pytest`
    (the clone's galbatch/, which has no grammars/ inside, first on the path) both test
    the installed copy: the report names it, and parsing and the CLI's subprocesses work."""
    command = pytest_command
    if command == ["pytest"]:
        script = Path(sys.executable).parent / "pytest"
        if not script.is_file():
            pytest.skip("no pytest script beside this interpreter")
        command = [str(script)]
    env = {**os.environ, "PYTHONPATH": str(installed)}
    env.pop("PYTHONSAFEPATH", None)  # as a developer runs it
    ran = subprocess.run(
        [*command, "-p", "no:cacheprovider", "--snapshot-warn-unused",
         f"--basetemp={tmp_path / 'inner'}", "tests/test_orderfile.py", "tests/test_cli_exit.py"],
        cwd=ROOT, env=env, capture_output=True, text=True,
    )  # fmt: skip
    assert ran.returncode == 0, ran.stdout[-3000:] + ran.stderr
    assert f"galbatch: {installed / 'galbatch'} (installed copy)" in ran.stdout
    assert re.search(r"^=+ \d+ passed in ", ran.stdout, re.M), ran.stdout[-500:]
