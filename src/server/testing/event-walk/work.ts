import type { WalkEntries } from './world.js';

export const workEntries: WalkEntries = {};
