// One format per currency and kind of amount, made once: building an Intl.NumberFormat is far dearer than using one,
// and a page of cards formats two prices a card.
const formats = new Map<string, Intl.NumberFormat>();

/** "$35", "$35.50", "€12": a price in its currency, whole amounts without cents (deals, services, search). */
export function formatMoney(price: { amount_cents: number; currency: string }): string {
  const whole = price.amount_cents % 100 === 0;
  const key = `${price.currency} ${whole}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency: price.currency, minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 });
    formats.set(key, format);
  }
  return format.format(price.amount_cents / 100);
}
