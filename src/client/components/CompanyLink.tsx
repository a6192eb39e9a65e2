import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'wouter';

/** Darker than the filled blue in light mode, so the link keeps 4.5:1 on a striped row's grey. */
const LINK_COLOUR = 'light-dark(var(--mantine-color-brand-7), var(--mantine-color-brand-3))';

/** A company's page in the back office. */
export const companyPagePath = (companyId: string) => `/companies/${encodeURIComponent(companyId)}`;

type BackOfficeLinkProps = { href: string; children: ReactNode; fw?: number; 'aria-label'?: string };

/** A link inside a back-office list or card: the app's route, in the list's text size and a colour that reads on any row. */
export function BackOfficeLink({ href, children, fw, 'aria-label': label }: BackOfficeLinkProps) {
  return (
    <Anchor component={Link} href={href} size="sm" fw={fw} underline="hover" c={LINK_COLOUR} aria-label={label}>
      {children}
    </Anchor>
  );
}

type CompanyLinkProps = { companyId: string | null | undefined; children: ReactNode; fw?: number };

/** A company's name wherever a back-office list shows it: a link to its page (plain text without a company). */
export function CompanyLink({ companyId, children, fw }: CompanyLinkProps) {
  if (!companyId) return <>{children}</>;
  return (
    <BackOfficeLink href={companyPagePath(companyId)} fw={fw}>
      {children}
    </BackOfficeLink>
  );
}
