//! Settings from environment variables: what a container sets instead of writing a config file. A variable
//! that is set wins over the file; one that is unset or blank leaves the file's value (or the default).

/// How a variable's text becomes a setting's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Taken as it is.
    Text,
    /// A Discord id (a snowflake): digits only.
    Id,
    /// A range of shards, `FIRST-LAST/TOTAL` (or `SHARD/TOTAL` for one), as the `shards` table.
    Shards,
}

/// One environment variable and the top-level setting it supplies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Variable {
    /// The variable's name.
    pub name: &'static str,
    /// The setting in `roundhouse.toml` it stands for.
    pub setting: &'static str,
    /// How its text is read.
    pub kind: Kind,
}

/// Every variable the bot reads, with the setting it supplies (config.example.toml and the README list
/// the same ones).
pub const VARIABLES: &[Variable] = &[
    Variable {
        name: super::TOKEN_VARIABLE,
        setting: "token",
        kind: Kind::Text,
    },
    Variable {
        name: "ROUNDHOUSE_DB",
        setting: "database",
        kind: Kind::Text,
    },
    // After ROUNDHOUSE_DB, so that it wins when both are set.
    Variable {
        name: "ROUNDHOUSE_DATABASE_URL",
        setting: "database",
        kind: Kind::Text,
    },
    Variable {
        name: "ROUNDHOUSE_GUILD_ID",
        setting: "guild_id",
        kind: Kind::Id,
    },
    Variable {
        name: "ROUNDHOUSE_SHARDS",
        setting: "shards",
        kind: Kind::Shards,
    },
    Variable {
        name: "ROUNDHOUSE_LOG_LEVEL",
        setting: "log_level",
        kind: Kind::Text,
    },
];

/// The values of [`VARIABLES`] that are set (and not blank), by variable.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Environment {
    values: Vec<(Variable, String)>,
}

impl Environment {
    /// The variables of this process.
    pub fn of_process() -> Environment {
        Environment::from_lookup(|name| std::env::var(name).ok())
    }

    /// The variables `lookup` gives (by name); for tests, and for [`Environment::of_process`].
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Environment {
        let values = VARIABLES
            .iter()
            .filter_map(|variable| {
                let value = lookup(variable.name)?;
                let value = value.trim();
                (!value.is_empty()).then(|| (*variable, value.to_owned()))
            })
            .collect();
        Environment { values }
    }

    /// Puts every set variable's value into `settings` (the parsed file), replacing what the file said.
    /// A value that cannot be the setting's is refused with the variable's name and what it must be.
    pub fn apply(&self, settings: &mut toml::Table) -> Result<(), String> {
        for (variable, text) in &self.values {
            let value = match variable.kind {
                Kind::Text => toml::Value::String(text.clone()),
                Kind::Id => text
                    .parse::<u64>()
                    .ok()
                    .and_then(|id| i64::try_from(id).ok())
                    .map(toml::Value::Integer)
                    .ok_or_else(|| {
                        format!(
                            "{} must be a Discord id (digits only), not `{text}`",
                            variable.name
                        )
                    })?,
                Kind::Shards => shards_value(text).ok_or_else(|| {
                    format!(
                        "{} must be FIRST-LAST/TOTAL or SHARD/TOTAL (e.g. `0-3/8`), not `{text}`",
                        variable.name
                    )
                })?,
            };
            settings.insert(variable.setting.to_owned(), value);
        }
        Ok(())
    }
}

/// `FIRST-LAST/TOTAL` or `SHARD/TOTAL` as the `shards` table (checked later, with the file's).
fn shards_value(text: &str) -> Option<toml::Value> {
    let (range, total) = text.split_once('/')?;
    let (first, last) = range.split_once('-').unwrap_or((range, range));
    let number = |part: &str| part.trim().parse::<u32>().ok().map(i64::from);
    let table = toml::Table::from_iter([
        ("total".to_owned(), toml::Value::Integer(number(total)?)),
        ("first".to_owned(), toml::Value::Integer(number(first)?)),
        ("last".to_owned(), toml::Value::Integer(number(last)?)),
    ]);
    Some(toml::Value::Table(table))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn environment(pairs: &[(&str, &str)]) -> Environment {
        Environment::from_lookup(|name| {
            pairs
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| (*v).to_owned())
        })
    }

    #[test]
    fn set_variables_replace_the_files_settings_and_blank_ones_do_not() {
        let mut settings: toml::Table =
            toml::from_str("database = \"file.db\"\nlog_level = \"debug\"\n").unwrap();
        environment(&[
            ("ROUNDHOUSE_DB", "/data/roundhouse.db"),
            ("ROUNDHOUSE_LOG_LEVEL", "  "),
            ("ROUNDHOUSE_GUILD_ID", "123456789012345678"),
        ])
        .apply(&mut settings)
        .unwrap();
        assert_eq!(settings["database"].as_str(), Some("/data/roundhouse.db"));
        assert_eq!(settings["log_level"].as_str(), Some("debug"));
        assert_eq!(
            settings["guild_id"].as_integer(),
            Some(123_456_789_012_345_678)
        );
    }

    #[test]
    fn an_id_that_is_not_digits_is_refused_by_the_variables_name() {
        let mut settings = toml::Table::new();
        let err = environment(&[("ROUNDHOUSE_GUILD_ID", "my-server")])
            .apply(&mut settings)
            .unwrap_err();
        assert!(
            err.contains("ROUNDHOUSE_GUILD_ID") && err.contains("my-server"),
            "{err}"
        );
        assert!(settings.is_empty(), "nothing applied: {settings:?}");
    }

    #[test]
    fn a_shard_range_is_read_as_the_shards_table() {
        let mut settings = toml::Table::new();
        environment(&[("ROUNDHOUSE_SHARDS", "2-3/8")])
            .apply(&mut settings)
            .unwrap();
        let shards = &settings["shards"];
        assert_eq!(shards["total"].as_integer(), Some(8));
        assert_eq!(shards["first"].as_integer(), Some(2));
        assert_eq!(shards["last"].as_integer(), Some(3));
        environment(&[("ROUNDHOUSE_SHARDS", "1/2")])
            .apply(&mut settings)
            .unwrap();
        assert_eq!(settings["shards"]["first"].as_integer(), Some(1));
        assert_eq!(settings["shards"]["last"].as_integer(), Some(1));
        for bad in ["8", "a-b/8", "0-1/", "-1/2"] {
            let err = environment(&[("ROUNDHOUSE_SHARDS", bad)])
                .apply(&mut toml::Table::new())
                .unwrap_err();
            assert!(
                err.contains("ROUNDHOUSE_SHARDS") && err.contains("FIRST-LAST/TOTAL"),
                "{err}"
            );
        }
    }

    #[test]
    fn every_variable_is_documented_beside_its_setting() {
        let example = include_str!("../../../config.example.toml");
        let readme = include_str!("../../../README.md");
        for variable in VARIABLES {
            let listed = example
                .lines()
                .any(|line| line.contains(variable.name) && line.contains(variable.setting));
            assert!(listed, "config.example.toml lists {variable:?}");
            assert!(
                readme.contains(variable.name),
                "the README names {variable:?}"
            );
        }
    }
}
