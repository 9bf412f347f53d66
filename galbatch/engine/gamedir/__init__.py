"""The game directory: game.yaml, the inbox, the committed turns, locks and
atomic commits."""
