//! Helpers for this crate's unit tests (see `vtesdeck_fixtures::test_helpers`).

pub(crate) use vtesdeck_fixtures::Pieces;

vtesdeck_fixtures::test_helpers!(vtesdeck_cards, crate);
