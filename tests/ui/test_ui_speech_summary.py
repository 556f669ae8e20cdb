"""The end of a hand can be read without looking: the result is said
once (the move log's line, not again by the summary), the summary is read row by row with
the arrow keys, each row its heading and the values per side, the match so far and the
player's record included, and T reads it whole. The rows come from the hand's data, not
from where the summary draws them. In English and in Türkçe."""

from __future__ import annotations

from collections import deque

import pygame
from ui_support import DT, key, make_app, open_table, settle

from game.core.agents import SeatView
from game.core.types import STOCKS
from game.text import say
from game.text.spoken import spoken
from game.text.words import phrase
from game.ui.scenes.summary import SummaryScene

ROWS = {
    "en": {
        "points": "Points this hand",
        "taken": "Cards taken: You {}, North {}",
        "total": "Hand total: You {}, North {}",
        "match": "Match score (to 151)",
        "hand": "This hand: You +{}, North +{}",
        "all": "Total: You {}, North {}",
        "record": "Pişti, 2 players, against Medium: ",
        "keys": "Up and Down read the summary row by row, T reads all of it, Enter: Next hand",
        "last": "End of the list",
        "first": "Top of the list",
        "cards": "Cards",
    },
    "tr": {
        "points": "Bu elin puanları",
        "taken": "Alınan kart: Sen {}, Kuzey {}",
        "total": "El toplamı: Sen {}, Kuzey {}",
        "match": "Maç puanı (hedef 151)",
        "hand": "Bu el: Sen +{}, Kuzey +{}",
        "all": "Toplam: Sen {}, Kuzey {}",
        "record": "Pişti, 2 oyuncu, Orta seviyeye karşı: ",
        "keys": "Yukarı ve aşağı oklar özeti satır satır okur, T hepsini okur, Enter: Sonraki el",
        "last": "Listenin sonu",
        "first": "Listenin başı",
        "cards": "Kartlar",
    },
    "de": {
        "points": "Punkte dieser Runde",
        "taken": "Genommene Karten: Du {}, Nord {}",
        "total": "Summe der Runde: Du {}, Nord {}",
        "match": "Stand der Partie (bis 151)",
        "hand": "Diese Runde: Du +{}, Nord +{}",
        "all": "Gesamt: Du {}, Nord {}",
        "record": "Pişti, 2 Spieler, gegen Mittel: ",
        "keys": "Auf und Ab lesen die Übersicht Zeile für Zeile, T liest alles, Eingabe: "
        "Nächste Runde",
        "last": "Ende der Liste",
        "first": "Anfang der Liste",
        "cards": "Karten",
    },
}


def hand_played_to_its_end(tmp_path, monkeypatch, lang, game, choices, seed):
    """A hand the computer plays for the player, with Read aloud on: the summary."""
    app = make_app(tmp_path, monkeypatch, keep=True, language=lang, lessons_offered=True)
    app.voice.use(None)
    app.voice.heard = deque(maxlen=5000)
    app.voice.on = True
    table = open_table(app, game, choices, seed=seed)
    agent = table.model.spec.make_agent("medium", 3)
    for _ in range(3000):
        settle(app, table, limit=60)
        if app.scene is not table:
            break
        if not table.state.is_over and table.state.to_move == table.human:
            table.model.perform(agent.choose(SeatView(table.state, table.human)))
    summary = app.scene
    assert isinstance(summary, SummaryScene)
    app.step(DT)
    return app, table, summary


def test_the_result_is_said_once_and_the_summary_tells_how_to_read_it(tmp_path, monkeypatch, lang):
    app, table, summary = hand_played_to_its_end(tmp_path, monkeypatch, lang, "pisti",
                                                 {"players": 2}, 15)  # fmt: skip
    heard = list(app.voice.heard)
    outcome = spoken(summary._outcome())
    assert outcome in table.model.log_words[-1] or spoken(table.model.log_words[-1]) == outcome
    told = [h for h in heard if outcome in h or spoken(summary.headline()) in h]
    assert told == [outcome]  # the log's line; the headline is not said after it
    assert heard[-1].endswith(ROWS[lang]["keys"])  # after why the hand went as it did
    assert all(spoken(why.rstrip(".")) in heard[-1] for why in summary.lines())


def test_the_arrows_read_the_summary_row_by_row_and_t_reads_it_whole(tmp_path, monkeypatch, lang):
    app, table, summary = hand_played_to_its_end(tmp_path, monkeypatch, lang, "pisti",
                                                 {"players": 2}, 15)  # fmt: skip
    w = ROWS[lang]
    st, match = table.state, table.match
    counts = st.breakdown()
    rows = [r.words() for r in summary.hand_rows()]
    assert rows[0] == summary.headline()
    assert w["points"] in rows
    assert w["taken"].format(counts[0]["cards"], counts[1]["cards"]) in rows
    assert w["total"].format(counts[0]["total"], counts[1]["total"]) in rows
    assert rows.index(w["match"]) > rows.index(w["points"])
    assert w["hand"].format(*match.history[-1]) in rows
    assert w["all"].format(*match.totals) in rows
    assert rows[-1].startswith(w["record"])
    assert rows[-1] == summary.stats_line.rstrip(".")

    read = []
    for _ in rows:
        key(app, pygame.K_DOWN)
        read.append(app.voice.last)
    assert read == [spoken(r) for r in rows]
    assert summary.ring.current() is None  # the arrows read; they do not move the buttons
    key(app, pygame.K_DOWN)
    assert app.voice.last == w["last"]
    key(app, pygame.K_HOME)
    assert app.voice.last == spoken(rows[0])
    key(app, pygame.K_UP)
    assert app.voice.last == w["first"]
    key(app, pygame.K_t)
    assert app.voice.last == spoken(". ".join(rows))
    key(app, pygame.K_TAB)  # Tab still reaches the buttons
    assert app.voice.last == say("button.next_hand")


def test_a_game_scored_by_the_cards_left_reads_what_each_player_had_left(tmp_path, monkeypatch):
    _app, table, summary = hand_played_to_its_end(tmp_path, monkeypatch, "en", "pishe-pasha",
                                                 {"players": 2}, 1)  # fmt: skip
    rows = [r.words() for r in summary.hand_rows()]
    assert "Cards left: one point each for the winner" in rows
    left, you = table.state.reveal(), table.human
    assert f"Stock: You {len(left[STOCKS[you]])}, North {len(left[STOCKS[1 - you]])}" in rows
    assert "Match score" in rows
    why = [phrase(p, table.model.namer) for p in table.model.spec.summary_lines(table.state)]
    assert rows[:2] == [summary.headline(), why[0].rstrip(".")]  # who won, then why
    assert "got rid of all" in why[0]
    assert summary._outcome() not in rows
