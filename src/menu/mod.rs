//! Menus as data: every menu screen puts a [`Menu`] resource in place and the same code
//! navigates it with keys or gamepad (Up/Down move, Left/Right adjust, Confirm, Back) and draws it
//! with egui for the mouse. Activating an item writes a [`MenuActivated`] message; the module that
//! owns the action handles it.

pub mod confirm;
mod nav;

use crate::flow::{EditorCommand, LevelRequest, Screen};
use crate::input::{Action, Control, Labels};
use crate::places::LevelId;
pub use crate::save::SettingChange;
use bevy::prelude::*;
use puzzlemill_core::play_data::Outcome;
use puzzlemill_core::{ModeId, Tier};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<MenuActivated>();
    app.init_resource::<KeysWorkMenus>();
    app.add_plugins((nav::plugin, confirm::plugin));
}

/// Whether keys or a gamepad worked the menus last, not the pointer (which sets it back to false
/// when it moves or presses): the selected row then shows a label cut short whole once the cursor
/// rests, as a row the pointer rests on does.
#[derive(Resource, Default, Debug)]
pub struct KeysWorkMenus(pub bool);

/// What activating a menu item does.
#[derive(Clone, Debug, PartialEq)]
pub enum MenuAction {
    /// Go to another screen.
    Goto(Screen),
    /// Drop the place kept for a level that can no longer be opened.
    ForgetPlace(LevelId),
    /// Ask first: the menu says `question` and offers `yes` (labelled `yes_label`) or going back
    /// to the menu as it was ([`confirm`]).
    Confirm {
        /// What the player is asked.
        question: String,
        /// The row that does it.
        yes_label: String,
        /// What it does.
        yes: Box<MenuAction>,
    },
    /// Leave a question unanswered: the menu as it was before it.
    ConfirmCancel,
    /// Open the level select for a mode.
    ChooseMode(ModeId),
    /// Play a curated level: pack index in the library, level index in the pack.
    PlayCurated {
        /// Index of the pack in the level library.
        pack: usize,
        /// Index of the level in the pack.
        level: usize,
    },
    /// Play a fresh generated level at the chosen tier.
    PlayFresh,
    /// Play a fresh level aimed at the player ("For you").
    PlayForYou,
    /// Write the play data out as CSV and JSON.
    ExportPlayData,
    /// Show the history of one mode (all: `None`) and one outcome (all: `None`).
    HistoryFilter {
        /// The mode shown.
        mode: Option<ModeId>,
        /// The outcome shown.
        outcome: Option<Outcome>,
    },
    /// Show one play of the history (its index, oldest first), or the list again (`None`).
    HistoryEntry(Option<usize>),
    /// Show more of the history.
    HistoryMore,
    /// Copy a level code to the clipboard.
    CopyCode(String),
    /// Open a level: one left part-way, or the next of the progression ("Continue").
    Open(LevelRequest),
    /// Open the level a code or level text stands for (a history entry of a shared level).
    OpenText(String),
    /// Copy the level in play as a level text.
    Share,
    /// Open the box for typing a level code.
    EnterCode,
    /// Change the tier for fresh levels.
    SetTier(Tier),
    /// Change the pack shown on the level select.
    SetPack(usize),
    /// Change a setting.
    Setting(SettingChange),
    /// Close the pause overlay.
    Resume,
    /// Open the settings panel over a paused level.
    PauseSettings,
    /// Back from the settings panel to the pause menu.
    PauseMenu,
    /// Open the controls over a paused level, from its settings panel.
    PauseControls,
    /// Start the current level again.
    Restart,
    /// Close the pause overlay and say what the level's things do and the rules ("?").
    Explain,
    /// Leave a lesson played first for the level asked for, which it came before.
    SkipLesson,
    /// Close the game, once Quit has asked whether to.
    ConfirmQuit,
    /// Play the level after the one just finished (or a new fresh one).
    NextLevel,
    /// Play the level just finished again.
    Replay,
    /// Show one action's keys and buttons on the controls screen, or the list again (`None`).
    ControlsOf(Option<Action>),
    /// Wait for a key or button for an action: added to those it has, or in place of them.
    Listen {
        /// The action.
        action: Action,
        /// Add (true) or replace (false).
        add: bool,
    },
    /// Take a key or button from an action.
    Unbind(Action, Control),
    /// One action's keys and buttons back to their defaults.
    ResetAction(Action),
    /// Every control back to its defaults.
    ResetBindings,
    /// Ask the editor for something.
    Editor(EditorCommand),
    /// Show one of "My levels" (its index in the store), or the list again (`None`).
    MyLevel(Option<usize>),
    /// Open a copy of one of "My levels" in the editor.
    EditMyLevel(usize),
    /// Rename one of "My levels" (its name box opens).
    RenameMyLevel(usize),
    /// Delete one of "My levels" (undo puts it back).
    DeleteMyLevel(usize),
    /// Put the last deleted level back.
    UndoDelete,
    /// Write the mode's levels out as a pack file.
    ExportMyLevels,
    /// Bring pack files in.
    ImportMyLevels,
    /// Open a copy of the level in play in the editor.
    EditCopy,
    /// Save the level in play (a shared one) to "My levels".
    SaveToMyLevels,
    /// Ask whether to leave the game.
    Quit,
}

