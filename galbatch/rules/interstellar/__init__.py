"""Interstellar Conquest (Ken Leyhe, after Cosmic Encounter): the ruleset `interstellar`
(see galbatch-interstellar(7)).

Batch play by mail: the state is a position in the book's turn sequence
(`phases.Phase`); each run resolves phases as long as the players who owe the
next one have orders for it (sent ahead, or standing), and stops where a
decision is missing, telling only those players what they owe (`phases.owes`).
The charts are in `tables.py`, the unclear points decided in `house.py`, the
orders and the pending/standing rule in `orders.py`, the state in `state.py`; the
run in `resolve.py`, the phase machine in `turn.py`, with the rules it calls in
`fleets.py`, `combat.py`, `outcome.py`, `powers.py`, `coins.py` and `victory.py`.
"""
