import { useState } from 'react';
import type { WeekSummary } from '../../../../shared/weekly.js';

/**
 * Which weeks show their Daily Breakdown. Until the user chooses, the newest week is open;
 * after that, each week keeps its own state and 'Expand All'/'Collapse All' sets them all.
 */
export function useExpandedWeeks(weeks: readonly Pick<WeekSummary, 'weekStart'>[]) {
  const [chosen, setChosen] = useState<ReadonlySet<string> | null>(null);
  const expanded = chosen ?? new Set(weeks.slice(0, 1).map((week) => week.weekStart));
  const allExpanded = weeks.length > 0 && weeks.every((week) => expanded.has(week.weekStart));

  const toggle = (weekStart: string) => {
    const next = new Set(expanded);
    if (next.has(weekStart)) next.delete(weekStart);
    else next.add(weekStart);
    setChosen(next);
  };
  const toggleAll = () => setChosen(allExpanded ? new Set() : new Set(weeks.map((week) => week.weekStart)));

  return { isExpanded: (weekStart: string) => expanded.has(weekStart), allExpanded, toggle, toggleAll };
}
