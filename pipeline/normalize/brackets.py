"""Punctuation the OCR misread: a bracket closed by `;` (`(правило I; и играютъ`).

The bracket is otherwise never closed in its paragraph, and a `;` follows it closely: the
`;` is the lost `)`.
"""

from __future__ import annotations

import regex

# "(" + up to 40 characters without brackets or ";" + ";" with no ")" after it before the
# next "(" or the end of the paragraph. The "(" opens a bracket only where no letter or
# digit stands glued before it: inside a word it is a letter misread (`«Все(е», т. е.
# жукъ;`: Beetle's tl), whose `;` is the print's own.
_UNCLOSED = regex.compile(r"(?<![\p{L}\p{N}])\((?P<inner>[^()\n;]{1,40});(?=[^()\n]*(?:\(|\n|$))")


def semicolons_closing_brackets(text: str) -> list[int]:
    """Positions of the `;` that stand for the `)` of an otherwise unclosed bracket."""
    return [m.end() - 1 for m in _UNCLOSED.finditer(text)]
