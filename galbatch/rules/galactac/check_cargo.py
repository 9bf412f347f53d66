"""Galac-Tac's layer 3, cargo: LOAD, UNLOAD and TRANSFER of PV, PI and missiles, reduced
to the free bays, what a System has and what a ship carries."""

from __future__ import annotations

from dataclasses import replace

from galbatch.engine.checker.situation import Refusal
from galbatch.rules.galactac import orders as a
from galbatch.rules.galactac.check_stocks import Craft, Place, Stocks, stow, take
from galbatch.rules.galactac.codes import GT240, GT241, GT242, GT304, GT305, GT306, GT307
from galbatch.rules.galactac.names import item_word


class Cargo(Stocks):
    """The [B] actions that move cargo."""

    def _load(self, action: a.Load) -> a.Load:
        craft = self.active(action.ship)
        fleet = self.fleet(craft)
        kept = []
        for cargo in action.cargo:
            item = item_word(cargo.item)
            room = sum(c.free for c in fleet)
            there = self.available(craft.location, item)
            loaded = min(cargo.quantity, room, there)
            if loaded < cargo.quantity and loaded:
                if room <= there:
                    self.warn(
                        GT304,
                        f"ship {craft.id}'s fleet has {room} free cargo bays: {loaded} {item} "
                        f"loaded, not {cargo.quantity}",
                    )
                else:
                    self.warn(
                        GT305,
                        f"{craft.location} has {there} {item} to load: {loaded} loaded, "
                        f"not {cargo.quantity}",
                    )
            elif not loaded and len(action.cargo) > 1:
                why = self.why_not_load(craft, item, room, there)
                self.warn(GT305 if room else GT304, f"{why}: none loaded")
            if not loaded:
                continue
            stow(fleet, item, loaded)
            here = self.places.setdefault(craft.location, Place(craft.location, ""))
            if item == "PV":
                here.taken += loaded
            elif item == "PI":
                here.pi -= loaded
            else:
                here.missiles -= loaded
            kept.append(replace(cargo, quantity=loaded))
        if not kept:
            item = item_word(action.cargo[0].item)
            room = sum(c.free for c in fleet)
            there = self.available(craft.location, item)
            raise Refusal(GT240, self.why_not_load(craft, item, room, there))
        return replace(action, cargo=tuple(kept))

    def why_not_load(self, craft: Craft, item: str, room: int, there: int) -> str:
        if not room:
            if not sum(c.current.cargo for c in self.fleet(craft)):
                return f"ship {craft.id} has no cargo bays"
            return f"ship {craft.id}'s cargo bays are full"
        if item == "PI":
            return f"{craft.location} has no PI to load (PI is loaded at your Production Systems)"
        if item == "MISSILES":
            return f"{craft.location} has none of your missiles to load"
        return f"{craft.location} has no PV for you to load this fortnight"

    def available(self, where: str, item: str) -> int:
        """What a ship may still load of `item` where it is."""
        place = self.places.get(where)
        if item == "MISSILES":
            return place.missiles if place is not None else 0
        if item == "PI":
            return place.pi if place is not None and place.production else 0
        if place is not None and place.status:
            if place.production or self.improving(where):
                return 0
            return max(0, place.output - place.taken)
        if where in self.others or self.improving(where):
            return 0
        if place is None:
            place = self.places[where] = Place(where, "")
        return max(0, self.charted.get(where, 0) - place.taken)

    def improving(self, where: str) -> bool:
        return any(
            c.orders in ("COLONIZE", "DEVELOP") and c.goal == where == c.location
            for c in self.crafts.values()
        )

    def _unload(self, action: a.Unload) -> a.Unload:
        craft = self.active(action.ship)
        fleet = self.fleet(craft)
        place = self.places.get(craft.location)
        kept = []
        for cargo in action.cargo:
            item = item_word(cargo.item)
            if item in ("PI", "PV") and (place is None or not place.production):
                raise Refusal(
                    GT241,
                    f"{item} is unloaded only at your Production Systems: "
                    f"ship {craft.id} is at {craft.location}",
                )
            if craft.location not in self.stars:
                raise Refusal(GT240, f"there is no star System at {craft.location}")
            carried = sum(c.aboard(item) for c in fleet)
            done = min(cargo.quantity, carried)
            if done < cargo.quantity:
                self.warn(
                    GT306,
                    f"ship {craft.id}'s fleet carries {carried} {item}: {done} unloaded, "
                    f"not {cargo.quantity}",
                )
            if not done:
                continue
            take(fleet, item, done)
            if place is None:
                place = self.places[craft.location] = Place(craft.location, "")
            if item == "PI":
                place.pi += done
            elif item == "MISSILES":
                place.missiles += done
            kept.append(replace(cargo, quantity=done))
        if not kept:
            raise Refusal(GT240, f"ship {craft.id}'s fleet carries none of it")
        return replace(action, cargo=tuple(kept))

    def _transfer(self, action: a.Transfer) -> a.Transfer:
        giver, receiver = self.active(action.source), self.active(action.target)
        if giver.location != receiver.location:
            raise Refusal(
                GT242,
                f"ship {giver.id} is at {giver.location} and ship {receiver.id} at "
                f"{receiver.location}: both must be in the same System",
            )
        item = item_word(action.cargo.item)
        have, room, want = giver.aboard(item), receiver.free, action.cargo.quantity
        amount = min(want, have, room)
        if not amount:
            if not have:
                raise Refusal(GT240, f"ship {giver.id} carries no {item}")
            raise Refusal(GT240, f"ship {receiver.id} has no free cargo bays")
        if amount < want:
            if amount == have:
                self.warn(
                    GT306,
                    f"ship {giver.id} carries {have} {item}: {amount} transferred, not {want}",
                )
            else:
                self.warn(
                    GT307,
                    f"ship {receiver.id} has {room} free cargo bays: {amount} {item} "
                    f"transferred, not {want}",
                )
        giver.add(item, -amount)
        receiver.add(item, amount)
        return replace(action, cargo=replace(action.cargo, quantity=amount))
