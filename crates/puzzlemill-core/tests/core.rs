//! The core crate's integration tests, in one binary: curated packs, the Linjat corpus, generated
//! slide-box, Climb and Vault levels, golden codes, the daily codes and the parsers' property tests.

mod core {
    mod climb_generated;
    mod curated;
    mod daily;
    mod drafts;
    mod golden;
    mod level_text;
    mod lines_corpus;
    mod parsers;
    mod slide_generated;
    mod vault_generated;
}
