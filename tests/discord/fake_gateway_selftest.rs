//! Proves the fake Discord's gateway against a raw WebSocket client (no serenity): sessions resume
//! as Discord documents (<https://discord.com/developers/docs/topics/gateway#resuming>) and end
//! when they should.

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use crate::fake_discord::FakeDiscord;

const WAIT: Duration = Duration::from_secs(10);

type Client = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// Connects and reads HELLO.
async fn connect(fake: &FakeDiscord) -> Client {
    let (mut ws, _) = tokio_tungstenite::connect_async(fake.gateway_url())
        .await
        .expect("the fake gateway accepts connections");
    assert_eq!(next(&mut ws).await["op"], 10, "HELLO first");
    ws
}

/// The next JSON frame from the gateway.
async fn next(ws: &mut Client) -> Value {
    loop {
        let frame = tokio::time::timeout(WAIT, ws.next())
            .await
            .expect("a frame within the wait")
            .expect("the connection is open")
            .expect("a readable frame");
        if let Message::Text(text) = frame {
            return serde_json::from_str(&text).expect("JSON");
        }
    }
}

async fn send(ws: &mut Client, frame: Value) {
    ws.send(Message::Text(frame.to_string())).await.unwrap();
}

/// Identifies and returns the session id from READY.
async fn identify(ws: &mut Client) -> String {
    let payload = json!({"token": FakeDiscord::TOKEN, "intents": 0, "properties": {}});
    send(ws, json!({"op": 2, "d": payload})).await;
    let ready = next(ws).await;
    assert_eq!(
        (ready["t"].as_str(), ready["s"].as_u64()),
        (Some("READY"), Some(1))
    );
    ready["d"]["session_id"].as_str().unwrap().to_owned()
}

async fn resume(ws: &mut Client, session: &str, seq: u64) {
    let payload = json!({"token": FakeDiscord::TOKEN, "session_id": session, "seq": seq});
    send(ws, json!({"op": 6, "d": payload})).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reconnect_resumes_the_session_and_a_stale_resume_is_invalidated() {
    let fake = FakeDiscord::start().await;
    let mut first = connect(&fake).await;
    let session = identify(&mut first).await;
    fake.wait_ready(WAIT).await;

    fake.request_reconnect();
    assert_eq!(next(&mut first).await["op"], 7);
    let mut second = connect(&fake).await;
    resume(&mut second, &session, 1).await;
    let resumed = next(&mut second).await;
    assert_eq!(resumed["t"], "RESUMED", "{resumed}");
    assert!(resumed["s"].as_u64().unwrap() > 1, "{resumed}");
    let resumes = fake.wait_resumes(1, WAIT).await;
    assert_eq!(resumes[0]["session_id"], session.as_str());

    // A session closed with 1000 (once the fake has seen the close) is over: resuming it is refused with op 9, not resumable.
    let normal = CloseFrame {
        code: CloseCode::Normal,
        reason: "".into(),
    };
    second.close(Some(normal)).await.unwrap();
    while let Ok(Some(Ok(_))) = tokio::time::timeout(WAIT, second.next()).await {}
    let mut third = connect(&fake).await;
    resume(&mut third, &session, 2).await;
    let refused = next(&mut third).await;
    assert_eq!(
        (refused["op"].as_u64(), &refused["d"]),
        (Some(9), &json!(false))
    );
    assert_eq!(fake.session_id(), None);

    // A fresh IDENTIFY starts a new session.
    let renewed = identify(&mut third).await;
    assert_ne!(renewed, session);
    assert!(
        fake.unexpected_requests().is_empty(),
        "{:?}",
        fake.unexpected_requests()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_resume_of_another_session_or_from_the_future_is_refused() {
    let fake = FakeDiscord::start().await;
    let mut ws = connect(&fake).await;
    let session = identify(&mut ws).await;
    fake.wait_ready(WAIT).await;
    fake.invalidate_session(true);
    assert_eq!(next(&mut ws).await["d"], json!(true));

    let mut again = connect(&fake).await;
    resume(&mut again, &session, 99).await;
    let refused = next(&mut again).await;
    assert_eq!(
        (refused["op"].as_u64(), &refused["d"]),
        (Some(9), &json!(false))
    );
    let unexpected = fake.unexpected_requests();
    assert_eq!(unexpected.len(), 1, "{unexpected:?}");
    assert!(unexpected[0].contains("RESUME"), "{unexpected:?}");
}
