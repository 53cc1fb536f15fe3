//! Discord's rate limits as the fake applies them
//! (<https://discord.com/developers/docs/topics/rate-limits>).
//!
//! - Every answer on a route carries the headers of "Header Format": `X-RateLimit-Limit`,
//!   `-Remaining`, `-Reset` (epoch seconds), `-Reset-After` (seconds) and `-Bucket`, for the route's
//!   bucket. A bucket is the method and the path with its ids left out, counted apart for each
//!   top-level resource (channel, guild, webhook or interaction), as "Per-route rate limits" says.
//!   Buckets allow [`DEFAULT_LIMIT`] requests per [`DEFAULT_WINDOW`] unless a test sets tighter ones
//!   ([`super::FakeDiscord::route_limit`]); a request past the limit gets a 429.
//! - A storm ([`super::FakeDiscord::rate_limit`], [`super::FakeDiscord::global_rate_limit`]) answers
//!   the next requests with 429 whatever the counts say. The global limit is the bot's, so it spares
//!   the interaction and webhook routes, which the bot reaches with the interaction's token ("Global
//!   Rate Limit": interaction endpoints are not bound to it).
//! - A 429 is "Exceeding A Rate Limit": the body `{message, retry_after (seconds, a float), global}`,
//!   the `Retry-After` header (whole seconds, rounded up) and `X-RateLimit-Scope` (`user` for a
//!   route, `global` with `X-RateLimit-Global: true` for the global limit). A request sent before the
//!   announced wait has passed gets another 429 and is recorded as unexpected: the bot must wait as
//!   told.

use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::time::{Duration, Instant};

use serde_json::json;

use super::{Response, unix_ms};

/// Requests a bucket allows per window unless a test says otherwise (generous: the tests' traffic
/// never meets it by accident).
const DEFAULT_LIMIT: u32 = 50;
/// See [`DEFAULT_LIMIT`].
const DEFAULT_WINDOW: Duration = Duration::from_secs(1);

/// Why a request is answered with 429.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Scope {
    /// A route's limit (`X-RateLimit-Scope: user`).
    Route,
    /// The bot's limit over all routes (`X-RateLimit-Scope: global`).
    Global,
}

/// 429s asked for by a test, on routes starting with `route` (all routes for the global limit).
struct Storm {
    route: String,
    scope: Scope,
    /// How many more requests get a 429.
    remaining: usize,
    /// How many requests got one.
    served: usize,
    retry_after: Duration,
    /// Until when the last 429 asked the bot to wait, per bucket (one entry for the global limit).
    until: HashMap<String, Instant>,
}

/// One bucket's window.
struct Bucket {
    limit: u32,
    window: Duration,
    started: Instant,
    used: u32,
}

/// The fake's rate limits: buckets, limits set by tests and storms.
#[derive(Default)]
pub(super) struct RateLimits {
    buckets: HashMap<String, Bucket>,
    /// `(route prefix, limit, window)` set by tests, the latest first.
    route_limits: Vec<(String, u32, Duration)>,
    storms: Vec<Storm>,
}

