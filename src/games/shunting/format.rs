//! The shunting file format as written by people: TOML for a yard and for a puzzle, read with serde.
//! Nothing here is checked beyond its shape; [`crate::games::shunting::yard`] and
//! [`crate::games::shunting::puzzle`] turn these into validated models. `FORMAT.md` describes it.

use std::collections::BTreeMap;

use serde::Deserialize;

/// A yard file: tracks of slots and how their ends meet.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct YardFile {
    /// The short name (`inglenook`).
    pub name: String,
    /// A longer title for people.
    #[serde(default)]
    pub title: Option<String>,
    /// Plain joints: pairs of ports that meet end to end.
    #[serde(default)]
    pub joints: Vec<[String; 2]>,
    /// Ports that end at a buffer stop.
    #[serde(default)]
    pub buffers: Vec<String>,
    /// Industry spots: slots where the yard's industries take cars (the Timesaver deal sends cars
    /// to some of them).
    #[serde(default)]
    pub industries: Vec<String>,
    /// The tracks.
    #[serde(default, rename = "track")]
    pub tracks: Vec<TrackSpec>,
    /// The turnouts.
    #[serde(default, rename = "turnout")]
    pub turnouts: Vec<TurnoutSpec>,
    /// The turntables.
    #[serde(default, rename = "turntable")]
    pub turntables: Vec<TurntableSpec>,
}

/// One track: a straight row of slots named by its letters and a number from 1 at its start.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrackSpec {
    /// Letters only (`A`, `H`); slot names are these plus a number.
    pub name: String,
    /// How many slots (pieces) it holds.
    pub slots: u8,
    /// Drawing hint: where its start end lies, in slot widths.
    #[serde(default)]
    pub start: Option<[f32; 2]>,
    /// Drawing hint: where its end end lies, in slot widths.
    #[serde(default)]
    pub end: Option<[f32; 2]>,
}

/// A turnout: a stem and two legs. Each may name the port it meets, or be left out when a joint or
/// another turnout names it.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TurnoutSpec {
    /// Letters and digits (`P1`); used in notation as `P1.2`.
    pub name: String,
    /// The port the stem meets.
    #[serde(default)]
    pub stem: Option<String>,
    /// The ports the two legs meet (`""` for none).
    #[serde(default)]
    pub legs: Option<[String; 2]>,
}

/// A turntable: a bridge track whose two ends line up with opposite ports of a ring.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TurntableSpec {
    /// Letters and digits (`T`).
    pub name: String,
    /// The name of the bridge track.
    pub bridge: String,
    /// The ring, clockwise: a track end per position, `""` where no track meets it. Even length.
    pub ring: Vec<String>,
    /// The starting position: the bridge's start faces `ring[position]`, its end the opposite one.
    #[serde(default)]
    pub position: usize,
    /// Turning one position is a move of its own instead of happening after every move.
    #[serde(default)]
    pub manual: bool,
}

/// Reads a yard written inline in a puzzle file. A value deserialized from a table carries no line
/// numbers, so when one entry of `[[yard.track]]`, `[[yard.turnout]]` or `[[yard.turntable]]` is at
/// fault the message names it by number and name (`track 2 ("B"): invalid type …`).
pub fn yard_from_table(table: &toml::Table) -> Result<YardFile, String> {
    YardFile::deserialize(table.clone())
        .map_err(|whole| yard_culprit(table).unwrap_or_else(|| whole.to_string()))
}

/// The first track, turnout or turntable of a yard's table that does not read, named, and why.
fn yard_culprit(table: &toml::Table) -> Option<String> {
    [
        ("track", entry_error::<TrackSpec>(table, "track")),
        ("turnout", entry_error::<TurnoutSpec>(table, "turnout")),
        (
            "turntable",
            entry_error::<TurntableSpec>(table, "turntable"),
        ),
    ]
    .into_iter()
    .find_map(|(kind, found)| found.map(|(at, e)| format!("{kind} {at}: {e}")))
}

/// The first piece of a puzzle's table that does not read, named, and why.
fn piece_culprit(table: &toml::Table) -> Option<String> {
    let (at, e) = entry_error::<PieceSpec>(table, "piece")?;
    Some(format!("piece {at}: {e}"))
}

/// Reads a yard file; when a track, turnout or turntable is at fault, the message names it
/// (`track 2 ("B"): …`) and the line.
pub fn yard_file(text: &str) -> Result<YardFile, String> {
    read_naming(text, yard_culprit)
}

