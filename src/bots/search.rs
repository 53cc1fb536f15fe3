//! The hard bot: single-observer information-set Monte Carlo tree search (Cowling, Powley and
//! Whitehouse, 2012). Each iteration draws a full state the seat cannot tell from the real one
//! ([`SeatSight::sample`]), walks the one shared tree along the steps that are legal in that sample,
//! adds one step, plays the game on with the game's playout policy for a few steps and scores where it
//! stops; the step tried most often at the root is played. Budgeted by iterations, never by the clock,
//! so a seed gives the same step on every machine.
//!
//! Our own code rather than a crate's: the search must run over our `Game` interface, draw every
//! random number from the game's own [`GameRng`] (seeded results must never change) and see the game
//! only through a seat's sight; no maintained MCTS crate offers information sets over samples.

use super::SearchBot;
use super::reward::outcome_rewards;
use crate::game::{Game, GameRng, Seat, SeatSight, ToAct};

/// The exploration constant of the UCB1 rule for rewards in `0.0..=1.0`.
const EXPLORATION: f64 = 0.7;

/// One step in the tree: who took it, what it was, and what it earned that seat over the iterations
/// that passed through it.
struct Node<A> {
    /// The seat that took the step (the root's is the searching seat and is never read).
    mover: Seat,
    /// The step (none at the root).
    step: Option<A>,
    /// The nodes of the steps tried after this one.
    children: Vec<usize>,
    /// Iterations that passed through this node.
    visits: u32,
    /// Iterations in which this step was legal when its parent was reached (the "availability" count
    /// that keeps steps legal only in some samples from being over- or under-explored).
    available: u32,
    /// The mover's rewards summed over the visits.
    reward: f64,
}

/// The search tree of one decision.
struct Tree<A> {
    nodes: Vec<Node<A>>,
}

impl<A: Clone + Eq> Tree<A> {
    fn new(seat: Seat) -> Self {
        Tree {
            nodes: vec![Node {
                mover: seat,
                step: None,
                children: Vec::new(),
                visits: 0,
                available: 0,
                reward: 0.0,
            }],
        }
    }

    /// The child of `parent` for `mover` taking `step`, if it has been tried.
    fn child(&self, parent: usize, mover: Seat, step: &A) -> Option<usize> {
        self.nodes[parent].children.iter().copied().find(|&c| {
            let node = &self.nodes[c];
            node.mover == mover && node.step.as_ref() == Some(step)
        })
    }

    fn add_child(&mut self, parent: usize, mover: Seat, step: A) -> usize {
        let id = self.nodes.len();
        self.nodes.push(Node {
            mover,
            step: Some(step),
            children: Vec::new(),
            visits: 0,
            available: 1,
            reward: 0.0,
        });
        self.nodes[parent].children.push(id);
        id
    }

    /// The UCB1 value of a tried child, with its availability in place of its parent's visits.
    fn ucb(&self, child: usize) -> f64 {
        let node = &self.nodes[child];
        let visits = f64::from(node.visits.max(1));
        node.reward / visits + EXPLORATION * (f64::from(node.available.max(1)).ln() / visits).sqrt()
    }

    /// The root's most visited child (the first tried wins a tie).
    fn best_child(&self) -> Option<usize> {
        let root = &self.nodes[0];
        let mut best: Option<usize> = None;
        for &child in &root.children {
            if best.is_none_or(|b| self.nodes[child].visits > self.nodes[b].visits) {
                best = Some(child);
            }
        }
        best
    }

    /// The mean reward of a child over its visits.
    fn mean(&self, child: usize) -> f64 {
        let node = &self.nodes[child];
        node.reward / f64::from(node.visits.max(1))
    }

    /// The root's step: the most visited, unless `fallback` (tried at the root) earned on average at
    /// least as much less `margin`, when the search could not tell them apart and `fallback` is played.
    fn chosen_step(&self, fallback: Option<(A, f64)>) -> Option<A> {
        let best = self.best_child()?;
        if let Some((step, margin)) = fallback {
            let tried = self.child(0, self.nodes[0].mover, &step);
            if tried.is_some_and(|c| self.mean(c) + margin >= self.mean(best)) {
                return Some(step);
            }
        }
        self.nodes[best].step.clone()
    }
}

/// The step the hard bot takes for the seat of `sight` after `iterations` iterations of the search.
pub fn choose<G: SearchBot>(
    sight: &SeatSight<'_, G>,
    rng: &mut GameRng,
    iterations: u32,
) -> G::Action {
    let legal = sight.legal();
    if legal.len() == 1 {
        return legal[0].clone();
    }
    let mut tree = Tree::new(sight.seat());
    let mut steps = Vec::new();
    for _ in 0..iterations {
        let mut state = sight.sample(rng);
        iterate(&mut tree, &mut state, rng, &mut steps);
    }
    let fallback = G::NORMAL_MARGIN.map(|margin| (G::choose(sight, rng), margin));
    tree.chosen_step(fallback)
        .filter(|step| legal.contains(step))
        .unwrap_or_else(|| legal[0].clone())
}

/// The seat that takes the next step in a simulation: the first of those that owe one.
fn next_mover<G: Game>(state: &G) -> Option<Seat> {
    match state.to_act() {
        ToAct::Seats(seats) => seats.first().copied(),
        _ => None,
    }
}

