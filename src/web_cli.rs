//! `roundhouse web`: the read-only web site over a database, until SIGTERM or Ctrl-C.

use std::net::SocketAddr;
use std::process::ExitCode;

use tracing_subscriber::EnvFilter;

use roundhouse::clock::Clock;
use roundhouse::discord::stop_signal;
use roundhouse::store::{Database, Store};
use roundhouse::web::{RunningSite, Site};

use crate::{fail, output};

/// Serves the site over `database` on `addr` until stopped.
pub fn run(database: &Database, addr: SocketAddr) -> ExitCode {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    // The log goes to standard error; standard output says where the site is.
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .init();
    // Opened before the runtime starts: the PostgreSQL client cannot connect on its workers.
    let store = match Store::connect(database, Clock::system()) {
        Ok(store) => store,
        Err(e) => return fail(&e.to_string()),
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => return fail(&format!("cannot start the async runtime: {e}")),
    };
    runtime.block_on(async {
        let signal = match stop_signal() {
            Ok(signal) => signal,
            Err(e) => return fail(&format!("cannot listen for stop signals: {e}")),
        };
        let site = match RunningSite::start(addr, Site::over_store(store)).await {
            Ok(site) => site,
            Err(e) => return fail(&e.to_string()),
        };
        output::say(&format!(
            "The web site is on http://{}/ (Ctrl-C stops it).",
            site.addr()
        ));
        let name = signal.await;
        tracing::info!("{name} received: stopping");
        site.stop().await;
        ExitCode::SUCCESS
    })
}
