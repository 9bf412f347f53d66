"""The batch jobs: a turn run, the night's stream of runs, the check, a re-print."""
