"""Pişti rules, one test per rule of RULES.md §5 and the record setup of §6."""

from __future__ import annotations

import random
import re

import pytest
from conftest import kinds, play, texts, words

from game.core.cards import CARD_TEXT, JACK, parse_card, rank
from game.core.types import DRAW, HANDS, PACK, TABLE, WONS, IllegalAction, Outcome, PileKind, Reason
from game.games.pisti.kinds import Codes, EventKinds
from game.games.pisti.rules import Pisti
from game.text.names import Namer
from game.text.words import outcome_line

E = EventKinds

JACKS = {"JC", "JD", "JH", "JS"}


def make_deck(table: list[str], head: list[list[str]] = (), tail: list[list[str]] = ()) -> list:
    """A full deck: ``table`` (deck[0..3]), the first packets, filler, the last packets.

    Filler cards come in card order with jacks first, so the bottom card is never a jack.
    """
    fixed = list(table) + [c for p in head for c in p] + [c for p in tail for c in p]
    assert len(set(fixed)) == len(fixed)
    rest = [t for t in CARD_TEXT if t not in fixed]
    rest.sort(key=lambda t: t not in JACKS)
    deck = list(table) + [c for p in head for c in p] + rest + [c for p in tail for c in p]
    assert len(deck) == 52
    return deck


def deal(players: int, table, head=(), tail=(), **options) -> Pisti:
    return Pisti.from_setup({"players": players, "deck": make_deck(table, head, tail)}, options)


def play_until_last_deal(state: Pisti) -> None:
    """First legal card each turn until the last packets are dealt."""
    while state.observation(0).info["deals_left"]:
        state.apply(state.legal_actions()[0])


def finish(state: Pisti, rng: random.Random | None = None) -> list:
    events = []
    while not state.is_over:
        acts = state.legal_actions()
        events += state.apply(rng.choice(acts) if rng else acts[0])
    return events


# A two-player opening: table 2S 3S 4S, 5H on top; seat 0 holds 5C JC 9C 7C, seat 1 9D KD 6H JD.
OPENING = (["2S", "3S", "4S", "5H"], [["5C", "JC", "9C", "7C"], ["9D", "KD", "6H", "JD"]])


# ----------------------------------------------------------------- capturing


def test_pisti_capture_by_same_rank():
    state = deal(2, *OPENING)
    events = play(state, "5C")
    assert state.report()["pile"] == []
    assert state.report()["captured"] == [5, 0]
    capture = events[1]
    assert capture.kind is E.CAPTURE
    assert capture.seat == 0
    assert capture.dst == WONS[0]
    assert [CARD_TEXT[c] for c in capture.cards] == ["2S", "3S", "4S", "5H", "5C"]


def test_pisti_card_of_other_rank_is_added_to_pile():
    state = deal(2, *OPENING)
    play(state, "9C")
    assert state.report()["pile"] == ["2S", "3S", "4S", "5H", "9C"]
    assert state.report()["captured"] == [0, 0]


def test_pisti_jack_captures_any_pile():
    state = deal(2, *OPENING)
    events = play(state, "JC")
    assert state.report()["pile"] == []
    assert state.report()["captured"] == [5, 0]
    assert kinds(events) == [E.MOVE, E.CAPTURE]


def test_pisti_jack_on_empty_table_is_placed():
    state = deal(2, *OPENING)
    play(state, "5C")  # the table is now empty
    events = play(state, "JD")
    assert state.report()["pile"] == ["JD"]
    assert state.report()["captured"] == [5, 0]
    assert kinds(events) == [E.MOVE]


def test_pisti_first_capture_takes_face_down_cards():
    state = deal(2, *OPENING)
    assert state.observation(0).piles[TABLE] == [None, None, None, parse_card("5H")]
    play(state, "9C", "JD")
    won = state.observation(1).piles[WONS[1]]
    assert won[:3] == [parse_card(t) for t in ("2S", "3S", "4S")]
    assert state.report()["captured"] == [0, 6]


