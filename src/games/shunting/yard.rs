//! The yard as a validated model: tracks of slots, the ports at their ends, and where leaving a track
//! through an end leads (through turnouts, to a buffer stop, off the board, or onto a turntable).

use std::collections::HashMap;

use super::error::LoadError;
use super::format::{YardFile, yard_file};

/// A slot's index in [`Yard::slots`].
pub type SlotId = u8;

/// The most slots a yard may have (slot ids are bytes).
pub const MAX_SLOTS: usize = 250;

/// The most turntables a yard may have.
pub const MAX_TURNTABLES: usize = 4;

/// One end of a track.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// Before slot 1.
    Start,
    /// After the last slot.
    End,
}

/// A track end: the track's index and which end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TrackEnd {
    /// Index in [`Yard::tracks`].
    pub track: usize,
    /// Which end.
    pub end: End,
}

/// A track: a straight row of slots.
#[derive(Clone, Debug)]
pub struct Track {
    /// Its letters (`A`).
    pub name: String,
    /// The id of its slot 1; its slots are consecutive ids.
    pub first: SlotId,
    /// How many slots.
    pub len: u8,
    /// Drawing hint: where the start end lies, in slot widths (if the file gave one).
    pub start: Option<[f32; 2]>,
    /// Drawing hint: where the end end lies.
    pub end: Option<[f32; 2]>,
}

impl Track {
    /// The id of slot `number` (1-based) of this track.
    pub fn slot(&self, number: u8) -> SlotId {
        self.first + number - 1
    }

    /// The id of the slot next to `end`.
    pub fn slot_at(&self, end: End) -> SlotId {
        match end {
            End::Start => self.first,
            End::End => self.first + self.len - 1,
        }
    }
}

/// A slot: its track and number.
#[derive(Clone, Copy, Debug)]
pub struct Slot {
    /// Index in [`Yard::tracks`].
    pub track: usize,
    /// 1-based number along the track.
    pub number: u8,
}

/// A turnout leg chosen where a route enters a turnout by its stem.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LegChoice {
    /// Index in [`Yard::turnouts`].
    pub turnout: usize,
    /// 0 for the first leg, 1 for the second.
    pub leg: u8,
}

/// Where a route leaving a track end arrives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Landing {
    /// Into another track through this end.
    Track(TrackEnd),
    /// A buffer stop at this port.
    Buffer(String),
    /// Nothing: the edge of the board at this port.
    OffBoard(String),
}

/// One way onward from a track end.
#[derive(Clone, Debug)]
pub struct Route {
    /// Legs chosen at turnouts entered by their stem, in order.
    pub legs: Vec<LegChoice>,
    /// Set when the route takes the forbidden leg-to-leg turn at this turnout (kept only to explain
    /// refusals; moves never use it).
    pub sharp: Option<usize>,
    /// Where it arrives.
    pub landing: Landing,
}

/// Which part of a turntable a track end is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableSide {
    /// An end of the bridge track.
    Bridge(End),
    /// The ring port at this position.
    Ring(usize),
}

/// What lies beyond a track end.
#[derive(Clone, Debug)]
pub enum Exit {
    /// Fixed routes (one for a plain joint, buffer or edge; several through turnouts).
    Routes(Vec<Route>),
    /// A turntable, whose connection depends on its position.
    Turntable {
        /// Index in [`Yard::turntables`].
        table: usize,
        /// Which part of it.
        side: TableSide,
    },
}

/// A named meeting place of track: a track end or a turnout's stem or leg.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Port {
    /// A track end.
    Track(TrackEnd),
    /// A turnout's port: `part` 0 is the stem, 1 and 2 the legs.
    Turnout {
        /// Index in [`Yard::turnouts`].
        turnout: usize,
        /// 0 stem, 1 leg 1, 2 leg 2.
        part: u8,
    },
}

/// A turnout, for drawing and notation.
#[derive(Clone, Debug)]
pub struct Turnout {
    /// Its name (`P1`).
    pub name: String,
    /// What its stem and legs meet, as port names (`""` where nothing).
    pub stem: String,
    /// What its legs meet.
    pub legs: [String; 2],
}

/// A turntable.
#[derive(Clone, Debug)]
pub struct Turntable {
    /// Its name (`T`).
    pub name: String,
    /// Index of the bridge track.
    pub bridge: usize,
    /// The ring, clockwise.
    pub ring: Vec<Option<TrackEnd>>,
    /// The yard's default starting position.
    pub position: usize,
    /// Turning is a move of its own.
    pub manual: bool,
}

