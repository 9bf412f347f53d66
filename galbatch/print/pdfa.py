"""PDF/A-2B for the printouts and the archive: what reportlab does not write by itself.

Archivists keep these PDFs for decades and their convention is PDF/A. reportlab 5.1
has no PDF/A switch; it already embeds every font (the shipped DejaVu Sans Mono, as
subsets), writes no encryption and, as galbatch draws, no transparency. This module adds
the rest to the canvas before it is written:

- XMP metadata (an uncompressed /Metadata stream) saying PDF/A-2B and repeating the
  document information: title, author, subject, keywords, creator, producer, dates;
- an sRGB output intent: `srgb.icc` shipped beside this module, made once with Pillow
  (`ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()`, LittleCMS
  2.19) with the profile's creation date set to 2000-01-01 00:00:00, so that the bytes,
  and every PDF's bytes, never depend on the clock or on the Pillow installed;
- an end-of-line before every `endstream` (PDF/A 6.1.7.1), which reportlab leaves out.

Everything is taken from the printout, never the clock: same inputs, same bytes.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from importlib.resources import files
from typing import Any
from xml.sax.saxutils import escape

from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen.canvas import Canvas

PART, CONFORMANCE = 2, "B"
SRGB = "sRGB IEC61966-2.1"


@cache
def srgb_profile() -> bytes:
    """The shipped sRGB ICC profile (v2 display profile, 3 components)."""
    return files("galbatch.print").joinpath("srgb.icc").read_bytes()


class _RawStream(pdfdoc.PDFObject):  # type: ignore[misc]
    """A stream written as given: no filter (PDF/A forbids one on the metadata stream)."""

    __RefOnly__ = 1

    def __init__(self, entries: dict[str, Any], content: bytes) -> None:
        self.entries = entries
        self.content = content

    def format(self, document: Any) -> bytes:
        d = pdfdoc.PDFDictionary({**self.entries, "Length": len(self.content)})
        head: bytes = pdfdoc.format(d, document)
        return head + b"\nstream\n" + self.content + b"\nendstream\n"


def xmp_date(pdf: str) -> str:
    """The XMP form of a PDF date "D:19970305000000+00'00'": 1997-03-05T00:00:00+00:00."""
    d = pdf[2:]
    return f"{d[0:4]}-{d[4:6]}-{d[6:8]}T{d[8:10]}:{d[10:12]}:{d[12:14]}+{d[15:17]}:{d[18:20]}"


def xmp(info: dict[str, str]) -> bytes:
    """The XMP packet for the document information `info` (Title, Author, Subject,
    Keywords, Creator, Producer, CreationDate, ModDate as in the Info dictionary)."""
    e = {k: escape(v) for k, v in info.items()}
    created, modified = xmp_date(info["CreationDate"]), xmp_date(info["ModDate"])
    text = f"""<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about=""
    xmlns:dc="http://purl.org/dc/elements/1.1/"
    xmlns:xmp="http://ns.adobe.com/xap/1.0/"
    xmlns:pdf="http://ns.adobe.com/pdf/1.3/"
    xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/">
   <dc:format>application/pdf</dc:format>
   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">{e["Title"]}</rdf:li></rdf:Alt></dc:title>
   <dc:creator><rdf:Seq><rdf:li>{e["Author"]}</rdf:li></rdf:Seq></dc:creator>
   <dc:description><rdf:Alt><rdf:li xml:lang="x-default">{e["Subject"]}</rdf:li></rdf:Alt></dc:description>
   <pdf:Keywords>{e["Keywords"]}</pdf:Keywords>
   <pdf:Producer>{e["Producer"]}</pdf:Producer>
   <pdf:Trapped>False</pdf:Trapped>
   <xmp:CreatorTool>{e["Creator"]}</xmp:CreatorTool>
   <xmp:CreateDate>{created}</xmp:CreateDate>
   <xmp:ModifyDate>{modified}</xmp:ModifyDate>
   <xmp:MetadataDate>{modified}</xmp:MetadataDate>
   <pdfaid:part>{PART}</pdfaid:part>
   <pdfaid:conformance>{CONFORMANCE}</pdfaid:conformance>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="r"?>"""  # noqa: E501
    return text.encode("utf-8")


def conform(canvas: Canvas, date: str) -> None:
    """Add the XMP metadata and the sRGB output intent to `canvas`, whose title, author,
    subject, keywords and creator are set; `date` is its PDF date for both dates."""
    doc = canvas._doc
    info = doc.info
    values = {
        "Title": info.title,
        "Author": info.author,
        "Subject": info.subject,
        "Keywords": info.keywords,
        "Creator": info.creator,
        "Producer": info.producer,
        "CreationDate": date,
        "ModDate": date,
    }
    metadata = _RawStream(
        {"Type": pdfdoc.PDFName("Metadata"), "Subtype": pdfdoc.PDFName("XML")}, xmp(values)
    )
    catalog = doc.Catalog
    catalog.Metadata = metadata
    profile = pdfdoc.PDFStream(pdfdoc.PDFDictionary({"N": 3}), srgb_profile())
    intent = pdfdoc.PDFDictionary(
        {
            "Type": pdfdoc.PDFName("OutputIntent"),
            "S": pdfdoc.PDFName("GTS_PDFA1"),
            "OutputConditionIdentifier": pdfdoc.PDFString(SRGB),
            "Info": pdfdoc.PDFString(SRGB),
            "RegistryName": pdfdoc.PDFString("http://www.color.org"),
            "DestOutputProfile": doc.Reference(profile),
        }
    )
    catalog.OutputIntents = pdfdoc.PDFArray([intent])
    # reportlab writes only the catalog keys it lists; this catalog lists one more
    catalog.__NoDefault__ = [*pdfdoc.PDFCatalog.__NoDefault__, "OutputIntents"]


@contextmanager
def eol_before_endstream() -> Iterator[None]:
    """reportlab writes `...data endstream`; PDF/A wants an end-of-line before the keyword
    (outside the stream's Length). Patched for the time a document is written."""
    original = pdfdoc.PDFStream.format

    def format(self: Any, document: Any) -> bytes:
        out: bytes = original(self, document)
        if out.endswith(b"endstream\n") and not out.endswith(b"\nendstream\n"):
            out = out[: -len(b"endstream\n")] + b"\nendstream\n"
        return out

    pdfdoc.PDFStream.format = format
    try:
        yield
    finally:
        pdfdoc.PDFStream.format = original
