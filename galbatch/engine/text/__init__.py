"""Text helpers every layer shares: what players wrote made safe to show, counts
and their nouns, "did you mean"."""
