"""galbatch-galactac(7) documents what the ruleset does: no section is left as a
placeholder, and it is clean roff. (Its diagnostic codes: test_man_diagnostics.py.)"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "man" / "galbatch-galactac.7"


def test_no_section_is_a_placeholder() -> None:
    page = PAGE.read_text(encoding="utf-8")
    assert "Not yet implemented." not in page and "Not yet described" not in page
    sections = re.findall(r"^\.SH (.+)$", page, flags=re.M)
    for name in ("RATING NOTATION", "THE GALAXY", "THE TURN", "REPORTS", "NOT YET IMPLEMENTED"):
        assert name in sections, name


def test_the_page_is_clean_roff() -> None:
    try:
        lint = subprocess.run(
            ["groff", "-man", "-ww", "-z", str(PAGE)], capture_output=True, text=True, check=False
        )
    except FileNotFoundError:
        pytest.skip("groff is not installed")
    assert lint.returncode == 0 and lint.stderr == ""
