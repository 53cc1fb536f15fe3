//! Before the start: opening a game, joining, leaving, adding bots, starting.

use crate::bots::BotLevel;
use crate::games;
use crate::rng::fresh_seed;
use crate::store::{GameRecord, NewGame, SeatRecord, Status, StoreError, Update};

use super::play::Progress;
use super::session::{kind_of, list_names};
use super::{Caller, Place, Post, Reply, Table, TableError};

/// Names for bots, in the order they sit down.
const BOT_NAMES: [&str; 6] = ["Dusty", "Rusty", "Sparky", "Clanky", "Puffer", "Smokey"];

impl Table {
    pub(super) fn new_game(
        &self,
        place: &Place,
        caller: &Caller,
        game: &str,
        choices: &[(String, String)],
        seed: Option<u64>,
        sit: bool,
    ) -> Result<Reply, TableError> {
        let kind = games::find(game).ok_or_else(|| TableError::unknown_game(game))?;
        if let Some(open) = self.store.open_game(&place.channel)? {
            return Err(busy(&open));
        }
        let options = kind
            .parse_options(choices)
            .map_err(TableError::BadOptions)?;
        let seats = if sit {
            vec![SeatRecord::human(&caller.user_id, &caller.name)]
        } else {
            Vec::new()
        };
        let new = NewGame {
            channel: place.channel.clone(),
            guild: place.guild.clone(),
            kind: kind.id().to_owned(),
            options,
            seed: seed.unwrap_or_else(fresh_seed),
            host: caller.user_id.clone(),
            seats,
        };
        let record = match self.store.create_game(&new) {
            Err(StoreError::ChannelBusy) => {
                return Err(match self.store.open_game(&place.channel)? {
                    Some(open) => busy(&open),
                    None => TableError::Conflict,
                });
            }
            other => other?,
        };
        let chosen = if choices.is_empty() {
            String::new()
        } else {
            let list: Vec<String> = choices.iter().map(|(k, v)| format!("{k}={v}")).collect();
            format!(" with {}", list.join(", "))
        };
        let next = if record.seats.len() >= *kind.seats().end() {
            "Every seat is taken: begin with `start`."
        } else {
            "Join with `join`, add bots with `bot add`, then `start`."
        };
        Ok(Reply::public(Post::text(format!(
            "{} opened a game of {}{chosen} ({}). {next}\n{}",
            caller.name,
            kind.name(),
            kind.players_text(),
            seat_list(&record)
        ))))
    }

    pub(super) fn join(&self, place: &Place, caller: &Caller) -> Result<Reply, TableError> {
        let record = self.lobby(place, caller, "joining")?;
        if record.seat_of(&caller.user_id).is_some() {
            return Err(TableError::AlreadyJoined);
        }
        let mut seats = record.seats.clone();
        self.check_room(&record)?;
        seats.push(SeatRecord::human(&caller.user_id, &caller.name));
        self.save_seats(&record, seats, format!("{} joined.", caller.name))
    }

    pub(super) fn leave(&self, place: &Place, caller: &Caller) -> Result<Reply, TableError> {
        let record = self.lobby(place, caller, "leaving")?;
        let seat = record
            .seat_of(&caller.user_id)
            .ok_or(TableError::NotAPlayer { started: false })?;
        let mut seats = record.seats.clone();
        seats.remove(seat);
        if seats.iter().any(|s| s.user_id.is_some()) {
            return self.save_seats(&record, seats, format!("{} left.", caller.name));
        }
        let update = Update {
            status: Some(Status::Aborted),
            ended_reason: Some("every player left before the start".into()),
            seats: Some(seats),
            ..Update::default()
        };
        self.store.update(record.id, record.version, &update)?;
        Ok(Reply::public(Post::text(format!(
            "{} left, and no one is left at the table: the game is closed.",
            caller.name
        ))))
    }

