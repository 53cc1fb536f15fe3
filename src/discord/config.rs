//! `roundhouse.toml`: the bot's settings. Every setting has a default, and the ones a container needs
//! (the token, the database, ...) may come from environment variables instead ([`environment`]).

pub mod environment;

use std::fmt;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::shards::{ShardRange, ShardsSetting};
use crate::store::Database;
use crate::table::{FloodLimits, ReminderPolicy};
use environment::Environment;

/// The environment variable that may hold the token (it wins over the file).
pub const TOKEN_VARIABLE: &str = "DISCORD_TOKEN";

/// When reminders go out, when a player counts as absent, when a silent game ends (all in hours).
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct RemindersConfig {
    /// Hours after the last move at which the player to act is pinged again.
    pub schedule_hours: Vec<f64>,
    /// Hours without a move after which the others may skip or remove the absent player.
    pub absent_after_hours: f64,
    /// Hours without a move after which the game ends as abandoned.
    pub abandon_after_hours: f64,
    /// Hours without a change after which a game never started is closed.
    pub lobby_expire_hours: f64,
    /// Seconds between two looks for due reminders.
    pub check_every_secs: u64,
}

impl Default for RemindersConfig {
    fn default() -> Self {
        RemindersConfig {
            schedule_hours: vec![12.0, 24.0],
            absent_after_hours: 72.0,
            abandon_after_hours: 168.0,
            lobby_expire_hours: 48.0,
            check_every_secs: 60,
        }
    }
}

impl RemindersConfig {
    /// The table's policy in seconds.
    pub fn policy(&self) -> ReminderPolicy {
        let secs = |hours: f64| (hours * 3600.0).round() as i64;
        ReminderPolicy {
            schedule_secs: self.schedule_hours.iter().copied().map(secs).collect(),
            absent_after_secs: secs(self.absent_after_hours),
            abandon_after_secs: secs(self.abandon_after_hours),
            lobby_expire_secs: secs(self.lobby_expire_hours),
        }
    }
}

/// Flood control: how many commands may wait, how often one person's board is public, how many
/// archive puzzles stay in memory.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct LimitsConfig {
    /// Commands that may be running or waiting in one channel (at least 1).
    pub channel_queue: usize,
    /// Commands one person may have running or waiting (at least 1).
    pub user_in_flight: usize,
    /// Seconds after a person's public `/game board` in a channel during which theirs come privately.
    pub board_cooldown_secs: u32,
    /// Archive daily puzzles kept in memory besides today's and tomorrow's.
    pub archive_puzzles: usize,
}

impl Default for LimitsConfig {
    fn default() -> Self {
        let table = FloodLimits::default();
        LimitsConfig {
            channel_queue: table.per_channel,
            user_in_flight: table.per_user,
            board_cooldown_secs: table.board_cooldown_secs as u32,
            archive_puzzles: table.archive_puzzles,
        }
    }
}

impl LimitsConfig {
    /// The table's limits.
    pub fn flood_limits(&self) -> FloodLimits {
        FloodLimits {
            per_channel: self.channel_queue,
            per_user: self.user_in_flight,
            board_cooldown_secs: i64::from(self.board_cooldown_secs),
            archive_puzzles: self.archive_puzzles,
        }
    }
}

