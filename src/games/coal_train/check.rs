//! Whether a step is legal now, and if not, why: the one place each rule's conditions live. Listing legal
//! steps runs the same checks silently.

use super::building::BuildSource;
use super::content::DiscountOn;
use super::content::{IncentiveEffect, Perk, SubsidyEffect};
use super::discount::pay_with_cover;
use super::notation::{Action, space_name};
use super::refuse::{Refuse, require};
use super::resources::Res;
use super::state::{CENTRE, CoalTrain, Pending, Phase, SPACES};
use crate::game::Seat;
use crate::plural::counted;

/// Checks a trade: the same number of units given and received, 1 to `max`, never the same resource on
/// both sides, and the units given held.
pub(super) fn check_trade<R: Refuse>(
    have: &Res,
    give: &Res,
    take: &Res,
    max: u32,
) -> Result<(), R::Err> {
    require::<R>(
        give.total() == take.total() && (1..=max).contains(&give.total()),
        || {
            format!(
                "A trade gives 1 to {max} resources and receives as many; you named {give} for {take}."
            )
        },
    )?;
    require::<R>(
        !super::resources::Resource::ALL
            .into_iter()
            .any(|r| give.has(r) && take.has(r)),
        || "A trade never gives and receives the same resource.".to_string(),
    )?;
    require::<R>(have.covers(give), || {
        format!("You cannot give {give}; you have {have}.")
    })
}

impl CoalTrain {
    /// `Ok` if `seat` may take `action` now, else why not. Always inlined, as is [`Self::check_action`]:
    /// listing checks each candidate where it is made, and a call per candidate cost more (callgrind).
    #[inline(always)]
    pub(super) fn check<R: Refuse>(&self, seat: Seat, action: &Action) -> Result<(), R::Err> {
        require::<R>(self.seat_to_act() == Some(seat), || {
            match self.seat_to_act() {
                Some(_) => "It is not your turn.".to_string(),
                None => "The game is over.".to_string(),
            }
        })?;
        if let Phase::Subsidies(_) = self.phase {
            return self.check_setup_marker::<R>(action);
        }
        match self.pending.last() {
            None if self.takes_actions() => self.check_action::<R>(seat, action),
            Some(Pending::SecondBuild { kind, .. }) => match action {
                Action::Stop => Ok(()),
                Action::Build {
                    tile: None,
                    at,
                    via,
                    cover,
                } => self
                    .check_build::<R>(seat, BuildSource::Tile(*kind, false), *at, *via, *cover)
                    .map(drop),
                _ if Self::is_subsidy_step(action) => self.check_subsidy::<R>(seat, action),
                _ => Err(R::refuse(|| {
                    "Between two builds of a tile only subsidies may be spent: build again (`build <location> \
                     via <location>`), spend a subsidy, or `stop`."
                        .to_string()
                })),
            },
            Some(pending) => self.check_decision::<R>(seat, *pending, action),
            None => Err(R::refuse(|| "Nothing is owed now.".to_string())),
        }
    }

    /// Whether the seat to act takes its actions with nothing owed: then [`Self::check`] is
    /// [`Self::check_action`], and the listing checks its candidates with that alone.
    #[inline(always)]
    pub(super) fn takes_actions(&self) -> bool {
        self.phase == Phase::Actions && self.pending.is_empty()
    }

    fn check_setup_marker<R: Refuse>(&self, action: &Action) -> Result<(), R::Err> {
        let Action::Marker(subsidy) = *action else {
            return Err(R::refuse(|| {
                "Choose your setup subsidy first: `marker <subsidy>`.".to_string()
            }));
        };
        let taken = self.players.iter().any(|p| p.markers[subsidy] > 0);
        require::<R>(!taken, || {
            format!(
                "Another player chose {} already; setup subsidies are all different.",
                self.content().subsidies[subsidy].name
            )
        })
    }

    /// Whether a step spends a subsidy (allowed in the actions phase and between two builds).
    pub(super) fn is_subsidy_step(action: &Action) -> bool {
        matches!(
            action,
            Action::Spend(_) | Action::Trade { .. } | Action::Teleport { .. } | Action::BackRoom(_)
        )
    }