/// What kind of row a menu item is.
#[derive(Clone, Debug)]
pub enum ItemKind {
    /// A button: Confirm or a click activates it.
    Button(MenuAction),
    /// A 0-1 slider: Left/Right step it by a tenth; dragging sets it.
    Slider {
        /// Current value.
        value: f32,
        /// The action for a new value.
        make: fn(f32) -> MenuAction,
    },
    /// An on/off switch: Confirm, Left/Right or a click flips it.
    Toggle {
        /// Current state.
        on: bool,
        /// The action for a new state.
        make: fn(bool) -> MenuAction,
    },
    /// A value picked with Left/Right (or the arrow buttons beside it).
    Choice {
        /// The current value, as shown.
        value: String,
        /// Action for Left.
        prev: MenuAction,
        /// Action for Right.
        next: MenuAction,
    },
    /// A label between groups of items; never selected.
    Heading,
}

/// One row of a menu.
#[derive(Clone, Debug)]
pub struct MenuItem {
    /// The main text.
    pub label: String,
    /// Smaller text beside or under the label.
    pub detail: Option<String>,
    /// What the row does.
    pub kind: ItemKind,
    /// Greyed out and skipped by the cursor when false.
    pub enabled: bool,
}

impl MenuItem {
    /// A button.
    pub fn button(label: impl Into<String>, action: MenuAction) -> Self {
        Self {
            label: label.into(),
            detail: None,
            kind: ItemKind::Button(action),
            enabled: true,
        }
    }

    /// A heading between groups.
    pub fn heading(label: impl Into<String>) -> Self {
        Self {
            label: label.into(),
            detail: None,
            kind: ItemKind::Heading,
            enabled: false,
        }
    }

    /// A row of another kind.
    pub fn new(label: impl Into<String>, kind: ItemKind) -> Self {
        Self {
            label: label.into(),
            detail: None,
            kind,
            enabled: true,
        }
    }

    /// Adds smaller text.
    pub fn with_detail(mut self, detail: impl Into<String>) -> Self {
        self.detail = Some(detail.into());
        self
    }

    /// Greys the row out.
    pub fn disabled(mut self) -> Self {
        self.enabled = false;
        self
    }

    /// Whether the cursor can rest on this row.
    pub fn selectable(&self) -> bool {
        self.enabled && !matches!(self.kind, ItemKind::Heading)
    }
}

/// The menu on screen now. Present only while a menu screen or overlay is showing.
#[derive(Resource, Clone, Debug)]
pub struct Menu {
    /// Big text at the top.
    pub title: String,
    /// A line under the title.
    pub subtitle: Option<String>,
    /// The rows.
    pub items: Vec<MenuItem>,
    /// Index of the selected row.
    pub cursor: usize,
    /// What Back/Esc does.
    pub back: Option<MenuAction>,
    /// The menu as it was before a question put in its place ([`confirm`]).
    pub asked: Option<Box<Menu>>,
    /// Which page of rows this is: a new page ([`Menu::turn_page`]) shows from its top.
    pub page: u32,
}

impl Menu {
    /// A menu with the cursor on its first selectable row.
    pub fn new(title: impl Into<String>, items: Vec<MenuItem>) -> Self {
        let mut menu = Self {
            title: title.into(),
            subtitle: None,
            items,
            cursor: 0,
            back: None,
            asked: None,
            page: 0,
        };
        menu.cursor = menu.first_selectable().unwrap_or(0);
        menu
    }

    /// Adds a subtitle.
    pub fn with_subtitle(mut self, subtitle: impl Into<String>) -> Self {
        self.subtitle = Some(subtitle.into());
        self
    }

    /// Sets what Back does.
    pub fn with_back(mut self, action: MenuAction) -> Self {
        self.back = Some(action);
        self
    }

