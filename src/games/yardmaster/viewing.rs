//! What each viewer may see of a table: the redaction every picture and message goes through.

use super::rules::{DrawTiming, Yardmaster};
use super::train::Placed;
use super::view::{CabooseView, CardView, ScoreView, TrainView, YardmasterView};
use crate::game::{Game, Seat, Viewer};

/// Whether `viewer` sees the face of `card` in `owner`'s train: face-up cards always, face-down cards
/// only their owner, and every card once the whole game is over.
pub fn sees_face(game: &Yardmaster, viewer: Viewer, owner: Seat, card: &Placed) -> bool {
    card.face_up || game.is_over() || viewer == Viewer::Seat(owner)
}

/// Whether `viewer` sees the travelling hand: only the seat holding it.
pub fn sees_hand(game: &Yardmaster, viewer: Viewer) -> bool {
    matches!((viewer, game.current()), (Viewer::Seat(seat), Some(holder)) if seat == holder)
}

/// Whether `viewer` sees the card `seat` keeps for its next turn: only that seat.
pub fn sees_kept(viewer: Viewer, seat: Seat) -> bool {
    viewer == Viewer::Seat(seat)
}

/// The view of `game` for `viewer`: other seats' hands, kept cards and face-down faces stay hidden
/// (face-down faces are shown to everyone once the whole game is over).
pub fn view(game: &Yardmaster, viewer: Viewer) -> YardmasterView {
    let current = game.current();
    let scores = game.scores_now();
    let trains = game
        .trains()
        .iter()
        .zip(&scores)
        .enumerate()
        .map(|(seat, (train, score))| {
            let earlier = game.first_game_totals().get(seat).copied().unwrap_or(0);
            TrainView {
                seat,
                cards: train
                    .iter()
                    .map(|card| CardView {
                        face: sees_face(game, viewer, seat, card).then_some(card.face),
                        face_up: card.face_up,
                    })
                    .collect(),
                longest_run: usize::from(score.longest_run),
                score: ScoreView {
                    train: score.train,
                    run_bonus: score.run_bonus,
                    caboose: score.caboose,
                    earlier_games: earlier,
                    total: earlier + score.total(),
                },
                holds_hand: current == Some(seat),
                keeps_card: game.kept().get(seat).is_some_and(Option::is_some),
            }
        })
        .collect();
    let hand = sees_hand(game, viewer).then(|| game.hand().to_vec());
    let kept = match viewer {
        Viewer::Seat(seat) if sees_kept(viewer, seat) => game.kept().get(seat).copied().flatten(),
        _ => None,
    };
    YardmasterView {
        viewer,
        players: game.players(),
        game_number: game.game_number(),
        games: if game.options().two_games == super::rules::Switch::On {
            2
        } else {
            1
        },
        round: game.round(),
        rounds: game.rounds(),
        start_player: game.start_player(),
        clockwise: game.clockwise(),
        to_act: current,
        deck_left: game.deck().len(),
        hand_size: game.hand().len(),
        hand,
        kept,
        trains,
        longest_run: scores
            .iter()
            .map(|s| usize::from(s.longest_run))
            .max()
            .unwrap_or(0),
        caboose: game.caboose().map(|id| {
            let card = id.card();
            CabooseView {
                name: card.name,
                points: card.points,
                condition: card.text,
            }
        }),
        draw_at_end: game.options().draw == DrawTiming::End,
        outcome: game.outcome(),
    }
}
