//! The legal steps of the seat to act, and a label for each.

use super::attack::describe_target;
use super::cards::{Class, KINDS, Kind, KindSet, WILD_DECLARATIONS};
use super::disasters::{Aim, disaster};
use super::fits::fitting;
use super::notation::{Action, Cars, Laid, Target};
use super::state::{Express, Phase};
use super::train::TrainEnd;
use super::turn::describe_laid;
use crate::game::seat_ref;
use crate::plural::with_article;

impl Express {
    /// Every legal step of the seat to act.
    pub(super) fn legal_steps(&self, steps: &mut Vec<Action>) {
        match self.phase {
            Phase::Over => {}
            Phase::Block(pending) => {
                if self.target_holds_way_car(&pending) {
                    steps.push(Action::Block);
                }
                steps.push(Action::Allow);
            }
            Phase::Draw => {
                steps.push(Action::Draw);
                if !self.discard.is_empty() {
                    steps.push(Action::Take);
                }
            }
            Phase::Meld if self.stuck => steps.push(Action::Redraw),
            Phase::Meld => {
                self.meld_steps(steps);
                if steps.is_empty() {
                    steps.push(Action::Redraw);
                }
            }
        }
    }

    fn meld_steps(&self, steps: &mut Vec<Action>) {
        let cards = &self.seats[self.current];
        let (held, twice) = KindSet::held(&cards.hand);
        let mut distinct = [Kind::Wild; KINDS];
        let mut count = 0;
        for kind in held.iter() {
            distinct[count] = kind;
            count += 1;
        }
        let kinds = &distinct[..count];
        let may_lay = cards.hand.len() > 1;
        let may_start = cards.hand.len() > 2;
        if self.before_melds.get().is_some() {
            steps.push(Action::Reset);
        }
        if may_lay {
            let way_cars = kinds.iter().filter(|card| card.class() == Class::WayCar);
            steps.extend(way_cars.map(|&card| Action::Way(card)));
        }
        for (t, train) in cards.trains.iter().enumerate() {
            let end = train.end();
            let fits = (may_lay && end.open()).then(|| fitting(&end));
            for &card in kinds {
                if let Some(fits) = fits {
                    let adds = fits[card as usize].of(card);
                    steps.extend(adds.map(|laid| Action::Add { train: t, laid }));
                }
                if card != train.loco {
                    steps.push(Action::Swap { train: t, card });
                }
            }
        }
        if may_start {
            let firsts = FirstsInHand::of(kinds);
            for &loco in kinds {
                let lone = !twice.contains(loco);
                let starts = firsts.as_slice().iter();
                let starts = starts.filter(|first| !(lone && first.card == loco));
                steps.extend(starts.map(|&first| Action::Start {
                    loco,
                    cars: Cars::one(first),
                }));
            }
        }
        self.drop_dead_ends(steps);
        if self.discard_problem().is_none() {
            for &card in kinds {
                if card.class() == Class::Disaster {
                    self.disaster_steps(card, steps);
                } else {
                    steps.push(Action::Discard(card));
                }
            }
        }
    }

    /// Drops the melds after which the turn could no longer end (only `reset` would be left). A step
    /// changes by a few cards at most how many the seat must keep, so with room to spare only a start
    /// with a lone Wild, which may wait for ever for its second car, is asked about.
    fn drop_dead_ends(&self, steps: &mut Vec<Action>) {
        let position = self.position();
        let Some(room) = self.room_to_spare(&position) else {
            steps.retain(|step| matches!(step, Action::Reset));
            return;
        };
        let wild_first = |step: &Action| match step {
            Action::Start { cars, .. } => cars.as_slice()[0].card == Kind::Wild,
            _ => false,
        };
        steps.retain(|step| {
            (room > MOST_ONE_MELD_COSTS && !wild_first(step))
                || self.meld_keeps_an_end(&position, step)
        });
    }

    /// Whether `redraw` is legal: the hand cannot get down to the limit, or no step at all is left.
    pub(super) fn redraw_allowed(&self) -> bool {
        let mut steps = Vec::new();
        self.stuck || {
            self.meld_steps(&mut steps);
            steps.is_empty()
        }
    }

    /// The Disaster steps of `card` for the seat to act: one per legal target (none in the first round).
    /// A seat that may not be aimed at is passed over whole, rather than asked about train by train.
    pub(super) fn disaster_steps(&self, card: Kind, steps: &mut Vec<Action>) {
        if self.first_round {
            return;
        }
        let Some(spec) = disaster(card) else {
            return;
        };
        for seat in 0..self.players {
            if self.seat_problem(spec, seat).is_some() {
                continue;
            }
            if spec.aim == Aim::Player {
                steps.push(Action::Disaster {
                    card,
                    target: Target::Player(seat),
                });
                continue;
            }
            let before = steps.len();
            let aims = self.train_aims(spec, seat);
            steps.extend(aims.map(|target| Action::Disaster { card, target }));
            if steps.len() == before {
                // None of the seat's trains can be hit: aimed at the seat, it removes a laid Way Car.
                if self.aim_problem(spec, Target::Player(seat)).is_none() {
                    steps.push(Action::Disaster {
                        card,
                        target: Target::Player(seat),
                    });
                }
            }
        }
    }

