//! A computer player for an Express seat. It decides from its seat's view and legal steps only: it takes
//! the top discard when it will add it to a train this turn, melds every car that fits, starts trains
//! from pairs with its least useful card as the Loco, keeps Way Cars in hand to block (laying them when
//! the hand must shrink), blocks every Disaster it can, plays Disasters on the leader, and discards what
//! it can least use and the next player could not use either. Every step it picks is one of the legal
//! steps, so it never stalls; and it never goes round in circles: a turn that takes the top discard
//! melds it (so the draw pile, or what lies in trains, moves on), and a Loco swap must make the hand
//! worth more and leave a card to discard (so no swap undoes another).

use super::cards::{ALL_KINDS, Class, Kind};
use super::disasters::{Effect, disaster};
use super::notation::{Action, Target};
use super::train::{Line, TrainEnd};
use super::view::{ExpressView, SeatView, TrainView};
use crate::game::{BotPlayer, Game, GameRng, Seat, SeatSight, Viewer};

/// Most cards the bot keeps at the end of a turn before it lays Way Cars to make room.
const HAND_LIMIT: usize = 5;
/// Trains the bot is content with: going out needs two long ones, and more trains each need 3 cars.
const ENOUGH_TRAINS: usize = 2;
/// Noise that breaks ties between equally good steps (and varies a turn taken back by `reset`).
const JITTER: f64 = 0.5;
/// A step the bot takes only when nothing else is legal.
const LAST_RESORT: f64 = -1000.0;
/// How much more a Loco swap must make the hand worth for the bot to make it.
const MIN_SWAP_GAIN: f64 = 3.0;
/// What drawing from the draw pile is worth.
const DRAW: f64 = 5.0;
/// A meld that would leave no card the turn may end with.
const STRANDED: f64 = -60.0;
/// Below this the best step only shuffles cards around (a swap, a reset): the bot has melded itself into
/// a corner, and picks a random step (never `end`) so that taking the turn back leads elsewhere.
const CORNERED: f64 = -30.0;

impl BotPlayer for super::Express {
    fn choose(sight: &SeatSight<'_, super::Express>, rng: &mut GameRng) -> Action {
        let legal = sight.legal();
        if legal.len() == 1 {
            return legal[0];
        }
        let view = sight.view();
        Bot::sighted(sight, &view, rng).pick(&legal, rng)
    }
}

/// Whether every step the seat of `sight` may take now only shuffles cards around (a swap, a reset)
/// in the normal bot's judgement: it has melded itself into a corner.
pub(super) fn cornered(sight: &SeatSight<'_, super::Express>, rng: &mut GameRng) -> bool {
    let view = sight.view();
    let me = Bot::sighted(sight, &view, rng);
    sight
        .legal()
        .iter()
        .all(|action| me.worth(action) < CORNERED)
}

/// The normal bot's step for `seat` of a full state (a sample the search plays on), one of `legal`:
/// the same judgement as [`BotPlayer::choose`], which the state answers without sampling.
pub(super) fn heuristic_step(
    game: &super::Express,
    seat: Seat,
    legal: &[Action],
    rng: &mut GameRng,
) -> Action {
    if legal.len() == 1 {
        return legal[0];
    }
    let view = game.view(Viewer::Seat(seat));
    Bot::on_table(game, &view, seat).pick(legal, rng)
}

/// Keeps the `keep` steps of `steps` (the legal steps of `seat` in the full state `game`) the normal
/// bot values most, best first, leaving out those that move nothing on: a step that only shuffles cards
/// around (a swap the next could undo, a reset) and a take from the discard pile the normal bot would
/// not make (a card passed from hand to hand while the draw pile stands still). A search would take
/// them for ever, each putting the opponents' turns further beyond its horizon. All of them when the
/// best only shuffles cards around, or when none moves the game on.
pub(super) fn best_steps(game: &super::Express, seat: Seat, steps: &mut Vec<Action>, keep: usize) {
    if steps.len() <= 1 {
        return;
    }
    let view = game.view(Viewer::Seat(seat));
    let me = Bot::on_table(game, &view, seat);
    let mut ranked: Vec<(f64, Action)> = steps.iter().map(|&a| (me.worth(&a), a)).collect();
    ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
    if ranked[0].0 < CORNERED {
        return;
    }
    let kept: Vec<Action> = ranked
        .into_iter()
        .filter(|&(worth, action)| moves_on(action, worth))
        .take(keep)
        .map(|(_, a)| a)
        .collect();
    if !kept.is_empty() {
        *steps = kept;
    }
}

