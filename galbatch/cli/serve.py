"""`galbatch serve GAMES...`: play by web, the site of galbatch.web under uvicorn."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from galbatch.engine.language.diagnostics import RC

if TYPE_CHECKING:
    from galbatch.web.config import ServeOptions, WebConfig

SECRET_NAME = "web-secret"  # in the user's galbatch config directory, unless --secret-file


def _default_secret() -> Path:
    import platformdirs  # here: as every command, serve imports nothing for `galbatch --help`

    return Path(platformdirs.user_config_dir("galbatch")) / SECRET_NAME


@click.command()
@click.argument("games", nargs=-1, type=click.Path(path_type=Path))
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8080, show_default=True, type=click.IntRange(0, 65535))
@click.option(
    "--behind-proxy",
    is_flag=True,
    help="Behind a TLS reverse proxy: trust the last X-Forwarded-For address, mark "
    "cookies Secure, send Strict-Transport-Security.",
)
@click.option(
    "--secret-file",
    type=click.Path(dir_okay=False, path_type=Path),
    help="The session-signing secret, made (0600) if missing; default "
    "~/.config/galbatch/web-secret. $GALBATCH_WEB_SECRET overrides it.",
)
@click.option(
    "--gm-password-file",
    type=click.Path(dir_okay=False, path_type=Path),
    help="The GM's salted password hash: enables the GM's page /gm.",
)
@click.option(
    "--workers",
    default=1,
    show_default=True,
    type=click.IntRange(1, 64),
    help="Server worker processes; any of them takes any request (login caps are each "
    "worker's own).",
)
@click.option(
    "--make-gm-password",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Ask for the GM's password (twice, not shown; or read it from standard "
    "input), write its salted hash to this file (0600) and exit.",
)
def serve(
    games: tuple[Path, ...],
    host: str,
    port: int,
    behind_proxy: bool,
    secret_file: Path | None,
    gm_password_file: Path | None,
    workers: int,
    make_gm_password: Path | None,
) -> None:
    """Serve GAMES (game directories, or folders holding them) on the web: players log in
    with game, player and password, read their printouts and write, check and save their
    orders; the GM sees every game's status. Listens on 127.0.0.1:8080 unless told
    otherwise; put it behind a TLS reverse proxy to serve it to the world."""
    from galbatch.web import config as web  # here: Starlette only to serve, not for --help

    try:
        if make_gm_password is not None:
            web.make_gm_password(make_gm_password, _ask_password())
            click.echo(f"{make_gm_password}: the GM's password hash written")
            return
        options = web.ServeOptions(
            tuple(str(g.absolute()) for g in games),
            str((secret_file or _default_secret()).absolute()),
            str(gm_password_file.absolute()) if gm_password_file is not None else "",
            behind_proxy,
        )
        config = options.load()
    except (web.ServeError, OSError) as e:
        click.echo(f"galbatch serve: {e}", err=True)
        sys.exit(RC.UNUSABLE)
    _run(options, config, host, port, workers)


def _ask_password() -> str:
    if sys.stdin.isatty():
        return str(click.prompt("GM password", hide_input=True, confirmation_prompt=True))
    return sys.stdin.readline().rstrip("\r\n")


def _run(options: ServeOptions, config: WebConfig, host: str, port: int, workers: int) -> None:
    """One worker serves the app made here; several each load it from the options."""
    import uvicorn  # here: the server only when serving, never for `galbatch --help`

    from galbatch.web.app import create_app  # here: as uvicorn
    from galbatch.web.config import OPTIONS_VARIABLE  # here: as create_app

    names = ", ".join(sorted(config.ids.values()))
    many = f" ({workers} workers)" if workers > 1 else ""
    click.echo(f"galbatch serve: {names} on http://{host}:{port}/{many}", err=True)
    if workers > 1:  # spawned, each worker loads the site from them
        os.environ[OPTIONS_VARIABLE] = options.dumps()
    uvicorn.run(
        create_app(config) if workers == 1 else "galbatch.web.app:from_environment",
        factory=workers > 1,
        workers=workers,
        host=host,
        port=port,
        proxy_headers=False,  # galbatch.web reads X-Forwarded-For itself, with --behind-proxy
        server_header=False,
        log_level="info",
    )
