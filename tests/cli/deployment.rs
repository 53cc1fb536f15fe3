//! Deployment as documented: the Dockerfile (read here, since the test machines have no Docker engine)
//! and `serve` started the way a container starts it, without a config file.

use std::path::Path;
use std::process::{Command, Output, Stdio};

use crate::run::text;

const DOCKERFILE: &str = include_str!("../../Dockerfile");

/// One Dockerfile instruction: its keyword (upper case) and its arguments, continuation lines joined.
#[derive(Debug)]
struct Instruction {
    keyword: String,
    arguments: String,
}

/// The instructions of `text`, comments and blank lines left out.
fn instructions(text: &str) -> Vec<Instruction> {
    let mut joined = Vec::new();
    let mut current = String::new();
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('#') || (line.is_empty() && current.is_empty()) {
            continue;
        }
        match line.strip_suffix('\\') {
            Some(part) => {
                current.push_str(part);
                current.push(' ');
            }
            None => {
                current.push_str(line);
                joined.push(std::mem::take(&mut current));
            }
        }
    }
    joined
        .into_iter()
        .filter_map(|line| {
            let (keyword, arguments) = line.split_once(char::is_whitespace)?;
            Some(Instruction {
                keyword: keyword.to_ascii_uppercase(),
                arguments: arguments.trim().to_owned(),
            })
        })
        .collect()
}

/// The instructions of each build stage (each `FROM` starts one).
fn stages() -> Vec<Vec<Instruction>> {
    let mut stages: Vec<Vec<Instruction>> = Vec::new();
    for instruction in instructions(DOCKERFILE) {
        if instruction.keyword == "FROM" {
            stages.push(Vec::new());
        }
        stages
            .last_mut()
            .expect("the Dockerfile starts with FROM")
            .push(instruction);
    }
    stages
}

/// The arguments of the last `keyword` instruction of `stage`.
fn last<'a>(stage: &'a [Instruction], keyword: &str) -> &'a str {
    stage
        .iter()
        .rev()
        .find(|i| i.keyword == keyword)
        .map(|i| i.arguments.as_str())
        .unwrap_or_else(|| panic!("no {keyword} in {stage:?}"))
}

#[test]
fn the_dependencies_are_built_in_a_layer_before_the_sources_are_copied() {
    let stages = stages();
    let build = &stages[0];
    let position = |wanted: &dyn Fn(&Instruction) -> bool| build.iter().position(wanted);
    let first_build = position(&|i| i.keyword == "RUN" && i.arguments.contains("cargo build"))
        .expect("the build stage runs cargo build");
    let sources = position(&|i| i.keyword == "COPY" && i.arguments.starts_with("src "))
        .expect("the build stage copies src");
    assert!(
        first_build < sources,
        "dependencies build before `COPY src`: {build:#?}"
    );
    for copy in build[..first_build].iter().filter(|i| i.keyword == "COPY") {
        let sources: Vec<&str> = copy.arguments.split_whitespace().collect();
        let sources = &sources[..sources.len() - 1];
        assert!(
            sources
                .iter()
                .all(|s| s.ends_with("Cargo.toml") || s.ends_with("Cargo.lock")),
            "only manifests are copied before the dependencies are built: {copy:?}"
        );
    }
    assert!(
        build[sources..]
            .iter()
            .any(|i| i.keyword == "RUN" && i.arguments.contains("cargo build --release")),
        "the sources are built after they are copied"
    );
}