/// Whether a step the normal bot values at `worth` moves the game on (see [`best_steps`]).
fn moves_on(action: Action, worth: f64) -> bool {
    match action {
        Action::Take => worth > DRAW,
        _ => worth >= CORNERED,
    }
}

/// The distinct Disasters in `hand`.
fn held_disasters(hand: &[Kind]) -> Vec<Kind> {
    let mut kinds: Vec<Kind> = hand
        .iter()
        .copied()
        .filter(|k| k.class() == Class::Disaster)
        .collect();
    kinds.sort_unstable();
    kinds.dedup();
    kinds
}

/// What the bot knows while it weighs its steps.
struct Bot<'a> {
    view: &'a ExpressView,
    seat: Seat,
    own: &'a SeatView,
    /// Whether each kind of card may go at the end of one of its own trains ([`extended_kinds`]).
    extends_own: [bool; ALL_KINDS.len()],
    hand: Vec<Kind>,
    /// The Disasters in hand that have a legal target now.
    aimed: Vec<Kind>,
}

/// The Disasters in `hand` that could be played now. Targets depend only on what lies on the table, so
/// any sample of the hidden cards answers alike.
fn aimed_disasters(
    sight: &SeatSight<'_, super::Express>,
    hand: &[Kind],
    rng: &mut GameRng,
) -> Vec<Kind> {
    let mut kinds = held_disasters(hand);
    if kinds.is_empty() {
        return kinds;
    }
    let table = sight.sample(rng);
    let mut steps = Vec::new();
    kinds.retain(|&card| {
        steps.clear();
        table.disaster_steps(card, &mut steps);
        !steps.is_empty()
    });
    kinds
}

/// Whether `card` may go at the end of one of `trains` (a Wild always may be declared to fit).
fn extends(trains: &[TrainView], card: Kind) -> bool {
    trains.iter().any(|t| {
        let end = TrainEnd::of(&t.cars);
        end.check_add(card, None).is_ok()
            || (card == Kind::Wild && end.line().is_some() && end.open())
    })
}

/// For each kind of card, in [`ALL_KINDS`] order, whether it may go at the end of one of `trains`
/// ([`extends`]): read once for a bot's own trains, which every card's usefulness asks about.
fn extended_kinds(trains: &[TrainView]) -> [bool; ALL_KINDS.len()] {
    ALL_KINDS.map(|kind| extends(trains, kind))
}

impl<'a> Bot<'a> {
    fn new(view: &'a ExpressView, seat: Seat) -> Bot<'a> {
        let own = &view.seats[seat];
        Bot {
            view,
            seat,
            own,
            extends_own: extended_kinds(&own.trains),
            hand: own.hand.clone().unwrap_or_default(),
            aimed: Vec::new(),
        }
    }

    /// The bot of the seat of `sight` (whose view is `view`), which knows its aimed Disasters from
    /// samples of what it cannot see.
    fn sighted(
        sight: &SeatSight<'_, super::Express>,
        view: &'a ExpressView,
        rng: &mut GameRng,
    ) -> Bot<'a> {
        let mut me = Bot::new(view, sight.seat());
        me.aimed = aimed_disasters(sight, &me.hand, rng);
        me
    }

