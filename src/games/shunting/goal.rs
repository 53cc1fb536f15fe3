//! What a puzzle's end must look like, and how a goal is read from its file: slots for named pieces,
//! facings for locos, groups of interchangeable pieces, and tracks or slots that must end empty (the
//! `.` of the classic notation) or clear of cars.

use super::error::LoadError;
use super::format::{FacingSpec, GoalSpec};
use super::position::Position;
use super::puzzle::{Piece, PieceKind};
use super::yard::{SlotId, Yard};

/// Each of `slots` must hold one of `pieces`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    /// The pieces that may fill the slots.
    pub pieces: Vec<usize>,
    /// The slots.
    pub slots: Vec<SlotId>,
}

/// What a goal asks of a slot that must be left free.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kept {
    /// Nothing may stand there.
    Empty,
    /// No car may stand there; a loco may.
    Clear,
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
    /// Slots where nothing may stand at the end, in slot order.
    pub empty: Vec<SlotId>,
    /// Slots where no car may stand at the end (a loco may), in slot order.
    pub clear: Vec<SlotId>,
}

/// What kind of part of a goal a check is.
#[derive(Clone, Copy)]
enum Part {
    /// A piece in its slot, or a group's slot filled.
    Place,
    /// A loco's facing, or a slot kept empty or clear.
    Condition,
}

/// How much of a goal a position meets.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    /// Goal places (a named piece's slot, a group's slot) holding the right piece.
    pub placed: usize,
    /// Goal places in all.
    pub places: usize,
    /// Other conditions (facings, slots kept empty or clear) that hold.
    pub holding: usize,
    /// Other conditions in all.
    pub conditions: usize,
}

impl Goal {
    /// Whether the goal names `piece` at all (in `at`, `facing` or a group).
    pub fn names(&self, piece: usize) -> bool {
        self.at.iter().any(|&(p, _)| p == piece)
            || self.facing.iter().any(|&(p, _)| p == piece)
            || self.groups.iter().any(|g| g.pieces.contains(&piece))
    }

    /// Whether the goal keeps `slot` empty or clear of cars.
    pub fn kept(&self, slot: SlotId) -> Option<Kept> {
        if self.empty.contains(&slot) {
            Some(Kept::Empty)
        } else if self.clear.contains(&slot) {
            Some(Kept::Clear)
        } else {
            None
        }
    }

    /// Whether `position` of `pieces` meets the goal.
    pub fn is_met(&self, pieces: &[Piece], position: &Position) -> bool {
        self.parts(pieces, position).all(|(_, met)| met)
    }

    /// How far `position` of `pieces` is towards the goal, part by part.
    pub fn progress(&self, pieces: &[Piece], position: &Position) -> Progress {
        let mut progress = Progress::default();
        for (part, met) in self.parts(pieces, position) {
            let (done, of) = match part {
                Part::Place => (&mut progress.placed, &mut progress.places),
                Part::Condition => (&mut progress.holding, &mut progress.conditions),
            };
            *of += 1;
            *done += usize::from(met);
        }
        progress
    }

    /// Each part of the goal and whether `position` meets it: the places (a piece in its slot, a
    /// group's slot holding one of its pieces), then the facings and the slots kept free.
    fn parts<'a>(
        &'a self,
        pieces: &'a [Piece],
        position: &'a Position,
    ) -> impl Iterator<Item = (Part, bool)> + 'a {
        let slots = position.slots(pieces.len());
        let occupant = move |slot: SlotId| slots.iter().position(|&s| s == slot);
        let at = self
            .at
            .iter()
            .map(move |&(p, s)| (Part::Place, slots[p] == s));
        let groups = self.groups.iter().flat_map(move |g| {
            g.slots.iter().map(move |&s| {
                let filled = occupant(s).is_some_and(|p| g.pieces.contains(&p));
                (Part::Place, filled)
            })
        });
        let facing = self
            .facing
            .iter()
            .map(move |&(p, up)| (Part::Condition, position.faces_up(p) == up));
        let empty = self
            .empty
            .iter()
            .map(move |&s| (Part::Condition, occupant(s).is_none()));
        let clear = self.clear.iter().map(move |&s| {
            let clear = occupant(s).is_none_or(|p| pieces[p].kind == PieceKind::Loco);
            (Part::Condition, clear)
        });
        at.chain(groups).chain(facing).chain(empty).chain(clear)
    }

    /// Whether a piece of `kind` may end in `slot` as far as the empty and clear slots go.
    pub fn allows(&self, kind: PieceKind, slot: SlotId) -> bool {
        match self.kept(slot) {
            None => true,
            Some(Kept::Empty) => false,
            Some(Kept::Clear) => kind == PieceKind::Loco,
        }
    }
}

/// `slots` as a file or a person would name them: a whole track by its name (`H`), other slots by
/// theirs (`A5`), in yard order. The flag says whether the name is a whole track.
pub fn places(yard: &Yard, slots: &[SlotId]) -> Vec<(String, bool)> {
    let mut names = Vec::new();
    for track in &yard.tracks {
        let own: Vec<SlotId> = (1..=track.len).map(|n| track.slot(n)).collect();
        if own.iter().all(|s| slots.contains(s)) {
            names.push((track.name.clone(), true));
        } else {
            names.extend(
                own.iter()
                    .filter(|s| slots.contains(s))
                    .map(|&s| (yard.slot_name(s), false)),
            );
        }
    }
    names
}

