"""Rule tests for every creature card of the base set, the Assistant and the Portal.

Each test builds a minimal position with ``Position``, runs one phase function (or one of the
engine's building blocks) and checks the exact outcome the card's ability implies. Card
abilities are paraphrased in the docstrings; "FAQ" means the official FAQ ruling recorded in
the reference's community_faq_notes.
"""

from __future__ import annotations

import numpy as np

from simlab.games.quarriors import rules as R
from tests.games.quarriors.kit import Position

# -- helpers -------------------------------------------------------------------------------------

def attack_totals(pos: Position, p: int) -> dict[int, int]:
    """Step 1 of p's attack (snapshot), then the total each opponent faces."""
    n = pos.st.d_slot.shape[1]
    att_d, att_a, att_l = (np.empty(n, np.int16) for _ in range(3))
    k = R.snapshot_attackers(pos.st, pos.t, 0, p, att_d, att_a, att_l)
    return {q: int(R.attack_total(pos.st, pos.t, 0, q, att_d, att_a, att_l, k))
            for q in range(pos.players) if q != p}


def defense(pos: Position, d: int) -> int:
    return int(R.defense_of(pos.st, pos.t, 0, d, False))


def attack(pos: Position, d: int) -> int:
    return int(R.attack_of(pos.st, pos.t, 0, d))


def quiddity(pos: Position, p: int = 0) -> int:
    return int(R.available_quiddity(pos.st, pos.t, 0, p))


def rerolls(pos: Position, name: str) -> int:
    """Number of re-roll events (trace) of dice of card ``name``."""
    slot = pos.slot(name)
    ev = pos.st.ev[0, :int(pos.st.ev_n[0])]
    return int(((ev[:, 2] == R.EV_ROLL) & (ev[:, 3] == slot) & (ev[:, 5] == 2)).sum())


def score(pos: Position, p: int = 0) -> None:
    pos.begin_turn(p)
    R.score_phase(pos.st, pos.t, 0, p, pos.prm)


def attack_with(pos: Position, p: int = 0) -> None:
    pos.begin_turn(p)
    R.attack_phase(pos.st, pos.t, 0, p, pos.prm)


# -- Deathdealer ---------------------------------------------------------------------------------

def test_deathdealer_scores_then_trades_itself_for_an_opponents_used_die():
    """Deathdealer: when it scores (2 glory) its owner may swap it for one die from another
    player's used pile; the greedy bot swaps only for a die worth more than the Deathdealer."""
    pos = Position(players=2, wilds=["Deathdealer", "Quake Dragon"], bots=["cull_none", "greedy"])
    dd = pos.give(0, "Deathdealer", "ready", face=("creature", 1))
    dragon = pos.give(1, "Quake Dragon", "used", face=("q",))
    pos.give(1, "Basic Quiddity", "used")
    score(pos)
    assert pos.glory(0) == 2
    assert pos.zone_of_die(dragon) == (0, "used")
    assert pos.zone_of_die(dd) == (1, "used")
    assert pos.violations() == 0
    # nothing better than the Deathdealer on offer: it stays with its owner
    pos = Position(players=2, wilds=["Deathdealer"], bots=["cull_none", "greedy"])
    dd = pos.give(0, "Deathdealer", "ready", face=("creature", 2))
    pos.give(1, "Basic Quiddity", "used")
    score(pos)
    assert pos.glory(0) == 2
    assert pos.zone_of_die(dd) == (0, "used")
    assert pos.names(1, "used") == ["Basic Quiddity"]
    assert pos.violations() == 0


def test_mighty_deathdealer_adds_its_attack_once_per_defending_player():
    """Mighty Deathdealer: the first creature destroyed in the attack on a player raises the
    attack total against that player by the Deathdealer's attack, once per attack per player
    (each opponent starts again from the original total)."""
    pos = Position(players=3, wilds=["Mighty Deathdealer", "Warrior of the Quay"])
    pos.give(0, "Mighty Deathdealer", "ready", face=("creature", 1))  # attack 3
    p1 = [pos.give(1, "Warrior of the Quay", "ready", face=("creature", 1)) for _ in range(3)]  # def 3
    p2 = [pos.give(2, "Warrior of the Quay", "ready", face=("creature", 1)) for _ in range(2)]
    attack_with(pos)
    # P2: 3 kills one (0 left), +3 once kills a second, the third survives
    assert sorted(pos.zone_of_die(d)[1] for d in p1) == ["ready", "used", "used"]
    # P3 faces the original 3 again and gets the bonus again
    assert [pos.zone_of_die(d) for d in p2] == [(2, "used"), (2, "used")]
    assert pos.violations() == 0


def test_mighty_deathdealer_bonus_respects_the_defenders_mighty_witching_hag():
    """Mighty Deathdealer + Mighty Witching Hag: against a player whose Mighty Hag caps each
    attacker at 3, the Deathdealer's attack is 3, so the bonus it adds is 3 (not its printed 4)."""
    pos = Position(players=2, wilds=["Mighty Deathdealer", "Mighty Witching Hag", "Scavenging Goblin"])
    pos.give(0, "Mighty Deathdealer", "ready", face=("creature", 2))  # attack 4, capped to 3
    g1 = pos.give(1, "Scavenging Goblin", "ready", face=("creature", 1, 0))  # def 2, glory 2
    g2 = pos.give(1, "Scavenging Goblin", "ready", face=("creature", 1, 0))
    hag = pos.give(1, "Mighty Witching Hag", "ready", face=("creature", 1))  # def 3, glory 3
    attack_with(pos)
    # 3 - 2 = 1, +3 = 4, - 2 = 2: too little for the Hag (defense 3)
    assert pos.zone_of_die(g1) == (1, "used") and pos.zone_of_die(g2) == (1, "used")
    assert pos.zone_of_die(hag) == (1, "ready")
    assert pos.violations() == 0


