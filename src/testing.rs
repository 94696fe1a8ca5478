//! Helpers for this crate's unit tests (see `vtesdeck_fixtures::test_helpers`).

pub(crate) use vtesdeck_fixtures::{sorted_names, Pieces};

vtesdeck_fixtures::test_helpers!(vtesdeck_cards, vtesdeck_deck);
