//! Express notation: typed steps that do not read are refused with what was wrong and what is legal.

use roundhouse::games::express::{Action, Kind, Laid, Target};

fn refusal(text: &str) -> String {
    match text.parse::<Action>() {
        Ok(action) => panic!("{text} read as {action}"),
        Err(e) => e.message,
    }
}

#[test]
fn steps_read_back_from_their_notation() {
    let steps = [
        ("draw", Action::Draw),
        (
            "discard wreck 2.1",
            Action::Disaster {
                card: Kind::Wreck,
                target: Target::Train { seat: 1, train: 0 },
            },
        ),
        (
            "discard derail 3",
            Action::Disaster {
                card: Kind::Derailment,
                target: Target::Player(2),
            },
        ),
        (
            "discard switch 1 2.3",
            Action::Disaster {
                card: Kind::SwitchEngines,
                target: Target::Switch {
                    own: 0,
                    seat: 1,
                    train: 2,
                },
            },
        ),
        (
            "add 2 wild=coach",
            Action::Add {
                train: 1,
                laid: Laid {
                    card: Kind::Wild,
                    declared: Some(Kind::Coach),
                },
            },
        ),
    ];
    for (text, action) in steps {
        assert_eq!(text.parse::<Action>(), Ok(action));
        assert_eq!(action.to_string(), text);
    }
    assert_eq!("  DRAW ".parse::<Action>(), Ok(Action::Draw));
}

#[test]
fn unreadable_steps_say_what_was_wrong_and_what_is_legal() {
    let cases = [
        ("", "draw, take"),
        ("fly", "not a step"),
        ("draw 2", "takes nothing"),
        ("start tank", "start <loco> <car>"),
        ("add x box", "numbered from 1"),
        ("add 0 box", "numbered from 1"),
        ("add 1 zebra", "the cards are box"),
        ("add 1 box=coach", "only a Wild is declared"),
        ("discard", "discard <card>"),
        ("discard box 2.1", "Only a Disaster takes a target"),
        ("discard wreck", "needs a target"),
        ("discard wreck two", "not a seat number"),
        ("discard wreck 2.x", "not a train number"),
        ("discard derail 2.1", "not a seat number"),
        ("discard switch 2.1", "needs a target"),
        ("swap 1", "swap <train> <card>"),
    ];
    for (text, expected) in cases {
        let why = refusal(text);
        assert!(why.contains(expected), "{text:?}: {why}");
    }
    let long = format!("add 1 {}", "x".repeat(500));
    assert!(refusal(&long).len() < 400, "a long input is quoted in part");
}