def test_mighty_deathdealer_kept_out_by_strong_quake_dragon_adds_nothing():
    """Mighty Deathdealer + Strong Quake Dragon: a level 2 Deathdealer cannot attack the Dragon's
    owner, so it adds no bonus there when another attacker destroys a creature."""
    pos = Position(players=2, wilds=["Mighty Deathdealer", "Strong Quake Dragon", "Questing Wizard",
                                     "Scavenging Goblin"])
    pos.give(0, "Mighty Deathdealer", "ready", face=("creature", 2))  # level 2: kept out
    pos.give(0, "Questing Wizard", "ready", face=("creature", 3, 2))  # level 3, attack 4
    g1 = pos.give(1, "Scavenging Goblin", "ready", face=("creature", 1, 0))
    g2 = pos.give(1, "Scavenging Goblin", "ready", face=("creature", 1, 0))
    dragon = pos.give(1, "Strong Quake Dragon", "ready", face=("creature", 1))  # defense 4
    attack_with(pos)
    # 4 - 2 = 2 left: the Dragon (defense 4) absorbs it; one Goblin and the Dragon survive
    assert sorted(pos.zone_of_die(d)[1] for d in (g1, g2)) == ["ready", "used"]
    assert pos.zone_of_die(dragon) == (1, "ready")
    assert pos.violations() == 0


def test_strong_deathdealer_scores_on_its_first_kill_without_lowering_the_attack():
    """Strong Deathdealer: destroying a creature scores it at once (2 glory, to the used pile);
    the attack total is not reduced, so the next opponent still faces it in full."""
    pos = Position(players=3, wilds=["Strong Deathdealer", "Scavenging Goblin"])
    dd = pos.give(0, "Strong Deathdealer", "ready", face=("creature", 1))  # attack 3
    g1 = pos.give(1, "Scavenging Goblin", "ready", face=("creature", 1, 0))
    g2 = pos.give(2, "Scavenging Goblin", "ready", face=("creature", 1, 0))
    attack_with(pos)
    assert pos.zone_of_die(g1) == (1, "used") and pos.zone_of_die(g2) == (2, "used")
    assert pos.zone_of_die(dd) == (0, "used")
    assert pos.glory(0) == 2  # scored once
    assert any("attacks P3 (p2) with 3" in line for line in pos.log())
    assert pos.violations() == 0


# -- Defender of the Pale ------------------------------------------------------------------------

def test_defender_of_the_pale_earns_one_glory_per_other_creature_scoring():
    """Defender of the Pale (burst; all its creature faces have one): it scores 1 extra glory for
    each other creature scoring this turn."""
    pos = Position(players=2, wilds=["Defender of the Pale", "Scavenging Goblin", "Witching Hag"])
    pos.give(0, "Defender of the Pale", "ready", face=("creature", 1, 1))
    pos.give(0, "Scavenging Goblin", "ready", face=("creature", 1, 0))
    pos.give(0, "Witching Hag", "ready", face=("creature", 1))
    score(pos)
    assert pos.glory(0) == (2 + 2) + 2 + 3
    # alone, it scores its printed 2
    pos = Position(players=2, wilds=["Defender of the Pale"])
    pos.give(0, "Defender of the Pale", "ready", face=("creature", 3, 2))
    score(pos)
    assert pos.glory(0) == 2


def test_mighty_defender_of_the_pale_raises_opponents_summon_costs():
    """Mighty Defender of the Pale: opponents pay +1 (burst) or +2 (double burst) quiddity to
    summon each creature while it is in its owner's Ready Area; several add up (FAQ); its
    owner is not taxed."""
    pos = Position(players=3, wilds=["Mighty Defender of the Pale", "Witching Hag"])
    hag = pos.give(0, "Witching Hag", "active", face=("creature", 2))
    assert R.summon_cost(pos.st, pos.t, 0, 0, hag) == 2
    pos.give(1, "Mighty Defender of the Pale", "ready", face=("creature", 1, 1))
    assert R.summon_cost(pos.st, pos.t, 0, 0, hag) == 3
    pos.give(2, "Mighty Defender of the Pale", "ready", face=("creature", 3, 2))
    assert R.summon_cost(pos.st, pos.t, 0, 0, hag) == 5
    own = pos.give(1, "Witching Hag", "active", face=("creature", 1))
    assert R.summon_cost(pos.st, pos.t, 0, 1, own) == 1 + 2  # only player 3's Defender counts
    # in the summon phase: 1 quiddity no longer summons a level 1 creature
    pos = Position(players=2, wilds=["Mighty Defender of the Pale", "Witching Hag"], params={"use_spells": 0})
    pos.give(1, "Mighty Defender of the Pale", "ready", face=("creature", 1, 1))
    hag = pos.give(0, "Witching Hag", "active", face=("creature", 1))
    pos.give(0, "Basic Quiddity", "active", face=0)
    pos.begin_turn(0)
    R.summon_phase(pos.st, pos.t, 0, 0, pos.prm)
    assert pos.zone_of_die(hag) == (0, "active")
    pos.give(0, "Basic Quiddity", "active", face=0)
    R.summon_phase(pos.st, pos.t, 0, 0, pos.prm)
    assert pos.zone_of_die(hag) == (0, "ready")
    assert quiddity(pos) == 0
    assert pos.violations() == 0


def test_strong_defender_of_the_pale_draws_one_or_two_dice_when_it_scores():
    """Strong Defender of the Pale: when it scores it draws 1 die (burst) or 2 dice (double
    burst) into the Active Pool."""
    for face, drawn in ((("creature", 1, 1), 1), (("creature", 3, 2), 2)):
        pos = Position(players=2, wilds=["Strong Defender of the Pale"])
        d = pos.give(0, "Strong Defender of the Pale", "ready", face=face)
        pos.give(0, "Basic Quiddity", "bag", n=3)
        score(pos)
        assert pos.glory(0) == 3
        assert pos.names(0, "active") == ["Basic Quiddity"] * drawn
        assert len(pos.dice(0, "bag")) == 3 - drawn
        assert pos.zone_of_die(d) == (0, "used")
        assert pos.violations() == 0


def test_strong_defender_of_the_pale_with_empty_bag_can_draw_itself():
    """Strong Defender of the Pale, FAQ: with an empty bag the Defender is already in the used
    pile and goes into the bag with it before the draw."""
    pos = Position(players=2, wilds=["Strong Defender of the Pale"])
    d = pos.give(0, "Strong Defender of the Pale", "ready", face=("creature", 2, 1))
    score(pos)
    assert pos.zone_of_die(d) == (0, "active")
    assert pos.violations() == 0


# -- Devotee of the Holy Query -------------------------------------------------------------------

