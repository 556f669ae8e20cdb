"""Sentences for the ear: the table's piles described by their roles and owners, and card
signs ("7♥") read out as names ("the 7 of hearts"), so a voice never spells a symbol.
Nothing here names a game: a pile's role (its game's design) gives its words."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from game.core.cards import RANK_TEXT, SUITS
from game.core.design import PileRole, default_role
from game.core.types import PileId, PileKind
from game.text.names import SUIT_SIGNS, Namer, card_name
from game.text.phrasebook import current, say, say_n

SIGN_SUIT = {sign: suit for suit, sign in SUIT_SIGNS.items()}
CARD_SIGN = re.compile(r"(?<![\w])(10|[2-9AJQK])([♣♦♥♠])(?:'(\w+))?")  # 7♥, K♥'ı
CARD_PAIR = re.compile(r"(?<=[♣♦♥♠]) +(?=(?:10|[2-9AJQK])[♣♦♥♠])")
# "maça as attın" is said "Maça as attın"; an exclamation inside a name ("X! and") or an
# ordinal ("5. hamle") ends no sentence
SENTENCE_START = re.compile(r"(^|(?<!\d)[.?]\s+)(\w)")
CARD_FIRST = re.compile(r"(?:^|[.?]\s+)$")  # a sentence begun by a card ("Move 9. The 7 of…")
MOST_CARDS = 13


def spoken(text: str) -> str:
    """``North loads 7♥`` -> ``North loads the 7 of hearts``; "…" and dashes as pauses; each
    sentence begins with a capital, whatever word its language puts first."""

    def name(m: re.Match[str]) -> str:
        card = SUITS.index(SIGN_SUIT[m.group(2)]) * 13 + RANK_TEXT.index(m.group(1))
        before = m.string[: m.start()]
        said = _with_ending(current().named_after(before, card_name(card)), m.group(3))
        return current().capitalise(said) if CARD_FIRST.search(before) else said

    text = CARD_PAIR.sub(", ", text.strip())  # "7♣ 8♦": a list, said with a pause
    text = CARD_SIGN.sub(name, text)
    text = re.sub(r"[.:]?[ \t]*\n\s*", ". ", text)  # a line of a panel: a sentence
    text = SENTENCE_START.sub(lambda m: m[1] + current().upper(m[2]), text)
    text = re.sub(r"\s*[▶◀]", "", text)  # "Skip ▶": an arrow drawn, never said
    text = text.replace("….", "…")  # a phrase ending "and…" ended by the sentence after it
    return text.replace(" …", ",").replace("–", " – ")


ENDS_ON_ITS_OWN = (".", "?", "!", ":")  # a sentence ending so needs no period after it


def sentences(parts: Iterable[str]) -> str:
    """Sentences said one after another, each begun with a capital, a period between them
    where one does not end on its own (a question keeps its mark, not "?."). ``spoken``
    cannot tell a sentence ending in a number ("…top the 10 of clubs. clubs foundation")
    from an ordinal ("5. hamle"), and a voice runs the two sentences into one unless the
    second begins with a capital; the one who joins them knows."""
    said = ""
    for part in parts:
        if part:
            gap = "" if not said else " " if said.endswith(ENDS_ON_ITS_OWN) else ". "
            said += gap + current().capitalise(part)
    return said


def _with_ending(name: str, ending: str | None) -> str:
    """A case ending written after a sign, moved onto the name: "K♥'ı" -> "kupa papazı",
    "4♥'ü" -> "kupa 4'ü" (the ending already follows the word said aloud)."""
    if not ending:
        return name
    return f"{name}'{ending}" if name[-1:].isdigit() else name + ending


def card_list(cards: Sequence[int | None], most: int = MOST_CARDS) -> str:
    """Cards by name, separated by commas; face-down ones counted."""
    named = [card_name(c) for c in cards[:most] if c is not None]
    hidden = sum(1 for c in cards if c is None)
    if hidden:
        named.append(say_n("speech.face_down", hidden))
    return ", ".join(named)


def pile_words(
    pid: PileId, cards: Sequence[int | None], n: Namer, role: PileRole | None = None
) -> str:
    """One pile as a short sentence, worded as its role says: "Your stock, 14 cards";
    "Foundation of hearts, up to 5"; "North's pile, 3 cards, top the 8 of clubs";
    "Your hand: the 7 of hearts, …"."""
    role = role or default_role(pid)
    k, count = pid.kind, len(cards)
    top = cards[-1] if cards else None
    whose = n.whose(pid.seat)
    key = role.speech
    if role.told == "built":
        if top is None:
            return say(key + ".empty")
        rank = say(f"rank.{RANK_TEXT[top % 13]}")
        return say(key, suit=say(f"suit.{SUITS[top // 13]}"), rank=rank)
    if k is PileKind.HAND and n.is_you(pid.seat):
        return say("speech.pile.my_hand", cards=card_list(cards) or say("speech.empty"))
    if pid.kind is PileKind.WON:
        whose = n.side_name(pid.index) if pid.index is not None else ""
    if role.told == "card" and count <= 1:
        key += ".one" if count else ".empty"
    if n.is_you(pid.seat) and current().has_plural(key + ".you"):
        key += ".you"  # Turkish says "Desten", not "Senin destesi"
    words = say_n(key, count, whose=whose, Whose=current().capitalise(whose))
    if top is not None and role.told == "card":
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
