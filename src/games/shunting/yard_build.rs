//! Checks a yard file and builds the [`Yard`]: names, ports, joints, turnouts, buffer stops, turntables,
//! and the routes beyond every track end.

use super::error::LoadError;
use super::format::YardFile;
use super::yard::{
    End, Exit, Landing, LegChoice, MAX_SLOTS, MAX_TURNTABLES, Port, PortNames, Route, SlotId,
    TableSide, Track, TrackEnd, Turnout, Turntable, Wiring, Yard, exit_index,
};

/// The farthest a drawing hint may lie from the origin either way, in slot widths.
const MAX_HINT: u16 = 100;

/// The largest turntable ring.
const MAX_RING: usize = 16;

/// Which port of a turnout.
const PARTS: [&str; 3] = ["stem", "leg1", "leg2"];

/// Ports: two per track (start, end), then three per turnout (stem, leg1, leg2).
struct Ports {
    tracks: usize,
    names: PortNames,
    partner: Vec<Option<usize>>,
    buffer: Vec<bool>,
    table: Vec<Option<(usize, TableSide)>>,
}

impl Ports {
    fn new(file: &YardFile) -> Ports {
        let mut names = PortNames::new();
        for (i, t) in file.tracks.iter().enumerate() {
            names.insert(format!("{}.START", t.name.to_ascii_uppercase()), 2 * i);
            names.insert(format!("{}.END", t.name.to_ascii_uppercase()), 2 * i + 1);
        }
        let base = 2 * file.tracks.len();
        for (i, t) in file.turnouts.iter().enumerate() {
            for (p, part) in PARTS.iter().enumerate() {
                names.insert(
                    format!("{}.{part}", t.name).to_ascii_uppercase(),
                    base + 3 * i + p,
                );
            }
        }
        let count = base + 3 * file.turnouts.len();
        Ports {
            tracks: file.tracks.len(),
            names,
            partner: vec![None; count],
            buffer: vec![false; count],
            table: vec![None; count],
        }
    }

    fn find(&self, name: &str, place: &str) -> Result<usize, LoadError> {
        self.names
            .get(&name.trim().to_ascii_uppercase())
            .copied()
            .ok_or_else(|| LoadError::UnknownPort {
                port: name.to_owned(),
                place: place.to_owned(),
            })
    }

    /// The turnout and part (0 stem, 1 and 2 legs) of a turnout port.
    fn turnout_part(&self, port: usize) -> Option<(usize, usize)> {
        port.checked_sub(2 * self.tracks).map(|p| (p / 3, p % 3))
    }

    /// Every joined pair, once, as model ports.
    fn links(&self) -> Vec<[Port; 2]> {
        (0..self.partner.len())
            .filter_map(|a| self.partner[a].filter(|&b| a < b).map(|b| [a, b]))
            .map(|pair| pair.map(|p| self.port(p)))
            .collect()
    }

    fn port(&self, port: usize) -> Port {
        match self.turnout_part(port) {
            Some((turnout, part)) => Port::Turnout {
                turnout,
                part: part as u8,
            },
            None => Port::Track(
                self.track_end(port)
                    .expect("a port is a track end or a turnout port"),
            ),
        }
    }

    fn track_end(&self, port: usize) -> Option<TrackEnd> {
        (port < 2 * self.tracks).then_some(TrackEnd {
            track: port / 2,
            end: if port.is_multiple_of(2) {
                End::Start
            } else {
                End::End
            },
        })
    }

    fn claim_for_table(
        &mut self,
        port: usize,
        side: (usize, TableSide),
        table: &str,
        label: &str,
    ) -> Result<(), LoadError> {
        if self.partner[port].is_some() || self.buffer[port] || self.table[port].is_some() {
            return Err(LoadError::TurntablePortUsed {
                table: table.to_owned(),
                port: label.to_owned(),
            });
        }
        self.table[port] = Some(side);
        Ok(())
    }

    fn join(&mut self, a: usize, b: usize, names: (&str, &str)) -> Result<(), LoadError> {
        if a == b {
            return Err(LoadError::SelfJoint(names.0.to_owned()));
        }
        if let (Some((ta, pa)), Some((tb, pb))) = (self.turnout_part(a), self.turnout_part(b))
            && ta == tb
        {
            let turnout = names.0.split('.').next().unwrap_or_default().to_owned();
            return Err(if pa > 0 && pb > 0 {
                LoadError::LegToLeg(turnout)
            } else {
                LoadError::StemToOwnLeg(turnout)
            });
        }
        for (port, other, name) in [(a, b, names.0), (b, a, names.1)] {
            match self.partner[port] {
                Some(existing) if existing != other => {
                    return Err(LoadError::PortJoinedTwice(name.to_owned()));
                }
                _ => self.partner[port] = Some(other),
            }
        }
        Ok(())
    }
}

fn is_letters(name: &str) -> bool {
    !name.is_empty() && name.chars().all(|c| c.is_ascii_alphabetic())
}

