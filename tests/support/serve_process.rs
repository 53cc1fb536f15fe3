//! The real `roundhouse serve` as a process of its own, as production runs it: started with a config
//! file and the fake Discord's token, and killed when dropped (so a failing test or bench leaves
//! none behind).

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use roundhouse::discord::config::environment::VARIABLES;

use crate::fake_discord::FakeDiscord;

/// How long [`ServeProcess::stop`] waits for a clean stop before it kills.
const STOP_WAIT: Duration = Duration::from_secs(60);
const POLL: Duration = Duration::from_millis(100);

/// A running `roundhouse serve`.
pub struct ServeProcess {
    child: Child,
}

impl ServeProcess {
    /// Starts `roundhouse serve --config CONFIG` in `dir` with the fake's token. Every setting comes
    /// from the file: the variables that would override it are removed, and so is `RUST_LOG`. Its
    /// standard output and error go to `stdout` and `stderr`.
    pub fn start(config: &Path, dir: &Path, stdout: Stdio, stderr: Stdio) -> ServeProcess {
        let mut command = Command::new(env!("CARGO_BIN_EXE_roundhouse"));
        command
            .args(["serve", "--config"])
            .arg(config)
            .current_dir(dir)
            .env_remove("RUST_LOG");
        for variable in VARIABLES {
            command.env_remove(variable.name);
        }
        let child = command
            .env("DISCORD_TOKEN", FakeDiscord::TOKEN)
            .stdin(Stdio::null())
            .stdout(stdout)
            .stderr(stderr)
            .spawn()
            .expect("the binary starts");
        ServeProcess { child }
    }

    /// The process id.
    pub fn id(&self) -> u32 {
        self.child.id()
    }

    /// SIGKILL: no clean stop, nothing flushed.
    pub fn kill(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }

    /// SIGTERM, and waits for the clean stop (kills after [`STOP_WAIT`]).
    pub fn stop(mut self) {
        let pid = self.id().to_string();
        let _ = Command::new("kill").args(["-s", "TERM", &pid]).status();
        let deadline = std::time::Instant::now() + STOP_WAIT;
        while std::time::Instant::now() < deadline {
            if self.child.try_wait().unwrap().is_some() {
                return;
            }
            std::thread::sleep(POLL);
        }
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }
}

impl Drop for ServeProcess {
    fn drop(&mut self) {
        if self.child.try_wait().ok().flatten().is_none() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}
