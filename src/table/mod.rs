//! Sessions at a table: lobby, seats, turn flow, bots in seats, undo by consent, resign and abort; and the
//! daily shunting puzzle ([`daily`], entered through [`Table::puzzle`]).
//!
//! The table turns "user U in channel C says X" into a [`Reply`], and knows nothing of Discord or the
//! terminal: both front ends call [`Table::handle`] (or [`Table::handle_queued`] on an async runtime).
//! Commands in one channel run one at a time in the order they came; different channels run in
//! parallel; a channel or person with too many commands in flight is told to try again ([`FloodLimits`]).
//! Every change is committed to the [`Store`] before its reply exists.

mod absence;
mod clock_steps;
mod cooldown;
pub mod daily;
mod ending;
mod game_replay;
mod info;
mod lobby;
mod locks;
pub mod menu;
mod panel;
mod play;
mod queue;
mod recount;
mod reminders;
mod replay_animation;
mod replay_check;
mod replay_post;
mod reply;
mod results;
mod session;
mod suggestion;
mod turn_story;
mod undo;
mod vote;

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use std::sync::Arc;

use crate::bots::BotLevel;
use crate::clock::Clock;
use crate::games;
use crate::shards::ShardRange;
use crate::store::Store;

pub use daily::PuzzleCommand;
pub use game_replay::{GameReplay, ReplayStep};
pub use panel::Panel;
pub use queue::{Queued, Turn, off_thread};
pub use reminders::{Notice, ReminderPolicy};
pub use replay_animation::{ANIMATION_BUDGET, Animation};
pub use replay_check::replays_to_snapshot;
pub use replay_post::{ReplayGo, ReplayPost, TurnMark};
pub use reply::{Crowded, LoggedDetail, Picture, Post, PostAction, Reply, TableError, TurnMessage};
pub use suggestion::{CommandSyntax, Suggestion, TypedCommands};
pub use vote::{VoteKind, VoteOn, VoteTicket};

/// Where a command was given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    /// The channel or thread (one open game each).
    pub channel: String,
    /// The server, for per-server results (`None` in the terminal).
    pub guild: Option<String>,
}

impl Place {
    /// A channel outside any server.
    pub fn channel(channel: impl Into<String>) -> Self {
        Place {
            channel: channel.into(),
            guild: None,
        }
    }
}

/// Who gave a command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Caller {
    /// A stable user id.
    pub user_id: String,
    /// The name to show.
    pub name: String,
    /// Whether the caller may manage the channel (may abort any game in it without a vote).
    pub manages_channel: bool,
}

impl Caller {
    /// A caller without channel rights.
    pub fn new(user_id: impl Into<String>, name: impl Into<String>) -> Self {
        Caller {
            user_id: user_id.into(),
            name: name.into(),
            manages_channel: false,
        }
    }
}

/// Everything a person can ask of a table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Open a lobby for a game. The creator takes the first seat unless `sit` is false.
    New {
        /// The game id.
        game: String,
        /// `key=value` choices.
        options: Vec<(String, String)>,
        /// A fixed seed (for reproducible games); random otherwise.
        seed: Option<u64>,
        /// Whether the creator sits down.
        sit: bool,
    },
    /// Take a seat in the lobby.
    Join,
    /// Give up a seat before the start.
    Leave,
    /// Put a bot of this level in a seat before the start.
    AddBot {
        /// How strongly it plays.
        level: BotLevel,
    },
    /// Deal and begin.
    Start,
    /// Make a move, in the game's notation.
    Move(String),
    /// Open the caller's turn panel.
    Turn,
    /// A tap on the caller's turn panel: the choice at each menu level from the top, on the panel drawn
    /// at the game's `version`.
    Tap {
        /// The game's version when the panel was drawn.
        version: i64,
        /// The index of the choice taken at each level.
        path: Vec<usize>,
    },
    /// Show the table to the channel.
    Board,
    /// Show the caller's hand, privately.
    Hand,
    /// List the caller's legal moves privately, grouped as the turn panel groups them: the groups at the
    /// menu level `path` leads to (the index of the group opened at each level; empty: the top).
    Legal {
        /// The groups opened, from the top.
        path: Vec<usize>,
    },
    /// Show the moves so far (hidden parts stay hidden).
    History,
    /// Let a bot play the turn of a player who has been absent past the limit.
    Skip,
    /// Hand the seat of a player who has been absent past the limit to a bot for good.
    Kick,
    /// Ask to take back the caller's last move.
    Undo,
    /// Agree to or refuse a pending request (undo or abort).
    Vote {
        /// Which request.
        on: VoteOn,
        /// `true` to agree, `false` to refuse.
        agree: bool,
    },
    /// Give up; a bot plays the seat from now on.
    Resign,
    /// End the game without a result: at once for a lobby's host or a member who manages the channel;
    /// in play, a request the other people must agree to.
    Abort,
    /// Who plays, whose turn, what is pending.
    Status,
    /// End the game now, once its deadline has passed: the round under way (an Express hand) is closed
    /// as it stands (its host or a member who manages the channel).
    EndNow,
}

/// Table settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableOptions {
    /// Whether replies carry PNG pictures (benchmarks and text-only front ends may turn them off).
    pub pictures: bool,
    /// Reminders, absence and abandonment.
    pub reminders: ReminderPolicy,
    /// Queue limits, the board cooldown and the archive puzzles kept.
    pub limits: FloodLimits,
}

impl Default for TableOptions {
    fn default() -> Self {
        TableOptions {
            pictures: true,
            reminders: ReminderPolicy::default(),
            limits: FloodLimits::default(),
        }
    }
}

