//! A new player's first generated cave (fresh, daily, a code) comes after the training cave, as
//! the move-by-move modes' first generated level comes after their first lesson: Climb's basics
//! are the training cave's line. Any cave started, or the training cave shown, marks them met.

use crate::flow::CurrentLevel;
use crate::levels::LevelLibrary;
use crate::places::Places;
use crate::play::{BASICS, Lesson, lesson_first};
use crate::save::Progress;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use puzzlemill_core::ModeId;

/// The training cave's line (`levels/climb/lessons.ron`; the lesson test holds the two equal).
pub const FIRST_LESSON: &str = "Run with {run}; jump with {jump}, and hold it to jump \
                                higher. Take the gem, clear the spikes and the pit, and reach the \
                                door.";

/// What a run's start asks before it starts: whether the training cave comes first.
#[derive(SystemParam)]
pub struct TrainingFirst<'w> {
    places: Res<'w, Places>,
    progress: ResMut<'w, Progress>,
}

impl TrainingFirst<'_> {
    /// The training cave to play before `current`, a cave at hand, where the player has not met
    /// Climb's basics (never for a cave being taken up again). Met from now on either way.
    pub fn lesson_before(
        &mut self,
        current: &CurrentLevel,
        library: &LevelLibrary,
    ) -> Option<Lesson> {
        let notes = [(BASICS, FIRST_LESSON)];
        let lesson = lesson_first(
            ModeId::Climb,
            &notes,
            current,
            library,
            &self.progress,
            &self.places,
        );
        let met = format!("{}/{BASICS}", ModeId::Climb.key());
        if !self.progress.taught.contains(&met) {
            self.progress.taught.insert(met);
        }
        lesson
    }
}
