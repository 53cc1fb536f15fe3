//! A puzzle: a yard, its pieces, broken tracks, the start and the goal, loaded and checked from a file.

use serde::Deserialize;

use super::builtin;
use super::error::LoadError;
use super::format::{FacingSpec, KindSpec, PuzzleFile, YardFile};
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

/// Each of `slots` must hold one of `pieces`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    /// The pieces that may fill the slots.
    pub pieces: Vec<usize>,
    /// The slots.
    pub slots: Vec<SlotId>,
}

/// What must be true at the end. Pieces not named may end anywhere.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Goal {
    /// Piece → required slot, in piece order.
    pub at: Vec<(usize, SlotId)>,
    /// Loco → required facing (`true`: up), in piece order.
    pub facing: Vec<(usize, bool)>,
    /// Groups of interchangeable pieces and the slots they fill.
    pub groups: Vec<Group>,
}

impl Goal {
    /// Whether the goal names `piece` at all (in `at`, `facing` or a group).
    pub fn names(&self, piece: usize) -> bool {
        self.at.iter().any(|&(p, _)| p == piece)
            || self.facing.iter().any(|&(p, _)| p == piece)
            || self.groups.iter().any(|g| g.pieces.contains(&piece))
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
        let file: PuzzleFile = toml::from_str(text).map_err(|e| LoadError::Toml(e.to_string()))?;
        Puzzle::from_file(&file)
    }

    /// Checks a parsed puzzle file.
    pub fn from_file(file: &PuzzleFile) -> Result<Puzzle, LoadError> {
        let yard = match &file.yard {
            toml::Value::String(name) => builtin::yard(name)?,
            toml::Value::Table(table) => {
                let spec = YardFile::deserialize(table.clone())
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
        let goal = goal_of(file, &yard, &pieces, &broken, &slot)?;
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
        self.goal.at.iter().all(|&(p, s)| position.slot(p) == s)
            && self
                .goal
                .facing
                .iter()
                .all(|&(p, up)| position.faces_up(p) == up)
            && self.goal.groups.iter().all(|g| {
                g.slots.iter().all(|&s| {
                    self.occupant(position, s)
                        .is_some_and(|p| g.pieces.contains(&p))
                })
            })
    }

    /// The names of the locos, in piece order.
    pub fn locos(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.pieces.len()).filter(|&p| self.pieces[p].kind == PieceKind::Loco)
    }
}

type SlotLookup<'a> = dyn Fn(&str, &str) -> Result<SlotId, LoadError> + 'a;

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

fn goal_of(
    file: &PuzzleFile,
    yard: &Yard,
    pieces: &[Piece],
    broken: &[bool],
    slot: &SlotLookup<'_>,
) -> Result<Goal, LoadError> {
    let piece = |name: &str| {
        pieces
            .iter()
            .position(|p| p.name.eq_ignore_ascii_case(name.trim()))
            .ok_or_else(|| LoadError::UnknownPiece {
                piece: name.to_owned(),
                place: "the goal".to_owned(),
            })
    };
    let mut goal = Goal::default();
    let mut used_slots: Vec<SlotId> = Vec::new();
    let mut claim = |s: SlotId, who: &str| {
        if broken[usize::from(s)] {
            return Err(LoadError::GoalOnBroken {
                piece: who.to_owned(),
                slot: yard.slot_name(s),
            });
        }
        if used_slots.contains(&s) {
            return Err(LoadError::GoalTwice(yard.slot_name(s)));
        }
        used_slots.push(s);
        Ok(())
    };
    for (name, at) in &file.goal.at {
        let p = piece(name)?;
        if goal.at.iter().any(|&(q, _)| q == p) {
            return Err(LoadError::GoalTwice(name.clone()));
        }
        let s = slot(at, "the goal")?;
        claim(s, name)?;
        goal.at.push((p, s));
    }
    for (name, facing) in &file.goal.facing {
        let p = piece(name)?;
        if pieces[p].kind != PieceKind::Loco {
            return Err(LoadError::GoalFacingForCar(name.clone()));
        }
        goal.facing.push((p, *facing == FacingSpec::Up));
    }
    for spec in &file.goal.groups {
        if spec.pieces.len() < spec.slots.len() {
            return Err(LoadError::GroupTooSmall {
                pieces: spec.pieces.len(),
                slots: spec.slots.len(),
            });
        }
        let mut group = Group {
            pieces: Vec::new(),
            slots: Vec::new(),
        };
        for name in &spec.pieces {
            let p = piece(name)?;
            if group.pieces.contains(&p) || goal.at.iter().any(|&(q, _)| q == p) {
                return Err(LoadError::GoalTwice(name.clone()));
            }
            group.pieces.push(p);
        }
        for name in &spec.slots {
            let s = slot(name, "a goal group")?;
            claim(s, "a goal group")?;
            group.slots.push(s);
        }
        goal.groups.push(group);
    }
    // In piece order, whatever order the file lists them in, so a written-back puzzle reads the same.
    goal.at.sort_unstable();
    goal.facing.sort_unstable();
    Ok(goal)
}
