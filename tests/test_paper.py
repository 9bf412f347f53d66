"""The paper of every printout of a real turn, at both widths: margins a desktop printer
keeps, page labels, the archive's separator page, the trailing form feed, PDF/A-2B."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from galbatch.engine.job.run import process
from galbatch.print.pdf import MARGIN
from tests.bundled import copy_shipped

GAMES = ("conflict-demo", "gc16")  # 132 and 80 columns


@pytest.fixture(scope="module")
def turns(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Turn 1 of each bundled game, processed once for the module."""
    out = {}
    for name in GAMES:
        game = copy_shipped(name, tmp_path_factory.mktemp("paper") / name)
        assert process(game).committed is not None
        out[name] = game / "turns" / "001"
    return out


def pdfs(turns: dict[str, Path]) -> Iterator[Path]:
    for turn in turns.values():
        yield turn / "archive.pdf"
        yield from sorted((turn / "printouts").glob("*.pdf"))


@dataclass(frozen=True)
class Box:
    """Where a run of glyphs is drawn: its text and its box in points."""

    text: str
    x0: float
    y0: float
    x1: float
    y1: float


def glyph_boxes(page: Any) -> list[Box]:
    """Every text run on the page with the box its glyphs may take: from its start to its
    last advance, from the font's descent to its ascent (as poppler's -bbox measures)."""
    boxes: list[Box] = []

    def visit(text: str, cm: list[float], tm: list[float], font: Any, size: float) -> None:
        if not text.strip() or font is None:
            return
        font = font.get_object()
        descriptor = font["/FontDescriptor"].get_object()
        ascent = float(descriptor["/Ascent"]) / 1000
        descent = float(descriptor["/Descent"]) / 1000
        advance = max(float(w) for w in font["/Widths"]) / 1000
        scale = tm[0] * cm[0]
        x = tm[4] * cm[0] + cm[4]
        y = tm[5] * cm[3] + cm[5]
        height = size * scale
        width = len(text.rstrip("\n")) * advance * height
        boxes.append(Box(text, x, y + descent * height, x + width, y + ascent * height))

    page.extract_text(visitor_text=visit)
    return boxes


@pytest.mark.slow
def test_every_glyph_of_a_turn_is_inside_the_printable_area(turns: dict[str, Path]) -> None:
    checked = 0
    for file in pdfs(turns):
        for n, page in enumerate(PdfReader(file).pages, start=1):
            width, height = float(page.mediabox.width), float(page.mediabox.height)
            boxes = glyph_boxes(page)
            assert boxes, f"{file.name} page {n}: no text"
            for b in boxes:
                where = f"{file.parent.parent.parent.name}/{file.name} page {n}: {b.text!r}"
                assert b.x0 >= MARGIN - 0.01 and b.x1 <= width - MARGIN + 0.01, where
                assert b.y0 >= MARGIN - 0.01 and b.y1 <= height - MARGIN + 0.01, where
            checked += len(boxes)
    assert checked > 1000
    assert MARGIN == 18.0  # a quarter inch


def test_every_text_printout_ends_with_a_form_feed(turns: dict[str, Path]) -> None:
    files = [f for turn in turns.values() for f in sorted((turn / "printouts").glob("*.txt"))]
    assert len(files) >= 10
    for file in files:
        text = file.read_text(encoding="utf-8")
        pages = text.split("\f")
        assert text.endswith("\n\f") and pages[-1] == "", file.name
        # one form feed a page: the header of page N says "PAGE N OF M"
        for n, page in enumerate(pages[:-1], start=1):
            assert re.search(rf"PAGE {n} OF {len(pages) - 1}\s*$", page.split("\n")[0]), file.name
    joined = "".join(f.read_text(encoding="utf-8") for f in files)  # `cat *.txt | lpr`
    assert all(form.startswith(("GC16", "CONFLICT-DEMO")) for form in joined.split("\f")[:-1])


def header(page: Any) -> str:
    """The first line of a page's text: its header."""
    return str(page.extract_text()).split("\n")[0]


