//! Refilling the market: drawing (the end trigger when the draw deck runs out), where a drawn tile may go
//! (the whistlestop rule for the space under the active agent), and the last round's face-down refills.

use super::content::TileNo;
use super::notation::{Action, space_name};
use super::state::{CoalTrain, Pending, SPACES};
use crate::game::{Event, Seat, seat_ref};
use crate::games::narration::Sink;

impl CoalTrain {
    /// Draws the top tile of the draw deck. Drawing its last tile triggers the end (once) and makes the
    /// reserve the draw deck.
    pub(super) fn draw(&mut self, sink: &mut impl Sink) -> Option<TileNo> {
        let tile = self.deck.pop()?;
        if self.deck.is_empty() && !self.end_triggered {
            self.end_triggered = true;
            self.deck = std::mem::take(&mut self.reserve);
            sink.emit(|| {
                Event::public(
                    "The draw deck ran out: the end is triggered. This round is finished, then one more \
                     round is played; the reserve becomes the draw deck.",
                )
            });
        }
        Some(tile)
    }

    /// The space under `seat`'s agent, if the agent stands on an empty space.
    fn own_empty_space(&self, seat: Seat) -> Option<usize> {
        self.players[seat]
            .agent
            .filter(|&space| self.is_empty_space(space))
    }

    /// Whether `seat` may place a drawn `tile` by `action` (`place` or `swap`): any empty space for a
    /// whistlestop; for another tile an empty space but the one under the agent, or a swap with a face-up
    /// whistlestop while the agent stands on an empty space, and under the agent only when nothing else
    /// is possible.
    pub(super) fn is_placement(&self, seat: Seat, tile: TileNo, action: Action) -> bool {
        let own = self.own_empty_space(seat);
        let whistlestop = self.content().whistlestop(tile).is_some();
        match action {
            Action::Place(space) if space < SPACES && self.is_empty_space(space) => {
                whistlestop || Some(space) != own || !self.placement_besides(space)
            }
            Action::Swap(space) => {
                !whistlestop
                    && own.is_some()
                    && space < SPACES
                    && self.whistlestop_at(space).is_some()
            }
            _ => false,
        }
    }

    /// Whether a drawn market tile could go elsewhere than the empty space `own` under the agent: another
    /// empty space, or a swap with a face-up whistlestop.
    fn placement_besides(&self, own: usize) -> bool {
        (0..SPACES).any(|s| s != own && self.is_empty_space(s) || self.whistlestop_at(s).is_some())
    }

    /// Why placing `tile` at `space` is refused.
    pub(super) fn placement_refusal(&self, seat: Seat, tile: TileNo, space: usize) -> String {
        let name = space_name(space);
        if self.content().whistlestop(tile).is_none() && self.own_empty_space(seat) == Some(space) {
            return format!(
                "Only a whistlestop may go under your own agent ({name}) while another place or a swap \
                 with a whistlestop is possible."
            );
        }
        if self.own_empty_space(seat).is_none() && self.whistlestop_at(space).is_some() {
            return "A swap with a whistlestop needs your agent on an empty space.".to_string();
        }
        format!("{name} is not an empty market space (nor a whistlestop to swap with).")
    }

    /// Puts the drawn tile where the step says (a swap sends the whistlestop under the active agent).
    /// The placement is narrated here alone, in one line that names the tile.
    pub(super) fn place(&mut self, seat: Seat, tile: TileNo, action: Action, sink: &mut impl Sink) {
        let (space, swapped) = match action {
            Action::Swap(space) => {
                if let Some(own) = self.own_empty_space(seat) {
                    self.market[own].tile = self.market[space].tile;
                }
                (space, true)
            }
            Action::Place(space) => (space, false),
            _ => return,
        };
        self.market[space].tile = Some(tile);
        sink.emit(|| {
            let placed = if swapped {
                format!(
                    "swapped it with the whistlestop on {}, which goes under their agent",
                    space_name(space)
                )
            } else {
                format!("placed it on {}", space_name(space))
            };
            Event::public(format!(
                "{} drew {} and {placed}.",
                seat_ref(seat),
                self.content().tile_name(tile),
            ))
        });
    }

    /// Refills the market until a drawn tile waits to be placed, or nothing is left to refill; then
    /// the turn ends.
    pub(super) fn continue_replenish(&mut self, sink: &mut impl Sink) {
        if !self.pending.is_empty() {
            return;
        }
        let has_empty = (0..SPACES).any(|s| self.is_empty_space(s));
        match has_empty.then(|| self.draw(sink)).flatten() {
            Some(tile) => self.pending.push(Pending::Place { tile }),
            None => self.finish_turn(sink),
        }
    }

    /// The last round's refill after a purchase: at once, face down, under the buyer.
    pub(super) fn refill_face_down(&mut self, seat: Seat, space: usize, sink: &mut impl Sink) {
        if let Some(tile) = self.draw(sink) {
            self.market[space] = super::state::Space {
                tile: Some(tile),
                face_down: true,
            };
            sink.emit(|| {
                Event::public(format!(
                    "A face-down tile now lies under {}'s agent on {}.",
                    seat_ref(seat),
                    space_name(space)
                ))
            });
        }
    }

    /// Turns every face-down tile face up.
    pub(super) fn turn_face_up(&mut self, sink: &mut impl Sink) {
        for space in 0..SPACES {
            if self.market[space].face_down {
                self.market[space].face_down = false;
                let tile = self.market[space].tile;
                sink.emit(|| {
                    Event::revealing(format!(
                        "The face-down tile on {} is turned up: {}.",
                        space_name(space),
                        tile.map_or("?", |t| self.content().tile_name(t))
                    ))
                });
            }
        }
    }
}