def test_devotee_of_the_holy_query_gains_two_defense_on_a_burst_face():
    """Devotee of the Holy Query: +2 defense, only on its burst face."""
    pos = Position(players=2, wilds=["Devotee of the Holy Query"])
    burst = pos.give(0, "Devotee of the Holy Query", "ready", face=("creature", 2, 1))
    plain = pos.give(0, "Devotee of the Holy Query", "ready", face=("creature", 2, 0))
    low = pos.give(0, "Devotee of the Holy Query", "ready", face=("creature", 1, 0))
    assert defense(pos, burst) == 6
    assert defense(pos, plain) == 4
    assert defense(pos, low) == 3
    assert attack(pos, burst) == 2


def test_mighty_devotee_defense_and_spell_immunity_need_the_burst():
    """Mighty Devotee of the Holy Query (burst): +3 defense and opposing spells cannot target it;
    without the burst neither applies."""
    pos = Position(players=2, wilds=["Mighty Devotee of the Holy Query"])
    burst = pos.give(0, "Mighty Devotee of the Holy Query", "ready", face=("creature", 2, 1))
    assert defense(pos, burst) == 7
    assert R.best_enemy_creature(pos.st, pos.t, 0, 1, 0, 9, 99) == -1
    pos = Position(players=2, wilds=["Mighty Devotee of the Holy Query"])
    plain = pos.give(0, "Mighty Devotee of the Holy Query", "ready", face=("creature", 2, 0))
    assert defense(pos, plain) == 4
    assert R.best_enemy_creature(pos.st, pos.t, 0, 1, 0, 9, 99) == plain


def test_mighty_devotee_attacking_ignores_spells_attached_to_defenders():
    """Mighty Devotee of the Holy Query (burst): when it attacks, spells attached to opposing
    creatures have no effect; without the burst they do."""
    for bu, goblin_dies in ((1, True), (0, False)):
        pos = Position(players=2, wilds=["Mighty Devotee of the Holy Query", "Scavenging Goblin", "Death Charm"])
        pos.give(0, "Mighty Devotee of the Holy Query", "ready", face=("creature", 2, bu))  # attack 2
        goblin = pos.give(1, "Scavenging Goblin", "ready", face=("creature", 1, 0))  # defense 2
        charm = pos.give(1, "Death Charm", "ready", face=("spell", None, 1))  # +3 defense
        pos.attach(charm, goblin)
        assert defense(pos, goblin) == 5
        attack_with(pos)
        if goblin_dies:
            assert pos.zone_of_die(goblin) == (1, "used") and pos.zone_of_die(charm) == (1, "used")
        else:
            assert pos.zone_of_die(goblin) == (1, "ready") and pos.zone_of_die(charm) == (1, "ready")
        assert pos.violations() == 0


def test_strong_devotee_captures_a_cheap_spell_into_the_bag_on_a_burst():
    """Strong Devotee of the Holy Query (burst): when it scores, capture for free one Spell die
    costing 4 or less, into the bag. Without the burst, nothing."""
    wilds = ["Strong Devotee of the Holy Query", "Victory Cantrip", "Death Charm", "Growth Charm"]
    pos = Position(players=2, wilds=wilds)
    pos.give(0, "Strong Devotee of the Holy Query", "ready", face=("creature", 2, 1))
    before = pos.wilds("Victory Cantrip")
    score(pos)
    assert pos.glory(0) == 2
    assert pos.names(0, "bag") == ["Victory Cantrip"]  # cost 3; the Charms cost 5
    assert pos.wilds("Victory Cantrip") == before - 1
    assert quiddity(pos) == 0
    assert pos.violations() == 0
    pos = Position(players=2, wilds=wilds)
    pos.give(0, "Strong Devotee of the Holy Query", "ready", face=("creature", 2, 0))
    score(pos)
    assert pos.glory(0) == 2
    assert pos.names(0, "bag") == []


# -- Ghostly Spirit ------------------------------------------------------------------------------

def test_ghostly_spirit_culls_a_basic_quiddity_to_stay_and_is_safe_for_the_battle():
    """Ghostly Spirit: when destroyed its owner may cull a Basic Quiddity die (from the used pile,
    FAQ) to return it to the Ready Area; it cannot be damaged again in that battle (FAQ)."""
    pos = Position(players=2, wilds=["Ghostly Spirit", "Deathdealer"])
    pos.give(0, "Deathdealer", "ready", face=("creature", 2))  # attack 4
    ghost = pos.give(1, "Ghostly Spirit", "ready", face=("creature", 1))  # defense 2
    pos.give(1, "Basic Quiddity", "used")
    before = pos.wilds("Basic Quiddity")
    attack_with(pos)
    assert pos.zone_of_die(ghost) == (1, "ready")  # 2 damage left over could not touch it again
    assert pos.wilds("Basic Quiddity") == before + 1
    assert pos.names(1, "used") == []
    assert pos.violations() == 0
    # no Basic Quiddity in the used pile: it is simply destroyed
    pos = Position(players=2, wilds=["Ghostly Spirit", "Deathdealer"])
    pos.give(0, "Deathdealer", "ready", face=("creature", 2))
    ghost = pos.give(1, "Ghostly Spirit", "ready", face=("creature", 1))
    pos.give(1, "Basic Quiddity", "bag")
    attack_with(pos)
    assert pos.zone_of_die(ghost) == (1, "used")
    assert pos.violations() == 0


def test_mighty_ghostly_spirit_waits_aside_until_its_owner_destroys_a_creature():
    """Mighty Ghostly Spirit: when destroyed it is set aside; when its owner next destroys a
    creature it is rolled: a creature face puts it in the Ready Area, anything else in the used
    pile."""
    outcomes = set()
    for seed in range(30):
        pos = Position(players=2, wilds=["Mighty Ghostly Spirit", "Deathdealer", "Scavenging Goblin"], seed=seed)
        pos.give(0, "Deathdealer", "ready", face=("creature", 2))
        victim = pos.give(0, "Scavenging Goblin", "ready", face=("creature", 1, 0))
        ghost = pos.give(1, "Mighty Ghostly Spirit", "ready", face=("creature", 1))
        R.destroy(pos.st, pos.t, 0, ghost, 0, pos.prm)
        assert pos.zone_of_die(ghost) == (1, "aside")
        pos.begin_turn(1)
        R.destroy(pos.st, pos.t, 0, victim, 1, pos.prm)  # the ghost's owner destroys a creature
        kind = int(pos.t.f_kind[pos.t.card_die[pos.card_id("Mighty Ghostly Spirit")], pos.st.d_face[0, ghost]])
        where = pos.zone_of_die(ghost)
        assert where == ((1, "ready") if kind == R.F_CREATURE else (1, "used"))
        assert pos.violations() == 0
        outcomes.add(where[1])
        if outcomes == {"ready", "used"}:
            break
    assert outcomes == {"ready", "used"}