    /// Puts the cursor on row `index` if it can rest there.
    pub fn with_cursor(mut self, index: usize) -> Self {
        if self.items.get(index).is_some_and(MenuItem::selectable) {
            self.cursor = index;
        }
        self
    }

    /// The menu a screen shows, for the screen to rebuild: the one a question stands in front
    /// of while one is asked ([`confirm`]), else this one.
    pub fn beneath_question(&mut self) -> &mut Menu {
        match self.asked {
            Some(ref mut before) => before,
            None => self,
        }
    }

    /// Puts another page of rows in place of these (a history entry's for the list): the cursor
    /// on its first selectable row, the page shown from its top (it opened scrolled as far as the
    /// list was, past the entry's name).
    pub fn turn_page(&mut self, items: Vec<MenuItem>) {
        self.items = items;
        self.cursor = self.first_selectable().unwrap_or(0);
        self.page = self.page.wrapping_add(1);
    }

    /// Replaces the rows, keeping the cursor where it was when possible.
    pub fn replace_items(&mut self, items: Vec<MenuItem>) {
        self.items = items;
        if !self
            .items
            .get(self.cursor)
            .is_some_and(MenuItem::selectable)
        {
            self.cursor = self.first_selectable().unwrap_or(0);
        }
    }

    /// What a button by the title does where no row of the menu goes back: Back's action where
    /// no row carries it (mode and level select, My levels' list), so the mouse and touch can go
    /// back wherever Esc can. Never for a Back that quits.
    pub fn back_button(&self) -> Option<&MenuAction> {
        self.back.as_ref().filter(|back| {
            **back != MenuAction::Quit
                && !self.items.iter().any(|item| {
                    item.enabled
                        && matches!(&item.kind, ItemKind::Button(action) if action == *back)
                })
        })
    }

    /// The line of keys under the menu, as the player bound them (or the buttons of the pad in
    /// use, per `labels`): "← → adjust" only where a row takes Left and Right, "Esc back" only
    /// where Back does something.
    pub fn keys_hint(&self, labels: &Labels) -> String {
        let adjustable = self.items.iter().any(|item| {
            matches!(
                item.kind,
                ItemKind::Slider { .. } | ItemKind::Toggle { .. } | ItemKind::Choice { .. }
            )
        });
        let key = |action| labels.of(action);
        let mut parts = vec![format!("{} choose", labels.pair(Action::Up, Action::Down))];
        if adjustable {
            parts.push(format!(
                "{} adjust",
                labels.pair(Action::Left, Action::Right)
            ));
        }
        parts.push(format!("{} select", key(Action::Confirm)));
        if self.back.is_some() {
            parts.push(format!("{} back", key(Action::Back)));
        }
        parts.join("   ")
    }

    fn first_selectable(&self) -> Option<usize> {
        self.items.iter().position(MenuItem::selectable)
    }

    /// Moves the cursor to the next selectable row in `step` direction (+1 down, -1 up), wrapping.
    pub fn step(&mut self, step: isize) {
        let n = self.items.len() as isize;
        if n == 0 {
            return;
        }
        let mut i = self.cursor as isize;
        for _ in 0..n {
            i = (i + step).rem_euclid(n);
            if self.items[i as usize].selectable() {
                self.cursor = i as usize;
                return;
            }
        }
    }

    /// The selected row.
    pub fn selected(&self) -> Option<&MenuItem> {
        self.items.get(self.cursor).filter(|i| i.selectable())
    }

    /// The action Confirm performs on the selected row.
    pub fn confirm_action(&self) -> Option<MenuAction> {
        match &self.selected()?.kind {
            ItemKind::Button(action) => Some(action.clone()),
            ItemKind::Toggle { on, make } => Some(make(!on)),
            ItemKind::Choice { next, .. } => Some(next.clone()),
            ItemKind::Slider { .. } | ItemKind::Heading => None,
        }
    }

    /// The action Left (`-1`) or Right (`+1`) performs on the selected row.
    pub fn adjust_action(&self, direction: i32) -> Option<MenuAction> {
        match &self.selected()?.kind {
            ItemKind::Slider { value, make } => {
                let stepped = ((value * 10.0).round() + direction as f32) / 10.0;
                Some(make(stepped.clamp(0.0, 1.0)))
            }
            ItemKind::Toggle { on, make } => Some(make(!on)),
            ItemKind::Choice { prev, next, .. } => Some(if direction < 0 {
                prev.clone()
            } else {
                next.clone()
            }),
            ItemKind::Button(_) | ItemKind::Heading => None,
        }
    }
}