    /// `Ok` if `seat`, taking its actions with nothing pending, may take `action`, else why not.
    #[inline(always)]
    pub(super) fn check_action<R: Refuse>(
        &self,
        seat: Seat,
        action: &Action,
    ) -> Result<(), R::Err> {
        let content = self.content();
        let player = &self.players[seat];
        match *action {
            Action::End => Ok(()),
            Action::Step(to) => self.step_cost::<R>(seat, to).map(drop),
            Action::Buy => self.check_buy::<R>(seat),
            Action::Build {
                tile: Some(kind),
                at,
                via,
                cover,
            } => {
                let kind = usize::from(kind);
                require::<R>(self.holds_tile(seat, kind), || {
                    format!("You hold no {} tile.", content.kinds[kind].name)
                })?;
                self.check_build::<R>(seat, BuildSource::Tile(kind, true), at, via, cover)
                    .map(drop)
            }
            Action::Build { tile: None, .. } => Err(R::refuse(|| {
                "Name the Build Station tile you use: `build <tile> <location> …`.".to_string()
            })),
            Action::Upgrade { kind, cover } => {
                require::<R>(self.holds_tile(seat, kind), || {
                    format!("You hold no {} tile.", content.kinds[kind].name)
                })?;
                let Some(upgrade) = &content.kinds[kind].upgrade else {
                    return Err(R::refuse(|| {
                        format!(
                            "{} builds stations: `build {} <location>`.",
                            content.kinds[kind].name, content.kinds[kind].slug
                        )
                    }));
                };
                pay_with_cover::<R>(player, upgrade.cost, cover, Some(DiscountOn::Upgrade))
                    .map(drop)
            }
            Action::FreeUse(kind) => {
                require::<R>(self.holds_tile(seat, kind), || {
                    format!("You hold no {} tile.", content.kinds[kind].name)
                })?;
                require::<R>(content.kinds[kind].free_gain.is_some(), || {
                    format!("{} has no free use.", content.kinds[kind].name)
                })
            }
            Action::Standard { track, cover } => {
                let standard = &content.table.standard_upgrade;
                require::<R>(player.agent == Some(CENTRE), || {
                    format!(
                        "Your agent must stand on the Standard Upgrade ({}).",
                        space_name(CENTRE)
                    )
                })?;
                require::<R>(standard.tracks.contains(&track), || {
                    "The Standard Upgrade raises coal, iron or water income.".to_string()
                })?;
                require::<R>(player.ap >= standard.ap, || {
                    format!(
                        "The Standard Upgrade costs {}; you have {}.",
                        counted(standard.ap, "action point"),
                        player.ap
                    )
                })?;
                pay_with_cover::<R>(player, standard.cost, cover, Some(DiscountOn::Upgrade))
                    .map(drop)
            }
            Action::Exchange { give, take } => {
                let ap = self.exchange_ap(seat);
                require::<R>(player.ap >= ap, || {
                    format!(
                        "The Exchange costs {}; you have {}.",
                        counted(ap, "action point"),
                        player.ap
                    )
                })?;
                check_trade::<R>(&player.res, &give, &take, content.table.exchange.max)
            }
            Action::TakeCoal => {
                let ap = content.table.take_coal.ap;
                require::<R>(player.ap >= ap, || {
                    format!(
                        "Take Coal costs {}; you have {}.",
                        counted(ap, "action point"),
                        player.ap
                    )
                })
            }
            Action::Pay(incentive) => self.check_pay::<R>(seat, incentive),
            _ if Self::is_subsidy_step(action) => self.check_subsidy::<R>(seat, action),
            _ => Err(R::refuse(|| {
                format!("`{action}` answers a decision, and none is pending.")
            })),
        }
    }

    fn check_buy<R: Refuse>(&self, seat: Seat) -> Result<(), R::Err> {
        let content = self.content();
        let player = &self.players[seat];
        let Some(at) = player.agent else {
            return Err(R::refuse(|| "Your agent is off the board.".to_string()));
        };
        let space = self.market[at];
        let kind = space.tile.and_then(|t| content.kind_of(t));
        let Some(kind) = kind.filter(|_| !space.face_down) else {
            return Err(R::refuse(|| {
                "Only a face-up station or upgrade tile can be bought; not the Standard Upgrade, a \
                 whistlestop, a face-down tile or an empty space."
                    .to_string()
            }));
        };
        require::<R>(player.ap >= kind.buy_ap, || {
            format!(
                "{} costs {}; you have {}.",
                kind.name,
                counted(kind.buy_ap, "action point"),
                player.ap
            )
        })?;
        let fee = self.purchase_fee(seat);
        require::<R>(player.res.covers(&fee), || {
            format!(
                "Buying here pays {fee} to the other agents on the tile; you have {}.",
                player.res
            )
        })
    }

