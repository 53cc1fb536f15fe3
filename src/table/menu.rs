//! The menus of a seat's legal steps, built from each step's menu path ([`MenuStep::path`]): at each
//! level the distinct next parts, in the order the game lists its steps. A part that leads to a single
//! step plays it; a level with a single part that does not is passed through. The turn panel and the
//! terminal's `?` both walk these menus, so a choice has the same place in both.

use crate::games::adapter::MenuStep;

/// One choice at a menu level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MenuChoice {
    /// What the choice says.
    pub label: String,
    /// How many legal steps lie under it (1: choosing it plays that step).
    pub steps: usize,
    /// The step's notation when choosing it plays a step.
    pub plays: Option<String>,
}

/// Where a walk through the menus ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MenuNode {
    /// A level to choose from: the parts chosen on the way (passed-through levels included) and the
    /// choices here.
    Level {
        /// The labels chosen so far, from the top.
        chosen: Vec<String>,
        /// The choices at this level.
        choices: Vec<MenuChoice>,
    },
    /// A step to play: its index in the steps.
    Step(usize),
}

/// A walk the menus cannot follow (drawn for another state, or a made-up index).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StalePath;

/// Follows `path` (the index of the choice taken at each level) through the menus of `steps`.
pub fn walk(steps: &[MenuStep], path: &[usize]) -> Result<MenuNode, StalePath> {
    let mut candidates: Vec<usize> = (0..steps.len()).collect();
    let mut chosen = Vec::new();
    let mut depth = 0;
    let mut taps = path.iter();
    loop {
        let groups = groups(steps, &candidates, depth);
        if let [only] = groups.as_slice()
            && only.1.len() > 1
        {
            chosen.push(only.0.clone());
            candidates.clone_from(&only.1);
            depth += 1;
            continue;
        }
        let Some(&tap) = taps.next() else {
            let choices = groups
                .into_iter()
                .map(|(part, members)| {
                    let single = (members.len() == 1).then(|| &steps[members[0]]);
                    MenuChoice {
                        // A group of one step is that step: it is named by its own label, not by a
                        // kind of step it alone is left of ("Discard" would discard a card it does
                        // not name).
                        label: match single {
                            Some(step) if step.path.len() > depth + 1 => step.label.clone(),
                            _ => part,
                        },
                        plays: single.map(|step| step.notation.clone()),
                        steps: members.len(),
                    }
                })
                .collect();
            return Ok(MenuNode::Level { chosen, choices });
        };
        let (label, members) = groups.into_iter().nth(tap).ok_or(StalePath)?;
        if let [step] = members.as_slice() {
            return match taps.next() {
                None => Ok(MenuNode::Step(*step)),
                Some(_) => Err(StalePath),
            };
        }
        chosen.push(label);
        candidates = members;
        depth += 1;
    }
}

/// The part of a step at `depth`: its path's part there, or, past the end of its path (a step whose
/// path is the start of others'), its label with its notation, which no other step shares.
fn part(step: &MenuStep, depth: usize) -> String {
    match step.path.get(depth) {
        Some(part) => part.clone(),
        None => format!("{} ({})", step.label, step.notation),
    }
}

/// The candidates grouped by their part at `depth`, in order of first appearance.
fn groups(steps: &[MenuStep], candidates: &[usize], depth: usize) -> Vec<(String, Vec<usize>)> {
    let mut groups: Vec<(String, Vec<usize>)> = Vec::new();
    for &index in candidates {
        let part = part(&steps[index], depth);
        match groups.iter_mut().find(|(label, _)| *label == part) {
            Some((_, members)) => members.push(index),
            None => groups.push((part, vec![index])),
        }
    }
    groups
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step(notation: &str, path: &[&str]) -> MenuStep {
        MenuStep {
            notation: notation.into(),
            label: path.last().copied().unwrap_or(notation).into(),
            path: path.iter().map(|p| (*p).to_owned()).collect(),
        }
    }

    fn labels(node: &MenuNode) -> Vec<(&str, usize)> {
        match node {
            MenuNode::Level { choices, .. } => choices
                .iter()
                .map(|c| (c.label.as_str(), c.steps))
                .collect(),
            MenuNode::Step(_) => Vec::new(),
        }
    }

    fn express_like() -> Vec<MenuStep> {
        vec![
            step("start 1", &["Start a train", "Hopper ×2"]),
            step("start 2", &["Start a train", "Tanker ×2"]),
            MenuStep {
                label: "Add a Hopper to train 1".into(),
                ..step("add 1 x", &["Add to train 1", "Hopper"])
            },
            step("discard 3", &["Discard", "Wild"]),
            step("discard 4", &["Discard", "Tanker"]),
        ]
    }

    #[test]
    fn the_top_level_groups_steps_by_their_first_part_in_order() {
        let top = walk(&express_like(), &[]).unwrap();
        assert_eq!(
            labels(&top),
            [
                ("Start a train", 2),
                ("Add a Hopper to train 1", 1),
                ("Discard", 2)
            ],
            "a group of one step is named by the step"
        );
        let MenuNode::Level { choices, .. } = top else {
            unreachable!()
        };
        assert_eq!(choices[1].plays.as_deref(), Some("add 1 x"));
        assert_eq!(choices[0].plays, None);
    }

    #[test]
    fn a_tap_on_a_group_opens_it_and_a_tap_on_a_single_step_plays_it() {
        let steps = express_like();
        let discard = walk(&steps, &[2]).unwrap();
        assert_eq!(labels(&discard), [("Wild", 1), ("Tanker", 1)]);
        let MenuNode::Level { chosen, .. } = &discard else {
            unreachable!()
        };
        assert_eq!(chosen, &["Discard"]);
        assert_eq!(walk(&steps, &[2, 1]), Ok(MenuNode::Step(4)));
        assert_eq!(walk(&steps, &[1]), Ok(MenuNode::Step(2)));
    }

    #[test]
    fn paths_that_lead_nowhere_are_stale() {
        let steps = express_like();
        assert_eq!(walk(&steps, &[3]), Err(StalePath));
        assert_eq!(walk(&steps, &[2, 5]), Err(StalePath));
        assert_eq!(walk(&steps, &[1, 0]), Err(StalePath));
        assert_eq!(walk(&[], &[0]), Err(StalePath));
    }

    #[test]
    fn a_level_with_one_group_is_passed_through() {
        let steps = vec![
            step("build 1 a", &["Build", "Tile 1", "At A"]),
            step("build 1 b", &["Build", "Tile 1", "At B"]),
        ];
        let node = walk(&steps, &[]).unwrap();
        assert_eq!(labels(&node), [("At A", 1), ("At B", 1)]);
        let MenuNode::Level { chosen, .. } = &node else {
            unreachable!()
        };
        assert_eq!(chosen, &["Build", "Tile 1"]);
        assert_eq!(walk(&steps, &[1]), Ok(MenuNode::Step(1)));
    }

    #[test]
    fn a_step_whose_path_ends_early_stays_a_choice_of_its_own() {
        let steps = vec![
            step("pass", &["Pass"]),
            step("pass 2", &["Pass", "Twice"]),
            step("same", &["Same"]),
            step("same2", &["Same"]),
        ];
        let pass = walk(&steps, &[0]).unwrap();
        assert_eq!(labels(&pass), [("Pass (pass)", 1), ("Twice", 1)]);
        let same = walk(&steps, &[1]).unwrap();
        assert_eq!(labels(&same), [("Same (same)", 1), ("Same (same2)", 1)]);
        assert_eq!(walk(&steps, &[1, 1]), Ok(MenuNode::Step(3)));
    }
}