@pytest.mark.slow
def test_page_labels_are_the_printouts_own_pages(turns: dict[str, Path]) -> None:
    seen = set()
    for file in pdfs(turns):
        reader = PdfReader(file)
        labels = reader.page_labels
        assert len(labels) == len(reader.pages)
        for n, (label, page) in enumerate(zip(labels, reader.pages, strict=True)):
            if file.name == "archive.pdf" and n == 0:
                assert label == "COVER 1/1"
                continue
            found = re.search(r"PAGE (\d+) OF (\d+)\s*$", header(page))
            assert found, f"{file.name} page {n + 1}"
            assert label.endswith(f" {found[1]}/{found[2]}"), (file.name, label)
            seen.add(label)
    assert any(s.startswith("RIGEL 1/") for s in seen)
    assert any(s.startswith("GM 1/") for s in seen)


def test_the_archive_cover_is_a_job_separator_page(turns: dict[str, Path]) -> None:
    for name, turn in turns.items():
        reader = PdfReader(turn / "archive.pdf")
        text = str(reader.pages[0].extract_text())
        job = f"{name.upper()}.T001"
        assert header(reader.pages[0]).rstrip().endswith("SEPARATOR")
        assert "PAGE 1 OF" not in text and f"JOB {job}" in text
        log = (turn / "job.log").read_text(encoding="utf-8")
        maxcc = re.search(r"MAXCC=(\d{4})", log)
        assert maxcc and re.search(rf"MAXCC +{maxcc[1]}\b", text)
        assert re.search(rf"JOB +{re.escape(job)}\b", text) and "DATE      19" in text
        parts = len(list((turn / "printouts").glob("*.pdf")))
        following = f"FOLLOWING {parts} PRINTOUTS, {len(reader.pages) - 1} PAGES"
        assert following in text
        players = [f.stem for f in (turn / "printouts").glob("*.pdf") if f.stem != "gm"]
        assert f"PLAYERS   {len(players)}" in text
        # the banner: the game's first letter in big letters made of itself
        first = name.upper()[0]
        assert re.search(rf"{first}{{4,}}", text), text[:400]


def test_banner_letters_come_from_the_font() -> None:
    from galbatch.print.banner import banner, letter

    # DejaVu Sans Mono Bold's H, T and full stop, sampled on 8 x 6 cells
    assert letter("H", 8, 6) == (" HH  HH",) * 2 + (" HHHHHH",) + (" HH  HH",) * 3
    assert letter("T", 8, 6) == (" TTTTTT",) + ("   TT",) * 5
    assert letter(".", 8, 6) == ("",) * 5 + ("   ##",)
    for width in (80, 132):
        lines = banner("CONFLICT-DEMO T001", width)
        assert lines and all(len(line) <= width for line in lines)
        assert lines == banner("CONFLICT-DEMO T001", width)


def objects(reader: PdfReader) -> Iterator[Any]:
    """Every indirect object of the file."""
    for num in range(1, int(reader.trailer["/Size"])):
        try:
            obj = reader.get_object(num)
        except Exception:  # a free entry
            continue
        if obj is not None:
            yield obj


def xmp_text(reader: PdfReader) -> str:
    meta = reader.trailer["/Root"]["/Metadata"].get_object()
    assert "/Filter" not in meta and meta["/Subtype"] == "/XML" and meta["/Type"] == "/Metadata"
    return str(meta.get_data().decode("utf-8"))


def xmp_value(xmp: str, tag: str) -> str:
    found = re.search(rf"<{tag}>(?:<rdf:(?:Alt|Seq)><rdf:li[^>]*>)?(.*?)<", xmp, re.S)
    assert found, tag
    from xml.sax.saxutils import unescape

    return unescape(found[1])


def xmp_date(pdf_date: str) -> str:
    d = pdf_date[2:]
    return f"{d[0:4]}-{d[4:6]}-{d[6:8]}T{d[8:10]}:{d[10:12]}:{d[12:14]}+{d[15:17]}:{d[18:20]}"


