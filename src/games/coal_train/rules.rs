//! The [`Game`] implementation of Coal Train: the trait's entry points over the table in `state.rs`.

use std::ops::RangeInclusive;

use serde::{Deserialize, Serialize};

use super::content::Content;
use super::notation::Action;
use super::setup::{self, CoalTrainSetup};
use super::state::{CoalTrain, Phase};
use super::view::CoalTrainView;
use crate::game::{
    Actor, Game, GameRng, OptionSpec, Outcome, RuleError, Seat, SetupError, ToAct, Viewer,
};
use crate::games::narration::Sink;

/// Coal Train has no options yet.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CoalTrainOptions {}

impl Game for CoalTrain {
    type Options = CoalTrainOptions;
    type Setup = CoalTrainSetup;
    type Action = Action;
    type View = CoalTrainView;

    const ID: &'static str = "coal_train";
    const NAME: &'static str = "Coal Train";
    const OPTIONS: &'static [OptionSpec] = &[];
    const HIDES_INFORMATION: bool = true;

    fn seats() -> RangeInclusive<usize> {
        let [min, max] = Content::get().table.players;
        min..=max
    }

    fn deal(_options: &CoalTrainOptions, players: usize, rng: &mut GameRng) -> CoalTrainSetup {
        setup::deal(players, rng)
    }

    fn start(
        _options: CoalTrainOptions,
        players: usize,
        setup: CoalTrainSetup,
        _seed: u64,
    ) -> Result<Self, SetupError> {
        setup::start(players, &setup)
    }

    fn players(&self) -> usize {
        self.player_count()
    }

    fn to_act(&self) -> ToAct {
        match self.seat_to_act() {
            Some(seat) => ToAct::one(seat),
            None => ToAct::Over,
        }
    }

    fn legal(&self, seat: Seat) -> Vec<Action> {
        self.legal_steps(seat)
    }

    fn legal_into(&self, seat: Seat, out: &mut Vec<Action>) {
        self.legal_into_steps(seat, out);
    }

    fn label(&self, action: &Action) -> String {
        super::labels::label(self, action)
    }

    fn menu_paths(&self, steps: &[Action]) -> Vec<Vec<String>> {
        steps
            .iter()
            .map(|step| super::menu::menu_path(self, step))
            .collect()
    }

    fn play_step(
        &mut self,
        actor: Actor,
        action: &Action,
        sink: &mut impl Sink,
    ) -> Result<(), RuleError> {
        self.play(actor.player()?, action, sink)
    }

    fn view(&self, viewer: Viewer) -> CoalTrainView {
        CoalTrainView::new(self, viewer)
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.phase == Phase::Over).then(|| super::scoring::outcome(self))
    }

    fn resample_hidden(&self, _viewer: Viewer, rng: &mut GameRng) -> CoalTrain {
        super::unseen::resample_hidden(self, rng)
    }
}
