//! How often one person may post the board for everyone in a channel: within the cooldown after their
//! last public board there, they get it privately instead, so one person cannot flood a channel.

use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};

/// The moments of recent public board posts, per channel and person.
pub(super) struct BoardCooldown {
    secs: i64,
    posted: Mutex<HashMap<(String, String), i64>>,
}

impl BoardCooldown {
    /// A cooldown of `secs` seconds (0: every board is public).
    pub(super) fn new(secs: i64) -> Self {
        BoardCooldown {
            secs,
            posted: Mutex::default(),
        }
    }

    /// Whether `user` may post the board publicly in `channel` at `now` (Unix seconds); if so, that
    /// post starts their cooldown there. A private board does not restart it.
    pub(super) fn may_post(&self, channel: &str, user: &str, now: i64) -> bool {
        let mut posted = self.posted.lock().unwrap_or_else(PoisonError::into_inner);
        posted.retain(|_, at| now - *at < self.secs);
        let key = (channel.to_owned(), user.to_owned());
        if posted.contains_key(&key) {
            return false;
        }
        if self.secs > 0 {
            posted.insert(key, now);
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_is_public_again_once_the_cooldown_has_passed() {
        let cooldown = BoardCooldown::new(60);
        assert!(cooldown.may_post("c", "u", 1000));
        assert!(!cooldown.may_post("c", "u", 1059));
        assert!(cooldown.may_post("c", "v", 1059), "per person");
        assert!(cooldown.may_post("d", "u", 1059), "per channel");
        assert!(cooldown.may_post("c", "u", 1060));
        assert!(cooldown.may_post("x", "y", 2000));
        assert_eq!(
            cooldown.posted.lock().unwrap().len(),
            1,
            "old posts are forgotten"
        );
    }

    #[test]
    fn no_cooldown_makes_every_board_public() {
        let cooldown = BoardCooldown::new(0);
        assert!(cooldown.may_post("c", "u", 5));
        assert!(cooldown.may_post("c", "u", 5));
    }
}
