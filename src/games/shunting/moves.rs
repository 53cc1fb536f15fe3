//! Legal moves with their notation, and playing a move or refusing it with the reason.

use std::collections::HashSet;

use super::error::MoveError;
use super::notation::{Direction, Drive, Move, Via};
use super::position::Position;
use super::puzzle::{PieceKind, Puzzle};
use super::solver::Expander;
use super::walk::{Blocker, Ground, Visitor, Walk};
use super::yard::{Heading, Landing, LegChoice, Onward, SlotId, TableSide};

/// A legal move and the position it leads to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LegalMove {
    /// The move, in the shortest notation that tells it apart from the other legal moves.
    pub action: Move,
    /// The position after it.
    pub result: Position,
}

/// One way a drive can end, before duplicates are removed.
#[derive(Clone, Debug)]
struct Outcome {
    loco: usize,
    to: SlotId,
    take: usize,
    forward: bool,
    legs: Vec<LegChoice>,
    result: Position,
}

/// Collects every stop of every walk.
struct Stops<'a> {
    puzzle: &'a Puzzle,
    start: &'a Position,
    found: Vec<Outcome>,
}

impl Visitor for Stops<'_> {
    fn stop(&mut self, walk: &Walk) {
        let result = self
            .puzzle
            .after_move(walk.stopped(self.puzzle, self.start));
        self.found.push(Outcome {
            loco: walk.loco,
            to: walk.path[walk.loco_at()].slot,
            take: walk.take,
            forward: walk.forward,
            legs: walk.legs.clone(),
            result,
        });
    }
}

/// Remembers the first dead end on the way to a slot, to explain a refusal.
struct Obstacle<'a, 'b> {
    ground: &'b Ground<'a>,
    target: SlotId,
    found: Option<MoveError>,
}

impl Visitor for Obstacle<'_, '_> {
    fn stop(&mut self, _walk: &Walk) {}

    fn blocked(&mut self, walk: &Walk, blocker: Blocker) {
        if self.found.is_some() {
            return;
        }
        let ahead = walk.path[walk.loco_at() + 1..=walk.lead]
            .iter()
            .any(|h| h.slot == self.target);
        if !ahead && reach(self.ground, walk.path[walk.lead], self.target, false, false).is_none() {
            return;
        }
        let puzzle = self.ground.puzzle;
        let lead = walk.lead_piece();
        let mover = if lead == walk.loco {
            format!("{} would run", puzzle.pieces[lead].name)
        } else {
            format!("would push {}", puzzle.pieces[lead].describe())
        };
        self.found = Some(match blocker {
            Blocker::Buffer(place) => MoveError::PastBuffer { mover, place },
            Blocker::OffBoard(place) => MoveError::OffBoard { mover, place },
            Blocker::NotLinedUp(table) => {
                MoveError::NotLinedUp(puzzle.yard.turntables[table].name.clone())
            }
            Blocker::Broken(slot) => MoveError::Broken(puzzle.yard.slot_name(slot)),
            Blocker::OwnTrain => MoveError::OwnTrain(puzzle.pieces[walk.loco].name.clone()),
        });
    }
}

/// How a slot was found reachable ignoring pieces and broken tracks.
struct Reached {
    sharp: Option<usize>,
    table: Option<usize>,
}

