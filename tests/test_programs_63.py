"""Programs of the twenty-sixth collection's kinds (issue 18; sixty-third round): what a
program's source states and what it only looks for or checks, each on a short program
written for this test in the construct's real spelling (none is a development passage)."""

from __future__ import annotations

from pathlib import Path

from code_facts import key_facts, said_in

from benchmarks.real_quality import run_text
from pipeline.segment.code import reading_text
from pipeline.segment.finding import title_like

# Java: the deal takes the card at a running index (`deck.get(idx++)`) and says which cards
# lie face down (`faceDown = (row < col)`: all but each pile's last)
JAVA_DEAL = """public class Engine {
    public void deal() {
        List<Card> deck = createDeck();
        int idx = 0;
        for (int col = 0; col < 7; col++) {
            for (int row = 0; row <= col; row++) {
                Card card = deck.get(idx++);
                card.faceDown = (row < col);
                tableaux.get(col).cards.add(card);
            }
        }
    }
}
"""


def test_a_deal_that_takes_the_card_at_a_running_index() -> None:
    assert said_in(JAVA_DEAL) == [("deal_triangle", 7, 5), ("deal_last_up", 1, 8)]


# the waste turned over on one line, then all of it put back on the stock on the next
TURN_BACK = """public void drawFromStock() {
    if (stock.cards.isEmpty()) {
        Collections.reverse(waste.cards);
        stock.pushAll(waste.pop(waste.cards.size()));
    } else {
        waste.push(stock.pop());
    }
}
"""


def test_the_waste_reversed_then_put_back_on_the_stock() -> None:
    assert ("turn_back", 1, 4) in said_in(TURN_BACK)
    # put back without being turned over: no turning back is said
    assert not [
        s
        for s in said_in(TURN_BACK.replace("Collections.reverse(waste.cards);", ""))
        if s[0] == "turn_back"
    ]


# an interface whose comments name the checks its methods make, as indirect questions: no rule
CHECKS = """export interface IRules {
    /**
     * Проверяет, может ли колонка принять карту
     */
    canColumnAccept(column: IColumn, card: ICard): boolean;
    /**
     * Проверяет, можно ли переместить группу карт из колонки
     */
    canMoveGroup(cards: ICard[]): boolean;
    // Проверить, выиграна ли игра
    isWon(): boolean;
}
"""


def test_comments_that_name_a_check_state_no_rule(tmp_path: Path) -> None:
    read = reading_text(CHECKS)
    assert "Проверяет" not in read and "выиграна" not in read
    path = tmp_path / "IRules.ts"
    path.write_text(CHECKS, encoding="utf-8")
    games, refusal = run_text(path)
    assert games == [] and refusal is not None and "no Russian patience game found" in refusal


def test_a_check_that_says_what_it_allows_is_read() -> None:
    said = "    // Проверяет, можно ли положить карту на пустую ячейку (только король)\n"
    assert "только король" in reading_text(said + "boolean canPut(Card c) { return true; }\n")


# a test of a game's page: the strings it looks for in the page are the page's, not its own
PAGE_TEST = '''def test_rules_are_on_the_page(client):
    """Правила объясняются на самой странице."""
    text = client.get("/spider").text
    assert "одной масти" in text
    assert "пустых столбцов" not in text
    assert name.contains("Паук")
    message = "Карты кладутся на карту старше на единицу."
'''


def test_strings_a_program_looks_for_are_not_read() -> None:
    read = reading_text(PAGE_TEST)
    assert "одной масти" not in read and "пустых столбцов" not in read and "Паук" not in read
    assert "Карты кладутся на карту старше на единицу." in read
    assert "Правила объясняются на самой странице." in read


# a Golf's «запас»: its cards turned one at a time and laid only on the foundation (the waste
# of other books) are the stock's, not a reserve's (aa18ea52 read any «запас» whose cards go
# only to the foundations as a reserve)
GOLF = (
    "Гольф\n\nПасьянс раскладывается одной колодой в 52 карты. Карты раздаются в семь столбцов "
    "по пять карт, все лицом вверх. Оставшиеся карты образуют запас.\n\nКарты из запаса "
    "открываются по одной и кладутся только на основание. На основание можно положить карту из "
    "столбца, если она на единицу старше или младше верхней карты основания.\n"
)


def test_a_zapas_turned_one_at_a_time_is_the_stock_though_it_feeds_the_foundation() -> None:
    facts = key_facts(GOLF)
    assert (facts["stock.turn"], facts["reserve.piles"]) == (1, 0)


def test_a_check_that_names_what_it_checks_for_is_read() -> None:
    said = "    // Проверка: можно ли положить на пустое место только короля\n"
    assert "только короля" in reading_text(said + "bool canPut(Card c) { return true; }\n")


def test_a_line_broken_off_after_a_comma_inside_quotes_is_no_title() -> None:
    assert not title_like('Будучи опустошённой, "')
    assert title_like("«Паук»") and title_like('Первый закон"')