    /// The bot of `seat` at the full state `game` (whose view of it is `view`), which knows its aimed
    /// Disasters without sampling.
    fn on_table(game: &super::Express, view: &'a ExpressView, seat: Seat) -> Bot<'a> {
        let mut me = Bot::new(view, seat);
        me.aimed = held_disasters(&me.hand);
        let mut steps = Vec::new();
        me.aimed.retain(|&card| {
            steps.clear();
            game.disaster_steps(card, &mut steps);
            !steps.is_empty()
        });
        me
    }

    /// The best of `legal` by [`Bot::worth`] (ties broken at random), or any step at random when the
    /// best only shuffles cards around.
    fn pick(&self, legal: &[Action], rng: &mut GameRng) -> Action {
        let mut best = (f64::MIN, 0);
        for (i, action) in legal.iter().enumerate() {
            let worth = self.worth(action) + JITTER * rng.fraction();
            if worth > best.0 {
                best = (worth, i);
            }
        }
        if best.0 < CORNERED {
            return legal[rng.index(legal.len())];
        }
        legal[best.1]
    }

    /// Copies of `kind` in hand.
    fn held(&self, kind: Kind) -> usize {
        self.hand.iter().filter(|&&k| k == kind).count()
    }

    /// Cards the hand must lose before a discard is allowed.
    fn over(&self) -> usize {
        self.hand.len().saturating_sub(HAND_LIMIT + 1)
    }

    /// How much the bot wants to keep `kind` (higher: keep).
    fn usefulness(&self, kind: Kind) -> f64 {
        let extends_own = self.extends_own[kind as usize];
        match kind.class() {
            Class::Wild => 10.0,
            Class::Caboose => {
                if self.own.trains.iter().any(|t| t.cars.len() >= 3) {
                    6.0
                } else {
                    2.0
                }
            }
            Class::WayCar => 5.0,
            Class::Disaster => {
                if self.view.first_round {
                    3.0
                } else {
                    6.0
                }
            }
            Class::Turntable => 1.0,
            Class::Freight | Class::Passenger if extends_own => 8.0 + f64::from(kind.value()),
            Class::Freight if self.held(kind) >= 2 => 5.0 + f64::from(kind.value()) / 2.0,
            Class::Passenger
                if self
                    .hand
                    .iter()
                    .filter(|k| k.class() == Class::Passenger)
                    .count()
                    >= 2 =>
            {
                5.0
            }
            Class::Freight | Class::Passenger => 1.0 - f64::from(kind.value()) / 5.0,
        }
    }

    /// The seat that plays after the bot.
    fn next_seat(&self) -> Seat {
        let players = self.view.seats.len();
        if self.view.clockwise {
            (self.seat + 1) % players
        } else {
            (self.seat + players - 1) % players
        }
    }

    /// How far ahead a seat is: its total and what its trains are worth now.
    fn threat(&self, seat: Seat) -> f64 {
        let cards = &self.view.seats[seat];
        let trains: i32 = cards.trains.iter().map(|t| t.value).sum();
        f64::from(cards.total) + f64::from(trains) / 2.0
    }

    /// The other seat furthest ahead by [`Bot::threat`].
    fn leader(&self) -> Seat {
        (0..self.view.seats.len())
            .filter(|&s| s != self.seat)
            .max_by(|&a, &b| self.threat(a).total_cmp(&self.threat(b)))
            .unwrap_or(self.seat)
    }

    /// Whether `kind` may be the turn's discard (a Disaster only with a legal target).
    fn discardable(&self, kind: Kind) -> bool {
        kind.class() != Class::Disaster || self.aimed.contains(&kind)
    }

    /// Whether the hand still holds a card to discard once `removed` has left it.
    fn keeps_a_discard(&self, removed: &[Kind]) -> bool {
        self.hand.iter().any(|&k| {
            self.discardable(k) && self.held(k) > removed.iter().filter(|&&r| r == k).count()
        })
    }

    fn worth(&self, action: &Action) -> f64 {
        let melded: &[Kind] = match action {
            Action::Add { laid, .. } => &[laid.card],
            Action::Way(card) => &[*card],
            Action::Start { loco, cars } => &[*loco, cars.as_slice()[0].card],
            _ => &[],
        };
        if !melded.is_empty() && !self.keeps_a_discard(melded) {
            return STRANDED;
        }
        let cornered = !self.keeps_a_discard(&[]);
        match *action {
            Action::Reset if cornered => STRANDED + 10.0,
            Action::Block => 100.0,
            Action::Allow => 0.0,
            Action::Draw => DRAW,
            Action::Take => match self.view.discard.last() {
                Some(&top) if self.would_add(top) => 10.0,
                // A third car of a kind is worth taking only if the bot would then start a train with
                // it (a Loco and a discard to spare, and a start it values).
                Some(&top)
                    if top.class() == Class::Freight
                        && self.held(top) >= 2
                        && self.hand.len() >= 4
                        && self.keeps_a_discard(&[])
                        && self.would_start_with(top) =>
                {
                    8.0
                }
                _ => 0.0,
            },
            Action::Redraw => 0.0,
            Action::End | Action::Deadline | Action::Reset => LAST_RESORT,
            Action::Add { train, laid } => self.add_worth(train, laid.card, laid.declared),
            Action::Start { loco, cars } => {
                let first = cars.as_slice()[0];
                self.start_worth(loco, first.card)
            }
            Action::Way(_) if self.over() > 0 || self.hand.len() <= 3 => 25.0,
            Action::Way(_) => -5.0,
            Action::Swap { train, card } => self.swap_worth(train, card, cornered),
            Action::Discard(card) => self.discard_worth(card),
            Action::Disaster { card, target } => self.disaster_worth(card, target),
        }
    }

    fn add_worth(&self, train: usize, card: Kind, declared: Option<Kind>) -> f64 {
        let cars = &self.own.trains[train].cars;
        match card {
            Kind::Caboose if cars.len() >= 3 || self.over() > 0 => 22.0,
            Kind::Caboose => -5.0,
            Kind::Wild => {
                let line = TrainEnd::of(cars).line();
                let fits = match (declared, line) {
                    (None, _) => true,
                    (Some(kind), Some(Line::Freight(carried))) => kind == carried,
                    (Some(kind), _) => kind.class() == Class::Passenger,
                };
                if fits && (cars.len() >= 2 || self.over() > 0) {
                    21.0
                } else {
                    -20.0
                }
            }
            _ if cars.len() < 3 => 36.0 + f64::from(card.value()),
            _ => 30.0 + f64::from(card.value()),
        }
    }

    /// The bot as it would be with `hand` instead of its own.
    fn holding(&self, hand: Vec<Kind>) -> Bot<'a> {
        Bot {
            hand,
            aimed: self.aimed.clone(),
            ..*self
        }
    }