def test_pisti_first_capture_is_never_pisti():
    state = deal(2, *OPENING)
    events = play(state, "5C")
    assert E.PISTI not in kinds(events)
    assert E.JACK_PISTI not in kinds(events)
    assert state.report()["pisti"] == [0, 0]
    assert state.score == [0, 0]


def test_pisti_scores_10():
    state = deal(2, *OPENING)
    play(state, "5C", "9D")  # seat 0 clears the table, seat 1 lays a single 9D
    events = play(state, "9C")
    assert kinds(events) == [E.MOVE, E.CAPTURE, E.PISTI]
    assert events[2].seat == 0
    assert [CARD_TEXT[c] for c in events[2].cards] == ["9D", "9C"]
    assert state.report()["pisti"] == [1, 0]
    assert state.score == [10, 0]
    assert state.breakdown()[0]["pisti"] == 10


def test_pisti_jack_pisti_scores_20():
    state = deal(2, *OPENING)
    play(state, "5C", "JD")  # JD alone on the empty table
    events = play(state, "JC")
    assert events[-1].kind is E.JACK_PISTI
    assert state.report()["jack_pisti"] == [1, 0]
    assert state.report()["pisti"] == [0, 0]
    assert state.score == [22, 0]  # 20 for the jack pişti, 1 for each jack


def test_pisti_jack_on_single_non_jack_is_not_pisti():
    state = deal(2, *OPENING)
    play(state, "5C", "9D")
    events = play(state, "JC")
    assert kinds(events) == [E.MOVE, E.CAPTURE]
    assert state.report()["pisti"] == [0, 0]
    assert state.report()["jack_pisti"] == [0, 0]
    assert state.report()["captured"] == [7, 0]


# Last round of a two-player hand: seat 0 then seat 1, in play order.
LAST_CARD_PISTI = [["3C", "4C", "6C", "5H"], ["7C", "8C", "JD", "5S"]]


def test_pisti_last_card_never_pisti():
    state = deal(2, ["2S", "3S", "4S", "KH"], tail=LAST_CARD_PISTI)
    play_until_last_deal(state)
    play(state, "3C", "7C", "4C", "8C", "6C", "JD", "5H")
    assert state.report()["pile"] == ["5H"]
    before = state.report()
    events = play(state, "5S")
    assert state.is_over
    assert kinds(events) == [E.MOVE, E.CAPTURE, E.OVER]
    assert state.report()["pisti"] == before["pisti"]


def test_pisti_same_play_before_last_card_is_pisti():
    tail = [["3C", "4C", "5H", "6C"], ["7C", "JD", "5S", "8C"]]
    state = deal(2, ["2S", "3S", "4S", "KH"], tail=tail)
    play_until_last_deal(state)
    before = state.report()["pisti"][1]
    play(state, "3C", "7C", "4C", "JD", "5H")
    assert state.report()["pile"] == ["5H"]
    events = play(state, "5S")
    assert E.PISTI in kinds(events)
    assert state.report()["pisti"][1] == before + 1


# ----------------------------------------------------------------- end of hand


def test_pisti_leftover_goes_to_last_capturer():
    tail = [["3C", "4C", "JD", "5H"], ["7C", "8C", "6C", "9C"]]
    state = deal(2, ["2S", "3S", "4S", "KH"], tail=tail)
    play_until_last_deal(state)
    play(state, "3C", "7C", "4C", "8C", "JD")  # seat 0 makes the last capture
    before = state.report()["captured"]
    events = play(state, "6C", "5H", "9C")
    leftover = [e for e in events if e.kind is E.LEFTOVER]
    assert len(leftover) == 1
    assert leftover[0].dst == WONS[0]
    assert leftover[0].seat == 0
    assert [CARD_TEXT[c] for c in leftover[0].cards] == ["6C", "5H", "9C"]
    assert state.report()["captured"] == [before[0] + 3, before[1]]
    assert state.report()["pile"] == []
    assert events[-1].kind is E.OVER


