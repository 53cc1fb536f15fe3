//! Standard output of the command line. A reader that stops early (`roundhouse replay … | head -1`)
//! closes the pipe; what is left to print is then not wanted, so the command ends quietly instead of
//! failing on the write.

use std::io::{self, Write};
use std::process;

/// Prints `text` and a newline (see [`print`]).
pub fn say(text: &str) {
    print(text);
    print("\n");
}

/// Prints `text` to standard output. When the reader has closed it, the process ends at once with
/// success and prints nothing more; any other failure to write ends it with status 2 and a message.
pub fn print(text: &str) {
    let mut out = io::stdout().lock();
    if let Err(e) = out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        if e.kind() == io::ErrorKind::BrokenPipe {
            process::exit(0);
        }
        eprintln!("roundhouse: cannot write to standard output: {e}");
        process::exit(2);
    }
}