impl Turntable {
    /// The ring position the bridge end `end` faces when the table is at `position`.
    pub fn facing_ring(&self, position: usize, end: End) -> usize {
        let half = self.ring.len() / 2;
        match end {
            End::Start => position % self.ring.len(),
            End::End => (position + half) % self.ring.len(),
        }
    }
}

/// A validated yard.
#[derive(Clone, Debug)]
pub struct Yard {
    /// Short name.
    pub name: String,
    /// Title for people.
    pub title: String,
    /// The tracks.
    pub tracks: Vec<Track>,
    /// Every slot, track by track.
    pub slots: Vec<Slot>,
    /// The turnouts.
    pub turnouts: Vec<Turnout>,
    /// The turntables.
    pub turntables: Vec<Turntable>,
    /// Ports that end at a buffer stop (by name), for drawing.
    pub buffers: Vec<String>,
    /// Industry spots, in the order the file lists them (none unless the file names some).
    pub industries: Vec<SlotId>,
    /// Every pair of ports that meet (plain joints and turnout connections), each pair once, for
    /// drawing and describing the yard.
    pub links: Vec<[Port; 2]>,
    /// Beyond each track end: index `2 * track + (0 for start, 1 for end)`.
    exits: Vec<Exit>,
}

/// A slot and a direction of travel along its track (`up`: towards higher numbers).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Heading {
    /// The slot.
    pub slot: SlotId,
    /// Travelling towards higher numbers.
    pub up: bool,
}

/// What comes after a heading.
pub enum Onward<'a> {
    /// The next slot on the same track.
    Within(Heading),
    /// Fixed routes beyond the track end.
    Routes(&'a [Route]),
    /// The bridge or ring of a turntable; resolve with [`Yard::across_turntable`].
    Turntable(usize, TableSide),
}

/// Where a turntable connection leads right now.
pub enum Across {
    /// Into this track end.
    Track(TrackEnd),
    /// Nothing lines up here.
    NotLinedUp,
}

/// How a validated yard's ports connect, as [`Yard::assemble`] takes it.
pub(super) struct Wiring {
    /// Ports that end at a buffer stop (by name).
    pub buffers: Vec<String>,
    /// Every pair of ports that meet, each pair once.
    pub links: Vec<[Port; 2]>,
    /// Beyond each track end: index `2 * track + (0 for start, 1 for end)`.
    pub exits: Vec<Exit>,
}

impl Yard {
    /// Reads and validates a yard file.
    pub fn from_toml(text: &str) -> Result<Yard, LoadError> {
        let file = yard_file(text).map_err(LoadError::Toml)?;
        Yard::from_file(&file)
    }

    /// Validates a parsed yard file.
    pub fn from_file(file: &YardFile) -> Result<Yard, LoadError> {
        super::yard_build::build(file)
    }

    pub(super) fn assemble(
        name: String,
        title: String,
        tracks: Vec<Track>,
        turnouts: Vec<Turnout>,
        turntables: Vec<Turntable>,
        wiring: Wiring,
    ) -> Yard {
        let Wiring {
            buffers,
            links,
            exits,
        } = wiring;
        let slots = tracks
            .iter()
            .enumerate()
            .flat_map(|(track, t)| (1..=t.len).map(move |number| Slot { track, number }))
            .collect();
        Yard {
            name,
            title,
            tracks,
            slots,
            turnouts,
            turntables,
            buffers,
            industries: Vec::new(),
            links,
            exits,
        }
    }

    /// A slot's name (`A3`).
    pub fn slot_name(&self, slot: SlotId) -> String {
        let s = self.slots[slot as usize];
        format!("{}{}", self.tracks[s.track].name, s.number)
    }

    /// The slot with this name (case-insensitive), if the yard has it.
    pub fn find_slot(&self, name: &str) -> Option<SlotId> {
        let name = name.trim();
        let split = name.find(|c: char| c.is_ascii_digit())?;
        let (letters, digits) = name.split_at(split);
        let number: u8 = digits.parse().ok()?;
        let track = self
            .tracks
            .iter()
            .find(|t| t.name.eq_ignore_ascii_case(letters))?;
        (1..=track.len)
            .contains(&number)
            .then(|| track.slot(number))
    }

