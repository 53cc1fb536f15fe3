//! Discord's own description of its HTTP API, as the fake Discord's referee.
//!
//! `tests/data/discord-api/openapi.json` is the part of Discord's OpenAPI description
//! (`discord/discord-api-spec`, MIT; licence beside it) that covers the routes in [`ROUTES`]: their
//! operations and every component they refer to, cut from the full description by [`subset`] (the
//! test `discord_api::the_kept_description_is_cut_from_the_shared_one` checks it against
//! `../shared/discord-api-spec/` and rewrites it when `ROUNDHOUSE_WRITE_DISCORD_API` is set).
//!
//! The fake asks [`check_request`] about every request the bot makes (the route and method exist,
//! path and query parameters and the body validate against the operation's schemas, which carry
//! Discord's limits on content, components and files) and [`check_response`] about every answer it
//! gives (the body validates against the response schema for its status), so neither the bot nor the
//! fake can drift from what Discord documents.

use std::collections::{BTreeSet, HashMap};
use std::sync::{Mutex, OnceLock};

use jsonschema::Validator;
use serde_json::{Map, Value, json};

/// The routes the bot calls (method, path template as Discord's description writes it). A request to
/// any other route is a finding.
pub const ROUTES: &[(&str, &str)] = &[
    ("GET", "/gateway"),
    ("GET", "/gateway/bot"),
    ("GET", "/users/@me"),
    ("GET", "/oauth2/applications/@me"),
    ("GET", "/applications/{application_id}/commands"),
    ("PUT", "/applications/{application_id}/commands"),
    (
        "GET",
        "/applications/{application_id}/guilds/{guild_id}/commands",
    ),
    (
        "PUT",
        "/applications/{application_id}/guilds/{guild_id}/commands",
    ),
    (
        "POST",
        "/interactions/{interaction_id}/{interaction_token}/callback",
    ),
    ("POST", "/webhooks/{webhook_id}/{webhook_token}"),
    (
        "GET",
        "/webhooks/{webhook_id}/{webhook_token}/messages/@original",
    ),
    (
        "PATCH",
        "/webhooks/{webhook_id}/{webhook_token}/messages/@original",
    ),
    (
        "PATCH",
        "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}",
    ),
    ("GET", "/channels/{channel_id}/messages"),
    ("POST", "/channels/{channel_id}/messages"),
    ("GET", "/channels/{channel_id}/messages/{message_id}"),
    ("PATCH", "/channels/{channel_id}/messages/{message_id}"),
];

/// The kept description, as committed.
const KEPT: &str = include_str!("../data/discord-api/openapi.json");

/// Where Discord's documentation, which wins where the two differ, allows what the description does
/// not: (JSON pointer into the kept description, the schema the documentation gives, the page).
const DOCUMENTED_DIFFERENCES: &[(&str, &str, &str)] = &[(
    // "attachments": [{"id": 0, ...}]: a new upload's attachment is named by its file's index, a
    // number, where the description asks for a snowflake string.
    "/components/schemas/MessageAttachmentRequest/properties/id",
    r##"{"oneOf": [{"$ref": "#/components/schemas/SnowflakeType"}, {"type": "integer", "minimum": 0, "maximum": 9}]}"##,
    "https://discord.com/developers/docs/reference#uploading-files",
)];

/// The kept description with the [`DOCUMENTED_DIFFERENCES`] applied, parsed once.
pub fn kept() -> &'static Value {
    static KEPT_VALUE: OnceLock<Value> = OnceLock::new();
    KEPT_VALUE.get_or_init(|| {
        let mut kept: Value =
            serde_json::from_str(KEPT).expect("the kept Discord description is JSON");
        for (pointer, schema, _page) in DOCUMENTED_DIFFERENCES {
            *kept
                .pointer_mut(pointer)
                .unwrap_or_else(|| panic!("{pointer} is not in the kept description")) =
                serde_json::from_str(schema).expect("a documented difference is JSON");
        }
        kept
    })
}

/// The part of a full OpenAPI description that [`ROUTES`] need: those operations (with their path's
/// shared parameters) and, transitively, every component they refer to.
pub fn subset(full: &Value) -> Result<Value, String> {
    let mut paths = Map::new();
    for (method, template) in ROUTES {
        let path = full["paths"]
            .get(*template)
            .ok_or_else(|| format!("{template} is not in the description"))?;
        let operation = path
            .get(method.to_ascii_lowercase())
            .ok_or_else(|| format!("{method} {template} is not in the description"))?;
        let entry = paths
            .entry(template.to_string())
            .or_insert_with(|| json!({}));
        if let Some(shared) = path.get("parameters") {
            entry["parameters"] = shared.clone();
        }
        entry[method.to_ascii_lowercase()] = operation.clone();
    }
    let paths = Value::Object(paths);
    let mut wanted = BTreeSet::new();
    let mut queue = Vec::new();
    collect_refs(&paths, &mut queue);
    while let Some(reference) = queue.pop() {
        if !wanted.insert(reference.clone()) {
            continue;
        }
        let target = full
            .pointer(reference.trim_start_matches('#'))
            .ok_or_else(|| format!("{reference} does not resolve"))?;
        collect_refs(target, &mut queue);
    }
    let mut components = json!({});
    for reference in &wanted {
        let mut steps = reference.trim_start_matches("#/").split('/');
        let (Some("components"), Some(kind), Some(name), None) =
            (steps.next(), steps.next(), steps.next(), steps.next())
        else {
            return Err(format!("{reference} is not a component"));
        };
        components[kind][name] = full
            .pointer(&reference[1..])
            .cloned()
            .unwrap_or(Value::Null);
    }
    Ok(json!({
        "openapi": full["openapi"],
        "info": full["info"],
        "x-roundhouse-note": "Cut by tests/support/fake_discord_api.rs from Discord's OpenAPI description \
            (discord/discord-api-spec, MIT: see LICENSE beside this file); only the routes the bot calls.",
        "paths": paths,
        "components": components,
    }))
}

