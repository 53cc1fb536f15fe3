//! Turn reminders for slow players, the "absent" notice, the end of games abandoned for too long, and the
//! steps the clock makes the table take (a timed default, a passed deadline: `clock_steps.rs`).
//! Everything is worked out from the store (last change of each game, reminders already sent), so the
//! schedule survives restarts and a reminder never goes out twice.

use crate::games::adapter::LiveGame;
use crate::store::{GameRecord, Status, Update, VoteChange};

use super::absence::hours;
use super::session::{kind_of, list_names, mentions_to_act};
use super::{Post, PostAction, Table, TableError};

/// When to remind, when a player counts as absent, and when a silent game ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReminderPolicy {
    /// Seconds without a move after which the players to act are pinged again, one ping per entry.
    pub schedule_secs: Vec<i64>,
    /// Seconds without a move after which the others may skip or remove the players to act.
    pub absent_after_secs: i64,
    /// Seconds without a move after which the game ends as abandoned and frees its channel.
    pub abandon_after_secs: i64,
    /// Seconds without a change after which a game never started is closed and frees its channel.
    pub lobby_expire_secs: i64,
}

impl Default for ReminderPolicy {
    fn default() -> Self {
        const HOUR: i64 = 3600;
        ReminderPolicy {
            schedule_secs: vec![12 * HOUR, 24 * HOUR],
            absent_after_secs: 72 * HOUR,
            abandon_after_secs: 168 * HOUR,
            lobby_expire_secs: 48 * HOUR,
        }
    }
}

/// A message the table wants posted in a channel without anyone asking.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    /// Where to post it.
    pub channel: String,
    /// What to post.
    pub post: Post,
}

/// The stage number that marks the "absent" notice in the store.
const ABSENT_STAGE: i64 = -1;

/// Games idle this long are looked at for clock steps: timed defaults come in whole hours, so none is
/// due sooner.
const CLOCK_STEP_IDLE_SECS: i64 = 3600;

impl Table {
    /// The reminders, absent notices, abandonments, expired lobbies and clock steps (decisions made for
    /// people who did not answer in time, passed deadlines) due at `now` (Unix seconds), in the games of
    /// the guilds this table sweeps ([`Table::sweeping_shards`]). Each is recorded
    /// as sent, or committed as a move, before it is returned; abandoned games and expired lobbies are
    /// ended in the store.
    pub fn reminders_due(&self, now: i64) -> Result<Vec<Notice>, TableError> {
        let policy = &self.options.reminders;
        let first = policy
            .schedule_secs
            .iter()
            .copied()
            .chain([
                policy.absent_after_secs,
                policy.abandon_after_secs,
                CLOCK_STEP_IDLE_SECS,
            ])
            .min()
            .unwrap_or(CLOCK_STEP_IDLE_SECS);
        let mut notices = Vec::new();
        for (id, channel) in self.store.idle_games(now - first, &self.shards)? {
            // Read the game again under its channel's lock: a move may have come in meanwhile.
            let _turn = self.hold_channel(&channel);
            let Some(record) = self.store.game(id)? else {
                continue;
            };
            if record.status != Status::Active {
                continue;
            }
            match self.clock_notice(&record, now)? {
                Some(notice) => notices.push(notice),
                None => notices.extend(self.notice_for(&record, now)?),
            }
        }
        let expired_before = now - policy.lobby_expire_secs;
        for (id, channel) in self.store.idle_lobbies(expired_before, &self.shards)? {
            let _turn = self.hold_channel(&channel);
            let Some(record) = self.store.game(id)? else {
                continue;
            };
            if record.status == Status::Lobby && record.updated_at <= expired_before {
                notices.push(self.expire_lobby(&record, now)?);
            }
        }
        Ok(notices)
    }

