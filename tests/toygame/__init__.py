"""A game that lives only in the tests: "hi-card duel", a small complete game (rules, AI,
spec and its own words in English and Türkçe). The tests register it through the registry
alone and play it everywhere a real game goes, which proves that adding a game is its
folder and one registry line."""
