import type { Provider } from '../../config.js';
import { renderEmail, type RenderedEmail } from '../../mail/templates.js';

export function taskDoneEmail(provider: Provider, task: { title: string; description: string; companyName: string }, appUrl: string): RenderedEmail {
  return renderEmail(provider, `Task done: ${task.title}`, [
    `Hello ${task.companyName} team,`,
    `We have completed the task "${task.title}".`,
    task.description ? `Details:\n${task.description}` : '',
    'The hours spent on it show in your activities.',
    { link: `${appUrl}/activities`, label: 'See your activities' },
  ].filter((block) => block !== ''));
}
