//! A mirror of the yard: two tracks of one length that the yard treats alike (Inglenook's sidings B
//! and C), swapped slot for slot.
//!
//! Say swapping the tracks maps every heading's onward headings to the swapped heading's (so every
//! move to a move), leaves the broken slots where they are and the goal as it is (every slot it names
//! for a piece stays put, and its groups, empty and clear slots map onto themselves). Then a position
//! and its mirror image need the same number of moves, and the solver keeps one key for both
//! ([`super::canon::Canon::key`]): in Inglenook that halves the positions a search stores. Yards with a
//! turntable are left alone (their links change as the table turns).

use super::links::{Links, node, slot_of};
use crate::games::shunting::puzzle::Puzzle;
use crate::games::shunting::yard::{Heading, SlotId};

/// Per slot: the slot it swaps with (itself off the two tracks).
pub type Mirror = Vec<SlotId>;

/// The first swap of two tracks (in track order) that maps `puzzle`'s yard, broken slots and goal onto
/// themselves, if there is one.
pub fn find(puzzle: &Puzzle, links: &Links) -> Option<Mirror> {
    let yard = &puzzle.yard;
    if !yard.turntables.is_empty() {
        return None;
    }
    let tracks = &yard.tracks;
    (0..tracks.len())
        .flat_map(|a| (a + 1..tracks.len()).map(move |b| (a, b)))
        .filter(|&(a, b)| tracks[a].len == tracks[b].len)
        .map(|(a, b)| {
            let mut mirror: Mirror = (0..yard.slots.len() as SlotId).collect();
            for i in 0..tracks[a].len {
                let (x, y) = (tracks[a].first + i, tracks[b].first + i);
                mirror[usize::from(x)] = y;
                mirror[usize::from(y)] = x;
            }
            mirror
        })
        .find(|mirror| keeps_links(mirror, links) && keeps_puzzle(mirror, puzzle))
}

/// The heading `h` swapped (the tracks are numbered alike, so its direction stays).
fn swapped(mirror: &Mirror, h: u16) -> u16 {
    node(Heading {
        slot: mirror[slot_of(h)],
        up: h & 1 == 1,
    })
}

fn keeps_links(mirror: &Mirror, links: &Links) -> bool {
    let onward = |h: u16| {
        let (a, b) = links.after(h, |_| 0);
        let mut next: Vec<u16> = (a..b).map(|i| links.at(i)).collect();
        next.sort_unstable();
        next
    };
    (0..2 * mirror.len() as u16).all(|h| {
        let mut image: Vec<u16> = onward(h).iter().map(|&n| swapped(mirror, n)).collect();
        image.sort_unstable();
        image == onward(swapped(mirror, h))
    })
}

fn keeps_puzzle(mirror: &Mirror, puzzle: &Puzzle) -> bool {
    let image = |s: SlotId| mirror[usize::from(s)];
    let same_set = |slots: &[SlotId]| slots.iter().all(|&s| slots.contains(&image(s)));
    let goal = &puzzle.goal;
    (0..mirror.len()).all(|s| puzzle.broken[s] == puzzle.broken[usize::from(mirror[s])])
        && goal.at.iter().all(|&(_, s)| image(s) == s)
        && goal.groups.iter().all(|g| same_set(&g.slots))
        && same_set(&goal.empty)
        && same_set(&goal.clear)
}