def test_pisti_leftover_to_dealer_when_nobody_captured():
    # With legal play some jack always meets a non-empty pile, so a hand with no capture
    # cannot happen; the rule is checked on a hand whose capture record was wiped.
    state = next(s for s in last_moves(3) if s.report()["pile"] and not captures_now(s))
    state._last_seat = state._last = -1
    pile = len(state.report()["pile"]) + 1
    before = state.report()["captured"]
    events = state.apply(state.legal_actions()[0])
    assert events[-2].kind is E.LEFTOVER
    assert events[-2].dst == WONS[2]
    assert events[-2].seat == 2
    assert state.report()["captured"][2] == before[2] + pile


def last_moves(players: int):
    """Hands one move before their end, random play."""
    for seed in range(200):
        state = Pisti.new(players, rng=seed)
        rng = random.Random(seed)
        while len(state.history) < 47:
            state.apply(rng.choice(state.legal_actions()))
        yield state


def captures_now(state: Pisti) -> bool:
    card = state.legal_actions()[0].card
    pile = state.report()["pile"]
    return bool(pile) and (rank(card) == JACK or rank(card) == rank(parse_card(pile[-1])))


def test_pisti_every_hand_has_a_capture():
    for seed in range(40):
        state = Pisti.new(2 + seed % 3, rng=seed)
        events = finish(state, random.Random(seed))
        assert E.CAPTURE in kinds(events)  # the leftover is an event of its own kind


def finished_hands(players: int):
    for seed in range(500):
        state = Pisti.new(players, rng=seed)
        finish(state, random.Random(seed))
        yield state


def tie_for_most(counts: list[int]) -> bool:
    top = sorted(counts)
    return top[-1] == top[-2]


def test_pisti_majority_3_points_none_on_tie():
    tie = next(s for s in finished_hands(2) if s.report()["captured"] == [26, 26])
    rows = tie.breakdown()
    assert [r["majority"] for r in rows] == [0, 0]
    bonus = sum(10 * p for p in tie.report()["pisti"]) + sum(
        20 * j for j in tie.report()["jack_pisti"]
    )
    assert sum(tie.score) == 13 + bonus
    clear = next(s for s in finished_hands(3) if len(set(s.report()["captured"])) == 3)
    most = clear.report()["captured"].index(max(clear.report()["captured"]))
    assert [r["majority"] for r in clear.breakdown()] == [3 if i == most else 0 for i in range(3)]
    three_way = next(s for s in finished_hands(3) if tie_for_most(s.report()["captured"]))
    assert [r["majority"] for r in three_way.breakdown()] == [0, 0, 0]


def test_pisti_majority_counted_only_once_hand_is_over():
    state = deal(2, *OPENING)
    play(state, "5C")
    assert state.breakdown()[0]["majority"] == 0
    finish(state)
    assert sum(r["majority"] for r in state.breakdown()) in (0, 3)


def test_pisti_card_points_jacks_aces_2c_10d():
    state = deal(2, ["AS", "2C", "10D", "5H"], [["5C", "JC", "9C", "7C"], ["9D", "KD", "6H", "JD"]])
    play(state, "JC")  # takes AS 2C 10D 5H JC
    row = state.breakdown()[0]
    assert (row["jacks"], row["aces"], row["two_clubs"], row["ten_diamonds"]) == (1, 1, 2, 3)
    assert row["cards"] == 5
    assert row["total"] == 7 == state.score[0]


def test_pisti_winner_is_side_with_most_points():
    for state in list(finished_hands(3))[:30]:
        pts = state.score
        best = max(pts)
        expected = DRAW if pts.count(best) > 1 else pts.index(best)
        assert state.winner == expected
        assert state.report()["points"] == pts
    assert deal(2, *OPENING).winner is None


