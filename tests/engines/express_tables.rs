//! Explicit Express tables for the rules tests: the hands each seat is dealt and the top of the draw pile,
//! so no test depends on a seed.

use roundhouse::game::{Actor, Event, Game, RuleError, Seat};
use roundhouse::games::express::cards::deck;
use roundhouse::games::express::rulings::Rulings;
use roundhouse::games::express::{Express, ExpressOptions, ExpressSetup, Kind};

/// Cards from their codes.
pub fn cards(codes: &str) -> Vec<Kind> {
    codes
        .split_whitespace()
        .map(|c| Kind::parse(c).unwrap_or_else(|| panic!("no card {c}")))
        .collect()
}

/// A table being set up: seats' hands (padded from the rest of the deck in table order), the draw
/// pile's top, the dealer, the totals so far and the rulings.
pub struct Table {
    /// Seats.
    pub players: usize,
    /// The dealer (the seat after it plays first).
    pub dealer: Seat,
    /// Each seat's dealt hand, as codes.
    pub hands: Vec<String>,
    /// The top of the draw pile, as codes.
    pub draw: String,
    /// Totals before this hand.
    pub totals: Option<Vec<i32>>,
    /// The numbers of the rules.
    pub rulings: Rulings,
    /// The options.
    pub options: ExpressOptions,
}

impl Table {
    /// Two seats, seat 1 dealing (seat 0 plays first), 12 cards each.
    pub fn two(hands: [&str; 2], draw: &str) -> Table {
        Table {
            players: 2,
            dealer: 1,
            hands: hands.map(str::to_owned).to_vec(),
            draw: draw.to_owned(),
            totals: None,
            rulings: Rulings::default(),
            options: ExpressOptions::default(),
        }
    }

    /// The deck order that deals these hands and puts `draw` on top of the pile.
    pub fn deck(&self) -> Vec<Kind> {
        let mut pool = deck(self.players);
        let mut take = |kind: Kind| {
            let i = pool
                .iter()
                .position(|&k| k == kind)
                .unwrap_or_else(|| panic!("{kind} used more often than the deck has it"));
            pool.remove(i);
            kind
        };
        let mut hands: Vec<Vec<Kind>> = self
            .hands
            .iter()
            .map(|h| cards(h).into_iter().map(&mut take).collect())
            .collect();
        let draw: Vec<Kind> = cards(&self.draw).into_iter().map(&mut take).collect();
        let deal = self.rulings.deal;
        for hand in &mut hands {
            assert!(hand.len() <= deal, "a hand of more than {deal} cards");
            while hand.len() < deal {
                hand.push(pool.remove(0));
            }
        }
        let (players, dealer, hands) = (self.players, self.dealer, &hands);
        let mut order: Vec<Kind> = (0..deal)
            .flat_map(|round| (0..players).map(move |k| hands[(dealer + 1 + k) % players][round]))
            .collect();
        order.extend(draw);
        order.extend(pool);
        order
    }

    /// The game.
    pub fn start(&self) -> Express {
        let setup = ExpressSetup {
            dealer: self.dealer,
            decks: vec![self.deck()],
            totals: self.totals.clone(),
            rulings: self.rulings.clone(),
        };
        Express::start(self.options, self.players, setup, 7).expect("the table starts")
    }
}

/// Plays `text` for `actor` (a seat, or the table); panics with the refusal if it is refused.
pub fn step(game: &mut Express, actor: impl Into<Actor>, text: &str) -> Vec<Event> {
    let actor = actor.into();
    let action = text
        .parse()
        .unwrap_or_else(|e: RuleError| panic!("{text}: {e}"));
    game.apply(actor, &action)
        .unwrap_or_else(|e| panic!("{text} by {actor:?} refused: {e}"))
}

/// Plays several steps for one seat.
pub fn steps(game: &mut Express, seat: Seat, texts: &[&str]) {
    for text in texts {
        step(game, seat, text);
    }
}

/// Asserts that `text` is refused for `actor` (a seat, or the table) and changes nothing; returns the
/// refusal.
pub fn refused(game: &mut Express, actor: impl Into<Actor>, text: &str) -> String {
    let actor = actor.into();
    let before = serde_json::to_string(&*game).expect("serialises");
    let error = match text.parse() {
        Ok(action) => match game.apply(actor, &action) {
            Ok(_) => panic!("{text} by {actor:?} was accepted"),
            Err(e) => e,
        },
        Err(e) => e,
    };
    assert_eq!(
        serde_json::to_string(&*game).expect("serialises"),
        before,
        "the refused {text} changed the game"
    );
    error.message
}

/// Whether `text` is among `seat`'s legal steps now.
pub fn is_legal(game: &Express, seat: Seat, text: &str) -> bool {
    game.legal(seat).iter().any(|a| a.to_string() == text)
}
