"""The contract between the engine and a ruleset: the base class every game
extends, the records it takes, and the helpers a turn uses."""