/// The bot's settings.
#[derive(Clone, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Config {
    /// The bot token (or from [`TOKEN_VARIABLE`]).
    #[serde(default)]
    pub token: Option<String>,
    /// The database: a SQLite file (the default), or a PostgreSQL server as a `postgres://` URL.
    #[serde(default = "default_database", deserialize_with = "database_setting")]
    pub database: Database,
    /// A server to register commands in at once (global registration otherwise).
    #[serde(default)]
    pub guild_id: Option<u64>,
    /// error, warn, info, debug or trace.
    #[serde(default = "default_log_level")]
    pub log_level: String,
    /// Reminders and absence.
    #[serde(default)]
    pub reminders: RemindersConfig,
    /// Flood control.
    #[serde(default)]
    pub limits: LimitsConfig,
    /// A rate-limiting proxy in front of Discord's REST API (such as twilight-http-proxy), e.g.
    /// `http://127.0.0.1:3000`; `None` (the default) reaches discord.com directly. Several bot
    /// processes sharing one token need it: each process's own rate limiter knows only its own
    /// requests, so together they would exceed Discord's limits. With it the bot's own rate limiter is
    /// off and the proxy waits out the limits (tests also point it at a fake Discord when they run the
    /// binary in a process of its own).
    #[serde(default)]
    pub api_url: Option<String>,
    /// The Discord shards this process holds, `{ total = N, first = A, last = B }` (see
    /// [`crate::shards`]); `None` (the default) asks Discord for its recommended count and holds them
    /// all. Several processes sharing one database each hold their own range, and each sweeps
    /// reminders and daily posts only for the guilds of its shards.
    #[serde(default, deserialize_with = "shards_setting")]
    pub shards: Option<ShardRange>,
    /// Where the bot also serves the read-only web site (see [`crate::web`]), e.g. `127.0.0.1:8080`;
    /// `None` (the default) serves none.
    #[serde(default, deserialize_with = "web_addr_setting")]
    pub web_addr: Option<SocketAddr>,
    /// The web site's public address (`https://games.example`), when one serves this database: the
    /// last post of a finished game then links the game's page. `None` (the default) links none.
    #[serde(default, deserialize_with = "web_url_setting")]
    pub web_url: Option<String>,
}

fn default_database() -> Database {
    Database::Sqlite(PathBuf::from("roundhouse.db"))
}

fn database_setting<'de, D: serde::Deserializer<'de>>(setting: D) -> Result<Database, D::Error> {
    String::deserialize(setting).map(|text| Database::parse(&text))
}

fn web_addr_setting<'de, D: serde::Deserializer<'de>>(
    setting: D,
) -> Result<Option<SocketAddr>, D::Error> {
    let text = String::deserialize(setting)?;
    text.trim().parse().map(Some).map_err(|_| {
        serde::de::Error::custom(format!(
            "web_addr must be an IP address and a port, such as \"127.0.0.1:8080\" or \
             \"[::1]:8080\", not \"{text}\""
        ))
    })
}

fn web_url_setting<'de, D: serde::Deserializer<'de>>(
    setting: D,
) -> Result<Option<String>, D::Error> {
    let text = String::deserialize(setting)?;
    let url = text.trim().trim_end_matches('/');
    let rest = url
        .strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"));
    match rest {
        Some(host) if !host.is_empty() && !url.chars().any(char::is_whitespace) => {
            Ok(Some(url.to_owned()))
        }
        _ => Err(serde::de::Error::custom(format!(
            "web_url must be the site's address starting with https:// or http://, such as \
             \"https://games.example\", not \"{text}\""
        ))),
    }
}

fn shards_setting<'de, D: serde::Deserializer<'de>>(
    setting: D,
) -> Result<Option<ShardRange>, D::Error> {
    let setting = ShardsSetting::deserialize(setting)?;
    setting.range().map(Some).map_err(serde::de::Error::custom)
}

fn default_log_level() -> String {
    "info".into()
}

impl fmt::Debug for Config {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Config")
            .field("token", &self.token.as_ref().map(|_| "<hidden>"))
            .field("database", &self.database)
            .field("guild_id", &self.guild_id)
            .field("log_level", &self.log_level)
            .field("reminders", &self.reminders)
            .field("limits", &self.limits)
            .field("api_url", &self.api_url)
            .field("shards", &self.shards)
            .field("web_addr", &self.web_addr)
            .field("web_url", &self.web_url)
            .finish()
    }
}

/// A configuration that cannot start the bot; its message is one line.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum ConfigError {
    /// The file could not be read.
    #[error("cannot read {path}: {reason} (copy config.example.toml to start one)")]
    Unreadable {
        /// The file.
        path: String,
        /// Why.
        reason: String,
    },
    /// The file is not valid TOML for these settings.
    #[error("bad configuration in {path}: {reason}")]
    Invalid {
        /// The file.
        path: String,
        /// What is wrong.
        reason: String,
    },
    /// No token in the file or the environment.
    #[error(
        "no Discord token: set the {TOKEN_VARIABLE} environment variable or `token` in {}",
        file.as_deref().unwrap_or("a config file (--config PATH)")
    )]
    MissingToken {
        /// The config file that was read, if there was one.
        file: Option<String>,
    },
    /// An environment variable holds a value its setting cannot take.
    #[error("bad environment: {0}")]
    BadVariable(String),
    /// The token is not shaped like a bot token.
    #[error("the Discord token is malformed (a bot token has three dot-separated parts)")]
    MalformedToken,
}

