/** An amount as an operator reads it: grouped digits that line up, and its currency after it. */
import { formatMinor, microToUsdt } from '../../../providers/money';
import { useCurrency } from './currency';

type Amount = bigint | number | string | null | undefined;

/** `minor`: cents of the platform's currency; `usdt`: micro units of USDT. */
export function Money({ minor, usdt }: { minor?: Amount; usdt?: Amount }) {
  const isUsdt = usdt !== undefined;
  const value = isUsdt ? usdt : minor;
  if (value === null || value === undefined || value === '') return <span>-</span>;
  return (
    <span className="money">
      {isUsdt ? microToUsdt(value) : formatMinor(value)}
      <CurrencyCode usdt={isUsdt} />
    </span>
  );
}

/** The currency code alone: after an amount, or as the suffix of a figure or an input. */
export function CurrencyCode({ usdt }: { usdt?: boolean }) {
  const currency = useCurrency();
  const code = usdt ? 'USDT' : currency;
  // A no-break space keeps the code on the figure's line and apart from it when copied or read aloud.
  return code ? <span className="money-currency">{`\u00a0${code}`}</span> : null;
}
