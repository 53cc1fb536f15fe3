//! Coal Train's legal steps as Discord's autocomplete lists them, over whole bot games of 3 to 5
//! players: the notation (the value sent) fits Discord's 100 characters, and the label after it is short
//! enough that the choice is rarely cut.

use roundhouse::game::{BotPlayer, Game, GameRng, ToAct};
use roundhouse::games::coal_train::{CoalTrain, CoalTrainOptions};

/// The longest notation Discord accepts as a choice's value.
const NOTATION_MAX: usize = 100;
/// The longest label we write.
const LABEL_MAX: usize = 60;

#[test]
fn every_legal_step_fits_an_autocomplete_choice() {
    let (mut longest_notation, mut longest_label) = (String::new(), String::new());
    for players in 3..=5 {
        let seed = players as u64;
        let options = CoalTrainOptions::default();
        let mut rng = GameRng::seeded(seed);
        let setup = CoalTrain::deal(&options, players, &mut rng);
        let mut game = CoalTrain::start(options, players, setup, seed).unwrap();
        while let ToAct::Seats(seats) = game.to_act() {
            for action in game.legal(seats[0]) {
                let (notation, label) = (action.to_string(), game.label(&action));
                assert!(
                    !label.contains("{seat"),
                    "a label names a seat token: {label}"
                );
                if notation.len() > longest_notation.len() {
                    longest_notation = notation;
                }
                if label.chars().count() > longest_label.chars().count() {
                    longest_label = label;
                }
            }
            let action = game.bot_action(seats[0], &mut rng);
            game.apply_quiet(seats[0], &action).unwrap();
        }
    }
    println!("longest notation: {longest_notation}; longest label: {longest_label}");
    assert!(longest_notation.len() <= NOTATION_MAX, "{longest_notation}");
    assert!(
        longest_label.chars().count() <= LABEL_MAX,
        "{} characters: {longest_label}",
        longest_label.chars().count()
    );
}
