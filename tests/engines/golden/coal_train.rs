//! Coal Train: the start player, market, draw deck, reserve and incentive deal of fixed seeds.

use serde_json::json;

use super::{deal, kind};

/// Deals one game and checks every part of the setup, then that it starts.
fn check(players: usize, seed: u64, expected: serde_json::Value) {
    let setup = deal("coal_train", "{}", players, seed);
    for field in ["start_player", "market", "deck", "reserve", "incentives"] {
        assert_eq!(setup[field], expected[field], "seed {seed}: {field}");
    }
    assert_eq!(
        setup["ruled_2026_11_28"], true,
        "seed {seed}: a deal made now plays the rulings of 2026-11-28"
    );
    kind("coal_train")
        .start("{}", players, &setup.to_string(), seed)
        .expect("a dealt setup starts");
}

#[test]
fn three_players_seed_1() {
    check(
        3,
        1,
        json!({
            "start_player": 2,
            "market": [
                "ReservoirA-4", "ManagementA-1", "WaterStop-1", "CoalMineA-1", "BranchLine-1",
                "WaterStop-4", "WaterStop-2", "CoalMineA-5", "BranchLine-4", "ReservoirA-2",
                "CoalMineA-4", "IronMineA-3", "ManagementA-5", "ManagementA-3", "IronRoad-2",
                "CoalMineA-2", "IronMineA-2", "BranchLine-3", "BranchLine-2", "WaterStop-3",
                "ManagementA-2", "ReservoirA-3", "IronRoad-1", "IronRoad-3",
            ],
            "deck": [
                "green", "coaling", "red", "depot", "steep", "lobbyist", "ManagementA-4",
                "CoalMineA-3", "IronMineA-1", "IronMineA-5", "ReservoirA-5", "IronRoad-4",
                "IronMineA-4", "ReservoirA-1", "ManagementB-7", "ManagementB-5", "IronMineB-1",
                "ManagementB-4", "ManagementB-6", "ReservoirB-1", "Express-1", "IronMineB-2",
                "IronMineB-3", "ManagementB-3", "ReservoirB-4", "ManagementB-2", "TrunkLine-3",
                "TrunkLine-2", "GrandStation-1", "Express-3", "ManagementB-1", "GrandStation-2",
            ],
            "reserve": [
                "IronMineB-4", "CoalMineB-4", "Express-2", "TrunkLine-1", "ReservoirB-3",
                "CoalMineB-2", "ReservoirB-2", "CoalMineB-1", "CoalMineB-3", "GrandStation-3",
            ],
            "incentives": {
                "Ashford Junction": ["Boomtown", "Tile Collector", "Grand Depot", "Siding Rights"],
                "Blackwater": ["Company Store", "Iron Contract", "Coal Broker", "Mixed Freight"],
                "Cinder Falls": ["Mine Expansion", "Foundry Loan", "Timetable", "Town Water"],
                "Ironport": ["Rail Baron", "Lobby Pass", "Water Rights", "Build in Town"],
                "Kingsbridge": ["Subsidy Hoard", "Metropolitan", "Express Mail", "Coal Contract"],
                "Millbrook": ["Industrialist", "Coast to Coast", "Station Master", "Stockpile"],
            },
        }),
    );
}

