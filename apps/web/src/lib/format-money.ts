/** "$35", "$35.50", "€12": a price in its currency, whole amounts without cents (deals, services, search). */
export function formatMoney(price: { amount_cents: number; currency: string }): string {
  const whole = price.amount_cents % 100 === 0;
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: price.currency, minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 }).format(price.amount_cents / 100);
}
