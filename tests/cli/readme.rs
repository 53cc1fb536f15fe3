//! Every command the README shows in a ```sh block works as written: each `cargo run --release -- ARGS`
//! runs as the built binary with the same ARGS, the same environment assignments and the same piped
//! standard input, in a fresh home and data folder, and must succeed with a sensible output (or, for
//! `serve` with the README's placeholder token, fail cleanly as documented; `web` must serve its index
//! page and stop cleanly on SIGTERM). Commands that cannot run
//! here are listed in `NOT_RUN` with the reason; any other command fails the test until it is run or
//! listed.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

const README: &str = include_str!("../../README.md");

/// Commands the README shows that this test does not run, and why.
const NOT_RUN: &[(&str, &str)] = &[
    (
        "cargo test --workspace --locked",
        "the test command itself: running it here would run this test again",
    ),
    (
        "docker run -d -v roundhouse:/data -e DISCORD_TOKEN=... roundhouse",
        "needs a Docker engine, which the test machines do not have",
    ),
];

/// What an interactive `play` reads: it leaves at once (the game is saved).
const PLAY_INPUT: &str = "quit\n";

/// One README command, taken apart the way the shell would.
#[derive(Debug)]
struct ShellCommand {
    /// The line as the README writes it.
    line: String,
    /// `NAME=value` assignments before the program.
    env: Vec<(String, String)>,
    /// What `echo '…' |` pipes in, with echo's newline.
    stdin: Option<String>,
    /// The program and its arguments.
    words: Vec<String>,
}

/// A word of a command line, or the pipe between two commands.
#[derive(Debug, PartialEq)]
enum Token {
    Word(String),
    Pipe,
}

/// Splits a command line into words and pipes, honouring single and double quotes and backslashes.
fn tokens(line: &str) -> Vec<Token> {
    let mut out = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            ' ' | '\t' => out.extend(word.take().map(Token::Word)),
            '|' => {
                out.extend(word.take().map(Token::Word));
                out.push(Token::Pipe);
            }
            '\'' => {
                let quoted: String = chars.by_ref().take_while(|&c| c != '\'').collect();
                word.get_or_insert_default().push_str(&quoted);
            }
            '"' => {
                let quoted: String = chars.by_ref().take_while(|&c| c != '"').collect();
                word.get_or_insert_default().push_str(&quoted);
            }
            '\\' => word.get_or_insert_default().extend(chars.next()),
            other => word.get_or_insert_default().push(other),
        }
    }
    out.extend(word.map(Token::Word));
    out
}

impl ShellCommand {
    /// Reads one line of a ```sh block.
    fn parse(line: &str) -> ShellCommand {
        let tokens = tokens(line);
        let (stdin, command) = match tokens.iter().position(|t| *t == Token::Pipe) {
            Some(pipe) => match &tokens[..pipe] {
                [Token::Word(echo), Token::Word(text)] if echo == "echo" => {
                    (Some(format!("{text}\n")), &tokens[pipe + 1..])
                }
                other => panic!("`{line}`: only `echo '…' |` may feed a command, not {other:?}"),
            },
            None => (None, &tokens[..]),
        };
        let mut words: Vec<String> = command
            .iter()
            .map(|token| match token {
                Token::Word(word) => word.clone(),
                Token::Pipe => panic!("`{line}`: one pipe at most"),
            })
            .collect();
        let assignments = words
            .iter()
            .take_while(|w| w.split_once('=').is_some_and(|(name, _)| is_variable(name)))
            .count();
        let env = words
            .drain(..assignments)
            .map(|w| {
                let (name, value) = w.split_once('=').expect("an assignment");
                (name.to_owned(), value.to_owned())
            })
            .collect();
        ShellCommand {
            line: line.to_owned(),
            env,
            stdin,
            words,
        }
    }

    /// The arguments of `cargo run --release -- ARGS`, if that is what the command is.
    fn roundhouse_args(&self) -> Option<&[String]> {
        match self.words.as_slice() {
            [cargo, run, release, dashes, args @ ..]
                if cargo == "cargo" && run == "run" && release == "--release" && dashes == "--" =>
            {
                Some(args)
            }
            _ => None,
        }
    }
}

