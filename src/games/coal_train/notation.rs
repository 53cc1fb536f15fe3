//! Coal Train steps and their notation. One step is one command.
//!
//! ```text
//! marker waiver                 setup subsidy, or the marker an incentive lets you choose
//! step b1                       move the agent one space (from off the board: onto an edge space)
//! buy                           purchase the tile under the agent
//! build express kingsbridge via dry-fork cover cc
//!                               use a Build Station tile: build at a location, paying the extra of the
//!                               named connection; `cover` names units Zoning Variance markers pay
//! build tipple via cinder-falls the second build of the tile in use, or Build in Town
//! stop                          no second build
//! use coal-mine-a cover ii      use an upgrade tile (`cover`: units Infrastructure markers pay)
//! use management-b free         an upgrade tile's free alternative
//! standard iron cover cc        the Standard Upgrade (agent on the centre)
//! exchange cc iw                give up to 2 resources for as many others (c coal, i iron, w water)
//! coal                          Take Coal
//! pay coal-contract             pay a pay-once incentive you hold
//! spend mining                  spend a subsidy (`spend freetrade cccc iiww`, `spend railpass c3`)
//! backroom zoning               the Back Room: give 3 markers (`give …` each) for one zoning marker
//! give waiver                   one marker given to the Back Room
//! lobby mining zoning           move a marker from one slot to another (Lobbyist, Lobby Pass)
//! gain iron                     a Depot's choice
//! take boomtown                 the incentive taken in a city
//! rondel 2                      move the rondel loco 1 to 3 spaces and gain the subsidy there
//! skip                          decline an optional decision (Lobbyist, Lobby Pass, Build in Town)
//! end                           end the actions of the turn
//! place b2 | swap c4            replenish: put the drawn tile in an empty space, or swap it with a
//!                               whistlestop (which goes under your agent)
//! ```

use std::fmt::{self, Display};
use std::str::FromStr;

use super::content::Content;
use super::resources::{Res, Resource, Track};
use super::state::{SIDE, SPACES};
use crate::excerpt::excerpt;
use crate::game::RuleError;

/// One step of a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Gain a marker of this subsidy (setup choice, Foundry Loan).
    Marker(usize),
    /// Move the agent one space.
    Step(usize),
    /// Purchase the tile under the agent.
    Buy,
    /// One station build. Its indexes are bytes (see [`byte`]).
    Build {
        /// The Build Station tile kind used (None for a second build or Build in Town).
        tile: Option<u8>,
        /// The location.
        at: u8,
        /// The neighbour in your network whose connection's extra you pay (None for a first station).
        via: Option<u8>,
        /// Units of the cost paid by Zoning Variance markers.
        cover: Res,
    },
    /// Use an upgrade tile of this kind.
    Upgrade {
        /// The tile kind.
        kind: usize,
        /// Units of the cost paid by Infrastructure markers.
        cover: Res,
    },
    /// Use an upgrade tile's free alternative.
    FreeUse(usize),
    /// The Standard Upgrade.
    Standard {
        /// The track raised.
        track: Track,
        /// Units of the cost paid by Infrastructure markers.
        cover: Res,
    },
    /// The Exchange.
    Exchange {
        /// Resources given.
        give: Res,
        /// Resources received.
        take: Res,
    },
    /// Take Coal.
    TakeCoal,
    /// Pay a pay-once incentive.
    Pay(usize),
    /// Spend a subsidy without arguments (resources, action points, income).
    Spend(usize),
    /// Spend a trading subsidy. Its index is a byte (see [`byte`]).
    Trade {
        /// The subsidy.
        subsidy: u8,
        /// Resources given.
        give: Res,
        /// Resources received.
        take: Res,
    },
    /// Spend a moving subsidy.
    Teleport {
        /// The subsidy.
        subsidy: usize,
        /// The market space.
        to: usize,
    },
    /// Start a Back Room conversion into this subsidy.
    BackRoom(usize),
    /// Give one marker of this subsidy to the Back Room.
    Give(usize),
    /// Move one marker between slots.
    Lobby {
        /// The slot it leaves.
        from: usize,
        /// The slot it goes to.
        to: usize,
    },
    /// Decline an optional decision.
    Skip,
    /// A Depot's choice.
    Gain(Resource),
    /// Take this incentive in the city just built.
    Take(usize),
    /// Move the rondel loco this many spaces.
    Rondel(usize),
    /// No second build.
    Stop,
    /// End the actions of the turn.
    End,
    /// Put the drawn tile in this empty space.
    Place(usize),
    /// Swap the drawn tile with the whistlestop in this space.
    Swap(usize),
}

