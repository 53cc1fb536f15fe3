//! Engines stay pure by a check, not by habit: no file under `src/games/` may reach the table, the store,
//! Discord, the terminal, the command line or the clock, nor a crate for async, Discord, databases or the
//! network. Every path a file names is read, in `use` declarations (groups, globs and renames
//! included) and written out in full in code, with `crate`, `self` and `super` resolved from the file's
//! own module, so no spelling slips past; comments and string literals are skipped.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// Modules of the crate an engine must not use (the layers above it, and where "now" comes from).
const FORBIDDEN_MODULES: &[&str] = &[
    "table",
    "store",
    "discord",
    "console",
    "replay",
    "shards",
    "clock",
    "main",
    "db_cli",
    "puzzle_cli",
];

/// Crates an engine must not use: async, Discord, databases, the network, the user's folders.
const FORBIDDEN_CRATES: &[&str] = &[
    "tokio",
    "serenity",
    "poise",
    "rusqlite",
    "rusqlite_migration",
    "postgres",
    "tokio_postgres",
    "r2d2",
    "r2d2_postgres",
    "deadpool",
    "deadpool_postgres",
    "reqwest",
    "hyper",
    "dirs",
    "tracing_subscriber",
];

#[derive(Clone, Debug, PartialEq, Eq)]
enum Token {
    Ident(String),
    PathSep,
    Open,
    Close,
    Comma,
    Semicolon,
    Star,
    Pound,
    Other,
}

/// The tokens of `source` that matter for paths: comments, string and character literals dropped.
fn tokens(source: &str) -> Vec<Token> {
    let chars: Vec<char> = source.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if c == 'r' && matches!(next, Some('"' | '#')) && raw_string_end(&chars, i).is_some()
        {
            i = raw_string_end(&chars, i).unwrap();
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
        } else if c == '\'' {
            // A character literal ('x', '\n', '\u{..}') is skipped; a lifetime ('a) is not a literal.
            if next == Some('\\') {
                i += 2;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if chars.get(i + 2) == Some(&'\'') {
                i += 3;
            } else {
                i += 1;
            }
        } else if c.is_alphabetic() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            out.push(Token::Ident(word.trim_start_matches("r#").to_owned()));
        } else {
            out.push(match c {
                ':' if next == Some(':') => {
                    i += 1;
                    Token::PathSep
                }
                '{' => Token::Open,
                '}' => Token::Close,
                ',' => Token::Comma,
                ';' => Token::Semicolon,
                '*' => Token::Star,
                '#' => Token::Pound,
                c if c.is_whitespace() => {
                    i += 1;
                    continue;
                }
                _ => Token::Other,
            });
            i += 1;
        }
    }
    out
}

/// Where a raw string starting at `start` (`r"…"`, `r#"…"#`) ends, if one starts there.
fn raw_string_end(chars: &[char], start: usize) -> Option<usize> {
    let mut i = start + 1;
    let hashes = chars[i..].iter().take_while(|&&c| c == '#').count();
    i += hashes;
    if chars.get(i) != Some(&'"') {
        return None;
    }
    i += 1;
    while i < chars.len() {
        if chars[i] == '"'
            && chars[i + 1..]
                .iter()
                .take(hashes)
                .filter(|&&c| c == '#')
                .count()
                == hashes
        {
            return Some(i + 1 + hashes);
        }
        i += 1;
    }
    Some(chars.len())
}

/// The paths a `use` tree names, from `tokens[at]` to its `;`: each with its rename, if any, and the
/// index after the declaration.
fn use_tree(
    tokens: &[Token],
    mut at: usize,
    prefix: &[String],
    out: &mut Vec<(Vec<String>, Option<String>)>,
) -> usize {
    let mut path = prefix.to_vec();
    loop {
        match tokens.get(at) {
            Some(Token::Ident(word)) if word == "as" => {
                if let Some(Token::Ident(alias)) = tokens.get(at + 1) {
                    out.push((path.clone(), Some(alias.clone())));
                }
                return at + 2;
            }
            Some(Token::Ident(word)) => {
                path.push(word.clone());
                at += 1;
            }
            Some(Token::PathSep) => at += 1,
            Some(Token::Star) => {
                path.push("*".into());
                out.push((path, None));
                return at + 1;
            }
            Some(Token::Open) => {
                at += 1;
                loop {
                    at = use_tree(tokens, at, &path, out);
                    match tokens.get(at) {
                        Some(Token::Comma) => at += 1,
                        Some(Token::Close) => return at + 1,
                        _ => return at,
                    }
                    if tokens.get(at) == Some(&Token::Close) {
                        return at + 1;
                    }
                }
            }
            _ => {
                if path.len() > prefix.len() {
                    out.push((path, None));
                }
                return at;
            }
        }
    }
}

