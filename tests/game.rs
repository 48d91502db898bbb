//! Headless tests of the whole game logic: no window, no GPU, no sound (and, in `start`, the game
//! binary where it cannot start). Each test builds the app
//! with the logic plugins, steps frames with a fixed clock, presses keys, and checks the state.
//! One test binary (Bevy links once); the cases live in modules.

mod game {
    mod climb;
    mod controls;
    mod editor;
    pub mod harness;
    mod keypad;
    mod lessons;
    mod levels;
    mod lines;
    mod mill;
    mod my_levels;
    mod navigation;
    mod places;
    mod play;
    mod play_data;
    mod saves;
    mod sharing;
    mod slide;
    mod start;
    mod vault;
}
