//! The terminal front end: hot-seat play against bots over the same table and store as Discord.
//!
//! Every seat that is not a bot is a person at this keyboard ("Player 1", "Player 2", …). Board pictures
//! are written as PNG files to a folder; the text picture is printed after every turn.

mod commands;
mod daily;
mod puzzle;
mod resume;

use std::io::{BufRead, Write};
use std::path::PathBuf;

use crate::bots::BotLevel;
use crate::game::Game;
use crate::games::shunting::game::Shunting;
use crate::store::{GameRecord, Status};
use crate::table::{
    Caller, Command, Picture, Place, PostAction, Reply, Table, TableError, TypedCommands, VoteKind,
    VoteOn,
};

use commands::{Aside, HelpFor, help, parse_line};
pub use daily::play_daily;
pub use puzzle::{KeepNothing, Keeper, PuzzleEnd, PuzzleFailure, PuzzleSession, play_puzzle};
pub use resume::Resume;

/// The seats a game gets when `--players` is not given: people expect a two-player table (solo is asked
/// for with `--solo` or `--players 1`).
pub const DEFAULT_PLAYERS: usize = 2;

/// What to play.
#[derive(Clone, Debug)]
pub struct ConsoleSettings {
    /// The game id.
    pub game: String,
    /// How many seats; `None` takes [`DEFAULT_PLAYERS`] where the game allows it (else the nearest count
    /// it takes: 1 for a solo puzzle), or more to seat the bots asked for.
    pub players: Option<usize>,
    /// How many of them bots play.
    pub bots: usize,
    /// How strongly those bots play.
    pub bot_level: BotLevel,
    /// A fixed seed, for a reproducible game.
    pub seed: Option<u64>,
    /// `key=value` game options.
    pub options: Vec<(String, String)>,
    /// Continue an unfinished terminal game of this kind instead of starting one.
    pub resume: Option<Resume>,
    /// Where board pictures go.
    pub out_dir: PathBuf,
}

/// Why the terminal session stopped early.
#[derive(Debug, thiserror::Error)]
pub enum ConsoleError {
    /// The table refused to set the game up.
    #[error("{0}")]
    Table(#[from] TableError),
    /// Reading input or writing output or pictures failed.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// The settings cannot make a game.
    #[error("{0}")]
    Settings(String),
}

/// Clears a terminal: cursor home, the screen, then the scrollback.
const CLEAR_SCREEN: &str = "\x1b[H\x1b[2J\x1b[3J";

/// How many people (not bots) play a game at this keyboard.
fn people_at_the_keyboard(record: &GameRecord) -> usize {
    record
        .seats
        .iter()
        .filter(|seat| seat.user_id.is_some() && !seat.resigned)
        .count()
}

/// The channel prefix of terminal games in the store.
const CHANNEL_PREFIX: &str = "terminal:";

fn person(index: usize) -> Caller {
    Caller::new(
        format!("terminal-player-{}", index + 1),
        format!("Player {}", index + 1),
    )
}

/// The terminal's stand-in for whoever opens a game that only bots play.
fn organiser() -> Caller {
    Caller::new("terminal-organiser", "The organiser")
}

/// A terminal session: a table, a channel and the console's input and output.
pub struct Console<'a, R, W> {
    table: &'a Table,
    place: Place,
    input: R,
    output: W,
    out_dir: PathBuf,
}

/// Plays (or resumes) a game in the terminal until it ends or the input does.
pub fn run<R: BufRead, W: Write>(
    table: &Table,
    settings: &ConsoleSettings,
    mut input: R,
    mut output: W,
) -> Result<(), ConsoleError> {
    let place = match settings.resume {
        Some(resume) => {
            let Some(place) = resume::pick(table, &settings.game, resume, &mut input, &mut output)?
            else {
                return Ok(());
            };
            place
        }
        None => {
            let nanos = table.clock().unix_nanos();
            Place::channel(format!("{CHANNEL_PREFIX}{}:{nanos}", settings.game))
        }
    };
    let mut console = Console {
        table,
        place,
        input,
        output,
        out_dir: settings.out_dir.clone(),
    };
    std::fs::create_dir_all(&console.out_dir)?;
    writeln!(
        console.output,
        "Board pictures go to {}",
        console.out_dir.display()
    )?;
    if settings.resume.is_none() {
        console.set_up(settings)?;
    }
    console.play()
}

