//! The solver's move generator: every position one move after (or before) a position, written into a
//! reusable buffer without building [`crate::games::shunting::Move`]s or allocating per move.
//!
//! It follows the same rules as the walk behind [`Puzzle::legal_moves`] (the tests check that both give
//! the same positions on many random positions in every built-in yard), but on flat tables: the yard's
//! links per heading ([`Links`]), one byte per slot for what stands there, and the moving block kept as
//! a run of the route (the piece `k` places from the back of the block stands `k` slots after the
//! block's back end), so a stop is read off without bookkeeping and a branch at a turnout only truncates
//! the shared route instead of cloning it.
//!
//! Backwards ([`Expander::predecessors`]): a drive moved its train `d ≥ 1` slots along a route and
//! pushed `k ≥ 0` pieces that now stand right ahead of the train. The train came from `d` free slots
//! behind it. The pushed pieces were met one after another: the first moved `s₁ ≤ d` slots, each later
//! one no more than the one before and at least one (`d ≥ s₁ ≥ s₂ ≥ … ≥ s_k ≥ 1`); every such choice is
//! a distinct earlier position.
//!
//! Open stops (see the solver's module documentation) are left out in both directions when asked.

use super::links::{Links, Node, flip, node, slot_of};
use crate::games::shunting::position::Position;
use crate::games::shunting::puzzle::Puzzle;
use crate::games::shunting::yard::Heading;

/// No piece in this slot.
const EMPTY: u8 = u8::MAX;
/// A broken track in this slot.
const BROKEN: u8 = u8::MAX - 1;

/// Trails (runs of headings one after another) stored end to end.
#[derive(Clone, Debug, Default)]
struct Trails {
    nodes: Vec<Node>,
    spans: Vec<(u32, u32)>,
}

impl Trails {
    fn clear(&mut self) {
        self.nodes.clear();
        self.spans.clear();
    }

    fn push(&mut self, trail: &[Node]) {
        let start = self.nodes.len() as u32;
        self.nodes.extend_from_slice(trail);
        self.spans.push((start, self.nodes.len() as u32));
    }

    fn len(&self) -> usize {
        self.spans.len()
    }

    fn get(&self, i: usize) -> &[Node] {
        let (a, b) = self.spans[i];
        &self.nodes[a as usize..b as usize]
    }
}

/// Generates successors and predecessors of positions of one puzzle, reusing its buffers.
#[derive(Clone, Debug)]
pub struct Expander<'a> {
    puzzle: &'a Puzzle,
    links: Links,
    locos: Vec<usize>,
    loco_mask: u32,
    skip_open_stops: bool,
    /// Whether a turntable turns by itself after every move.
    turns: bool,
    /// Longest route a drive explores (only loops can make routes long).
    limit: usize,
    /// Per slot: `BROKEN` or `EMPTY`.
    ground: Vec<u8>,
    /// Per slot: the piece standing there, `EMPTY` or `BROKEN`, for the position being expanded.
    occ: Vec<u8>,
    stack: Vec<Node>,
    chains: Trails,
    aheads: Trails,
    backs: Trails,
    train: Vec<Node>,
    path: Vec<Node>,
    /// The moving pieces from the back of the block, each with the index on `path` it started at.
    block: Vec<(usize, usize)>,
    shifts: Vec<usize>,
}