def test_pisti_over_event_tells_the_result_with_the_winners_points_first():
    state = Pisti.new(2, rng=3)
    events = finish(state, random.Random(3))
    a, b = state.score
    assert a < b, "seat 1 wins this deal: its points come first in the line"
    assert events[-1].kind is E.OVER
    assert events[-1].outcome == state.outcome == Outcome(state.winner, Reason.POINTS, (a, b))
    line = outcome_line(events[-1].outcome, Namer.numbered(2))
    assert line == f"Seat 1 wins the hand with {b} points ({b}–{a})"


# ----------------------------------------------------------------- cut and deal


class RiggedRandom(random.Random):
    """Shuffles put the given cards on top / at the bottom, the first ``times`` shuffles."""

    def __init__(self, top=(), bottom=(), times=1):
        super().__init__(0)
        self.top = [parse_card(t) for t in top]
        self.bottom = [parse_card(t) for t in bottom]
        self.times = times

    def shuffle(self, x):
        super().shuffle(x)
        if self.times > 0:
            self.times -= 1
            rest = [c for c in x if c not in self.top and c not in self.bottom]
            x[:] = self.top + rest + self.bottom


def test_pisti_cut_moves_bottom_jack():
    # Changed on purpose (RULES.md §5): the bottom jacks used to go to the top of the pack;
    # now the non-jack above them moves to the bottom and they stay just above it.
    state = Pisti.new(2, rng=RiggedRandom(bottom=["5H", "JS", "JH"]))
    deck = state.setup()["deck"]
    assert deck[-3:] == ["JS", "JH", "5H"]
    assert "JS" not in deck[:4]
    assert "JH" not in deck[:4]
    for seed in range(200):
        assert rank(parse_card(Pisti.new(2, rng=seed).setup()["deck"][-1])) != JACK


def test_pisti_turn_next_start_jacks():
    state = deal(2, ["2S", "5H", "JD", "JC"])
    assert state.report()["pile"] == ["2S", "JC", "JD", "5H"]
    ids = [parse_card(t) for t in ("JC", "JD", "5H")]
    assert state.observation(1).piles[TABLE] == [None, *ids]
    turns = [e for e in state.opening_events() if e.kind is E.REVEAL]
    assert [CARD_TEXT[e.cards[0]] for e in turns] == ["JC", "JD", "5H"]
    play(state, state.legal_actions()[0])
    assert deal(2, ["JS", "JH", "JD", "5H"]).report()["pile"] == ["JS", "JH", "JD", "5H"]


def test_pisti_four_jacks_redeal():
    with pytest.raises(ValueError, match="redealt"):
        deal(2, ["JS", "JH", "JD", "JC"])
    rigged = RiggedRandom(top=["JS", "JH", "JD", "JC"], bottom=["5H"])
    state = Pisti.new(2, rng=rigged)
    assert rigged.times == 0
    assert state.setup()["deck"][:4] != ["JS", "JH", "JD", "JC"]
    moved = deal(2, ["JS", "JH", "JD", "JC"], start_jack="to_bottom")
    assert moved.report()["pile"][:3] == ["JS", "JH", "JD"]


def test_pisti_to_bottom_start_jack():
    state = deal(2, ["2S", "3S", "4S", "JC", "JD", "5H"], show_bottom=False, start_jack="to_bottom")
    assert state.report()["pile"] == ["2S", "3S", "4S", "5H"]
    pack = state.observation(0).piles[PACK]
    assert pack[:2] == [parse_card("JD"), parse_card("JC")]
    assert set(pack[2:]) == {None}
    deck = state.setup()["deck"]
    assert state.report()["hands"][0] == sorted(deck[6:10])
    play_until_last_deal(state)
    assert {"JC", "JD"} <= set(state.report()["hands"][1])
    assert state.observation(0).info["dealer_known"] == [parse_card("JC"), parse_card("JD")]
    kinds_ = kinds(Pisti.from_setup(state.setup(), state.options).opening_events())
    assert kinds_[:6] == [E.DEAL, E.REVEAL, E.TO_BOTTOM, E.DEAL, E.REVEAL, E.TO_BOTTOM]


