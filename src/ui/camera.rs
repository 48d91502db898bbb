//! The 2D camera, and fitting a mode's board into the space the HUD bars leave free.
//!
//! A mode's view sets [`BoardBounds`] to its board's size in world units; the HUD reports its bar
//! heights (and, held sideways, its side column's width) in [`HudInsets`]; the camera is scaled
//! and shifted so the whole board shows, centred in the room the HUD leaves, at any window size or
//! shape.

use crate::flow::Screen;
use bevy::camera::ScalingMode;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

/// Margin kept around the board, in logical pixels.
const MARGIN: f32 = 16.0;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<BoardBounds>();
    app.init_resource::<HudInsets>();
    app.add_systems(Startup, spawn_camera);
    app.add_systems(PostUpdate, fit_board.run_if(in_state(Screen::Play)));
    app.init_resource::<OnScreenControls>();
    app.add_systems(OnExit(Screen::Play), reset_camera);
    app.add_systems(OnExit(Screen::Play), |mut c: ResMut<OnScreenControls>| {
        c.set_if_neq(OnScreenControls(0.0));
    });
}

/// The size of the board on show, in world units (centred on the origin); `None` off the board.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq)]
pub struct BoardBounds(pub Option<Vec2>);

/// The height in logical pixels that a mode's own on-screen controls take at the window's
/// bottom (Climb's touch buttons; 0 where none show): notices keep above them.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq)]
pub struct OnScreenControls(pub f32);

/// The room the HUD takes at the window's edges, in logical pixels: its top and bottom bars'
/// heights, and the width of the column its buttons go into at the right in a window held
/// sideways (where there is no bottom bar).
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq)]
pub struct HudInsets {
    /// The top bar.
    pub top: f32,
    /// The bottom bar.
    pub bottom: f32,
    /// The column at the right.
    pub right: f32,
    /// The height of the buttons at the column's foot (notes keep above them).
    pub foot: f32,
}

impl HudInsets {
    /// Where the room the HUD leaves has its centre, in pixels from the window's centre (x right,
    /// y up).
    fn free_centre(&self) -> Vec2 {
        Vec2::new(-self.right, self.bottom - self.top) / 2.0
    }
}

fn spawn_camera(mut commands: Commands) {
    commands.spawn((Name::new("Camera"), Camera2d));
}

/// World units per pixel and the camera's offset that show `board` whole and centred in the room
/// the insets leave in a `window`-sized window.
pub fn fit(board: Vec2, window: Vec2, insets: HudInsets) -> (f32, Vec2) {
    let free = Vec2::new(
        window.x - insets.right - 2.0 * MARGIN,
        window.y - insets.top - insets.bottom - 2.0 * MARGIN,
    )
    .max(Vec2::splat(1.0));
    let scale = (board.x / free.x).max(board.y / free.y);
    (scale, -insets.free_centre() * scale)
}

/// Sets a 2D camera's projection to `scale` world units per pixel, scaled to the window, unless it
/// already is (so change detection only fires on a real change).
pub fn set_scale(projection: &mut Projection, scale: f32) {
    if let Projection::Orthographic(ortho) = projection
        && (ortho.scale != scale || !matches!(ortho.scaling_mode, ScalingMode::WindowSize))
    {
        ortho.scaling_mode = ScalingMode::WindowSize;
        ortho.scale = scale;
    }
}

/// A following camera's next centre: `target` at once when `snap`, else eased from `now`
/// towards it over `dt` seconds (about an eighth of a second to close most of the gap).
pub fn follow(now: Vec2, target: Vec2, dt: f32, snap: bool) -> Vec2 {
    if snap {
        target
    } else {
        now.lerp(target, 1.0 - (-8.0 * dt).exp())
    }
}

/// The camera centre nearest `target` whose view (half size `half_view`) stays on a map whose top
/// left corner is the origin and which spans `map` world units right and down; a map smaller than
/// the view is centred.
pub fn clamp_to_map(target: Vec2, half_view: Vec2, map: Vec2) -> Vec2 {
    let clamp = |v: f32, half: f32, lo: f32, hi: f32| {
        if hi - lo < 2.0 * half {
            (lo + hi) / 2.0
        } else {
            v.clamp(lo + half, hi - half)
        }
    };
    Vec2::new(
        clamp(target.x, half_view.x, 0.0, map.x),
        clamp(target.y, half_view.y, -map.y, 0.0),
    )
}

