//! The core crate's integration tests, in one binary: curated packs, the Linjat corpus, generated slide-box levels.

mod core {
    mod curated;
    mod lines_corpus;
    mod slide_generated;
}