@pytest.mark.parametrize(("players", "deals"), [(2, 6), (3, 4), (4, 3)])
def test_pisti_deal_order_and_rounds(players, deals):
    state = Pisti.new(players, rng=players)
    deck = state.setup()["deck"]
    opening = [e for e in state.opening_events() if e.kind is E.DEAL and e.seat is not None]
    dealt = [(e.seat, e.cards) for e in opening]
    rng = random.Random(players)
    while not state.is_over:
        events = state.apply(rng.choice(state.legal_actions()))
        dealt += [(e.seat, e.cards) for e in events if e.kind is E.DEAL]
    assert len(dealt) == deals * players
    assert [seat for seat, _ in dealt] == list(range(players)) * deals
    stream = [CARD_TEXT[c] for _, cards in dealt for c in cards]
    assert stream == deck[4:]


def test_pisti_no_cards_to_table_after_first_deal():
    state = Pisti.new(3, rng=8)
    rng = random.Random(8)
    while not state.is_over:
        for e in state.apply(rng.choice(state.legal_actions())):
            assert not (e.kind is E.DEAL and e.dst == TABLE)


def test_pisti_dealer_gets_bottom_card():
    for players in (2, 3, 4):
        state = Pisti.new(players, rng=players + 10)
        bottom = state.setup()["deck"][-1]
        assert state.observation(0).piles[PACK][0] == parse_card(bottom)
        play_until_last_deal(state)
        assert bottom in state.report()["hands"][players - 1]
        assert state.observation(0).info["dealer_known"] == [parse_card(bottom)]


def test_pisti_bottom_card_hidden_when_option_off():
    state = Pisti.new(2, {"show_bottom": False}, rng=4)
    assert set(state.observation(0).piles[PACK]) == {None}


def test_pisti_partnerships_4_players():
    packets = [["9C", "2H", "3H", "4H"], ["8C", "2D", "3D", "4D"], ["JC", "6C", "6D", "6H"]]
    state = deal(4, ["2S", "3S", "4S", "5H"], packets)
    assert [state.side_of(s) for s in range(4)] == [0, 1, 0, 1]
    events = play(state, "9C", "8C", "JC")
    assert events[-1].kind is E.CAPTURE
    assert events[-1].seat == 2
    assert events[-1].dst == WONS[0]
    assert state.report()["captured"] == [7, 0]
    assert len(state.score) == 2
    partner = state.observation(0).piles[WONS[0]]
    assert None not in partner  # partners both see the face-down cards
    assert state.observation(1).piles[WONS[0]][:3] == [None] * 3
    assert [Pisti.new(n, rng=1).side_of(n - 1) for n in (2, 3)] == [1, 2]


def test_pisti_play_order_anticlockwise_seat0_first():
    for players in (2, 3, 4):
        state = Pisti.new(players, rng=players)
        assert state.observation(0).info["dealer"] == players - 1
        order = []
        while not state.is_over:
            order.append(state.to_move)
            state.apply(state.legal_actions()[0])
        assert order == [i % players for i in range(48)]
        assert state.to_move is None


# ----------------------------------------------------------------- actions


def test_pisti_legal_actions_are_the_hand_sorted():
    state = deal(2, *OPENING)
    assert texts(state.legal_actions()) == ["5C", "7C", "9C", "JC"]
    play(state, "7C")
    assert texts(state.legal_actions()) == ["6H", "9D", "JD", "KD"]


def test_pisti_apply_accepts_lower_case_and_t_for_ten():
    state = deal(2, ["2S", "3S", "4S", "5H"], [["5C", "10C", "9C", "7C"], ["9D", "KD", "6H", "JD"]])
    play(state, "tc", "jd")
    assert texts(state.history) == ["10C", "JD"]
    assert state.check("5c") is None


