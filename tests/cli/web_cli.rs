//! `roundhouse web` refuses an address it cannot listen on, saying which and why.

use std::net::TcpListener;

use super::run::{roundhouse, text};

#[test]
fn an_address_that_is_not_one_or_is_taken_is_refused_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("web.db");
    let db = db.to_str().unwrap();
    let output = roundhouse(&["web", "--db", db, "--addr", "localhost"], "");
    assert_eq!(output.status.code(), Some(2));
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains("--addr") && stderr.contains("localhost"),
        "{stderr}"
    );

    let taken = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = taken.local_addr().unwrap().to_string();
    let output = roundhouse(&["web", "--db", db, "--addr", &addr], "");
    assert_eq!(output.status.code(), Some(2));
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains(&format!("the web site cannot listen on {addr}")),
        "{stderr}"
    );
    assert!(text(&output.stdout).is_empty());
}
