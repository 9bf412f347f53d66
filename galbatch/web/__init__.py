"""Play by web: `galbatch serve`, a small site over the game directories."""
