import { z } from 'zod';

export const userOutput = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  emailAddress: z.string(),
  company: z.string().nullable(),
  companyName: z.string().nullable(),
  role: z.string(),
  approved: z.boolean(),
  hasPassword: z.boolean(),
  createdAt: z.string(),
});
export type UserDto = z.infer<typeof userOutput>;