/// The centre of a camera following `target` over a map spanning `map` (as [`clamp_to_map`]),
/// at `scale` world units per pixel in a `window`-sized window: `target` kept in view in the room
/// the HUD leaves, not behind its bars or column, and a map's edge met at a bar's edge.
pub fn follow_between_bars(
    target: Vec2,
    window: Vec2,
    insets: HudInsets,
    scale: f32,
    map: Vec2,
) -> Vec2 {
    let free = Vec2::new(
        window.x - insets.right,
        window.y - insets.top - insets.bottom,
    )
    .max(Vec2::splat(1.0));
    let centre = clamp_to_map(target, free * scale / 2.0, map);
    centre - insets.free_centre() * scale
}

/// The insets a board is fitted between: `now`, except that while the board, the window and the
/// layout are those of `settled` (the last fit's board, window and insets), a bar keeps the largest
/// height it had, so the board does not jump in size each time the HUD's line goes from two lines
/// to one and back. A followed view's map stands for the board.
pub fn steady(
    settled: Option<(Vec2, Vec2, HudInsets)>,
    board: Vec2,
    window: Vec2,
    now: HudInsets,
) -> HudInsets {
    match settled {
        Some((was_board, was_window, was))
            if was_board == board && was_window == window && was.right == now.right =>
        {
            HudInsets {
                top: now.top.max(was.top),
                bottom: now.bottom.max(was.bottom),
                right: now.right,
                foot: now.foot,
            }
        }
        _ => now,
    }
}

fn fit_board(
    bounds: Res<BoardBounds>,
    insets: Res<HudInsets>,
    window: Single<&Window, With<PrimaryWindow>>,
    mut camera: Single<(&mut Projection, &mut Transform), With<Camera2d>>,
    mut settled: Local<Option<(Vec2, Vec2, HudInsets)>>,
) {
    let Some(board) = bounds.0 else {
        *settled = None;
        return;
    };
    let window = Vec2::new(window.width(), window.height());
    let insets = steady(*settled, board, window, *insets);
    *settled = Some((board, window, insets));
    let (scale, offset) = fit(board, window, insets);
    let (projection, transform) = &mut *camera;
    set_scale(projection, scale);
    if transform.translation.truncate() != offset {
        transform.translation = offset.extend(transform.translation.z);
    }
}

