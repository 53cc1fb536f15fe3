//! Samples of a table as one viewer might imagine it: everything public and the viewer's own hand and
//! Locos stay; the cards the viewer cannot see (other hands, other Locos, the draw pile) are dealt anew
//! into the same places.

use super::cards::{self, Kind};
use super::disasters::disaster;
use super::notation::Target;
use super::state::{Express, Phase};
use super::turn::take_from;
use crate::game::{GameRng, Viewer};

/// `game` with the cards hidden from `viewer` shuffled anew into their places, and the game's own
/// generator reseeded. The unseen cards are listed in deck order before they are shuffled, so the sample
/// depends only on what `viewer` sees and on `rng`. In games stored before every target was asked, a
/// target deciding on a block is known to hold the Way Car, so it keeps one.
pub fn resample_hidden(game: &Express, viewer: Viewer, rng: &mut GameRng) -> Express {
    let own = |seat| viewer == Viewer::Seat(seat);
    let mut unseen = cards::deck(game.players);
    let mut sample = game.clone();
    for seen in seen_cards(game, viewer) {
        take_from(&mut unseen, seen);
    }
    unseen.sort_unstable();
    let mut known: Option<(usize, Kind)> = None;
    if let Phase::Block(pending) = game.phase
        && !game.rulings.ask_every_target
    {
        let target = Target::from(pending.target).seat();
        if let (false, Some(spec)) = (own(target), disaster(pending.card))
            && take_from(&mut unseen, spec.way_car)
        {
            known = Some((target, spec.way_car));
        }
    }
    rng.shuffle(&mut unseen);
    let mut deal = unseen.into_iter();
    for (seat, cards) in sample.seats.iter_mut().enumerate() {
        if own(seat) {
            continue;
        }
        let mut first = known.filter(|(s, _)| *s == seat).map(|(_, k)| k);
        for card in cards.hand.iter_mut() {
            *card = first.take().or_else(|| deal.next()).unwrap_or(*card);
        }
        for train in cards.trains.iter_mut() {
            train.loco = deal.next().unwrap_or(train.loco);
        }
    }
    for card in sample.draw.iter_mut() {
        *card = deal.next().unwrap_or(*card);
    }
    if !own(game.current) {
        sample.before_melds.forget();
    }
    sample.rng = GameRng::seeded(rng.next_u64());
    sample
}

/// Every card `viewer` sees where it lies: all public places, and the viewer's own hand and Locos.
fn seen_cards(game: &Express, viewer: Viewer) -> Vec<Kind> {
    let mut seen = Vec::new();
    for (seat, cards) in game.seats.iter().enumerate() {
        let own = viewer == Viewer::Seat(seat);
        if own {
            seen.extend(&cards.hand);
        }
        seen.extend(cards.way_cars.iter().map(|w| w.card));
        for train in &cards.trains {
            if own {
                seen.push(train.loco);
            }
            seen.extend(train.cars.iter().map(|c| c.card));
        }
    }
    seen.extend(&game.discard);
    seen.extend(&game.slot);
    seen.extend(&game.set_aside);
    if let Phase::Block(pending) = game.phase {
        seen.push(pending.card);
    }
    seen.extend(std::iter::repeat_n(
        Kind::Turntable,
        usize::from(game.turntables_played),
    ));
    seen
}
