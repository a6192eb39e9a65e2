import type { WalkEntries } from './world.js';

export const peopleEntries: WalkEntries = {};