impl Action {
    /// The subsidy whose markers this step spends (spending, trading or moving with it); None for any
    /// other step, the Back Room included.
    pub fn spent_subsidy(&self) -> Option<usize> {
        match *self {
            Action::Spend(s) | Action::Teleport { subsidy: s, .. } => Some(s),
            Action::Trade { subsidy, .. } => Some(usize::from(subsidy)),
            _ => None,
        }
    }
}

/// A content index (tile kind, location or subsidy) as a step holds it where the step is large: a byte,
/// so that an [`Action`] is 32 bytes rather than 56, and listing, which copies whole lists of trades,
/// moves less (callgrind: the copy was 6% of a random game). The content check keeps those tables under
/// 256 entries, so every index fits.
pub fn byte(index: usize) -> u8 {
    u8::try_from(index).expect("the content check keeps kinds, locations and subsidies under 256")
}

/// A market space in notation: column letter a–e, row 1–5 (`c3` is the centre).
pub fn space_name(space: usize) -> String {
    let column = char::from(b'a' + (space % SIDE) as u8);
    format!("{column}{}", space / SIDE + 1)
}

/// The market space a notation word names.
pub fn parse_space(word: &str) -> Result<usize, RuleError> {
    let bytes = word.as_bytes();
    match bytes {
        [c @ b'a'..=b'e', r @ b'1'..=b'5'] => {
            let space = usize::from(r - b'1') * SIDE + usize::from(c - b'a');
            debug_assert!(space < SPACES);
            Ok(space)
        }
        _ => Err(RuleError::new(format!(
            "`{}` is not a market space; spaces are a1 to e5 (column a–e, row 1–5).",
            excerpt(word)
        ))),
    }
}

fn cover_suffix(f: &mut fmt::Formatter<'_>, cover: &Res) -> fmt::Result {
    if cover.total() > 0 {
        write!(f, " cover {}", cover.letters())?;
    }
    Ok(())
}

impl Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = Content::get();
        let sub = |s: usize| c.subsidies[s].key.as_str();
        match *self {
            Action::Marker(s) => write!(f, "marker {}", sub(s)),
            Action::Step(to) => write!(f, "step {}", space_name(to)),
            Action::Buy => f.write_str("buy"),
            Action::Build {
                tile,
                at,
                via,
                cover,
            } => {
                f.write_str("build")?;
                if let Some(kind) = tile {
                    write!(f, " {}", c.kinds[usize::from(kind)].slug)?;
                }
                write!(f, " {}", c.map.locations[usize::from(at)].slug)?;
                if let Some(via) = via {
                    write!(f, " via {}", c.map.locations[usize::from(via)].slug)?;
                }
                cover_suffix(f, &cover)
            }
            Action::Upgrade { kind, cover } => {
                write!(f, "use {}", c.kinds[kind].slug)?;
                cover_suffix(f, &cover)
            }
            Action::FreeUse(kind) => write!(f, "use {} free", c.kinds[kind].slug),
            Action::Standard { track, cover } => {
                write!(f, "standard {}", track.word())?;
                cover_suffix(f, &cover)
            }
            Action::Exchange { give, take } => {
                write!(f, "exchange {} {}", give.letters(), take.letters())
            }
            Action::TakeCoal => f.write_str("coal"),
            Action::Pay(i) => write!(f, "pay {}", c.incentives[i].slug),
            Action::Spend(s) => write!(f, "spend {}", sub(s)),
            Action::Trade {
                subsidy,
                give,
                take,
            } => write!(
                f,
                "spend {} {} {}",
                sub(usize::from(subsidy)),
                give.letters(),
                take.letters()
            ),
            Action::Teleport { subsidy, to } => {
                write!(f, "spend {} {}", sub(subsidy), space_name(to))
            }
            Action::BackRoom(s) => write!(f, "backroom {}", sub(s)),
            Action::Give(s) => write!(f, "give {}", sub(s)),
            Action::Lobby { from, to } => write!(f, "lobby {} {}", sub(from), sub(to)),
            Action::Skip => f.write_str("skip"),
            Action::Gain(r) => write!(f, "gain {}", r.word()),
            Action::Take(i) => write!(f, "take {}", c.incentives[i].slug),
            Action::Rondel(n) => write!(f, "rondel {n}"),
            Action::Stop => f.write_str("stop"),
            Action::End => f.write_str("end"),
            Action::Place(s) => write!(f, "place {}", space_name(s)),
            Action::Swap(s) => write!(f, "swap {}", space_name(s)),
        }
    }
}

