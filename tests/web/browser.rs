//! The site in a real browser: headless Chromium (Debian's `chromium`), driven through
//! `chromedriver` (Debian's `chromium-driver`) over WebDriver, on a site serving on loopback. It
//! loads the pages, steps through a game with the arrow keys, checks a screenshot shows the board,
//! and makes an accessibility pass over every kind of page (language, alt texts, names of controls,
//! heading order, contrast of every text against its background).
//!
//! Without chromedriver the test says it did not run and passes, except in CI (`CI` set), where it
//! fails: `.ci/run` installs both packages.

use std::io::Write;
use std::net::{Ipv4Addr, SocketAddr, TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::actions::{InputSource, KeyAction, KeyActions};
use fantoccini::key::Key;
use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use roundhouse::game::Viewer;
use roundhouse::table::GameReplay;
use roundhouse::web::RunningSite;
use serde_json::json;

use super::fixture::{Fixture, GUILD, runtime};

/// How long the browser may take to do what it is asked (a slow, busy machine).
const PATIENCE: Duration = Duration::from_secs(60);

/// chromedriver, running until dropped.
struct Driver {
    child: Child,
    port: u16,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The chromedriver program, or `None` (and a note) when it is not installed outside CI.
fn chromedriver() -> Option<PathBuf> {
    let found = std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|dir| dir.join("chromedriver"))
            .find(|path| path.is_file())
    });
    if found.is_none() {
        let in_ci = std::env::var("CI").is_ok_and(|ci| !ci.is_empty());
        assert!(
            !in_ci,
            "chromedriver is not installed, so the browser test cannot run; CI must install \
             Debian's chromium and chromium-driver (.ci/run does)"
        );
        let _ = writeln!(
            std::io::stderr(),
            "NOT RUN in a browser: chromedriver is not installed (apt-get install chromium \
             chromium-driver)"
        );
    }
    found
}

