//! "For you": the band each aiming mode's mill lane makes levels for, worked out by the core's
//! rule (`puzzlemill_core::play_data::aim`) from the history and the target time in settings,
//! again whenever either changes.

use super::store::PlayHistory;
use crate::mill::ForYouBands;
use crate::save::Settings;
use bevy::prelude::*;
use puzzlemill_core::ModeId;
use puzzlemill_core::play_data::aim::{Aim, aim};
use std::collections::HashMap;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ForYouAims>();
    app.add_systems(Update, update_aims.after(crate::save::SaveSet));
}

/// Where "For you" aims in each mode that aims, with the line that says why.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct ForYouAims(pub HashMap<ModeId, Aim>);

fn update_aims(
    history: Res<PlayHistory>,
    settings: Res<Settings>,
    mut aims: ResMut<ForYouAims>,
    mut bands: ResMut<ForYouBands>,
) {
    if !(history.is_changed() || settings.is_changed()) {
        return;
    }
    let target = settings.for_you_seconds as f32;
    let mut new = HashMap::new();
    for &mode in ModeId::ALL {
        if let Some(scale) = mode.spec().aim {
            new.insert(mode, aim(&scale, target, history.of_mode(mode.key())));
        }
    }
    let new_bands: HashMap<ModeId, _> = new.iter().map(|(m, a)| (*m, a.band)).collect();
    if bands.0 != new_bands {
        bands.0 = new_bands;
    }
    if aims.0 != new {
        aims.0 = new;
    }
}