impl<R: BufRead, W: Write> Console<'_, R, W> {
    fn set_up(&mut self, settings: &ConsoleSettings) -> Result<(), ConsoleError> {
        let kind = crate::games::find(&settings.game);
        let players = match (settings.players, kind) {
            (Some(players), _) => players,
            (None, Some(kind)) => settings
                .bots
                .max(DEFAULT_PLAYERS)
                .clamp(*kind.seats().start(), *kind.seats().end()),
            // No such game: the table refuses it by name below.
            (None, None) => settings.bots.max(1),
        };
        if settings.bots > players {
            let given = match settings.players {
                Some(_) => "",
                None => " (the most the game takes)",
            };
            return Err(ConsoleError::Settings(format!(
                "--bots {} is more than --players {players}{given}",
                settings.bots
            )));
        }
        if let Some(kind) = kind
            && !kind.seats().contains(&players)
        {
            return Err(ConsoleError::Settings(format!(
                "{} takes {}, not {players}",
                kind.name(),
                kind.players_text(),
            )));
        }
        let people = players - settings.bots;
        let host = if people > 0 { person(0) } else { organiser() };
        let new = Command::New {
            game: settings.game.clone(),
            options: settings.options.clone(),
            seed: settings.seed,
            sit: people > 0,
        };
        self.send(&host, new)?;
        for index in 1..people {
            self.send(&person(index), Command::Join)?;
        }
        for _ in 0..settings.bots {
            self.send(
                &host,
                Command::AddBot {
                    level: settings.bot_level,
                },
            )?;
        }
        self.send(&host, Command::Start)?;
        Ok(())
    }

    /// The game of this terminal session, while it is open.
    fn open_game(&self) -> Result<Option<GameRecord>, ConsoleError> {
        Ok(self
            .table
            .store()
            .open_game(&self.place.channel)
            .map_err(TableError::from)?)
    }

    /// Sends a command that must succeed (setting up) and shows its reply.
    fn send(&mut self, caller: &Caller, command: Command) -> Result<(), ConsoleError> {
        let reply = self.table.handle(&self.place, caller, command)?;
        self.show(&reply)
    }

    fn show(&mut self, reply: &Reply) -> Result<(), ConsoleError> {
        if let Some(public) = &reply.public {
            let text = Self::new_in_turn(reply, &public.text);
            self.print(&text, public.image.as_ref())?;
        }
        if let Some(private) = &reply.private {
            self.print(&private.text, private.image.as_ref())?;
        }
        if let Some(panel) = &reply.panel {
            self.print(&panel.text, panel.image.as_ref())?;
        }
        Ok(())
    }

    /// What of a public post's `text` is new: all of it, unless it brings a turn's message up to date,
    /// when only the lines the command added and the last ("Now: …") are.
    fn new_in_turn(reply: &Reply, text: &str) -> String {
        match reply.turn {
            Some(turn) if !turn.fresh => {
                let lines: Vec<&str> = text.lines().collect();
                let now = lines.len().saturating_sub(1);
                lines[now.saturating_sub(turn.news)..].join("\n")
            }
            _ => text.to_owned(),
        }
    }

    /// Prints a text and writes its picture to the pictures folder, saying where.
    fn print(&mut self, text: &str, picture: Option<&Picture>) -> Result<(), ConsoleError> {
        writeln!(self.output, "{text}")?;
        if let Some(picture) = picture {
            let path = self.out_dir.join(&picture.file_name);
            std::fs::write(&path, &picture.png)?;
            writeln!(self.output, "(picture: {})", path.display())?;
        }
        Ok(())
    }

    fn play(&mut self) -> Result<(), ConsoleError> {
        let mut shown_turn: Option<String> = None;
        // Who was last handed the keyboard.
        let mut holder: Option<String> = None;
        let mut help_for = HelpFor::default();
        loop {
            let Some(record) = self.open_game()? else {
                writeln!(self.output, "The game is over.")?;
                return Ok(());
            };
            if record.status == Status::Lobby {
                return Err(ConsoleError::Settings("the game was never started".into()));
            }
            let waiting = self.table.people_to_act(&self.place)?;
            let Some(user) = waiting.first() else {
                return Err(ConsoleError::Settings(
                    "no one can move in this game".into(),
                ));
            };
            let seat = record.seat_of(user).unwrap_or(0);
            // Whoever sits at the terminal owns its one "channel": they may abort without a vote, as
            // someone who manages a Discord channel may.
            let caller = Caller {
                manages_channel: true,
                ..Caller::new(user.clone(), record.seats[seat].name.clone())
            };
            if shown_turn.as_deref() != Some(user.as_str()) {
                // A person who goes on (the next step of their own turn, an undo) keeps the keyboard.
                if holder.as_deref() != Some(user.as_str()) {
                    if people_at_the_keyboard(&record) > 1 && !self.hand_over(&caller.name)? {
                        return self.stopped();
                    }
                    holder = Some(user.clone());
                }
                writeln!(self.output, "— {}, your turn —", caller.name)?;
                // The turn panel (the hand, the standing); a puzzle's state is its yard, the board.
                let hand = self.table.held_hand(&self.place, &caller)?;
                let puzzle = record.kind == <Shunting as Game>::ID;
                let view = if puzzle {
                    Command::Board
                } else {
                    Command::Turn
                };
                let view = self.table.handle(&self.place, &caller, view)?;
                self.show(&view)?;
                let menu = Command::Legal { path: Vec::new() };
                let moves = self.table.handle(&self.place, &caller, menu)?;
                self.show(&moves)?;
                help_for = HelpFor {
                    example: self
                        .table
                        .legal_moves(&self.place, &caller, "")?
                        .into_iter()
                        .next()
                        .map(|m| m.notation),
                    hand: hand.is_some(),
                    others: record.seats.len() > 1,
                    puzzle,
                    table: true,
                };
                shown_turn = Some(user.clone());
            }
            write!(self.output, "{}> ", caller.name)?;
            self.output.flush()?;
            let mut line = String::new();
            if self.input.read_line(&mut line)? == 0 {
                writeln!(self.output)?;
                return self.stopped();
            }
            match parse_line(&line) {
                None => {}
                Some(Err(Aside::Quit)) => return self.stopped(),
                Some(Err(Aside::Help)) => writeln!(self.output, "{}", help(&help_for))?,
                Some(Err(Aside::Refused(why))) => writeln!(self.output, "{why}")?,
                Some(Ok(Command::Undo)) => {
                    let taken_back = self.undo(&caller)?;
                    if taken_back {
                        shown_turn = None;
                    }
                }
                Some(Ok(command)) => {
                    let moved = matches!(
                        command,
                        Command::Move(_) | Command::Resign | Command::Abort | Command::EndNow
                    );
                    match self.table.handle(&self.place, &caller, command) {
                        Ok(reply) => {
                            self.show(&reply)?;
                            if moved {
                                shown_turn = None;
                            }
                        }
                        Err(error) => writeln!(self.output, "{}", error.explain(&TypedCommands))?,
                    }
                }
            }
        }
    }

    /// Says how to go on with the game later.
    fn stopped(&mut self) -> Result<(), ConsoleError> {
        let record = self.open_game()?;
        let id = record.map(|r| format!(" {}", r.id)).unwrap_or_default();
        writeln!(
            self.output,
            "Stopped. The game is saved: continue with --resume{id}."
        )?;
        Ok(())
    }

    /// Before a person's turn at a shared keyboard: asks the others to hand it over, waits for Enter,
    /// then clears the screen and its scrollback so the last player's hand is not left above the next
    /// one's. Returns `false` when the input ends or `quit` is typed instead.
    fn hand_over(&mut self, name: &str) -> Result<bool, ConsoleError> {
        write!(
            self.output,
            "\nPass the keyboard to {name}, then press Enter (or type quit). "
        )?;
        self.output.flush()?;
        let mut line = String::new();
        if self.input.read_line(&mut line)? == 0 {
            writeln!(self.output)?;
            return Ok(false);
        }
        if parse_line(&line) == Some(Err(Aside::Quit)) {
            return Ok(false);
        }
        write!(self.output, "{CLEAR_SCREEN}")?;
        Ok(true)
    }

    /// Asks for an undo and, at this one keyboard, asks every other person to vote on it (a person alone
    /// at the table takes the move back at once). Returns whether the move was taken back.
    fn undo(&mut self, caller: &Caller) -> Result<bool, ConsoleError> {
        let reply = match self.table.handle(&self.place, caller, Command::Undo) {
            Ok(reply) => reply,
            Err(error) => {
                writeln!(self.output, "{}", error.explain(&TypedCommands))?;
                return Ok(false);
            }
        };
        self.show(&reply)?;
        let Some(request) = reply
            .public
            .filter(|p| p.actions.iter().any(|a| matches!(a, PostAction::Vote(_))))
        else {
            return Ok(true);
        };
        for voter in request.mentions {
            let Some(record) = self.open_game()? else {
                return Ok(false);
            };
            let Some(seat) = record.seat_of(&voter) else {
                continue;
            };
            let name = record.seats[seat].name.clone();
            write!(self.output, "{name}, agree to the undo? [y/n] ")?;
            self.output.flush()?;
            let mut answer = String::new();
            self.input.read_line(&mut answer)?;
            let agree = answer.trim().eq_ignore_ascii_case("y")
                || answer.trim().eq_ignore_ascii_case("yes");
            let vote = self.table.handle(
                &self.place,
                &Caller::new(voter, name),
                Command::Vote {
                    on: VoteOn::Pending(VoteKind::Undo),
                    agree,
                },
            )?;
            self.show(&vote)?;
            if !agree {
                return Ok(false);
            }
        }
        Ok(true)
    }
}