@pytest.mark.parametrize(
    ("action", "code", "sentence"),
    [
        ("9D", Codes.NOT_YOUR_TURN, "It is not seat 1's turn: seat 0 plays now."),
        ("QS", Codes.NOT_HELD, "You do not hold the queen of spades."),
        ("ZZ", Codes.NOT_A_CARD, "'ZZ' is not a card: play a card from your hand"),
        # A number used to be refused as "must be text"; it is now "not a card" like any junk.
        (17, Codes.NOT_A_CARD, "'17' is not a card"),
        ("", Codes.NOT_A_CARD, "'' is not a card"),
    ],
)
def test_pisti_illegal_action_leaves_state_unchanged(action, code, sentence):
    state = deal(2, *OPENING)
    before = (state.report(), state.to_move, list(state.history), state.observation(0))
    with pytest.raises(IllegalAction) as err:
        state.apply(action)
    assert err.value.refusal.code is code
    assert words(err.value).startswith(sentence), words(err.value)
    assert state.check(action) == err.value.refusal
    assert (state.report(), state.to_move, state.history, state.observation(0)) == before


def test_pisti_card_already_played_is_refused():
    state = deal(2, *OPENING)
    play(state, "7C")
    with pytest.raises(IllegalAction) as err:
        state.apply("7C")
    assert err.value.refusal.code is Codes.ALREADY_PLAYED
    assert words(err.value) == "The 7 of clubs has already been played."


def test_pisti_no_move_once_hand_is_over():
    state = Pisti.new(2, rng=1)
    finish(state)
    assert texts(state.legal_actions()) == []
    assert state.to_move is None
    report = state.report()
    with pytest.raises(IllegalAction) as err:
        state.apply("5H")
    assert words(err.value) == "The hand is over."
    assert state.report() == report


# ----------------------------------------------------------------- setups


def good_setup():
    return {"players": 2, "deck": make_deck(*OPENING)}


@pytest.mark.parametrize(
    ("mutate", "words"),
    [
        (lambda s: s.update(players=5), "setup.players"),
        (lambda s: s.update(players="2"), "setup.players"),
        (lambda s: s.pop("players"), "setup.players"),
        (lambda s: s.update(deck="5H 6H"), "setup.deck must be a list"),
        (lambda s: s["deck"].pop(), "setup.deck has 51 cards"),
        (lambda s: s["deck"].__setitem__(7, "1X"), "setup.deck[7]"),
        (lambda s: s["deck"].__setitem__(9, s["deck"][8]), "twice"),
        (lambda s: s["deck"].append(s["deck"].pop(0)), "must not be a jack"),
        (lambda s: s.update(dealer=1), "dealer"),
    ],
    ids=["players-5", "players-text", "players-missing", "deck-text", "deck-51",
         "bad-card", "card-twice", "jack-last", "unknown-field"],
)  # fmt: skip
def test_pisti_bad_setup_rejected_naming_field(mutate, words):
    setup = good_setup()
    setup["deck"] = ["JS"] + [c for c in setup["deck"] if c != "JS"]
    mutate(setup)
    with pytest.raises(ValueError, match=re.escape(words)):
        Pisti.from_setup(setup, {})


def test_pisti_bad_setup_twice_names_the_card():
    setup = good_setup()
    setup["deck"][9] = setup["deck"][8]
    with pytest.raises(ValueError, match=setup["deck"][8]):
        Pisti.from_setup(setup, None)


def test_pisti_bad_options_and_players_rejected():
    with pytest.raises(ValueError, match="start_jack"):
        Pisti.from_setup(good_setup(), {"start_jack": "sideways"})
    with pytest.raises(ValueError, match="players"):
        Pisti.new(5)


def test_pisti_setup_round_trip_and_all_cards():
    state = Pisti.new(3, {"start_jack": "to_bottom"}, rng=12)
    again = Pisti.from_setup(state.setup(), state.options)
    assert again.report() == state.report()
    assert sorted(state.all_cards()) == list(range(52))
    assert state.record()["options"] == {"start_jack": "to_bottom"}


