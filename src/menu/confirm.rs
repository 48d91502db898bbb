//! A question before an action that cannot be taken back from the menu: the menu shows the
//! question with a row that does it and one that goes back (Back does too), then is as it was.

use super::{Menu, MenuAction, MenuActivated, MenuItem, MenuNav};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    // Before the screens' own handlers (after the menu's navigation): the menu is itself again
    // before the answer is acted on.
    app.add_systems(
        Update,
        ask.in_set(MenuNav)
            .after(super::nav::navigate)
            .run_if(resource_exists::<Menu>),
    );
}

/// Puts a question in the menu's place, and the menu back once it is answered.
fn ask(mut activated: MessageReader<MenuActivated>, mut menu: ResMut<Menu>) {
    for MenuActivated(action) in activated.read() {
        match action {
            MenuAction::Confirm {
                question,
                yes_label,
                yes,
            } => {
                let before = menu.clone();
                let mut asking = Menu::new(
                    before.title.clone(),
                    vec![
                        MenuItem::button(yes_label.clone(), (**yes).clone()),
                        MenuItem::button("Cancel", MenuAction::ConfirmCancel),
                    ],
                )
                .with_subtitle(question.clone())
                .with_back(MenuAction::ConfirmCancel);
                asking.asked = Some(Box::new(before));
                *menu = asking;
            }
            // Cancelled, or answered: the menu as it was (the answer's handler follows).
            _ => {
                if let Some(before) = menu.asked.take() {
                    *menu = *before;
                }
            }
        }
    }
}
