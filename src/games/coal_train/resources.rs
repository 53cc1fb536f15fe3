//! Coal, iron and water: amounts of them (costs, gains, stocks) and the four income tracks.

use std::fmt::{self, Display};

use serde::{Deserialize, Serialize};

/// One of the three resources.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Resource {
    /// Coal.
    Coal,
    /// Iron.
    Iron,
    /// Water.
    Water,
}

impl Resource {
    /// All three, in the order amounts list them.
    pub const ALL: [Resource; 3] = [Resource::Coal, Resource::Iron, Resource::Water];

    /// The resource's word.
    pub fn word(self) -> &'static str {
        match self {
            Resource::Coal => "coal",
            Resource::Iron => "iron",
            Resource::Water => "water",
        }
    }

    /// The letter notation uses for one unit (`c`, `i`, `w`).
    pub fn letter(self) -> char {
        match self {
            Resource::Coal => 'c',
            Resource::Iron => 'i',
            Resource::Water => 'w',
        }
    }

    /// The resource with this word or letter.
    pub fn parse(word: &str) -> Option<Resource> {
        Resource::ALL
            .into_iter()
            .find(|r| word == r.word() || word.len() == 1 && word.starts_with(r.letter()))
    }
}

/// Some coal, iron and water: a stock, a cost or a gain. Never negative.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
#[serde(deny_unknown_fields, default)]
pub struct Res {
    /// Units of coal.
    pub coal: u32,
    /// Units of iron.
    pub iron: u32,
    /// Units of water.
    pub water: u32,
}

impl Res {
    /// Nothing.
    pub const NONE: Res = Res {
        coal: 0,
        iron: 0,
        water: 0,
    };

    /// `n` units of one resource.
    pub fn of(resource: Resource, n: u32) -> Res {
        let mut res = Res::NONE;
        *res.get_mut(resource) = n;
        res
    }

    /// The units of one resource.
    pub fn get(&self, resource: Resource) -> u32 {
        match resource {
            Resource::Coal => self.coal,
            Resource::Iron => self.iron,
            Resource::Water => self.water,
        }
    }

    /// The units of one resource, to change.
    pub fn get_mut(&mut self, resource: Resource) -> &mut u32 {
        match resource {
            Resource::Coal => &mut self.coal,
            Resource::Iron => &mut self.iron,
            Resource::Water => &mut self.water,
        }
    }

    /// All units together.
    pub fn total(&self) -> u32 {
        self.coal + self.iron + self.water
    }

    /// Whether it holds at least `other` of every resource.
    pub fn covers(&self, other: &Res) -> bool {
        self.coal >= other.coal && self.iron >= other.iron && self.water >= other.water
    }

    /// Both together.
    pub fn plus(&self, other: &Res) -> Res {
        Res {
            coal: self.coal + other.coal,
            iron: self.iron + other.iron,
            water: self.water + other.water,
        }
    }

    /// What is left after taking `other` away; None if `other` is not covered.
    pub fn minus(&self, other: &Res) -> Option<Res> {
        Some(Res {
            coal: self.coal.checked_sub(other.coal)?,
            iron: self.iron.checked_sub(other.iron)?,
            water: self.water.checked_sub(other.water)?,
        })
    }

    /// Whether it holds any unit of `resource`.
    pub fn has(&self, resource: Resource) -> bool {
        self.get(resource) > 0
    }

    /// Every amount that is at most `self` unit by unit and has `min..=max` units, smallest first.
    pub fn parts(self, min: u32, max: u32) -> impl Iterator<Item = Res> {
        (0..=self.coal.min(max)).flat_map(move |coal| {
            (0..=self.iron.min(max - coal)).flat_map(move |iron| {
                (0..=self.water.min(max - coal - iron)).filter_map(move |water| {
                    let part = Res { coal, iron, water };
                    (part.total() >= min).then_some(part)
                })
            })
        })
    }

    /// The units as notation letters (`ccw`); empty for nothing.
    pub fn letters(&self) -> String {
        let mut out = String::new();
        for resource in Resource::ALL {
            for _ in 0..self.get(resource) {
                out.push(resource.letter());
            }
        }
        out
    }

    /// An amount from notation letters (`ccw`); None if a letter is not `c`, `i` or `w`.
    pub fn from_letters(text: &str) -> Option<Res> {
        let mut res = Res::NONE;
        for letter in text.chars() {
            let resource = Resource::ALL.into_iter().find(|r| r.letter() == letter)?;
            *res.get_mut(resource) += 1;
        }
        Some(res)
    }
}

impl Display for Res {
    /// "2 coal + 1 water", or "nothing".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for resource in Resource::ALL {
            let n = self.get(resource);
            if n > 0 {
                if !first {
                    f.write_str(" + ")?;
                }
                write!(f, "{n} {}", resource.word())?;
                first = false;
            }
        }
        if first {
            f.write_str("nothing")?;
        }
        Ok(())
    }
}

/// One of the four income tracks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Track {
    /// Coal income.
    Coal,
    /// Iron income.
    Iron,
    /// Water income.
    Water,
    /// Action points each turn.
    Ap,
}

impl Track {
    /// All four, in the order players' boards list them.
    pub const ALL: [Track; 4] = [Track::Coal, Track::Iron, Track::Water, Track::Ap];

    /// The track's index in [`Track::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The resource the track pays, if it pays one (the action-point track does not).
    pub fn resource(self) -> Option<Resource> {
        match self {
            Track::Coal => Some(Resource::Coal),
            Track::Iron => Some(Resource::Iron),
            Track::Water => Some(Resource::Water),
            Track::Ap => None,
        }
    }

    /// The track's word in notation.
    pub fn word(self) -> &'static str {
        match self {
            Track::Coal => "coal",
            Track::Iron => "iron",
            Track::Water => "water",
            Track::Ap => "ap",
        }
    }

    /// The track with this word.
    pub fn parse(word: &str) -> Option<Track> {
        Track::ALL.into_iter().find(|t| t.word() == word)
    }
}