    /// What the whole hand is worth keeping: the usefulness of each of its cards, among the others.
    fn hand_worth(&self) -> f64 {
        self.hand.iter().map(|&k| self.usefulness(k)).sum()
    }

    /// Whether, once `taken` is in hand, the bot would add it to the end of one of its trains this turn
    /// with a discard still to spare. Only a card it will meld is worth taking from the discard pile:
    /// taken to be held, or discarded again, it moves nothing on, and bots could pass it between them
    /// for ever (a Wild or a Caboose behind short trains, one with nothing else to discard).
    fn would_add(&self, taken: Kind) -> bool {
        if self.hand.is_empty() || !self.keeps_a_discard(&[]) {
            return false;
        }
        let mut hand = self.hand.clone();
        hand.push(taken);
        let after = self.holding(hand);
        self.own.trains.iter().enumerate().any(|(t, train)| {
            extends(std::slice::from_ref(train), taken) && after.add_worth(t, taken, None) > 0.0
        })
    }

    /// What a Loco swap is worth. One that leaves no card to discard is a dead end; one that gives a
    /// cornered hand a card to discard is the way out; otherwise it must make the hand worth more (by
    /// [`Bot::hand_worth`], so no two swaps can undo each other and the bot never swaps for ever).
    fn swap_worth(&self, train: usize, card: Kind, cornered: bool) -> f64 {
        let Some(loco) = self.own.trains[train].loco else {
            return LAST_RESORT;
        };
        let mut hand = self.hand.clone();
        if let Some(i) = hand.iter().position(|&k| k == card) {
            hand[i] = loco;
        }
        let after = self.holding(hand);
        if !after.keeps_a_discard(&[]) {
            return STRANDED;
        }
        if cornered {
            return 40.0;
        }
        let gain = after.hand_worth() - self.hand_worth();
        if gain >= MIN_SWAP_GAIN { gain } else { -50.0 }
    }

    /// Whether, once `taken` is in hand, starting a train of it with some card of the hand as the Loco
    /// is worth more than discarding it again.
    fn would_start_with(&self, taken: Kind) -> bool {
        let mut hand = self.hand.clone();
        hand.push(taken);
        let after = self.holding(hand);
        let keep = after.discard_worth(taken);
        after
            .hand
            .iter()
            .any(|&loco| after.start_worth(loco, taken) > keep.max(0.0))
    }

    fn start_worth(&self, loco: Kind, card: Kind) -> f64 {
        if card == Kind::Wild {
            return -40.0;
        }
        let mates = match card.class() {
            Class::Freight => self.held(card) - 1 - usize::from(loco == card),
            _ => {
                self.hand
                    .iter()
                    .filter(|k| k.class() == Class::Passenger)
                    .count()
                    - 1
                    - usize::from(loco.class() == Class::Passenger)
            }
        };
        let trains = self.own.trains.len();
        let need = if trains < ENOUGH_TRAINS {
            12.0
        } else {
            4.0 - 4.0 * (trains - ENOUGH_TRAINS) as f64
        };
        let pressure = if self.over() > 0 { 10.0 } else { 0.0 };
        let base = if mates == 0 && pressure == 0.0 {
            -10.0
        } else {
            need + 3.0 * mates as f64 + pressure
        };
        base - self.usefulness(loco) + f64::from(card.value()) / 2.0
    }