def test_strong_ghostly_spirit_goes_to_the_active_pool_and_is_rolled_with_six_drawn():
    """Strong Ghostly Spirit: destroyed, it goes to the Active Pool; its owner still draws 6
    dice next turn and rolls all 7 (FAQ)."""
    pos = Position(players=2, wilds=["Strong Ghostly Spirit"], params={"use_spells": 0})
    ghost = pos.give(1, "Strong Ghostly Spirit", "ready", face=("creature", 2))
    pos.give(1, "Basic Quiddity", "bag", n=8)
    R.destroy(pos.st, pos.t, 0, ghost, 0, pos.prm)
    assert pos.zone_of_die(ghost) == (1, "active")
    pos.begin_turn(1)
    R.roll_phase(pos.st, pos.t, 0, 1, pos.prm)
    assert len(pos.dice(1, "active")) == 7
    assert len(pos.dice(1, "bag")) == 2
    assert pos.violations() == 0


# -- Primordial Ooze -----------------------------------------------------------------------------

def test_primordial_ooze_counts_basic_quiddity_in_used_pile_and_active_pool():
    """Primordial Ooze: attack and defense = Basic Quiddity dice in its owner's used pile and
    Active Pool (the bag does not count)."""
    pos = Position(players=2, wilds=["Primordial Ooze"])
    ooze = pos.give(0, "Primordial Ooze", "ready", face=("creature", 2))
    pos.give(0, "Basic Quiddity", "used", n=3)
    pos.give(0, "Basic Quiddity", "active")
    pos.give(0, "Basic Quiddity", "bag", n=2)
    pos.give(1, "Basic Quiddity", "used", n=2)  # the opponent's do not count
    assert attack(pos, ooze) == 4
    assert defense(pos, ooze) == 4


def test_primordial_ooze_is_destroyed_without_basic_quiddity_in_play():
    """Primordial Ooze: with no Basic Quiddity die in play it is destroyed (here at once, when
    summoned with quiddity already in the pool); paid with Basic Quiddity dice it survives."""
    pos = Position(players=2, wilds=["Primordial Ooze"], params={"use_spells": 0})
    ooze = pos.give(0, "Primordial Ooze", "active", face=("creature", 2))
    pos.give(0, "Basic Quiddity", "bag")
    pos.begin_turn(0)
    pos.st.pool[0] = 2
    R.summon_phase(pos.st, pos.t, 0, 0, pos.prm)
    assert pos.zone_of_die(ooze) == (0, "used")
    assert pos.violations() == 0
    pos = Position(players=2, wilds=["Primordial Ooze"], params={"use_spells": 0})
    ooze = pos.give(0, "Primordial Ooze", "active", face=("creature", 2))
    pos.give(0, "Basic Quiddity", "active", face=0, n=2)
    pos.begin_turn(0)
    R.summon_phase(pos.st, pos.t, 0, 0, pos.prm)
    assert pos.zone_of_die(ooze) == (0, "ready")
    assert attack(pos, ooze) == 2  # the two spent dice are now in the used pile
    assert pos.violations() == 0


def test_mighty_primordial_ooze_counts_all_creatures_and_its_attack_is_fixed_at_step_1():
    """Mighty Primordial Ooze: attack and defense = creatures in all Ready Areas; its attack is
    fixed when the attack starts (FAQ), its defense is recounted whenever it is needed."""
    pos = Position(players=3, wilds=["Mighty Primordial Ooze", "Scavenging Goblin", "Witching Hag"])
    ooze = pos.give(0, "Mighty Primordial Ooze", "ready", face=("creature", 2))
    pos.give(0, "Scavenging Goblin", "ready", face=("creature", 1, 0))
    p1 = [pos.give(1, "Scavenging Goblin", "ready", face=("creature", 1, 0)),
          pos.give(1, "Witching Hag", "ready", face=("creature", 1))]
    p2 = [pos.give(2, "Scavenging Goblin", "ready", face=("creature", 1, 0)),
          pos.give(2, "Witching Hag", "ready", face=("creature", 1))]
    assert attack(pos, ooze) == 6 and defense(pos, ooze) == 6
    assert attack_totals(pos, 0) == {1: 8, 2: 8}
    attack_with(pos)
    assert all(pos.zone_of_die(d)[1] == "used" for d in p1 + p2)
    assert any("attacks P3 (p2) with 8" in line for line in pos.log())  # not lowered by P2's losses
    assert defense(pos, ooze) == 2
    assert pos.violations() == 0


def test_strong_primordial_ooze_copies_an_opposing_creature_including_glory():
    """Strong Primordial Ooze: copies one creature in an opponent's Ready Area exactly (stats,
    glory); it stays that copy if the original leaves (FAQ); with nothing to copy it is 0/5."""
    pos = Position(players=2, wilds=["Strong Primordial Ooze", "Quake Dragon"], params={"use_spells": 0})
    dragon = pos.give(1, "Quake Dragon", "ready", face=("creature", 2, 1))  # 6/6, glory 4
    ooze = pos.give(0, "Strong Primordial Ooze", "active", face=("creature", 2))
    pos.begin_turn(0)
    pos.st.pool[0] = 2
    R.summon_phase(pos.st, pos.t, 0, 0, pos.prm)
    assert pos.zone_of_die(ooze) == (0, "ready")
    assert attack(pos, ooze) == 6 and defense(pos, ooze) == 6
    pos.move(dragon, 1, "used")
    score(pos)
    assert pos.glory(0) == 4
    assert pos.violations() == 0
    # no creature to copy
    pos = Position(players=2, wilds=["Strong Primordial Ooze"])
    ooze = pos.give(0, "Strong Primordial Ooze", "ready", face=("creature", 2))
    assert attack(pos, ooze) == 0 and defense(pos, ooze) == 5
    score(pos)
    assert pos.glory(0) == 2


def copy_ooze(pos: Position, ooze: int, original: int) -> None:
    """Make Strong Primordial Ooze die ``ooze`` a copy of creature die ``original``."""
    pos.st.d_copy[0, ooze] = pos.st.d_slot[0, original]
    pos.st.d_copyface[0, ooze] = pos.st.d_face[0, original]


