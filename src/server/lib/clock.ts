/** Where the server reads the time, so tests and the demo seed can set it. */
export type Clock = { now: () => Date };
export const systemClock: Clock = { now: () => new Date() };