fn is_variable(name: &str) -> bool {
    !name.is_empty()
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !name.starts_with(|c: char| c.is_ascii_digit())
}

/// Every command line in the README's ```sh blocks, in order.
fn readme_commands() -> Vec<ShellCommand> {
    let mut commands = Vec::new();
    let mut in_sh = false;
    let mut pending = String::new();
    for line in README.lines() {
        let trimmed = line.trim();
        if !in_sh {
            in_sh = trimmed == "```sh";
            continue;
        }
        if trimmed == "```" {
            in_sh = false;
            continue;
        }
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        match trimmed.strip_suffix('\\') {
            Some(start) => pending.push_str(start),
            None => {
                pending.push_str(trimmed);
                commands.push(ShellCommand::parse(&pending));
                pending.clear();
            }
        }
    }
    commands
}

/// Runs the binary with `command`'s arguments, environment and input, from the repository's root (where
/// the README's relative paths start), with a fresh home and data folder under `home`.
fn run(command: &ShellCommand, args: &[String], home: &Path) -> Output {
    let mut process = Command::new(env!("CARGO_BIN_EXE_roundhouse"));
    process
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("HOME", home)
        .env("XDG_DATA_HOME", home.join("data"))
        .env_remove("DISCORD_TOKEN")
        .env_remove("RUST_LOG")
        .envs(command.env.iter().map(|(k, v)| (k, v)))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = process.spawn().expect("the binary starts");
    let input = match (&command.stdin, args.first().map(String::as_str)) {
        (Some(piped), _) => piped.clone(),
        (None, Some("play")) => PLAY_INPUT.to_owned(),
        (None, _) => String::new(),
    };
    let mut stdin = child.stdin.take().expect("a stdin pipe");
    stdin
        .write_all(input.as_bytes())
        .expect("the input is written");
    drop(stdin);
    child.wait_with_output().expect("the binary runs")
}

/// Runs a `web` command as [`run`] runs the others, asks the site it serves for its index page, then
/// stops it with SIGTERM (as Ctrl-C or `docker stop` would); returns what was wrong, if anything.
fn serve_web(command: &ShellCommand, args: &[String], home: &Path) -> Option<String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_roundhouse"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("HOME", home)
        .env("XDG_DATA_HOME", home.join("data"))
        .env_remove("RUST_LOG")
        .envs(command.env.iter().map(|(k, v)| (k, v)))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut first = String::new();
    let mut stdout = std::io::BufReader::new(child.stdout.take().expect("a stdout pipe"));
    std::io::BufRead::read_line(&mut stdout, &mut first).expect("its output is read");
    let page = first
        .trim()
        .strip_prefix("The web site is on http://")
        .and_then(|rest| rest.split_once('/'))
        .map(|(addr, _)| index_page(addr));
    let _ = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status();
    let output = child.wait_with_output().expect("the binary ends");
    let stderr = String::from_utf8_lossy(&output.stderr);
    match page {
        None => Some(format!(
            "it did not say where the site is: {first}; stderr: {stderr}"
        )),
        Some(page) if !(page.starts_with("HTTP/1.1 200") && page.contains("Finished games")) => {
            Some(format!("its index page is not served:\n{page}"))
        }
        Some(_) if !output.status.success() => Some(format!(
            "SIGTERM did not stop it cleanly: {}; stderr: {stderr}",
            output.status
        )),
        Some(_) => None,
    }
}