/// One iteration on the sampled `state`: selection and expansion in the tree, a playout, and the
/// rewards carried back up the path.
fn iterate<G: SearchBot>(
    tree: &mut Tree<G::Action>,
    state: &mut G,
    rng: &mut GameRng,
    steps: &mut Vec<G::Action>,
) {
    let mut path = vec![0];
    let mut node = 0;
    while let Some(mover) = next_mover(state) {
        state.legal_into(mover, steps);
        if steps.is_empty() {
            break;
        }
        state.tree_steps(mover, steps);
        let mut untried = Vec::new();
        let mut best: Option<(f64, usize)> = None;
        for step in steps.iter() {
            match tree.child(node, mover, step) {
                Some(child) => {
                    tree.nodes[child].available += 1;
                    let value = tree.ucb(child);
                    if best.is_none_or(|(b, _)| value > b) {
                        best = Some((value, child));
                    }
                }
                None => untried.push(step.clone()),
            }
        }
        if !untried.is_empty() {
            let step = untried.swap_remove(rng.index(untried.len()));
            if state.apply_quiet(mover, &step).is_err() {
                break;
            }
            node = tree.add_child(node, mover, step);
            path.push(node);
            break;
        }
        let Some((_, child)) = best else { break };
        let step = tree.nodes[child].step.clone().expect("a child has a step");
        if state.apply_quiet(mover, &step).is_err() {
            break;
        }
        node = child;
        path.push(node);
    }
    let rewards = playout(state, rng, steps);
    for id in path {
        let node = &mut tree.nodes[id];
        node.visits += 1;
        node.reward += rewards.get(node.mover).copied().unwrap_or(0.0);
    }
}

/// Plays `state` on by the game's playout policy for at most [`SearchBot::PLAYOUT_STEPS`] steps and
/// returns each seat's reward: from the outcome when the game ended, else from the game's judgement.
fn playout<G: SearchBot>(state: &mut G, rng: &mut GameRng, steps: &mut Vec<G::Action>) -> Vec<f64> {
    for _ in 0..G::PLAYOUT_STEPS {
        let Some(mover) = next_mover(state) else {
            break;
        };
        state.legal_into(mover, steps);
        if steps.is_empty() {
            break;
        }
        let step = if G::PLAYOUT_SLIP > 0.0 && rng.fraction() < G::PLAYOUT_SLIP {
            steps[rng.index(steps.len())].clone()
        } else {
            state.playout_step(mover, steps, rng)
        };
        if state.apply_quiet(mover, &step).is_err() {
            break;
        }
    }
    match state.outcome() {
        Some(outcome) => outcome_rewards(&outcome, state.players()),
        None => state.win_chances(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::SearchBot;
    use crate::bots::nim::{Nim, Take};

    fn pile(pile: u32) -> Nim {
        Nim {
            pile,
            to_move: 0,
            winner: None,
        }
    }

    fn searched(game: &Nim, seed: u64) -> Take {
        choose(
            &SeatSight::new(game, 0),
            &mut GameRng::seeded(seed),
            Nim::HARD_ITERATIONS,
        )
    }

    #[test]
    fn the_search_finds_the_winning_take_where_there_is_one() {
        for start in [5, 6, 7, 9, 10, 11] {
            for seed in 0..3 {
                assert_eq!(
                    searched(&pile(start), seed),
                    Take(start % 4),
                    "from a pile of {start} (seed {seed}) only taking {} wins",
                    start % 4
                );
            }
        }
    }

    /// A root with two tried children: `Take(1)` visited `visits.0` times for `rewards.0` in all,
    /// `Take(2)` `visits.1` times for `rewards.1`.
    fn two_children(visits: (u32, u32), rewards: (f64, f64)) -> Tree<Take> {
        let mut tree = Tree::new(0);
        for (take, visits, reward) in [(1, visits.0, rewards.0), (2, visits.1, rewards.1)] {
            let child = tree.add_child(0, 0, Take(take));
            tree.nodes[child].visits = visits;
            tree.nodes[child].reward = reward;
        }
        tree
    }

    #[test]
    fn the_normal_step_is_played_only_when_the_search_cannot_tell_it_from_the_most_tried() {
        let tree = two_children((60, 40), (36.0, 22.0));
        assert_eq!(tree.chosen_step(None), Some(Take(1)));
        // 0.55 against 0.60: within a margin of 0.1, not within 0.01.
        assert_eq!(tree.chosen_step(Some((Take(2), 0.1))), Some(Take(2)));
        assert_eq!(tree.chosen_step(Some((Take(2), 0.01))), Some(Take(1)));
        // A step the search never tried at the root is never played in its stead.
        assert_eq!(tree.chosen_step(Some((Take(3), 1.0))), Some(Take(1)));
    }

    #[test]
    fn the_same_seed_gives_the_same_step_and_a_lost_pile_still_gets_a_legal_one() {
        let game = pile(8);
        let step = searched(&game, 7);
        assert_eq!(step, searched(&game, 7));
        assert!(game.legal(0).contains(&step));
    }

    #[test]
    fn a_single_legal_step_is_taken_without_searching() {
        assert_eq!(
            choose(&SeatSight::new(&pile(1), 0), &mut GameRng::seeded(1), 0),
            Take(1)
        );
    }
}