/// Names used in notation: letters and digits, starting with a letter.
pub(super) fn is_word(name: &str) -> bool {
    name.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
        && name.chars().all(|c| c.is_ascii_alphanumeric())
}

/// Checks `file` and builds the yard.
pub(super) fn build(file: &YardFile) -> Result<Yard, LoadError> {
    let tracks = build_tracks(file)?;
    let mut ports = Ports::new(file);
    check_turnout_names(file)?;
    for [a, b] in &file.joints {
        let pa = ports.find(a, "a joint")?;
        let pb = ports.find(b, "a joint")?;
        ports.join(pa, pb, (a, b))?;
    }
    let base = 2 * tracks.len();
    for (i, t) in file.turnouts.iter().enumerate() {
        let place = format!("turnout {}", t.name);
        let legs = t.legs.clone().unwrap_or_default();
        let sides = [
            t.stem.clone().unwrap_or_default(),
            legs[0].clone(),
            legs[1].clone(),
        ];
        for (p, target) in sides.iter().enumerate() {
            if target.trim().is_empty() {
                continue;
            }
            let own_name = format!("{}.{}", t.name, PARTS[p]);
            let other = ports.find(target, &place)?;
            ports.join(base + 3 * i + p, other, (&own_name, target))?;
        }
    }
    for name in &file.buffers {
        let port = ports.find(name, "the buffer stops")?;
        if ports.partner[port].is_some() {
            return Err(LoadError::BufferOnJoint(name.clone()));
        }
        ports.buffer[port] = true;
    }
    let turntables = build_turntables(file, &tracks, &mut ports)?;
    let turnouts = file
        .turnouts
        .iter()
        .map(|t| {
            let legs = t.legs.clone().unwrap_or_default();
            Turnout {
                name: t.name.clone(),
                stem: t.stem.clone().unwrap_or_default(),
                legs,
            }
        })
        .collect();
    let names = port_display_names(file);
    let mut exits = Vec::with_capacity(2 * tracks.len());
    for track in 0..tracks.len() {
        for end in [End::Start, End::End] {
            let port = exit_index(track, end);
            let exit = match ports.table[port] {
                Some((table, side)) => Exit::Turntable { table, side },
                None => {
                    let mut routes = Vec::new();
                    follow(&ports, &names, port, Vec::new(), None, 0, &mut routes)?;
                    Exit::Routes(routes)
                }
            };
            exits.push(exit);
        }
    }
    let mut yard = Yard::assemble(
        file.name.clone(),
        file.title.clone().unwrap_or_else(|| file.name.clone()),
        tracks,
        turnouts,
        turntables,
        Wiring {
            buffers: file.buffers.clone(),
            links: ports.links(),
            exits,
        },
    );
    yard.industries = industry_slots(&yard, &file.industries)?;
    Ok(yard)
}

/// The slots the yard file names as industry spots, each once.
fn industry_slots(yard: &Yard, names: &[String]) -> Result<Vec<SlotId>, LoadError> {
    let mut slots: Vec<SlotId> = Vec::with_capacity(names.len());
    for name in names {
        let slot = yard.find_slot(name).ok_or_else(|| LoadError::UnknownSlot {
            slot: name.clone(),
            place: "the yard's industries".to_owned(),
        })?;
        if slots.contains(&slot) {
            return Err(LoadError::DuplicateName(yard.slot_name(slot)));
        }
        slots.push(slot);
    }
    Ok(slots)
}

fn build_tracks(file: &YardFile) -> Result<Vec<Track>, LoadError> {
    if file.tracks.is_empty() {
        return Err(LoadError::NoTracks);
    }
    let mut tracks: Vec<Track> = Vec::with_capacity(file.tracks.len());
    let mut first = 0usize;
    for t in &file.tracks {
        if !is_letters(&t.name) {
            return Err(LoadError::BadTrackName(t.name.clone()));
        }
        if tracks.iter().any(|o| o.name.eq_ignore_ascii_case(&t.name)) {
            return Err(LoadError::DuplicateName(t.name.clone()));
        }
        if t.slots == 0 {
            return Err(LoadError::EmptyTrack(t.name.clone()));
        }
        if first + usize::from(t.slots) > MAX_SLOTS {
            return Err(LoadError::TooManySlots(MAX_SLOTS));
        }
        for (end, hint) in [("start", t.start), ("end", t.end)] {
            check_hint(&t.name, end, hint)?;
        }
        tracks.push(Track {
            name: t.name.to_ascii_uppercase(),
            first: first as u8,
            len: t.slots,
            start: t.start,
            end: t.end,
        });
        first += usize::from(t.slots);
    }
    Ok(tracks)
}

/// A drawing hint must be finite and within [`MAX_HINT`] slot widths of the origin, so that every
/// picture stays a sensible size.
fn check_hint(track: &str, end: &'static str, hint: Option<[f32; 2]>) -> Result<(), LoadError> {
    let within = |v: f32| v.abs() <= f32::from(MAX_HINT);
    match hint {
        Some([x, y]) if !(within(x) && within(y)) => Err(LoadError::BadHint {
            track: track.to_owned(),
            end,
            given: format!("[{x}, {y}]"),
            max: MAX_HINT,
        }),
        _ => Ok(()),
    }
}