    /// The track with this name (case-insensitive).
    pub fn find_track(&self, name: &str) -> Option<usize> {
        self.tracks
            .iter()
            .position(|t| t.name.eq_ignore_ascii_case(name.trim()))
    }

    /// The turnout with this name (case-insensitive).
    pub fn find_turnout(&self, name: &str) -> Option<usize> {
        self.turnouts
            .iter()
            .position(|t| t.name.eq_ignore_ascii_case(name.trim()))
    }

    /// The turntable with this name (case-insensitive).
    pub fn find_turntable(&self, name: &str) -> Option<usize> {
        self.turntables
            .iter()
            .position(|t| t.name.eq_ignore_ascii_case(name.trim()))
    }

    /// A track end's name (`A.start`).
    pub fn end_name(&self, end: TrackEnd) -> String {
        let word = match end.end {
            End::Start => "start",
            End::End => "end",
        };
        format!("{}.{word}", self.tracks[end.track].name)
    }

    /// The port called `name` (`A.end`, `P1.stem`, `P1.leg2`; case-insensitive), if the yard has it.
    pub fn find_port(&self, name: &str) -> Option<Port> {
        let (owner, part) = name.trim().split_once('.')?;
        let part = part.to_ascii_lowercase();
        if let Some(track) = self.find_track(owner) {
            let end = match part.as_str() {
                "start" => End::Start,
                "end" => End::End,
                _ => return None,
            };
            return Some(Port::Track(TrackEnd { track, end }));
        }
        let turnout = self.find_turnout(owner)?;
        let part = ["stem", "leg1", "leg2"].iter().position(|p| *p == part)? as u8;
        Some(Port::Turnout { turnout, part })
    }

    /// Whether a buffer stop ends `port`.
    pub fn is_buffer(&self, port: Port) -> bool {
        self.buffers
            .iter()
            .any(|name| self.find_port(name) == Some(port))
    }

    /// The port `port` meets, if any.
    pub fn linked(&self, port: Port) -> Option<Port> {
        self.links.iter().find_map(|&[a, b]| {
            if a == port {
                Some(b)
            } else if b == port {
                Some(a)
            } else {
                None
            }
        })
    }

    /// The turntable whose bridge is this track, if any.
    pub fn turntable_on(&self, track: usize) -> Option<usize> {
        self.turntables.iter().position(|t| t.bridge == track)
    }

    /// What comes after `at`.
    pub fn onward(&self, at: Heading) -> Onward<'_> {
        let slot = self.slots[at.slot as usize];
        let track = &self.tracks[slot.track];
        if at.up && slot.number < track.len {
            return Onward::Within(Heading {
                slot: at.slot + 1,
                up: true,
            });
        }
        if !at.up && slot.number > 1 {
            return Onward::Within(Heading {
                slot: at.slot - 1,
                up: false,
            });
        }
        let end = if at.up { End::End } else { End::Start };
        match &self.exits[exit_index(slot.track, end)] {
            Exit::Routes(routes) => Onward::Routes(routes),
            Exit::Turntable { table, side } => Onward::Turntable(*table, *side),
        }
    }

    /// Where a turntable connection leads with the table at `position`.
    pub fn across_turntable(&self, table: usize, side: TableSide, position: usize) -> Across {
        let t = &self.turntables[table];
        let k = t.ring.len();
        match side {
            TableSide::Bridge(end) => match t.ring[t.facing_ring(position, end)] {
                Some(te) => Across::Track(te),
                None => Across::NotLinedUp,
            },
            TableSide::Ring(i) => {
                let bridge_end = if i == position % k {
                    End::Start
                } else if i == (position + k / 2) % k {
                    End::End
                } else {
                    return Across::NotLinedUp;
                };
                Across::Track(TrackEnd {
                    track: t.bridge,
                    end: bridge_end,
                })
            }
        }
    }

    /// The heading of a piece entering a track through `end`.
    pub fn entering(&self, end: TrackEnd) -> Heading {
        let track = &self.tracks[end.track];
        Heading {
            slot: track.slot_at(end.end),
            up: end.end == End::Start,
        }
    }
}

/// Index of a track end in the exit table.
pub(super) fn exit_index(track: usize, end: End) -> usize {
    2 * track + usize::from(end == End::End)
}

/// Looks up ports by name.
pub(super) type PortNames = HashMap<String, usize>;
