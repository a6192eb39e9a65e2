import type { WalkEntries } from './world.js';

export const billingEntries: WalkEntries = {};
