//! A memo of what was worked out from short texts (crypt rows), by the text:
//! a decklist archive writes the same rows again and again.

use std::hash::BuildHasher;
use std::sync::OnceLock;

/// Texts longer than this are not kept (worked out every time).
pub const MAX_KEPT_TEXT: usize = 160;

/// Values worked out from texts, kept by their text in a fixed number of
/// slots, shared by the threads that read (a text's slot is chosen by its
/// hash; a slot, once taken, keeps its text): memory is bounded, nothing is
/// ever resized or locked, and a text is looked up by one hash and one
/// comparison. Each thread that works a text out keeps what it found: the
/// others find it there (a memo per thread made each of them work out the
/// same rows again: 2% more instructions on two threads, 12% on eight). The
/// slots are made a page at a time, when a text first falls in the page: a
/// command that reads one deck makes a few pages, not the whole memo.
#[derive(Debug)]
pub struct TextMemo<V> {
    pages: Box<[Page<V>]>,
}

/// A page of a [`TextMemo`]'s slots, made when first used.
type Page<V> = OnceLock<Box<[Slot<V>]>>;

/// A slot of a [`TextMemo`]: a text and its value, once kept.
type Slot<V> = OnceLock<(Box<str>, V)>;

/// An empty memo (its pages are made when first used).
impl<V> Default for TextMemo<V> {
    fn default() -> TextMemo<V> {
        TextMemo {
            pages: std::iter::repeat_with(OnceLock::new)
                .take(Self::SLOTS / Self::PAGE_SLOTS)
                .collect(),
        }
    }
}

impl<V> TextMemo<V> {
    /// How many slots a memo has (a power of two).
    const SLOTS: usize = 1 << 15;

    /// How many slots a page has (a power of two).
    const PAGE_SLOTS: usize = 1 << 7;

    /// The place of a text in the memo: the value kept for it, if any, and
    /// where to keep one (one hash of the text for both).
    pub fn place<'m, 't>(&'m self, text: &'t str) -> Place<'m, 't, V> {
        Place {
            slot: self.slot(text),
            text,
        }
    }

    /// The slot of a text (`None` for a text longer than
    /// `MAX_KEPT_TEXT`): empty, the text's own, or another text's.
    fn slot(&self, text: &str) -> Option<&Slot<V>> {
        if text.len() > MAX_KEPT_TEXT {
            return None;
        }
        let hash = rustc_hash::FxBuildHasher.hash_one(text.as_bytes());
        // The hash's high bits are its best mixed.
        let index = (hash >> (64 - Self::SLOTS.trailing_zeros())) as usize;
        let page = self.pages.get(index / Self::PAGE_SLOTS)?.get_or_init(|| {
            std::iter::repeat_with(OnceLock::new)
                .take(Self::PAGE_SLOTS)
                .collect()
        });
        page.get(index % Self::PAGE_SLOTS)
    }
}

/// A text's place in a [`TextMemo`] ([`TextMemo::place`]).
#[derive(Debug)]
pub struct Place<'m, 't, V> {
    /// Its slot (`None` for a text too long to be kept).
    slot: Option<&'m Slot<V>>,
    text: &'t str,
}

impl<'m, V> Place<'m, '_, V> {
    /// The value kept for the text, if its slot holds it.
    pub fn value(&self) -> Option<&'m V> {
        match self.slot?.get() {
            Some((kept, value)) if **kept == *self.text => Some(value),
            _ => None,
        }
    }

    /// Keeps a value worked out from the text, unless its slot holds another
    /// text's (or the text is longer than [`MAX_KEPT_TEXT`]).
    pub fn keep(self, value: V) {
        if let Some(slot) = self.slot {
            // Taken by another thread meanwhile: its value stays.
            let _ = slot.set((self.text.into(), value));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A text's value is found only by that text, whichever thread kept it;
    /// a value is kept unless its slot holds another text.
    #[test]
    fn values_are_found_by_their_own_text_only() {
        let memo = TextMemo::default();
        let words = ["a", "b", "é", " ", "\t", "Theo", "7"];
        let texts = |seed: u32| {
            let mut pieces = crate::testing::Pieces(seed);
            (0..5_000)
                .map(|_| {
                    let count = 1 + pieces.next_number() as usize % 12;
                    pieces.text(&words, count)
                })
                .collect::<Vec<String>>()
        };
        let kept_by = |texts: &[String]| {
            let mut kept = 0;
            for text in texts {
                let place = memo.place(text);
                match place.value() {
                    Some(length) => assert_eq!(*length, text.len(), "{text:?}"),
                    None => {
                        place.keep(text.len());
                        kept += usize::from(memo.place(text).value() == Some(&text.len()));
                    }
                }
            }
            kept
        };
        let (first, second) = (texts(0x3e30), texts(0x51de));
        let kept = std::thread::scope(|scope| {
            let other = scope.spawn(|| kept_by(&second));
            kept_by(&first) + other.join().expect("the other thread")
        });
        assert!(kept > 0);
        for text in first.iter().chain(&second) {
            // Either not kept (its slot taken) or holding its own value.
            if let Some(length) = memo.place(text).value() {
                assert_eq!(*length, text.len(), "{text:?}");
            }
        }
        let long = "x".repeat(MAX_KEPT_TEXT + 1);
        memo.place(&long).keep(0);
        assert!(memo.place(&long).value().is_none());
    }
}