def test_strong_primordial_ooze_keeps_a_better_copy_at_scoring():
    """Strong Primordial Ooze: its owner *may* change the copied creature (card text, reference
    cards.json), so a copy of a Quake Dragon (glory 4) whose original has left is kept at the start
    of the owner's turn rather than forced onto the lone Assistant (glory 1): it scores 4. (The
    engine used to re-copy unconditionally, a forced downgrade.)"""
    pos = Position(players=2, wilds=["Strong Primordial Ooze", "Quake Dragon"])
    dragon = pos.give(1, "Quake Dragon", "used", face=("creature", 2, 1))  # 6/6, glory 4, gone
    pos.give(1, "Assistant", "ready", face=("creature", 1))  # 1/2, glory 1
    ooze = pos.give(0, "Strong Primordial Ooze", "ready", face=("creature", 2))
    copy_ooze(pos, ooze, dragon)
    score(pos)
    assert pos.glory(0) == 4
    assert pos.violations() == 0


def test_strong_primordial_ooze_changes_to_a_better_copy_at_scoring():
    """Strong Primordial Ooze: when an opposing creature is worth more than the copy, the bot
    changes the copy before scoring (Assistant copy, 1 glory -> Quake Dragon copy, 4 glory)."""
    pos = Position(players=2, wilds=["Strong Primordial Ooze", "Quake Dragon"])
    helper = pos.give(1, "Assistant", "used", face=("creature", 1))
    pos.give(1, "Quake Dragon", "ready", face=("creature", 2, 1))
    ooze = pos.give(0, "Strong Primordial Ooze", "ready", face=("creature", 2))
    copy_ooze(pos, ooze, helper)
    score(pos)
    assert pos.glory(0) == 4


def test_random_bot_may_keep_or_change_the_strong_ooze_copy():
    """The change of copy is a choice (card: "may"): the random bot keeps the Quake Dragon copy in
    some games and takes the Assistant in others (the engine used to force the change)."""
    scores = set()
    for seed in range(16):
        pos = Position(players=2, wilds=["Strong Primordial Ooze", "Quake Dragon"], bots=["random"],
                       seed=seed)
        dragon = pos.give(1, "Quake Dragon", "used", face=("creature", 2, 1))
        pos.give(1, "Assistant", "ready", face=("creature", 1))
        ooze = pos.give(0, "Strong Primordial Ooze", "ready", face=("creature", 2))
        copy_ooze(pos, ooze, dragon)
        score(pos)
        scores.add(pos.glory(0))
    assert scores == {1, 4}


def test_strong_primordial_ooze_returned_to_the_ready_area_copies_again():
    """Strong Primordial Ooze put back into the Ready Area (here by Shaping Cantrip after it was
    destroyed blocking) must copy anew (FAQ: entering the Ready Area by any means): the attacker's
    Witching Hag, not the Scavenging Goblin it copied before; with nothing to copy it is 0/5."""
    pos = Position(players=2, wilds=["Strong Primordial Ooze", "Witching Hag", "Scavenging Goblin",
                                     "Shaping Cantrip"])
    hag = pos.give(1, "Witching Hag", "ready", face=("creature", 2))  # 4/5
    goblin = pos.give(1, "Scavenging Goblin", "ready", face=("creature", 1, 0))
    ooze = pos.give(0, "Strong Primordial Ooze", "ready", face=("creature", 2))
    copy_ooze(pos, ooze, goblin)
    sc = pos.give(0, "Shaping Cantrip", "ready", face=("spell",))
    attack_with(pos, 1)
    assert pos.zone_of_die(sc) == (0, "used")
    assert pos.zone_of_die(ooze) == (0, "ready")
    assert pos.st.d_copy[0, ooze] == pos.slot("Witching Hag")
    assert pos.st.d_copyface[0, ooze] == pos.st.d_face[0, hag]
    assert pos.violations() == 0
    # nothing left to copy: it comes back as a plain 0/5 Ooze
    pos = Position(players=2, wilds=["Strong Primordial Ooze", "Scavenging Goblin", "Shaping Cantrip"])
    goblin = pos.give(1, "Scavenging Goblin", "used", face=("creature", 1, 0))
    ooze = pos.give(0, "Strong Primordial Ooze", "ready", face=("creature", 2))
    copy_ooze(pos, ooze, goblin)
    pos.give(0, "Shaping Cantrip", "ready", face=("spell",))
    pos.begin_turn(1)
    R.destroy(pos.st, pos.t, 0, ooze, 1, pos.prm)
    assert pos.zone_of_die(ooze) == (0, "ready")
    assert pos.st.d_copy[0, ooze] == -1
    assert attack(pos, ooze) == 0 and defense(pos, ooze) == 5


# -- Quake Dragon --------------------------------------------------------------------------------

def test_quake_dragon_destroys_level_1_creatures_before_blocking():
    """Quake Dragon: attacking, it first destroys every level 1 creature of the defender; the
    full attack then falls on the rest."""
    pos = Position(players=2, wilds=["Quake Dragon", "Scavenging Goblin", "Witching Hag"])
    pos.give(0, "Quake Dragon", "ready", face=("creature", 1))  # attack 4
    goblin = pos.give(1, "Scavenging Goblin", "ready", face=("creature", 1, 0))
    helper = pos.give(1, "Assistant", "ready", face=("creature", 1))
    hag = pos.give(1, "Witching Hag", "ready", face=("creature", 2))  # level 2, defense 5
    attack_with(pos)
    assert pos.zone_of_die(goblin) == (1, "used") and pos.zone_of_die(helper) == (1, "used")
    assert pos.zone_of_die(hag) == (1, "ready")
    assert any("attacks P2 (p1) with 4" in line for line in pos.log())
    assert pos.violations() == 0


def test_mighty_quake_dragon_burst_defense_and_double_burst_glory():
    """Mighty Quake Dragon: +1 defense on a burst face; +2 defense and +2 glory on a double
    burst face; nothing on its plain level 1 face."""
    pos = Position(players=2, wilds=["Mighty Quake Dragon"])
    l1 = pos.give(0, "Mighty Quake Dragon", "ready", face=("creature", 1, 0))
    l2 = pos.give(0, "Mighty Quake Dragon", "ready", face=("creature", 2, 1))
    l3 = pos.give(0, "Mighty Quake Dragon", "ready", face=("creature", 3, 2))
    assert [defense(pos, d) for d in (l1, l2, l3)] == [4, 7, 9]
    score(pos)
    assert pos.glory(0) == 4 + 4 + (4 + 2)


