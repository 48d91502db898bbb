//! Building the headless app and driving it like a player.

use bevy::input::touch::{TouchInput, TouchPhase};
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use bevy::window::{PrimaryWindow, WindowResolution};
use leafwing_input_manager::prelude::*;
use puzzlemill::flow::Screen;
use puzzlemill::play::{ActiveSession, PlayMode};
use puzzlemill::ui::camera::HudInsets;
use puzzlemill_core::Direction;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Seconds per frame in every test.
pub const FRAME: Duration = Duration::from_millis(50);

/// A headless game saving into its own temporary folder.
pub struct Game {
    pub app: App,
}

/// The arrow key for a direction.
pub fn arrow_key(dir: Direction) -> KeyCode {
    match dir {
        Direction::Up => KeyCode::ArrowUp,
        Direction::Down => KeyCode::ArrowDown,
        Direction::Left => KeyCode::ArrowLeft,
        Direction::Right => KeyCode::ArrowRight,
    }
}

/// A fresh, empty save folder for one test (tests remove it when they finish).
pub fn save_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("puzzlemill-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

impl Game {
    /// Starts the game on `dir` and runs it to the title screen.
    pub fn start(dir: &Path) -> Game {
        Self::start_with(puzzlemill::headless_app(dir))
    }

    /// Starts the game with its `assets/` and `levels/` read from `root`.
    pub fn start_at(dir: &Path, root: &Path) -> Game {
        Self::start_with(puzzlemill::headless_app_at(dir, root))
    }

    /// Starts the game as on a phone or tablet (`--touch-screen`).
    pub fn start_on_touch_screen(dir: &Path) -> Game {
        use clap::Parser;
        let mut app = puzzlemill::headless_app(dir);
        app.insert_resource(puzzlemill::LaunchOptions::parse_from([
            "puzzlemill",
            "--touch-screen",
        ]));
        Self::start_with(app)
    }

    fn start_with(mut app: App) -> Game {
        app.insert_resource(TimeUpdateStrategy::ManualDuration(FRAME));
        let mut game = Game { app };
        game.run_until("the title screen", |g| g.screen() == Screen::Title);
        game
    }

    /// Marks every thing with a lesson as met (Tilt's mechanics, every other mode's basics), so
    /// fresh levels open at once.
    pub fn teach_everything(&mut self) {
        let things = [
            "tilt/pairing",
            "tilt/obstacles",
            "tilt/gates",
            "tilt/anteaters",
            "tilt/puddles",
            "tilt/hedgehogs",
            "vault/basics",
            "lines/basics",
            "slide/basics",
            "trio/basics",
            "climb/basics",
        ];
        let mut progress = self
            .app
            .world_mut()
            .resource_mut::<puzzlemill::save::Progress>();
        progress.taught.extend(things.map(String::from));
    }

    /// Advances one frame.
    pub fn frame(&mut self) {
        self.app.update();
    }

    /// Advances frames until `done` holds, failing the test after 30 seconds. Frames after the
    /// first hundred sleep a millisecond, so background jobs get time on a busy machine.
    pub fn run_until(&mut self, what: &str, done: impl Fn(&Game) -> bool) {
        self.run_until_within(what, 30, done);
    }

    /// [`Game::run_until`], failing the test after `seconds`.
    pub fn run_until_within(&mut self, what: &str, seconds: u64, done: impl Fn(&Game) -> bool) {
        let started = std::time::Instant::now();
        for frame in 0.. {
            if done(self) {
                return;
            }
            if started.elapsed() > std::time::Duration::from_secs(seconds) {
                break;
            }
            if frame > 100 {
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
            self.frame();
        }
        panic!(
            "timed out waiting for {what}; screen is {:?}",
            self.screen()
        );
    }

    /// Whether a level of mode `P` is on the board: the play screen with `P`'s session.
    pub fn playing<P: PlayMode>(&self) -> bool {
        self.screen() == Screen::Play && self.app.world().contains_resource::<ActiveSession<P>>()
    }

    /// Advances frames until a level of mode `P` is on the board ([`Game::run_until`]).
    pub fn run_until_playing<P: PlayMode>(&mut self, what: &str) {
        self.run_until(what, |g| g.playing::<P>());
    }

    /// Advances frames until the resource `R` exists (a real-time mode's run, such as Climb's,
    /// which has no play-layer session) ([`Game::run_until`]).
    pub fn run_until_resource<R: Resource>(&mut self, what: &str) {
        self.run_until(what, |g| g.app.world().contains_resource::<R>());
    }

    /// The screen on show.
    pub fn screen(&self) -> Screen {
        *self.app.world().resource::<State<Screen>>().get()
    }

    /// What covers the level on the play screen (the pause menu, its settings or controls).
    pub fn overlay(&self) -> puzzlemill::flow::Overlay {
        *self.res::<State<puzzlemill::flow::Overlay>>().get()
    }

    /// Presses and releases a key, a frame each.
    pub fn tap(&mut self, key: KeyCode) {
        key.press(self.app.world_mut());
        self.frame();
        key.release(self.app.world_mut());
        self.frame();
    }

    /// Presses and releases `key` as a keyboard that prints `typed` on it would (a tap's
    /// messages carry no character), a frame each.
    pub fn type_key(&mut self, key: KeyCode, typed: &str) {
        self.press_as(key, bevy::input::keyboard::Key::Character(typed.into()));
    }

    /// Presses and releases `key` as the keyboard's `logical` key (a dead key, say), a frame each.
    pub fn press_as(&mut self, key: KeyCode, logical: bevy::input::keyboard::Key) {
        use bevy::input::ButtonState;
        use bevy::input::keyboard::{Key, KeyboardInput};
        let text = match &logical {
            Key::Character(typed) => Some(typed.clone()),
            _ => None,
        };
        for state in [ButtonState::Pressed, ButtonState::Released] {
            self.app.world_mut().write_message(KeyboardInput {
                key_code: key,
                logical_key: logical.clone(),
                state,
                text: text.clone(),
                repeat: false,
                window: Entity::PLACEHOLDER,
            });
            self.frame();
        }
    }

    /// Holds Ctrl while tapping `key`.
    pub fn ctrl_tap(&mut self, key: KeyCode) {
        KeyCode::ControlLeft.press(self.app.world_mut());
        self.tap(key);
        KeyCode::ControlLeft.release(self.app.world_mut());
        self.frame();
    }

    /// Plugs in a gamepad.
    pub fn connect_gamepad(&mut self) {
        let _ = self.connect_gamepad_of(None);
    }

    /// Holds the left stick of the gamepad `pad` at `x` (-1 to 1) along its x axis.
    pub fn pad_stick(&mut self, pad: Entity, x: f32) {
        use bevy::input::gamepad::{GamepadAxis, RawGamepadAxisChangedEvent, RawGamepadEvent};
        let moved = RawGamepadAxisChangedEvent::new(pad, GamepadAxis::LeftStickX, x);
        self.app
            .world_mut()
            .write_message(RawGamepadEvent::Axis(moved));
        self.frame();
    }

    /// Plugs in a gamepad of USB vendor `vendor_id` (Sony's 0x054c, say).
    pub fn connect_gamepad_of(&mut self, vendor_id: Option<u16>) -> Entity {
        use bevy::input::gamepad::{GamepadConnection, GamepadConnectionEvent};
        let pad = self.app.world_mut().spawn_empty().id();
        let connected = GamepadConnection::Connected {
            name: "Test pad".into(),
            vendor_id,
            product_id: None,
        };
        self.app
            .world_mut()
            .write_message(GamepadConnectionEvent::new(pad, connected));
        self.frame();
        self.frame();
        pad
    }

    /// Presses and releases a gamepad button, a frame each.
    pub fn pad_tap(&mut self, button: GamepadButton) {
        button.press(self.app.world_mut());
        self.frame();
        button.release(self.app.world_mut());
        self.frame();
    }

    /// A 1000x700 window whose HUD bars take the top `top` and the bottom `bottom` pixels and
    /// whose column (held sideways) the right `right`, as the drawn HUD reports them (the
    /// headless game draws none).
    pub fn hud_bars(&mut self, top: f32, bottom: f32, right: f32) {
        let world = self.app.world_mut();
        let mut windows = world.query_filtered::<(), With<PrimaryWindow>>();
        if windows.iter(world).next().is_none() {
            world.spawn((
                Window {
                    resolution: WindowResolution::new(1000, 700),
                    focused: true,
                    ..default()
                },
                PrimaryWindow,
            ));
        }
        world.insert_resource(HudInsets {
            top,
            bottom,
            right,
            foot: 0.0,
        });
        self.frame();
    }

    /// A touch swipe from `from` to `to` in window coordinates.
    pub fn swipe(&mut self, from: Vec2, to: Vec2) {
        let window = Entity::PLACEHOLDER;
        let touch = |phase, position| TouchInput {
            phase,
            position,
            window,
            force: None,
            id: 7,
        };
        self.app
            .world_mut()
            .write_message(touch(TouchPhase::Started, from));
        self.frame();
        self.app
            .world_mut()
            .write_message(touch(TouchPhase::Moved, to));
        self.frame();
        self.app
            .world_mut()
            .write_message(touch(TouchPhase::Ended, to));
        self.frame();
        self.frame();
    }

    /// A resource, which must exist.
    pub fn res<R: Resource>(&self) -> &R {
        self.app
            .world()
            .get_resource::<R>()
            .unwrap_or_else(|| panic!("{} is missing", std::any::type_name::<R>()))
    }

    /// The texts of the notices waiting or on show, oldest first.
    pub fn notice_texts(&self) -> Vec<String> {
        let notices = self.res::<puzzlemill::notices::Notices>();
        notices.items.iter().map(|n| n.text.clone()).collect()
    }

    /// The menu's selected row label.
    pub fn selected_label(&self) -> String {
        let menu = self.res::<puzzlemill::menu::Menu>();
        menu.selected().map(|i| i.label.clone()).unwrap_or_default()
    }

    /// What the selected menu row copies (a level code or text), if it is a row that copies.
    pub fn selected_copy(&self) -> Option<String> {
        use puzzlemill::menu::{ItemKind, MenuAction};
        let menu = self.res::<puzzlemill::menu::Menu>();
        match &menu.selected()?.kind {
            ItemKind::Button(MenuAction::CopyCode(copied)) => Some(copied.clone()),
            _ => None,
        }
    }

    /// Moves the menu cursor with Down until the selected row's label starts with `label`.
    pub fn select(&mut self, label: &str) {
        for _ in 0..40 {
            if self.selected_label().starts_with(label) {
                return;
            }
            self.tap(KeyCode::ArrowDown);
        }
        panic!(
            "no menu row starting with {label:?}; at {:?}",
            self.selected_label()
        );
    }

    /// From a level in play, the pause menu's "Level select".
    pub fn leave_level(&mut self) {
        self.tap(KeyCode::Escape);
        self.select("Level select");
        self.tap(KeyCode::Enter);
        assert_eq!(self.screen(), Screen::LevelSelect);
    }

    /// The plays of the mode with key `mode` in the history, oldest first.
    pub fn plays_of(&self, mode: &str) -> Vec<puzzlemill_core::play_data::Play> {
        let history = self.res::<puzzlemill::play_data::PlayHistory>();
        history
            .plays
            .iter()
            .filter(|p| p.mode == mode)
            .cloned()
            .collect()
    }

    /// Title → Play → Tilt → the curated level whose row starts with `level`.
    pub fn open_level(&mut self, level: &str) {
        self.choose_level("Tilt", level);
        self.run_until("the play screen", |g| g.screen() == Screen::Play);
        self.frame();
    }

    /// Title → Play → `mode`'s level select, with the keyboard.
    pub fn level_select(&mut self, mode: &str) {
        self.select("Play");
        self.tap(KeyCode::Enter);
        assert_eq!(self.screen(), Screen::ModeSelect);
        self.select(mode);
        self.tap(KeyCode::Enter);
        assert_eq!(self.screen(), Screen::LevelSelect);
    }

    /// Title → Play → `mode` → Enter on the level select's row that starts with `level` (a
    /// curated level, "Play a fresh level", "For you"; the caller waits for what it needs).
    pub fn choose_level(&mut self, mode: &str, level: &str) {
        self.level_select(mode);
        self.select(level);
        self.tap(KeyCode::Enter);
    }
}
