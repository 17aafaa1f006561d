"""The code constructs of real-dev-25 (grammar-60), each on a short program written for the
test in the construct's real spelling, and the program finder's cases they brought."""

from __future__ import annotations

from pathlib import Path

import pytest
from code_facts import said_in

from benchmarks.real_quality import run_text
from pipeline.segment.code import reading_text, unminified
from pipeline.segment.finding import names_in_program

# C++/CLI: each pile made in the loop, its cards added with `->`, the last one face up, the
# pile added to the tableau after the inner loop.
CPP_DEAL = """void NewGame()
{
    for (int i = 0; i < 7; i++)
    {
        Pile^ pile = gcnew Pile(i * 90, 200);
        for (int j = 0; j <= i; j++)
        {
            Card^ card = deck->DealCard();
            card->SetFaceUp(j == i);
            pile->AddCard(card);
        }
        tableauPiles->Add(pile);
    }
}
"""


def test_a_deal_loop_with_member_access_by_arrow() -> None:
    assert said_in(CPP_DEAL) == [("deal_triangle", 7, 3), ("deal_last_up", 1, 9)]


# A card's colour kept in a flag named for the card: `topRed != cardRed`.
COLOUR_FLAGS = """public class TableauPile : MonoBehaviour
{
    public virtual bool CanAccept(CardController card)
    {
        var cardData = card.GetComponent<CardData>();
        if (cards.Count == 0) return cardData.model.rank == 13;
        var topCard = cards[cards.Count - 1];
        var topData = topCard.GetComponent<CardData>();
        bool topRed = (topData.model.suit == Suit.Hearts || topData.model.suit == Suit.Diamonds);
        bool cardRed = (cardData.model.suit == Suit.Hearts || cardData.model.suit == Suit.Diamonds);
        return (topRed != cardRed) && (cardData.model.rank == topData.model.rank - 1);
    }
}
"""


def test_colour_flags_named_for_the_cards() -> None:
    assert said_in(COLOUR_FLAGS) == [
        ("space_rank", 13, 6),
        ("build_alt_colour", 1, 11),
        ("build_down", 1, 11),
    ]


# A rank looked up with its table of the order given second; another second argument (no
# table of ranks) says nothing of the order.
RANK_TABLE = """function canMoveToTableau(card, col) {
  if (col.length === 0) return card.rank === 'K'
  const top = col[col.length - 1]
  return isRed(card) !== isRed(top) &&
    rankValue(card.rank, RANKS) === rankValue(top.rank, RANKS) - 1
}
"""


def test_a_rank_looked_up_with_its_table() -> None:
    assert said_in(RANK_TABLE) == [
        ("space_rank", 13, 2),
        ("build_alt_colour", 1, 4),
        ("build_down", 1, 5),
    ]
    other = RANK_TABLE.replace("RANKS", "bonus")
    assert ("build_down", 1, 5) not in said_in(other)


# A handler's branch that makes the move where the pile is empty and the card a king.
HANDLER = """void OnMouseUp()
{
    for each (Pile^ pile in tableauPiles)
    {
        if (pile->IsEmpty() && firstCard->GetRank() == 13)
        {
            DropCards(dragSourcePile, pile, dragStartIndex);
            break;
        }
    }
}
"""


def test_a_handler_moves_a_king_into_a_space() -> None:
    assert said_in(HANDLER) == [("space_rank", 13, 5)]
    # a branch that only shows a message moves nothing: no rule
    shown = HANDLER.replace("DropCards(dragSourcePile, pile, dragStartIndex);", 'status = "K";')
    assert said_in(shown) == []


# Each pile's last card put in a set of the face-up cards after the deal loop.
FACE_SET = """function deal(deck) {
  const tableau = [[], [], [], [], [], [], []];
  for (let i = 0; i < 7; i++) {
    for (let j = 0; j <= i; j++) tableau[i].push(deck.pop());
  }
  const faceUp = new Set();
  for (const col of tableau) faceUp.add(col[col.length - 1].id);
  return { tableau, faceUp };
}
"""


def test_a_set_of_the_cards_face_up_after_the_deal() -> None:
    assert said_in(FACE_SET) == [
        ("made_columns", 7, 2),
        ("deal_triangle", 7, 3),
        ("deal_last_up", 1, 7),
    ]
    # the first card of each pile is not its last
    first = FACE_SET.replace("col[col.length - 1].id", "col[0].id")
    assert ("deal_last_up", 1, 7) not in said_in(first)


# A pile class's own rules: the test of an empty pile by a helper named for the rank, the
# pile's own deal read past a comment line, an array of pile objects counting the piles.
TABLE_PILE = """class TablePile extends CardPile {
  TablePile(int x, int y, int c) {
    super(x, y);
    // раздача карт в стопку
    for (int i = 0; i < c; i++) {
      addCard(Solitaire.deckPile.pop());
    }
    // перевернуть верхнюю карту
    top().flip();
  }

  public boolean canTake(Card aCard) {
    if (empty())
      return isKing(aCard);
    return false;
  }
}
"""


def test_a_table_pile_class_deals_its_own_cards_and_takes_a_king() -> None:
    assert said_in(TABLE_PILE) == [("deal_last_up", 1, 5), ("space_rank", 13, 14)]
    # the text as read ends the comment's sentence before the rule on the next line
    read = reading_text(TABLE_PILE).split("\n")
    assert read[3].strip() == "раздача карт в стопку"
    assert read[4].strip() == ". deal_last_up = 1."


