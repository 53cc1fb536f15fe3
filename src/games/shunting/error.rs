//! What can go wrong loading a yard or puzzle, and why a move is refused.

use thiserror::Error;

use crate::excerpt::excerpt;

/// A yard or puzzle file that cannot be used, and why.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum LoadError {
    /// Not valid TOML, or not the shape of the format.
    #[error("not a valid file: {0}")]
    Toml(String),
    /// The yard has no tracks.
    #[error("the yard has no tracks")]
    NoTracks,
    /// A track name that is not letters only.
    #[error("track name `{0}` must be letters only (slots are named by letters and a number)")]
    BadTrackName(String),
    /// A turnout, turntable or piece name that is not a word.
    #[error("name `{0}` must be letters and digits, starting with a letter")]
    BadName(String),
    /// Two things share a name.
    #[error("the name `{0}` is used twice")]
    DuplicateName(String),
    /// A track without slots.
    #[error("track {0} has no slots")]
    EmptyTrack(String),
    /// Too many slots in all.
    #[error("a yard may have at most {0} slots")]
    TooManySlots(usize),
    /// Too many turntables.
    #[error("a yard may have at most {0} turntables")]
    TooManyTurntables(usize),
    /// A port name that names nothing.
    #[error(
        "unknown port `{port}` in {place} (write a track end as `A.start`/`A.end`, a turnout port as `P1.stem`/`P1.leg1`/`P1.leg2`)"
    )]
    UnknownPort {
        /// The name given.
        port: String,
        /// Where it was written.
        place: String,
    },
    /// A track name that names nothing.
    #[error("unknown track `{track}` in {place}")]
    UnknownTrack {
        /// The name given.
        track: String,
        /// Where it was written.
        place: String,
    },
    /// A port joined to itself.
    #[error("port {0} is joined to itself")]
    SelfJoint(String),
    /// A turnout's two legs joined to each other: a sharp turn built into the yard.
    #[error("leg-to-leg joint at turnout {0}: its two legs may not meet")]
    LegToLeg(String),
    /// A turnout's stem joined to one of its own legs.
    #[error("turnout {0}: its stem is joined to its own leg")]
    StemToOwnLeg(String),
    /// A port that meets two different ports.
    #[error("port {0} is joined to two different ports")]
    PortJoinedTwice(String),
    /// A buffer stop on a port that is joined to something.
    #[error("buffer stop at {0}, but that port is joined to something")]
    BufferOnJoint(String),
    /// Turnouts joined in a loop with no track between.
    #[error("turnouts form a loop with no track between them, near {0}")]
    TurnoutLoop(String),
    /// A drawing hint that is not a pair of numbers within the drawing area.
    #[error(
        "track {track}: drawing hint `{end} = {given}` must be two numbers from -{max} to {max} (slot widths)"
    )]
    BadHint {
        /// The track.
        track: String,
        /// `start` or `end`.
        end: &'static str,
        /// The hint given, as `[x, y]`.
        given: String,
        /// The largest coordinate allowed either way.
        max: u16,
    },
    /// A turntable ring that is not an even number of positions.
    #[error("turntable {table}: the ring must have an even number of positions, 2 to {max}")]
    BadRing {
        /// The turntable.
        table: String,
        /// The most positions.
        max: usize,
    },
    /// A turntable position outside its ring.
    #[error("turntable {table}: position {position} is outside its ring of {ring}")]
    BadTablePosition {
        /// The turntable.
        table: String,
        /// The position given.
        position: usize,
        /// Ring size.
        ring: usize,
    },
    /// A ring entry that is not a track end.
    #[error("turntable {table}: ring entry `{port}` must be a track end")]
    RingNotTrackEnd {
        /// The turntable.
        table: String,
        /// The entry.
        port: String,
    },
    /// A turntable port that also meets something else.
    #[error("turntable {table}: {port} is already joined, a buffer stop, or on a turntable")]
    TurntablePortUsed {
        /// The turntable.
        table: String,
        /// The port.
        port: String,
    },
    /// No built-in yard of this name.
    #[error("no built-in yard called `{0}`")]
    UnknownYard(String),
    /// The puzzle's `yard` is neither a name nor a table.
    #[error("`yard` must be a built-in yard's name or a table with a whole yard")]
    BadYardValue,
    /// A slot name that names nothing.
    #[error("unknown slot `{slot}` in {place}")]
    UnknownSlot {
        /// The name given.
        slot: String,
        /// Where it was written.
        place: String,
    },
    /// A piece name that names nothing.
    #[error("unknown piece `{piece}` in {place}")]
    UnknownPiece {
        /// The name given.
        piece: String,
        /// Where it was written.
        place: String,
    },
    /// An unknown turntable name.
    #[error("unknown turntable `{0}`")]
    UnknownTurntable(String),
    /// Two pieces start in one slot.
    #[error("{first} and {second} both start in {slot}")]
    SlotTaken {
        /// The slot.
        slot: String,
        /// One piece.
        first: String,
        /// The other.
        second: String,
    },
    /// A piece starts on a broken track.
    #[error("{piece} starts on the broken track at {slot}")]
    OnBroken {
        /// The piece.
        piece: String,
        /// The slot.
        slot: String,
    },
    /// A goal that needs a broken slot filled.
    #[error("the goal puts {piece} on the broken track at {slot}")]
    GoalOnBroken {
        /// The piece (or group).
        piece: String,
        /// The slot.
        slot: String,
    },
    /// A loco without a facing, or a car with one.
    #[error("{0}: a loco needs `facing = \"up\"` or `\"down\"`, and a car has none")]
    Facing(String),
    /// Too many pieces.
    #[error("a puzzle may have at most {0} pieces")]
    TooManyPieces(usize),
    /// No locomotive, so nothing can move.
    #[error("the puzzle has no locomotive")]
    NoLoco,
    /// A goal facing for a car.
    #[error("the goal gives a facing to {0}, which is not a loco")]
    GoalFacingForCar(String),
    /// A goal that names a piece twice or a slot twice.
    #[error("the goal asks for {0} twice")]
    GoalTwice(String),
    /// A name in the goal's `empty` or `clear` list that is neither a track nor a slot.
    #[error(
        "unknown track or slot `{name}` in the goal's `{list}` list (name a whole track as `H` or one slot as `H1`)"
    )]
    UnknownPlace {
        /// The name given.
        name: String,
        /// `empty` or `clear`.
        list: &'static str,
    },
    /// A slot the goal keeps empty (or clear of cars) and also wants filled.
    #[error("the goal keeps {slot} {list} (its `{list}` list) but also wants {wanted} there")]
    KeptButWanted {
        /// The slot.
        slot: String,
        /// `empty` or `clear`.
        list: &'static str,
        /// What the goal wants there: "car W1", "a goal group".
        wanted: String,
    },
    /// A deal of Wright's Inglenook that is not one.
    #[error(
        "not a deal of Wright's Inglenook: {0} (wagons 1 to 8 once each, at most 5, 3 and 3 on sidings A, B and C, and a train of 5 different wagons)"
    )]
    BadDeal(String),
    /// A group with fewer pieces than slots.
    #[error("a goal group has {pieces} pieces for {slots} slots")]
    GroupTooSmall {
        /// Pieces in the group.
        pieces: usize,
        /// Slots to fill.
        slots: usize,
    },
}

