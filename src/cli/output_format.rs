//! `--format text|json`: the one output flag of the commands that write text
//! or JSON Lines, with `--json`, the older spelling, kept as its alias. The
//! same words as `check --format` and `diff --format` (`text`, `json`; `human`
//! is accepted for `text`).

/// What a command writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum TextOrJson {
    /// Text for people.
    #[value(alias = "human")]
    Text,
    /// JSON Lines: one record per line (docs/json-output.md).
    Json,
}

/// `--format` and its alias `--json`.
#[derive(Debug, Clone, clap::Args)]
pub struct FormatArgs {
    /// Output format: text (for people) or json (JSON Lines, one record per line).
    #[arg(long, value_enum, default_value_t = TextOrJson::Text, value_name = "FORMAT")]
    format: TextOrJson,

    /// Same as `--format json`.
    #[arg(long, conflicts_with = "format")]
    json: bool,
}

impl FormatArgs {
    /// Whether JSON is asked for (`--format json` or `--json`).
    pub fn json(&self) -> bool {
        self.json || self.format == TextOrJson::Json
    }
}
