//! The market's geometry and the agent's moves: which spaces a step may reach, what a step or a landing
//! costs, and what landing on a whistlestop does.

use super::bits::set_bits;
use super::content::{Perk, Whistlestop};
use super::notation::space_name;
use super::refuse::{Refuse, require};
use super::resources::Res;
use super::state::{CENTRE, CoalTrain, Pending, SIDE, SPACES};
use crate::game::Seat;
use crate::plural::counted;

/// Whether a space lies on the edge of the market.
pub const fn is_edge(space: usize) -> bool {
    let (row, column) = (space / SIDE, space % SIDE);
    row == 0 || column == 0 || row == SIDE - 1 || column == SIDE - 1
}

/// Whether two spaces are orthogonal neighbours.
pub const fn adjacent(a: usize, b: usize) -> bool {
    let (ra, ca, rb, cb) = (a / SIDE, a % SIDE, b / SIDE, b % SIDE);
    ra.abs_diff(rb) + ca.abs_diff(cb) == 1
}

/// For each space, then for off the board (the last entry), the spaces one step reaches, as bits.
const STEPS: [u32; SPACES + 1] = {
    let mut table = [0u32; SPACES + 1];
    let mut to = 0;
    while to < SPACES {
        if is_edge(to) {
            table[SPACES] |= 1 << to;
        }
        let mut from = 0;
        while from < SPACES {
            if adjacent(from, to) {
                table[from] |= 1 << to;
            }
            from += 1;
        }
        to += 1;
    }
    table
};

/// The spaces one step reaches from `from` (from off the board: the edge spaces), as bits.
fn step_bits(from: Option<usize>) -> u32 {
    STEPS[from.map_or(SPACES, |f| f.min(SPACES))]
}

/// The spaces one step from `from` (from off the board: the edge spaces), lowest first.
pub fn reachable(from: Option<usize>) -> impl Iterator<Item = usize> {
    set_bits(step_bits(from).into())
}

/// What a move onto a space costs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveCost {
    /// Action points.
    pub ap: u32,
    /// Resources.
    pub res: Res,
}

impl CoalTrain {
    /// The index of the face-up whistlestop on a space, if one lies there.
    pub fn whistlestop_index_at(&self, space: usize) -> Option<usize> {
        let lying = self.market[space];
        let tiles = self.content().tiles.len();
        match lying.tile {
            Some(tile) if !lying.face_down => usize::from(tile).checked_sub(tiles),
            _ => None,
        }
    }

    /// The face-up whistlestop on a space, if one lies there.
    pub fn whistlestop_at(&self, space: usize) -> Option<&'static Whistlestop> {
        self.whistlestop_index_at(space)
            .map(|w| &self.content().whistlestops[w])
    }

    /// Whether a space is empty (no tile; the centre never is).
    pub fn is_empty_space(&self, space: usize) -> bool {
        space != CENTRE && self.market[space].tile.is_none()
    }

    /// What `seat`'s step onto `to` costs, or why it cannot go there. Inlined where the listing checks
    /// each step (callgrind, 20 random 4-player games: 17.0 M instructions in 175,074 calls, 6.6 M
    /// inlined).
    #[inline(always)]
    pub(super) fn step_cost<R: Refuse>(&self, seat: Seat, to: usize) -> Result<MoveCost, R::Err> {
        let player = &self.players[seat];
        let from = player.agent;
        require::<R>(
            to < SPACES && step_bits(from) & (1 << to) != 0,
            || match from {
                None => format!(
                    "Your agent is off the board: its first step goes onto an edge space, not {}.",
                    space_name(to)
                ),
                Some(from) => format!(
                    "A step goes to a space beside {} (up, down, left or right), not {}.",
                    space_name(from),
                    space_name(to)
                ),
            },
        )?;
        let stop = self.whistlestop_at(to);
        let free = !player.stepped && self.holds(seat, Perk::FreeFirstStep);
        let ap = match (free, stop) {
            (true, _) => 0,
            (false, Some(stop)) => stop.step_ap,
            (false, None) => self.content().table.step_ap,
        };
        require::<R>(player.ap >= ap, || {
            format!(
                "A step onto {} costs {}; you have {}.",
                space_name(to),
                counted(ap, "action point"),
                player.ap
            )
        })?;
        let res = self.toll::<R>(seat, to, stop)?;
        Ok(MoveCost { ap, res })
    }

    /// Checks that `seat` can pay what landing on `to` costs (a whistlestop's toll).
    pub(super) fn landing_cost<R: Refuse>(&self, seat: Seat, to: usize) -> Result<Res, R::Err> {
        self.toll::<R>(seat, to, self.whistlestop_at(to))
    }

    /// The toll of landing on `to`, where `stop` lies, if `seat` can pay it.
    #[inline]
    fn toll<R: Refuse>(
        &self,
        seat: Seat,
        to: usize,
        stop: Option<&Whistlestop>,
    ) -> Result<Res, R::Err> {
        let toll = stop.map_or(Res::NONE, |s| s.pay);
        let res = self.players[seat].res;
        require::<R>(res.covers(&toll), || {
            format!(
                "Landing on {} costs {toll}; you have {res}.",
                space_name(to)
            )
        })?;
        Ok(toll)
    }

    /// Puts `seat`'s agent on `to`, paying `cost`, and lands (whistlestop effects).
    pub(super) fn move_agent(&mut self, seat: Seat, to: usize, cost: MoveCost) {
        let index = self.whistlestop_index_at(to);
        let content = self.content();
        let player = &mut self.players[seat];
        player.ap -= cost.ap;
        player.agent = Some(to);
        if let Some(index) = index {
            let stop = &content.whistlestops[index];
            player.res = player.res.minus(&stop.pay).unwrap_or(player.res);
            player.res = player.res.plus(&stop.gain);
            if stop.lobby {
                self.lobby(seat, None);
            }
            if !stop.choose_one.is_empty() {
                self.pending.push(Pending::Depot { stop: index });
            }
        }
    }
}