impl Config {
    /// Reads `path`, then lets the set variables of `environment` replace its settings. When `path` is
    /// the default and missing, the settings start from their defaults; a file named explicitly
    /// (`path_is_default` false) must exist.
    pub fn load(
        path: &Path,
        path_is_default: bool,
        environment: &Environment,
    ) -> Result<Config, ConfigError> {
        let shown = path.display().to_string();
        let (text, file) = match std::fs::read_to_string(path) {
            Ok(text) => (text, Some(shown.clone())),
            Err(e) if path_is_default && e.kind() == std::io::ErrorKind::NotFound => {
                (String::new(), None)
            }
            Err(e) => {
                return Err(ConfigError::Unreadable {
                    path: shown,
                    reason: e.to_string(),
                });
            }
        };
        let invalid = |e: toml::de::Error| ConfigError::Invalid {
            path: shown.clone(),
            reason: e.message().to_owned(),
        };
        let mut settings: toml::Table = toml::from_str(&text).map_err(invalid)?;
        environment
            .apply(&mut settings)
            .map_err(ConfigError::BadVariable)?;
        let mut config: Config = toml::Value::Table(settings).try_into().map_err(invalid)?;
        let token = config
            .token
            .as_deref()
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .ok_or(ConfigError::MissingToken { file })?;
        if serenity::utils::validate_token(token).is_err() {
            return Err(ConfigError::MalformedToken);
        }
        config.token = Some(token.to_owned());
        let reminders = &config.reminders;
        let hours_ok = reminders.schedule_hours.iter().all(|h| *h > 0.0)
            && reminders.absent_after_hours > 0.0
            && reminders.lobby_expire_hours > 0.0
            && reminders.abandon_after_hours >= reminders.absent_after_hours;
        if !hours_ok {
            return Err(ConfigError::Invalid {
                path: shown,
                reason: "reminder hours and lobby_expire_hours must be positive, and abandon_after_hours at least absent_after_hours"
                    .into(),
            });
        }
        if config.limits.channel_queue == 0 || config.limits.user_in_flight == 0 {
            return Err(ConfigError::Invalid {
                path: shown,
                reason: "limits.channel_queue and limits.user_in_flight must be at least 1".into(),
            });
        }
        Ok(config)
    }

