//! Pictures from hand-made views: sizes, hidden faces, hands. Set `YARDMASTER_DRAW_SAMPLES` to a folder
//! to also write the sample pictures there for a look.

use super::style::NEW_MARK;
use super::{board_png, board_png_since, hand_png, panel_png};
use crate::game::{Outcome, Participant, Standing, Viewer};
use crate::games::yardmaster::cards::{DECK, Face};
use crate::games::yardmaster::view::{CabooseView, CardView, ScoreView, TrainView, YardmasterView};

const MAX_PNG_BYTES: usize = 300 * 1024;

fn face(text: &str) -> Face {
    text.parse().unwrap()
}

fn up(text: &str) -> CardView {
    CardView {
        face: Some(face(text)),
        face_up: true,
    }
}

fn down(seen: Option<&str>) -> CardView {
    CardView {
        face: seen.map(face),
        face_up: false,
    }
}

fn score(train: i32, run_bonus: i32, caboose: i32) -> ScoreView {
    ScoreView {
        train,
        run_bonus,
        caboose,
        earlier_games: 0,
        total: train + run_bonus + caboose,
    }
}

fn train(seat: usize, cards: Vec<CardView>, longest_run: usize, holds_hand: bool) -> TrainView {
    let value: i32 = cards
        .iter()
        .map(|c| match (c.face_up, c.face) {
            (true, Some(f)) => f.value() as i32,
            _ => 4,
        })
        .sum();
    TrainView {
        seat,
        cards,
        longest_run,
        score: score(value, if longest_run >= 4 { 4 } else { 0 }, 0),
        holds_hand,
        keeps_card: false,
    }
}

/// Five players in the last round; seat 2 acts and holds the hand; seat 1 has a face-down card whose
/// face only seat 1 may see (`hidden` is what seat 1's view would show).
fn five_players(viewer: Viewer, hidden: Option<&str>) -> YardmasterView {
    let own_hidden = if viewer == Viewer::Seat(1) {
        hidden
    } else {
        None
    };
    YardmasterView {
        viewer,
        players: 5,
        game_number: 1,
        games: 1,
        round: 4,
        rounds: 4,
        start_player: 0,
        clockwise: true,
        to_act: Some(2),
        deck_left: 7,
        hand_size: 3,
        hand: (viewer == Viewer::Seat(2))
            .then(|| vec![face("P3|G3"), face("Y4|R4"), face("B2|B3")]),
        kept: None,
        trains: vec![
            train(
                0,
                vec![up("Y2|Y3"), up("Y3|B3"), up("B3|R3"), up("R4|B4")],
                4,
                false,
            ),
            train(
                1,
                vec![up("G2|G3"), down(own_hidden), up("P3|Y3")],
                2,
                false,
            ),
            train(2, vec![up("R2|R2"), up("R3|G3"), up("G4|Y4")], 3, true),
            train(
                3,
                vec![down(None), up("P2|P2"), up("P4|P4"), up("B2|B2")],
                4,
                false,
            ),
            train(
                4,
                vec![up("B4|G4"), up("G3|R3"), down(None), up("Y3|G3")],
                2,
                false,
            ),
        ],
        longest_run: 4,
        caboose: Some(CabooseView {
            name: "Lightweight",
            points: 6,
            condition: "no card with a 4 on it in your train",
        }),
        draw_at_end: false,
        outcome: None,
    }
}

/// Two players, second game of a match, over: every face shown.
fn two_players_over() -> YardmasterView {
    let cards_a = vec![
        up("Y2|Y2"),
        up("Y2|Y3"),
        down(Some("R3|G3")),
        up("G3|B3"),
        up("B3|Y3"),
        up("Y3|B3"),
        up("B2|B2"),
    ];
    let cards_b: Vec<CardView> = DECK[12..19].iter().map(|&f| up(&f.to_string())).collect();
    let mut a = train(0, cards_a, 3, false);
    let mut b = train(1, cards_b, 2, false);
    a.score.earlier_games = 31;
    a.score.total += 31;
    b.score.earlier_games = 28;
    b.score.total += 28;
    let standings = [(&b, 1), (&a, 2)]
        .map(|(t, place)| Standing {
            participant: Participant::Seat(t.seat),
            score: t.score.total,
            place,
            detail: format!(
                "game 1 {} + game 2 {}",
                t.score.earlier_games, t.score.train
            ),
        })
        .to_vec();
    YardmasterView {
        viewer: Viewer::Spectator,
        players: 2,
        game_number: 2,
        games: 2,
        round: 7,
        rounds: 7,
        start_player: 1,
        clockwise: false,
        to_act: None,
        deck_left: 9,
        hand_size: 0,
        hand: None,
        kept: None,
        trains: vec![a, b],
        longest_run: 3,
        caboose: None,
        draw_at_end: false,
        outcome: Some(Outcome {
            standings,
            tie_break: None,
        }),
    }
}

