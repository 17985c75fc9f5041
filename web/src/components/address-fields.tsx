import type { ChangeEvent } from 'react';
import { TextField } from './ui/text-field';
import styles from './address-fields.module.css';

export interface BoundField {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  error: string | undefined;
}

/**
 * A postal address with the spec 3 User field names (address, apt, city, state, zip, country), as the
 * account request, practice and profile forms enter it. `prefix` is the address's path in the form
 * ('shippingAddress'), empty when the fields sit at the top level (the profile). `section` keeps the
 * browser's autofill of two addresses on one form apart.
 */
export function AddressFields({
  field,
  prefix = '',
  required = true,
  section,
}: {
  field: (path: string) => BoundField;
  prefix?: string;
  /** The street, city, state and ZIP code are required (apt and country never are). */
  required?: boolean;
  section?: string;
}) {
  const path = (name: string) => (prefix ? `${prefix}.${name}` : name);
  const auto = (token: string) => (section ? `section-${section} ${token}` : token);
  const optional = (label: string) => (required ? label : `${label} (optional)`);
  return (
    <div className={styles.address}>
      <TextField
        label={optional('Address')}
        autoComplete={auto('address-line1')}
        required={required}
        {...field(path('address'))}
      />
      <TextField label="Apt / suite (optional)" autoComplete={auto('address-line2')} {...field(path('apt'))} />
      <div className={styles.cityRow}>
        <TextField
          label={optional('City')}
          autoComplete={auto('address-level2')}
          required={required}
          {...field(path('city'))}
        />
        <TextField
          label={optional('State')}
          autoComplete={auto('address-level1')}
          required={required}
          {...field(path('state'))}
        />
        <TextField
          label={optional('ZIP code')}
          autoComplete={auto('postal-code')}
          inputMode="text"
          required={required}
          {...field(path('zip'))}
        />
      </div>
      <TextField label="Country (optional)" autoComplete={auto('country-name')} {...field(path('country'))} />
    </div>
  );
}