    pub(super) fn add_bot(
        &self,
        place: &Place,
        caller: &Caller,
        level: BotLevel,
    ) -> Result<Reply, TableError> {
        let record = self.lobby(place, caller, "adding a bot")?;
        self.check_host_or_player(&record, caller, "add bots")?;
        self.check_room(&record)?;
        // A name is taken by a bot of any level: "Dusty (bot)" and "Dusty (hard bot)" are one Dusty.
        let taken = |first: &str| {
            BotLevel::ALL.iter().any(|other| {
                let name = format!("{first} {}", other.name_tag());
                record.seats.iter().any(|s| s.name == name)
            })
        };
        let tag = level.name_tag();
        let name = BOT_NAMES.iter().find(|first| !taken(first)).map_or_else(
            || format!("Bot {} {tag}", record.seats.len() + 1),
            |first| format!("{first} {tag}"),
        );
        let mut seats = record.seats.clone();
        seats.push(SeatRecord::bot(&name, level));
        self.save_seats(&record, seats, format!("{} added {name}.", caller.name))
    }

    pub(super) fn start(&self, place: &Place, caller: &Caller) -> Result<Reply, TableError> {
        let record = self.lobby(place, caller, "starting")?;
        self.check_host_or_player(&record, caller, "start it")?;
        let kind = kind_of(&record)?;
        let range = kind.seats();
        let players = record.seats.len();
        if !range.contains(&players) {
            return Err(TableError::WrongPlayerCount {
                name: kind.name().to_owned(),
                min: *range.start(),
                max: *range.end(),
                have: players,
            });
        }
        let internal = |e: crate::game::SetupError| TableError::internal(e.to_string());
        let setup = kind
            .deal(&record.options, players, record.seed)
            .map_err(internal)?;
        let game = kind
            .start(&record.options, players, &setup, record.seed)
            .map_err(internal)?;
        let opening = format!(
            "{} started {} for {}.",
            caller.name,
            kind.name(),
            list_names(&record.names())
        );
        let progress = Progress {
            public: vec![opening],
            caller_seat: record.seat_of(&caller.user_id),
            ..Progress::default()
        };
        let update = Update {
            status: Some(Status::Active),
            setup: Some(setup),
            ..Update::default()
        };
        self.advance(record, game, progress, update)
    }

    /// The open game of the channel, which must still be in its lobby.
    fn lobby(
        &self,
        place: &Place,
        caller: &Caller,
        what: &'static str,
    ) -> Result<GameRecord, TableError> {
        let record = self.open_record(place, caller)?;
        if record.status != Status::Lobby {
            return Err(TableError::AlreadyStarted { what });
        }
        Ok(record)
    }

    fn check_room(&self, record: &GameRecord) -> Result<(), TableError> {
        let kind = kind_of(record)?;
        let max = *kind.seats().end();
        if record.seats.len() >= max {
            return Err(TableError::GameFull {
                name: kind.name().to_owned(),
                max,
            });
        }
        Ok(())
    }

    fn check_host_or_player(
        &self,
        record: &GameRecord,
        caller: &Caller,
        what: &'static str,
    ) -> Result<(), TableError> {
        if record.host == caller.user_id || record.seat_of(&caller.user_id).is_some() {
            Ok(())
        } else {
            Err(TableError::PlayersOnly { what })
        }
    }

    fn save_seats(
        &self,
        record: &GameRecord,
        seats: Vec<SeatRecord>,
        said: String,
    ) -> Result<Reply, TableError> {
        let update = Update {
            seats: Some(seats.clone()),
            ..Update::default()
        };
        self.store.update(record.id, record.version, &update)?;
        let saved = GameRecord {
            seats,
            ..record.clone()
        };
        Ok(Reply::public(Post::text(format!(
            "{said}\n{}",
            seat_list(&saved)
        ))))
    }
}

fn busy(open: &GameRecord) -> TableError {
    TableError::ChannelBusy {
        name: games::find(&open.kind).map_or_else(|| open.kind.clone(), |k| k.name().to_owned()),
        state: if open.status == Status::Lobby {
            "waiting for players"
        } else {
            "in play"
        },
    }
}

/// "Seats: 1. Alice · 2. Dusty (bot)".
fn seat_list(record: &GameRecord) -> String {
    if record.seats.is_empty() {
        return "No one has joined yet.".into();
    }
    let seats: Vec<String> = record
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| format!("{}. {}", i + 1, s.name))
        .collect();
    format!("Seats: {}", seats.join(" · "))
}
