//! Sound: a music channel and an effects channel whose volumes follow Settings. Game code writes
//! [`Sfx`] messages; with no audio device, bevy_kira_audio warns once and the game runs silent
//! (and once the music is found playing nowhere, nothing more is sent: bevy_kira_audio would keep
//! every command queued for the session). A sound that failed to load is not asked for (its
//! commands would be retried every frame).
//! The menus play the title music; each mode's screens its own track (`music-<mode key>.ogg`,
//! over two minutes before it loops), crossfaded. The effects and title music are made by
//! `scripts/make_sounds.py`, the modes' tracks by `scripts/make_music.py`. While the window is in
//! the background (another window or browser tab has the focus) the game is quiet: the music
//! fades out and waits where it was, and no effect plays.

use crate::flow::{LoadingAssets, Screen, Selection};
use crate::save::Settings;
use bevy::prelude::*;
use bevy::window::WindowFocused;
use bevy_kira_audio::prelude::*;
use puzzlemill_core::ModeId;
use std::time::Duration;

/// Seconds one track fades into the next.
const CROSSFADE: f32 = 1.2;
/// Seconds the sound takes to fade out when the window goes to the background, and back in.
const FOCUS_FADE: f32 = 0.3;
/// Seconds after the music was asked for, loaded, with nothing playing, before the game takes it
/// that there is no audio output.
const NO_OUTPUT_AFTER: f32 = 2.0;

/// Registers the [`Sfx`] message and follows the window's focus (logic side; safe without sound).
pub(super) fn messages_plugin(app: &mut App) {
    app.add_message::<Sfx>();
    // For the headless game too (a no-op where the window plugin has added it).
    app.add_message::<WindowFocused>();
    app.init_resource::<InBackground>();
    app.add_systems(PreUpdate, follow_focus);
}

/// Whether the game's window is in the background: another window or browser tab has the focus.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct InBackground(pub bool);

fn follow_focus(mut focus: MessageReader<WindowFocused>, mut background: ResMut<InBackground>) {
    if let Some(last) = focus.read().last() {
        background.set_if_neq(InBackground(!last.focused));
    }
}

/// Plays music and effects (presentation side).
pub(super) fn plugin(app: &mut App) {
    app.add_plugins(AudioPlugin);
    app.add_audio_channel::<MusicChannel>();
    app.add_audio_channel::<EffectsChannel>();
    app.init_resource::<Output>();
    app.add_systems(Startup, load_sounds);
    app.add_systems(OnExit(Screen::Loading), start_music);
    app.add_systems(
        Update,
        (
            play_effects,
            follow_volumes.run_if(resource_changed::<Settings>),
            choose_track.run_if(not(in_state(Screen::Loading))),
            quiet_in_background.run_if(resource_changed::<InBackground>),
        )
            .run_if(|output: Res<Output>| !output.none),
    );
    app.add_systems(
        Last,
        find_no_output.run_if(|output: Res<Output>| !output.none),
    );
}

/// Whether the sound plays anywhere.
#[derive(Resource, Default)]
struct Output {
    /// Seconds since the music was asked for, loaded.
    music_asked: Option<f32>,
    /// No audio output: no more is sent to the channels.
    none: bool,
}

/// Takes it that there is no audio output when the music, loaded and asked for a while ago,
/// never began (bevy_kira_audio makes an instance for every sound it plays, at once), and empties
/// the channels' queues, which would otherwise grow with every sound for the session.
fn find_no_output(
    time: Res<Time>,
    sounds: Option<Res<Sounds>>,
    sources: Res<Assets<AudioSource>>,
    instances: Res<Assets<AudioInstance>>,
    mut output: ResMut<Output>,
    mut commands: Commands,
) {
    if !instances.is_empty() {
        output.music_asked = None;
        return;
    }
    let Some(asked) = output.music_asked.as_mut() else {
        return;
    };
    if sounds.is_none_or(|s| sources.get(&s.music).is_none()) {
        return;
    }
    *asked += time.delta_secs();
    if *asked < NO_OUTPUT_AFTER {
        return;
    }
    output.none = true;
    info!("No audio output: the music and effects are not sent on this run.");
    commands.insert_resource(AudioChannel::<MusicChannel>::default());
    commands.insert_resource(AudioChannel::<EffectsChannel>::default());
}

/// `handle`, where its sound has loaded (a command for one that failed would wait for ever).
fn loaded(
    sources: &Assets<AudioSource>,
    handle: &Handle<AudioSource>,
) -> Option<Handle<AudioSource>> {
    sources.get(handle).map(|_| handle.clone())
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
    /// Each mode's track, in [`ModeId::ALL`] order.
    mode_music: Vec<Handle<AudioSource>>,
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
        mode_music: ModeId::ALL
            .iter()
            .map(|mode| load(&format!("music-{}", mode.key())))
            .collect(),
    });
}

