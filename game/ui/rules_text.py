# ruff: noqa: E501  (prose: one paragraph per line, wrapped when drawn)
"""Short rules of each game for the in-game "Rules" panel (a summary of RULES.md)."""

from __future__ import annotations

PISHE = """PISHE PASHA

Goal: be the first to get rid of every card: your stock, your discard pile and the card you hold.

Each player has a face-down stock and a face-up discard pile. Foundations in the centre are built up from the ace: four of them (one per suit, A 2 3 ... K), or one single foundation that takes any suit and wraps from K back to A.

Your turn
- If the top card of your discard pile fits a foundation, you must play it there first.
- Otherwise you may load your top discard onto an opponent's discard pile, or turn the top card of your stock (click your stock).
- A turned card that fits a foundation must go there. If it is one rank above or below an opponent's top discard (suit ignored) you may load it there. Otherwise discard it on your own pile: that ends your turn.
- When your stock is empty, turning first turns your whole discard pile over as a new stock.
- Classic game: aces and kings are not next to each other. Single foundation and three players: ranks wrap (A is next to both 2 and K).

Mouse: drag a card onto a foundation or a discard pile; double-click a card to send it to the foundation; click your stock to turn a card. While you drag, every legal place lights up.

Three players: each has 17 cards, the 52nd starts the single foundation, and you may load onto either opponent.

Scoring: the winner scores one point for every card left in the opponents' stocks and discard piles. A match is single hands, or first to 50 or 100 points.

Stop rule (option): when it is on, the engine lets a player skip a compulsory foundation play (a fault). Any opponent may then call Stop! before the faulting player's next move, and chooses: force (the fault is taken back and the card goes to the foundation) or end (the fault is taken back and the turn passes to the caller). After each computer move you have a short moment to press Stop (the window waits while the pointer is over the button)."""

BOOK = """PISHA PASHA, THE BOOK VERSION

A game of pure chance, like War: there are no choices to make.

Each player has a 26-card face-down stock. A flip: both players turn their top stock card face up onto their own discard pile at the same time. A player whose stock is empty first turns the discard pile over as a new stock.

If the two turned cards have different suits, nothing happens. If they have the same suit, the owner of the higher card (A K Q J 10 ... 2, aces high) wins the opponent's whole discard pile and puts it under her own stock.

A player left with no cards loses.

Stalemate: the suits may never match again. The game notices a repeated position (or 10,000 flips) and then the player holding more cards wins; equal counts are a draw.

Mouse: click your stock (or the Flip button) to flip, or switch on automatic flipping and set its speed with the slider."""

PISTI = """PİŞTİ

Goal: capture cards that score, and make pişti.

Four cards go to the centre: three face down and one face up on top. Each player gets four cards; when everybody has played them, four more are dealt, until the pack is used up. The bottom card of the pack is shown to everybody (option) and goes to the dealer in the last deal.

Your turn: play one card onto the pile (click it, or drag it to the pile).
- Same rank as the top card: you capture the whole pile.
- A jack captures the whole pile (but a jack on an empty table is just placed).
- Otherwise your card becomes the new top.
The first capture of the hand also takes the face-down cards; only the capturing side may look at them.

Pişti: capturing a pile of exactly one card with a card of the same rank scores 10; jack on a single jack (jack pişti) scores 20. The last card of the hand never makes a pişti.

At the end, the cards left on the table go to the side that captured last.

Scoring: each jack 1, each ace 1, the 2 of clubs 2, the 10 of diamonds 3, most cards 3 (nobody on a tie), each pişti 10, each jack pişti 20.

Players: two or three play alone; four play in partnerships, partners opposite (you and North against East and West). Play goes anticlockwise: right, top, left.

Match: hands are played until a side reaches the target (101 or 151) at the end of a hand; the higher total wins.

Option: when the first face-up card is a jack, either keep turning the next centre card (turn next), or put the jack under the pack (to bottom)."""

RULES = {"pishe-pasha": PISHE, "pisha-pasha-book": BOOK, "pisti": PISTI}
