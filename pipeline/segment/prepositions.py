"""The Russian prepositions the segmenter's readers know, in one home: the finder reads a line
that opens with one as a place or a purpose (`На базу`, `Для тестов`), never a game's name;
the sentence splitter reads a list's items that open with one of place (`в любую колонку`,
`из колоды`) as more places for its first clause's verb."""

from __future__ import annotations

# Every preposition a line may open with, in modern spelling (folded: `е` for `ё`).
PREPOSITIONS = frozenset(
    {"на", "в", "во", "из", "изо", "с", "со", "к", "ко", "по", "под", "над", "за", "для", "от",
     "до", "при", "о", "об", "у", "без", "через", "после", "перед"}
)  # fmt: skip
# Those that head the place cards go to or come from (`в любую колонку`, `из колоды`).
PLACE_PREPOSITIONS = frozenset({"в", "во", "на", "к", "ко", "из", "под", "с", "со", "по", "за"})
