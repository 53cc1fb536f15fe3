//! What the player (and anyone watching) sees of a shunting game, and its text picture. There is
//! nothing hidden but the guide, which appears once the card is solved.

use std::fmt::Write;

use serde::Serialize;

use super::{Board, Shunting};
use crate::games::shunting::cards::Colour;
use crate::games::shunting::goal::kept_phrases;
use crate::games::shunting::position::Position;
use crate::games::shunting::present::yard_text;
use crate::games::shunting::puzzle;
use crate::games::shunting::puzzle::{PieceKind, Puzzle};
use crate::games::shunting::rank::Rank;
use crate::plural::counted;

/// One piece where it stands.
#[derive(Clone, Debug, Serialize)]
pub struct PieceAt {
    /// Its name.
    pub name: String,
    /// `loco` or `car`.
    pub kind: &'static str,
    /// Its slot.
    pub slot: String,
    /// Locos only: `up` or `down`.
    pub facing: Option<&'static str>,
}

/// A shunting game as seen by anyone.
#[derive(Clone, Debug, Serialize)]
pub struct ShuntingView {
    /// "Route card 7 (green)" or "Wright's Inglenook".
    pub heading: String,
    /// The card's number (none for Wright's Inglenook).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub card: Option<u32>,
    /// Its colour (none for Wright's Inglenook).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub colour: Option<Colour>,
    /// Its title.
    pub title: String,
    /// The yard's title.
    pub yard: String,
    /// The optimal number of moves.
    pub optimum: usize,
    /// The move limit.
    pub limit: usize,
    /// Moves since the start or the last reset.
    pub moves: usize,
    /// What the goal asks, one line per piece or group.
    pub goal: Vec<String>,
    /// Every piece where it stands.
    pub pieces: Vec<PieceAt>,
    /// Whether the goal was met.
    pub solved: bool,
    /// The rank earned, once solved.
    pub rank: Option<Rank>,
    /// The guide, once solved.
    pub guide: Option<Vec<String>>,
    /// The board, for pictures of its puzzle.
    #[serde(skip)]
    pub board: Board,
    /// The position, for pictures.
    #[serde(skip)]
    pub position: Position,
}

impl ShuntingView {
    pub(super) fn of(game: &Shunting) -> ShuntingView {
        let board = game.board();
        let puzzle = board.puzzle();
        let position = *game.position();
        let solved = game.solved();
        let pieces = puzzle
            .pieces
            .iter()
            .enumerate()
            .map(|(i, p)| PieceAt {
                name: p.name.clone(),
                kind: match p.kind {
                    PieceKind::Loco => "loco",
                    PieceKind::Car => "car",
                },
                slot: puzzle.yard.slot_name(position.slot(i)),
                facing: (p.kind == PieceKind::Loco)
                    .then(|| if position.faces_up(i) { "up" } else { "down" }),
            })
            .collect();
        ShuntingView {
            heading: board.heading(),
            card: board.number(),
            colour: board.colour(),
            title: puzzle.title.clone(),
            yard: puzzle.yard.title.clone(),
            optimum: board.optimum(),
            limit: board.limit(),
            moves: game.moves(),
            goal: goal_lines(puzzle),
            pieces,
            solved,
            rank: game.rank(),
            guide: solved.then(|| board.guide().iter().map(|m| m.to_string()).collect()),
            board: board.clone(),
            position,
        }
    }
}

/// The goal in words: "Red at A1", "L1 facing up", "B1, B2: any of Red, Blue", "track H empty".
pub fn goal_lines(puzzle: &Puzzle) -> Vec<String> {
    let yard = &puzzle.yard;
    let goal: &puzzle::Goal = &puzzle.goal;
    let mut lines: Vec<String> = goal
        .at
        .iter()
        .map(|&(p, s)| format!("{} at {}", puzzle.pieces[p].name, yard.slot_name(s)))
        .collect();
    lines.extend(goal.facing.iter().map(|&(p, up)| {
        format!(
            "{} facing {}",
            puzzle.pieces[p].name,
            if up { "up" } else { "down" }
        )
    }));
    lines.extend(goal.groups.iter().map(|g| {
        let slots: Vec<String> = g.slots.iter().map(|&s| yard.slot_name(s)).collect();
        let pieces: Vec<&str> = g
            .pieces
            .iter()
            .map(|&p| puzzle.pieces[p].name.as_str())
            .collect();
        format!("{}: any of {}", slots.join(", "), pieces.join(", "))
    }));
    lines.extend(kept_phrases(yard, goal));
    lines
}

/// The card, the count and the yard with its goal as text; the rank and the guide once solved, a note
/// when the limit is used up.
pub fn board_text(view: &ShuntingView) -> String {
    let mut text = format!(
        "{}, {}\nMoves: {} (optimum {}, limit {})\n",
        view.heading, view.yard, view.moves, view.optimum, view.limit,
    );
    text.push_str(&yard_text(view.board.puzzle(), &view.position));
    if let Some(rank) = view.rank {
        let _ = writeln!(text, "Solved in {}: {rank}.", counted(view.moves, "move"));
    } else if view.moves >= view.limit {
        let _ = writeln!(
            text,
            "All {} moves of the limit are used: undo a move or reset to try again.",
            view.limit
        );
    }
    if let Some(guide) = &view.guide {
        text.push_str("Guide:\n");
        for (i, line) in guide.iter().enumerate() {
            let _ = writeln!(text, "{:>3}. {line}", i + 1);
        }
    }
    text
}
