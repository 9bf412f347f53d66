"""One package per game; each exposes a RULESET object (see galbatch.engine.contract.ruleset)."""