def test_every_pdf_of_a_turn_meets_pdf_a_2b(turns: dict[str, Path]) -> None:
    from galbatch.print.pdfa import srgb_profile

    files = list(pdfs(turns))
    assert len(files) >= 17
    for file in files:
        raw = file.read_bytes()
        # header and binary comment; an end-of-line before every endstream
        assert re.match(rb"%PDF-1\.[0-7]\r?\n%[\x80-\xff]{4}", raw), file.name
        assert raw.count(b"endstream") == raw.count(b"\nendstream"), file.name
        reader = PdfReader(file)
        assert not reader.is_encrypted and "/Encrypt" not in reader.trailer
        assert len(reader.trailer["/ID"]) == 2
        # XMP metadata that says PDF/A-2B and matches the document information
        xmp = xmp_text(reader)
        info = reader.trailer["/Info"].get_object()
        assert xmp_value(xmp, "pdfaid:part") == "2" and xmp_value(xmp, "pdfaid:conformance") == "B"
        for key, tag in (
            ("/Title", "dc:title"),
            ("/Author", "dc:creator"),
            ("/Subject", "dc:description"),
            ("/Keywords", "pdf:Keywords"),
            ("/Producer", "pdf:Producer"),
            ("/Creator", "xmp:CreatorTool"),
        ):
            assert xmp_value(xmp, tag) == str(info[key]), (file.name, key)
        assert xmp_value(xmp, "xmp:CreateDate") == xmp_date(str(info["/CreationDate"]))
        assert xmp_value(xmp, "xmp:ModifyDate") == xmp_date(str(info["/ModDate"]))
        assert str(info["/Trapped"]) == "/False" and xmp_value(xmp, "pdf:Trapped") == "False"
        # an sRGB output intent
        (intent,) = reader.trailer["/Root"]["/OutputIntents"]
        intent = intent.get_object()
        assert intent["/S"] == "/GTS_PDFA1" and intent["/Type"] == "/OutputIntent"
        profile = intent["/DestOutputProfile"].get_object()
        assert profile["/N"] == 3 and profile.get_data() == srgb_profile()
        # every font embedded; no transparency anywhere
        fonts = 0
        for obj in objects(reader):
            if not hasattr(obj, "get"):
                continue
            if obj.get("/Type") == "/Font":
                fonts += 1
                descriptor = obj["/FontDescriptor"].get_object()
                assert "/FontFile2" in descriptor, (file.name, obj.get("/BaseFont"))
            assert "/SMask" not in obj and "/Group" not in obj, file.name
            assert float(obj.get("/CA", 1)) == 1 and float(obj.get("/ca", 1)) == 1, file.name
            assert obj.get("/BM", "/Normal") in ("/Normal", "/Compatible"), file.name
            assert obj.get("/Subtype") != "/Image" or "/SMask" not in obj, file.name
        assert fonts >= 1, file.name


def test_srgb_profile_is_a_fixed_rgb_display_profile() -> None:
    from PIL import ImageCms

    from galbatch.print.pdfa import srgb_profile

    data = srgb_profile()
    assert data[12:20] == b"mntrRGB " and data[36:40] == b"acsp"
    assert data[24:36] == bytes.fromhex("07d0 0001 0001 0000 0000 0000")  # 2000-01-01, no clock
    assert int.from_bytes(data[:4], "big") == len(data)
    profile = ImageCms.ImageCmsProfile(io.BytesIO(data))
    assert "sRGB" in ImageCms.getProfileDescription(profile)


def test_hex_sheet_text_shows_owners_below_worlds() -> None:
    from galbatch.print.maps.fields import HexMap, HexMarker

    markers = (
        HexMarker(0, 0, "17", owner="3"),
        HexMarker(1, 0, "5", owner="12"),
        HexMarker(2, 1, "8", underline=True, owner="1"),  # own world: underlined instead
    )
    lines = HexMap("M", 3, 2, markers).text_lines(80, 60)
    assert lines[1:5] == ["01  17       .", "    P3   5", "02   . P12   8", "         .   -"]


def test_conflict_gm_text_map_shows_every_owner(turns: dict[str, Path]) -> None:
    import json
    from collections import Counter

    turn = turns["conflict-demo"]
    state = json.loads((turn / "state.yaml").read_text(encoding="utf-8"))  # JSON is YAML
    owner = state["world_columns"].index("owner")
    owned = Counter(str(w[owner]) for w in state["worlds"] if w[owner] is not None)
    assert owned
    text = (turn / "printouts" / "gm.txt").read_text(encoding="utf-8")
    sheet = text.split("MAP OF THE GALAXY\n")[1].split("OWNER MARKS")[0]
    assert Counter(re.findall(r"\bP(\d+)\b", sheet)) == owned
