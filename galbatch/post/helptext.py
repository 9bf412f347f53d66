"""The answer to a message with the subject HELP: how to write an order file, by e-mail.

The order list and the example file are the ruleset's own (`order_summary` and
`order_example`, plain text lines); this module only wraps them in what the post
room says of mail. A sign-up list opened without a ruleset gets what holds for
every game: the commands the post room takes, not one game's orders.
"""

from __future__ import annotations

from galbatch.rules import UnknownRuleset, get_ruleset


def _sign_up(game_id: str) -> list[str]:
    """How to sign up, as the rule book's server took it."""
    from galbatch.post.signups import NAME_LENGTH  # signups sends this text in its mails

    return [
        "SIGN-UP",
        "",
        f"    #ANM {game_id} <name>",
        "",
        "on a line of its own signs you up while a game takes players: a name of",
        f"at most {NAME_LENGTH} characters, the letters A to Z, digits and blanks. One",
        "sign-up an address.",
    ]


def help_text(ruleset: str, game_id: str, title: str) -> str:
    """The HELP answer for a game of `ruleset` ("" for a sign-up list without one)."""
    if not ruleset:
        return _general(game_id, title)

    try:
        rules = get_ruleset(ruleset)
    except UnknownRuleset:  # a sign-up list may name one this galbatch does not have
        return _general(game_id, title)
    noun = rules.order_noun
    lines = [
        f"{title}: HOW TO SEND {noun.upper()}S BY E-MAIL",
        "",
        f"Send your {noun}s as plain text (not HTML) in the body of a mail, or as",
        "an attached .txt file. Any subject will do. The file starts with its",
        "header line and ends with END; what comes before the header and after",
        "END (greetings, a signature, quoted text) is ignored:",
        "",
        f'    GAME {game_id} PLAYER <your number> PASSWORD "<your password>"',
        *(f"    {line}" for line in rules.order_example),
        "    END",
        "",
        f"One {noun} a line; '#' starts a comment. A later mail replaces an earlier",
        "one for the same turn. Every mail is answered with what was filed and",
        "what the checker found in it. Check a file yourself first with",
        f"galbatch check FILE --ruleset {rules.name}.",
        "",
        f"{noun.upper()}S",
        "",
        *(f"    {line}" for line in rules.order_summary),
        "",
        *_sign_up(game_id),
        "",
        f"The full rules: galbatch-{rules.name}(7).",
    ]
    return "\n".join(lines) + "\n"


def _general(game_id: str, title: str) -> str:
    """The HELP answer of a sign-up list whose game has no ruleset yet: what every game takes."""
    lines = [
        f"{title}: HOW TO TAKE PART BY E-MAIL",
        "",
        "This address reads plain-text mail (not HTML) and answers every message.",
        "",
        *_sign_up(game_id),
        "",
        "ORDERS",
        "",
        "Once the game has started, send each turn's orders as plain text in the",
        "body of a mail, or as an attached .txt file. The file starts with its",
        "header line and ends with END:",
        "",
        f'    GAME {game_id} PLAYER <your number> PASSWORD "<your password>"',
        "    (your orders, one a line)",
        "    END",
        "",
        "Your welcome mail, when the game starts, gives your number and password,",
        "the game's orders and where its full rules are. Until then no orders",
        "are taken.",
        "",
        "HELP",
        "",
        "A message with the subject HELP gets this answer; once the game has",
        "started, it lists the game's orders.",
    ]
    return "\n".join(lines) + "\n"
