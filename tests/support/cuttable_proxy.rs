//! A TCP proxy on loopback in front of the test PostgreSQL server, which a test can cut (every
//! connection through it closed, new ones refused, as when the server goes down) and restore (on the
//! same port, as when it comes back), or freeze (connections kept open and new ones accepted, but
//! nothing answered, as when the server hangs): a database outage for one test's store only, without
//! touching the server other tests use.

use std::io::{Read, Write};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

/// The proxy; cut when dropped.
pub struct CuttableProxy {
    port: u16,
    upstream: SocketAddr,
    /// Both ends of every connection made through it, to cut them.
    streams: Arc<Mutex<Vec<TcpStream>>>,
    /// The accepting thread and its stop flag, while the proxy is up.
    acceptor: Option<(Arc<AtomicBool>, JoinHandle<()>)>,
    /// Set once frozen: nothing more is passed on, either way.
    frozen: Arc<AtomicBool>,
}

impl CuttableProxy {
    /// A proxy to `upstream`, up, on a free loopback port.
    pub fn start(upstream: SocketAddr) -> CuttableProxy {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let mut proxy = CuttableProxy {
            port: listener.local_addr().unwrap().port(),
            upstream,
            streams: Arc::default(),
            acceptor: None,
            frozen: Arc::default(),
        };
        proxy.serve(listener);
        proxy
    }

    /// The port to connect to.
    pub fn port(&self) -> u16 {
        self.port
    }

    /// Closes every connection and refuses new ones, until [`CuttableProxy::restore`].
    pub fn cut(&mut self) {
        if let Some((stop, thread)) = self.acceptor.take() {
            stop.store(true, Ordering::SeqCst);
            // Wakes the accepting thread, which sees the flag and drops the listener.
            let _ = TcpStream::connect(("127.0.0.1", self.port));
            thread.join().unwrap();
        }
        for stream in self.streams.lock().unwrap().drain(..) {
            let _ = stream.shutdown(Shutdown::Both);
        }
    }

    /// Passes nothing on from now on, either way, and accepts new connections without ever answering
    /// them, while keeping every connection open: a server that hangs, on a machine that still
    /// acknowledges what is sent to it.
    pub fn freeze(&self) {
        self.frozen.store(true, Ordering::SeqCst);
    }

    /// Accepts connections again, on the same port.
    pub fn restore(&mut self) {
        let listener = TcpListener::bind(("127.0.0.1", self.port)).unwrap();
        self.serve(listener);
    }

    fn serve(&mut self, listener: TcpListener) {
        let stop = Arc::new(AtomicBool::new(false));
        let (upstream, streams, stopping) = (self.upstream, self.streams.clone(), stop.clone());
        let frozen = self.frozen.clone();
        let thread = std::thread::spawn(move || {
            for client in listener.incoming() {
                if stopping.load(Ordering::SeqCst) {
                    return;
                }
                let Ok(client) = client else { continue };
                if frozen.load(Ordering::SeqCst) {
                    streams.lock().unwrap().push(client);
                    continue;
                }
                let Ok(server) = TcpStream::connect(upstream) else {
                    continue;
                };
                let mut kept = streams.lock().unwrap();
                kept.push(client.try_clone().unwrap());
                kept.push(server.try_clone().unwrap());
                pump(
                    client.try_clone().unwrap(),
                    server.try_clone().unwrap(),
                    &frozen,
                );
                pump(server, client, &frozen);
            }
        });
        self.acceptor = Some((stop, thread));
    }
}

impl Drop for CuttableProxy {
    fn drop(&mut self) {
        self.cut();
    }
}

/// Copies bytes from `from` to `to` on a thread of its own until either side closes; once `frozen`,
/// what is read is dropped.
fn pump(mut from: TcpStream, mut to: TcpStream, frozen: &Arc<AtomicBool>) {
    let frozen = frozen.clone();
    std::thread::spawn(move || {
        let mut buffer = [0u8; 16 * 1024];
        while let Ok(n) = from.read(&mut buffer) {
            if n == 0 {
                break;
            }
            if !frozen.load(Ordering::SeqCst) && to.write_all(&buffer[..n]).is_err() {
                break;
            }
        }
        let _ = to.shutdown(Shutdown::Both);
        let _ = from.shutdown(Shutdown::Both);
    });
}