#[test]
fn the_image_runs_serve_as_a_numeric_user_that_owns_data_and_stops_on_sigterm() {
    let stages = stages();
    let image = stages.last().unwrap();
    let user = last(image, "USER");
    let ids: Vec<&str> = user.split(':').collect();
    assert!(
        ids.iter()
            .all(|id| !id.is_empty() && id.bytes().all(|b| b.is_ascii_digit())),
        "USER is numeric: {user}"
    );
    assert!(ids.iter().all(|id| *id != "0"), "USER is not root: {user}");
    let owner = format!("chown {} /data", user);
    assert!(
        image
            .iter()
            .any(|i| i.keyword == "RUN" && i.arguments.contains(&owner)),
        "/data belongs to {user}: {image:#?}"
    );
    assert_eq!(last(image, "STOPSIGNAL"), "SIGTERM");
    assert_eq!(last(image, "ENTRYPOINT"), r#"["roundhouse"]"#);
    let command = last(image, "CMD");
    assert_eq!(
        command, r#"["serve"]"#,
        "serve needs no config file in the image"
    );
    assert!(
        last(image, "ENV").contains("ROUNDHOUSE_DB=/data/"),
        "the database lives in the volume"
    );
    assert!(last(image, "VOLUME").contains("/data"));
}

/// Runs `roundhouse ARGS` in `dir` with only `env` of Roundhouse's own variables set.
fn serve_in(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_roundhouse"));
    command.args(args).current_dir(dir).stdin(Stdio::null());
    for variable in [
        "DISCORD_TOKEN",
        "ROUNDHOUSE_DB",
        "ROUNDHOUSE_DATABASE_URL",
        "ROUNDHOUSE_GUILD_ID",
        "ROUNDHOUSE_LOG_LEVEL",
    ] {
        command.env_remove(variable);
    }
    command.envs(env.iter().copied());
    command.output().expect("the binary runs")
}

/// The one line `roundhouse` printed on standard error, after it exited with 2.
fn one_line_failure(output: &Output) -> String {
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "stderr: {stderr}");
    assert!(output.stdout.is_empty(), "{}", text(&output.stdout));
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 1, "one line: {stderr}");
    assert!(lines[0].starts_with("roundhouse: "), "{stderr}");
    lines[0].to_owned()
}

#[test]
fn serve_without_a_config_file_or_a_token_asks_for_the_token() {
    let dir = tempfile::tempdir().unwrap();
    let line = one_line_failure(&serve_in(dir.path(), &["serve"], &[]));
    assert!(line.contains("DISCORD_TOKEN"), "{line}");
    assert!(
        !dir.path().join("roundhouse.db").exists(),
        "nothing is created before the settings are whole"
    );
}

#[test]
fn serve_with_a_named_config_file_that_is_missing_names_it() {
    let dir = tempfile::tempdir().unwrap();
    let token = "MTMwMDAwMDAwMDAwMDAwMDAwMg.GfAkEd.roundhouse-cli-test-not-a-real-token";
    let output = serve_in(
        dir.path(),
        &["serve", "--config", "missing.toml"],
        &[("DISCORD_TOKEN", token)],
    );
    let line = one_line_failure(&output);
    assert!(line.contains("cannot read missing.toml"), "{line}");
}

#[test]
fn a_bad_setting_in_the_environment_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let token = "MTMwMDAwMDAwMDAwMDAwMDAwMg.GfAkEd.roundhouse-cli-test-not-a-real-token";
    let output = serve_in(
        dir.path(),
        &["serve"],
        &[
            ("DISCORD_TOKEN", token),
            ("ROUNDHOUSE_GUILD_ID", "my-server"),
        ],
    );
    let line = one_line_failure(&output);
    assert!(line.contains("ROUNDHOUSE_GUILD_ID"), "{line}");
}

/// A well-formed token while Discord cannot be reached: one line naming what could not be reached and
/// what to check, and no database left behind (the check comes before the database is opened).
#[test]
fn serve_that_cannot_reach_discord_says_what_and_creates_no_database() {
    let dir = tempfile::tempdir().unwrap();
    // A loopback port that nothing listens on: bound, then let go.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let config = dir.path().join("roundhouse.toml");
    std::fs::write(&config, format!("api_url = \"http://127.0.0.1:{port}\"\n")).unwrap();
    let token = "MTMwMDAwMDAwMDAwMDAwMDAwMg.GfAkEd.roundhouse-cli-test-not-a-real-token";
    let output = serve_in(dir.path(), &["serve"], &[("DISCORD_TOKEN", token)]);
    let line = one_line_failure(&output);
    assert!(
        line.contains(&format!(
            "cannot reach the Discord API proxy at http://127.0.0.1:{port} (`api_url`)"
        )),
        "{line}"
    );
    assert!(line.contains("Connection refused"), "{line}");
    assert!(line.contains("check that the proxy runs"), "{line}");
    assert!(!line.contains(token), "{line}");
    assert!(
        !dir.path().join("roundhouse.db").exists(),
        "no database is created before Discord answers"
    );
}
