//! Two readings of the end of a hand ruled as the engine plays them, written as games: a turn that
//! starts with an empty draw pile no reshuffle may or can refill ends the hand before the player draws,
//! and a draw of 2 that can give only one card keeps it and ends the hand without a going-out bonus.

use roundhouse::game::{Game, Seat, ToAct};
use roundhouse::games::express::cards::{Class, deck};
use roundhouse::games::express::state::{HandEnd, Phase};
use roundhouse::games::express::{Express, Kind};

use crate::express_tables::{Table, step};

/// Two seats dealt so many cards that `pile` are left to draw; nobody needs to meld (a large hand
/// limit), and seat 0 is far ahead, so the game ends with the first hand.
fn short_pile(pile: usize, reshuffles: u32) -> Express {
    let cards = deck(2).len();
    let mut table = Table::two(["", ""], "");
    table.rulings.deal = (cards - pile) / 2;
    assert_eq!(cards - 2 * table.rulings.deal, pile, "the deck splits so");
    table.rulings.max_hand = cards;
    table.rulings.reshuffles_per_hand = reshuffles;
    table.totals = Some(vec![500, 0]);
    table.start()
}

/// Draws for `seat` and discards a card that is neither a Disaster nor a Turntable.
fn draw_and_discard(game: &mut Express, seat: Seat) {
    step(game, seat, "draw");
    let card = game
        .seat(seat)
        .hand
        .iter()
        .copied()
        .find(|k| k.class() != Class::Disaster && *k != Kind::Turntable)
        .expect("a plain card to discard");
    step(game, seat, &format!("discard {}", card.code()));
}

#[test]
fn a_turn_that_no_reshuffle_can_feed_ends_the_hand_before_its_draw() {
    let mut game = short_pile(4, 3);
    draw_and_discard(&mut game, 0);
    let hand_before = game.seat(0).hand.len();
    step(&mut game, 1, "draw");
    let card = game.seat(1).hand[0];
    let events = step(&mut game, 1, &format!("discard {}", card.code()));
    assert_eq!(
        game.discard_pile().len(),
        2,
        "two discards: a reshuffle keeps 3"
    );
    assert_eq!(game.to_act(), ToAct::Over, "the hand, and the game, ended");
    assert_eq!(game.history()[0].1, HandEnd::DeckSpent);
    assert_eq!(game.seat(0).hand.len(), hand_before, "seat 0 drew nothing");
    assert!(
        events
            .iter()
            .any(|e| e.text.contains("Nothing is left to draw")),
        "{events:?}"
    );
    assert!(game.history()[0].0.iter().all(|s| s.bonus == 0), "no bonus");
}

#[test]
fn a_turn_after_the_last_allowed_reshuffle_ends_the_hand_before_its_draw() {
    // No reshuffle is allowed at all: three discards could refill the pile, but may not.
    let mut game = short_pile(6, 0);
    draw_and_discard(&mut game, 0);
    draw_and_discard(&mut game, 1);
    draw_and_discard(&mut game, 0);
    assert_eq!(game.draw_pile().len(), 0);
    assert_eq!(game.discard_pile().len(), 3, "more than a reshuffle keeps");
    assert_eq!(game.phase(), Phase::Over);
    assert_eq!(game.history()[0].1, HandEnd::DeckSpent);
    assert_eq!(game.reshuffles(), 0);
}

#[test]
fn a_draw_that_can_give_one_card_keeps_it_and_ends_the_hand_without_a_bonus() {
    // Three seats (the two-seat deck splits only into an even pile), dealt so that an odd pile is left.
    let cards = deck(3).len();
    let pile = (3..)
        .step_by(2)
        .find(|p| (cards - p).is_multiple_of(3))
        .expect("a pile");
    let mut table = Table::two(["", ""], "");
    table.players = 3;
    table.hands.push(String::new());
    table.dealer = 2;
    table.rulings.deal = (cards - pile) / 3;
    table.rulings.max_hand = cards;
    table.totals = Some(vec![500, 0, 0]);
    let mut game = table.start();
    while game.draw_pile().len() > 1 {
        let seat = game.current();
        draw_and_discard(&mut game, seat);
    }
    assert!(
        game.discard_pile().len() <= 3,
        "a reshuffle keeps 1 + 2 Turntables"
    );
    let seat = game.current();
    let before = game.seat(seat).hand.len();
    let last = game.draw_pile()[0];
    let events = step(&mut game, seat, "draw");
    assert_eq!(
        game.seat(seat).hand.len(),
        before + 1,
        "the one card is kept"
    );
    assert!(game.seat(seat).hand.contains(&last));
    assert_eq!(game.phase(), Phase::Over);
    assert_eq!(game.history()[0].1, HandEnd::DeckSpent);
    assert!(game.history()[0].0.iter().all(|s| s.bonus == 0), "no bonus");
    assert!(
        events
            .iter()
            .any(|e| e.text.contains("No card can be drawn")),
        "{events:?}"
    );
}