impl<'a> Expander<'a> {
    /// A generator for `puzzle`; with `skip_open_stops` (allowed only where
    /// [`Puzzle::skips_open_stops`] holds) a lone loco's open stops are left out unless they meet the
    /// goal.
    pub fn new(puzzle: &'a Puzzle, skip_open_stops: bool) -> Expander<'a> {
        let locos: Vec<usize> = puzzle.locos().collect();
        let ground = puzzle
            .broken
            .iter()
            .map(|&b| if b { BROKEN } else { EMPTY })
            .collect();
        Expander {
            puzzle,
            links: Links::new(&puzzle.yard),
            loco_mask: locos.iter().map(|&l| 1u32 << l).sum(),
            locos,
            skip_open_stops: skip_open_stops && puzzle.skips_open_stops(),
            turns: puzzle.yard.turntables.iter().any(|t| !t.manual),
            limit: 2 * puzzle.yard.slots.len() + puzzle.pieces.len() + 2,
            occ: Vec::with_capacity(puzzle.broken.len()),
            ground,
            stack: Vec::new(),
            chains: Trails::default(),
            aheads: Trails::default(),
            backs: Trails::default(),
            train: Vec::new(),
            path: Vec::new(),
            block: Vec::new(),
            shifts: Vec::new(),
        }
    }

    /// The yard's link tables.
    pub fn links(&self) -> &Links {
        &self.links
    }

    fn fill(&mut self, position: &Position) {
        self.occ.clone_from(&self.ground);
        for (piece, &slot) in position.slots(self.puzzle.pieces.len()).iter().enumerate() {
            self.occ[usize::from(slot)] = piece as u8;
        }
    }

    /// Every position one move after `position`, appended to `out` (with repeats).
    pub fn successors(&mut self, position: &Position, out: &mut Vec<Position>) {
        self.fill(position);
        for li in 0..self.locos.len() {
            let loco = self.locos[li];
            collect(
                &self.links,
                &self.occ,
                position,
                rear(position, loco),
                true,
                &mut self.stack,
                &mut self.chains,
            );
            for c in 0..self.chains.len() {
                for &forward in drives(c) {
                    lay_train(&mut self.path, self.chains.get(c), position, loco, forward);
                    self.block.clear();
                    let mut mask = 0u32;
                    for (i, &n) in self.path.iter().enumerate() {
                        let piece = match self.occ[slot_of(n)] {
                            p if p < BROKEN => usize::from(p),
                            _ => loco,
                        };
                        self.block.push((piece, i));
                        mask |= 1 << piece;
                    }
                    let take = self.path.len() - 1;
                    self.explore(position, loco, forward, 0, take, mask, out);
                }
            }
        }
        for (i, t) in self.puzzle.yard.turntables.iter().enumerate() {
            if t.manual {
                let mut turned = *position;
                turned.turn(i, t.ring.len());
                out.push(self.puzzle.after_move(turned));
            }
        }
    }

    /// Drives on from the block standing on `path[back..=lead]`, reporting a stop after every slot and
    /// following every leg at turnouts entered by their stem.
    #[allow(clippy::too_many_arguments)]
    fn explore(
        &mut self,
        position: &Position,
        loco: usize,
        forward: bool,
        mut back: usize,
        mut lead: usize,
        mut mask: u32,
        out: &mut Vec<Position>,
    ) {
        loop {
            loop {
                if lead + 1 == self.path.len() {
                    if self.path.len() > self.limit {
                        return;
                    }
                    let (a, b) = self.links.after(self.path[lead], |t| position.turntable(t));
                    match b - a {
                        0 => return,
                        1 => self.path.push(self.links.at(a)),
                        _ => {
                            let block = self.block.len();
                            for i in a..b {
                                self.path.truncate(lead + 1);
                                self.block.truncate(block);
                                self.path.push(self.links.at(i));
                                self.explore(position, loco, forward, back, lead, mask, out);
                            }
                            return;
                        }
                    }
                }
                let next = slot_of(self.path[lead + 1]);
                let there = self.occ[next];
                if there == BROKEN || self.path[back..=lead].iter().any(|&n| slot_of(n) == next) {
                    return;
                }
                if there != EMPTY && mask & (1 << there) == 0 {
                    lead += 1;
                    self.block.push((usize::from(there), lead));
                    mask |= 1 << there;
                } else {
                    break;
                }
            }
            back += 1;
            lead += 1;
            self.stop(position, loco, forward, back, lead, out);
        }
    }

    fn stop(
        &self,
        position: &Position,
        loco: usize,
        forward: bool,
        back: usize,
        lead: usize,
        out: &mut Vec<Position>,
    ) {
        let mut result = *position;
        for (k, &(piece, from)) in self.block.iter().enumerate() {
            let to = self.path[back + k];
            let turned = (self.path[from] ^ to) & 1 == 1;
            let up = self.loco_mask & (1 << piece) != 0 && (position.faces_up(piece) ^ turned);
            result.place(piece, slot_of(to) as u8, up);
        }
        if self.turns {
            result = self.puzzle.after_move(result);
        }
        if self.skip_open_stops
            && self.block.len() == 1
            && self.open_stop(position, loco, self.path[lead], forward)
            && !self.puzzle.is_solved(&result)
        {
            return;
        }
        out.push(result);
    }

    /// Whether a lone loco that pushed nothing and stopped heading `at` (its direction of travel;
    /// `forward`: front first) could as well have gone one slot further: nothing stands right behind
    /// its rear to couple, and a free, whole slot lies ahead. Reads the slots as they were before the
    /// move (the loco's own slot counts as free).
    fn open_stop(&self, position: &Position, loco: usize, at: Node, forward: bool) -> bool {
        let tables = |t| position.turntable(t);
        let rear = if forward { flip(at) } else { at };
        let (a, b) = self.links.after(rear, tables);
        let couples = (a..b).any(|i| {
            let there = self.occ[slot_of(self.links.at(i))];
            there < BROKEN && usize::from(there) != loco
        });
        if couples {
            return false;
        }
        let (a, b) = self.links.after(at, tables);
        (a..b).any(|i| {
            let there = self.occ[slot_of(self.links.at(i))];
            there == EMPTY || usize::from(there) == loco
        })
    }

    /// Every position one move before `position`, appended to `out` (with repeats).
    pub fn predecessors(&mut self, position: &Position, out: &mut Vec<Position>) {
        let mut before = *position;
        for (i, t) in self.puzzle.yard.turntables.iter().enumerate() {
            if !t.manual {
                before.turn_back(i, t.ring.len());
            }
        }
        self.fill(&before);
        let skip_open = self.skip_open_stops && !self.puzzle.is_solved(position);
        for li in 0..self.locos.len() {
            let loco = self.locos[li];
            collect(
                &self.links,
                &self.occ,
                &before,
                rear(&before, loco),
                true,
                &mut self.stack,
                &mut self.chains,
            );
            for c in 0..self.chains.len() {
                for &forward in drives(c) {
                    self.undrive(&before, loco, c, forward, skip_open, out);
                }
            }
        }
        for (i, t) in self.puzzle.yard.turntables.iter().enumerate() {
            if t.manual {
                let mut turned = before;
                turned.turn_back(i, t.ring.len());
                out.push(turned);
            }
        }
    }

    /// The positions from which `loco`, with chain `c` coupled, drove towards its front (or rear) and
    /// stopped where it stands in `before` (the position with the turntables turned back).
    fn undrive(
        &mut self,
        before: &Position,
        loco: usize,
        c: usize,
        forward: bool,
        skip_open: bool,
        out: &mut Vec<Position>,
    ) {
        lay_train(&mut self.train, self.chains.get(c), before, loco, forward);
        let behind = flip(self.train[0]);
        let lead = self.train[self.train.len() - 1];
        let skip_empty =
            skip_open && self.train.len() == 1 && self.open_stop(before, loco, lead, forward);
        collect(
            &self.links,
            &self.occ,
            before,
            lead,
            true,
            &mut self.stack,
            &mut self.aheads,
        );
        collect(
            &self.links,
            &self.occ,
            before,
            behind,
            false,
            &mut self.stack,
            &mut self.backs,
        );
        let train = &self.train;
        let fits = |ahead: &[Node]| {
            let skipped = ahead.is_empty() && skip_empty;
            let overlaps = ahead
                .iter()
                .any(|&a| train.iter().any(|&t| slot_of(t) == slot_of(a)));
            !skipped && !overlaps
        };
        for b in 1..self.backs.len() {
            let back = self.backs.get(b);
            let d = back.len();
            for a in 0..self.aheads.len() {
                let ahead = self.aheads.get(a);
                if !fits(ahead)
                    || back
                        .iter()
                        .any(|&x| ahead.iter().any(|&y| slot_of(x) == slot_of(y)))
                {
                    continue;
                }
                self.path.clear();
                self.path.extend(back.iter().rev().map(|&n| flip(n)));
                self.path.extend_from_slice(train);
                self.path.extend_from_slice(ahead);
                self.shifts.clear();
                self.shifts.resize(ahead.len(), d);
                loop {
                    out.push(rewind(
                        &self.occ,
                        self.loco_mask,
                        before,
                        &self.path,
                        d,
                        train.len(),
                        &self.shifts,
                    ));
                    if !next_shifts(&mut self.shifts) {
                        break;
                    }
                }
            }
        }
    }
}

/// The directions to drive with chain `c` coupled (`true`: front first). Driving rear first pushes
/// whatever stands behind the rear, coupled or not, so it gives the same positions with every chain:
/// only the empty chain (the first) drives rear first.
fn drives(c: usize) -> &'static [bool] {
    if c == 0 { &[true, false] } else { &[true] }
}

