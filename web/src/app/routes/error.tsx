import { PAGE_PATHS } from '../../../../core/page-paths';
import { Link, useParams } from 'react-router-dom';
import { Logo } from '../../components/logo';
import { useSession } from '../../lib/session-context';
import { errorTitle } from '../route-table';
import styles from './error.module.css';

const ERROR_TEXTS: Record<string, string> = {
  'not-found': 'The page you asked for does not exist or has moved.',
  'access-denied': 'Your account does not have access to that page.',
  server: 'The portal could not complete that request. Please try again.',
};

/** /error/* and every unknown path ('Not Found', spec 2). A public page: only its content. */
export default function ErrorRoute({ code }: { code?: string }) {
  const params = useParams();
  const session = useSession();
  const key = code ?? params['*'] ?? '';
  const page = { title: errorTitle(key), text: ERROR_TEXTS[key] ?? 'Something unexpected happened.' };
  const home = session.user ? session.home : PAGE_PATHS.login;
  return (
    <main className={styles.page}>
      <div className={styles.panel}>
        <Logo height={40} />
        <p className={styles.code} aria-hidden="true">
          {key === 'not-found' ? '404' : ''}
        </p>
        <h1 className={styles.title}>{page.title}</h1>
        <p>{page.text}</p>
        <Link className={styles.home} to={home}>
          {session.user ? 'Go to your dashboard' : 'Go to sign in'}
        </Link>
      </div>
    </main>
  );
}
