"""`python -m galbatch.cli`: the galbatch program, as the installed command runs it."""

from galbatch.cli import run

if __name__ == "__main__":
    run()
