import { Badge, Group, Text } from '@mantine/core';
import { ACTIVITY_TYPE_LABELS, isPendingPurchase, type ActivityDto } from '../../../../../shared/activities.js';
import { dateText } from '../../../../../shared/dates.js';
import { formatHours } from '../../../../../shared/format.js';
import type { Column } from '../../../../components/records/index.js';

const tabularNumbers = { fontVariantNumeric: 'tabular-nums' } as const;

/** A company's hour ledger as its page lists it: newest first, with the balance after each entry. */
export const activityColumns: Column<ActivityDto>[] = [
  { key: 'timeStamp', header: 'Date', render: (activity) => <span style={{ whiteSpace: 'nowrap' }}>{dateText(activity.timeStamp)}</span> },
  {
    key: 'description',
    header: 'Description',
    render: (activity) => (
      <Group gap="xs" wrap="wrap">
        <Text size="sm">{activity.description}</Text>
        {isPendingPurchase(activity) && (
          <Badge color="orange.9" variant="light" size="sm">
            Pending
          </Badge>
        )}
      </Group>
    ),
  },
  { key: 'activityType', header: 'Type', render: (activity) => ACTIVITY_TYPE_LABELS[activity.activityType] },
  { key: 'hours', header: 'Hours', align: 'right', render: (activity) => <span style={tabularNumbers}>{formatHours(activity.hours)}</span> },
  { key: 'runningHourBalance', header: 'Balance', align: 'right', render: (activity) => <span style={tabularNumbers}>{formatHours(activity.runningHourBalance)}</span> },
];