/// The goal's empty and clear slots in words, a phrase per kind: "track H empty", "A5 clear of cars
/// (a loco may stand there)".
pub fn kept_phrases(yard: &Yard, goal: &Goal) -> Vec<String> {
    let named = |slots: &[SlotId]| {
        places(yard, slots)
            .into_iter()
            .map(|(name, whole)| if whole { format!("track {name}") } else { name })
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut phrases = Vec::new();
    if !goal.empty.is_empty() {
        phrases.push(format!("{} empty", named(&goal.empty)));
    }
    if !goal.clear.is_empty() {
        phrases.push(format!(
            "{} clear of cars (a loco may stand there)",
            named(&goal.clear)
        ));
    }
    phrases
}

/// Looks up a slot by name, saying where the name was written when it names nothing.
pub type SlotLookup<'a> = dyn Fn(&str, &str) -> Result<SlotId, LoadError> + 'a;

/// Reads and checks the goal of a puzzle file against its yard, pieces and broken slots.
pub fn goal_of(
    spec: &GoalSpec,
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
    for (name, at) in &spec.at {
        let p = piece(name)?;
        if goal.at.iter().any(|&(q, _)| q == p) {
            return Err(LoadError::GoalTwice(name.clone()));
        }
        let s = slot(at, "the goal")?;
        claim(s, name)?;
        goal.at.push((p, s));
    }
    for (name, facing) in &spec.facing {
        let p = piece(name)?;
        if pieces[p].kind != PieceKind::Loco {
            return Err(LoadError::GoalFacingForCar(name.clone()));
        }
        goal.facing.push((p, *facing == FacingSpec::Up));
    }
    for group_spec in &spec.groups {
        if group_spec.pieces.len() < group_spec.slots.len() {
            return Err(LoadError::GroupTooSmall {
                pieces: group_spec.pieces.len(),
                slots: group_spec.slots.len(),
            });
        }
        let mut group = Group {
            pieces: Vec::new(),
            slots: Vec::new(),
        };
        for name in &group_spec.pieces {
            let p = piece(name)?;
            if group.pieces.contains(&p) || goal.at.iter().any(|&(q, _)| q == p) {
                return Err(LoadError::GoalTwice(name.clone()));
            }
            group.pieces.push(p);
        }
        for name in &group_spec.slots {
            let s = slot(name, "a goal group")?;
            claim(s, "a goal group")?;
            group.slots.push(s);
        }
        goal.groups.push(group);
    }
    goal.empty = kept_slots(yard, &spec.empty, "empty")?;
    goal.clear = kept_slots(yard, &spec.clear, "clear")?;
    check_kept(&goal, yard, pieces)?;
    // In piece order, whatever order the file lists them in, so a written-back puzzle reads the same.
    goal.at.sort_unstable();
    goal.facing.sort_unstable();
    Ok(goal)
}

/// The slots a goal's `empty` or `clear` list names (each a track or a slot), in slot order.
fn kept_slots(yard: &Yard, names: &[String], list: &'static str) -> Result<Vec<SlotId>, LoadError> {
    let mut slots: Vec<SlotId> = Vec::new();
    for name in names {
        let named: Vec<SlotId> = if let Some(track) = yard.find_track(name) {
            let track = &yard.tracks[track];
            (1..=track.len).map(|n| track.slot(n)).collect()
        } else if let Some(s) = yard.find_slot(name) {
            vec![s]
        } else {
            return Err(LoadError::UnknownPlace {
                name: name.clone(),
                list,
            });
        };
        for s in named {
            if slots.contains(&s) {
                return Err(LoadError::GoalTwice(yard.slot_name(s)));
            }
            slots.push(s);
        }
    }
    slots.sort_unstable();
    Ok(slots)
}

/// Refuses a slot both kept free and asked to hold something: named in `empty` and `clear`, empty
/// but wanted for a piece or a group, or clear of cars but wanted for a car or a group of cars.
fn check_kept(goal: &Goal, yard: &Yard, pieces: &[Piece]) -> Result<(), LoadError> {
    if let Some(&s) = goal.empty.iter().find(|s| goal.clear.contains(s)) {
        return Err(LoadError::GoalTwice(yard.slot_name(s)));
    }
    let conflict = |slot: SlotId, wanted: String| {
        let list = match goal.kept(slot) {
            Some(Kept::Empty) => "empty",
            _ => "clear",
        };
        Err(LoadError::KeptButWanted {
            slot: yard.slot_name(slot),
            list,
            wanted,
        })
    };
    for &(p, s) in &goal.at {
        if !goal.allows(pieces[p].kind, s) {
            return conflict(s, pieces[p].describe());
        }
    }
    for group in &goal.groups {
        let loco_may_fill = group
            .pieces
            .iter()
            .any(|&p| pieces[p].kind == PieceKind::Loco);
        for &s in &group.slots {
            let refused = match goal.kept(s) {
                None => false,
                Some(Kept::Empty) => true,
                Some(Kept::Clear) => !loco_may_fill,
            };
            if refused {
                return conflict(s, "a goal group".to_owned());
            }
        }
    }
    Ok(())
}