#[test]
fn four_players_seed_42() {
    check(
        4,
        42,
        json!({
            "start_player": 0,
            "market": [
                "BranchLine-2", "BranchLine-3", "IronRoad-4", "ReservoirA-1", "ManagementA-5",
                "CoalMineA-6", "CoalMineA-5", "ReservoirA-4", "ReservoirA-3", "ManagementA-3",
                "WaterStop-1", "IronMineA-5", "CoalMineA-2", "CoalMineA-4", "IronRoad-5",
                "ManagementA-1", "CoalMineA-1", "ManagementA-4", "ReservoirA-6", "IronRoad-1",
                "IronMineA-3", "ManagementA-2", "CoalMineA-3", "WaterStop-3",
            ],
            "deck": [
                "coaling", "red", "green", "steep", "depot", "lobbyist", "IronMineA-1", "IronMineA-4",
                "WaterStop-5", "IronMineA-6", "BranchLine-4", "WaterStop-2", "IronRoad-2",
                "ReservoirA-5", "IronRoad-3", "WaterStop-4", "BranchLine-1", "ReservoirA-2",
                "IronMineA-2", "BranchLine-5", "ManagementB-2", "CoalMineB-2", "TrunkLine-4",
                "GrandStation-3", "IronMineB-1", "ManagementB-6", "ManagementB-1", "TrunkLine-1",
                "CoalMineB-3", "GrandStation-1", "Express-2", "IronMineB-5", "CoalMineB-5",
                "TrunkLine-3", "Express-3", "ReservoirB-1", "CoalMineB-1", "ReservoirB-4", "Express-1",
                "GrandStation-2", "CoalMineB-4", "IronMineB-3", "ManagementB-4", "ReservoirB-3",
            ],
            "reserve": [
                "IronMineB-2", "ManagementB-5", "ManagementB-3", "ReservoirB-2", "ManagementB-7",
                "TrunkLine-2", "ReservoirB-5", "IronMineB-4", "GrandStation-4", "Express-4",
            ],
            "incentives": {
                "Ashford Junction": ["Lobby Pass", "Efficiency Expert", "Coal Broker", "Grand Depot"],
                "Blackwater": ["Town Water", "Siding Rights", "Foundry Loan", "Coal Contract"],
                "Cinder Falls": ["Company Store", "Metropolitan", "Subsidy Hoard", "Boomtown"],
                "Ironport": ["Tile Collector", "Stockpile", "Mine Expansion", "Industrialist"],
                "Kingsbridge": ["Express Mail", "Rail Baron", "Survey Crew", "Timetable"],
                "Millbrook": ["Right of Way", "Ironworks", "Mixed Freight", "Frontier Spirit"],
            },
        }),
    );
}

#[test]
fn five_players_seed_2026() {
    check(
        5,
        2026,
        json!({
            "start_player": 2,
            "market": [
                "WaterStop-4", "BranchLine-4", "WaterStop-2", "CoalMineA-2", "WaterStop-5",
                "ManagementA-5", "CoalMineA-1", "ManagementA-1", "IronMineA-4", "IronMineA-7",
                "WaterStop-6", "ReservoirA-3", "IronRoad-2", "ReservoirA-6", "IronRoad-5",
                "WaterStop-3", "BranchLine-5", "IronMineA-1", "IronRoad-6", "ReservoirA-4",
                "CoalMineA-6", "BranchLine-6", "CoalMineA-5", "IronMineA-3",
            ],
            "deck": [
                "depot", "steep", "green", "coaling", "red", "lobbyist", "IronRoad-1", "IronMineA-6",
                "ReservoirA-2", "ManagementA-2", "CoalMineA-3", "IronRoad-4", "IronMineA-5",
                "ReservoirA-1", "BranchLine-1", "ManagementA-3", "BranchLine-2", "CoalMineA-7",
                "ReservoirA-7", "IronMineA-2", "IronRoad-3", "BranchLine-3", "ManagementA-4",
                "ReservoirA-5", "WaterStop-1", "CoalMineA-4", "ManagementB-4", "CoalMineB-6",
                "GrandStation-4", "ManagementB-2", "Express-3", "TrunkLine-1", "CoalMineB-4",
                "ReservoirB-3", "CoalMineB-3", "ReservoirB-1", "TrunkLine-4", "ManagementB-1",
                "ManagementB-7", "ManagementB-5", "ReservoirB-2", "CoalMineB-5", "Express-4",
                "ReservoirB-6", "TrunkLine-2", "IronMineB-3", "TrunkLine-5", "CoalMineB-2",
                "Express-2", "Express-5", "ManagementB-6", "GrandStation-3", "ReservoirB-5",
                "Express-1", "TrunkLine-3", "IronMineB-6",
            ],
            "reserve": [
                "CoalMineB-1", "GrandStation-2", "IronMineB-2", "ManagementB-3", "IronMineB-4",
                "IronMineB-1", "GrandStation-1", "IronMineB-5", "ReservoirB-4", "GrandStation-5",
            ],
            "incentives": {
                "Ashford Junction": ["Stockpile", "Rail Baron", "Efficiency Expert", "Right of Way"],
                "Blackwater": ["Water Tower", "Build in Town", "Town Water", "Industrialist"],
                "Cinder Falls": ["Company Store", "Coal Contract", "Timetable", "Mine Expansion"],
                "Ironport": ["Grand Depot", "Station Master", "Express Mail", "Coal Broker"],
                "Kingsbridge": ["Survey Crew", "Siding Rights", "Mixed Freight", "Metropolitan"],
                "Millbrook": ["Boomtown", "Iron Contract", "Foundry Loan", "Subsidy Hoard"],
            },
        }),
    );
}