    fn check_pay<R: Refuse>(&self, seat: Seat, incentive: usize) -> Result<(), R::Err> {
        let content = self.content();
        let player = &self.players[seat];
        let card = &content.incentives[incentive];
        require::<R>(player.incentives.contains(&incentive), || {
            format!("You do not hold {}.", card.name)
        })?;
        let IncentiveEffect::Pay(price) = &card.effect else {
            return Err(R::refuse(|| {
                format!("{} is not paid for; it acts by itself.", card.name)
            }));
        };
        require::<R>(!player.paid.contains(&incentive), || {
            format!("You paid {} already; each is paid once.", card.name)
        })?;
        require::<R>(
            player.ap >= price.ap && player.res.covers(&price.cost),
            || {
                format!(
                    "{} costs {} and {}; you have {} and {}.",
                    card.name,
                    counted(price.ap, "action point"),
                    price.cost,
                    player.ap,
                    player.res
                )
            },
        )
    }

    fn check_subsidy<R: Refuse>(&self, seat: Seat, action: &Action) -> Result<(), R::Err> {
        let content = self.content();
        let player = &self.players[seat];
        if let Action::BackRoom(target) = *action {
            let back = &content.back_room;
            require::<R>(!content.back_room_never.contains(&target), || {
                format!(
                    "The Back Room never gives {}.",
                    content.subsidies[target].name
                )
            })?;
            return require::<R>(player.marker_count() >= back.markers, || {
                format!(
                    "The Back Room takes {}; you have {}.",
                    counted(back.markers, "marker"),
                    player.marker_count()
                )
            });
        }
        let Some(subsidy) = action.spent_subsidy() else {
            return Err(R::refuse(|| "That is not a subsidy.".to_string()));
        };
        let spec = &content.subsidies[subsidy];
        require::<R>(player.markers[subsidy] >= spec.markers, || {
            format!(
                "{} takes {}; you have {}.",
                spec.name,
                counted(spec.markers, "marker"),
                player.markers[subsidy]
            )
        })?;
        match (&spec.effect, *action) {
            (SubsidyEffect::Gain(_) | SubsidyEffect::Ap(_), Action::Spend(_)) => Ok(()),
            (SubsidyEffect::Income(track), Action::Spend(_)) => {
                require::<R>(player.tracks[track.index()] < content.top(*track), || {
                    format!("Your {} income is at the top of its track.", track.word())
                })
            }
            (SubsidyEffect::Trade(max), Action::Trade { give, take, .. }) => {
                check_trade::<R>(&player.res, &give, &take, *max)
            }
            (SubsidyEffect::Teleport, Action::Teleport { to, .. }) => {
                require::<R>(to < SPACES && player.agent != Some(to), || {
                    format!("{} moves your agent to any space but its own.", spec.name)
                })?;
                self.landing_cost::<R>(seat, to).map(drop)
            }
            (SubsidyEffect::Discount { .. }, _) => Err(R::refuse(|| {
                format!(
                    "{} is spent inside a build or an upgrade: add `cover <units>` to that step.",
                    spec.name
                )
            })),
            (SubsidyEffect::Trade(_), _) => Err(R::refuse(|| {
                format!(
                    "Say the trade: `spend {} cc iw` (given, then received).",
                    spec.key
                )
            })),
            (SubsidyEffect::Teleport, _) => Err(R::refuse(|| {
                format!("Say where to: `spend {} c3`.", spec.key)
            })),
            _ => Err(R::refuse(|| {
                format!("Spend {} alone: `spend {}`.", spec.name, spec.key)
            })),
        }
    }