    /// Closes a lobby that has waited too long for its start, and says so in its channel.
    fn expire_lobby(&self, record: &GameRecord, now: i64) -> Result<Notice, TableError> {
        let idle = hours(now - record.updated_at);
        let name = kind_of(record)?.name();
        let reply = self.end_without_result(
            record,
            format!("expired after {idle} in the lobby"),
            format!("This game of {name} waited {idle} for its start and has expired."),
        )?;
        Ok(Notice {
            channel: record.channel.clone(),
            post: reply.public.unwrap_or_default(),
        })
    }

    fn notice_for(&self, record: &GameRecord, now: i64) -> Result<Option<Notice>, TableError> {
        let policy = &self.options.reminders;
        let idle = now - record.updated_at;
        let name = kind_of(record)?.name();
        let notice = |text: String, mentions: Vec<String>, actions: Vec<PostAction>| Notice {
            channel: record.channel.clone(),
            post: Post {
                text,
                image: None,
                mentions,
                actions,
            },
        };
        if idle >= policy.abandon_after_secs {
            let update = Update {
                status: Some(Status::Aborted),
                ended_reason: Some(format!("abandoned after {} without a move", hours(idle))),
                vote: VoteChange::Clear,
                ..Update::default()
            };
            self.store.update(record.id, record.version, &update)?;
            return Ok(Some(notice(
                format!(
                    "This game of {name} was abandoned after {} without a move. No result is recorded; \
                     the channel is free for a new game.",
                    hours(idle)
                ),
                Vec::new(),
                Vec::new(),
            )));
        }
        let game = self.live_game(record)?;
        let waiting = mentions_to_act(record, game.as_ref());
        if waiting.is_empty() {
            return Ok(None);
        }
        let names: Vec<String> = waiting
            .iter()
            .filter_map(|id| record.seat_of(id).map(|s| record.seats[s].name.clone()))
            .collect();
        let names = list_names(&names);
        if idle >= policy.absent_after_secs {
            if !self
                .store
                .mark_reminder(record.id, record.version, ABSENT_STAGE)?
            {
                return Ok(None);
            }
            return Ok(Some(notice(
                format!(
                    "{names} has not moved in {name} for {}. The other players may now `skip` this turn \
                     (a bot plays it) or `kick` them (a bot takes the seat for the rest of the game). \
                     After {} without a move the game ends as abandoned.",
                    hours(idle),
                    hours(policy.abandon_after_secs)
                ),
                waiting,
                vec![PostAction::ViewHand],
            )));
        }
        let due: Vec<i64> = (0..policy.schedule_secs.len() as i64)
            .filter(|&stage| idle >= policy.schedule_secs[stage as usize])
            .collect();
        let Some(&latest) = due.last() else {
            return Ok(None);
        };
        let sent = self.store.reminders_sent(record.id, record.version)?;
        if sent.contains(&latest) {
            return Ok(None);
        }
        for &stage in &due {
            self.store.mark_reminder(record.id, record.version, stage)?;
        }
        let fallback = game
            .timed_default()
            .map(|timed| {
                format!(
                    " Without an answer {} after the last move, the table decides for you.",
                    hours(timed.after_secs)
                )
            })
            .unwrap_or_default();
        let owed = match decision_owed(record, game.as_ref()) {
            Some(decision) => format!("{name} is waiting for you to decide {decision}"),
            None => format!("it is your turn in {name}"),
        };
        Ok(Some(notice(
            format!(
                "Reminder: {names}, {owed} (no move for {}).{fallback}",
                hours(idle)
            ),
            waiting,
            vec![PostAction::ViewHand],
        )))
    }
}

/// The decision the people to act owe when it is not their turn (the same one for all of them), if any.
fn decision_owed(record: &GameRecord, game: &dyn LiveGame) -> Option<&'static str> {
    let to_act = game.to_act();
    let mut owed = to_act
        .seats()
        .iter()
        .filter(|&&s| record.seats.get(s).is_some_and(|r| r.is_active_human()))
        .map(|&s| game.decision_owed(s));
    let first = owed.next()??;
    owed.all(|other| other == Some(first)).then_some(first)
}
