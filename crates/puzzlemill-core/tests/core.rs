//! The core crate's integration tests, in one binary: curated packs, the Linjat corpus, generated slide-box, Climb and Vault levels.

mod core {
    mod climb_generated;
    mod curated;
    mod lines_corpus;
    mod slide_generated;
    mod vault_generated;
}
