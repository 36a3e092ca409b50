/**
 * A map link for a written address: a Google Maps search for it (the documented `api=1` search URL,
 * which opens the place on any device). Empty for an empty address. Used where the contract keeps
 * Map Link required (docs/product.md §13.4), so nobody has to find and copy a map address by hand.
 */
export function mapLinkFor(address: string): string {
  const text = address.trim().replace(/\s+/g, ' ');
  return text ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(text)}` : '';
}
