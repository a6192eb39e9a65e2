import { ActionIcon, Badge, Group, NumberInput, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useState } from 'react';
import { MIN_SCHEDULE_HOURS, SCHEDULE_HOURS_STEP, parseHoursToSchedule, type ScheduleRow } from '../../../../shared/schedule.js';
import classes from './Scheduler.module.css';

type ScheduleRowItemProps = {
  row: ScheduleRow;
  priority: number;
  isFirst: boolean;
  isLast: boolean;
  /** While the list is being sent it cannot change. */
  disabled: boolean;
  onHoursChange: (hours: number) => void;
  onMoveUp: () => void;
  onMoveDown: () => void;
};

/** One company in the scheduler: its place, name, hours to schedule, and buttons to move it. */
export function ScheduleRowItem({ row, priority, isFirst, isLast, disabled, onHoursChange, onMoveUp, onMoveDown }: ScheduleRowItemProps) {
  return (
    <li className={classes.row}>
      <Group gap="sm" wrap="nowrap" className={classes.company}>
        <Badge variant="filled" size="lg" circle>
          {priority}
        </Badge>
        <Text fw={500} truncate="end" title={row.name}>
          {row.name}
        </Text>
      </Group>
      <Group gap={6} wrap="nowrap" className={classes.controls}>
        <HoursToScheduleInput name={row.name} hours={row.hoursToSchedule} onChange={onHoursChange} disabled={disabled} />
        <ActionIcon variant="subtle" size="lg" onClick={onMoveUp} disabled={disabled || isFirst} aria-label={`Move ${row.name} up`}>
          <IconArrowUp size={18} />
        </ActionIcon>
        <ActionIcon variant="subtle" size="lg" onClick={onMoveDown} disabled={disabled || isLast} aria-label={`Move ${row.name} down`}>
          <IconArrowDown size={18} />
        </ActionIcon>
      </Group>
    </li>
  );
}

type HoursToScheduleInputProps = { name: string; hours: number; onChange: (hours: number) => void; disabled: boolean };

/**
 * A decimal with exactly 2 decimals shown, step 0.1, minimum 0. What is typed is
 * kept as typed; the row always holds its parsed value, and whatever is not a number becomes 0.
 */
function HoursToScheduleInput({ name, hours, onChange, disabled }: HoursToScheduleInputProps) {
  const [value, setValue] = useState<number | string>(hours);
  const change = (next: number | string) => {
    setValue(next);
    onChange(parseHoursToSchedule(String(next)));
  };
  return (
    <NumberInput
      aria-label={`Hours to schedule for ${name}`}
      value={value}
      onChange={change}
      onBlur={() => typeof value !== 'number' && change(parseHoursToSchedule(value))}
      min={MIN_SCHEDULE_HOURS}
      step={SCHEDULE_HOURS_STEP}
      decimalScale={2}
      fixedDecimalScale
      allowNegative={false}
      disabled={disabled}
      w={120}
    />
  );
}