/// Why a move was refused. The position is left as it was.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoveError {
    /// The notation could not be read.
    #[error(
        "cannot read `{}`: {why} (write e.g. `L1 H1>A3 +2`, or `turn T`)",
        excerpt(.text)
    )]
    Notation {
        /// What was written.
        text: String,
        /// What is wrong with it.
        why: String,
    },
    /// A slot name the yard does not have.
    #[error("no such slot {0}")]
    NoSuchSlot(String),
    /// No piece of this name.
    #[error("no loco called {0}")]
    NoSuchLoco(String),
    /// The piece named is a car.
    #[error("{0} is a car; only locos move by themselves")]
    NotALoco(String),
    /// The loco is elsewhere.
    #[error("{loco} stands at {at}, not {from}")]
    NotThere {
        /// The loco.
        loco: String,
        /// Where it is.
        at: String,
        /// Where the move said.
        from: String,
    },
    /// Fewer pieces behind the loco than asked for.
    #[error("loco {loco} has only {behind} piece{} behind it", if *.behind == 1 { "" } else { "s" })]
    TooFewBehind {
        /// The loco.
        loco: String,
        /// How many are coupled-able.
        behind: usize,
    },
    /// The move does not go anywhere.
    #[error("a move must go at least one slot")]
    NoDistance,
    /// The only way there takes a leg-to-leg turn.
    #[error("sharp turn at {0}: a route may not go from one leg of a turnout to the other")]
    SharpTurn(String),
    /// A broken track in the way.
    #[error("blocked by broken track at {0}")]
    Broken(String),
    /// Something would go past a buffer stop.
    #[error("{mover} past the buffer stop at {place}")]
    PastBuffer {
        /// "would push car Red" or "L1 would run".
        mover: String,
        /// Where.
        place: String,
    },
    /// Something would leave the board.
    #[error("{mover} off the board at {place}")]
    OffBoard {
        /// "would push car Red" or "L1 would run".
        mover: String,
        /// Where.
        place: String,
    },
    /// A turntable is not lined up.
    #[error("turntable {0} is not lined up with that track")]
    NotLinedUp(String),
    /// The train would run into its own end (a loop).
    #[error("{0} would run into its own train")]
    OwnTrain(String),
    /// No continuous route links the two slots.
    #[error("{to} cannot be reached from {from} along one continuous route")]
    Unreachable {
        /// Start slot.
        from: String,
        /// Stop slot.
        to: String,
    },
    /// The route named does not fit the move.
    #[error("no such route: {0}")]
    NoSuchRoute(String),
    /// Several different moves fit.
    #[error("ambiguous move; say which: {}", .0.join(", "))]
    Ambiguous(Vec<String>),
    /// A turntable move on a yard without that turntable.
    #[error("no turntable called {0}")]
    NoSuchTurntable(String),
    /// A turntable move on an automatic turntable.
    #[error("turntable {0} turns by itself after every move")]
    NotManual(String),
}