fn names(count: usize) -> Vec<String> {
    [
        "Alice",
        "Bartholomew Featherstonehaugh-Smythe",
        "Chen",
        "Dmitri",
        "Esperanza",
    ]
    .iter()
    .take(count)
    .map(|n| n.to_string())
    .collect()
}

fn decode(png: &[u8]) -> render::Canvas {
    render::decode_png(png).expect("a valid PNG")
}

fn same_picture(a: &[u8], b: &[u8]) -> bool {
    decode(a).image() == decode(b).image()
}

fn save_sample(name: &str, png: &[u8]) {
    if let Some(dir) = std::env::var_os("YARDMASTER_DRAW_SAMPLES") {
        std::fs::write(std::path::Path::new(&dir).join(name), png).unwrap();
    }
}

#[test]
fn five_player_board_is_a_png_of_a_sensible_size() {
    let png = board_png(&five_players(Viewer::Seat(1), Some("R4|B4")), &names(5));
    save_sample("board5.png", &png);
    let image = decode(&png);
    assert!((800..=1400).contains(&image.width()), "{}", image.width());
    assert!((900..=1500).contains(&image.height()), "{}", image.height());
    assert!(png.len() <= MAX_PNG_BYTES, "{} bytes", png.len());
}

#[test]
fn two_player_board_over_is_a_png_of_a_sensible_size() {
    let png = board_png(&two_players_over(), &names(2));
    save_sample("board2-over.png", &png);
    let image = decode(&png);
    assert!((1000..=1400).contains(&image.width()), "{}", image.width());
    assert!((400..=900).contains(&image.height()), "{}", image.height());
    assert!(png.len() <= MAX_PNG_BYTES, "{} bytes", png.len());
}

#[test]
fn missing_names_do_not_break_the_board() {
    let png = board_png(&five_players(Viewer::Spectator, None), &[]);
    decode(&png);
}

#[test]
fn another_seats_face_down_card_is_a_back_whatever_its_face() {
    let spectator = five_players(Viewer::Spectator, None);
    let mut other = five_players(Viewer::Spectator, None);
    other.trains[1].cards[1] = down(None);
    let (a, b) = (
        board_png(&spectator, &names(5)),
        board_png(&other, &names(5)),
    );
    assert!(
        same_picture(&a, &b),
        "a hidden face changes nothing for others"
    );

    let own = board_png(&five_players(Viewer::Seat(1), Some("R4|B4")), &names(5));
    let own_other = board_png(&five_players(Viewer::Seat(1), Some("G2|G2")), &names(5));
    assert!(!same_picture(&own, &own_other), "the owner sees the face");
}

#[test]
fn hand_is_drawn_only_when_the_view_has_one() {
    assert_eq!(hand_png(&five_players(Viewer::Spectator, None)), None);
    assert_eq!(hand_png(&five_players(Viewer::Seat(0), None)), None);
    let png = hand_png(&five_players(Viewer::Seat(2), None)).expect("seat 2 holds the hand");
    save_sample("hand.png", &png);
    let image = decode(&png);
    assert!(image.width() >= 480 && image.height() >= 200);
    assert!(png.len() <= MAX_PNG_BYTES);
}

#[test]
fn the_owner_sees_their_face_down_card_in_their_hand_picture() {
    let own = five_players(Viewer::Seat(1), Some("R4|B4"));
    assert!(own.hand.is_none(), "seat 1 does not hold the hand");
    let png = hand_png(&own).expect("seat 1 may look at its face-down card");
    save_sample("hand-face-down.png", &png);
    let other = hand_png(&five_players(Viewer::Seat(1), Some("G2|G2"))).unwrap();
    assert!(
        !same_picture(&png, &other),
        "the picture shows the card's face"
    );
}

#[test]
fn kept_card_is_drawn_with_or_without_the_hand() {
    let mut view = five_players(Viewer::Seat(2), None);
    view.draw_at_end = true;
    view.kept = Some(face("B2|B3"));
    let with_hand = hand_png(&view).unwrap();
    save_sample("hand-kept.png", &with_hand);
    view.hand = None;
    let kept_only = hand_png(&view).unwrap();
    save_sample("kept.png", &kept_only);
    assert!(decode(&kept_only).width() < decode(&with_hand).width());
}