def test_strong_quake_dragon_stops_level_2_or_less_attackers():
    """Strong Quake Dragon: creatures of level 2 or less cannot attack its owner (recomputed
    for each defending player, FAQ)."""
    pos = Position(players=3, wilds=["Strong Quake Dragon", "Questing Wizard", "Scavenging Goblin"])
    pos.give(0, "Scavenging Goblin", "ready", face=("creature", 1, 0))  # attack 2, level 1
    pos.give(0, "Questing Wizard", "ready", face=("creature", 3, 2))  # attack 4, level 3
    pos.give(1, "Strong Quake Dragon", "ready", face=("creature", 2, 1))
    pos.give(2, "Scavenging Goblin", "ready", face=("creature", 1, 0))
    assert attack_totals(pos, 0) == {1: 4, 2: 6}


# -- Questing Wizard -----------------------------------------------------------------------------

def test_questing_wizard_burst_quiddity_face_draws_and_rerolls_instead():
    """Questing Wizard (burst on its 2-quiddity face): instead of the quiddity, draw and roll
    one die and re-roll the Wizard. The plain 2-quiddity face has no such effect."""
    pos = Position(players=2, wilds=["Questing Wizard"])
    wiz = pos.give(0, "Questing Wizard", "active", face=("q", None, 1))
    bq = pos.give(0, "Basic Quiddity", "bag")
    pos.begin_turn(0)
    R.immediate_effects(pos.st, pos.t, 0, 0, pos.prm)
    assert pos.zone_of_die(bq) == (0, "active")
    assert rerolls(pos, "Questing Wizard") >= 1
    assert pos.zone_of_die(wiz)[0] == 0
    assert pos.violations() == 0
    # no burst: keeps its 2 quiddity, draws nothing
    pos = Position(players=2, wilds=["Questing Wizard"])
    wiz = pos.give(0, "Questing Wizard", "active", face=("q", None, 0, 2))
    pos.give(0, "Basic Quiddity", "bag")
    pos.begin_turn(0)
    R.immediate_effects(pos.st, pos.t, 0, 0, pos.prm)
    assert pos.zone_of_die(wiz) == (0, "active")
    assert len(pos.dice(0, "bag")) == 1
    assert quiddity(pos) == 2


def test_questing_wizard_quiddity_and_draw_face_is_spent_for_both():
    """Questing Wizard die, quiddity-and-draw face: it is spent (used pile) and gives its 1
    quiddity as well as drawing and rolling a die (FAQ)."""
    pos = Position(players=2, wilds=["Questing Wizard"])
    wiz = pos.give(0, "Questing Wizard", "active", face=("q_draw",))
    pos.give(0, "Basic Quiddity", "bag", n=2)
    pos.begin_turn(0)
    R.immediate_effects(pos.st, pos.t, 0, 0, pos.prm)
    assert pos.zone_of_die(wiz) == (0, "used")
    assert pos.st.pool[0] == 1
    assert pos.names(0, "active") == ["Basic Quiddity"]
    assert pos.violations() == 0


def test_questing_wizard_double_burst_defense_and_glory():
    """Questing Wizard (double burst): +1 defense and +1 glory when it scores; its level 2 face
    (no burst) has neither."""
    pos = Position(players=2, wilds=["Questing Wizard"])
    l3 = pos.give(0, "Questing Wizard", "ready", face=("creature", 3, 2))
    l2 = pos.give(0, "Questing Wizard", "ready", face=("creature", 2, 0))
    assert defense(pos, l3) == 9 and defense(pos, l2) == 6
    score(pos)
    assert pos.glory(0) == (3 + 1) + 3


def test_mighty_questing_wizard_scoring_discounts_and_adds_a_capture():
    """Mighty Questing Wizard: when it scores, captures cost 2 less this turn and one more
    capture is allowed."""
    pos = Position(players=2, wilds=["Mighty Questing Wizard", "Scavenging Goblin"], bots=["cull_none", "greedy"])
    pos.give(0, "Mighty Questing Wizard", "ready", face=("creature", 1))
    score(pos)
    assert pos.glory(0) == 4
    assert pos.st.discount[0] == 2 and pos.st.captures[0] == 2
    pos.st.pool[0] = 8
    R.capture_phase(pos.st, pos.t, 0, 0, pos.prm)
    assert pos.st.captures[0] == 0
    used = pos.names(0, "used")
    assert len(used) == 3  # the scored Wizard and two captures
    assert used.count("Mighty Questing Wizard") == 2  # 8 - 2 = 6 quiddity for the first
    assert pos.st.pool[0] == 0  # the second capture took the other 2 (a cost-4 card)
    assert pos.violations() == 0


def test_mighty_questing_wizard_burst_face_spent_to_draw_two():
    """Mighty Questing Wizard (burst on its 2-quiddity face): spend it to draw and roll 2 dice
    instead of gaining quiddity; the plain 2-quiddity face does nothing of the kind."""
    pos = Position(players=2, wilds=["Mighty Questing Wizard"])
    wiz = pos.give(0, "Mighty Questing Wizard", "active", face=("q", None, 1))
    pos.give(0, "Basic Quiddity", "bag", n=3)
    pos.begin_turn(0)
    R.immediate_effects(pos.st, pos.t, 0, 0, pos.prm)
    assert pos.zone_of_die(wiz) == (0, "used")
    assert pos.names(0, "active") == ["Basic Quiddity"] * 2
    assert pos.st.pool[0] == 0
    assert pos.violations() == 0
    pos = Position(players=2, wilds=["Mighty Questing Wizard"])
    wiz = pos.give(0, "Mighty Questing Wizard", "active", face=("q", None, 0, 2))
    pos.give(0, "Basic Quiddity", "bag", n=3)
    pos.begin_turn(0)
    R.immediate_effects(pos.st, pos.t, 0, 0, pos.prm)
    assert pos.zone_of_die(wiz) == (0, "active")
    assert quiddity(pos) == 2


def test_strong_questing_wizard_culls_spells_for_glory_when_it_scores():
    """Strong Questing Wizard: when it scores, spell dice in the Active Pool or Ready Area may be
    culled, one glory apiece (the greedy bot culls those costing 4 or less)."""
    pos = Position(players=2, wilds=["Strong Questing Wizard", "Victory Cantrip", "Death Charm"])
    pos.give(0, "Strong Questing Wizard", "ready", face=("creature", 1))
    pos.give(0, "Victory Cantrip", "ready", face=("spell",))
    pos.give(0, "Victory Cantrip", "active", face=("q",))
    charm = pos.give(0, "Death Charm", "ready", face=("spell", None, 1))
    before = pos.wilds("Victory Cantrip")
    score(pos)
    assert pos.glory(0) == 3 + 2
    assert pos.wilds("Victory Cantrip") == before + 2
    assert pos.zone_of_die(charm) == (0, "ready")  # cost 5: kept
    assert pos.violations() == 0