fn check_turnout_names(file: &YardFile) -> Result<(), LoadError> {
    let mut seen: Vec<&str> = Vec::new();
    let names = file
        .turnouts
        .iter()
        .map(|t| &t.name)
        .chain(file.turntables.iter().map(|t| &t.name));
    for name in names {
        if !is_word(name) {
            return Err(LoadError::BadName(name.clone()));
        }
        if seen.iter().any(|s| s.eq_ignore_ascii_case(name)) {
            return Err(LoadError::DuplicateName(name.clone()));
        }
        seen.push(name);
    }
    Ok(())
}

fn build_turntables(
    file: &YardFile,
    tracks: &[Track],
    ports: &mut Ports,
) -> Result<Vec<Turntable>, LoadError> {
    if file.turntables.len() > MAX_TURNTABLES {
        return Err(LoadError::TooManyTurntables(MAX_TURNTABLES));
    }
    let mut tables = Vec::new();
    for (index, spec) in file.turntables.iter().enumerate() {
        let name = &spec.name;
        let bridge = tracks
            .iter()
            .position(|t| t.name.eq_ignore_ascii_case(&spec.bridge))
            .ok_or_else(|| LoadError::UnknownTrack {
                track: spec.bridge.clone(),
                place: format!("turntable {name}"),
            })?;
        let k = spec.ring.len();
        if k < 2 || k % 2 != 0 || k > MAX_RING {
            return Err(LoadError::BadRing {
                table: name.clone(),
                max: MAX_RING,
            });
        }
        if spec.position >= k {
            return Err(LoadError::BadTablePosition {
                table: name.clone(),
                position: spec.position,
                ring: k,
            });
        }
        for end in [End::Start, End::End] {
            let label = format!("{}.{}", tracks[bridge].name, end_word(end));
            ports.claim_for_table(
                exit_index(bridge, end),
                (index, TableSide::Bridge(end)),
                name,
                &label,
            )?;
        }
        let mut ring = Vec::with_capacity(k);
        for (i, entry) in spec.ring.iter().enumerate() {
            if entry.trim().is_empty() {
                ring.push(None);
                continue;
            }
            let place = format!("turntable {name}");
            let port = ports.find(entry, &place)?;
            let end = ports
                .track_end(port)
                .ok_or_else(|| LoadError::RingNotTrackEnd {
                    table: name.clone(),
                    port: entry.clone(),
                })?;
            ports.claim_for_table(port, (index, TableSide::Ring(i)), name, entry)?;
            ring.push(Some(end));
        }
        tables.push(Turntable {
            name: name.clone(),
            bridge,
            ring,
            position: spec.position,
            manual: spec.manual,
        });
    }
    Ok(tables)
}

fn end_word(end: End) -> &'static str {
    match end {
        End::Start => "start",
        End::End => "end",
    }
}

fn port_display_names(file: &YardFile) -> Vec<String> {
    let mut names = Vec::new();
    for t in &file.tracks {
        let name = t.name.to_ascii_uppercase();
        names.push(format!("{name}.start"));
        names.push(format!("{name}.end"));
    }
    for t in &file.turnouts {
        for part in PARTS {
            names.push(format!("{}.{part}", t.name));
        }
    }
    names
}

/// Collects every route leaving through `port` (a track end or a turnout port being left).
fn follow(
    ports: &Ports,
    names: &[String],
    port: usize,
    legs: Vec<LegChoice>,
    sharp: Option<usize>,
    depth: usize,
    routes: &mut Vec<Route>,
) -> Result<(), LoadError> {
    if depth > ports.partner.len() {
        return Err(LoadError::TurnoutLoop(names[port].clone()));
    }
    let Some(next) = ports.partner[port] else {
        let landing = if ports.buffer[port] {
            Landing::Buffer(names[port].clone())
        } else {
            Landing::OffBoard(names[port].clone())
        };
        routes.push(Route {
            legs,
            sharp,
            landing,
        });
        return Ok(());
    };
    let Some((turnout, part)) = ports.turnout_part(next) else {
        let end = ports
            .track_end(next)
            .expect("a port is a track end or a turnout port");
        routes.push(Route {
            legs,
            sharp,
            landing: Landing::Track(end),
        });
        return Ok(());
    };
    let base = 2 * ports.tracks + 3 * turnout;
    if part == 0 {
        for leg in 0..2u8 {
            let mut chosen = legs.clone();
            chosen.push(LegChoice { turnout, leg });
            follow(
                ports,
                names,
                base + 1 + usize::from(leg),
                chosen,
                sharp,
                depth + 1,
                routes,
            )?;
        }
    } else {
        follow(ports, names, base, legs.clone(), sharp, depth + 1, routes)?;
        if sharp.is_none() {
            let other = base + if part == 1 { 2 } else { 1 };
            follow(ports, names, other, legs, Some(turnout), depth + 1, routes)?;
        }
    }
    Ok(())
}
