"""Reading one message: where the order file is, who sent it, and never a traceback."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from galbatch.post.message import find_order_file, read_letter
from galbatch.rules import RULESETS, get_ruleset
from tests.test_post_support import letter, orders

ROOT = Path(__file__).resolve().parent.parent


def test_the_order_file_ends_at_end_a_signature_or_a_quote() -> None:
    lines = ["Hi,", "", 'GAME GC16 PLAYER 1 PASSWORD "pw"', "P 68 1 1", "END", "thanks"]
    assert find_order_file(lines) == 'GAME GC16 PLAYER 1 PASSWORD "pw"\nP 68 1 1\nEND\n'
    signed = ['GAME GC16 PLAYER 1 PASSWORD "pw"', "P 68 1 1", "-- ", "Alice"]
    assert find_order_file(signed) == 'GAME GC16 PLAYER 1 PASSWORD "pw"\nP 68 1 1\n--\n'
    quoted = ['GAME GC16 PLAYER 1 PASSWORD "pw"', "P 68 1 1", "", "On Monday, GM wrote:", "> x"]
    assert find_order_file(quoted) == 'GAME GC16 PLAYER 1 PASSWORD "pw"\nP 68 1 1\n\n'


def test_a_printouts_header_line_is_no_order_file() -> None:
    printout = ['GAME GC16 PLAYER 1 PASSWORD "________"', "PLANET 68"]
    assert find_order_file(printout) is None
    assert find_order_file(["> " + printout[0], 'GAME GC16 PLAYER 1 PASSWORD "pw"']) == (
        'GAME GC16 PLAYER 1 PASSWORD "pw"\n'
    )


def test_a_misspelt_header_is_still_found_for_the_checker_to_name() -> None:
    assert find_order_file(["GAME GC16 PLAYR 1 PASWORD x", "END"]) == (
        "GAME GC16 PLAYR 1 PASWORD x\nEND\n"
    )


def test_sender_date_and_reply_address() -> None:
    data = letter(
        orders("1"),
        sender="Arcturus@Example.ORG",
        headers=[("Reply-To", "Orders <orders@example.org>")],
        date="Mon, 17 Feb 1997 10:00:00 +0100",
    )
    found = read_letter(data)
    assert found.sender == "arcturus@example.org"
    assert found.reply_to == "orders@example.org"
    assert found.date is not None and found.date.isoformat() == "1997-02-17T09:00:00+00:00"
    assert found.order_text == orders("1")
    assert found.answerable


def test_an_encoded_subject_and_a_help_request() -> None:
    found = read_letter(letter("", subject="=?iso-8859-1?q?H=E9lp?="))
    assert found.subject == "Hélp" and not found.wants_help
    assert read_letter(letter("", subject=" help ")).wants_help


def test_a_forwarded_message_is_not_read_for_orders() -> None:
    inner = letter(orders("2"), sender="polaris@example.org")
    outer = letter(
        "See below.\n",
        attachments=[("fwd.eml", "message", "rfc822", inner)],
    )
    assert read_letter(outer).order_text is None


def test_bounces_and_mailer_daemons_are_machines() -> None:
    bounce = letter("Delivery failed\n", sender="MAILER-DAEMON@example.org")
    assert read_letter(bounce).automatic.startswith("sent by")
    report = (
        b"From: postmaster@example.org\nContent-Type: multipart/report; boundary=x\n\n"
        b"--x\nContent-Type: text/plain\n\nfailed\n--x--\n"
    )
    assert read_letter(report).automatic


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=3000))
def test_random_bytes_never_raise(data: bytes) -> None:
    found = read_letter(data)
    assert len(found.key) == 64 and found.size == len(data)


HEADERS = st.sampled_from(
    [
        b"From: a@example.org\n",
        b"From: =?utf-8?b?////?= <\xff@x>\n",
        b"Date: Mon, 99 Foo 1997 99:99:99 +9999\n",
        b"Date: Mon, 17 Feb 1997 10:00:00 +0100\n",
        b"Subject: =?x-unknown?q?HELP?=\n",
        b"Content-Type: multipart/mixed; boundary=b\n",
        b"Content-Type: multipart/alternative\n",
        b"Content-Type: text/plain; charset=x-nonsense\n",
        b"Content-Type: text/plain; charset=utf-16\n",
        b"Content-Transfer-Encoding: base64\n",
        b"Content-Transfer-Encoding: quoted-printable\n",
        b"Content-Disposition: attachment; filename*=utf-8''%FF%FE\n",
        b"Auto-Submitted: no\n",
        b"Return-Path: \n",
        b"\n",
    ]
)
BODIES = st.sampled_from(
    [
        b'GAME GC16 PLAYER 1 PASSWORD "alpha-one"\nEND\n',
        b"--b\nContent-Type: text/plain\n\nGAME GC16 PLAYER 1 PASSWORD x\n--b--\n",
        b"--b\n\n--b\nContent-Type: text/html\n\n<p>\n",
        b"=\n=FF=G0\n",
        b"#ANM GC16 \xff\xfe\n",
        b"\x00\x01\x02",
    ]
)


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(HEADERS, max_size=8), st.lists(BODIES | st.binary(max_size=200), max_size=4))
def test_mangled_mail_never_raises(headers: list[bytes], bodies: list[bytes]) -> None:
    read_letter(b"".join(headers) + b"\n" + b"".join(bodies))


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_the_help_text_names_the_man_pages_commands(ruleset: str) -> None:
    """Every order the HELP answer lists is one the ruleset's man page documents."""
    page = (ROOT / "man" / f"galbatch-{ruleset}.7").read_text(encoding="utf-8")
    documented = set(re.findall(r"^\.BI? \"?\\?f?B?([A-Z]+)[ ,\\\"\n]", page, re.MULTILINE))
    documented |= set(re.findall(r"^\\fB([A-Z]) [ST]\\fP", page, re.MULTILINE))
    documented |= set(re.findall(r"\\fB([A-Z]{2,})\b", page))
    summary = get_ruleset(ruleset).order_summary
    listed = {line.split()[0].split(",")[0] for line in summary if not line.startswith(" ")}
    assert listed and listed <= documented, listed - documented


@pytest.mark.parametrize("size", [0, 1, 100])
def test_empty_and_tiny_messages(size: int) -> None:
    found = read_letter(b"x" * size)
    assert found.order_text is None and not found.answerable
