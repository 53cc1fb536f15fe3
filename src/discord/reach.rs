//! The check `serve` makes before it opens or creates anything: can Discord be reached, and does it take
//! the token? A failure says what could not be reached and what to look at, instead of serenity's bare
//! "Error while sending HTTP request.".

use poise::serenity_prelude as serenity;

use super::ServeError;

/// Where Discord's REST API is reached when no proxy is configured.
const DISCORD_API: &str = "https://discord.com/api/v10";

/// Asks Discord who the bot is (`GET /users/@me`, the cheapest request a bot token answers), through
/// `api_url` when one is configured.
pub(super) async fn check(http: &serenity::Http, api_url: Option<&str>) -> Result<(), ServeError> {
    let failure = match http.get_current_user().await {
        Ok(_) => return Ok(()),
        Err(failure) => failure,
    };
    let target = api_url.map_or_else(
        || format!("Discord's API at {DISCORD_API}"),
        |url| format!("the Discord API proxy at {url} (`api_url`)"),
    );
    let message = match &failure {
        serenity::Error::Http(serenity::HttpError::Request(error)) => {
            let what_to_check = match api_url {
                Some(_) => "check that the proxy runs and listens there, and that `api_url` names it \
                            (scheme, host and port)"
                    .to_owned(),
                None => "check that this machine is online, that it can resolve and connect to \
                         discord.com on port 443 (DNS, a firewall, an HTTPS proxy), and that its clock \
                         is right (TLS refuses a wrong one)"
                    .to_owned(),
            };
            format!(
                "cannot reach {target}: {}; {what_to_check}. Nothing was started and no database was \
                 opened",
                causes(error)
            )
        }
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response))
            if response.status_code.as_u16() == 401 =>
        {
            format!(
                "{target} refused the token (401 Unauthorized): check DISCORD_TOKEN (or `token` in the \
                 config file); it must be the bot's whole token from the Developer Portal (Bot, Reset \
                 Token), without quotes or spaces. Nothing was started and no database was opened"
            )
        }
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response)) => format!(
            "{target} answered the connection check with {} ({}). Nothing was started and no \
             database was opened",
            response.status_code, response.error.message
        ),
        other => format!(
            "the connection check with {target} failed: {other}. Nothing was started and no \
             database was opened"
        ),
    };
    Err(ServeError::Unreachable(message))
}

/// An error and every cause under it, joined: "error sending request for url (…): client error
/// (Connect): tcp connect error: Connection refused (os error 111)".
fn causes(error: &(dyn std::error::Error + 'static)) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        let line = cause.to_string();
        if !text.contains(&line) {
            text.push_str(": ");
            text.push_str(&line);
        }
        source = cause.source();
    }
    text
}
