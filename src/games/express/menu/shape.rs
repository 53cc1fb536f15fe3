//! Shapes the menus from each step's parts: a level with more than [`LEVEL_MOST`] choices is split by
//! the choices' families (cards by kind of card, targets by seat), and a part that leads to one step
//! alone ends that step's path with the step's own short label, so a tap that plays a step always says
//! which step it plays.

use std::collections::HashMap;

/// The most choices a level offers before they are grouped by family.
pub(super) const LEVEL_MOST: usize = 20;

/// One part of a step's path before the levels are shaped.
pub(super) struct Part {
    /// What the choice says.
    pub(super) label: String,
    /// The group it is offered under when its level is too long.
    pub(super) family: Option<String>,
}

impl Part {
    /// A part never grouped.
    pub(super) fn plain(label: String) -> Part {
        Part {
            label,
            family: None,
        }
    }
}

/// A step's parts, and what the step says when one part leads to it alone.
pub(super) struct Placed {
    /// The parts from the top down.
    pub(super) parts: Vec<Part>,
    /// The step in a few words that stand alone.
    pub(super) short: String,
}

/// The menu paths of the placed steps, in their order.
pub(super) fn shape(mut placed: Vec<Placed>) -> Vec<Vec<String>> {
    let all: Vec<usize> = (0..placed.len()).collect();
    split_wide(&mut placed, &all, 0);
    let paths: Vec<Vec<String>> = placed
        .iter()
        .map(|p| p.parts.iter().map(|part| part.label.clone()).collect())
        .collect();
    let mut sharing: HashMap<&[String], usize> = HashMap::new();
    for path in &paths {
        for depth in 1..=path.len() {
            *sharing.entry(&path[..depth]).or_default() += 1;
        }
    }
    paths
        .iter()
        .zip(&placed)
        .map(|(path, step)| {
            let alone = (1..=path.len()).find(|&depth| sharing[&path[..depth]] == 1);
            match alone {
                Some(depth) if depth < path.len() => {
                    let mut short = path[..depth - 1].to_vec();
                    short.push(step.short.clone());
                    short
                }
                _ => path.clone(),
            }
        })
        .collect()
}

/// Splits every level under `members` (the steps sharing their first `depth` parts) that offers more
/// than [`LEVEL_MOST`] choices, when each of its choices has a family.
fn split_wide(placed: &mut [Placed], members: &[usize], depth: usize) {
    let groups = groups(placed, members, depth);
    let families = members.iter().all(|&m| {
        placed[m]
            .parts
            .get(depth)
            .is_some_and(|part| part.family.is_some())
    });
    if groups.len() > LEVEL_MOST && families {
        for &m in members {
            let family = placed[m].parts[depth].family.take();
            placed[m]
                .parts
                .insert(depth, Part::plain(family.unwrap_or_default()));
        }
        return split_wide(placed, members, depth);
    }
    for group in groups {
        if group.iter().any(|&m| placed[m].parts.len() > depth + 1) {
            split_wide(placed, &group, depth + 1);
        }
    }
}

/// The members grouped by their part at `depth`, in order of first appearance.
fn groups(placed: &[Placed], members: &[usize], depth: usize) -> Vec<Vec<usize>> {
    let mut groups: Vec<(&str, Vec<usize>)> = Vec::new();
    for &m in members {
        let Some(part) = placed[m].parts.get(depth) else {
            continue;
        };
        match groups.iter_mut().find(|(label, _)| *label == part.label) {
            Some((_, group)) => group.push(m),
            None => groups.push((&part.label, vec![m])),
        }
    }
    groups.into_iter().map(|(_, group)| group).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn placed(parts: &[(&str, Option<&str>)], short: &str) -> Placed {
        Placed {
            parts: parts
                .iter()
                .map(|&(label, family)| Part {
                    label: label.into(),
                    family: family.map(str::to_owned),
                })
                .collect(),
            short: short.into(),
        }
    }

    #[test]
    fn a_part_that_leads_to_one_step_says_which_step_it_plays() {
        let paths = shape(vec![
            placed(&[("Lay a Way Car", None), ("Boom", None)], "Lay the Boom"),
            placed(&[("Discard", None), ("Boom", None)], "Discard the Boom"),
            placed(&[("Discard", None), ("Coach", None)], "Discard the Coach"),
        ]);
        assert_eq!(
            paths,
            [
                vec!["Lay the Boom"],
                vec!["Discard", "Boom"],
                vec!["Discard", "Coach"],
            ]
        );
    }

    #[test]
    fn a_level_too_long_is_split_by_family() {
        let names: Vec<String> = (0..=LEVEL_MOST).map(|i| format!("Card {i}")).collect();
        let steps = names
            .iter()
            .enumerate()
            .map(|(i, name)| {
                let family = if i < 3 { "Few" } else { "Many" };
                placed(&[("Discard", None), (name, Some(family))], name)
            })
            .collect();
        let paths = shape(steps);
        assert_eq!(paths[0], ["Discard", "Few", "Card 0"]);
        assert_eq!(paths[LEVEL_MOST], ["Discard", "Many", "Card 20"]);
        let short = names[..LEVEL_MOST].iter().enumerate().map(|(i, name)| {
            let family = if i < 3 { "Few" } else { "Many" };
            placed(&[("Discard", None), (name, Some(family))], name)
        });
        assert_eq!(
            shape(short.collect())[0],
            ["Discard", "Card 0"],
            "a level of twenty stays whole"
        );
    }
}