# ----------------------------------------------------------------- what a seat sees


def test_pisti_observation_hides_hands_pack_and_face_down_cards():
    state = deal(2, *OPENING)
    obs = state.observation(0)
    assert obs.piles[HANDS[0]] == [parse_card(t) for t in ("5C", "7C", "9C", "JC")]
    assert obs.piles[HANDS[1]] == [None] * 4
    assert obs.piles[TABLE] == [None, None, None, parse_card("5H")]
    pack = obs.piles[PACK]
    assert len(pack) == 40
    assert pack[0] == parse_card(state.setup()["deck"][-1])
    assert set(pack[1:]) == {None}
    assert obs.to_move == 0
    assert obs.info["dealer"] == 1
    assert obs.info["side"] == 0
    assert obs.info["played"] == []
    assert obs.history == []


def test_pisti_face_down_cards_shown_only_to_capturing_side():
    state = deal(2, *OPENING)
    play(state, "9C", "JD")
    mine = state.observation(1)
    theirs = state.observation(0)
    assert mine.piles[WONS[1]][:3] == [parse_card(t) for t in ("2S", "3S", "4S")]
    assert theirs.piles[WONS[1]][:3] == [None] * 3
    assert theirs.piles[WONS[1]][3:] == mine.piles[WONS[1]][3:]
    assert theirs.info["captured"] == [0, 6]
    assert theirs.info["played"] == [parse_card("9C"), parse_card("JD")]
    assert theirs.info["points"] == [
        0,
        1,
    ]  # the JD; face-down cards do not count for the other side
    finish(state)
    assert None not in state.observation(0).piles[WONS[1]]


def test_pisti_observation_lists_no_hidden_card_anywhere():
    state = Pisti.new(4, rng=6)
    rng = random.Random(6)
    for _ in range(20):
        state.apply(rng.choice(state.legal_actions()))
    for seat in range(4):
        obs = state.observation(seat)
        others = [c for s in range(4) if s != seat for c in state._hands[s]]
        seen = {c for pile in obs.piles.values() for c in pile if c is not None}
        assert not seen & set(others) - set(obs.info["dealer_known"])
        assert seen & set(state._stream[state._pos : -1]) == set()


def test_pisti_resample_is_consistent_and_honest():
    state = Pisti.new(2, rng=21)
    rng = random.Random(21)
    for _ in range(13):
        state.apply(rng.choice(state.legal_actions()))
    obs = state.observation(1)
    sample = state.resample(1, random.Random(99))
    assert sample.observation(1) == obs
    assert sample.legal_actions() == state.legal_actions()
    twin = sample.resample(1, random.Random(7))
    assert twin.report() == state.resample(1, random.Random(7)).report()


def test_pisti_clone_is_independent():
    state = Pisti.new(2, rng=2)
    copy = state.clone()
    report = state.report()
    copy.apply(copy.legal_actions()[0])
    copy.options["target"] = 101
    assert state.report() == report
    assert state.history == []
    assert state.options["target"] == 151


def test_pisti_opening_events_deal_table_then_packets():
    state = deal(3, *OPENING)
    events = state.opening_events()
    assert events[0].kind is E.DEAL
    assert events[0].dst == TABLE
    assert len(events[0].cards) == 4
    assert events[1].kind is E.REVEAL
    assert CARD_TEXT[events[1].cards[0]] == "5H"
    hands = [e for e in events if e.kind is E.DEAL and e.dst.kind is PileKind.HAND]
    assert [e.dst for e in hands] == [HANDS[0], HANDS[1], HANDS[2]]
    assert [str(e.dst) for e in hands] == ["hand0", "hand1", "hand2"]
    assert [sorted(CARD_TEXT[c] for c in e.cards) for e in hands] == state.report()["hands"]