/// Keyboard and gamepad navigation of menus; systems reading [`MenuActivated`] run after it so a
/// key press takes effect in the same frame.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MenuNav;

/// Removes the menu: what a menu screen does when it closes.
pub fn close_menu(mut commands: Commands) {
    commands.remove_resource::<Menu>();
}

/// A menu item was activated (by key, gamepad or click).
#[derive(Message, Clone, Debug, PartialEq)]
pub struct MenuActivated(pub MenuAction);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::Bindings;

    #[test]
    fn a_new_page_starts_on_its_first_row() {
        let mut menu = sample();
        menu.cursor = 3;
        menu.replace_items(sample().items);
        assert_eq!(
            (menu.cursor, menu.page),
            (3, 0),
            "the same page keeps its place"
        );
        menu.turn_page(sample().items);
        assert_eq!((menu.cursor, menu.page), (1, 1));
    }

    fn sample() -> Menu {
        Menu::new(
            "T",
            vec![
                MenuItem::heading("Group"),
                MenuItem::button("A", MenuAction::Quit),
                MenuItem::button("B", MenuAction::Quit).disabled(),
                MenuItem::new(
                    "Vol",
                    ItemKind::Slider {
                        value: 0.5,
                        make: |v| MenuAction::Setting(SettingChange::MusicVolume(v)),
                    },
                ),
            ],
        )
    }

    #[test]
    fn cursor_skips_headings_and_disabled_rows_and_wraps() {
        let mut m = sample();
        assert_eq!(m.cursor, 1);
        m.step(1);
        assert_eq!(m.cursor, 3);
        m.step(1);
        assert_eq!(m.cursor, 1);
        m.step(-1);
        assert_eq!(m.cursor, 3);
    }

    #[test]
    fn sliders_step_by_tenths_within_bounds() {
        let mut m = sample();
        m.cursor = 3;
        assert_eq!(
            m.adjust_action(1),
            Some(MenuAction::Setting(SettingChange::MusicVolume(0.6)))
        );
        m.items[3].kind = ItemKind::Slider {
            value: 1.0,
            make: |v| MenuAction::Setting(SettingChange::MusicVolume(v)),
        };
        assert_eq!(
            m.adjust_action(1),
            Some(MenuAction::Setting(SettingChange::MusicVolume(1.0)))
        );
        assert_eq!(m.confirm_action(), None);
    }

    #[test]
    fn a_back_button_shows_only_where_no_row_goes_back() {
        let back = MenuAction::Goto(Screen::Title);
        let rows = |rows: Vec<MenuItem>| Menu::new("T", rows).with_back(back.clone());
        let play = || MenuItem::button("Play", MenuAction::Resume);
        assert_eq!(rows(vec![play()]).back_button(), Some(&back));
        let with_row = rows(vec![play(), MenuItem::button("Back", back.clone())]);
        assert_eq!(with_row.back_button(), None);
        // A greyed row that would go back is no way back.
        let greyed = rows(vec![MenuItem::button("Back", back.clone()).disabled()]);
        assert_eq!(greyed.back_button(), Some(&back));
        assert_eq!(Menu::new("T", vec![play()]).back_button(), None, "no Back");
        let quits = Menu::new("T", vec![play()]).with_back(MenuAction::Quit);
        assert_eq!(quits.back_button(), None, "a Back that quits is no button");
    }

    #[test]
    fn the_keys_line_names_only_keys_that_do_something() {
        let m = sample();
        let keys = Bindings::default();
        assert_eq!(
            m.keys_hint(&Labels::keys(&keys)),
            "↑ ↓ choose   ← → adjust   Enter select"
        );
        let buttons = Menu::new("T", vec![MenuItem::button("A", MenuAction::Quit)])
            .with_back(MenuAction::Quit);
        assert_eq!(
            buttons.keys_hint(&Labels::keys(&keys)),
            "↑ ↓ choose   Enter select   Esc back"
        );
        // The player's own keys.
        let mut own = Bindings::default();
        own.keys.insert(Action::Back, vec![KeyCode::KeyQ]);
        own.keys.insert(Action::Up, vec![KeyCode::KeyI]);
        assert_eq!(
            buttons.keys_hint(&Labels::keys(&own)),
            "I ↓ choose   Enter select   Q back"
        );
        // A pad in use: its buttons.
        let pad = Labels::for_device(
            &keys,
            crate::input::UsingPad(Some(crate::input::PadKind::Xbox)),
        );
        assert_eq!(
            buttons.keys_hint(&pad),
            "D-pad ↑ ↓ choose   A select   B back"
        );
    }
}
