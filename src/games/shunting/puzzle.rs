//! A puzzle: a yard, its pieces, broken tracks, the start and the goal, loaded and checked from a file.

use super::builtin;
use super::error::LoadError;
use super::format::{FacingSpec, KindSpec, PuzzleFile, puzzle_file, yard_from_table};
pub use super::goal::{Goal, Group};
use super::goal::{SlotLookup, goal_of};
use super::position::{MAX_PIECES, Position};
use super::yard::{SlotId, Yard};
use super::yard_build::is_word;

/// A locomotive or a car.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PieceKind {
    /// A car: no direction, moves only when coupled or pushed.
    Car,
    /// A locomotive: couples at its rear only.
    Loco,
}

/// A piece on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    /// Its name (`L1`, `Red`).
    pub name: String,
    /// Loco or car.
    pub kind: PieceKind,
    /// A colour for pictures, if the file gave one.
    pub colour: Option<String>,
}

impl Piece {
    /// "loco L1" or "car Red".
    pub fn describe(&self) -> String {
        match self.kind {
            PieceKind::Loco => format!("loco {}", self.name),
            PieceKind::Car => format!("car {}", self.name),
        }
    }
}

/// A loaded, checked puzzle: the rules context for moves and the solver.
#[derive(Clone, Debug)]
pub struct Puzzle {
    /// Short name.
    pub name: String,
    /// Title for people.
    pub title: String,
    /// The yard.
    pub yard: Yard,
    /// The pieces; a piece's index is its id.
    pub pieces: Vec<Piece>,
    /// Per slot: blocked by a broken track.
    pub broken: Vec<bool>,
    /// The starting position.
    pub start: Position,
    /// The goal.
    pub goal: Goal,
}

impl Puzzle {
    /// Reads and checks a puzzle file.
    pub fn from_toml(text: &str) -> Result<Puzzle, LoadError> {
        let file = puzzle_file(text).map_err(LoadError::Toml)?;
        Puzzle::from_file(&file)
    }

    /// Checks a parsed puzzle file.
    pub fn from_file(file: &PuzzleFile) -> Result<Puzzle, LoadError> {
        let yard = match &file.yard {
            toml::Value::String(name) => builtin::yard(name)?,
            toml::Value::Table(table) => {
                let spec = yard_from_table(table)
                    .map_err(|e| LoadError::Toml(format!("in the yard: {e}")))?;
                Yard::from_file(&spec)?
            }
            _ => return Err(LoadError::BadYardValue),
        };
        let slot = |name: &str, place: &str| {
            yard.find_slot(name).ok_or_else(|| LoadError::UnknownSlot {
                slot: name.to_owned(),
                place: place.to_owned(),
            })
        };
        let mut broken = vec![false; yard.slots.len()];
        for name in &file.broken {
            broken[usize::from(slot(name, "the broken tracks")?)] = true;
        }
        let (pieces, start) = start_of(file, &yard, &broken, &slot)?;
        let goal = goal_of(&file.goal, &yard, &pieces, &broken, &slot)?;
        let name = file.name.clone().unwrap_or_else(|| yard.name.clone());
        Ok(Puzzle {
            title: file.title.clone().unwrap_or_else(|| name.clone()),
            name,
            yard,
            pieces,
            broken,
            start,
            goal,
        })
    }

    /// The piece with this name (case-insensitive).
    pub fn find_piece(&self, name: &str) -> Option<usize> {
        self.pieces
            .iter()
            .position(|p| p.name.eq_ignore_ascii_case(name.trim()))
    }

    /// The piece standing in `slot`, if any.
    pub fn occupant(&self, position: &Position, slot: SlotId) -> Option<usize> {
        position
            .slots(self.pieces.len())
            .iter()
            .position(|&s| s == slot)
    }

    /// Per slot, the piece standing there.
    pub fn occupancy(&self, position: &Position) -> Vec<Option<usize>> {
        let mut occupied = vec![None; self.yard.slots.len()];
        for (piece, &slot) in position.slots(self.pieces.len()).iter().enumerate() {
            occupied[usize::from(slot)] = Some(piece);
        }
        occupied
    }

    /// Whether `position` meets the goal.
    pub fn is_solved(&self, position: &Position) -> bool {
        self.goal.is_met(&self.pieces, position)
    }

    /// The names of the locos, in piece order.
    pub fn locos(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.pieces.len()).filter(|&p| self.pieces[p].kind == PieceKind::Loco)
    }
}

fn start_of(
    file: &PuzzleFile,
    yard: &Yard,
    broken: &[bool],
    slot: &SlotLookup<'_>,
) -> Result<(Vec<Piece>, Position), LoadError> {
    if file.pieces.len() > MAX_PIECES {
        return Err(LoadError::TooManyPieces(MAX_PIECES));
    }
    let mut pieces: Vec<Piece> = Vec::with_capacity(file.pieces.len());
    let mut slots = Vec::with_capacity(file.pieces.len());
    let mut facing_up = 0u16;
    for (i, spec) in file.pieces.iter().enumerate() {
        if !is_word(&spec.name) {
            return Err(LoadError::BadName(spec.name.clone()));
        }
        if pieces
            .iter()
            .any(|p| p.name.eq_ignore_ascii_case(&spec.name))
        {
            return Err(LoadError::DuplicateName(spec.name.clone()));
        }
        let at = slot(&spec.at, &format!("piece {}", spec.name))?;
        if broken[usize::from(at)] {
            return Err(LoadError::OnBroken {
                piece: spec.name.clone(),
                slot: yard.slot_name(at),
            });
        }
        if let Some(other) = slots.iter().position(|&s| s == at) {
            return Err(LoadError::SlotTaken {
                slot: yard.slot_name(at),
                first: pieces[other].name.clone(),
                second: spec.name.clone(),
            });
        }
        let kind = match (spec.kind, spec.facing) {
            (KindSpec::Loco, Some(facing)) => {
                if facing == FacingSpec::Up {
                    facing_up |= 1 << i;
                }
                PieceKind::Loco
            }
            (KindSpec::Car, None) => PieceKind::Car,
            _ => return Err(LoadError::Facing(spec.name.clone())),
        };
        pieces.push(Piece {
            name: spec.name.clone(),
            kind,
            colour: spec.colour.clone(),
        });
        slots.push(at);
    }
    if !pieces.iter().any(|p| p.kind == PieceKind::Loco) {
        return Err(LoadError::NoLoco);
    }
    let mut tables: Vec<u8> = yard.turntables.iter().map(|t| t.position as u8).collect();
    for (name, &position) in &file.turntables {
        let index = yard
            .find_turntable(name)
            .ok_or_else(|| LoadError::UnknownTurntable(name.clone()))?;
        let ring = yard.turntables[index].ring.len();
        if position >= ring {
            return Err(LoadError::BadTablePosition {
                table: name.clone(),
                position,
                ring,
            });
        }
        tables[index] = position as u8;
    }
    Ok((pieces, Position::new(&slots, facing_up, &tables)))
}
