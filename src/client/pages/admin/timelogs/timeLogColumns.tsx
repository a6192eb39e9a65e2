import { Badge, Stack, Text } from '@mantine/core';
import type { TimeLogDto } from '../../../../shared/timelogs.js';
import type { Column } from '../../../components/records/index.js';
import { CompanyLink } from '../../../components/CompanyLink.js';
import { logDateTimeText, logHoursText } from './timeLogText.js';

/** The Time Logs list's columns; a company's page shows them without Company. */
export const timeLogColumns: Column<TimeLogDto>[] = [
  { key: 'companyName', header: 'Company', sortable: true, render: (log) => <CompanyLink companyId={log.company}>{log.companyName}</CompanyLink> },
  { key: 'timeStamp', header: 'DateTime', sortable: true, render: (log) => <span style={{ whiteSpace: 'nowrap' }}>{logDateTimeText(log.timeStamp)}</span> },
  { key: 'invertedHours', header: 'Hours', sortable: true, align: 'right', render: (log) => logHoursText(log.invertedHours) },
  { key: 'description', header: 'Description', sortable: true, render: (log) => <LogDescription log={log} /> },
];

/** The description, with the linked task (if any) as a small tag under it. */
function LogDescription({ log }: { log: TimeLogDto }) {
  return (
    <Stack gap={4} align="flex-start">
      <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
        {log.description}
      </Text>
      {log.taskTitle && (
        <Badge variant="outline" color="gray.7" size="sm" radius="sm" tt="none" title="Linked task">
          Task: {log.taskTitle}
        </Badge>
      )}
    </Stack>
  );
}
