//! Rating the saved levels that have no rating (those imported from pack files, and any kept from
//! before levels were rated) in the background: one at a time, on the async compute pool, by the
//! check a shared level gets before play, so that My levels shows each one's tier and score soon
//! after an import without the frame waiting for a big board's check. The levels are looked
//! through only when My levels changed or a rating came back, not every frame.

use super::store::MyLevelsStore;
use bevy::prelude::*;
use bevy::tasks::futures::check_ready;
use bevy::tasks::{AsyncComputeTaskPool, Task};
use puzzlemill_core::ModeId;
use puzzlemill_core::edit::my_levels::{SavedRating, rating_of};
use std::collections::HashSet;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Rater>();
    app.add_systems(Update, rate_unrated);
}

/// The level being rated and the texts tried this session.
#[derive(Resource, Default)]
struct Rater {
    /// The mode and text of the level the task rates.
    task: Option<(ModeId, String, Task<Option<SavedRating>>)>,
    /// Levels whose check gave no rating: not tried again this session.
    tried: HashSet<(ModeId, String)>,
}

fn rate_unrated(mut mine: ResMut<MyLevelsStore>, mut rater: ResMut<Rater>) {
    if let Some((mode, text, task)) = rater.task.as_mut() {
        let Some(rating) = check_ready(task) else {
            return;
        };
        // By its text: the level may have been renamed or deleted while it was rated.
        if let Some(rating) = rating {
            mine.rate(*mode, text, rating);
        }
        let done = (*mode, std::mem::take(text));
        rater.tried.insert(done);
        rater.task = None;
    } else if !mine.is_changed() {
        return;
    }
    let Some(level) = mine
        .unrated()
        .find(|l| !rater.tried.contains(&(l.mode, l.text.clone())))
    else {
        return;
    };
    let (mode, text) = (level.mode, level.text.clone());
    let task = {
        let text = text.clone();
        AsyncComputeTaskPool::get().spawn(async move { rating_of(mode, &text) })
    };
    rater.task = Some((mode, text, task));
}
