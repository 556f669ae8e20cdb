"""The coach explains: a reason names what its search saw (a card loaded straight back
is said so), and where it has only a figure it says the figure plainly ("in the 200 deals
the coach played out from here, 7♦ to your discard pile scored 3.1 points more on
average"); a cost larger than the hand's margin says why it can be; a hint always gives
its reason; Statistics shows no count a variant cannot make. Both languages."""

from __future__ import annotations

import time

import pytest
from conftest import position, suits_up_to
from ui_support import DT, gesture_for, key, open_table, play_hand, settle

from game.ai.coach import Advice, Mistake, figure, reason
from game.core.agents import SeatView
from game.core.cards import parse_card
from game.core.spec import Seen
from game.games.pishe_pasha.moves import T_DISCARD, T_LOAD
from game.text import set_language
from game.text.names import Namer
from game.text.words import phrase
from game.ui.scenes.review import ReviewScene, hand_margin
from game.ui.scenes.summary import SummaryScene


@pytest.fixture(params=["en", "tr"])
def lang(request):
    set_language(request.param)
    yield request.param
    set_language("en")


def _names() -> Namer:
    return Namer.for_table({0: "bottom", 1: "top"}, 0, {0: 0, 1: 1}, "pishe-pasha")


def _seen(*acts, deals: int = 200) -> dict:
    return {a: Seen(runs=float(deals), deals=deals) for a in acts}


FIGURE = {
    "en": "in the 200 deals the coach played out from here, 7♦ to your discard pile scored"
    " 3.1 points more on average",
    "tr": "koçun denediği 200 dağılımda, sonuna kadar oynanınca öteki hamle (7♦ ıskartana"
    " atmak) ortalama 3,1 puan daha çok getirdi",
}


def test_where_the_search_names_no_reason_it_says_its_figure_plainly(lang):
    """You hold 7♦: loading it onto North's 8♠ or discarding it give nothing a player
    would name; the coach says how many deals and how many points."""
    state = position([["KH"], ["8S"]], turned="7D", to_move=0)
    why = reason(state, 0, T_LOAD[1], T_DISCARD, _seen(T_LOAD[1], T_DISCARD), 3.1)
    assert why.key == "coach.why.figure"
    assert phrase(why, _names()) == FIGURE[lang]
    assert figure(state, T_DISCARD, {}, 3.1).key == "coach.why.search", "no deals: no figure"


def test_a_card_loaded_straight_back_is_named_so(lang):
    """Loading 7♦ onto North's 8♠ lets North load it straight back onto your 6♣."""
    state = position([["6C"], ["8S"]], turned="7D", to_move=0)
    why = reason(state, 0, T_LOAD[1], T_DISCARD)
    assert why.key == "coach.why.loads_back"
    assert why.params == {"seat": 1, "card": parse_card("7D")}
    words = phrase(why, _names())
    assert "7♦" in words
    assert {"en": "straight back", "tr": "hemen geri"}[lang] in words


@pytest.fixture
def app_options() -> dict:
    return {"keep": True}


def test_a_cost_larger_than_the_hands_margin_says_why_it_can_be(app, monkeypatch, lang):
    table = open_table(app, "pisti", {"players": 2}, seed=4)
    play_hand(app, table, gesture_for)
    assert isinstance(app.scene, SummaryScene)
    record, seat = table.state.record(), table.human
    margin = hand_margin(record, seat)
    score = table.state.score
    assert margin == abs(score[seat] - score[1 - seat])
    index = next(i for i, _ in enumerate(record["actions"]) if i % 2 == 0)
    acts = table.model.spec.parse_action
    played, better = acts(record["actions"][index]), acts(record["actions"][index])
    big = Mistake(index, seat, played, better, margin + 8.0, (), deals=200)
    small = Mistake(index, seat, played, better, max(0.5, margin - 0.5), (), deals=200)
    monkeypatch.setattr("game.ai.coach.review", lambda *a, **k: [big, small])
    review = ReviewScene(app, record, seat)
    end = time.monotonic() + 60  # the coach's thread, by the clock
    while review.pending is not None and time.monotonic() < end:
        review.update(DT)
        time.sleep(0.01)
    said = {
        "en": f"The hand ended {margin} points apart, yet this costs",
        "tr": f"El {margin} puan farkla bitti, bu hamle ise",
    }[lang]
    assert said in review.reasons[0]
    assert "200" in review.reasons[0]
    assert said not in review.reasons[1]
    review.leave()


@pytest.mark.parametrize("lang", ["en", "tr"])
def test_a_hint_whose_reason_repeats_the_hint_gives_the_figure_instead(app, lang):
    """The hint is to keep 4♥ (hearts are up to 2); loading it onto North's 5♠ would be
    worse, and its reason ("it loads away 4♥") would only repeat the hint: the figure is
    the reason ("… would be worse: in the 200 deals …"), never a bare "would be worse"."""
    set_language(lang)
    state = position([["KH"], ["5S"]], suits_up_to(h=2), turned="4H", to_move=0)
    table = open_table(app, "pishe-pasha", {"players": 2}, state)
    settle(app, table)
    m = table.model
    load = T_LOAD[1]
    repeat = reason(m.state, 0, load, T_DISCARD)
    assert repeat.key == "coach.why.keep", "it names 4♥, the hinted card"
    advice = Advice(T_DISCARD, other=load, why=repeat,
                    figure=figure(m.state, T_DISCARD, _seen(load, T_DISCARD), 2.4))  # fmt: skip
    words = m.hint_words(advice)
    worse = {"en": "would be worse: ", "tr": "daha kötü olurdu: "}[lang]
    assert worse in words
    assert "200" in words
    assert {"en": "2.4", "tr": "2,4"}[lang] in words


def test_every_hint_gives_its_reason(app):
    """Real hints (key H) through a hand: each says why, never a bare "would be worse."."""
    table = open_table(app, "pishe-pasha", {"players": 2}, seed=8)
    agent = table.model.spec.make_agent("medium", 3)
    seen = 0
    for _ in range(12):
        settle(app, table)
        if app.scene is not table or table.state.is_over:
            break
        key(app, ord("h"))
        end = time.monotonic() + 60
        while table.model.hint is None and time.monotonic() < end:
            app.step(DT)
            time.sleep(0.005)
        text = table.model.hint.text
        assert not text.endswith("would be worse."), text
        if len(table.model.my_actions()) > 1:
            seen += 1
            assert ": " in text.split(". ", 1)[-1] or "as well" in text, text
        gesture_for(app, table, agent.choose(SeatView(table.state, table.human)))
    assert seen


@pytest.mark.parametrize(("stop_rule", "shown"), [(False, False), (True, True)])
def test_statistics_show_no_count_the_variant_cannot_make(app, stop_rule, shown):
    choices = {"players": 2, **({"stop_rule": True} if stop_rule else {})}
    table = open_table(app, "pishe-pasha", choices, seed=4)
    settle(app, table)
    table.model.perform(table.model.my_actions()[0])
    settle(app, table)
    table.new_hand()
    stats = app.goto("stats")
    app.step(DT)
    cell = stats._cells(stats.keys()[0])[-1]
    assert ("Stop 0" in cell) is shown, cell
    assert ("Stop 0" in stats.spoken_row()) is shown