    fn discard_worth(&self, card: Kind) -> f64 {
        let next = &self.view.seats[self.next_seat()];
        let helps_next = card.class() != Class::Turntable && extends(&next.trains, card);
        let mut worth = 10.0 - self.usefulness(card) + f64::from(card.value()) / 5.0;
        if helps_next {
            worth -= 6.0;
        }
        if card == Kind::Turntable {
            worth += 3.0;
        }
        worth
    }

    fn disaster_worth(&self, card: Kind, target: Target) -> f64 {
        let seat = target.seat();
        if seat == self.seat {
            return 10.0 - self.usefulness(card) - 20.0;
        }
        let Some(spec) = disaster(card) else {
            return 0.0;
        };
        let leader = if seat == self.leader() { 8.0 } else { 0.0 };
        let train_value = |s: Seat, t: usize| {
            self.view.seats[s]
                .trains
                .get(t)
                .map_or(0.0, |t| f64::from(t.value) + t.cars.len() as f64)
        };
        let damage = match (spec.effect, target) {
            (Effect::WreckTrain, Target::Train { seat, train }) => train_value(seat, train),
            (Effect::BreakLastCar | Effect::StealLastCar, Target::Train { seat, train }) => {
                3.0 + train_value(seat, train) / 4.0
            }
            (Effect::SkipTurn, _) => 6.0,
            _ => 1.0,
        };
        16.0 + leader + damage + self.threat(seat) / 20.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::express::{Express, ExpressOptions};

    /// Every position of a four-seat game between normal bots, each with the seat to act.
    fn positions(seed: u64) -> Vec<(Express, Seat)> {
        let options = ExpressOptions::default();
        let setup = Express::deal(&options, 4, &mut GameRng::seeded(seed));
        let mut game = Express::start(options, 4, setup, seed).unwrap();
        let mut rng = GameRng::seeded(seed + 1);
        let mut seen = Vec::new();
        while let Some(seat) = game.seat_to_act() {
            seen.push((game.clone(), seat));
            let step = game.bot_action(seat, &mut rng);
            game.apply_quiet(seat, &step).unwrap();
        }
        seen
    }

    #[test]
    fn the_playout_step_is_the_normal_bots_step_when_no_disaster_is_held() {
        let mut compared = 0;
        for (game, seat) in positions(3) {
            let hand = &game.seat(seat).hand;
            if hand.iter().any(|k| k.class() == Class::Disaster) {
                continue;
            }
            let legal = game.legal(seat);
            let mut rng = GameRng::seeded(compared);
            let normal = game.bot_action(seat, &mut rng.clone());
            assert_eq!(heuristic_step(&game, seat, &legal, &mut rng), normal);
            compared += 1;
        }
        assert!(compared > 100, "only {compared} positions compared");
    }

    #[test]
    fn best_steps_keeps_the_steps_the_normal_bot_values_most() {
        let mut narrowed = 0;
        for (game, seat) in positions(5) {
            let legal = game.legal(seat);
            let mut kept = legal.clone();
            best_steps(&game, seat, &mut kept, 3);
            let view = game.view(Viewer::Seat(seat));
            let me = Bot::on_table(&game, &view, seat);
            let worst_kept = kept.iter().map(|a| me.worth(a)).fold(f64::MAX, f64::min);
            if legal.iter().all(|a| me.worth(a) < CORNERED) {
                assert_eq!(kept, legal, "a cornered bot's tree keeps every step");
                continue;
            }
            assert!(!kept.is_empty() && kept.len() <= 3);
            assert!(kept.iter().all(|a| legal.contains(a)));
            assert!(
                kept.iter().all(|&a| moves_on(a, me.worth(&a))),
                "a step that moves nothing on was kept: {kept:?}"
            );
            let dropped = legal.iter().filter(|a| !kept.contains(a));
            assert!(
                dropped
                    .into_iter()
                    .all(|&a| me.worth(&a) <= worst_kept || !moves_on(a, me.worth(&a)))
            );
            narrowed += 1;
        }
        assert!(narrowed > 50, "only {narrowed} positions narrowed");
    }
}