fn collect_refs(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::Object(object) => {
            for (key, item) in object {
                match (key.as_str(), item) {
                    ("$ref", Value::String(reference)) => out.push(reference.clone()),
                    _ => collect_refs(item, out),
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|item| collect_refs(item, out)),
        _ => {}
    }
}

/// A concrete request as the fake parsed it.
pub struct ApiRequest<'a> {
    /// `GET`, `POST`, …
    pub method: &'a str,
    /// The path under `/api/v10`, with its leading slash and without the query.
    pub path: &'a str,
    /// The query's `name=value` pairs, as sent.
    pub query: &'a [(String, String)],
    /// The body's media type (`application/json`, `multipart/form-data`), if it has a body.
    pub media_type: Option<&'a str>,
    /// The JSON body (for multipart, its `payload_json`), `Null` when there is none.
    pub body: &'a Value,
    /// The multipart field names of attached files (`files[0]`, …).
    pub file_fields: &'a [String],
}

/// The operation a request calls: its path template, if Discord describes that route for that method.
fn operation_of(method: &str, path: &str) -> Option<(&'static str, String)> {
    let method = method.to_ascii_lowercase();
    let segments: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    let mut best: Option<(usize, &str)> = None;
    for (template, item) in kept()["paths"].as_object()? {
        if item.get(&method).is_none() {
            continue;
        }
        let parts: Vec<&str> = template.trim_start_matches('/').split('/').collect();
        if parts.len() != segments.len() {
            continue;
        }
        let mut literal = 0;
        let fits = parts.iter().zip(&segments).all(|(part, segment)| {
            if part.starts_with('{') {
                !segment.is_empty()
            } else {
                literal += 1;
                part == segment
            }
        });
        if fits && best.is_none_or(|(most, _)| literal > most) {
            best = Some((literal, template.as_str()));
        }
    }
    best.map(|(_, template)| (template, method))
}

/// Why Discord's description refuses a request.
#[derive(Debug)]
pub enum Refused {
    /// No route the bot is known to call ([`ROUTES`]) has this path and method.
    UnknownRoute(String),
    /// The route exists; these parameters or body fields break its schemas.
    Invalid(Vec<String>),
}

