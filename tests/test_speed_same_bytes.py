"""The turn's speed tricks give the bytes of what they stand in for (issue 26: "Keep every
output byte-identical"): reportlab's object formatting taken a quicker way (pdf.py), and
the rows of a machine-written file through one JSON encoder made once (yamlio)."""

from __future__ import annotations

import json

import pytest
from reportlab.pdfbase import pdfdoc

from galbatch.engine.gamedir import yamlio
from galbatch.print import pdf

VALUES = [
    b"",
    b"BT /F1 9 Tf ET",
    "",
    "GALBATCH",
    "caf\u00e9 \u2013 \u00bd",
    0,
    -7,
    2**40,
    0.1,
    -3.25,
    1e-7,
    123456.789,
    1e20,
    True,
    False,
    None,
    pdfdoc.PDFString("(a) \\ b"),
    pdfdoc.PDFArray([1, 2.5, "x", b"y"]),
    pdfdoc.PDFDictionary({"Type": "/Page", "Count": 3}),
]


@pytest.mark.parametrize("value", VALUES, ids=repr)
def test_quick_format_gives_reportlabs_bytes(value: object) -> None:
    document = pdfdoc.PDFDocument(invariant=1)
    assert pdf._quick_format(value, document) == pdf._FORMAT(value, document)


@pytest.mark.parametrize(
    "name", ["Type", "F1", "Font Name", "a#b", "(x)", "caf\u00e9", "%", "[]{}<>/", "\u0001"]
)
def test_quick_name_gives_reportlabs_names(name: str) -> None:
    assert pdf._quick_name(name) == pdf._NAME(name)
    assert pdf._quick_name(name, "a", "z") == pdf._NAME(name, "a", "z")


def test_quick_serialising_is_undone_after_the_document() -> None:
    with pdf._quick_serialising():
        assert pdfdoc.format is pdf._quick_format
    assert pdfdoc.format is pdf._FORMAT and pdfdoc.PDFName is pdf._NAME


ROWS = [
    [1, "x", None, True, 2.5],
    {"a": [1, {"b": []}], "3": '\u2028\u00e9\x00"\\'},
    [float("nan"), float("inf"), -0.0, 1e300, 2**70],
    [],
    {},
    "text",
    7,
    None,
]


@pytest.mark.parametrize("row", ROWS, ids=repr)
def test_rows_are_written_as_json_writes_them(row: object) -> None:
    encode = json.JSONEncoder(ensure_ascii=False, separators=(", ", ": ")).encode
    assert yamlio._ROW(row) == encode(row)