fn free_port() -> u16 {
    TcpListener::bind((Ipv4Addr::LOCALHOST, 0))
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Starts chromedriver on a free loopback port and waits until it takes connections.
fn start_driver(program: &PathBuf) -> Driver {
    let port = free_port();
    let child = Command::new(program)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver starts");
    let driver = Driver { child, port };
    let started = Instant::now();
    while TcpStream::connect((Ipv4Addr::LOCALHOST, port)).is_err() {
        assert!(
            started.elapsed() < PATIENCE,
            "chromedriver did not listen on port {port}"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    driver
}

async fn browser(driver: &Driver) -> Client {
    let mut capabilities = serde_json::Map::new();
    capabilities.insert(
        "goog:chromeOptions".into(),
        json!({
            "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1280,1000", "--force-device-scale-factor=1"]
        }),
    );
    ClientBuilder::new(HttpConnector::new())
        .capabilities(capabilities)
        .connect(&format!("http://127.0.0.1:{}", driver.port))
        .await
        .expect("chromedriver opens a headless Chromium")
}

/// Presses and releases `key` on the page.
async fn press(client: &Client, key: Key) {
    let value: char = key.into();
    let keys = KeyActions::new("keyboard".into())
        .then(KeyAction::Down { value })
        .then(KeyAction::Up { value });
    client.perform_actions(keys).await.unwrap();
}

/// Waits until the page's address asks for `frame` of game `id`, then returns the board picture's
/// address.
async fn wait_for_frame(client: &Client, id: i64, frame: usize) -> String {
    wait_for_page(client, &format!("/games/{id}?frame={frame}")).await
}

/// Waits until the page's path and query are `wanted`, then returns the board picture's address.
async fn wait_for_page(client: &Client, wanted: &str) -> String {
    let started = Instant::now();
    loop {
        let url = client.current_url().await.unwrap();
        let at = format!("{}?{}", url.path(), url.query().unwrap_or(""));
        if at == wanted {
            break;
        }
        assert!(
            started.elapsed() < PATIENCE,
            "the page did not step to {wanted}; it is at {at}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let image = client
        .wait()
        .at_most(PATIENCE)
        .for_element(Locator::Css("figure img"))
        .await
        .unwrap();
    image.attr("src").await.unwrap().unwrap_or_default()
}

/// The accessibility problems of the page on show, in words (none: an empty list).
const ACCESSIBILITY: &str = r#"
const problems = [];
if (!document.documentElement.lang) problems.push('the page names no language');
for (const img of document.querySelectorAll('img')) {
  if (!(img.getAttribute('alt') || '').trim()) problems.push('an image has no alt text: ' + img.src);
}
const named = (el) => {
  if ((el.getAttribute('aria-label') || '').trim()) return true;
  if (el.tagName === 'INPUT' || el.tagName === 'SELECT' || el.tagName === 'TEXTAREA') {
    return Array.from(el.labels || []).some((l) => l.textContent.trim());
  }
  return el.textContent.trim().length > 0;
};
for (const el of document.querySelectorAll('a, button, input, select, textarea')) {
  if (!named(el)) problems.push('a control has no name: ' + el.outerHTML);
}
let previous = 0;
const headings = document.querySelectorAll('h1, h2, h3, h4, h5, h6');
if (document.querySelectorAll('h1').length !== 1) problems.push('the page has not exactly one h1');
for (const h of headings) {
  const level = Number(h.tagName[1]);
  if (level > previous + 1) problems.push('heading ' + h.tagName + ' "' + h.textContent + '" skips a level');
  previous = level;
}
const rgba = (text) => {
  const parts = text.match(/[\d.]+/g).map(Number);
  return [parts[0], parts[1], parts[2], parts.length > 3 ? parts[3] : 1];
};
const luminance = ([r, g, b]) => {
  const lin = (c) => { c /= 255; return c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4); };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
};
const background = (el) => {
  for (let at = el; at; at = at.parentElement) {
    const colour = rgba(getComputedStyle(at).backgroundColor);
    if (colour[3] > 0) return colour;
  }
  return [255, 255, 255, 1];
};
for (const el of document.body.querySelectorAll('*')) {
  const text = Array.from(el.childNodes).some((n) => n.nodeType === 3 && n.textContent.trim());
  if (!text) continue;
  const fg = luminance(rgba(getComputedStyle(el).color));
  const bg = luminance(background(el));
  const ratio = (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
  if (ratio < 4.5) problems.push('contrast ' + ratio.toFixed(2) + ':1 for "' + el.textContent.trim().slice(0, 40) + '"');
}
return problems;
"#;

async fn accessibility_problems(client: &Client) -> Vec<String> {
    let problems = client.execute(ACCESSIBILITY, Vec::new()).await.unwrap();
    serde_json::from_value(problems).unwrap()
}

/// The colours (4 bits a channel) of the picture `png` inside `area` (x, y, width, height; all of
/// it without one), with how often each occurs, most frequent first.
fn colours(png: &[u8], area: Option<(u32, u32, u32, u32)>) -> Vec<([u8; 3], usize)> {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(png));
    decoder.set_transformations(png::Transformations::normalize_to_color8());
    let mut reader = decoder.read_info().unwrap();
    let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
    let frame = reader.next_frame(&mut pixels).unwrap();
    let channels = frame.color_type.samples();
    assert!(channels >= 3, "a colour picture");
    let (x0, y0, w, h) = area.unwrap_or((0, 0, frame.width, frame.height));
    let mut counts = std::collections::HashMap::<[u8; 3], usize>::new();
    for y in y0..(y0 + h).min(frame.height) {
        for x in x0..(x0 + w).min(frame.width) {
            let at = (y as usize * frame.width as usize + x as usize) * channels;
            let pixel = &pixels[at..at + 3];
            *counts
                .entry([pixel[0] >> 4, pixel[1] >> 4, pixel[2] >> 4])
                .or_default() += 1;
        }
    }
    let mut counted: Vec<_> = counts.into_iter().collect();
    counted.sort_by_key(|(_, count)| std::cmp::Reverse(*count));
    counted
}

#[test]
fn a_browser_steps_through_a_game_with_the_keyboard_and_shows_the_board_accessibly() {
    let Some(program) = chromedriver() else {
        return;
    };
    let fixture = Fixture::new();
    let id = fixture.express.id;
    let replay = {
        let store = fixture.table.store();
        let moves = store.moves(id).unwrap();
        GameReplay::read(store.game(id).unwrap().unwrap(), &moves, Viewer::Spectator).unwrap()
    };
    let last = replay.last_frame();
    let driver = start_driver(&program);
    runtime().block_on(async {
        let site = RunningSite::start(SocketAddr::from((Ipv4Addr::LOCALHOST, 0)), fixture.site())
            .await
            .unwrap();
        let base = format!("http://{}", site.addr());
        let client = browser(&driver).await;

        client.goto(&format!("{base}/")).await.unwrap();
        let problems = accessibility_problems(&client).await;
        assert!(problems.is_empty(), "the index: {problems:#?}");
        let link = client
            .find(Locator::Css(&format!("a[href='/games/{id}']")))
            .await
            .unwrap();
        link.click().await.unwrap();
        // Without a step chosen, the page shows the end.
        let src = wait_for_page(&client, &format!("/games/{id}?")).await;
        assert!(
            src.ends_with(&format!("/games/{id}/frames/{last}.png")),
            "{src}"
        );
        let problems = accessibility_problems(&client).await;
        assert!(problems.is_empty(), "a game's page: {problems:#?}");

        press(&client, Key::Left).await;
        let src = wait_for_frame(&client, id, last - 1).await;
        assert!(src.ends_with(&format!("/frames/{}.png", last - 1)), "{src}");
        let heading = client.find(Locator::Css("#board-heading")).await.unwrap();
        let heading = heading.text().await.unwrap();
        assert!(
            heading.starts_with(&format!("Move {} of {last}", last - 1)),
            "{heading}"
        );
        press(&client, Key::Right).await;
        wait_for_frame(&client, id, last).await;
        press(&client, Key::Home).await;
        let src = wait_for_frame(&client, id, 0).await;
        assert!(src.ends_with("/frames/0.png"), "{src}");
        press(&client, Key::Right).await;
        wait_for_frame(&client, id, 1).await;
        press(&client, Key::End).await;
        wait_for_frame(&client, id, last).await;

        // The board is on the screen: the picture has loaded, and the screen where it stands has the
        // colours of the picture the site serves.
        let rect = client
            .execute(
                "const img = document.querySelector('figure img');
                 img.scrollIntoView({block: 'start'});
                 const r = img.getBoundingClientRect();
                 return [img.complete && img.naturalWidth > 0, r.x, r.y,
                         Math.min(r.width, window.innerWidth - r.x),
                         Math.min(r.height, window.innerHeight - r.y)];",
                Vec::new(),
            )
            .await
            .unwrap();
        let rect: (bool, f64, f64, f64, f64) = serde_json::from_value(rect).unwrap();
        assert!(rect.0, "the board picture loaded");
        assert!(
            rect.3 > 100.0 && rect.4 > 100.0,
            "the board is on screen: {rect:?}"
        );
        let screenshot = client.screenshot().await.unwrap();
        let area = (
            rect.1.max(0.0) as u32,
            rect.2.max(0.0) as u32,
            rect.3 as u32,
            rect.4 as u32,
        );
        let shown = colours(&screenshot, Some(area));
        let served = colours(&replay.board_png(last, last - 1), None);
        assert!(
            shown.len() >= 8,
            "the board's place on screen is not blank: {} colours",
            shown.len()
        );
        let main: Vec<[u8; 3]> = served.iter().take(2).map(|(c, _)| *c).collect();
        let on_screen: Vec<[u8; 3]> = shown.iter().take(5).map(|(c, _)| *c).collect();
        assert!(
            main.iter().any(|c| on_screen.contains(c)),
            "the served board's main colours {main:?} are among the screen's {on_screen:?}"
        );

        for page in [
            format!("{base}/games/{id}?frame=0"),
            format!("{base}/servers/{GUILD}"),
            format!("{base}/rules/express"),
            format!("{base}/games/999999"),
        ] {
            client.goto(&page).await.unwrap();
            let problems = accessibility_problems(&client).await;
            assert!(problems.is_empty(), "{page}: {problems:#?}");
        }
        client.close().await.unwrap();
        site.stop().await;
    });
}
