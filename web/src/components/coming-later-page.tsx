import type { ReactNode } from 'react';
import { EmptyState } from './empty-state';
import { PageHeader } from './page-header';

/** A page whose content a later release fills: its title and a clear empty state. */
export function ComingLaterPage({
  title,
  description,
  emptyTitle,
  children,
}: {
  title: string;
  description: string;
  emptyTitle: string;
  children: ReactNode;
}) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <EmptyState title={emptyTitle}>{children}</EmptyState>
    </>
  );
}