const SHAPES: &str = "`step b1`, `buy`, `build express kingsbridge via dry-fork`, `use coal-mine-a`, \
                      `standard iron`, `exchange cc iw`, `coal`, `pay coal-contract`, `spend mining`, \
                      `backroom zoning`, `give waiver`, `lobby mining zoning`, `gain iron`, \
                      `take boomtown`, `marker waiver`, `rondel 2`, `skip`, `stop`, `end`, `place b2`, \
                      `swap c4`";

fn subsidy(word: &str) -> Result<usize, RuleError> {
    let c = Content::get();
    c.subsidy_by_word(word).ok_or_else(|| {
        let keys: Vec<&str> = c.subsidies.iter().map(|s| s.key.as_str()).collect();
        RuleError::new(format!(
            "`{}` is not a subsidy; subsidies are {}.",
            excerpt(word),
            keys.join(", ")
        ))
    })
}

fn location(word: &str) -> Result<usize, RuleError> {
    Content::get().location_by_word(word).ok_or_else(|| {
        RuleError::new(format!(
            "`{}` is not a town or city of the map (write names with `-` for spaces, e.g. `cinder-falls`).",
            excerpt(word)
        ))
    })
}

fn kind(word: &str) -> Result<usize, RuleError> {
    let c = Content::get();
    c.kind_by_word(word).ok_or_else(|| {
        let words: Vec<&str> = c.kinds.iter().map(|k| k.slug.as_str()).collect();
        RuleError::new(format!(
            "`{}` is not a tile; tiles are {}.",
            excerpt(word),
            words.join(", ")
        ))
    })
}

fn incentive(word: &str) -> Result<usize, RuleError> {
    Content::get().incentive_by_word(word).ok_or_else(|| {
        RuleError::new(format!(
            "`{}` is not an incentive (write names with `-` for spaces, e.g. `coal-contract`).",
            excerpt(word)
        ))
    })
}

fn units(word: &str) -> Result<Res, RuleError> {
    Res::from_letters(word).ok_or_else(|| {
        RuleError::new(format!(
            "`{}` is not a list of units; write one letter per unit: c coal, i iron, w water (`ccw`).",
            excerpt(word)
        ))
    })
}

