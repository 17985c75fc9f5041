/** A postal address (spec 3 User field names) as display lines: street and apt, city state zip, country. */
export function formatAddress(address: {
  address?: string | undefined;
  apt?: string | undefined;
  city?: string | undefined;
  state?: string | undefined;
  zip?: string | undefined;
  country?: string | undefined;
}): string[] {
  const street = [address.address, address.apt].filter(Boolean).join(', ');
  const city = [address.city, [address.state, address.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [street, city, address.country ?? ''].filter(Boolean);
}
