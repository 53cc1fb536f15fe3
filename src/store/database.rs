//! Which database a store opens: a SQLite file (the default) or a PostgreSQL server.

use std::fmt;
use std::path::PathBuf;

/// Where the data lives.
#[derive(Clone, PartialEq, Eq)]
pub enum Database {
    /// A SQLite file, created with its folders if missing.
    Sqlite(PathBuf),
    /// A PostgreSQL server, as a connection URL (`postgres://user@host:5432/name`).
    Postgres(String),
}

impl Database {
    /// Reads a setting: a `postgres://` or `postgresql://` URL names a server, anything else a file
    /// (which may be written `sqlite:PATH`, to say so).
    pub fn parse(setting: &str) -> Database {
        if let Some(path) = setting.strip_prefix("sqlite:") {
            return Database::Sqlite(PathBuf::from(path));
        }
        let is_url = ["postgres://", "postgresql://"]
            .iter()
            .any(|scheme| setting.starts_with(scheme));
        if is_url {
            Database::Postgres(setting.to_owned())
        } else {
            Database::Sqlite(PathBuf::from(setting))
        }
    }
}

impl From<PathBuf> for Database {
    fn from(path: PathBuf) -> Self {
        Database::Sqlite(path)
    }
}

/// Shows the file, or the URL without its password (a URL may carry one, and settings get logged).
impl fmt::Debug for Database {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Database::Sqlite(path) => write!(f, "{}", path.display()),
            Database::Postgres(url) => write!(f, "{}", without_password(url)),
        }
    }
}

/// `url` with the password between `user:` and `@` replaced by `***`.
fn without_password(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_owned();
    };
    let authority_end = rest.find('/').unwrap_or(rest.len());
    match rest[..authority_end].rfind('@') {
        Some(at) => match rest[..at].split_once(':') {
            Some((user, _)) => format!("{scheme}://{user}:***{}", &rest[at..]),
            None => url.to_owned(),
        },
        None => url.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_name_servers_and_everything_else_names_a_file() {
        assert_eq!(
            Database::parse("postgres://rh@db:5432/rh"),
            Database::Postgres("postgres://rh@db:5432/rh".into())
        );
        assert_eq!(
            Database::parse("postgresql://db/rh"),
            Database::Postgres("postgresql://db/rh".into())
        );
        assert_eq!(
            Database::parse("sqlite:data/old.db"),
            Database::Sqlite(PathBuf::from("data/old.db"))
        );
        assert_eq!(
            Database::parse("data/postgres.db"),
            Database::Sqlite(PathBuf::from("data/postgres.db"))
        );
    }

    #[test]
    fn a_password_never_shows() {
        let shown = format!(
            "{:?}",
            Database::parse("postgres://rh:s3cret@db:5432/rh?x=1")
        );
        assert_eq!(shown, "postgres://rh:***@db:5432/rh?x=1");
        let shown = format!("{:?}", Database::parse("postgres://rh@db/rh"));
        assert_eq!(shown, "postgres://rh@db/rh");
    }
}
