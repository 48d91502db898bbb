//! Sound: a music channel and an effects channel whose volumes follow Settings. Game code writes
//! [`Sfx`] messages; with no audio device, bevy_kira_audio warns once and the game runs silent.
//! The sound files are made by `scripts/make_sounds.py`.

use crate::flow::{LoadingAssets, Screen};
use crate::save::Settings;
use bevy::prelude::*;
use bevy_kira_audio::prelude::*;

/// Registers the [`Sfx`] message (logic side; safe without sound).
pub(super) fn messages_plugin(app: &mut App) {
    app.add_message::<Sfx>();
}

/// Plays music and effects (presentation side).
pub(super) fn plugin(app: &mut App) {
    app.add_plugins(AudioPlugin);
    app.add_audio_channel::<MusicChannel>();
    app.add_audio_channel::<EffectsChannel>();
    app.add_systems(Startup, load_sounds);
    app.add_systems(OnExit(Screen::Loading), start_music);
    app.add_systems(
        Update,
        (
            play_effects,
            follow_volumes.run_if(resource_changed::<Settings>),
        ),
    );
}

/// A sound effect.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sfx {
    /// A piece moved.
    Move,
    /// A move cleared or placed something.
    Success,
    /// The level is solved.
    Win,
    /// The level is lost.
    Lose,
    /// A menu click.
    Click,
    /// A box stopped against another box (Slide, Trio); a landing (Climb).
    Bump,
    /// A jump (Climb).
    Jump,
}

/// The music channel.
#[derive(Resource)]
pub struct MusicChannel;

/// The effects channel.
#[derive(Resource)]
pub struct EffectsChannel;

#[derive(Resource)]
struct Sounds {
    moved: Handle<AudioSource>,
    success: Handle<AudioSource>,
    win: Handle<AudioSource>,
    lose: Handle<AudioSource>,
    click: Handle<AudioSource>,
    bump: Handle<AudioSource>,
    jump: Handle<AudioSource>,
    music: Handle<AudioSource>,
}

/// A 0-1 slider position as decibels: 0 dB at full, -40 dB near the bottom, silence at 0.
pub fn volume_to_decibels(volume: f32) -> f32 {
    if volume <= 0.001 {
        Decibels::SILENCE.0
    } else {
        -40.0 * (1.0 - volume.clamp(0.0, 1.0))
    }
}

fn load_sounds(
    mut commands: Commands,
    assets: Res<AssetServer>,
    mut loading: ResMut<LoadingAssets>,
) {
    let mut load = |name: &str| {
        let path = format!("sounds/{name}.ogg");
        let handle: Handle<AudioSource> = assets.load(&path);
        loading
            .handles
            .push((format!("assets/{path}"), handle.clone().untyped()));
        handle
    };
    commands.insert_resource(Sounds {
        moved: load("move"),
        success: load("success"),
        win: load("win"),
        lose: load("lose"),
        click: load("click"),
        bump: load("bump"),
        jump: load("jump"),
        music: load("music"),
    });
}

fn start_music(
    sounds: Res<Sounds>,
    music: Res<AudioChannel<MusicChannel>>,
    settings: Res<Settings>,
) {
    music.set_volume(Decibels(volume_to_decibels(settings.music_volume)));
    music.play(sounds.music.clone()).looped();
}

fn play_effects(
    mut sfx: MessageReader<Sfx>,
    sounds: Res<Sounds>,
    effects: Res<AudioChannel<EffectsChannel>>,
) {
    for effect in sfx.read() {
        let handle = match effect {
            Sfx::Move => &sounds.moved,
            Sfx::Success => &sounds.success,
            Sfx::Win => &sounds.win,
            Sfx::Lose => &sounds.lose,
            Sfx::Click => &sounds.click,
            Sfx::Bump => &sounds.bump,
            Sfx::Jump => &sounds.jump,
        };
        effects.play(handle.clone());
    }
}

fn follow_volumes(
    settings: Res<Settings>,
    music: Res<AudioChannel<MusicChannel>>,
    effects: Res<AudioChannel<EffectsChannel>>,
) {
    music.set_volume(Decibels(volume_to_decibels(settings.music_volume)));
    effects.set_volume(Decibels(volume_to_decibels(settings.effects_volume)));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn volume_curve_is_monotonic_and_silent_at_zero() {
        assert_eq!(volume_to_decibels(0.0), Decibels::SILENCE.0);
        assert_eq!(volume_to_decibels(1.0), 0.0);
        let mut last = f32::MIN;
        for step in 1..=10 {
            let db = volume_to_decibels(step as f32 / 10.0);
            assert!(db > last);
            last = db;
        }
    }
}