/// The module path of a source file under `src/`: `src/games/express/turn.rs` is
/// `crate::games::express::turn`.
fn module_of(src: &Path, file: &Path) -> Vec<String> {
    let relative = file.strip_prefix(src).unwrap().with_extension("");
    let mut module = vec!["crate".to_owned()];
    module.extend(
        relative
            .iter()
            .map(|part| part.to_string_lossy().into_owned()),
    );
    if module.last().is_some_and(|last| last == "mod") {
        module.pop();
    }
    module
}

/// `path` written in `module`, made absolute: `crate`, `self` and `super` resolved, renames undone;
/// a path starting with any other name (an outside crate) is kept as written.
fn resolve(
    path: &[String],
    module: &[String],
    renames: &HashMap<String, Vec<String>>,
) -> Vec<String> {
    let mut parts = path.iter().peekable();
    let mut absolute: Vec<String> = match parts.peek().map(|s| s.as_str()) {
        Some("crate") => {
            parts.next();
            vec!["crate".into()]
        }
        Some("self") => {
            parts.next();
            module.to_vec()
        }
        Some("super") => module.to_vec(),
        Some(first) => match renames.get(first) {
            Some(target) => {
                parts.next();
                target.clone()
            }
            None => Vec::new(),
        },
        None => Vec::new(),
    };
    for part in parts {
        if part == "super" {
            absolute.pop();
        } else {
            absolute.push(part.clone());
        }
    }
    absolute
}

/// Why `path` (absolute) is forbidden to an engine, if it is.
fn forbidden(path: &[String]) -> Option<String> {
    let strs: Vec<&str> = path.iter().map(String::as_str).collect();
    match strs.as_slice() {
        ["crate", "*", ..] | ["crate"] => {
            Some("the whole crate (which holds the table, store and front ends)".into())
        }
        ["crate", module, ..] if FORBIDDEN_MODULES.contains(module) => {
            Some(format!("the `{module}` layer"))
        }
        [krate, ..] if FORBIDDEN_CRATES.contains(krate) => Some(format!("the `{krate}` crate")),
        _ => None,
    }
}