/// The loco's rear, as a heading travelling rearwards.
fn rear(position: &Position, loco: usize) -> Node {
    node(Heading {
        slot: position.slot(loco),
        up: !position.faces_up(loco),
    })
}

/// Lays the train of `loco` and `chain` (headings travelling rearwards from its rear) on `path`, in
/// the direction of travel: towards the loco's front when `forward`, else rear first.
fn lay_train(
    path: &mut Vec<Node>,
    chain: &[Node],
    position: &Position,
    loco: usize,
    forward: bool,
) {
    path.clear();
    if forward {
        path.extend(chain.iter().rev().map(|&n| flip(n)));
        path.push(node(Heading {
            slot: position.slot(loco),
            up: position.faces_up(loco),
        }));
    } else {
        path.push(rear(position, loco));
        path.extend_from_slice(chain);
    }
}

/// Collects into `store` every trail beyond `from` (the empty trail first) whose slots all hold a
/// piece (`occupied`) or are all free and whole, never visiting a slot twice.
fn collect(
    links: &Links,
    occ: &[u8],
    position: &Position,
    from: Node,
    occupied: bool,
    stack: &mut Vec<Node>,
    store: &mut Trails,
) {
    store.clear();
    store.push(&[]);
    stack.clear();
    extend(links, occ, position, from, occupied, stack, store);
}

