//! The read-only web site over the store: a page for every finished game (who played, the result,
//! every move and the board after each, with keyboard arrows to step through), each server's
//! leaderboards and each game's rules. `roundhouse web` serves it alone; the bot serves it too when
//! `web_addr` is set in its config.
//!
//! Everything on it is what a spectator saw: games are read through [`GameReplay`] for
//! [`crate::game::Viewer::Spectator`], never a hand, a seat's view, a step's notation, the seed or the
//! setup. Only finished games are shown; open and aborted ones are not. Pages work without JavaScript;
//! the one small script (the arrow keys) is ours, served from `/static/`.
//!
//! [`GameReplay`]: crate::table::GameReplay

mod assets;
mod cache;
mod failure;
mod game_page;
mod html;
mod lists;
mod routes;
mod rules_page;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::response::{IntoResponse, Response};
use tokio::net::TcpListener;
use tokio::sync::{Semaphore, oneshot};
use tokio::task::JoinHandle;

use crate::store::Store;
use crate::table::Table;

use cache::Cache;
use failure::Failure;

/// How long a stopping site waits for the requests under way.
const STOP_WAIT: Duration = Duration::from_secs(10);
/// Pages made at once (each on a blocking thread, which the bot's commands share); more wait their
/// turn.
const PAGES_AT_ONCE: usize = 4;

/// The site over one store; cheap to clone (clones share the store and what was read).
#[derive(Clone)]
pub struct Site {
    inner: Arc<Inner>,
}

struct Inner {
    source: Source,
    cache: Cache,
    /// Permits to make a page, [`PAGES_AT_ONCE`] of them.
    workers: Semaphore,
}

/// Where the site's store lives.
enum Source {
    /// A store of its own (`roundhouse web`).
    Store(Store),
    /// The bot's table's store.
    Table(Arc<Table>),
}

impl Site {
    /// A site over `store`.
    pub fn over_store(store: Store) -> Site {
        Site::over(Source::Store(store))
    }

    /// A site over the store of the bot's `table`.
    pub fn over_table(table: Arc<Table>) -> Site {
        Site::over(Source::Table(table))
    }

    fn over(source: Source) -> Site {
        Site {
            inner: Arc::new(Inner {
                source,
                cache: Cache::default(),
                workers: Semaphore::new(PAGES_AT_ONCE),
            }),
        }
    }

    /// The site's pages as an axum router (for serving, or for tests that send it requests).
    pub fn router(&self) -> axum::Router {
        routes::router(self.clone())
    }

    fn store(&self) -> &Store {
        match &self.inner.source {
            Source::Store(store) => store,
            Source::Table(table) => table.store(),
        }
    }

    fn cache(&self) -> &Cache {
        &self.inner.cache
    }

    /// Runs `work` (which may read the store and draw pictures) on a blocking thread, once one of the
    /// [`PAGES_AT_ONCE`] permits is free.
    async fn blocking(
        &self,
        work: impl FnOnce(&Site) -> Result<Response, Failure> + Send + 'static,
    ) -> Response {
        let Ok(_permit) = self.inner.workers.acquire().await else {
            return Failure::internal("the site's workers are closed").into_response();
        };
        let site = self.clone();
        match tokio::task::spawn_blocking(move || work(&site)).await {
            Ok(Ok(response)) => response,
            Ok(Err(failure)) => failure.into_response(),
            Err(e) => Failure::internal(format!("a page's work stopped: {e}")).into_response(),
        }
    }
}

/// A site serving on a socket, until [`RunningSite::stop`].
pub struct RunningSite {
    addr: SocketAddr,
    stop: oneshot::Sender<()>,
    task: JoinHandle<std::io::Result<()>>,
}

impl RunningSite {
    /// Binds `addr` and serves `site` there (port 0 takes any free port; see [`RunningSite::addr`]).
    /// Fails if the address cannot be bound, with the address in the error.
    pub async fn start(addr: SocketAddr, site: Site) -> std::io::Result<RunningSite> {
        let listener = TcpListener::bind(addr).await.map_err(|e| {
            std::io::Error::new(
                e.kind(),
                format!("the web site cannot listen on {addr}: {e}"),
            )
        })?;
        let addr = listener.local_addr()?;
        let (stop, stopped) = oneshot::channel::<()>();
        let task = tokio::spawn(async move {
            axum::serve(listener, site.router())
                .with_graceful_shutdown(async move {
                    let _ = stopped.await;
                })
                .await
        });
        tracing::info!("the web site is on http://{addr}/");
        Ok(RunningSite { addr, stop, task })
    }

    /// The address it listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Stops taking connections and waits (a bounded time) for the requests under way.
    pub async fn stop(self) {
        let _ = self.stop.send(());
        match tokio::time::timeout(STOP_WAIT, self.task).await {
            Ok(Ok(Ok(()))) => tracing::info!("the web site stopped"),
            Ok(Ok(Err(e))) => tracing::error!("the web site failed: {e}"),
            Ok(Err(e)) => tracing::error!("the web site's task failed: {e}"),
            Err(_) => tracing::warn!("the web site stopped with requests unfinished"),
        }
    }
}