    fn check_decision<R: Refuse>(
        &self,
        seat: Seat,
        pending: Pending,
        action: &Action,
    ) -> Result<(), R::Err> {
        let content = self.content();
        let player = &self.players[seat];
        match (pending, *action) {
            (Pending::Incentive { city }, Action::Take(incentive)) => {
                require::<R>(self.offers[city].contains(&incentive), || {
                    format!(
                        "{} is not among the incentives of {}.",
                        content.incentives[incentive].name, content.map.locations[city].name
                    )
                })
            }
            (Pending::TownBuild { .. }, Action::Skip) => Ok(()),
            (
                Pending::TownBuild { incentive },
                Action::Build {
                    tile: None,
                    at,
                    via,
                    cover,
                },
            ) => self
                .check_build::<R>(seat, BuildSource::Incentive(incentive), at, via, cover)
                .map(drop),
            (Pending::Marker, Action::Marker(_)) => Ok(()),
            (Pending::Rondel, Action::Rondel(n)) => {
                require::<R>((1..=content.rondel_max_move).contains(&n), || {
                    format!(
                        "The rondel loco moves 1 to {} spaces.",
                        content.rondel_max_move
                    )
                })
            }
            (Pending::Lobby { .. }, Action::Skip) => Ok(()),
            (Pending::Lobby { .. }, Action::Lobby { from, to }) => {
                require::<R>(from != to, || {
                    "The marker must move to a different slot.".to_string()
                })?;
                require::<R>(player.markers[from] > 0, || {
                    format!(
                        "You have no {} marker to move.",
                        content.subsidies[from].name
                    )
                })
            }
            (Pending::Depot { stop }, Action::Gain(resource)) => {
                let choices = &content.whistlestops[stop].choose_one;
                require::<R>(choices.contains(&resource), || {
                    let words: Vec<&str> = choices.iter().map(|r| r.word()).collect();
                    format!("Here you gain one of: {}.", words.join(", "))
                })
            }
            (Pending::BackRoom { .. }, Action::Give(subsidy)) => {
                require::<R>(player.markers[subsidy] > 0, || {
                    format!(
                        "You have no {} marker to give.",
                        content.subsidies[subsidy].name
                    )
                })
            }
            (Pending::Place { tile }, Action::Place(space) | Action::Swap(space)) => {
                require::<R>(self.is_placement(seat, tile, *action), || {
                    self.placement_refusal(seat, tile, space)
                })
            }
            _ => Err(R::refuse(|| self.decision_prompt(pending))),
        }
    }

    /// What a pending decision asks for, as a refusal of anything else.
    fn decision_prompt(&self, pending: Pending) -> String {
        let content = self.content();
        match pending {
            Pending::SecondBuild { .. } => "Build again or `stop`.".to_string(),
            Pending::Incentive { city } => format!(
                "First take an incentive of {} (`take <incentive>`).",
                content.map.locations[city].name
            ),
            Pending::TownBuild { incentive } => format!(
                "First use {} (`build <town> via <location>`) or `skip` it.",
                content.incentives[incentive].name
            ),
            Pending::Marker => "First choose a subsidy marker (`marker <subsidy>`).".to_string(),
            Pending::Rondel => {
                "First move the rondel loco (`rondel 1`, `rondel 2` or `rondel 3`).".to_string()
            }
            Pending::Lobby { .. } => {
                "First move one of your markers (`lobby <from> <to>`) or `skip`.".to_string()
            }
            Pending::Depot { .. } => {
                "First choose what the Depot gives (`gain iron` or `gain water`).".to_string()
            }
            Pending::BackRoom { target, given } => format!(
                "First give the Back Room {} more for {} (`give <subsidy>`).",
                counted(content.back_room.markers - given, "marker"),
                content.subsidies[target].name
            ),
            Pending::Place { tile } => format!(
                "First place the drawn {} (`place <space>` or `swap <space>`).",
                content.tile_name(tile)
            ),
        }
    }

    /// Whether `seat` holds a bought tile of this kind.
    pub(super) fn holds_tile(&self, seat: Seat, kind: usize) -> bool {
        let content = self.content();
        self.players[seat]
            .tiles
            .iter()
            .any(|&t| content.tiles[usize::from(t)].kind_index == kind)
    }

    /// What `seat` pays the other agents on its space to buy the tile there.
    pub(super) fn purchase_fee(&self, seat: Seat) -> Res {
        let at = self.players[seat].agent;
        let others = self
            .players
            .iter()
            .enumerate()
            .filter(|&(s, p)| s != seat && p.agent.is_some() && p.agent == at)
            .count() as u32;
        if others == 0 || self.holds(seat, Perk::NoPurchaseFee) {
            return Res::NONE;
        }
        let fee = self.content().table.purchase_fee;
        Res {
            coal: fee.coal * others,
            iron: fee.iron * others,
            water: fee.water * others,
        }
    }

    /// Action points `seat`'s next Exchange costs.
    pub(super) fn exchange_ap(&self, seat: Seat) -> u32 {
        let free = !self.players[seat].exchanged && self.holds(seat, Perk::FreeFirstExchange);
        if free {
            0
        } else {
            self.content().table.exchange.ap
        }
    }
}