/// Reads a puzzle file; when a piece or an inline yard's track, turnout or turntable is at fault, the
/// message names it (`piece 2 ("W1"): …`) and the line.
pub fn puzzle_file(text: &str) -> Result<PuzzleFile, String> {
    read_naming(text, |table| {
        piece_culprit(table).or_else(|| {
            let yard = table.get("yard")?.as_table()?;
            yard_culprit(yard).map(|e| format!("in the yard: {e}"))
        })
    })
}

/// Reads `text` as a `T`. When it does not read but is TOML, `culprit` may name the entry at fault;
/// the message then says which, and on what line the parser stopped.
fn read_naming<T: for<'de> Deserialize<'de>>(
    text: &str,
    culprit: impl Fn(&toml::Table) -> Option<String>,
) -> Result<T, String> {
    toml::from_str(text).map_err(|whole: toml::de::Error| {
        let named = text.parse::<toml::Table>().ok().and_then(|t| culprit(&t));
        match (named, whole.span()) {
            (Some(named), Some(span)) => {
                let line = text[..span.start].matches('\n').count() + 1;
                format!("{named} (line {line})")
            }
            (Some(named), None) => named,
            (None, _) => whole.to_string(),
        }
    })
}

/// The first entry of the array `key` that does not read as a `T`: "2 (\"B\")" and why.
fn entry_error<T: for<'de> Deserialize<'de>>(
    table: &toml::Table,
    key: &str,
) -> Option<(String, String)> {
    let entries = table.get(key)?.as_array()?;
    entries.iter().enumerate().find_map(|(i, entry)| {
        let error = T::deserialize(entry.clone()).err()?;
        let name = entry
            .get("name")
            .and_then(toml::Value::as_str)
            .map_or_else(String::new, |n| format!(" ({n:?})"));
        let why = error.to_string().trim().replace('\n', " ");
        Some((format!("{}{name}", i + 1), why))
    })
}

/// A puzzle file: a yard, the pieces where they start, broken tracks and the goal.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PuzzleFile {
    /// A short name.
    #[serde(default)]
    pub name: Option<String>,
    /// A longer title.
    #[serde(default)]
    pub title: Option<String>,
    /// A built-in yard's name (a string) or a whole yard (a table in the yard file format).
    pub yard: toml::Value,
    /// Slots blocked by a broken track for the whole puzzle.
    #[serde(default)]
    pub broken: Vec<String>,
    /// Turntable starting positions by turntable name (the yard's own position otherwise).
    #[serde(default)]
    pub turntables: BTreeMap<String, usize>,
    /// The pieces and where they start.
    #[serde(rename = "piece")]
    pub pieces: Vec<PieceSpec>,
    /// What must be true at the end.
    pub goal: GoalSpec,
}

/// Whether a piece is a locomotive or a car.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum KindSpec {
    /// A car (no direction).
    #[default]
    Car,
    /// A locomotive (front and rear).
    Loco,
}

/// Which way a locomotive's front points along its track.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FacingSpec {
    /// Towards higher slot numbers.
    Up,
    /// Towards slot 1.
    Down,
}

/// One piece at its starting slot.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PieceSpec {
    /// Letters and digits (`L1`, `Red`).
    pub name: String,
    /// `car` (default) or `loco`.
    #[serde(default)]
    pub kind: KindSpec,
    /// The starting slot.
    pub at: String,
    /// Locos only: which way the front points.
    #[serde(default)]
    pub facing: Option<FacingSpec>,
    /// A colour for pictures (`red`, `#c03020`).
    #[serde(default)]
    pub colour: Option<String>,
}

/// The goal: slots for named pieces, facings for named locos, groups of interchangeable pieces, and
/// tracks or slots that must end empty or clear of cars.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GoalSpec {
    /// Tracks (`H`) or slots (`H1`) where nothing may stand at the end.
    #[serde(default)]
    pub empty: Vec<String>,
    /// Tracks or slots where no car may stand at the end (a loco may).
    #[serde(default)]
    pub clear: Vec<String>,
    /// Piece name → the slot it must end in.
    #[serde(default)]
    pub at: BTreeMap<String, String>,
    /// Loco name → the way it must face at the end.
    #[serde(default)]
    pub facing: BTreeMap<String, FacingSpec>,
    /// "Each of these slots holds one of these pieces".
    #[serde(default, rename = "group")]
    pub groups: Vec<GroupSpec>,
}

/// Each slot in `slots` must hold one of `pieces` (at least as many pieces as slots).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GroupSpec {
    /// The pieces that may fill the slots.
    pub pieces: Vec<String>,
    /// The slots to fill.
    pub slots: Vec<String>,
}
