//! Commands whose reader stops early (`roundhouse replay … | head -1`): writing into a pipe nobody
//! reads any more ends the command quietly, without a panic or an error message.

use crate::run::{roundhouse_writing_to, text};

/// Runs `roundhouse` with `args` and `stdin`, its standard output a pipe whose reading end is
/// closed before it starts, so its first write fails as `head` makes it fail; the exit status and
/// standard error.
fn into_a_closed_pipe(args: &[&str], stdin: &str) -> (Option<i32>, String) {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let out = roundhouse_writing_to(args, stdin, writer.into());
    (out.status.code(), text(&out.stderr))
}

#[test]
fn printing_into_a_closed_pipe_ends_quietly() {
    let replay = r#"{"players":3,"seed":7}"#;
    let refused = r#"{"players":3,"seed":7,"moves":["fly"]}"#;
    for (args, stdin) in [
        (&["replay", "coal_train"][..], replay),
        (&["replay", "express"][..], replay),
        (&["games"][..], ""),
        (&["rules", "coal_train"][..], ""),
        (&["puzzle", "card", "1", "--guide"][..], ""),
    ] {
        let (status, stderr) = into_a_closed_pipe(args, stdin);
        assert_eq!((status, stderr.as_str()), (Some(0), ""), "{args:?}");
    }
    let (status, stderr) = into_a_closed_pipe(&["replay", "express"], refused);
    assert!(stderr.starts_with("move 0 refused"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(
        status,
        Some(0),
        "the output is not wanted, the refusal was told"
    );
}
