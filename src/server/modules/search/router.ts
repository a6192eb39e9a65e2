import { MAX_SEARCH_HITS_PER_PAGE, MAX_SEARCH_QUERY_LENGTH, SEARCH_HITS_PER_KIND, searchInput, searchOutput } from '../../../shared/search.js';
import { router, superAdminProcedure } from '../../trpc.js';
import * as finder from './service.js';

const tags = ['Search (super-admin)'];

export const superAdminSearchRouter = router({
  find: superAdminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/superadmin/search',
        tags,
        summary: 'Find companies by name, users by name or email, invoices by number and open tasks by title, a few of each kind',
        description:
          `Super-admins only. q (1 to ${MAX_SEARCH_QUERY_LENGTH} characters) is matched anywhere in the text, ignoring case. Without kind, the answer has one group per kind (companies by name, users newest first, invoices by number, newest first, open tasks by priority), each with its first per_page hits (default ${SEARCH_HITS_PER_KIND}, at most ${MAX_SEARCH_HITS_PER_PAGE}) and its total; with kind, that kind alone, a page at a time (page, per_page).`,
      },
    })
    .input(searchInput)
    .output(searchOutput)
    .query(({ ctx, input }) => finder.search(ctx.deps, input)),
});
