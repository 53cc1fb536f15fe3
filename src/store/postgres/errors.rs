//! PostgreSQL's errors as [`StoreError`]s, and the server named without its password.

use ::postgres::Config;
use ::postgres::config::Host;
use ::postgres::error::SqlState;

use crate::store::StoreError;

impl From<::postgres::Error> for StoreError {
    fn from(error: ::postgres::Error) -> Self {
        let text = text_of(&error);
        if error.code() == Some(&SqlState::QUERY_CANCELED) {
            StoreError::TooSlow(text)
        } else if unreachable(&error) {
            StoreError::Unreachable(text)
        } else {
            StoreError::Database(text)
        }
    }
}

/// The error with the server's own message (the client's `Display` says only "db error").
fn text_of(error: &::postgres::Error) -> String {
    match (error.as_db_error(), std::error::Error::source(error)) {
        (Some(db), _) => db.to_string(),
        (None, Some(cause)) => format!("{error}: {cause}"),
        (None, None) => error.to_string(),
    }
}

/// Whether the error means the server could not be reached or dropped the connection, rather than that
/// it refused the query: the same command may work in a moment.
fn unreachable(error: &::postgres::Error) -> bool {
    match error.code() {
        Some(code) => {
            code.code().starts_with("08")
                || [
                    SqlState::ADMIN_SHUTDOWN,
                    SqlState::CRASH_SHUTDOWN,
                    SqlState::CANNOT_CONNECT_NOW,
                    SqlState::TOO_MANY_CONNECTIONS,
                ]
                .contains(code)
        }
        None => {
            error.is_closed()
                || std::error::Error::source(error)
                    .is_some_and(|cause| cause.is::<std::io::Error>())
        }
    }
}

/// Whether the error is a unique constraint refusing a row.
pub(super) fn is_unique_violation(error: &::postgres::Error) -> bool {
    error.code() == Some(&SqlState::UNIQUE_VIOLATION)
}

/// `user@host:port/database` of `config`, for messages (a password is never shown).
pub(super) fn describe_target(config: &Config) -> String {
    let host = match config.get_hosts().first() {
        Some(Host::Tcp(name)) => name.clone(),
        Some(Host::Unix(path)) => path.display().to_string(),
        None => "localhost".into(),
    };
    let port = config.get_ports().first().copied().unwrap_or(5432);
    let user = config
        .get_user()
        .map(|u| format!("{u}@"))
        .unwrap_or_default();
    let name = config.get_dbname().unwrap_or("");
    format!("postgres://{user}{host}:{port}/{name}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_server_that_does_not_answer_is_unreachable_not_a_refusal() {
        // Port 1 on loopback: nothing listens there, so the connection is refused at once.
        let config = "host=127.0.0.1 port=1 user=roundhouse connect_timeout=2";
        let error = ::postgres::Client::connect(config, ::postgres::NoTls)
            .err()
            .expect("nothing listens on port 1");
        assert!(matches!(
            StoreError::from(error),
            StoreError::Unreachable(_)
        ));
    }

    #[test]
    fn the_server_is_named_without_its_password() {
        let config: Config = "postgres://rh:s3cret@db.internal:6543/games"
            .parse()
            .unwrap();
        assert_eq!(
            describe_target(&config),
            "postgres://rh@db.internal:6543/games"
        );
    }
}