# -- Scavenging Goblin ---------------------------------------------------------------------------

def test_scavenging_goblin_gives_quiddity_only_on_a_burst_summon():
    """Scavenging Goblin (burst): +1 quiddity when summoned; not on a plain face."""
    for bu, left in ((1, 1), (0, 0)):
        pos = Position(players=2, wilds=["Scavenging Goblin"], params={"use_spells": 0})
        goblin = pos.give(0, "Scavenging Goblin", "active", face=("creature", 1, bu))
        pos.give(0, "Basic Quiddity", "active", face=0)
        pos.begin_turn(0)
        R.summon_phase(pos.st, pos.t, 0, 0, pos.prm)
        assert pos.zone_of_die(goblin) == (0, "ready")
        assert quiddity(pos) == left
        assert pos.violations() == 0


def test_mighty_scavenging_goblin_draws_two_when_destroyed_on_a_burst():
    """Mighty Scavenging Goblin (burst): when destroyed, its owner draws 2 dice into the Active
    Pool; with an empty bag the Goblin itself goes into the bag first (FAQ). Plain face: none."""
    for bu, drawn in ((1, 2), (0, 0)):
        pos = Position(players=2, wilds=["Mighty Scavenging Goblin"])
        goblin = pos.give(1, "Mighty Scavenging Goblin", "ready", face=("creature", 1, bu))
        pos.give(1, "Basic Quiddity", "bag", n=3)
        R.destroy(pos.st, pos.t, 0, goblin, 0, pos.prm)
        assert pos.zone_of_die(goblin) == (1, "used")
        assert pos.names(1, "active") == ["Basic Quiddity"] * drawn
        assert pos.violations() == 0
    pos = Position(players=2, wilds=["Mighty Scavenging Goblin"])
    goblin = pos.give(1, "Mighty Scavenging Goblin", "ready", face=("creature", 1, 1))
    R.destroy(pos.st, pos.t, 0, goblin, 0, pos.prm)
    assert pos.zone_of_die(goblin) == (1, "active")
    assert pos.violations() == 0


def test_strong_scavenging_goblin_gains_defense_per_other_creature_on_a_burst():
    """Strong Scavenging Goblin (burst): +1 defense for each other creature in its owner's Ready
    Area (spells do not count); the bonus drops as those creatures go (FAQ). Plain face: none."""
    pos = Position(players=2, wilds=["Strong Scavenging Goblin", "Witching Hag", "Warrior of the Quay",
                                     "Death Charm"])
    burst = pos.give(0, "Strong Scavenging Goblin", "ready", face=("creature", 1, 1))
    plain = pos.give(0, "Strong Scavenging Goblin", "ready", face=("creature", 1, 0))
    hag = pos.give(0, "Witching Hag", "ready", face=("creature", 1))
    pos.give(0, "Death Charm", "ready", face=("spell", None, 1))
    assert defense(pos, burst) == 2 + 2  # the plain Goblin and the Hag
    assert defense(pos, plain) == 2
    R.destroy(pos.st, pos.t, 0, hag, 1, pos.prm)
    assert defense(pos, burst) == 2 + 1
    assert pos.violations() == 0


# -- Warrior of the Quay -------------------------------------------------------------------------

def test_warrior_of_the_quay_gets_three_more_attack_against_a_lone_creature():
    """Warrior of the Quay: +3 attack against a defending player with exactly one creature
    (evaluated per defender, FAQ)."""
    pos = Position(players=4, wilds=["Warrior of the Quay", "Scavenging Goblin"])
    w = pos.give(0, "Warrior of the Quay", "ready", face=("creature", 1))  # attack 2
    pos.give(1, "Scavenging Goblin", "ready", face=("creature", 1, 0))
    pos.give(2, "Scavenging Goblin", "ready", face=("creature", 1, 0), n=2)
    assert attack(pos, w) == 2
    assert attack_totals(pos, 0) == {1: 5, 2: 2, 3: 2}


def test_mighty_warrior_of_the_quay_destroys_opposing_warriors_one_summon_per_turn():
    """Mighty Warrior of the Quay: when summoned, every other Warrior of the Quay in the other
    players' Ready Areas is destroyed; only one Warrior of the Quay may be summoned a turn."""
    pos = Position(players=2, wilds=["Mighty Warrior of the Quay"], params={"use_spells": 0})
    theirs = pos.give(1, "Mighty Warrior of the Quay", "ready", face=("creature", 1))
    mine = [pos.give(0, "Mighty Warrior of the Quay", "active", face=("creature", 1)) for _ in range(2)]
    pos.begin_turn(0)
    pos.st.pool[0] = 5
    R.summon_phase(pos.st, pos.t, 0, 0, pos.prm)
    assert pos.zone_of_die(theirs) == (1, "used")
    assert sorted(pos.zone_of_die(d)[1] for d in mine) == ["active", "ready"]
    assert pos.st.pool[0] == 4
    assert pos.violations() == 0


def test_strong_warrior_of_the_quay_gives_other_own_creatures_plus_one():
    """Strong Warrior of the Quay: every other creature in its owner's Ready Area has +1 attack
    and +1 defense, other Strong Warriors included (FAQ); opponents' creatures do not."""
    pos = Position(players=2, wilds=["Strong Warrior of the Quay", "Scavenging Goblin"])
    w1 = pos.give(0, "Strong Warrior of the Quay", "ready", face=("creature", 1))  # 2/3
    goblin = pos.give(0, "Scavenging Goblin", "ready", face=("creature", 1, 0))  # 2/2
    theirs = pos.give(1, "Scavenging Goblin", "ready", face=("creature", 1, 0))
    assert (attack(pos, w1), defense(pos, w1)) == (2, 3)
    assert (attack(pos, goblin), defense(pos, goblin)) == (3, 3)
    w2 = pos.give(0, "Strong Warrior of the Quay", "ready", face=("creature", 2))  # 3/4
    assert (attack(pos, w1), defense(pos, w1)) == (3, 4)
    assert (attack(pos, w2), defense(pos, w2)) == (4, 5)
    assert (attack(pos, goblin), defense(pos, goblin)) == (4, 4)
    assert (attack(pos, theirs), defense(pos, theirs)) == (2, 2)


