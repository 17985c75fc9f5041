import { encode } from 'uqr';
import styles from './totp-steps.module.css';

/**
 * The otpauth URI as a QR code for authenticator apps to scan, drawn as one SVG path of dark modules (no
 * markup string, so nothing of the URI reaches the DOM as HTML). uqr is small (about 4 KB gzip) and only
 * this lazily loaded module imports it, so the sign-in page does not grow.
 */
export default function TotpQrCode({ uri }: { uri: string }) {
  const { size, data } = encode(uri, { ecc: 'M', border: 2 });
  let path = '';
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return (
    <svg
      className={styles.qr}
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label="QR code to scan with your authenticator app"
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
