"""Sentences for the ear: the table's piles described by their kind and owner, and card
signs ("7♥") read out as names ("the 7 of hearts"), so a voice never spells a symbol.
Nothing here names a game: piles are described by their generic kinds."""

from __future__ import annotations

import re
from collections.abc import Sequence

from game.core.cards import RANK_TEXT, SUITS
from game.core.types import PileId, PileKind
from game.text.names import SUIT_SIGNS, Namer, card_name
from game.text.phrasebook import current, say, say_n
from game.text.words import AllPiles

SIGN_SUIT = {sign: suit for suit, sign in SUIT_SIGNS.items()}
CARD_SIGN = re.compile(r"(?<![\w])(10|[2-9AJQK])([♣♦♥♠])")
MOST_CARDS = 13


def spoken(text: str) -> str:
    """``North loads 7♥`` -> ``North loads the 7 of hearts``; "…" and dashes as pauses."""

    def name(m: re.Match) -> str:
        card = SUITS.index(SIGN_SUIT[m.group(2)]) * 13 + RANK_TEXT.index(m.group(1))
        return card_name(card)

    text = CARD_SIGN.sub(name, text.strip())
    text = re.sub(r"[.:]?[ \t]*\n\s*", ". ", text)  # a line of a panel: a sentence
    return text.replace(" …", ",").replace("–", " – ")


def card_list(cards: Sequence[int | None], most: int = MOST_CARDS) -> str:
    """Cards by name, separated by commas; face-down ones counted."""
    named = [card_name(c) for c in cards[:most] if c is not None]
    hidden = sum(1 for c in cards if c is None)
    if hidden:
        named.append(say_n("speech.face_down", hidden))
    return ", ".join(named)


def pile_words(pid: PileId, cards: Sequence[int | None], n: Namer) -> str:
    """One pile as a short sentence: "Your stock, 14 cards"; "Foundation of hearts, up to 5";
    "North's pile, 3 cards, top the 8 of clubs"; "Your hand: the 7 of hearts, …"."""
    k, count = pid.kind, len(cards)
    top = cards[-1] if cards else None
    whose = n.whose(pid.seat)
    if k is AllPiles.FOUNDATION:
        if top is None:
            return say("speech.pile.foundation.empty")
        rank = say(f"rank.{RANK_TEXT[top % 13]}")
        return say("speech.pile.foundation", suit=say(f"suit.{SUITS[top // 13]}"), rank=rank)
    if k is PileKind.HAND and n.is_you(pid.seat):
        return say("speech.pile.my_hand", cards=card_list(cards) or say("speech.empty"))
    key = {
        PileKind.STOCK: "speech.pile.stock",
        PileKind.DISCARD: "speech.pile.discard",
        AllPiles.TURNED: "speech.pile.turned",
        PileKind.HAND: "speech.pile.hand",
        PileKind.TABLE: "speech.pile.table",
        PileKind.PACK: "speech.pile.pack",
        PileKind.WON: "speech.pile.won",
    }.get(k, "speech.pile.other")
    if pid.kind is PileKind.WON:
        whose = n.side_name(pid.index) if pid.index is not None else ""
    if k is AllPiles.TURNED and count <= 1:
        key += ".one" if count else ".empty"
    words = say_n(key, count, whose=whose, Whose=current().capitalise(whose))
    if top is not None and k is AllPiles.TURNED:
        words += ", " + card_name(top)
    elif top is not None and k is not PileKind.WON:
        words += ", " + say("speech.top", card=card_name(top))
    elif count > 1 and cards[0] is not None and k is not PileKind.WON:
        words += ", " + say("speech.bottom", card=card_name(cards[0]))
    return current().capitalise(words)


def hand_card_words(cards: Sequence[int | None], index: int) -> str:
    """A card of the human's hand under the focus: "The 7 of hearts, 2 of 4"."""
    card = cards[index] if 0 <= index < len(cards) else None
    name = card_name(card) if card is not None else say("speech.face_down_one")
    return current().capitalise(say("speech.hand_card", card=name, i=index + 1, n=len(cards)))
