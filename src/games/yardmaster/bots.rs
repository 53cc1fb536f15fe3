//! A greedy computer player: the move that leaves it best placed against the leading opponent, counting
//! train value, the longest-run bonus and the Caboose, with a little weight on an open right end and on a
//! growing run for the turns still to come.

use super::notation::{Action, Side};
use super::rules::Yardmaster;
use super::scoring;
use super::train::{self, Placed, Slot};
use crate::game::{BotPlayer, GameRng, Seat, SeatSight};

/// Worth of a Wild right end (any next card connects face up) while turns remain.
const OPEN_END: f64 = 0.8;
/// Worth of each railcar of the bot's own longest run while turns remain (it may still grow).
const RUN_PROSPECT: f64 = 0.3;
/// Noise that breaks ties between equally good moves.
const JITTER: f64 = 0.01;

/// How good `action` is for `seat`: its lead over the best other seat once the card is added.
pub fn evaluate(game: &Yardmaster, seat: Seat, action: &Action) -> f64 {
    let mut trains = game.trains().to_vec();
    let placed = Placed {
        face: action.face,
        face_up: action.side == Side::Up,
    };
    trains[seat].push(placed);
    let scores = scoring::score_game(&trains, game.caboose());
    let own = scores[seat].total();
    let best_other = scores
        .iter()
        .enumerate()
        .filter(|&(s, _)| s != seat)
        .map(|(_, s)| s.total())
        .max()
        .unwrap_or(0);
    let mut worth = f64::from(own - best_other);
    let turns_left = trains[seat].len() < game.rounds() as usize;
    if turns_left {
        if train::right_end(&trains[seat]) == Slot::Wild {
            worth += OPEN_END;
        }
        worth += RUN_PROSPECT * f64::from(scores[seat].longest_run);
    }
    worth
}

impl BotPlayer for Yardmaster {
    /// Scores every legal action on a sample of the table (face-down cards score alike whatever their
    /// faces, so one sample tells all the bot needs).
    fn choose(sight: &SeatSight<'_, Yardmaster>, rng: &mut GameRng) -> Action {
        let seat = sight.seat();
        let legal = sight.legal();
        let table = sight.sample(rng);
        let mut best: Option<(f64, Action)> = None;
        for action in legal {
            let worth = evaluate(&table, seat, &action) + JITTER * rng.fraction();
            if best.is_none_or(|(b, _)| worth > b) {
                best = Some((worth, action));
            }
        }
        match best {
            Some((_, action)) => action,
            None => Action::down(
                table
                    .hand()
                    .first()
                    .copied()
                    .unwrap_or(super::cards::DECK[0]),
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, ToAct};

    /// Plays `games` 3-player games with the bot in seat 0 and uniformly random players elsewhere;
    /// returns the bot's wins and the bot's and the others' mean scores.
    fn bot_against_random(games: u64) -> (u64, f64, f64) {
        let options = Default::default();
        let (mut wins, mut bot_total, mut other_total) = (0, 0i64, 0i64);
        for seed in 0..games {
            let mut rng = GameRng::seeded(seed);
            let setup = Yardmaster::deal(&options, 3, &mut rng);
            let mut game = Yardmaster::start(options, 3, setup, seed).expect("dealt setups start");
            while let ToAct::Seats(seats) = game.to_act() {
                let seat = seats[0];
                let action = if seat == 0 {
                    game.bot_action(seat, &mut rng)
                } else {
                    let legal = game.legal(seat);
                    legal[rng.index(legal.len())]
                };
                game.apply(seat, &action)
                    .expect("bots and random players move legally");
            }
            let outcome = game.outcome().expect("over");
            wins += u64::from(outcome.winning_seats() == [0]);
            for standing in &outcome.standings {
                match standing.participant {
                    crate::game::Participant::Seat(0) => bot_total += i64::from(standing.score),
                    _ => other_total += i64::from(standing.score),
                }
            }
        }
        (
            wins,
            bot_total as f64 / games as f64,
            other_total as f64 / (2 * games) as f64,
        )
    }

    #[test]
    fn greedy_bot_beats_random_players() {
        let (wins, bot, others) = bot_against_random(200);
        assert!(wins > 120, "bot won only {wins} of 200");
        assert!(bot > others + 4.0, "bot {bot} vs others {others}");
    }
}
