import type { MantineColor } from '@mantine/core';
import type { DayRating, WeekRating } from '../../../../shared/weekly.js';

/**
 * Colours of the rating chips: a pale background with dark text (at least 4.5:1), and the
 * matching Mantine colour for progress bars and accents. Greens for full weeks and days, fading
 * through blue and amber to grey for light ones.
 */
export type RatingTone = { background: string; text: string; accent: MantineColor };

const GREEN: RatingTone = { background: '#e6f4ea', text: '#1b5e20', accent: 'green' };
const TEAL: RatingTone = { background: '#e0f2f1', text: '#00574b', accent: 'teal' };
const BLUE: RatingTone = { background: '#e3f2fd', text: '#0d47a1', accent: 'brand' };
const AMBER: RatingTone = { background: '#fff3e0', text: '#8a3c00', accent: 'orange' };
const GREY: RatingTone = { background: '#f1f3f5', text: '#495057', accent: 'gray' };
const PALE: RatingTone = { background: '#f8f9fa', text: '#5f666d', accent: 'gray' };

export const weekRatingTones: Record<WeekRating, RatingTone> = {
  Excellent: GREEN,
  Great: TEAL,
  Good: BLUE,
  Moderate: AMBER,
  Light: GREY,
};

export const dayRatingTones: Record<DayRating, RatingTone> = {
  'Full Day': GREEN,
  Good: BLUE,
  'Half Day': AMBER,
  Light: GREY,
  'No Work': PALE,
};