/// What keeps one busy channel or person from crowding out the rest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FloodLimits {
    /// Commands that may be in flight (running or waiting) in one channel; more are refused as busy.
    pub per_channel: usize,
    /// Commands one person may have in flight across all channels; more are refused as busy.
    pub per_user: usize,
    /// Seconds after a person's public board in a channel during which their boards there are sent to
    /// them privately (0: always public).
    pub board_cooldown_secs: i64,
    /// Archive daily puzzles kept in memory, most recently used first, besides today's and tomorrow's
    /// (which are always kept).
    pub archive_puzzles: usize,
}

impl Default for FloodLimits {
    fn default() -> Self {
        FloodLimits {
            per_channel: 20,
            per_user: 3,
            board_cooldown_secs: 60,
            archive_puzzles: 16,
        }
    }
}

/// The table layer over one store.
pub struct Table {
    store: Store,
    options: TableOptions,
    locks: Arc<locks::Lanes>,
    board_cooldown: cooldown::BoardCooldown,
    daily: daily::DailyCache,
    /// The Discord shards whose guilds this table's sweeps (reminders, clock steps, lobby expiry,
    /// daily posts) cover: all of them unless [`Table::sweeping_shards`] says otherwise.
    shards: ShardRange,
    /// The daily posts this table claimed: any other post left claimed was claimed by another
    /// process (see [`Table::daily_posts_due`]).
    daily_claims: daily::HeldClaims,
    /// The turns of the games moved last, kept from one command to the next.
    stories: turn_story::StoryCache,
    /// Milliseconds every command waits (in its channel's turn) before it runs; zero but in tests.
    delay_ms: AtomicU64,
}

impl Table {
    /// A table over `store`; first recomputes the stored results a migration listed (see `recount`).
    pub fn new(store: Store, options: TableOptions) -> Self {
        match recount::recount_listed_results(&store) {
            Ok(0) => {}
            Ok(n) => tracing::info!("recomputed the stored results of {n} finished games"),
            Err(e) => tracing::error!("the stored results listed to recompute were not: {e}"),
        }
        let limits = &options.limits;
        Table {
            locks: Arc::new(locks::Lanes::new(limits.per_channel, limits.per_user)),
            board_cooldown: cooldown::BoardCooldown::new(limits.board_cooldown_secs),
            daily: daily::DailyCache::new(limits.archive_puzzles),
            store,
            options,
            shards: ShardRange::ONE,
            daily_claims: daily::HeldClaims::default(),
            stories: turn_story::StoryCache::default(),
            delay_ms: AtomicU64::new(0),
        }
    }

    /// This table with its sweeps ([`Table::reminders_due`], [`Table::daily_posts_due`]) limited to
    /// the games and daily posts of the guilds `shards` hold (see [`crate::shards`]), so that of several
    /// bot processes sharing a database exactly one sweeps each guild. Commands are not limited: Discord
    /// sends a process only the events of its own shards.
    pub fn sweeping_shards(mut self, shards: ShardRange) -> Self {
        self.shards = shards;
        self
    }

    /// A test hook: makes every later command (daily puzzle commands too) wait `delay` in its turn
    /// before it runs (and commits), so tests reach the front ends' slow paths without depending on
    /// the machine's speed.
    #[doc(hidden)]
    pub fn slow_down_for_tests(&self, delay: Duration) {
        let millis = u64::try_from(delay.as_millis()).unwrap_or(u64::MAX);
        self.delay_ms.store(millis, Ordering::Relaxed);
    }

    /// Waits as long as [`Table::slow_down_for_tests`] asked: not at all outside tests.
    fn wait_if_slowed(&self) {
        let delay = self.delay_ms.load(Ordering::Relaxed);
        if delay > 0 {
            std::thread::sleep(Duration::from_millis(delay));
        }
    }

    /// The clock the table takes "now" from (the store's): front ends and schedulers ask it for the
    /// moment they pass to the daily puzzle and reminders.
    pub fn clock(&self) -> &Clock {
        self.store.clock()
    }

    /// The store underneath.
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// Runs one command; its caller must hold the channel. A command that reads the channel's game
    /// reads it through [`Table::open_record`], which gives the caller's seat the name the front end
    /// gives them now.
    fn dispatch(
        &self,
        place: &Place,
        caller: &Caller,
        command: Command,
    ) -> Result<Reply, TableError> {
        self.wait_if_slowed();
        match command {
            Command::New {
                game,
                options,
                seed,
                sit,
            } => self.new_game(place, caller, &game, &options, seed, sit),
            Command::Join => self.join(place, caller),
            Command::Leave => self.leave(place, caller),
            Command::AddBot { level } => self.add_bot(place, caller, level),
            Command::Start => self.start(place, caller),
            Command::Move(notation) => self.play(place, caller, &notation),
            Command::Turn => self.turn_panel(place, caller),
            Command::Tap { version, path } => self.tap(place, caller, version, &path),
            Command::Board => self.board(place, caller),
            Command::Hand => self.hand(place, caller),
            Command::Legal { path } => self.legal_reply(place, caller, &path),
            Command::History => self.history(place, caller),
            Command::Skip => self.skip(place, caller),
            Command::Kick => self.kick(place, caller),
            Command::Undo => self.request_undo(place, caller),
            Command::Vote { on, agree } => self.vote(place, caller, on, agree),
            Command::Resign => self.resign(place, caller),
            Command::Abort => self.abort(place, caller),
            Command::Status => self.status(place, caller),
            Command::EndNow => self.end_now(place, caller),
        }
    }
}

/// The ids of every game on offer, for error messages.
fn game_ids() -> String {
    games::REGISTRY
        .iter()
        .map(|g| g.id())
        .collect::<Vec<_>>()
        .join(", ")
}
