//! Commands the table's refusals point people to, kept as data: each front end writes them in its own
//! syntax (`join` in the terminal, `/game join` on Discord), so no front end edits the table's sentences.

/// A table command a message suggests.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Suggestion {
    /// Open a game.
    NewGame,
    /// Take a seat in the lobby.
    Join,
    /// Put a bot in a seat.
    AddBot,
    /// Show the table.
    Board,
    /// Give up the seat.
    Resign,
    /// End the game now, after its deadline.
    EndNow,
}

/// How a front end writes the commands it takes.
pub trait CommandSyntax {
    /// `suggestion` as a person types it in this front end, quoted as code (`` `join` ``).
    fn command(&self, suggestion: Suggestion) -> String;
}

/// The commands as typed words (`new <game>`, `join`, `bot add`): the terminal's syntax, and the one a
/// [`TableError`](super::TableError) uses when shown with `to_string`.
#[derive(Clone, Copy, Debug, Default)]
pub struct TypedCommands;

impl CommandSyntax for TypedCommands {
    fn command(&self, suggestion: Suggestion) -> String {
        let words = match suggestion {
            Suggestion::NewGame => "new <game>",
            Suggestion::Join => "join",
            Suggestion::AddBot => "bot add",
            Suggestion::Board => "board",
            Suggestion::Resign => "resign",
            Suggestion::EndNow => "end-now",
        };
        format!("`{words}`")
    }
}