fn reset_camera(
    mut bounds: ResMut<BoardBounds>,
    mut camera: Single<(&mut Projection, &mut Transform), With<Camera2d>>,
) {
    bounds.0 = None;
    let (projection, transform) = &mut *camera;
    **projection = Projection::Orthographic(OrthographicProjection::default_2d());
    transform.translation = Vec3::ZERO;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_fits_between_the_bars_and_is_centred_there() {
        let insets = HudInsets {
            top: 45.0,
            bottom: 110.0,
            right: 0.0,
            foot: 0.0,
        };
        let board = Vec2::splat(512.0);
        let (scale, offset) = fit(board, Vec2::new(1280.0, 720.0), insets);
        let free_height = 720.0 - 155.0 - 2.0 * MARGIN;
        assert!(
            (board.y / scale - free_height).abs() < 0.01,
            "fills the free height"
        );
        // Board centre on screen, in pixels above the window centre: -offset / scale.
        assert!((-offset.y / scale - 32.5).abs() < 0.01);
        assert_eq!(offset.x, 0.0);
    }

    #[test]
    fn a_board_held_sideways_fits_beside_the_column_and_under_the_bar() {
        let insets = HudInsets {
            top: 50.0,
            bottom: 0.0,
            right: 240.0,
            foot: 0.0,
        };
        let (window, board) = (Vec2::new(844.0, 390.0), Vec2::new(512.0, 640.0));
        let (scale, offset) = fit(board, window, insets);
        assert!((board.y / scale - (390.0 - 50.0 - 2.0 * MARGIN)).abs() < 0.01);
        // Its centre on screen, in pixels right of and above the window's centre.
        let centre = -offset / scale;
        assert!((centre.x - -120.0).abs() < 0.01, "{centre}");
        assert!((centre.y - -25.0).abs() < 0.01, "{centre}");
        // A board too wide for the room left of the column is fitted to that width.
        let (scale, _) = fit(Vec2::new(1200.0, 300.0), window, insets);
        assert!((1200.0 / scale - (844.0 - 240.0 - 2.0 * MARGIN)).abs() < 0.01);
    }

    #[test]
    fn a_followed_view_stays_on_the_map() {
        let half = Vec2::new(300.0, 200.0);
        let map = Vec2::splat(4096.0);
        assert_eq!(
            clamp_to_map(Vec2::ZERO, half, map),
            Vec2::new(300.0, -200.0)
        );
        assert_eq!(
            clamp_to_map(Vec2::new(map.x, -map.y), half, map),
            Vec2::new(map.x - 300.0, -map.y + 200.0)
        );
        let mid = Vec2::new(2000.0, -2000.0);
        assert_eq!(clamp_to_map(mid, half, map), mid);
        // A map narrower than the view sits in its middle.
        let small = Vec2::new(400.0, 4096.0);
        assert_eq!(clamp_to_map(mid, half, small).x, 200.0);
    }

    #[test]
    fn a_followed_view_meets_the_map_s_edge_at_the_bar_s_edge() {
        let insets = HudInsets {
            top: 40.0,
            bottom: 160.0,
            right: 0.0,
            foot: 0.0,
        };
        let window = Vec2::new(1000.0, 700.0);
        // A map taller than the space between the bars, the target at its bottom: the camera's
        // view ends 160 px below the map's bottom, where the bottom bar begins.
        let map = Vec2::new(2000.0, 2000.0);
        let centre = follow_between_bars(Vec2::new(500.0, -1990.0), window, insets, 1.0, map);
        assert_eq!(centre.y - 350.0, -2000.0 - 160.0);
        // And at the top, the map's top where the top bar ends.
        let centre = follow_between_bars(Vec2::new(500.0, -10.0), window, insets, 1.0, map);
        assert_eq!(centre.y + 350.0, 40.0);
        // A map shorter than the space is centred in it.
        let small = Vec2::new(400.0, 300.0);
        let centre = follow_between_bars(Vec2::new(0.0, 0.0), window, insets, 1.0, small);
        let free_centre_y = centre.y + (160.0 - 40.0) / 2.0;
        assert_eq!(free_centre_y, -150.0);
        // Held sideways, the map's right edge meets the column's left edge.
        let sideways = HudInsets {
            top: 40.0,
            bottom: 0.0,
            right: 200.0,
            foot: 0.0,
        };
        let centre = follow_between_bars(Vec2::new(1990.0, -1000.0), window, sideways, 1.0, map);
        assert_eq!(centre.x + 500.0, 2000.0 + 200.0);
    }

    #[test]
    fn a_board_keeps_its_size_as_the_hud_s_line_wraps_and_unwraps() {
        let (board, window) = (Vec2::splat(512.0), Vec2::new(1280.0, 720.0));
        let bars = |bottom| HudInsets {
            top: 45.0,
            bottom,
            right: 0.0,
            foot: 0.0,
        };
        // The line wraps to two: the bar grows and the board with it shrinks once.
        let two = steady(
            Some((board, window, bars(110.0))),
            board,
            window,
            bars(134.0),
        );
        assert_eq!(two, bars(134.0));
        // Back to one line: the board stays the size it took.
        let settled = Some((board, window, two));
        assert_eq!(steady(settled, board, window, bars(110.0)), bars(134.0));
        // Another board, or a resized window, fits afresh.
        let wide = Vec2::new(700.0, 300.0);
        assert_eq!(steady(settled, wide, window, bars(110.0)), bars(110.0));
        let resized = Vec2::new(1000.0, 700.0);
        assert_eq!(steady(settled, board, resized, bars(110.0)), bars(110.0));
        // Text made larger turns the layout sideways: the old bottom bar's height goes.
        let side = HudInsets {
            top: 50.0,
            bottom: 0.0,
            right: 240.0,
            foot: 0.0,
        };
        assert_eq!(steady(settled, board, window, side), side);
    }

    #[test]
    fn narrow_windows_are_limited_by_width() {
        let (scale, _) = fit(
            Vec2::splat(512.0),
            Vec2::new(420.0, 800.0),
            HudInsets::default(),
        );
        assert!((512.0 / scale - (420.0 - 2.0 * MARGIN)).abs() < 0.01);
    }
}