/// The cover named after `cover` at the end of `words`, and the words before it.
fn split_cover<'a>(words: &'a [&'a str]) -> Result<(&'a [&'a str], Res), RuleError> {
    match words {
        [rest @ .., "cover", letters] => Ok((rest, units(letters)?)),
        _ => Ok((words, Res::NONE)),
    }
}

fn build(words: &[&str]) -> Result<Action, RuleError> {
    let (words, cover) = split_cover(words)?;
    let (tile, rest) = match words {
        [first, rest @ ..] if Content::get().kind_by_word(first).is_some() => {
            (Some(kind(first)?), rest)
        }
        _ => (None, words),
    };
    let (at, via) = match rest {
        [at] => (location(at)?, None),
        [at, "via", via] => (location(at)?, Some(location(via)?)),
        _ => {
            return Err(RuleError::new(
                "Say where to build, e.g. `build express kingsbridge via dry-fork` (the tile only for \
                 the first build of a tile; `via` names the station your network reaches it from).",
            ));
        }
    };
    Ok(Action::Build {
        tile: tile.map(byte),
        at: byte(at),
        via: via.map(byte),
        cover,
    })
}

fn spend(words: &[&str]) -> Result<Action, RuleError> {
    let Some((first, args)) = words.split_first() else {
        return Err(RuleError::new(
            "Say which subsidy to spend, e.g. `spend mining`.",
        ));
    };
    let s = subsidy(first)?;
    match args {
        [] => Ok(Action::Spend(s)),
        [space] if space.len() == 2 => Ok(Action::Teleport {
            subsidy: s,
            to: parse_space(space)?,
        }),
        [give, take] => Ok(Action::Trade {
            subsidy: byte(s),
            give: units(give)?,
            take: units(take)?,
        }),
        _ => Err(RuleError::new(
            "Spend a subsidy alone (`spend mining`), with a space (`spend railpass c3`) or with a \
             trade (`spend freetrade cc iw`).",
        )),
    }
}

impl FromStr for Action {
    type Err = RuleError;

    fn from_str(text: &str) -> Result<Self, RuleError> {
        let lower = text.trim().to_ascii_lowercase();
        let words: Vec<&str> = lower.split_whitespace().collect();
        match words.as_slice() {
            ["marker", s] => Ok(Action::Marker(subsidy(s)?)),
            ["step", space] => Ok(Action::Step(parse_space(space)?)),
            ["buy"] => Ok(Action::Buy),
            ["build", rest @ ..] => build(rest),
            ["use", k, "free"] => Ok(Action::FreeUse(kind(k)?)),
            ["use", k, rest @ ..] => {
                let (extra, cover) = split_cover(rest)?;
                if !extra.is_empty() {
                    return Err(RuleError::new(
                        "Say `use <tile>`, optionally `cover <units>` or `free`, e.g. `use coal-mine-a cover ii`.",
                    ));
                }
                Ok(Action::Upgrade {
                    kind: kind(k)?,
                    cover,
                })
            }
            ["standard", track, rest @ ..] => {
                let track = Track::parse(track).ok_or_else(|| {
                    RuleError::new(format!(
                        "`{}` is not an income track; say coal, iron or water.",
                        excerpt(track)
                    ))
                })?;
                let (extra, cover) = split_cover(rest)?;
                if !extra.is_empty() {
                    return Err(RuleError::new(
                        "Say `standard iron`, optionally `cover cc`.",
                    ));
                }
                Ok(Action::Standard { track, cover })
            }
            ["exchange", give, take] => Ok(Action::Exchange {
                give: units(give)?,
                take: units(take)?,
            }),
            ["coal"] => Ok(Action::TakeCoal),
            ["pay", i] => Ok(Action::Pay(incentive(i)?)),
            ["spend", rest @ ..] => spend(rest),
            ["backroom", s] => Ok(Action::BackRoom(subsidy(s)?)),
            ["give", s] => Ok(Action::Give(subsidy(s)?)),
            ["lobby", from, to] => Ok(Action::Lobby {
                from: subsidy(from)?,
                to: subsidy(to)?,
            }),
            ["skip"] => Ok(Action::Skip),
            ["gain", r] => Resource::parse(r).map(Action::Gain).ok_or_else(|| {
                RuleError::new(format!("`{}` is not coal, iron or water.", excerpt(r)))
            }),
            ["take", i] => Ok(Action::Take(incentive(i)?)),
            ["rondel", n] => n
                .parse::<usize>()
                .ok()
                .filter(|n| (1..=Content::get().rondel_max_move).contains(n))
                .map(Action::Rondel)
                .ok_or_else(|| {
                    RuleError::new(format!(
                        "`{}` is not a rondel move; the loco moves 1 to {} spaces.",
                        excerpt(n),
                        Content::get().rondel_max_move
                    ))
                }),
            ["stop"] => Ok(Action::Stop),
            ["end"] => Ok(Action::End),
            ["place", space] => Ok(Action::Place(parse_space(space)?)),
            ["swap", space] => Ok(Action::Swap(parse_space(space)?)),
            [] => Err(RuleError::new(format!("Say a step: {SHAPES}."))),
            _ => Err(RuleError::new(format!(
                "`{}` is not a Coal Train step; steps look like {SHAPES}.",
                excerpt(text.trim())
            ))),
        }
    }
}

// Listing copies whole lists of steps: a step stays 32 bytes (see [`byte`]).
const _: () = assert!(std::mem::size_of::<Action>() <= 32);
