import styles from './logo.module.css';

/** spec 1: the logo's alt text describes the product as an optical business. */
export const LOGO_ALT = 'Lenslab Optical Laboratory, makers of custom contact lenses';

/** The full logo's file (public/), also named in the signed-in pages' HTML for preloading. */
export const LOGO_SRC = '/logo.svg';

export function Logo({ variant = 'full', height = 40 }: { variant?: 'full' | 'mark'; height?: number }) {
  const src = variant === 'full' ? LOGO_SRC : '/favicon.svg';
  const width = variant === 'full' ? Math.round((height * 220) / 48) : height;
  return <img className={styles.logo} src={src} alt={LOGO_ALT} width={width} height={height} />;
}
