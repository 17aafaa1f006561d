"""The interactive game: read a line, do what it says, show the table again.

Kept free of terminal I/O (lines come from any iterator, text goes to any writer) so a
test can play a whole scripted session. Nothing the player types ends the session except
`quit` and the end of input: every mistake is explained and play goes on.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Iterator
from typing import Any, TextIO

from pipeline.errors import PasyansError, clip, excerpt
from pipeline.play.hint import hint
from pipeline.render import Style, pile_map, render, result

HELP = """\
Type a move's number or its notation (as listed), or:
  undo         take back the last move
  hint         suggest a move (a card to a foundation first)
  moves        list the legal moves again      board   draw the table again
  names        where each pile lies, by name (what to type in a move)
  save FILE    save the game (a JSON record)   load FILE   continue a saved game
  help         this text                       quit    end the session"""

MOVES_PER_LINE_WIDTH = 100
AUTOS_SHOWN = 12


def moves_text(n: int) -> str:
    """`1 move`, `2 moves`."""
    return f"{n} move" if n == 1 else f"{n} moves"


class Session:
    """One player at one table. `state` is replaced on `load`; the game never changes."""

    def __init__(
        self,
        game: Any,
        state: Any,
        out: TextIO,
        *,
        style: Style | None = None,
        prompt: str = "",
        seed: int | None = None,
        until_over: bool = False,
    ) -> None:
        self.game = game
        self.state = state
        self.out = out
        self.style = style or Style()
        self.prompt = prompt
        self.seed = seed
        self.until_over = until_over  # non-interactive: the session ends with the game

    # -- output ------------------------------------------------------------------------
    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")

    def show(self) -> None:
        """The table, the status and the numbered legal moves."""
        from pipeline.play.title import title

        self.out.write(render(self.state, self.game, self.style, title=title(self.game, self.seed)))
        self.list_moves()

    def list_moves(self) -> None:
        moves = self.state.legal_moves()
        if not moves:
            self.say(f"no legal moves: the game is {result(self.state)}")
            return
        cells = [f"{i:>3}  {m.notation}" for i, m in enumerate(moves, 1)]
        cell_w = max(len(c) for c in cells) + 2
        per_line = max(1, MOVES_PER_LINE_WIDTH // cell_w)
        self.say(f"{moves_text(len(moves)).replace(' ', ' legal ')}:")
        for start in range(0, len(cells), per_line):
            row = cells[start : start + per_line]
            self.say("".join(c.ljust(cell_w) for c in row).rstrip())

    # -- the loop ----------------------------------------------------------------------
    def over(self) -> bool:
        """The game is won or lost (no legal move left)."""
        return self.state.is_won() or not self.state.legal_moves()

    def run(self, lines: Iterable[str]) -> None:
        """Play until `quit` or the end of `lines` (EOF ends the session cleanly), and
        with `until_over` also when the game is won or lost."""
        self.show()
        source = iter(lines)
        while not (self.until_over and self.over()):
            if self.prompt:
                self.out.write(self.prompt)
                self.out.flush()
            try:
                line = next(source)
            except StopIteration:
                if self.prompt:
                    self.say()
                return
            if not self.handle(line):
                return

    def handle(self, line: str) -> bool:
        """Do one command; False when the session should end."""
        text = line.strip()
        if not text:
            return True
        word, _, rest = text.partition(" ")
        word, rest = word.lower(), rest.strip()
        if word in ("quit", "exit", "q"):
            self.say("bye")
            return False
        command = {
            "help": self.cmd_help,
            "?": self.cmd_help,
            "moves": self.cmd_moves,
            "board": self.cmd_board,
            "names": self.cmd_names,
            "undo": self.cmd_undo,
            "hint": self.cmd_hint,
            "save": self.cmd_save,
            "load": self.cmd_load,
        }.get(word)
        if command is not None and word in ("save", "load", "hint"):
            self._guarded(word, command, _unquote(rest))
        elif command is not None and rest == "":
            command(rest)
        elif text.isascii() and text.isdigit():  # not "²": int() refuses it
            self.play_number(int(text))
        else:
            self.play_notation(text)
        return True

    def _guarded(self, word: str, command: Any, rest: str) -> None:
        """Run a command that reads or writes files, or searches, so that no error and no
        Ctrl-C ends the session: they leave the game as it was and return to the prompt
        (`load` replaces the game only once the saved one is read and replayed)."""
        try:
            command(rest)
        except KeyboardInterrupt:
            self.say(f"\n{word} interrupted: the current game goes on")
        except (PasyansError, OSError, ValueError, RecursionError, MemoryError) as err:
            reason = getattr(err, "strerror", None) or str(err)
            self.say(f"{word} failed: {excerpt(reason, 200)[1:-1]}; the current game goes on")

    # -- moves -------------------------------------------------------------------------
    def play_number(self, number: int) -> None:
        moves = self.state.legal_moves()
        if not 1 <= number <= len(moves):
            n = len(moves)
            there = f"there {'is' if n == 1 else 'are'} {n}" if n else "there are no legal moves"
            self.say(f"no move number {number}; {there}")
            return
        self._apply(moves[number - 1])

    def play_notation(self, text: str) -> None:
        try:
            move = self.state.parse_move(text)
        except (PasyansError, ValueError) as err:
            self.say(f"cannot play {excerpt(text)}: {getattr(err, 'message', err)}")
            return
        self._apply(move)

    def _apply(self, move: Any) -> None:
        try:
            self.state.apply(move)
        except (PasyansError, ValueError) as err:
            self.say(f"cannot play {move.notation!r}: {getattr(err, 'message', err)}")
            return
        self.say(f"played {move.notation}")
        if autos := self.automatic():
            self.say(f"then by the rules: {autos}")
        self.show()
        if self.state.is_won() and not self.until_over:
            self.say("You won! (undo, save, load or quit)")

    def automatic(self) -> str:
        """The actions the engine made by itself after the last move (refills, deals),
        repeated ones counted: `deal ×3, stock 5H rays.2`; empty when none or when the
        engine does not report them."""
        report = getattr(self.state, "automatic_moves", None)
        if report is None:
            return ""
        runs: list[list] = []
        for m in report():
            if runs and runs[-1][0] == m.notation:
                runs[-1][1] += 1
            else:
                runs.append([m.notation, 1])
        parts = [text if n == 1 else f"{text} ×{n}" for text, n in runs]
        if len(parts) > AUTOS_SHOWN:
            parts = [*parts[:AUTOS_SHOWN], f"… {len(parts) - AUTOS_SHOWN} more"]
        return ", ".join(parts)

    # -- commands ----------------------------------------------------------------------
    def cmd_help(self, _: str) -> None:
        self.say(HELP)

    def cmd_moves(self, _: str) -> None:
        self.list_moves()

    def cmd_board(self, _: str) -> None:
        self.show()

    def cmd_names(self, _: str) -> None:
        self.out.write(pile_map(self.game, self.style))

    def cmd_undo(self, _: str) -> None:
        if not self.state.history:
            self.say("nothing to undo")
            return
        last = self.state.history[-1]
        self.state.undo()
        self.say(f"undid {last.notation}")
        self.show()

    def cmd_hint(self, _: str) -> None:
        move = hint(self.game, self.state)
        if move is None:
            self.say(f"no legal moves: the game is {result(self.state)}")
            return
        number = self.state.legal_moves().index(move) + 1
        self.say(f"hint: {number}  {move.notation}")

    def cmd_save(self, name: str) -> None:
        """Write the record atomically (an interrupted save never leaves half a file),
        replacing only an earlier save."""
        from pipeline.atomic import write_text
        from pipeline.play.records import overwrite_refusal

        if not name:
            self.say("save needs a file name: save FILE")
            return
        if reason := overwrite_refusal(name):
            self.say(f"cannot save to {_shown(name)}: {reason}")
            return
        try:
            write_text(name, self.state.record().to_json())
        except OSError as err:
            self.say(f"cannot save to {_shown(name)}: {err.strerror or err}")
            return
        self.say(f"saved {moves_text(len(self.state.history))} to {_shown(name)}")

    def cmd_load(self, name: str) -> None:
        """Continue a saved game. A corrupt or foreign file is refused and left as it is;
        the current game goes on."""
        from pipeline.play.records import read_record

        if not name:
            self.say("load needs a file name: load FILE")
            return
        try:
            record, state = read_record(self.game, name)
        except PasyansError as err:
            self.say(f"cannot load {_shown(name)}: {clip(str(err))}")
            self.say("the current game goes on")
            return
        self.state = state
        self.seed = record.seed
        self.say(f"loaded {_shown(name)}: {moves_text(len(state.history))}")
        self.show()


def _shown(name: str) -> str:
    """A file name as the player typed it, or an excerpt of a very long one."""
    return name if len(name) <= 200 else excerpt(name)


def _unquote(name: str) -> str:
    """`save "my game.json"` names the file inside the quotes."""
    if len(name) >= 2 and name[0] == name[-1] and name[0] in "'\"":
        return name[1:-1]
    return name


MAX_LINE = 10_000  # characters of one typed or piped line that are read; a move is a few


def bounded_lines(stream: TextIO, limit: int = MAX_LINE) -> Iterator[str]:
    """The lines of `stream`, each cut to `limit` characters (the rest of a longer line
    is read and dropped): a piped line without end cannot fill the memory."""
    while True:
        line = stream.readline(limit + 1)
        if not line:
            return
        if len(line) > limit and not line.endswith("\n"):
            while (rest := stream.readline(limit)) and not rest.endswith("\n"):
                pass
            line = line[:limit]
        yield line


def interactive_lines(prompt: str) -> Iterable[str]:
    """Lines typed at a terminal, with line editing (`input()`); ends at EOF (Ctrl-D).
    Ctrl-C drops the line being typed instead of losing the game."""
    with contextlib.suppress(ImportError):  # not on every platform
        import readline  # noqa: F401  (line editing and history for input())
    while True:
        try:
            yield input(prompt)
        except EOFError:
            print()
            return
        except KeyboardInterrupt:  # as in Python's own prompt: drop the line, ask again
            print("\n(Ctrl-C: the line is dropped; quit or Ctrl-D ends the game)")
