//! How a rule check says no: with a message for a person, or silently and for free when the legal steps
//! are listed (most candidates fail, and building their messages would cost more than the check).

use crate::game::RuleError;

/// A way of refusing a step.
pub trait Refuse {
    /// What a refusal carries.
    type Err;
    /// A refusal whose message `make` writes (a silent refusal never calls it).
    fn refuse(make: impl FnOnce() -> String) -> Self::Err;
}

/// Refusals with their message, for steps people typed.
pub struct Explained;

impl Refuse for Explained {
    type Err = RuleError;

    fn refuse(make: impl FnOnce() -> String) -> RuleError {
        RuleError::new(make())
    }
}

/// Refusals without a message, for listing legal steps.
pub struct Silent;

impl Refuse for Silent {
    type Err = ();

    fn refuse(_make: impl FnOnce() -> String) {}
}

/// `Ok(())` when `ok`, else the refusal `make` explains.
pub fn require<R: Refuse>(ok: bool, make: impl FnOnce() -> String) -> Result<(), R::Err> {
    if ok { Ok(()) } else { Err(R::refuse(make)) }
}