#[test]
fn a_tie_is_explained_under_the_standings_with_the_players_names() {
    let plain = two_players_over();
    let mut tied = two_players_over();
    let outcome = tied.outcome.as_mut().unwrap();
    for standing in &mut outcome.standings {
        standing.score = 60;
    }
    outcome.tie_break = Some(
        "{seat1} and {seat0} tied on 60 points; ties go to whoever sits farther from the start \
         player, {seat1}, counter-clockwise: {seat1} before {seat0}."
            .to_owned(),
    );
    let png = board_png(&tied, &names(2));
    save_sample("two_players_tied.png", &png);
    let (with_note, without) = (decode(&png), decode(&board_png(&plain, &names(2))));
    assert_eq!(with_note.width(), without.width());
    assert!(
        with_note.height() > without.height(),
        "the banner grows a line for the tie-break"
    );
}

/// The pixels of the picture that are exactly `colour`.
fn pixels_of(png: &[u8], colour: render::Colour) -> usize {
    let canvas = decode(png);
    (0..canvas.height() as i32)
        .flat_map(|y| (0..canvas.width() as i32).map(move |x| (x, y)))
        .filter(|&(x, y)| canvas.pixel(x, y) == Some(colour))
        .count()
}

#[test]
fn the_panel_is_phone_sized_and_drawn_only_for_a_seat() {
    assert_eq!(
        panel_png(&five_players(Viewer::Spectator, None), &names(5)),
        None
    );
    let acting = panel_png(&five_players(Viewer::Seat(2), None), &names(5)).expect("a seat");
    save_sample("panel-hand.png", &acting);
    let waiting = panel_png(&five_players(Viewer::Seat(1), Some("R4|B4")), &names(5)).unwrap();
    save_sample("panel-waiting.png", &waiting);
    for png in [&acting, &waiting] {
        let image = decode(png);
        assert_eq!(image.width(), 600);
        assert!((150..=900).contains(&image.height()), "{}", image.height());
        assert!(png.len() <= MAX_PNG_BYTES);
    }
    assert!(
        decode(&acting).height() > decode(&waiting).height(),
        "the hand is shown to the seat holding it"
    );
    let mut kept = five_players(Viewer::Seat(2), None);
    kept.draw_at_end = true;
    kept.kept = Some(face("B2|B3"));
    save_sample("panel-kept.png", &panel_png(&kept, &names(5)).unwrap());
}

#[test]
fn a_face_down_card_shows_in_the_panel_to_its_owner_only() {
    let own = panel_png(&five_players(Viewer::Seat(1), Some("R4|B4")), &names(5)).unwrap();
    let other_face = panel_png(&five_players(Viewer::Seat(1), Some("G2|G2")), &names(5)).unwrap();
    assert!(!same_picture(&own, &other_face), "the owner sees its face");
    let mut view = five_players(Viewer::Seat(4), None);
    let before = panel_png(&view, &names(5)).unwrap();
    view.trains[1].cards[1] = down(Some("G2|G2"));
    view.trains[3].cards[0] = down(Some("B3|Y3"));
    assert!(
        same_picture(&before, &panel_png(&view, &names(5)).unwrap()),
        "another seat's train is not in the panel"
    );
}

#[test]
fn cards_added_since_the_last_turn_are_ringed() {
    let before = five_players(Viewer::Spectator, None);
    let mut after = before.clone();
    after.trains[2].cards.push(up("Y4|R4"));
    after.to_act = Some(3);
    let marked = board_png_since(&after, &before, &names(5));
    save_sample("board5-since.png", &marked);
    assert!(pixels_of(&marked, NEW_MARK) > 100, "the new card is ringed");
    assert_eq!(pixels_of(&board_png(&after, &names(5)), NEW_MARK), 0);
    assert!(same_picture(
        &board_png_since(&before, &before, &names(5)),
        &board_png(&before, &names(5))
    ));
}

#[test]
fn the_panel_at_the_start_shows_the_engine_and_the_whole_hand() {
    use crate::game::Game;
    use crate::games::yardmaster::cards::deck_faces;
    use crate::games::yardmaster::rules::{Yardmaster, YardmasterSetup};
    let setup = YardmasterSetup {
        start_player: 0,
        deck: deck_faces(4).to_vec(),
        second_deck: None,
        caboose: None,
        second_caboose: None,
    };
    let game = Yardmaster::start(Default::default(), 4, setup, 0).expect("starts");
    let png = panel_png(&game.view(Viewer::Seat(0)), &names(4)).expect("seat 0's panel");
    save_sample("panel-start.png", &png);
    let image = decode(&png);
    assert_eq!(image.width(), 600);
    // Five cards in hand take two rows under the train's end.
    assert!(image.height() > 600, "{}", image.height());
}
