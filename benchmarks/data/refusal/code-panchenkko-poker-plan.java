
/**
 * ПЛАН
 *
 * 1. Класс Gamer (Игрок)
 *      1.1. Свойства: int id, String name, int money, Cart oneCart, Cart twoCart, int store(выпавшая комбинация),
 *           boolean inGame, int rate(ставка)
 *      1.2. Конструктор: name, money
 *      1.3. getters, setters
 * 2. Класс Cart (Карта)
 *      2.1. Свойства: String value, String suit(масть), boolean inUse
 *      2.2. Конструктор: suit, color
 *      2.3. getters, setters
 * 3. Класс Deck (Колода)
 *      3.1. Свойства: Cart[] deck = new Cart[52]
 * 4. Класс Table (Стол)
 *      4.1. Свойства: Cart[] cart = new Cart[5], Gamer[] gamers = new Gamer[n]
 * 5. Класс Combination (Комбинации)
 *      5.1. Методы комбинаций
 */

public class index {
}