# -- Witching Hag --------------------------------------------------------------------------------

def test_witching_hag_gives_a_quiddity_per_creature_destroyed():
    """Witching Hag: +1 quiddity for each creature its owner destroys while it is in the Ready
    Area."""
    pos = Position(players=3, wilds=["Witching Hag", "Scavenging Goblin"])
    pos.give(0, "Witching Hag", "ready", face=("creature", 1))  # attack 3
    g1 = pos.give(1, "Scavenging Goblin", "ready", face=("creature", 1, 0))
    g2 = pos.give(2, "Scavenging Goblin", "ready", face=("creature", 1, 0))
    attack_with(pos)
    assert pos.zone_of_die(g1) == (1, "used") and pos.zone_of_die(g2) == (2, "used")
    assert quiddity(pos) == 2
    assert pos.violations() == 0


def test_mighty_witching_hag_caps_each_attacker_at_three():
    """Mighty Witching Hag: each creature attacking its owner with more than 3 attack counts 3,
    bonuses included (FAQ: the Warrior's +3 too); other defenders face the full attack."""
    pos = Position(players=3, wilds=["Mighty Witching Hag", "Quake Dragon", "Warrior of the Quay",
                                     "Scavenging Goblin"])
    pos.give(0, "Quake Dragon", "ready", face=("creature", 2, 1))  # attack 6
    pos.give(0, "Warrior of the Quay", "ready", face=("creature", 1))  # 2, +3 vs a lone creature
    pos.give(1, "Mighty Witching Hag", "ready", face=("creature", 1))
    pos.give(2, "Scavenging Goblin", "ready", face=("creature", 1, 0))
    assert attack_totals(pos, 0) == {1: 3 + 3, 2: 6 + 5}


def test_strong_witching_hag_returns_a_creature_that_just_scored():
    """Strong Witching Hag: when it scores, move one other creature die from the used pile to
    the Active Pool, which may be a creature that scored this turn (FAQ); never itself."""
    pos = Position(players=2, wilds=["Strong Witching Hag", "Scavenging Goblin"], bots=["cull_none", "greedy"])
    hag = pos.give(0, "Strong Witching Hag", "ready", face=("creature", 1))
    goblin = pos.give(0, "Scavenging Goblin", "ready", face=("creature", 1, 0))
    pos.give(0, "Basic Quiddity", "used")
    score(pos)
    assert pos.glory(0) == 3 + 2
    assert pos.zone_of_die(goblin) == (0, "active")
    assert pos.zone_of_die(hag) == (0, "used")
    assert pos.violations() == 0
    pos = Position(players=2, wilds=["Strong Witching Hag"], bots=["cull_none", "greedy"])
    hag = pos.give(0, "Strong Witching Hag", "ready", face=("creature", 1))
    pos.give(0, "Basic Quiddity", "used")
    score(pos)
    assert pos.zone_of_die(hag) == (0, "used")
    assert pos.names(0, "active") == []


# -- Assistant and Portal ------------------------------------------------------------------------

def test_assistant_is_a_level_1_creature_scoring_one_glory():
    """Assistant: a creature die (level 1, 1/2), summoned for 1 quiddity, scores 1 glory."""
    pos = Position(players=2, wilds=[], params={"use_spells": 0})
    helper = pos.give(0, "Assistant", "active", face=("creature", 1))
    pos.give(0, "Basic Quiddity", "active", face=0)
    assert R.summon_cost(pos.st, pos.t, 0, 0, helper) == 1
    pos.begin_turn(0)
    R.summon_phase(pos.st, pos.t, 0, 0, pos.prm)
    assert pos.zone_of_die(helper) == (0, "ready")
    assert quiddity(pos) == 0
    assert attack(pos, helper) == 1 and defense(pos, helper) == 2
    score(pos)
    assert pos.glory(0) == 1
    assert pos.violations() == 0


def test_assistant_burst_face_rerolls_itself_and_one_other_die():
    """Assistant (burst re-roll face): re-roll the Assistant and one other die of the Active
    Pool."""
    pos = Position(players=2, wilds=["Scavenging Goblin"])
    pos.give(0, "Assistant", "active", face=("reroll",))
    pos.give(0, "Scavenging Goblin", "active", face=("q",))  # a 1-quiddity face: worth re-rolling
    pos.begin_turn(0)
    R.immediate_effects(pos.st, pos.t, 0, 0, pos.prm)
    assert rerolls(pos, "Assistant") >= 1
    assert rerolls(pos, "Scavenging Goblin") >= 1
    assert pos.names(0, "active") == ["Assistant", "Scavenging Goblin"]
    assert pos.violations() == 0


def test_portal_draw_one_face_is_spent_then_draws_one():
    """Portal, draw-1 face: the Portal goes to the used pile, then 1 die is drawn and rolled."""
    pos = Position(players=2, wilds=[])
    portal = pos.give(0, "Portal", "active", face=("draw",))
    pos.give(0, "Basic Quiddity", "bag", n=3)
    assert pos.t.f_draw[pos.t.card_die[pos.card_id("Portal")], pos.st.d_face[0, portal]] == 1
    pos.begin_turn(0)
    R.immediate_effects(pos.st, pos.t, 0, 0, pos.prm)
    assert pos.zone_of_die(portal) == (0, "used")
    assert pos.names(0, "active") == ["Basic Quiddity"]
    assert len(pos.dice(0, "bag")) == 2
    assert pos.violations() == 0


def test_portal_with_an_empty_bag_is_shuffled_back_and_ends_on_quiddity():
    """Portal, FAQ: spent before the draw, so with an empty bag it goes back into the bag with the
    used pile; with only Portals left it ends up showing its 1 quiddity face."""
    pos = Position(players=2, wilds=[])
    portal = pos.give(0, "Portal", "active", face=3)  # a draw-2 face
    bq = pos.give(0, "Basic Quiddity", "used")
    pos.begin_turn(0)
    R.immediate_effects(pos.st, pos.t, 0, 0, pos.prm)
    assert pos.zone_of_die(bq) == (0, "active")
    assert pos.zone_of_die(portal) == (0, "active")
    assert pos.st.d_face[0, portal] == pos.face("Portal", "q")
    assert pos.violations() == 0
