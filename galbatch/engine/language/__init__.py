"""The order language: order files, their lines parsed by a ruleset's grammar,
diagnostics and return codes."""