/// Every forbidden use in one file's `source`, as `what: which path`.
fn impurities(module: &[String], source: &str) -> Vec<String> {
    let tokens = tokens(source);
    let mut found = Vec::new();
    let mut renames: HashMap<String, Vec<String>> = HashMap::new();
    // Modules declared inline (`mod tests { … }`) with the brace depth they opened at.
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0;
    let mut i = 0;
    while i < tokens.len() {
        let here: Vec<String> = module
            .iter()
            .cloned()
            .chain(inline.iter().map(|(name, _)| name.clone()))
            .collect();
        match &tokens[i] {
            Token::Ident(word)
                if word == "use" && tokens.get(i.wrapping_sub(1)) != Some(&Token::PathSep) =>
            {
                let mut paths = Vec::new();
                i = use_tree(&tokens, i + 1, &[], &mut paths);
                for (path, alias) in paths {
                    let absolute = resolve(&path, &here, &renames);
                    if let Some(why) = forbidden(&absolute) {
                        found.push(format!("`use {}` reaches {why}", path.join("::")));
                    }
                    let name = alias
                        .or_else(|| path.last().cloned())
                        .filter(|n| n != "*" && n != "self");
                    if let Some(name) = name {
                        renames.insert(name, absolute);
                    }
                }
                continue;
            }
            Token::Ident(word) if word == "extern" => {
                if let (Some(Token::Ident(krate)), Some(Token::Ident(name))) =
                    (tokens.get(i + 1), tokens.get(i + 2))
                    && krate == "crate"
                    && FORBIDDEN_CRATES.contains(&name.as_str())
                {
                    found.push(format!("`extern crate {name}` reaches the `{name}` crate"));
                }
            }
            Token::Ident(word) if word == "mod" => {
                if let (Some(Token::Ident(name)), Some(Token::Open)) =
                    (tokens.get(i + 1), tokens.get(i + 2))
                {
                    inline.push((name.clone(), depth));
                    depth += 1;
                    i += 3;
                    continue;
                }
            }
            Token::Ident(word)
                if word == "path"
                    && i > 0
                    && tokens[..i].ends_with(&[Token::Pound, Token::Other]) =>
            {
                found.push("a `#[path]` attribute (a module from outside the engines)".into());
            }
            Token::Ident(_) | Token::PathSep
                if tokens.get(i.wrapping_sub(1)) != Some(&Token::PathSep) =>
            {
                let start = i;
                let mut path = Vec::new();
                if tokens[i] == Token::PathSep {
                    i += 1;
                }
                while let Some(Token::Ident(part)) = tokens.get(i) {
                    path.push(part.clone());
                    if tokens.get(i + 1) != Some(&Token::PathSep) {
                        break;
                    }
                    i += 2;
                }
                let leading = tokens[start] == Token::PathSep;
                if path.len() >= 2 || leading && !path.is_empty() {
                    let absolute = if leading {
                        path.clone()
                    } else {
                        resolve(&path, &here, &renames)
                    };
                    if let Some(why) = forbidden(&absolute) {
                        found.push(format!("`{}` reaches {why}", path.join("::")));
                    }
                } else if let Some(absolute) = path.first().and_then(|name| renames.get(name))
                    && let Some(why) = forbidden(absolute)
                {
                    found.push(format!("`{}` (imported) reaches {why}", path[0]));
                }
                i = i.max(start + 1);
                continue;
            }
            Token::Open => depth += 1,
            Token::Close => {
                depth = depth.saturating_sub(1);
                if inline.last().is_some_and(|(_, opened)| *opened == depth) {
                    inline.pop();
                }
            }
            _ => {}
        }
        i += 1;
    }
    found
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn no_engine_file_uses_the_table_store_front_ends_or_their_crates() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src.join("games"), &mut files);
    assert!(
        files.len() > 50,
        "the engines' files are found ({})",
        files.len()
    );
    let mut report = Vec::new();
    for file in &files {
        let source = std::fs::read_to_string(file).unwrap();
        for what in impurities(&module_of(&src, file), &source) {
            report.push(format!(
                "{}: {what}",
                file.strip_prefix(&src).unwrap().display()
            ));
        }
    }
    assert!(
        report.is_empty(),
        "engines must stay pure:\n{}",
        report.join("\n")
    );
}

/// The check itself: each spelling of a forbidden use is caught, and what engines may use is not.
#[test]
fn the_purity_check_catches_every_spelling() {
    let module: Vec<String> = ["crate", "games", "express", "turn"]
        .map(String::from)
        .to_vec();
    let caught = [
        "use crate::table::Table;",
        "use crate::{game::Seat, store::Store};",
        "use crate::{game::{Seat, Viewer}, discord::{self}};",
        "use super::super::super::console::run;",
        "use super::super::super::*;",
        "use crate as root; fn f() { root::clock::now(); }",
        "use crate::store as db; fn f() { db::Store::open(); }",
        "use crate::store; fn f() { store::Store::open(); }",
        "fn f() { crate::table::Table::new(); }",
        "fn f() { let x = super::super::super::table::Table::new(); }",
        "fn f() { ::tokio::spawn(async {}); }",
        "fn f() { tokio::spawn(async {}); }",
        "use serenity::all::ChannelId;",
        "use rusqlite::Connection;",
        "fn f() -> postgres::Client { todo!() }",
        "use tokio_postgres as pg;",
        "use deadpool_postgres::Pool;",
        "extern crate poise;",
        "mod inner { use super::super::super::super::store::Store; }",
        "#[path = \"../../table/mod.rs\"] mod sneaky;",
    ];
    for source in caught {
        assert!(
            !impurities(&module, source).is_empty(),
            "not caught: {source}"
        );
    }
    let allowed = [
        "use crate::game::{Actor, Seat};",
        "use super::state::Express;",
        "use crate::games::narration::{Quiet, Sink};",
        "// use crate::table::Table;\nfn f() {}",
        "/* crate::store::Store */ fn f() {}",
        "fn f() -> &'static str { \"crate::table::Table and tokio::spawn\" }",
        "fn f() -> &'static str { r#\"use crate::discord;\"# }",
        "fn f<'a>(x: &'a str) -> char { let _ = x; 'c' }",
        "use std::sync::Arc; fn f() { let table = 1; let _ = table; }",
        "mod tests { use super::*; }",
    ];
    for source in allowed {
        assert_eq!(
            impurities(&module, source),
            Vec::<String>::new(),
            "{source}"
        );
    }
}