    /// The token (present after [`Config::load`]).
    pub fn token(&self) -> &str {
        self.token.as_deref().unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TOKEN: &str = "MTA0NjQ0NTQ3MjcwNjU4MDQ4MA.GrAbcd.abcdefghijklmnopqrstuvwxyz0123456789AB";

    /// An environment with only [`TOKEN_VARIABLE`] set.
    fn token_only() -> Environment {
        Environment::from_lookup(|name| (name == TOKEN_VARIABLE).then(|| TOKEN.to_owned()))
    }

    fn write(text: &str) -> (tempfile::TempDir, PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("roundhouse.toml");
        std::fs::write(&path, text).unwrap();
        (dir, path)
    }

    #[test]
    fn the_example_file_is_valid_and_the_environment_supplies_the_token() {
        let example = include_str!("../../config.example.toml");
        let (_dir, path) = write(example);
        let config = Config::load(&path, false, &token_only()).unwrap();
        assert_eq!(config.token(), TOKEN);
        assert_eq!(config.reminders.policy(), ReminderPolicy::default());
        assert!(
            !format!("{config:?}").contains(TOKEN),
            "the token never shows in logs"
        );
    }

    #[test]
    fn the_web_site_is_off_by_default_and_its_address_and_public_url_are_checked() {
        let missing = Path::new("/nonexistent/roundhouse.toml");
        let defaults = Config::load(missing, true, &token_only()).unwrap();
        assert_eq!((defaults.web_addr, defaults.web_url), (None, None));
        let (_dir, path) =
            write("web_addr = \"127.0.0.1:8080\"\nweb_url = \"https://games.example/\"\n");
        let config = Config::load(&path, false, &token_only()).unwrap();
        assert_eq!(config.web_addr, Some("127.0.0.1:8080".parse().unwrap()));
        assert_eq!(config.web_url.as_deref(), Some("https://games.example"));
        for (bad, named) in [
            ("web_addr = \"localhost\"\n", "web_addr"),
            ("web_url = \"games.example\"\n", "https://"),
            ("web_url = \"https://\"\n", "https://"),
        ] {
            let (_dir, path) = write(bad);
            let err = Config::load(&path, false, &token_only()).unwrap_err();
            assert!(matches!(err, ConfigError::Invalid { .. }), "{bad}: {err}");
            assert!(err.to_string().contains(named), "{bad}: {err}");
        }
    }

    #[test]
    fn bad_settings_give_one_line_errors() {
        let (_dir, path) = write("database = \"x.db\"\n");
        assert!(matches!(
            Config::load(&path, false, &Environment::default()),
            Err(ConfigError::MissingToken { .. })
        ));
        let (_dir, path) = write("token = \"not a token\"\n");
        assert_eq!(
            Config::load(&path, false, &Environment::default()),
            Err(ConfigError::MalformedToken)
        );
        let (_dir, path) = write("tokn = 1\n");
        let err = Config::load(&path, false, &token_only()).unwrap_err();
        assert!(matches!(err, ConfigError::Invalid { .. }));
        assert!(!err.to_string().contains('\n'), "{err}");
        let missing = Path::new("/nonexistent/roundhouse.toml");
        assert!(matches!(
            Config::load(missing, false, &token_only()),
            Err(ConfigError::Unreadable { .. })
        ));
        let defaults = Config::load(missing, true, &token_only()).unwrap();
        assert_eq!(defaults.database, Database::parse("roundhouse.db"));
    }

    #[test]
    fn a_misspelt_setting_is_named_with_the_known_ones() {
        let (_dir, path) = write("tokn = 1\n");
        let err = Config::load(&path, false, &token_only())
            .unwrap_err()
            .to_string();
        assert!(err.contains("unknown field `tokn`"), "{err}");
        for known in [
            "token",
            "database",
            "guild_id",
            "log_level",
            "reminders",
            "api_url",
        ] {
            assert!(err.contains(&format!("`{known}`")), "{known} in {err}");
        }
        let (_dir, path) = write("[reminders]\nabsent_hours = 3\n");
        let err = Config::load(&path, false, &token_only())
            .unwrap_err()
            .to_string();
        assert!(err.contains("unknown field `absent_hours`"), "{err}");
        assert!(err.contains("`absent_after_hours`"), "{err}");
    }

    #[test]
    fn without_a_file_the_environment_supplies_what_a_container_needs() {
        let missing = Path::new("/nonexistent/roundhouse.toml");
        let environment = Environment::from_lookup(|name| {
            let value = match name {
                TOKEN_VARIABLE => TOKEN,
                "ROUNDHOUSE_DB" => "/data/roundhouse.db",
                "ROUNDHOUSE_GUILD_ID" => "123456789012345678",
                "ROUNDHOUSE_LOG_LEVEL" => "debug",
                _ => return None,
            };
            Some(value.to_owned())
        });
        let config = Config::load(missing, true, &environment).unwrap();
        assert_eq!(config.token(), TOKEN);
        assert_eq!(config.database, Database::parse("/data/roundhouse.db"));
        assert_eq!(config.guild_id, Some(123_456_789_012_345_678));
        assert_eq!(config.log_level, "debug");
        assert_eq!(config.reminders, RemindersConfig::default());
        assert_eq!(config.api_url, None);
    }

    #[test]
    fn the_environment_wins_over_the_file() {
        let (_dir, path) = write("database = \"file.db\"\nlog_level = \"warn\"\n");
        let environment = Environment::from_lookup(|name| match name {
            TOKEN_VARIABLE => Some(TOKEN.to_owned()),
            "ROUNDHOUSE_DB" => Some("env.db".to_owned()),
            _ => None,
        });
        let config = Config::load(&path, false, &environment).unwrap();
        assert_eq!(config.database, Database::parse("env.db"));
        assert_eq!(
            config.log_level, "warn",
            "an unset variable keeps the file's value"
        );
    }

    #[test]
    fn a_database_url_names_a_server_and_its_variable_wins_over_the_file_and_roundhouse_db() {
        let (_dir, path) = write(&format!(
            "token = \"{TOKEN}\"\ndatabase = \"postgres://rh@db.internal/roundhouse\"\n"
        ));
        let config = Config::load(&path, false, &Environment::default()).unwrap();
        assert_eq!(
            config.database,
            Database::Postgres("postgres://rh@db.internal/roundhouse".into())
        );
        let environment = Environment::from_lookup(|name| match name {
            "ROUNDHOUSE_DB" => Some("env.db".to_owned()),
            "ROUNDHOUSE_DATABASE_URL" => Some("postgres://rh:secret@other/rh".to_owned()),
            _ => None,
        });
        let config = Config::load(&path, false, &environment).unwrap();
        assert_eq!(
            config.database,
            Database::Postgres("postgres://rh:secret@other/rh".into())
        );
        assert!(
            !format!("{config:?}").contains("secret"),
            "the password never shows in logs"
        );
    }

    #[test]
    fn shards_are_a_range_below_their_total_and_default_to_discords_count() {
        let missing = Path::new("/nonexistent/roundhouse.toml");
        assert_eq!(
            Config::load(missing, true, &token_only()).unwrap().shards,
            None
        );
        let (_dir, path) = write("shards = { total = 4, first = 2, last = 3 }\n");
        let config = Config::load(&path, false, &token_only()).unwrap();
        assert_eq!(config.shards, ShardRange::new(4, 2, 3).ok());
        let (_dir, path) = write("shards = { total = 4 }\n");
        let config = Config::load(&path, false, &token_only()).unwrap();
        assert_eq!(config.shards, ShardRange::all_of(4));
        for (setting, said) in [
            ("{ total = 0 }", "shards.total must be at least 1"),
            ("{ total = 4, first = 3, last = 2 }", "must not be after"),
            (
                "{ total = 2, first = 0, last = 2 }",
                "must be below shards.total (2)",
            ),
            ("{ total = 2, frist = 1 }", "unknown field `frist`"),
            ("{ total = -1 }", "invalid value"),
        ] {
            let (_dir, path) = write(&format!("shards = {setting}\n"));
            let err = Config::load(&path, false, &token_only()).unwrap_err();
            assert!(
                matches!(err, ConfigError::Invalid { .. }),
                "{setting}: {err}"
            );
            assert!(err.to_string().contains(said), "{setting}: {err}");
        }
        let environment = Environment::from_lookup(|name| match name {
            TOKEN_VARIABLE => Some(TOKEN.to_owned()),
            "ROUNDHOUSE_SHARDS" => Some("1/2".to_owned()),
            _ => None,
        });
        let (_dir, path) = write("shards = { total = 4 }\n");
        let config = Config::load(&path, false, &environment).unwrap();
        assert_eq!(config.shards, ShardRange::new(2, 1, 1).ok());
        let environment = Environment::from_lookup(|name| match name {
            TOKEN_VARIABLE => Some(TOKEN.to_owned()),
            "ROUNDHOUSE_SHARDS" => Some("3/2".to_owned()),
            _ => None,
        });
        let err = Config::load(missing, true, &environment).unwrap_err();
        assert!(err.to_string().contains("shards.last (3)"), "{err}");
    }

    #[test]
    fn a_missing_token_says_where_one_may_come_from() {
        let missing = Path::new("/nonexistent/roundhouse.toml");
        let err = Config::load(missing, true, &Environment::default())
            .unwrap_err()
            .to_string();
        assert!(
            err.contains(TOKEN_VARIABLE) && err.contains("--config"),
            "{err}"
        );
        let (_dir, path) = write("database = \"x.db\"\n");
        let err = Config::load(&path, false, &Environment::default())
            .unwrap_err()
            .to_string();
        assert!(err.contains(&path.display().to_string()), "{err}");
        let bad_id = Environment::from_lookup(|name| match name {
            TOKEN_VARIABLE => Some(TOKEN.to_owned()),
            "ROUNDHOUSE_GUILD_ID" => Some("my-server".to_owned()),
            _ => None,
        });
        let err = Config::load(missing, true, &bad_id).unwrap_err();
        assert!(matches!(err, ConfigError::BadVariable(_)), "{err}");
    }
}