def test_an_array_of_pile_objects_counts_the_piles() -> None:
    made = "public void init() {\n    tableau = new TablePile[7];\n    cards = new Card[52];\n}\n"
    assert said_in(made) == [("made_columns", 7, 2)]
    assert said_in(made.replace("new TablePile[7]", "new Card[7]")) == []


# A stock pile's class: its calls on itself are the stock's.
DECK_PILE = """class DeckPile extends CardPile {
  public void select(int tx, int ty) {
    if (empty()) {
      while (!Solitaire.discardPile.empty()) {
        Card kar = Solitaire.discardPile.pop();
        kar.flip();
        addCard(kar);
      }
    }
    Solitaire.discardPile.addCard(pop());
  }
}
"""


def test_a_stock_pile_class_turns_the_waste_back_and_draws_one() -> None:
    assert said_in(DECK_PILE) == [("turn_back", 1, 7), ("draw", 1, 10)]
    # the same calls in a class of no stock say nothing of it
    assert said_in(DECK_PILE.replace("class DeckPile", "class HandPile")) == []


def test_a_suit_pile_is_a_foundation() -> None:
    suit_pile = """class SuitPile extends CardPile {
  public boolean canTake(Card aCard) {
    if (empty()) return false;
    Card topCard = top();
    return aCard.suit() == topCard.suit() && aCard.rank() == 1 + topCard.rank();
  }
}
"""
    assert said_in(suit_pile) == [("found_suited", 1, 5)]


@pytest.mark.parametrize(
    ("line", "first", "names"),
    [
        ("Пасьянс «Косынка»", False, True),
        ('Режим "Паук"', False, True),
        ("Косынка", True, True),
        # a message to the player, the code's own English words, a value in small letters
        ("Нажмите «Собрать косынку»", False, False),
        ('Источник: "tableau" или "waste"', False, False),
        ('Переводит игру в состояние "играем"', False, False),
        # the code's own nouns: a state, a padding in pixels
        ("Состояния игры", True, False),
        ("Дополнительный отступ от границы", True, False),
    ],
)
def test_a_program_line_names_a_game(line: str, first: bool, names: bool) -> None:
    assert names_in_program(line, line, first=first) is names


# Numbered step comments inside a function (`// 1. Раздаем карты в tableau стопки`) go on
# with the untitled game the comments above began: one game, not two (a dev passage).
REAL = Path(__file__).resolve().parent.parent / "benchmarks" / "data" / "real"


def _games(tmp_path: Path, name: str, text: str) -> tuple[int, str | None]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    drafts, refusal = run_text(path)
    return len(drafts), refusal


def test_numbered_steps_in_a_program_are_one_game() -> None:
    drafts, refusal = run_text(REAL / "code-kosynka-cocos-orkestrator.txt")
    assert refusal is None
    assert [game_id for _, _, game_id in drafts] == ["untitled-code-kosynka-cocos-orkestrator-1"]


def test_a_pile_class_states_its_rules_by_code(tmp_path: Path) -> None:
    # two rules of play its code states, in source whose Russian names cards: a game
    found, refusal = _games(tmp_path, "DeckPile.java", "// Колода карт\n" + DECK_PILE)
    assert (found, refusal) == (1, None)
    # without a Russian word of cards: no Russian rule text
    found, refusal = _games(tmp_path, "DeckPile2.java", "// Класс\n" + DECK_PILE)
    assert found == 0 and refusal is not None


def test_a_list_of_strings_run_into_one_line_is_set_apart() -> None:
    items = [
        "Цель:",
        "Соберите все карты в наборы от короля до туза одной масти.",
        "Раздача:",
        "Десять колонок, верхняя карта каждой колонки открыта.",
        "Правила игры:",
        "Карту кладут на карту старше на одну.",
    ]
    line = "private static readonly string[] ru = [ " + ", ".join(f'"{x}"' for x in items) + " ];"
    read = unminified(line + "\n")
    assert len(read) == len(line) + 1
    assert [x.strip(' ",[];') for x in read.split("\n")[1:-1]] == items[1:]
    # three strings are no list of lines
    short = "private static readonly string[] ru = [ " + ", ".join(f'"{x}"' for x in items[:3])
    short += " ];" + " " * 200
    assert unminified(short) == short


# A gettext catalogue run into one line: its entries apart again, a list's term closed as a
# line of the game (not a heading of another), as on the catalogue's own lines.
CATALOGUE = """#. (itstool) path: sect1/title
#: C/wall.xml:17
msgid "Wall"
msgstr "Стена"

#. (itstool) path: varlistentry/term
#: C/wall.xml:53
msgid "Low Guard Post"
msgstr "Нижний пост охраны"

#. (itstool) path: row/entry
#: C/wall.xml:54
msgid ""
"Four piles of three cards, placed face down initially."
msgstr ""
"Четыре стопки по три карты, изначально выложенные лицом вниз."
"""


def test_a_catalogue_run_into_one_line_reads_as_its_lines() -> None:
    one_line = " ".join(CATALOGUE.split()) + "\n"
    apart = unminified(one_line)
    assert apart.splitlines()[:5] == [
        "#. (itstool) path: sect1/title",
        "#: C/wall.xml:17",
        'msgid "Wall"',
        'msgstr "Стена"',
        "#. (itstool) path: varlistentry/term",
    ]
    read = reading_text(one_line)
    assert "Нижний пост охраны." in read
    assert "Стена." not in read
    assert "Нижний пост охраны." in reading_text(CATALOGUE)
