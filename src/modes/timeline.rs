//! Timed animation steps for the boards of every mode: each animated entity carries a
//! [`Timeline`] of steps that start at given times after the move, so slides, bumps, pairs,
//! tongues and hedgehogs play in the order the rules resolved them.

use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Update, advance);
}

/// What a step does to its entity while it runs (`t` goes from 0 to 1).
#[derive(Clone, Debug)]
pub enum StepKind {
    /// Slides from one point to another, easing out.
    Move { from: Vec2, to: Vec2 },
    /// Pops and shrinks away; the entity is despawned at the end.
    Vanish,
    /// Shrinks into `toward` (a hedgehog's mouth); despawned at the end.
    Gulp { toward: Vec2 },
    /// Turns the sprite's colour to `to`.
    Tint { from: Color, to: Color },
    /// Fades in from transparent.
    FadeIn,
    /// A bump of the scale (a hedgehog waking), showing `during` until it ends, then `after`.
    Wake {
        during: Handle<Image>,
        after: Handle<Image>,
    },
    /// A tongue from `base` out to `tip` and back, drawn as a bar; despawned at the end.
    Tongue { base: Vec2, tip: Vec2, width: f32 },
    /// A squash against what stopped the piece: flattened along `along` (a unit vector) and
    /// back.
    Bump { along: Vec2 },
    /// The piece's own shape and the colour `colour`, from the start: first in a timeline that
    /// replaces one cut short (a piece moved again mid-squash or mid-tint), before the steps
    /// that change them again.
    Settle { colour: Color },
}

/// One step.
#[derive(Clone, Debug)]
pub struct Step {
    /// Seconds after the move when the step starts.
    pub start: f32,
    /// Seconds it lasts.
    pub duration: f32,
    /// What it does.
    pub kind: StepKind,
}

/// An entity's steps and the time since the move.
#[derive(Component, Clone, Debug, Default)]
pub struct Timeline {
    /// Seconds since the move.
    pub clock: f32,
    /// The steps, in the order they start.
    pub steps: Vec<Step>,
}

impl Timeline {
    /// When the last step ends.
    pub fn end(&self) -> f32 {
        self.steps
            .iter()
            .map(|s| s.start + s.duration)
            .fold(0.0, f32::max)
    }

    /// Whether the entity goes away at the end.
    pub fn leaves(&self) -> bool {
        self.steps.iter().any(|s| {
            matches!(
                s.kind,
                StepKind::Vanish | StepKind::Gulp { .. } | StepKind::Tongue { .. }
            )
        })
    }
}

fn ease_out(t: f32) -> f32 {
    1.0 - (1.0 - t).powi(3)
}

fn advance(
    time: Res<Time>,
    mut animated: Query<(Entity, &mut Timeline, &mut Transform, &mut Sprite)>,
    mut commands: Commands,
) {
    let dt = time.delta_secs();
    for (entity, mut timeline, mut transform, mut sprite) in &mut animated {
        timeline.clock += dt;
        let clock = timeline.clock;
        let z = transform.translation.z;
        for step in &timeline.steps {
            if clock < step.start {
                continue;
            }
            let t = ((clock - step.start) / step.duration.max(1e-3)).min(1.0);
            match &step.kind {
                StepKind::Move { from, to } => {
                    transform.translation = from.lerp(*to, ease_out(t)).extend(z);
                }
                StepKind::Vanish => {
                    let s = 1.0 + 0.3 * (t * std::f32::consts::PI).sin() - t;
                    transform.scale = Vec3::splat(s.max(0.0));
                }
                StepKind::Gulp { toward } => {
                    let here = transform.translation.truncate();
                    transform.translation = here.lerp(*toward, t * 0.5).extend(z);
                    transform.scale = Vec3::splat(1.0 - t);
                }
                StepKind::Tint { from, to } => {
                    sprite.color = from.mix(to, t);
                }
                StepKind::Settle { colour } => {
                    transform.scale = Vec3::ONE;
                    sprite.color = *colour;
                }
                StepKind::FadeIn => {
                    sprite.color.set_alpha(t);
                }
                StepKind::Wake { during, after } => {
                    let bump = 1.0 + 0.22 * (t * std::f32::consts::PI).sin();
                    transform.scale = Vec3::splat(bump);
                    sprite.image = if t < 1.0 {
                        during.clone()
                    } else {
                        after.clone()
                    };
                }
                StepKind::Bump { along } => {
                    let squash = 0.22 * (t * std::f32::consts::PI).sin();
                    let flat = Vec2::ONE - along.abs() * squash + along.yx().abs() * squash / 2.0;
                    transform.scale = flat.extend(1.0);
                }
                StepKind::Tongue { base, tip, width } => {
                    // Out in the first half, back in the second.
                    let reach = if t < 0.5 { t * 2.0 } else { 2.0 - t * 2.0 };
                    let end = base.lerp(*tip, reach);
                    let length = (end - *base).length();
                    transform.translation = ((*base + end) / 2.0).extend(z);
                    let dir = (*tip - *base).normalize_or_zero();
                    transform.rotation = Quat::from_rotation_z(dir.y.atan2(dir.x));
                    sprite.custom_size = Some(Vec2::new(length.max(0.01), *width));
                }
            }
        }
        if clock >= timeline.end() {
            if timeline.leaves() {
                commands.entity(entity).despawn();
            } else {
                commands.entity(entity).remove::<Timeline>();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A timeline that replaces one cut short mid-squash and mid-tint puts the piece back to
    /// its own shape and colour on its first frame.
    #[test]
    fn a_settle_step_ends_a_squash_and_a_tint_cut_short() {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins).add_plugins(plugin);
        let (red, green) = (Color::srgb(1.0, 0.0, 0.0), Color::srgb(0.0, 1.0, 0.0));
        let piece = app
            .world_mut()
            .spawn((
                Transform::from_scale(Vec3::new(0.8, 1.1, 1.0)),
                Sprite::from_color(red.mix(&green, 0.5), Vec2::ONE),
                Timeline {
                    clock: 0.0,
                    steps: vec![
                        Step {
                            start: 0.0,
                            duration: 0.0,
                            kind: StepKind::Settle { colour: red },
                        },
                        Step {
                            start: 0.0,
                            duration: 1.0,
                            kind: StepKind::Move {
                                from: Vec2::ZERO,
                                to: Vec2::X,
                            },
                        },
                    ],
                },
            ))
            .id();
        app.update();
        app.update();
        let (transform, sprite) = app
            .world_mut()
            .query::<(&Transform, &Sprite)>()
            .get(app.world(), piece)
            .unwrap();
        assert_eq!(transform.scale, Vec3::ONE);
        assert_eq!(sprite.color, red);
    }
}
