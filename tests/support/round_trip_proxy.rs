//! A TCP proxy on loopback in front of the test PostgreSQL server that counts the round trips the
//! clients make through it: each `Sync` (the end of an extended-protocol query) and each simple `Query`
//! the client sends is one wait for the server's `ReadyForQuery`.

use std::io::{Read, Write};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The proxy; it accepts connections for as long as the test runs.
pub struct RoundTripProxy {
    port: u16,
    round_trips: Arc<AtomicUsize>,
}

impl RoundTripProxy {
    /// A proxy to `upstream` on a free loopback port.
    pub fn start(upstream: SocketAddr) -> RoundTripProxy {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let round_trips = Arc::new(AtomicUsize::new(0));
        let counter = round_trips.clone();
        std::thread::spawn(move || {
            for client in listener.incoming() {
                let Ok(client) = client else { continue };
                let Ok(server) = TcpStream::connect(upstream) else {
                    continue;
                };
                let (to_server, to_client) = (server.try_clone().unwrap(), client.try_clone());
                let counter = counter.clone();
                std::thread::spawn(move || count_client_messages(client, to_server, &counter));
                std::thread::spawn(move || copy(server, to_client.unwrap()));
            }
        });
        RoundTripProxy { port, round_trips }
    }

    /// The port to connect to.
    pub fn port(&self) -> u16 {
        self.port
    }

    /// Round trips made through the proxy so far, by every connection.
    pub fn round_trips(&self) -> usize {
        self.round_trips.load(Ordering::SeqCst)
    }
}

/// Forwards the client's messages to the server, counting those the client then waits on. The first
/// message (the startup packet) has no type byte; every later one is a type byte and a length that
/// counts itself but not the type byte.
fn count_client_messages(mut client: TcpStream, mut server: TcpStream, round_trips: &AtomicUsize) {
    let mut startup = true;
    loop {
        let mut kind = [0u8; 1];
        if !startup && client.read_exact(&mut kind).is_err() {
            break;
        }
        let mut length = [0u8; 4];
        if client.read_exact(&mut length).is_err() {
            break;
        }
        let body_length = (u32::from_be_bytes(length) as usize).saturating_sub(4);
        let mut body = vec![0u8; body_length];
        if client.read_exact(&mut body).is_err() {
            break;
        }
        if matches!(&kind, b"S" | b"Q") {
            round_trips.fetch_add(1, Ordering::SeqCst);
        }
        let header: &[u8] = if startup { &[] } else { &kind };
        let sent = [header, &length, &body].concat();
        if server.write_all(&sent).is_err() {
            break;
        }
        startup = false;
    }
    let _ = server.shutdown(Shutdown::Both);
    let _ = client.shutdown(Shutdown::Both);
}

/// Copies the server's bytes to the client until either side closes.
fn copy(mut from: TcpStream, mut to: TcpStream) {
    let _ = std::io::copy(&mut from, &mut to);
    let _ = to.shutdown(Shutdown::Both);
    let _ = from.shutdown(Shutdown::Both);
}
