import { Badge, Text } from '@mantine/core';
import { descriptionPreview, type TaskDto } from '../../../../shared/tasks.js';
import type { Column } from '../../../components/records/index.js';
import { CompanyLink } from '../../../components/CompanyLink.js';

/** The Open Tasks list's columns; a company's page shows them without Company. */
export const taskColumns: Column<TaskDto>[] = [
  { key: 'companyName', header: 'Company', sortable: true, render: (task) => <CompanyLink companyId={task.company}>{task.companyName}</CompanyLink> },
  { key: 'title', header: 'Title', sortable: true, render: (task) => <Text fw={500} size="sm">{task.title}</Text> },
  {
    key: 'description',
    header: 'Description',
    sortable: true,
    render: (task) => (
      <Text size="sm" title={task.description.length > 50 ? task.description : undefined}>
        {descriptionPreview(task.description)}
      </Text>
    ),
  },
  {
    key: 'priority',
    header: 'Priority',
    sortable: true,
    align: 'right',
    render: (task) => (
      <Badge variant="light" radius="sm">
        {task.priority}
      </Badge>
    ),
  },
];
