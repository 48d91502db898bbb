//! The core crate's integration tests, in one binary: curated packs and the Linjat corpus.

mod core {
    mod curated;
    mod lines_corpus;
}
