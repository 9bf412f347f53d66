"""galbatch: a batch turn processor for classic play-by-mail space strategy games."""

__version__ = "0.1.0"