/// The whole answer (status line, headers, page) of the site at `addr` to a GET of `/`.
fn index_page(addr: &str) -> String {
    let mut stream = std::net::TcpStream::connect(addr).expect("the site takes connections");
    stream
        .write_all(b"GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        .expect("the request is sent");
    let mut answer = String::new();
    std::io::Read::read_to_string(&mut stream, &mut answer).expect("the answer is read");
    answer
}

/// Checks that `output` is what the README promises for `args`; returns what was wrong, if anything.
fn check(command: &ShellCommand, args: &[String], output: &Output, home: &Path) -> Option<String> {
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    let succeeded = || -> Option<String> {
        (!output.status.success())
            .then(|| format!("exited with {}; stderr: {stderr}", output.status))
    };
    let says = |text: &str| -> Option<String> {
        (!stdout.contains(text)).then(|| format!("its output lacks `{text}`:\n{stdout}"))
    };
    match args.first().map(String::as_str) {
        Some("play") => succeeded()
            .or_else(|| says("Board pictures go to"))
            .or_else(|| says("The game is saved"))
            .or_else(|| {
                let db = home.join("data").join("roundhouse").join("roundhouse.db");
                (!db.is_file()).then(|| format!("no database at {}", db.display()))
            }),
        Some("replay") => succeeded().or_else(|| {
            let printed: serde_json::Value = match serde_json::from_str(&stdout) {
                Ok(value) => value,
                Err(e) => return Some(format!("its output is not JSON ({e}):\n{stdout}")),
            };
            let fed: serde_json::Value =
                serde_json::from_str(command.stdin.as_deref().unwrap_or("{}"))
                    .unwrap_or(serde_json::Value::Null);
            let moves = fed["moves"].as_array().map_or(0, Vec::len);
            (printed["game"] != args[1].as_str() || printed["moves_applied"] != moves)
                .then(|| format!("it replayed something else:\n{stdout}"))
        }),
        Some("puzzle") if args.get(1).map(String::as_str) == Some("solve") => {
            succeeded().or_else(|| says("optimum:"))
        }
        Some("serve") => {
            let lines: Vec<&str> = stderr.lines().collect();
            let clean = output.status.code() == Some(2)
                && stdout.is_empty()
                && lines.len() == 1
                && lines[0].starts_with("roundhouse: ")
                && lines[0].contains("token");
            (!clean).then(|| {
                format!(
                    "with the placeholder token it must stop with one line about the token and exit 2; \
                     got {} and stderr: {stderr}",
                    output.status
                )
            })
        }
        _ => Some(format!(
            "this test does not know what `{}` should print: teach `check` about it",
            command.line
        )),
    }
}

#[test]
fn every_readme_command_runs_as_written() {
    let commands = readme_commands();
    assert!(
        commands.len() >= 5,
        "the README's ```sh blocks were not found: {commands:?}"
    );
    let mut failures = Vec::new();
    for command in &commands {
        if NOT_RUN.iter().any(|(line, _)| *line == command.line) {
            continue;
        }
        let Some(args) = command.roundhouse_args() else {
            failures.push(format!(
                "`{}`: neither run by this test nor listed in NOT_RUN with a reason",
                command.line
            ));
            continue;
        };
        let home = tempfile::tempdir().expect("a temporary home");
        if args.first().map(String::as_str) == Some("web") {
            if let Some(problem) = serve_web(command, args, home.path()) {
                failures.push(format!("`{}`: {problem}", command.line));
            }
            continue;
        }
        let output = run(command, args, home.path());
        if let Some(problem) = check(command, args, &output, home.path()) {
            failures.push(format!("`{}`: {problem}", command.line));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn commands_not_run_are_still_in_the_readme() {
    let lines: Vec<String> = readme_commands().into_iter().map(|c| c.line).collect();
    for (line, reason) in NOT_RUN {
        assert!(
            lines.iter().any(|l| l == line),
            "`{line}` ({reason}) is no longer in the README: drop it from NOT_RUN"
        );
    }
}

#[test]
fn command_lines_are_taken_apart_like_the_shell_does() {
    let piped = ShellCommand::parse(
        r#"echo '{"moves": ["up Y2|B3"]}' | A_B=1 cargo run --release -- replay "two words""#,
    );
    assert_eq!(
        piped.stdin.as_deref(),
        Some("{\"moves\": [\"up Y2|B3\"]}\n")
    );
    assert_eq!(piped.env, [("A_B".to_owned(), "1".to_owned())]);
    assert_eq!(
        piped.roundhouse_args(),
        Some(&["replay".to_owned(), "two words".to_owned()][..])
    );
    let other = ShellCommand::parse("docker run --rm roundhouse games");
    assert!(other.stdin.is_none() && other.env.is_empty());
    assert_eq!(other.roundhouse_args(), None);
}