fn extend(
    links: &Links,
    occ: &[u8],
    position: &Position,
    at: Node,
    occupied: bool,
    stack: &mut Vec<Node>,
    store: &mut Trails,
) {
    let (a, b) = links.after(at, |t| position.turntable(t));
    for i in a..b {
        let n = links.at(i);
        let there = occ[slot_of(n)];
        let fits = if occupied {
            there < BROKEN
        } else {
            there == EMPTY
        };
        if !fits || stack.iter().any(|&m| slot_of(m) == slot_of(n)) {
            continue;
        }
        stack.push(n);
        store.push(stack);
        extend(links, occ, position, n, occupied, stack, store);
        stack.pop();
    }
}

/// Steps `shifts` (non-increasing, from `d` down to 1) to the next such sequence; false after the last.
fn next_shifts(shifts: &mut [usize]) -> bool {
    for i in (0..shifts.len()).rev() {
        if shifts[i] > 1 {
            shifts[i] -= 1;
            let top = shifts[i];
            for s in &mut shifts[i + 1..] {
                *s = top;
            }
            return true;
        }
    }
    false
}

/// The position before the drive: the train of `train` pieces `d` slots back along `path`, pushed piece
/// `j` back by `shifts[j]`.
fn rewind(
    occ: &[u8],
    loco_mask: u32,
    position: &Position,
    path: &[Node],
    d: usize,
    train: usize,
    shifts: &[usize],
) -> Position {
    let mut before = *position;
    let moves = (0..train)
        .map(|i| (d + i, d))
        .chain(shifts.iter().enumerate().map(|(j, &s)| (d + train + j, s)));
    for (now, back) in moves {
        let piece = usize::from(occ[slot_of(path[now])]);
        let then = path[now - back];
        let turned = (path[now] ^ then) & 1 == 1;
        let up = loco_mask & (1 << piece) != 0 && (position.faces_up(piece) ^ turned);
        before.place(piece, slot_of(then) as u8, up);
    }
    before
}