/// Whether `target` lies on a route from `from` (ignoring pieces and broken tracks), allowing a sharp
/// turn and any turntable position when asked.
fn reach(
    ground: &Ground<'_>,
    from: Heading,
    target: SlotId,
    sharp: bool,
    any_table: bool,
) -> Option<Reached> {
    let yard = &ground.puzzle.yard;
    let mut seen = vec![false; 2 * yard.slots.len()];
    let mut stack = vec![(from, None, None)];
    while let Some((h, sharp_at, table_at)) = stack.pop() {
        let key = 2 * usize::from(h.slot) + usize::from(h.up);
        if std::mem::replace(&mut seen[key], true) {
            continue;
        }
        if h.slot == target {
            return Some(Reached {
                sharp: sharp_at,
                table: table_at,
            });
        }
        match yard.onward(h) {
            Onward::Within(next) => stack.push((next, sharp_at, table_at)),
            Onward::Routes(routes) => {
                for route in routes {
                    if route.sharp.is_some() && !sharp {
                        continue;
                    }
                    if let Landing::Track(end) = route.landing {
                        stack.push((yard.entering(end), sharp_at.or(route.sharp), table_at));
                    }
                }
            }
            Onward::Turntable(table, side) => {
                let t = &yard.turntables[table];
                let ends: Vec<_> = match side {
                    TableSide::Bridge(_) if any_table => t.ring.iter().flatten().copied().collect(),
                    TableSide::Ring(_) if any_table => {
                        [super::yard::End::Start, super::yard::End::End]
                            .map(|end| super::yard::TrackEnd {
                                track: t.bridge,
                                end,
                            })
                            .to_vec()
                    }
                    _ => match yard.across_turntable(table, side, ground.position.turntable(table))
                    {
                        super::yard::Across::Track(end) => vec![end],
                        super::yard::Across::NotLinedUp => Vec::new(),
                    },
                };
                let moved_table = if any_table { Some(table) } else { None };
                for end in ends {
                    stack.push((yard.entering(end), sharp_at, table_at.or(moved_table)));
                }
            }
        }
    }
    None
}

/// Which outcomes a written drive stands for.
struct Filter {
    loco: usize,
    to: SlotId,
    take: usize,
    forward: Option<bool>,
    legs: Option<Vec<LegChoice>>,
}

impl Filter {
    fn admits(&self, o: &Outcome) -> bool {
        o.loco == self.loco
            && o.to == self.to
            && o.take == self.take
            && self.forward.is_none_or(|f| f == o.forward)
            && self.legs.as_ref().is_none_or(|legs| *legs == o.legs)
    }
}

impl Puzzle {
    /// Turns the automatic turntables one position: what happens after every move.
    pub fn after_move(&self, mut position: Position) -> Position {
        for (i, t) in self.yard.turntables.iter().enumerate() {
            if !t.manual {
                position.turn(i, t.ring.len());
            }
        }
        position
    }

    fn outcomes(&self, position: &Position, loco: Option<usize>) -> Vec<Outcome> {
        let ground = Ground::new(self, position);
        let mut stops = Stops {
            puzzle: self,
            start: position,
            found: Vec::new(),
        };
        for l in self.locos().filter(|&l| loco.is_none_or(|x| x == l)) {
            for chain in ground.chains(l) {
                for forward in [true, false] {
                    ground.drive(l, &chain, forward, &mut stops);
                }
            }
        }
        stops.found
    }

    /// Whether a lone loco's stop with a free slot ahead and nothing to couple behind can be skipped
    /// by the solver: with one loco and no turntable (see [`crate::games::shunting::solver`]).
    pub fn skips_open_stops(&self) -> bool {
        self.locos().count() == 1 && self.yard.turntables.is_empty()
    }

    /// Every position one move away (with repeats), as the solver expands them: when
    /// [`Puzzle::skips_open_stops`], a lone loco's open stops are left out unless they meet the goal.
    /// This builds an [`Expander`] each call; code that expands many positions keeps one instead.
    pub fn successors(&self, position: &Position, out: &mut Vec<Position>) {
        Expander::new(self, true).successors(position, out);
    }

    /// Every position one move before `position` (with repeats), leaving out open stops as
    /// [`Puzzle::successors`] does (and, like it, building an [`Expander`] each call).
    pub fn predecessors(&self, position: &Position, out: &mut Vec<Position>) {
        Expander::new(self, true).predecessors(position, out);
    }

