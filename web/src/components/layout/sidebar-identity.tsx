import type { ReactNode } from 'react';
import styles from './sidebar-identity.module.css';

/** The signed-in user's name and role label at the top of the open sidebar (spec 2). */
export function SidebarIdentity({
  name,
  roleLabel,
  children,
}: {
  name: string;
  roleLabel: string;
  children?: ReactNode;
}) {
  return (
    <div>
      <p className={styles.name}>{name}</p>
      <p className={styles.role}>{roleLabel}</p>
      {children}
    </div>
  );
}
