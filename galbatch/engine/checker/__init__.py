"""The checker's drivers: one order file through the grammar (layer 1), the rule
book's facts (layer 2) and the player's situation (layer 3)."""