    /// Every legal move from `position`, one per resulting position, each in its shortest unambiguous
    /// notation.
    pub fn legal_moves(&self, position: &Position) -> Vec<LegalMove> {
        let outcomes = self.outcomes(position, None);
        let mut seen = HashSet::new();
        let mut moves = Vec::new();
        for o in &outcomes {
            if !seen.insert(o.result) {
                continue;
            }
            moves.push(LegalMove {
                action: Move::Drive(self.shortest_drive(position, o, &outcomes)),
                result: o.result,
            });
        }
        for (i, t) in self.yard.turntables.iter().enumerate() {
            if t.manual {
                let mut turned = *position;
                turned.turn(i, t.ring.len());
                moves.push(LegalMove {
                    action: Move::Turn {
                        table: t.name.clone(),
                    },
                    result: self.after_move(turned),
                });
            }
        }
        moves
    }

    fn via_of(&self, o: &Outcome, direction: bool, legs: bool) -> Via {
        Via {
            direction: direction.then_some(if o.forward {
                Direction::Forward
            } else {
                Direction::Backward
            }),
            legs: if legs {
                o.legs
                    .iter()
                    .map(|c| (self.yard.turnouts[c.turnout].name.clone(), c.leg + 1))
                    .collect()
            } else {
                Vec::new()
            },
        }
    }

    fn shortest_drive(&self, position: &Position, o: &Outcome, all: &[Outcome]) -> Drive {
        let mut drive = Drive {
            loco: self.pieces[o.loco].name.clone(),
            from: self.yard.slot_name(position.slot(o.loco)),
            to: self.yard.slot_name(o.to),
            take: o.take,
            via: None,
        };
        let forms = [(false, false), (false, true), (true, true)];
        for (direction, legs) in forms {
            if legs && !direction && o.legs.is_empty() {
                continue;
            }
            let filter = Filter {
                loco: o.loco,
                to: o.to,
                take: o.take,
                forward: direction.then_some(o.forward),
                legs: legs.then(|| o.legs.clone()),
            };
            drive.via = (direction || legs).then(|| self.via_of(o, direction, legs));
            if all
                .iter()
                .filter(|x| filter.admits(x))
                .all(|x| x.result == o.result)
            {
                break;
            }
        }
        drive
    }

    /// Plays `action` from `position`: the position after it, or why it is refused.
    pub fn play(&self, position: &Position, action: &Move) -> Result<Position, MoveError> {
        match action {
            Move::Turn { table } => {
                let index = self
                    .yard
                    .find_turntable(table)
                    .ok_or_else(|| MoveError::NoSuchTurntable(table.clone()))?;
                let t = &self.yard.turntables[index];
                if !t.manual {
                    return Err(MoveError::NotManual(t.name.clone()));
                }
                let mut turned = *position;
                turned.turn(index, t.ring.len());
                Ok(self.after_move(turned))
            }
            Move::Drive(drive) => self.play_drive(position, drive),
        }
    }

    /// Reads `text` as a move and plays it.
    pub fn play_text(&self, position: &Position, text: &str) -> Result<Position, MoveError> {
        self.play(position, &text.parse()?)
    }

