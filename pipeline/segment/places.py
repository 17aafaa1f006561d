"""The words for the places of a layout, in one home: what a help page heads a part or a
table's row with (`Основания`, `Сброс`, `Резервные стопки`), and where it says a pile lies
(`сверху справа`, `под основаниями`). The finder reads the first as part headings and table
labels, never as games; the finder and the reader of a table's entries read the second as a
place said by its position, never as a game nor a deal."""

from __future__ import annotations

# A place of the layout named as a heading or a label, as a folded word (`колода`,
# `основания`, `ячейки`, `талон`, `стопок`).
PLACE_NOUN = (
    r"колод[аыуе]|сброс(?:а)?|талон(?:а)?|отбой|прикуп(?:а)?|запас(?:а|ы)?|резерв(?:а|ы)?"
    r"|основани[ея]|дом(?:а|ы|ов)?|ячейк[иа]|ячеек|стопк[иа]|стопок|столбц(?:ы|ов)|ряд(?:ы|ов)"
    r"|колонк[иа]|колонок|кучк[иа]|кучек|расклад(?:а|ы|ов)?|табло"
)
# Where a pile lies, said by an adverb (`Четыре стопки сверху справа`).
WHERE_ADVERBS = frozenset(
    {"сверху", "снизу", "справа", "слева", "наверху", "внизу", "вверху", "посередине"}
)
# Where a pile lies, said by what it lies by (`под основаниями`, `рядом с колодой`).
WHERE_BY = frozenset({"под", "над", "рядом", "возле", "около", "посреди", "центр", "середина"})
