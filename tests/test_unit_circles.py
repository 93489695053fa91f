"""`Player.unit_circles` (a trigger's options key, `rules/triggers._options`) names the circles of
`Player.units()` in its order: the vanguard, a legion mate beside it, then the rear-guards."""
from vanguard_fsm.game.state import MATE, Player, Unit


def test_unit_circles_are_the_circles_of_units_in_order_a_legion_mate_second():
    p = Player(0)
    assert p.unit_circles() == () == tuple(c for c, _ in p.units())
    p.circles["VC"], p.circles["back_center"], p.circles["front_left"] = Unit(1), Unit(2), Unit(3)
    assert p.unit_circles() == ("VC", "front_left", "back_center") == tuple(c for c, _ in p.units())
    p.circles["VC"].mate = Unit(4)      # a legion (CR 10.25): the mate is a unit too, beside the leader
    assert p.unit_circles() == ("VC", MATE, "front_left", "back_center") == tuple(c for c, _ in p.units())
    p.circles["VC"].heart = 5           # hearts under a G unit are no legion (CR 10.27.4)
    assert p.unit_circles() == ("VC", "front_left", "back_center") == tuple(c for c, _ in p.units())