    fn play_drive(&self, position: &Position, drive: &Drive) -> Result<Position, MoveError> {
        let loco = self
            .find_piece(&drive.loco)
            .ok_or_else(|| MoveError::NoSuchLoco(drive.loco.clone()))?;
        if self.pieces[loco].kind != PieceKind::Loco {
            return Err(MoveError::NotALoco(self.pieces[loco].name.clone()));
        }
        let slot = |name: &str| {
            self.yard
                .find_slot(name)
                .ok_or_else(|| MoveError::NoSuchSlot(name.to_owned()))
        };
        let from = slot(&drive.from)?;
        let to = slot(&drive.to)?;
        let at = position.slot(loco);
        if at != from {
            return Err(MoveError::NotThere {
                loco: self.pieces[loco].name.clone(),
                at: self.yard.slot_name(at),
                from: self.yard.slot_name(from),
            });
        }
        if from == to {
            return Err(MoveError::NoDistance);
        }
        let ground = Ground::new(self, position);
        let chains = ground.chains(loco);
        let behind = chains.iter().map(|c| c.0.len()).max().unwrap_or(0);
        if drive.take > behind {
            return Err(MoveError::TooFewBehind {
                loco: self.pieces[loco].name.clone(),
                behind,
            });
        }
        let legs = match &drive.via {
            Some(via) if !via.legs.is_empty() => Some(self.resolve_legs(&via.legs)?),
            _ => None,
        };
        let filter = Filter {
            loco,
            to,
            take: drive.take,
            forward: drive
                .via
                .as_ref()
                .and_then(|v| v.direction)
                .map(|d| d == Direction::Forward),
            legs,
        };
        let outcomes = self.outcomes(position, Some(loco));
        let fitting: Vec<&Outcome> = outcomes.iter().filter(|o| filter.admits(o)).collect();
        match fitting.as_slice() {
            [first, rest @ ..] if rest.iter().all(|o| o.result == first.result) => {
                return Ok(first.result);
            }
            [_, ..] => {
                let mut seen = HashSet::new();
                let options = fitting
                    .iter()
                    .filter(|o| seen.insert(o.result))
                    .map(|o| Move::Drive(self.shortest_drive(position, o, &outcomes)).to_string())
                    .collect();
                return Err(MoveError::Ambiguous(options));
            }
            [] => {}
        }
        if drive.via.is_some()
            && outcomes
                .iter()
                .any(|o| o.loco == loco && o.to == to && o.take == drive.take)
        {
            let text = drive
                .via
                .as_ref()
                .map(ToString::to_string)
                .unwrap_or_default();
            return Err(MoveError::NoSuchRoute(format!(
                "{} cannot reach {} {text}",
                self.pieces[loco].name, drive.to
            )));
        }
        Err(self.why_not(&ground, loco, drive.take, to))
    }

    fn resolve_legs(&self, legs: &[(String, u8)]) -> Result<Vec<LegChoice>, MoveError> {
        legs.iter()
            .map(|(name, leg)| {
                let turnout = self
                    .yard
                    .find_turnout(name)
                    .ok_or_else(|| MoveError::NoSuchRoute(format!("no turnout called {name}")))?;
                Ok(LegChoice {
                    turnout,
                    leg: leg - 1,
                })
            })
            .collect()
    }

    /// Explains why `loco` taking `take` pieces cannot stop at `target`.
    fn why_not(&self, ground: &Ground<'_>, loco: usize, take: usize, target: SlotId) -> MoveError {
        let mut obstacle = Obstacle {
            ground,
            target,
            found: None,
        };
        for chain in ground.chains(loco).iter().filter(|c| c.0.len() == take) {
            for forward in [true, false] {
                ground.drive(loco, chain, forward, &mut obstacle);
            }
        }
        if let Some(error) = obstacle.found {
            return error;
        }
        let at = ground.position.slot(loco);
        let starts = [true, false].map(|up| Heading { slot: at, up });
        let found = |sharp, any_table| {
            starts
                .iter()
                .find_map(|&h| reach(ground, h, target, sharp, any_table))
        };
        let unreachable = MoveError::Unreachable {
            from: self.yard.slot_name(at),
            to: self.yard.slot_name(target),
        };
        if found(false, false).is_some() {
            return unreachable;
        }
        if let Some(Reached {
            sharp: Some(turnout),
            ..
        }) = found(true, false)
        {
            return MoveError::SharpTurn(self.yard.turnouts[turnout].name.clone());
        }
        if let Some(Reached {
            table: Some(table), ..
        }) = found(false, true)
        {
            return MoveError::NotLinedUp(self.yard.turntables[table].name.clone());
        }
        unreachable
    }
}
