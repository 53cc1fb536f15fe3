//! Running the `roundhouse` binary with arguments and standard input.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `roundhouse` with `args`, writes `stdin` to it and waits for it to end.
pub fn roundhouse(args: &[&str], stdin: &str) -> Output {
    roundhouse_writing_to(args, stdin, Stdio::piped())
}

/// [`roundhouse`] with its standard output going to `stdout` (captured only when that is a pipe).
pub fn roundhouse_writing_to(args: &[&str], stdin: &str, stdout: Stdio) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_roundhouse"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

/// Output bytes as text.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}
