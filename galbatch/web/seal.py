"""The player's password, kept in his session sealed: encrypted and authenticated
(Fernet) under a key derived from the session secret, so that whichever server worker
takes a save, or the server after a restart, can write the order file's header line,
and the cookie, a file or a log never holds it in clear.

A seal names the session it was made for: one copied into another session opens to
nothing. It ages out with the session's hours; a changed password ends the session
itself (web.session.fingerprint), and so its seal with it.
"""

from __future__ import annotations

import base64
import json

from cryptography.fernet import Fernet, InvalidToken
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

PURPOSE = b"galbatch web: the session's sealed password"  # the key is for this use alone
MAX_SEAL = 2048  # characters of a seal opened: far past a 64-character password's


class Sealer:
    """Seals and opens a session's password with the key the session secret gives."""

    def __init__(self, secret: str, max_age: int) -> None:
        key = HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=PURPOSE).derive(
            secret.encode("utf-8")
        )
        self.fernet = Fernet(base64.urlsafe_b64encode(key))
        self.max_age = max_age  # seconds a seal is good for

    def seal(self, sid: str, password: str) -> str:
        """The password sealed for the session `sid`."""
        return self.fernet.encrypt(json.dumps([sid, password]).encode("utf-8")).decode("ascii")

    def open(self, sid: str, sealed: object) -> str | None:
        """The password the seal holds, if it is one of ours, for the session `sid` and not
        past its age; None otherwise."""
        if not isinstance(sealed, str) or not sealed or len(sealed) > MAX_SEAL:
            return None
        try:
            data = json.loads(self.fernet.decrypt(sealed.encode("ascii"), ttl=self.max_age))
        except (InvalidToken, UnicodeError, ValueError):
            return None
        if not (isinstance(data, list) and len(data) == 2 and data[0] == sid):
            return None
        return data[1] if isinstance(data[1], str) else None