/// What the fake does with a request as far as rate limits go.
pub(super) enum Verdict {
    /// Serve it and add these headers to the answer.
    Serve(Vec<(&'static str, String)>),
    /// Answer with this 429; the text, if any, says how the bot broke the rules.
    Limited(Response, Option<String>),
}

impl RateLimits {
    /// Sets `limit` requests per `window` for the buckets of requests starting with `route`.
    pub(super) fn set_route_limit(&mut self, route: &str, limit: u32, window: Duration) {
        self.route_limits
            .insert(0, (route.to_owned(), limit, window));
        self.buckets.clear();
    }

    /// Adds a storm of `times` 429s on `route` (the global limit when `global`).
    pub(super) fn add_storm(&mut self, route: &str, global: bool, times: usize, wait: Duration) {
        self.storms.push(Storm {
            route: route.to_owned(),
            scope: if global { Scope::Global } else { Scope::Route },
            remaining: times,
            served: 0,
            retry_after: wait,
            until: HashMap::new(),
        });
    }

    /// How many 429s the storms on `route` (`""` with `global`) have given.
    pub(super) fn storm_served(&self, route: &str, global: bool) -> usize {
        self.storms
            .iter()
            .filter(|s| s.route == route && (s.scope == Scope::Global) == global)
            .map(|s| s.served)
            .sum()
    }

    /// The verdict on `request` (`METHOD /path` under `/api/v10`), counting it in its bucket;
    /// `by_token` when it is made with an interaction's token rather than the bot's.
    pub(super) fn check(&mut self, request: &str, by_token: bool) -> Verdict {
        let now = Instant::now();
        let (bucket, major) = bucket_of(request);
        let key = format!("{bucket}:{major}");
        for storm in &mut self.storms {
            if !request.starts_with(&storm.route) || (storm.scope == Scope::Global && by_token) {
                continue;
            }
            let slot = match storm.scope {
                Scope::Global => String::new(),
                Scope::Route => key.clone(),
            };
            let early = storm.until.get(&slot).is_some_and(|&until| now < until);
            if !early && storm.remaining == 0 {
                continue;
            }
            if !early {
                storm.remaining -= 1;
            }
            storm.served += 1;
            storm.until.insert(slot, now + storm.retry_after);
            let response = too_many(storm.scope, DEFAULT_LIMIT, &bucket, storm.retry_after);
            let broke = early.then(|| {
                format!(
                    "{request}: sent before the announced retry_after of {} s had passed",
                    storm.retry_after.as_secs_f64()
                )
            });
            return Verdict::Limited(response, broke);
        }
        let (limit, window) = self
            .route_limits
            .iter()
            .find(|(route, _, _)| request.starts_with(route.as_str()))
            .map_or((DEFAULT_LIMIT, DEFAULT_WINDOW), |&(_, limit, window)| {
                (limit, window)
            });
        let counted = self.buckets.entry(key).or_insert(Bucket {
            limit,
            window,
            started: now,
            used: 0,
        });
        if now >= counted.started + counted.window {
            counted.started = now;
            counted.used = 0;
        }
        let reset_after = (counted.started + counted.window).saturating_duration_since(now);
        if counted.used >= counted.limit {
            let response = too_many(Scope::Route, counted.limit, &bucket, reset_after);
            return Verdict::Limited(response, None);
        }
        counted.used += 1;
        Verdict::Serve(headers(
            counted.limit,
            counted.limit - counted.used,
            reset_after,
            &bucket,
        ))
    }
}

/// The bucket of `request` (a hash of its method and path with ids left out, as Discord's
/// `X-RateLimit-Bucket`) and its top-level resource.
fn bucket_of(request: &str) -> (String, String) {
    let segments: Vec<&str> = request.split('/').collect();
    let top_level = matches!(
        segments.get(1),
        Some(&("channels" | "guilds" | "webhooks" | "interactions"))
    );
    let mut major = String::new();
    let mut shape = Vec::new();
    for (index, segment) in segments.iter().enumerate() {
        let id = segment.parse::<u64>().is_ok() || segment.len() > 32;
        if top_level && (index == 2 || (index == 3 && segments[1] != "channels" && id)) {
            major.push_str(segment);
            major.push('/');
            shape.push("{major}");
        } else if id {
            shape.push("{id}");
        } else {
            shape.push(segment);
        }
    }
    let mut hasher = DefaultHasher::new();
    shape.join("/").hash(&mut hasher);
    (format!("{:016x}", hasher.finish()), major)
}

/// The rate limit headers of an answer served from a bucket.
fn headers(
    limit: u32,
    remaining: u32,
    reset_after: Duration,
    bucket: &str,
) -> Vec<(&'static str, String)> {
    let seconds = reset_after.as_secs_f64();
    let reset = unix_ms() as f64 / 1000.0 + seconds;
    vec![
        ("x-ratelimit-limit", limit.to_string()),
        ("x-ratelimit-remaining", remaining.to_string()),
        ("x-ratelimit-reset", format!("{reset:.3}")),
        ("x-ratelimit-reset-after", format!("{seconds:.3}")),
        ("x-ratelimit-bucket", bucket.to_owned()),
    ]
}

/// A 429 asking to wait `wait` (for a route: in `bucket`, which allows `limit` per window).
fn too_many(scope: Scope, limit: u32, bucket: &str, wait: Duration) -> Response {
    let seconds = wait.as_secs_f64();
    let mut headers = match scope {
        Scope::Route => {
            let mut headers = headers(limit, 0, wait, bucket);
            headers.push(("x-ratelimit-scope", "user".to_owned()));
            headers
        }
        Scope::Global => vec![
            ("x-ratelimit-global", "true".to_owned()),
            ("x-ratelimit-scope", "global".to_owned()),
        ],
    };
    headers.push(("retry-after", format!("{}", seconds.ceil() as u64)));
    Response {
        status: 429,
        headers,
        body: Some(json!({
            "message": "You are being rate limited.",
            "retry_after": seconds,
            "global": scope == Scope::Global,
        })),
        hang_up: false,
    }
}
