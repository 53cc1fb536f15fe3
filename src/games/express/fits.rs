//! Which ways of laying each card fit the end of a train, per shape of end: [`TrainEnd::check_add`]'s
//! answers, asked once for every shape and kept. Listing wants them for every held card at every train
//! at every step; asked anew each time they were most of a random hand's instructions (callgrind).

use std::sync::OnceLock;

use super::cards::{ALL_KINDS, Class, KINDS, Kind, WILD_DECLARATIONS};
use super::notation::Laid;
use super::train::TrainEnd;

/// The ways a card may be laid: a Wild undeclared or as each car it may be; any other card as itself.
fn layings(card: Kind) -> impl Iterator<Item = Laid> {
    let plain = (card.class() != Class::Disaster
        && card.class() != Class::WayCar
        && card.class() != Class::Turntable)
        .then_some(Laid {
            card,
            declared: None,
        });
    let declarations: &'static [Kind] = if card == Kind::Wild {
        &WILD_DECLARATIONS
    } else {
        &[]
    };
    plain
        .into_iter()
        .chain(declarations.iter().map(move |&k| Laid {
            card,
            declared: Some(k),
        }))
}

/// Some layings of one card, a bit each: bit 0 undeclared, bit 1 + i declared as
/// `WILD_DECLARATIONS[i]`, which is the order of [`layings`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Layings(u16);

impl Layings {
    fn bit(laid: Laid) -> u16 {
        let index = laid.declared.map_or(0, |kind| {
            1 + WILD_DECLARATIONS
                .iter()
                .position(|&k| k == kind)
                .unwrap_or(WILD_DECLARATIONS.len())
        });
        1 << index
    }

    /// These layings of `card`, in the order of [`layings`].
    pub(super) fn of(self, card: Kind) -> impl Iterator<Item = Laid> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            let index = bits.trailing_zeros() as usize;
            bits &= bits.checked_sub(1)?;
            Some(Laid {
                card,
                declared: index.checked_sub(1).map(|i| WILD_DECLARATIONS[i]),
            })
        })
    }
}

/// The layings of each card that fit an end of `end`'s shape.
pub(super) fn fitting(end: &TrainEnd) -> &'static [Layings; KINDS] {
    static FITS: OnceLock<Vec<[Layings; KINDS]>> = OnceLock::new();
    let fits = FITS.get_or_init(|| {
        TrainEnd::every_shape()
            .map(|end| ALL_KINDS.map(|card| fits_now(&end, card)))
            .collect()
    });
    &fits[end.shape()]
}

/// The layings of `card` that fit `end`, asked of [`TrainEnd::check_add`].
fn fits_now(end: &TrainEnd, card: Kind) -> Layings {
    Layings(
        layings(card)
            .filter(|laid| end.check_add(laid.card, laid.declared).is_ok())
            .map(Layings::bit)
            .fold(0, |bits, bit| bits | bit),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::express::train::{Car, Role, Train};

    fn car(card: Kind, role: Role) -> Car {
        Car {
            card,
            role,
            fresh: false,
        }
    }

    /// Trains of every length up to 7 carrying each line, open Wild or not, Caboose or not.
    fn trains() -> Vec<Train> {
        let mut trains = vec![Train {
            loco: Kind::Diesel,
            cars: Vec::new(),
            fresh: true,
        }];
        for kind in [Kind::BoxCar, Kind::Reefer, Kind::Coach, Kind::Diesel] {
            for len in 1..=7 {
                let plain = Train {
                    loco: Kind::Wreck,
                    cars: vec![car(kind, Role::Plain); len],
                    fresh: false,
                };
                let mut open = plain.clone();
                open.cars.push(car(Kind::Wild, Role::Open));
                let mut caboose = plain.clone();
                caboose.cars.push(car(Kind::Caboose, Role::Plain));
                trains.extend([plain, open, caboose]);
            }
        }
        trains
    }

    #[test]
    fn the_kept_answers_are_check_adds_for_trains_of_every_length() {
        for train in trains() {
            let end = train.end();
            for card in ALL_KINDS {
                let kept: Vec<Laid> = fitting(&end)[card as usize].of(card).collect();
                let asked: Vec<Laid> = layings(card)
                    .filter(|laid| train.check_add(laid.card, laid.declared).is_ok())
                    .collect();
                assert_eq!(kept, asked, "{card} on {train:?}");
            }
        }
    }

    #[test]
    fn every_shape_is_listed_once_in_order() {
        let shapes: Vec<usize> = TrainEnd::every_shape().map(|end| end.shape()).collect();
        assert_eq!(shapes, (0..TrainEnd::SHAPES).collect::<Vec<_>>());
    }

    #[test]
    fn a_wild_fits_an_empty_end_undeclared_never_but_declared_as_every_declaration() {
        let kept: Vec<Laid> = fitting(&TrainEnd::EMPTY)[Kind::Wild as usize]
            .of(Kind::Wild)
            .collect();
        let declared: Vec<Option<Kind>> = kept.iter().map(|laid| laid.declared).collect();
        assert_eq!(
            declared,
            WILD_DECLARATIONS.map(Some).to_vec(),
            "a Wild in place 1 is declared as any car"
        );
    }
}
