//! The rules engines through their public interfaces: the conformance suite over every registered game,
//! each game's rulings written as games, golden deals, stored games, the shunting solver and puzzles.
//! One test crate for all of them, so the library and its dependencies are linked once.

#[path = "../support/walks.rs"]
mod walks;
// Each test crate reads the fields of the stored games it needs, not all of them.
#[allow(dead_code)]
#[path = "../support/stored_games.rs"]
mod stored;

mod all_bots;
mod coal_train_bot;
mod coal_train_cities;
mod coal_train_incentives;
mod coal_train_labels;
mod coal_train_listing;
mod coal_train_menu;
mod coal_train_props;
mod coal_train_rules;
mod coal_train_scoring;
mod coal_train_stored_rulings;
mod coal_train_table;
mod conformance;
mod engine_purity;
mod express_block_question;
mod express_bot;
mod express_deck_spent;
mod express_disasters;
mod express_feasible;
mod express_hands;
mod express_listing;
mod express_menu;
mod express_notation;
mod express_pinned;
mod express_props;
mod express_tables;
mod express_trains;
mod express_way_car_seat;
mod golden;
mod replay;
mod replay_actors;
mod shunting_cards;
mod shunting_daily;
mod shunting_empty_goals;
mod shunting_expand;
mod shunting_guides;
mod shunting_hard_starts;
mod shunting_hardest_starts;
mod shunting_impossible;
mod shunting_moves;
mod shunting_present;
mod shunting_session;
mod shunting_solver;
mod shunting_solver_memory;
mod shunting_timesaver;
mod shunting_unknown_fields;
mod shunting_wright;
mod stored_games;
mod ties;
mod whistlewood_bot;
mod whistlewood_props;
mod whistlewood_regressions;
mod whistlewood_rules;
mod yardmaster_props;
mod yardmaster_rules;
mod yardmaster_whistlewood_menus;
