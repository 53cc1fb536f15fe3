//! Where the listing's steps go: written out (a `Vec`), counted ([`Count`]), or only the one at an index
//! kept ([`Pick`]). The listing offers most of its steps in groups whose size it knows before making
//! them, so a random pick (count, draw an index, pick) makes one step instead of every legal one: listing
//! was three quarters of a random hand's instructions (callgrind), most of it writing out steps that
//! were not chosen.

use super::notation::Action;

/// A receiver of the listing's steps, in listing order.
pub(super) trait StepSink {
    /// Offers `count` steps, which `steps` makes in order if they are wanted.
    fn group<I: Iterator<Item = Action>>(&mut self, count: usize, steps: impl FnOnce() -> I);
    /// Offers steps whose number is known only by making them.
    fn each(&mut self, steps: impl Iterator<Item = Action>);
    /// How many steps have been offered so far.
    fn offered(&self) -> usize;

    /// Offers one step.
    fn one(&mut self, step: Action) {
        self.group(1, || std::iter::once(step));
    }
}

impl StepSink for Vec<Action> {
    fn group<I: Iterator<Item = Action>>(&mut self, count: usize, steps: impl FnOnce() -> I) {
        let before = self.len();
        self.extend(steps());
        debug_assert_eq!(
            self.len() - before,
            count,
            "a group of steps is as long as the listing says"
        );
    }

    fn each(&mut self, steps: impl Iterator<Item = Action>) {
        self.extend(steps);
    }

    fn offered(&self) -> usize {
        self.len()
    }
}

/// Counts the steps offered.
#[derive(Default)]
pub(super) struct Count(pub usize);

impl StepSink for Count {
    fn group<I: Iterator<Item = Action>>(&mut self, count: usize, _: impl FnOnce() -> I) {
        self.0 += count;
    }

    fn each(&mut self, steps: impl Iterator<Item = Action>) {
        self.0 += steps.count();
    }

    fn offered(&self) -> usize {
        self.0
    }
}

/// Keeps the step at one index of the listing, making no other (except those of an [`StepSink::each`]
/// before it).
pub(super) struct Pick {
    index: usize,
    offered: usize,
    picked: Option<Action>,
}

impl Pick {
    /// A pick of the step at `index`.
    pub(super) fn at(index: usize) -> Pick {
        Pick {
            index,
            offered: 0,
            picked: None,
        }
    }

    /// The step at the index, if that many were offered.
    pub(super) fn picked(self) -> Option<Action> {
        self.picked
    }
}

impl StepSink for Pick {
    fn group<I: Iterator<Item = Action>>(&mut self, count: usize, steps: impl FnOnce() -> I) {
        if self.picked.is_none() && (self.offered..self.offered + count).contains(&self.index) {
            self.picked = steps().nth(self.index - self.offered);
        }
        self.offered += count;
    }

    fn each(&mut self, steps: impl Iterator<Item = Action>) {
        if self.picked.is_some() {
            return;
        }
        for step in steps {
            if self.offered == self.index {
                self.picked = Some(step);
                self.offered += 1;
                return;
            }
            self.offered += 1;
        }
    }

    fn offered(&self) -> usize {
        self.offered
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::express::Kind;

    fn discards(kinds: &[Kind]) -> impl Iterator<Item = Action> + '_ {
        kinds.iter().map(|&k| Action::Discard(k))
    }

    /// The same offers made to any sink: a group, a single step, an uncounted run, another group.
    fn offer(sink: &mut impl StepSink) {
        sink.group(2, || discards(&[Kind::BoxCar, Kind::Coach]));
        sink.one(Action::Draw);
        sink.each(discards(&[Kind::Wild, Kind::Dome, Kind::Mail]));
        sink.group(1, || discards(&[Kind::Caboose]));
    }

    #[test]
    fn a_count_and_every_pick_agree_with_the_written_list() {
        let mut list = Vec::new();
        offer(&mut list);
        let mut count = Count::default();
        offer(&mut count);
        assert_eq!(count.0, list.len());
        for (index, step) in list.iter().enumerate() {
            let mut pick = Pick::at(index);
            offer(&mut pick);
            assert_eq!(pick.picked(), Some(*step), "the step at {index}");
        }
        let mut beyond = Pick::at(list.len());
        offer(&mut beyond);
        assert_eq!(beyond.picked(), None);
    }
}