fn start_music(
    sounds: Res<Sounds>,
    sources: Res<Assets<AudioSource>>,
    music: Res<AudioChannel<MusicChannel>>,
    settings: Res<Settings>,
    mut output: ResMut<Output>,
) {
    music.set_volume(Decibels(volume_to_decibels(settings.music_volume)));
    if let Some(track) = loaded(&sources, &sounds.music) {
        music.play(track).looped();
        output.music_asked = Some(0.0);
    }
}

/// The mode whose track plays on `screen` (`None`: the title music).
fn track_for(screen: Screen, selection: &Selection) -> Option<ModeId> {
    match screen {
        Screen::LevelSelect
        | Screen::Play
        | Screen::LevelComplete
        | Screen::Editor
        | Screen::MyLevels => Some(selection.mode),
        Screen::Loading | Screen::Title | Screen::ModeSelect | Screen::Settings => None,
        Screen::Controls | Screen::Daily | Screen::History | Screen::Stats => None,
    }
}

/// Crossfades to the track the screen calls for when it changes.
fn choose_track(
    screen: Res<State<Screen>>,
    selection: Res<Selection>,
    sounds: Res<Sounds>,
    sources: Res<Assets<AudioSource>>,
    music: Res<AudioChannel<MusicChannel>>,
    mut playing: Local<Option<Option<ModeId>>>,
) {
    let wanted = track_for(*screen.get(), &selection);
    let current = playing.get_or_insert(None);
    if *current == wanted {
        return;
    }
    *current = wanted;
    let handle = match wanted {
        Some(mode) => ModeId::ALL
            .iter()
            .position(|&m| m == mode)
            .and_then(|i| sounds.mode_music.get(i))
            .unwrap_or(&sounds.music),
        None => &sounds.music,
    };
    let fade = AudioTween::linear(Duration::from_secs_f32(CROSSFADE));
    music.stop().fade_out(fade.clone());
    if let Some(track) = loaded(&sources, handle) {
        music.play(track).fade_in(fade).looped();
    }
}

/// In the background the music fades out and pauses where it was (a track chosen meanwhile waits
/// paused too) and the effects stop; with the focus back both fade in where they were.
fn quiet_in_background(
    background: Res<InBackground>,
    music: Res<AudioChannel<MusicChannel>>,
    effects: Res<AudioChannel<EffectsChannel>>,
) {
    let fade = AudioTween::linear(Duration::from_secs_f32(FOCUS_FADE));
    if background.0 {
        music.pause().fade_out(fade.clone());
        effects.pause().fade_out(fade);
    } else {
        music.resume().fade_in(fade.clone());
        effects.resume().fade_in(fade);
    }
}

fn play_effects(
    mut sfx: MessageReader<Sfx>,
    sounds: Res<Sounds>,
    sources: Res<Assets<AudioSource>>,
    effects: Res<AudioChannel<EffectsChannel>>,
    background: Res<InBackground>,
) {
    for effect in sfx.read() {
        // Not queued for later: a burst of old clicks would greet the player coming back.
        if background.0 {
            continue;
        }
        let handle = match effect {
            Sfx::Move => &sounds.moved,
            Sfx::Success => &sounds.success,
            Sfx::Win => &sounds.win,
            Sfx::Lose => &sounds.lose,
            Sfx::Click => &sounds.click,
            Sfx::Bump => &sounds.bump,
            Sfx::Jump => &sounds.jump,
        };
        if let Some(effect) = loaded(&sources, handle) {
            effects.play(effect);
        }
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

    /// Seconds of an Ogg Vorbis file: the last page's granule position over the sample rate in
    /// the identification header.
    fn ogg_seconds(bytes: &[u8]) -> f64 {
        let header = bytes
            .windows(7)
            .position(|w| w == b"\x01vorbis")
            .expect("a Vorbis identification header");
        let rate = u32::from_le_bytes(bytes[header + 12..header + 16].try_into().unwrap());
        let last = bytes
            .windows(4)
            .rposition(|w| w == b"OggS")
            .expect("an Ogg page");
        let granule = u64::from_le_bytes(bytes[last + 6..last + 14].try_into().unwrap());
        granule as f64 / f64::from(rate)
    }

    #[test]
    fn every_mode_has_a_track_of_two_minutes_or_more() {
        let root = crate::resource_root().join("assets/sounds");
        for mode in ModeId::ALL {
            let path = root.join(format!("music-{}.ogg", mode.key()));
            let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let seconds = ogg_seconds(&bytes);
            assert!(seconds >= 120.0, "{}: {seconds:.1} s", path.display());
        }
        let title = std::fs::read(root.join("music.ogg")).unwrap();
        assert!(
            (ogg_seconds(&title) - 16.0).abs() < 0.5,
            "the title loop is 16 s"
        );
    }
}