/// Checks `request` against Discord's description.
pub fn check_request(request: &ApiRequest<'_>) -> Result<(), Refused> {
    let Some((template, method)) = operation_of(request.method, request.path) else {
        return Err(Refused::UnknownRoute(format!(
            "{} {} is not a route Discord describes, or not one the bot is known to call (ROUTES)",
            request.method, request.path
        )));
    };
    let item = &kept()["paths"][template];
    let operation = &item[&method];
    let mut problems = Vec::new();
    let parameters: Vec<&Value> = item["parameters"]
        .as_array()
        .into_iter()
        .chain(operation["parameters"].as_array())
        .flatten()
        .collect();
    let parts: Vec<&str> = template.trim_start_matches('/').split('/').collect();
    let segments: Vec<&str> = request.path.trim_start_matches('/').split('/').collect();
    for (part, segment) in parts.iter().zip(&segments) {
        if let Some(name) = part.strip_prefix('{').and_then(|p| p.strip_suffix('}'))
            && let Some(parameter) = parameters
                .iter()
                .find(|p| p["name"] == name && p["in"] == "path")
        {
            problems.extend(check_parameter(template, &method, parameter, segment));
        }
    }
    for (name, value) in request.query {
        match parameters
            .iter()
            .find(|p| p["name"] == *name && p["in"] == "query")
        {
            Some(parameter) => {
                problems.extend(check_parameter(template, &method, parameter, value))
            }
            None => problems.push(format!(
                "query parameter `{name}` is not one {method} {template} takes"
            )),
        }
    }
    let body = &operation["requestBody"];
    match request.media_type {
        None => {
            if body["required"] == true {
                problems.push(format!("{method} {template} needs a body"));
            }
        }
        Some(media_type) => {
            let pointer = format!(
                "/paths/{}/{method}/requestBody/content/{}/schema",
                escape(template),
                escape(media_type)
            );
            if kept().pointer(&pointer).is_none() {
                problems.push(format!("{method} {template} takes no {media_type} body"));
            } else {
                let mut instance = request.body.clone();
                if media_type == "multipart/form-data" {
                    for field in request.file_fields {
                        if let Value::Object(object) = &mut instance {
                            object.insert(field.clone(), json!("(file)"));
                        }
                    }
                }
                problems.extend(validate(&pointer, &instance, "request body"));
            }
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(Refused::Invalid(problems))
    }
}

/// What is wrong with an answer of `status` and `body` to `method path` by Discord's description;
/// empty when nothing is.
pub fn check_response(method: &str, path: &str, status: u16, body: Option<&Value>) -> Vec<String> {
    let Some((template, method)) = operation_of(method, path) else {
        return Vec::new();
    };
    let responses = &kept()["paths"][template][&method]["responses"];
    let class = format!("{}XX", status / 100);
    let Some((key, response)) = [status.to_string(), class, "default".to_string()]
        .into_iter()
        .find_map(|key| responses.get(&key).map(|r| (key, r)))
    else {
        return vec![format!(
            "{method} {template} is not described as answering {status}"
        )];
    };
    let response = resolve(response);
    let described = response["content"]["application/json"]["schema"].is_object();
    match (body, described) {
        (None, false) => Vec::new(),
        (None, true) if status == 204 => Vec::new(),
        (None, true) => vec![format!(
            "{method} {template} answers {status} with a JSON body, none was sent"
        )],
        (Some(_), false) => vec![format!(
            "{method} {template} answers {status} without a body"
        )],
        (Some(body), true) => {
            let pointer = match response_ref(responses, &key) {
                Some(component) => format!("{component}/content/application~1json/schema"),
                None => format!(
                    "/paths/{}/{method}/responses/{key}/content/application~1json/schema",
                    escape(template)
                ),
            };
            validate(&pointer, body, &format!("{status} answer"))
        }
    }
}

/// The component a response refers to (`/components/responses/X`), if it is a reference.
fn response_ref(responses: &Value, key: &str) -> Option<String> {
    responses[key]["$ref"]
        .as_str()
        .map(|r| r.trim_start_matches('#').to_string())
}

/// A response object, its `$ref` followed.
fn resolve(value: &Value) -> &Value {
    match value["$ref"].as_str() {
        Some(reference) => kept()
            .pointer(reference.trim_start_matches('#'))
            .unwrap_or(&Value::Null),
        None => value,
    }
}

fn check_parameter(template: &str, method: &str, parameter: &Value, text: &str) -> Vec<String> {
    let name = parameter["name"].as_str().unwrap_or("?");
    let schema = parameter["schema"].clone();
    let declared = match schema["$ref"].as_str() {
        Some(reference) => kept().pointer(reference.trim_start_matches('#')).cloned(),
        None => Some(schema.clone()),
    };
    let instance = match declared.as_ref().and_then(|s| s["type"].as_str()) {
        Some("integer") => match text.parse::<i64>() {
            Ok(n) => json!(n),
            Err(_) => {
                return vec![format!(
                    "{method} {template}: `{name}` must be an integer, not {text:?}"
                )];
            }
        },
        Some("boolean") => match text {
            "true" => json!(true),
            "false" => json!(false),
            _ => {
                return vec![format!(
                    "{method} {template}: `{name}` must be true or false, not {text:?}"
                )];
            }
        },
        _ => json!(text),
    };
    let key = format!("parameter {method} {template} {name}");
    validate_schema(&key, &schema, &instance, &format!("`{name}`"))
}

fn escape(step: &str) -> String {
    step.replace('~', "~0").replace('/', "~1")
}

/// Validates `instance` against the schema at `pointer` in the kept description.
fn validate(pointer: &str, instance: &Value, what: &str) -> Vec<String> {
    let Some(schema) = kept().pointer(pointer) else {
        return vec![format!("no schema at {pointer}")];
    };
    validate_schema(pointer, schema, instance, what)
}

/// Validates `instance` against `schema` (whose `$ref`s point into the kept description), compiled
/// once per `key`.
fn validate_schema(key: &str, schema: &Value, instance: &Value, what: &str) -> Vec<String> {
    static COMPILED: OnceLock<Mutex<HashMap<String, &'static Validator>>> = OnceLock::new();
    let compiled = COMPILED.get_or_init(Default::default);
    let cached = compiled.lock().unwrap().get(key).copied();
    let validator = match cached {
        Some(validator) => validator,
        None => {
            let document = json!({
                "$schema": "https://json-schema.org/draft/2020-12/schema",
                "components": kept()["components"],
                "allOf": [schema],
            });
            let built = match jsonschema::options().build(&document) {
                Ok(built) => built,
                Err(why) => return vec![format!("the schema for {key} does not compile: {why}")],
            };
            let leaked: &'static Validator = Box::leak(Box::new(built));
            *compiled
                .lock()
                .unwrap()
                .entry(key.to_string())
                .or_insert(leaked)
        }
    };
    validator
        .iter_errors(instance)
        .map(|error| {
            let text = error.to_string();
            let short: String = text.chars().take(300).collect();
            let cut = if short.len() < text.len() { "…" } else { "" };
            format!("{what} at `{}`: {short}{cut}", error.instance_path())
        })
        .collect()
}
