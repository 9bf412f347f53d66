"""Galac-Tac's layer 3, SHIP DESIGN: CLASSIFY and DECLASSIFY against the empire's
design table and tech level."""

from __future__ import annotations

from galbatch.engine.checker.situation import Refusal
from galbatch.rules.galactac import orders as a
from galbatch.rules.galactac.check_stocks import Plan, Stocks, design_of
from galbatch.rules.galactac.codes import GT236, GT237, GT238, GT410
from galbatch.rules.galactac.house import MAX_DESIGNS
from galbatch.rules.galactac.rating import RatingError, cost, problems, read_rating


class Designs(Stocks):
    """The [B] actions on the design table."""

    def _classify(self, action: a.Classify) -> a.Classify:
        if action.code in self.designs:
            raise Refusal(
                GT237,
                f"design code {action.code} is in your table already: "
                f"DECLASSIFY {action.code} first",
            )
        try:
            rating = design_of(read_rating(action.rating)[0])
        except RatingError as e:  # the facts say so; never reached through them
            raise Refusal(GT236, f"the design rating cannot be used: {e.message}") from e
        wrong = problems(rating, self.tech)
        if wrong:
            raise Refusal(GT236, f"{wrong[0]} (your tech level is {self.tech})")
        same = next((p for p in self.designs.values() if p.rating == rating), None)
        if same is not None:
            self.note(
                GT410,
                f"design {same.code} has this rating: CLASSIFY renames it {action.code} "
                f"{action.name}, and its ships with it",
            )
            del self.designs[same.code]
            for craft in self.crafts.values():
                if craft.code == same.code:
                    craft.code = action.code
        elif len(self.designs) >= MAX_DESIGNS:
            raise Refusal(
                GT237, f"your table holds {MAX_DESIGNS} designs, the most it may: DECLASSIFY one"
            )
        self.designs[action.code] = Plan(
            action.code, action.name, rating, cost(rating, self.tech).total
        )
        return action

    def _declassify(self, action: a.Declassify) -> a.Declassify:
        for code in action.codes:
            self.design(code)
            used = sorted(
                c.id for c in self.crafts.values() if c.code == code and c.id not in self.gone
            )
            if used:
                shown = ", ".join(str(n) for n in used[:5]) + (", ..." if len(used) > 5 else "")
                raise Refusal(GT238, f"ships of design {code} are still in your fleet: {shown}")
        for code in action.codes:
            del self.designs[code]
        return action
