import { Client, describeFailure, isSuccess, type Answer, type Call } from './http.js';
import { percentilesOf, type Percentiles } from './stats.js';

/*
 * The write path: the back office's everyday changes, one client at a time, each a round trip
 * through HTTP, the guard, the service and its transaction. Time logs are the most frequent write;
 * a company's update is the simplest. Each round logs hours, changes the log, deletes it and edits
 * the company, so the database ends as it began (but for the events the writes record).
 */

export type WriteResult = { name: string; one?: Percentiles; failure?: string };

const WARM_UP_ROUNDS = 10;

type Step = { name: string; call: (logId: string | undefined, round: number) => Call };

function steps(companyId: string, token: string): Step[] {
  const log = (round: number) => ({ company: companyId, timeStamp: new Date(Date.UTC(2026, 0, 5, 9, round % 60)).toISOString(), invertedHours: 0.25, description: `Bench write ${round}` });
  return [
    { name: 'POST /superadmin/timelogs (log hours)', call: (_, round) => ({ method: 'POST', path: '/api/superadmin/timelogs', token, body: log(round) }) },
    { name: 'PUT /superadmin/timelogs/{id} (change the hours)', call: (id, round) => ({ method: 'PUT', path: `/api/superadmin/timelogs/${id}`, token, body: { invertedHours: 0.5, description: `Bench write ${round}, changed` } }) },
    { name: 'DELETE /superadmin/timelogs/{id}', call: (id) => ({ method: 'DELETE', path: `/api/superadmin/timelogs/${id}`, token }) },
    { name: 'PUT /superadmin/companies/{id} (change the address)', call: (_, round) => ({ method: 'PUT', path: `/api/superadmin/companies/${companyId}`, token, body: { companyAddress: `${round} Bench Street` } }) },
  ];
}

/** `rounds` rounds of the writes at one client, after a warm-up; each write's percentiles. */
export async function measureWrites(port: number, companyId: string, token: string, rounds: number): Promise<WriteResult[]> {
  const client = new Client(port, 1);
  const plan = steps(companyId, token);
  const samples = plan.map(() => [] as number[]);
  const failures: (string | undefined)[] = plan.map(() => undefined);
  try {
    for (let round = 0; round < WARM_UP_ROUNDS + rounds; round += 1) {
      let logId: string | undefined;
      for (const [index, step] of plan.entries()) {
        const call = step.call(logId, round);
        const answer: Answer = await client.send(call, { keepBody: index === 0 });
        if (!isSuccess(answer)) {
          failures[index] ??= describeFailure(call, answer);
          break;
        }
        if (index === 0) logId = (JSON.parse(answer.body!.toString()) as { _id: string })._id;
        if (round >= WARM_UP_ROUNDS) samples[index]!.push(answer.ms);
      }
      if (failures.some(Boolean)) break;
    }
  } finally {
    client.close();
  }
  return plan.map((step, index) => {
    const failure = failures[index];
    return failure ? { name: step.name, failure } : { name: step.name, one: percentilesOf(samples[index]!) };
  });
}
