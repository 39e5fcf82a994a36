// Money as the back office shows it (the spec: 'Currency is shown in pounds'). One formatter for
// every screen and for text the server writes (the coverage opportunities), so a price of £55.50 in Settings
// reads £55.50 wherever it appears. Pounds only: the product has no currency setting (decision 0048).

/** £1,234.50, or £1,234 for whole pounds: the exact figure, never rounded to the pound. */
export function formatPounds(amount: number): string {
  const pence = Math.round(amount * 100);
  return new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: pence % 100 === 0 ? 0 : 2, maximumFractionDigits: 2 }).format(pence / 100);
}