    /// A label for a step, in words.
    pub(super) fn describe(&self, action: &Action) -> String {
        match *action {
            Action::Draw => "Draw 2 from the draw pile".into(),
            Action::Take => match self.discard.last() {
                Some(card) => format!("Take the {card} from the discard pile"),
                None => "Take the top discard".into(),
            },
            Action::Redraw => "Show this impossible hand, set it aside and draw as many".into(),
            Action::Start { loco, cars } => format!(
                "Start a train: {loco} as the Loco (face down), then {}",
                cars.as_slice()
                    .iter()
                    .map(|&l| describe_laid(l))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Action::Add { train, laid } => {
                format!("Add {} to train {}", describe_laid(laid), train + 1)
            }
            Action::Way(card) => format!("Lay {}", with_article(card.name())),
            Action::Swap { train, card } => {
                format!(
                    "Make the {card} the Loco of train {} (the old Loco to hand)",
                    train + 1
                )
            }
            Action::Reset => "Take back this turn's melds".into(),
            Action::Discard(Kind::Turntable) => {
                "Discard the Turntable: reverse play and take another turn".into()
            }
            Action::Discard(card) => format!("Discard {}", with_article(card.name())),
            Action::Disaster {
                card,
                target: Target::Player(seat),
            } if disaster(card).is_some_and(|spec| spec.aim != Aim::Player) => format!(
                "Play {card} on {}: it removes their laid {}",
                seat_ref(seat),
                disaster(card).map_or(card, |spec| spec.way_car)
            ),
            Action::Disaster { card, target } => {
                format!("Play {card} on {}", describe_target(target))
            }
            Action::Block => match self.phase {
                Phase::Block(pending) => format!(
                    "Block the {} of {} with your Way Car (permanent for the hand)",
                    pending.card,
                    seat_ref(pending.attacker)
                ),
                _ => "Block the Disaster".into(),
            },
            Action::Allow => "Let the Disaster happen".into(),
            Action::Deadline => "The deadline has passed: this hand is the last".into(),
            Action::End => {
                "End the hand as it stands (the deadline has passed); no going-out bonus".into()
            }
        }
    }
}

/// The most cards one meld but a lone Wild's start can add to the fewest the seat must keep: a card laid
/// where it stops another starting a train (one Disaster fewer laid as its Loco), and up to two more kept
/// so that a card it may discard stays.
const MOST_ONE_MELD_COSTS: usize = 4;

/// The most one-car starts a hand offers per Loco: each kind first, the Wild as each car it may be.
const MOST_FIRSTS_IN_HAND: usize = KINDS + WILD_DECLARATIONS.len();

/// The ways the kinds of one hand may go first in a new train (what may start a train is what fits the
/// end of a train without cars), in listing order: gathered once per listing rather than asked again
/// for every Loco.
struct FirstsInHand {
    len: usize,
    firsts: [Laid; MOST_FIRSTS_IN_HAND],
}

impl FirstsInHand {
    fn of(kinds: &[Kind]) -> FirstsInHand {
        let fits = fitting(&TrainEnd::EMPTY);
        let none = Laid {
            card: Kind::Wild,
            declared: None,
        };
        let mut list = FirstsInHand {
            len: 0,
            firsts: [none; MOST_FIRSTS_IN_HAND],
        };
        for &first in kinds {
            for laid in fits[first as usize].of(first) {
                list.firsts[list.len] = laid;
                list.len += 1;
            }
        }
        list
    }

    fn as_slice(&self) -> &[Laid] {
        &self.firsts[..self.len]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, GameRng};
    use crate::games::express::ExpressOptions;

    #[test]
    fn labels_name_a_card_with_the_article_its_sound_takes() {
        let options = ExpressOptions::default();
        let setup = Express::deal(&options, 3, &mut GameRng::seeded(1));
        let game = Express::start(options, 3, setup, 1).unwrap();
        assert_eq!(game.describe(&Action::Way(Kind::Office)), "Lay an Office");
        assert_eq!(game.describe(&Action::Way(Kind::Boom)), "Lay a Boom");
        assert_eq!(
            game.describe(&Action::Discard(Kind::AutoCarrier)),
            "Discard an Auto Carrier"
        );
        assert_eq!(
            game.describe(&Action::Discard(Kind::Hopper)),
            "Discard a Hopper"
        );
    }
}
